"""The kernel's writer: lines of one mode, typed Cython or plain Python, from one template."""

from __future__ import annotations

__all__ = ["Writer"]


class Writer:
    """Lines of the kernel for one mode: a line given as (typed, plain) is written in its mode's
    form; None leaves it out of that mode."""

    def __init__(self, typed: bool) -> None:
        self.typed = typed
        self.lines: list[str] = []
        #: levels added to every line's indent: a part's lines written inside an ``if`` of the caller
        self.shift = 0

    def __call__(self, line: str, indent: int = 0) -> None:
        self.lines.append("    " * (indent + self.shift) + line)

    def both(self, typed: str | None, plain: str | None, indent: int = 0) -> None:
        line = typed if self.typed else plain
        if line is not None:
            self(line, indent)

    def table(self, name: str, values: list[int]) -> None:
        """A constant table: a C array filled at import from a text of its numbers (typed: a text
        costs the C compiler nothing, a tuple of thousands of numbers costs it minutes), a list
        (plain)."""
        if self.typed:
            self(f"cdef int {name}[{max(1, len(values))}]")
            self(f"_fill({name}, '{','.join(str(int(v)) for v in values) or '0'}')")
        else:
            self(f"{name} = [{', '.join(str(int(v)) for v in values) or '0'}]")

    def table64(self, name: str, values: list[int]) -> None:
        """A constant table of unsigned 64-bit ints (hash keys)."""
        if self.typed:
            self(f"cdef unsigned long long {name}[{max(1, len(values))}]")
            self(f"_fill64({name}, '{','.join(str(int(v)) for v in values) or '0'}')")
        else:
            self(f"{name} = [{', '.join(str(int(v)) for v in values) or '0'}]")

    def rows(self, name: str, starts: list[int], flat: list[int]) -> None:
        """Plain Python only: a flattened table (row ``j`` is ``flat[starts[j]:starts[j + 1]]``)
        as a list of lists, which a loop reads by ``for x in name[j]``."""
        rows = (flat[starts[j]:starts[j + 1]] for j in range(len(starts) - 1))
        self(f"{name} = [{', '.join('[' + ', '.join(map(str, row)) + ']' for row in rows)}]")

    def pooled(self, pool: str, size: int, key: str, var: str = "buf") -> None:
        """Plain Python, in a function that calls itself with ``key`` one less each time (perft, the
        search): ``var`` is the list of ``size`` ints kept in ``pool`` for that ``key``, made the
        first time (a list a call, not a new one). ``pool`` is written at the module's level
        before the function."""
        self(f"if {key} >= len({pool}):", 1)
        self(f"{pool}.extend([[0] * {size} for _ in range({key} + 1 - len({pool}))])", 2)
        self(f"{var} = {pool}[{key}]", 1)

    def array(self, name: str, size: int) -> None:
        """A changing array of ints, zero at first."""
        if self.typed:
            self(f"cdef int {name}[{max(1, size)}]")
        else:
            self(f"{name} = [0] * {max(1, size)}")

    def zero(self, names: list[str], size: int, var: str = "i", indent: int = 1) -> None:
        """The first ``size`` ints of each array of ``names`` set to 0: one loop (typed), one slice
        assignment each (plain Python; ``var`` is the typed loop's local)."""
        if self.typed:
            self(f"for {var} in range({size}):", indent)
            for name in names:
                self(f"{name}[{var}] = 0", indent + 1)
        else:
            for name in names:
                self(f"{name}[0:{size}] = [0] * {size}", indent)

    def func(self, name: str, args: list[tuple[str, str]], ret: str, inline: bool = True) -> None:
        """A function's first line: a C function (typed; ``ret`` its C type), a def (plain)."""
        if self.typed:
            params = ", ".join(f"{ctype} {arg}" for ctype, arg in args)
            head = "cdef inline" if inline else "cdef"
            self(f"{head} {ret} {name}({params}) noexcept:")
        else:
            self(f"def {name}({', '.join(arg for _, arg in args)}):")

    def head(self, what: str, template: int, wide: bool = False) -> None:
        """A kernel's first lines: what it is, and in the typed mode the directives and the
        functions that fill its tables (``wide``: tables of 64-bit ints too)."""
        self(f"# {what} (spielwerk kernel template {template}); written by spielwerk.kernel")
        self("# every number below comes from the game's compiled tables")
        if not self.typed:  # what its draws read: running sums, searched by bisection
            self("from bisect import bisect_right")
            self("from itertools import accumulate")
            return
        self("# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False")
        for name, ctype in (("_fill", "int"), ("_fill64", "unsigned long long"))[:2 if wide else 1]:
            self(f"cdef void {name}({ctype}* a, str text):")
            self("cdef Py_ssize_t i", 1)
            self("cdef list values = text.split(',')", 1)
            self("for i in range(len(values)):", 1)
            self("a[i] = int(values[i])", 2)

    def rnd(self) -> None:
        """``rnd(k)``: a number below ``k`` from the kernel's generator ``rs`` (xorshift64*), the
        same in both modes."""
        self.func("rnd", [("int", "k")], "int")
        self("global rs", 1)
        self.local("unsigned long long x")
        self("x = rs", 1)
        self("x ^= x >> 12", 1)
        self.both("x ^= x << 25", "x = (x ^ (x << 25)) & 0xFFFFFFFFFFFFFFFF", 1)
        self("x ^= x >> 27", 1)
        self("rs = x", 1)
        self.both("return <int>(((x * 2685821657736338717ULL) >> 33) % <unsigned long long>k)",
                  "return (((x * 2685821657736338717) & 0xFFFFFFFFFFFFFFFF) >> 33) % k", 1)
        self("")

    def flood_start(self, n: int, var: str = "i") -> None:
        """A fresh flood number in ``mark`` (``MARK[0]``, ``VIS`` per square). Marks go by two, so
        a flood may use its mark + 1 too; they restart before they could wrap (``var`` is a free
        local int)."""
        self("MARK[0] += 2", 1)
        self("if MARK[0] >= 1073741824:", 1)
        self(f"for {var} in range({n}):", 2)
        self(f"VIS[{var}] = 0", 3)
        self("MARK[0] = 2", 2)
        self("mark = MARK[0]", 1)

    def flood(self, starts: str, table: str, admits: str, indent: int, visit: str | None = None) -> None:
        """Flood from the squares on the stack ``STK`` (``top`` of them, marked with ``mark``): each
        square taken off it (``t``; ``visit`` written for it), its neighbours (``table`` from
        ``starts[t]`` to ``starts[t + 1]``) that ``admits`` (reading ``u`` and its cell ``c``) marked
        and put on it."""
        self("while top:", indent)
        self("top -= 1", indent + 1)
        self("t = STK[top]", indent + 1)
        if visit is not None:
            self(visit, indent + 1)
        self(f"for e in range({starts}[t], {starts}[t + 1]):", indent + 1)
        self(f"u = {table}[e]", indent + 2)
        self("c = b[u]", indent + 2)
        self(f"if {admits}:", indent + 2)
        self("VIS[u] = mark", indent + 3)
        self("STK[top] = u", indent + 3)
        self("top += 1", indent + 3)

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
