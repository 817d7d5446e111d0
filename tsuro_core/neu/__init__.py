"""The Northeastern CS4500 Fall 2019 course variant (``neu``): its own rules,
formats, command-line harness, game and API operations (docs/neu.md)."""
