"""``python -m turnbuckle`` is the ``turnbuckle`` command."""

from turnbuckle.cli.main import main

if __name__ == "__main__":
    main()
