"""``python -m turnbuckle`` is the ``turnbuckle`` command."""

if __name__ == "__main__":
    from turnbuckle.cli.main import main

    main()
