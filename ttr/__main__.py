"""`python -m ttr`: the same as the `ttr` command."""

from ttr.cli import main

raise SystemExit(main())
