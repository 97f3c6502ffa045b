#!/usr/bin/env python3
"""Keeps only a module's own symbols in its symbol graph: SOURCE TARGET [MODULE] (GtkPlaceholder).

`@_exported import CPlaceholderGtk3` (CPlaceholderGtk4) puts the whole GTK C API (some 27,000 symbols) into the module's
symbol graph; the documentation is about the Swift API declared in Sources/MODULE.
"""
import json
import sys

source, target = sys.argv[1], sys.argv[2]
module = sys.argv[3] if len(sys.argv) > 3 else "GtkPlaceholder"
graph = json.load(open(source))
own = [s for s in graph["symbols"] if f"/Sources/{module}/" in s.get("location", {}).get("uri", "")]
ids = {s["identifier"]["precise"] for s in own}
graph["symbols"] = own
graph["relationships"] = [r for r in graph["relationships"] if r["source"] in ids]
json.dump(graph, open(target, "w"))
print(f"{len(own)} {module} symbols documented")
