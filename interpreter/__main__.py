"""``python -m spielwerk`` and the ``spielwerk`` command."""

from __future__ import annotations

import os
import sys


def run() -> None:
    """Run the command line and exit with its status: 130 when interrupted (even while starting),
    1 when the output cannot be written (a full disk), without a traceback."""
    try:
        from .cli import main
        status = main()
        sys.stdout.flush()
    except KeyboardInterrupt:
        print(file=sys.stderr)
        status = 130
    except BrokenPipeError:  # `spielwerk moves GAME | head`: the reader has all it wanted
        status = 0
    except OSError as exc:
        print(f"spielwerk: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        status = 1
    else:
        sys.exit(status)
    # the output stream is broken: point it at nothing, so closing it at exit cannot fail again
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(status)


if __name__ == "__main__":
    run()
