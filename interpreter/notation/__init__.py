"""Notation: move templates, position texts and game records, all driven by the game file."""
