"""The package's version, in a module of its own: the package and the modules it loads at import
(the compiled engine's finder) read it without importing the package back."""

__version__ = "0.1.0"
