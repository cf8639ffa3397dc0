"""The `ttr` command and its headless subcommands (simulate, bench)."""
