"""`python -m ttr`: the same as the `ttr` command."""

from ttr.cli.main import main

raise SystemExit(main())
