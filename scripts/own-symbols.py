#!/usr/bin/env python3
"""Keeps only a module's own symbols in its symbol graph: SOURCE TARGET MODULE DIRECTORY.

`@_exported import CPlaceholderGtk3` (CPlaceholderGtk4) puts the whole GTK C API (some 27,000 symbols) into the module's
symbol graph; the documentation is about the Swift API declared in DIRECTORY (Sources/Widget/Gtk3)
and the widget source both toolkits share (Sources/Widget/Shared, linked in as DIRECTORY/Shared).
"""
import json
import sys

source, target = sys.argv[1], sys.argv[2]
module, directory = sys.argv[3], sys.argv[4].rstrip("/")
roots = (f"/{directory}/", "/Sources/Widget/Shared/")
graph = json.load(open(source))
own = [s for s in graph["symbols"] if any(root in s.get("location", {}).get("uri", "") for root in roots)]
ids = {s["identifier"]["precise"] for s in own}
graph["symbols"] = own
graph["relationships"] = [r for r in graph["relationships"] if r["source"] in ids]
json.dump(graph, open(target, "w"))
print(f"{len(own)} {module} symbols documented")
