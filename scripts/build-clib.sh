#!/usr/bin/env bash
# make clib: the C libraries for GTK 3 and GTK 4 with what C, Python, GJS and Vala need.
#   scripts/build-clib.sh OUT_DIR
# For each API (3.0: GTK 3, 4.0: GTK 4) OUT_DIR gets libgtkplaceholder-API.so.0 (the Swift runtime
# linked in, SONAME, no RUNPATH, only placeholder_text_view_* exported), the GIR and typelib
# (GtkPlaceholder-API), the Vala .vapi/.deps and a pkg-config template (install.sh fills in the
# paths). SWIFT_BUILD_FLAGS: what `make release` builds with, so both share one build tree.
set -euo pipefail
out=$1
swift=${SWIFT:-swift}
header_dir=Sources/CLibrary/Gtk3/include
sources=(Sources/CLibrary/Gtk3/include/gtkplaceholder.h Sources/CLibrary/Gtk3/placeholder-text-view.c)
version=$(sed -nE 's/^## \[([0-9]+\.[0-9]+\.[0-9]+)\] - .*/\1/p' CHANGELOG.md | head -1)
mkdir -p "$out"

for api in 3.0 4.0; do
    if [ "$api" = 3.0 ]; then gtk_pkg=gtk+-3.0 gtk_gir=Gtk-3.0; else gtk_pkg=gtk4 gtk_gir=Gtk-4.0; fi
    library=gtkplaceholder-$api
    soname=lib$library.so.0
    # shellcheck disable=SC2086 # the flags are words
    "$swift" build ${SWIFT_BUILD_FLAGS:-} -Xswiftc -static-stdlib --product "$library" \
        -Xlinker "-soname=$soname" -Xlinker "--version-script=$PWD/Resources/clib/gtkplaceholder.map"
    built="$("$swift" build ${SWIFT_BUILD_FLAGS:-} --show-bin-path)/lib$library.so"
    # Symbols and debug information out (the dynamic symbol table stays), as dh_strip does.
    strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$out/$soname" "$built"
    ln -sf "$soname" "$out/lib$library.so"

    # GObject-Introspection: the scanner links a program against the library and asks the
    # registered type for its properties; --warn-all --warn-error: no warning passes.
    g-ir-scanner --quiet --warn-all --warn-error \
        --namespace=GtkPlaceholder --nsversion="$api" \
        --identifier-prefix=Placeholder --symbol-prefix=placeholder \
        --include="$gtk_gir" --pkg="$gtk_pkg" --pkg-export="$library" \
        --c-include=gtkplaceholder.h -I"$header_dir" \
        --library="$library" -L"$out" --library-path="$out" \
        --output="$out/GtkPlaceholder-$api.gir" "${sources[@]}"
    g-ir-compiler "$out/GtkPlaceholder-$api.gir" -o "$out/GtkPlaceholder-$api.typelib"
    vapigen --quiet --library="$library" --pkg="$gtk_pkg" --directory="$out" "$out/GtkPlaceholder-$api.gir"
    echo "$gtk_pkg" >"$out/$library.deps"
    sed -e "s/@API@/$api/g" -e "s/@GTK@/${api%.0}/g" -e "s/@GTK_PKG@/$gtk_pkg/g" -e "s/@VERSION@/$version/g" \
        Resources/clib/gtkplaceholder.pc.in >"$out/$library.pc.in"
done
