#!/usr/bin/env bash
# make deb: the C libraries as Debian splits a GObject library, for GTK 3 (API 3.0) and GTK 4 (4.0):
#   libgtkplaceholder-API-0       the shared object (its SONAME names the package), ldconfig trigger
#   gir1.2-gtkplaceholder-API     the typelib, for Python and GJS
#   libgtkplaceholder-API-dev     headers, .so link, pkg-config file, GIR and Vala bindings
#   scripts/make-library-debs.sh RELEASE_BIN_DIR GENERATED_DATA_DIR C_LIBRARY_DIR
# The files come from install.sh (as dh_install takes them from debian/tmp). Packages land in
# .build/deb beside compose-window's (make-deb.sh runs first and empties it).
set -euo pipefail
bin=$1 data=$2 clib=$3
source scripts/deb-common.sh
work=.build/deb
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
libdir=usr/lib/$multiarch
installed="$work/libraries-installed"
rm -rf "$installed"
DESTDIR="$installed" PREFIX=/usr LIBDIR="lib/$multiarch" COMPILE_SCHEMAS=no \
    bash scripts/install.sh install "$bin" "$data" "$clib"

# new_package NAME PATH…: a package root holding those installed paths (and its documentation).
new_package() {
    local name=$1 path
    shift
    root="$work/$name"
    rm -rf "$root" && mkdir -p "$root/DEBIAN"
    for path in "$@"; do
        mkdir -p "$root/$(dirname "$path")"
        cp -a "$installed/$path" "$root/$path"
    done
    debian_docs "$name" "$root"
}

# write_control DEPENDS SECTION SUMMARY: the control file of the package at $root (build_deb fills in
# Installed-Size); the long description is read from standard input, lines indented by one space.
write_control() {
    {
        echo "Package: $(basename "$root")"
        echo "Source: gtkplaceholder"
        echo "Version: $version"
        echo "Architecture: $architecture"
        echo "Multi-Arch: same"
        echo "Maintainer: $maintainer"
        echo "Installed-Size: 0"
        echo "Depends: $1"
        echo "Section: $2"
        echo "Priority: optional"
        echo "Homepage: $homepage"
        echo "Description: GTK $gtk text view with a placeholder - $3"
        cat
    } >"$root/DEBIAN/control"
}

for api in 3.0 4.0; do
    if [ "$api" = 3.0 ]; then gtk=3 gtk_dev=libgtk-3-dev gtk_gir=gir1.2-gtk-3.0; else gtk=4 gtk_dev=libgtk-4-dev gtk_gir=gir1.2-gtk-4.0; fi
    library=gtkplaceholder-$api runtime=libgtkplaceholder-$api-0
    gir=gir1.2-gtkplaceholder-$api dev=libgtkplaceholder-$api-dev

    new_package "$runtime" "$libdir/lib$library.so.0"
    echo "lib$library 0 $runtime (>= $upstream)" >"$root/DEBIAN/shlibs"
    echo "activate-noawait ldconfig" >"$root/DEBIAN/triggers"
    write_control "$(shlib_depends "$work" "$root/$libdir/lib$library.so.0")" libs "shared library" <<DESCRIPTION
 PlaceholderTextView is a GtkTextView that shows a placeholder ("Share
 something new...") exactly where the first typed character will appear,
 while its buffer is empty and no input method is composing. It follows
 the text view's font, margins, wrapping, justification and direction.
 .
 This package contains the shared library for GTK $gtk.
DESCRIPTION
    build_deb "$root" "$work"

    new_package "$gir" "$libdir/girepository-1.0/GtkPlaceholder-$api.typelib"
    write_control "$runtime (= $version), $gtk_gir" introspection "introspection data" <<DESCRIPTION
 PlaceholderTextView is a GtkTextView that shows a placeholder exactly
 where the first typed character will appear.
 .
 This package contains the GObject-Introspection data (GtkPlaceholder
 $api) for Python (PyGObject), JavaScript (GJS) and other languages.
DESCRIPTION
    build_deb "$root" "$work"

    new_package "$dev" "usr/include/$library/gtkplaceholder.h" "$libdir/lib$library.so" \
        "$libdir/pkgconfig/$library.pc" "usr/share/gir-1.0/GtkPlaceholder-$api.gir" \
        "usr/share/vala/vapi/$library.vapi" "usr/share/vala/vapi/$library.deps"
    write_control "$runtime (= $version), $gir (= $version), $gtk_dev" libdevel "development files" <<DESCRIPTION
 PlaceholderTextView is a GtkTextView that shows a placeholder exactly
 where the first typed character will appear.
 .
 This package contains the header, the pkg-config file ($library),
 the GIR and the Vala bindings for building programs against it.
DESCRIPTION
    build_deb "$root" "$work"
done
rm -rf "$installed"
