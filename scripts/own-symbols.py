#!/usr/bin/env python3
"""Keeps only GtkPlaceholder's own symbols in its symbol graph.

`@_exported import CGtk` puts the whole GTK C API (some 27,000 symbols) into the module's symbol
graph; the documentation is about the Swift API declared in Sources/GtkPlaceholder.
"""
import json
import sys

source, target = sys.argv[1], sys.argv[2]
graph = json.load(open(source))
own = [s for s in graph["symbols"] if "/Sources/GtkPlaceholder/" in s.get("location", {}).get("uri", "")]
ids = {s["identifier"]["precise"] for s in own}
graph["symbols"] = own
graph["relationships"] = [r for r in graph["relationships"] if r["source"] in ids]
json.dump(graph, open(target, "w"))
print(f"{len(own)} GtkPlaceholder symbols documented")
