"""The headless commands' names, known to the launcher without loading the command line (the
app's start-up stays as light as it can be; cli.py builds the commands themselves)."""

HEADLESS = ("games", "referee", "simulate", "tournament")
