"""The kernel's writer: lines of one mode, typed Cython or plain Python, from one template."""

from __future__ import annotations

__all__ = ["Writer"]


class Writer:
    """Lines of the kernel for one mode: a line given as (typed, plain) is written in its mode's
    form; None leaves it out of that mode."""

    def __init__(self, typed: bool) -> None:
        self.typed = typed
        self.lines: list[str] = []

    def __call__(self, line: str, indent: int = 0) -> None:
        self.lines.append("    " * indent + line)

    def both(self, typed: str | None, plain: str | None, indent: int = 0) -> None:
        line = typed if self.typed else plain
        if line is not None:
            self(line, indent)

    def table(self, name: str, values: list[int]) -> None:
        """A constant table: a C array filled at import (typed), a list (plain)."""
        text = ", ".join(str(int(v)) for v in values) or "0"
        if self.typed:
            self(f"cdef int {name}[{max(1, len(values))}]")
            self(f"_fill({name}, ({text},))")
        else:
            self(f"{name} = [{text}]")

    def table64(self, name: str, values: list[int]) -> None:
        """A constant table of unsigned 64-bit ints (hash keys)."""
        text = ", ".join(str(int(v)) for v in values) or "0"
        if self.typed:
            self(f"cdef unsigned long long {name}[{max(1, len(values))}]")
            self(f"_fill64({name}, ({text},))")
        else:
            self(f"{name} = [{text}]")

    def array(self, name: str, size: int) -> None:
        """A changing array of ints, zero at first."""
        if self.typed:
            self(f"cdef int {name}[{max(1, size)}]")
        else:
            self(f"{name} = [0] * {max(1, size)}")

    def func(self, name: str, args: list[tuple[str, str]], ret: str, inline: bool = True) -> None:
        """A function's first line: a C function (typed; ``ret`` its C type), a def (plain)."""
        if self.typed:
            params = ", ".join(f"{ctype} {arg}" for ctype, arg in args)
            head = "cdef inline" if inline else "cdef"
            self(f"{head} {ret} {name}({params}) noexcept:")
        else:
            self(f"def {name}({', '.join(arg for _, arg in args)}):")

    def big(self, value: int) -> str:
        """An integer constant that may not fit a C int (a move's number)."""
        return f"{value}LL" if self.typed and not -2 ** 31 < value < 2 ** 31 else str(value)

    def local(self, decl: str, indent: int = 1) -> None:
        """A typed local (``cdef int i, j``; each array on a line of its own); nothing in plain
        Python."""
        if self.typed:
            if "," not in decl:
                self(f"cdef {decl}", indent)
                return
            ctype, names = decl.split(" ", 1) if not decl.startswith("long long") else ("long long", decl[10:])
            parts = [x.strip() for x in names.split(",")]
            plain = [x for x in parts if "[" not in x]
            if plain:
                self(f"cdef {ctype} {', '.join(plain)}", indent)
            for x in parts:
                if "[" in x:
                    self(f"cdef {ctype} {x}", indent)
