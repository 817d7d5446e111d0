"""Computer players, weakest to strongest."""
