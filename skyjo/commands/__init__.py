"""Subcommands of the `skyjo` command line. Each module has `add_parser(subparsers)`,
which registers the command and sets `run(args) -> exit status` as its handler."""
