"""``python -m turnbuckle`` is the ``turnbuckle`` command."""

from turnbuckle.cli.main import main

main()
