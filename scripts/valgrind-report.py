#!/usr/bin/env python3
"""Summarises valgrind memcheck XML (after suppressions): invalid accesses, use-after-free and
definitely-lost leaks, noting which pass through our code. Exit 1 if any error is left."""
import sys
import xml.etree.ElementTree as ET

OURS = ("GtkPlaceholder", "PlaceholderGObjectGlue", "PlaceholderGtk3Glue", "ComposeWindow", "ComposeWindowCore")


def frames(error):
    stack = error.find("stack")
    return [] if stack is None else [
        (f.findtext("fn") or "?", (f.findtext("obj") or "").rsplit("/", 1)[-1]) for f in stack
    ]


def ours(stack):
    return any(any(name in fn for name in OURS) and "Tests" not in fn for fn, _ in stack)


def main(paths):
    total = 0
    for path in paths:
        root = ET.parse(path).getroot()
        errors = list(root.iter("error"))
        kinds = {}
        for error in errors:
            kind = error.findtext("kind")
            kinds[kind] = kinds.get(kind, 0) + 1
        lost = sum(int(e.findtext("xwhat/leakedbytes") or 0) for e in errors if e.findtext("kind") == "Leak_DefinitelyLost")
        suppressed = sum(int(s.findtext("count") or 0) for s in root.iter("pair"))
        print(f"{path}: {len(errors)} errors {dict(sorted(kinds.items())) or ''}, "
              f"{lost} bytes definitely lost, {suppressed} suppressed")
        for error in errors:
            stack = frames(error)
            what = error.findtext("what") or error.findtext("xwhat/text")
            print(f"  {error.findtext('kind')}{' (through our code)' if ours(stack) else ''}: {what}")
            for fn, obj in stack[:12]:
                print(f"      {fn[:100]}  [{obj}]")
        total += len(errors)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
