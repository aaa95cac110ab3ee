"""Balance reports from many matches (``turnbuckle analyze``): figures, plots and files."""
