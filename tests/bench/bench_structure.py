"""Figures of the package's shape: modules per folder, the largest import cycle, imports inside functions.

Run from the repository root: `python tests/bench/bench_structure.py`. It reads the source only
(nothing is imported or timed), so the figures are the same on every machine. An import counts
whether it sits at the top of a module or inside a function; one under `if TYPE_CHECKING:` runs
nothing and does not count. An inner import "says why" when its line carries a comment.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "expedition"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Each import that runs, and whether it sits inside a function."""

    def walk(node: ast.AST, inner: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                yield from walk(ast.Module(body=child.orelse, type_ignores=[]), inner)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child, inner
            yield from walk(child, inner or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    yield from walk(tree, False)


def _targets(
    module: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: set[str]
) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names if alias.name in known)
        return
    base = module if is_package else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        base = base.rpartition(".")[0]
    source = node.module or ""
    if node.level:
        source = f"{base}.{source}".strip(".")
    for alias in node.names:
        if f"{source}.{alias.name}" in known:
            yield f"{source}.{alias.name}"
        elif source in known:
            yield source


def _largest_cycle(graph: dict[str, set[str]]) -> int:
    """The size of the largest strongly connected group (Tarjan, iterative, in name order)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    largest = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                size = 0
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    size += 1
                    if member == node:
                        break
                largest = max(largest, size if size > 1 else 0)
    return largest


def main() -> int:
    """Print the figures."""
    files = sorted(PACKAGE.rglob("*.py"))
    modules = {_module_name(path): path for path in files}
    known = set(modules)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    inner = commented = 0
    for name, path in modules.items():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node, is_inner in _imports(ast.parse(text)):
            graph[name].update(
                target for target in _targets(name, path.name == "__init__.py", node, known) if target != name
            )
            if is_inner:
                inner += 1
                commented += "#" in lines[node.lineno - 1]
    folders = Counter(str(path.parent.relative_to(ROOT)) for path in files if path.name != "__init__.py")
    print(f"modules: {len(files)} in {len(folders)} folders")
    for folder, count in folders.most_common(5):
        print(f"  {count:4}  {folder}/")
    print(f"largest import cycle (imports inside functions included): {_largest_cycle(graph)} modules")
    print(f"imports inside functions: {inner} ({commented} say why on their line)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
