#!/usr/bin/env python3
"""Fails when a library product compiles a declaration that only non-library targets use.

    check-library-sources.py BUILD_DIR GRAPHS_DIR [EXTRA_BUILD_DIR…]

BUILD_DIR is a debug build of every target (`swift build --build-tests`) made with
`-emit-symbol-graph -emit-symbol-graph-dir GRAPHS_DIR`; an EXTRA_BUILD_DIR (the GTK 4 suite's) adds
its objects as more users. For each library product (GtkPlaceholder,
GtkPlaceholder4, gtkplaceholder-3.0, gtkplaceholder-4.0) it lists the source files its targets
compile. Then, from the object files (one per source in a debug build), every global symbol a
library target defines that is not part of the public API (the symbol graphs list what is public)
must be referenced by some library object (its own included) whenever anything else references it:
a symbol that only the app, a bench, an example or a test links against belongs to their targets.
"""
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

build, graphs, extra_builds = sys.argv[1], sys.argv[2], sys.argv[3:]
LIBRARY_PRODUCTS = {"GtkPlaceholder", "GtkPlaceholder4", "gtkplaceholder-3.0", "gtkplaceholder-4.0"}

description = json.loads(subprocess.run(
    ["swift", "package", "describe", "--type", "json"], check=True, capture_output=True, text=True).stdout)
targets = {t["name"]: t for t in description["targets"]}


def closure(names):
    seen, stack = set(), list(names)
    while stack:
        name = stack.pop()
        if name in seen or name not in targets:
            continue
        seen.add(name)
        stack.extend(targets[name].get("target_dependencies") or [])
    return seen


products = {p["name"]: p for p in description["products"]}
library_targets = set()
for product in sorted(LIBRARY_PRODUCTS):
    members = sorted(t for t in closure(products[product]["targets"]) if targets[t]["type"] == "library")
    library_targets.update(members)
    print(f"{product}:")
    for target in members:
        for source in sorted(targets[target].get("sources") or []):
            print(f"  {targets[target]['path']}/{source}")


def objects(directory, target):
    folder = os.path.join(directory, f"{target.replace('-', '_')}.build")
    if not os.path.isdir(folder):
        return []
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder))
            if f.endswith(".o") and not f.endswith(".swiftmodule.o")]


def nm(path, *flags):
    result = subprocess.run(["nm", "--format=posix", *flags, path], check=True, capture_output=True, text=True)
    return [line.split()[:2] for line in result.stdout.splitlines() if line.strip()]


def relocated_symbols(path):
    """Every symbol the object's relocations name (references from its own code and data too)."""
    result = subprocess.run(["readelf", "-rW", path], check=True, capture_output=True, text=True)
    names = set()
    for line in result.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 5 and fields[2].startswith("R_"):
            names.add(fields[4])
    return names


def demangle(names):
    """Swift's demangling, one name a line ("GtkPlaceholder.PlaceholderTextView.buffer.getter : …")."""
    result = subprocess.run(["swift", "demangle", "--compact"], input="\n".join(names) + "\n",
                            check=True, capture_output=True, text=True)
    return dict(zip(names, result.stdout.splitlines()))


def declaration(simplified):
    """The declaration a symbol belongs to: thunks, descriptors and accessors of it named as it is."""
    name = re.sub(r"^(.* (for|of) )+", "", simplified)
    name = re.sub(r"\.(getter|setter|modify|read|unsafeAddressor|unsafeMutableAddressor|didset|willset)( :|$)", r"\2",
                  name)
    return name.removeprefix("static ").replace("__allocating_init", "init")


# Public declarations, from the symbol graphs (USR s:… is the mangled name $s… of the declaration).
public_usrs = []
for target in library_targets:
    path = os.path.join(graphs, f"{target}.symbols.json")
    if os.path.exists(path):
        public_usrs += ["$s" + symbol["identifier"]["precise"][2:] for symbol in json.load(open(path))["symbols"]
                        if symbol["identifier"]["precise"].startswith("s:") and symbol["accessLevel"] == "public"]
public_declarations = {declaration(name) for name in demangle(public_usrs).values()}


defined_in = {}
library_references = set()
for target in sorted(library_targets):
    for path in objects(build, target):
        for name, kind in nm(path, "--defined-only", "--extern-only"):
            defined_in[name] = path
        library_references |= relocated_symbols(path)

other_users = defaultdict(set)
for directory in [build, *extra_builds]:
    for target in sorted(targets if directory == build else os.listdir(directory)):
        target = target.removesuffix(".build") if directory != build else target
        if target in library_targets:
            continue
        for path in objects(directory, target):
            for name, kind in nm(path, "--undefined-only"):
                if name in defined_in:
                    other_users[name].add(target)

# A test that reads an unpacked library object's symbols may not find it: say so rather than pass.
if not defined_in:
    sys.exit(f"no object files of the library targets under {build}: build with --build-tests first")

# By declaration: a type the library uses is used, whichever of its descriptors the others reference.
names = demangle(sorted(other_users) + sorted(set(defined_in) & library_references))
used_by_library = {declaration(names[name]) for name in set(defined_in) & library_references}


def library_uses(declared):
    # A type's own symbols (metadata, descriptors) name it bare; its members start with its name.
    return declared in used_by_library or any(used.startswith(declared + ".") for used in used_by_library)


found = sorted({f"{os.path.relpath(defined_in[name], build)}: {declaration(names[name])} "
                f"(used only by {', '.join(sorted(other_users[name]))})"
                for name in other_users
                if not library_uses(declaration(names[name])) and declaration(names[name]) not in public_declarations})
print(f"{len(defined_in)} symbols of {len(library_targets)} library targets checked against "
      f"{len(public_declarations)} public declarations")
if found:
    print("Library sources hold declarations only non-library targets use (move them to those targets):")
    print("\n".join("  " + line for line in found))
    sys.exit(1)
