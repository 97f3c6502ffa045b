#!/usr/bin/env bash
# make install / make uninstall / the package's file tree: one list of what compose-window installs,
# so uninstall removes exactly what install put there.
#   scripts/install.sh install|uninstall RELEASE_BIN_DIR GENERATED_DATA_DIR [C_LIBRARY_DIR]
# With C_LIBRARY_DIR (scripts/build-clib.sh's output) the C libraries too, for GTK 3 and GTK 4: the
# shared objects under LIBDIR (a path under PREFIX, default lib; Debian: lib/<multiarch>), headers,
# pkg-config files, GIR, typelib and Vala bindings where pkg-config, GObject-Introspection and valac
# look.
# DESTDIR and PREFIX as usual; ZSH_COMPLETIONS is the zsh directory under PREFIX (Debian's
# packages use share/zsh/vendor-completions). The GSettings schema is compiled where it is
# installed (glib-compile-schemas), except with COMPILE_SCHEMAS=no: a Debian package ships the XML
# alone and libglib2.0's trigger compiles it.
set -euo pipefail
action=$1 bin=$2 data=$3 clib=${4:-}
app=io.github.gtkplaceholder.ComposeWindow
root="${DESTDIR:-}${PREFIX:-/usr/local}"
zsh_dir=${ZSH_COMPLETIONS:-share/zsh/site-functions}
libdir=${LIBDIR:-lib}

# mode, path under PREFIX, source
files() {
    echo "755 bin/compose-window $bin/compose-window"
    echo "644 share/applications/$app.desktop Resources/$app.desktop"
    echo "644 share/metainfo/$app.metainfo.xml $data/$app.metainfo.xml"
    echo "644 share/icons/hicolor/scalable/apps/$app.svg Resources/$app.svg"
    echo "644 share/icons/hicolor/symbolic/apps/$app-symbolic.svg Resources/$app-symbolic.svg"
    for size in 16 32 48 64 128 256; do
        echo "644 share/icons/hicolor/${size}x${size}/apps/$app.png $data/icons/${size}/$app.png"
    done
    echo "644 share/glib-2.0/schemas/$app.gschema.xml Resources/$app.gschema.xml"
    echo "644 share/man/man1/compose-window.1 Resources/compose-window.1"
    echo "644 share/bash-completion/completions/compose-window Resources/completions/compose-window.bash"
    echo "644 $zsh_dir/_compose-window Resources/completions/_compose-window"
    echo "644 share/fish/vendor_completions.d/compose-window.fish Resources/completions/compose-window.fish"
    for po in Resources/po/*.po; do
        language=$(basename "$po" .po)
        echo "644 share/locale/$language/LC_MESSAGES/compose-window.mo $bin/locale/$language/LC_MESSAGES/compose-window.mo"
    done
    [ -n "$clib" ] || return 0
    for api in 3.0 4.0; do
        local library=gtkplaceholder-$api
        echo "644 $libdir/lib$library.so.0 $clib/lib$library.so.0"
        echo "link $libdir/lib$library.so lib$library.so.0"
        echo "644 include/$library/gtkplaceholder.h Sources/CLibrary/Gtk3/include/gtkplaceholder.h"
        echo "pc $libdir/pkgconfig/$library.pc $clib/$library.pc.in"
        echo "644 share/gir-1.0/GtkPlaceholder-$api.gir $clib/GtkPlaceholder-$api.gir"
        echo "644 $libdir/girepository-1.0/GtkPlaceholder-$api.typelib $clib/GtkPlaceholder-$api.typelib"
        echo "644 share/vala/vapi/$library.vapi $clib/$library.vapi"
        echo "644 share/vala/vapi/$library.deps $clib/$library.deps"
    done
}

schemas="$root/share/glib-2.0/schemas"
# Compiles what the directory holds; with no schema left in it, its compiled file goes too.
compile_schemas() {
    [ "${COMPILE_SCHEMAS:-yes}" = yes ] && [ -d "$schemas" ] || return 0
    if compgen -G "$schemas/*.gschema.xml" >/dev/null; then
        glib-compile-schemas "$schemas"
    else
        rm -f "$schemas/gschemas.compiled"
    fi
}

# Programs find the C libraries through the loader's cache (they carry no RUNPATH): refreshed when
# installing into the system itself, as root.
refresh_loader_cache() {
    if [ -n "$clib" ] && [ -z "${DESTDIR:-}" ] && [ "$(id -u)" = 0 ]; then ldconfig; fi
}

case $action in
    install)
        files | while read -r mode path source; do
            if [ "$mode" = link ]; then
                mkdir -p "$(dirname "$root/$path")" && ln -sfn "$source" "$root/$path"
            elif [ "$mode" = pc ]; then
                # The paths as they are once installed (PREFIX, not the staging DESTDIR).
                mkdir -p "$(dirname "$root/$path")"
                sed -e "s|@PREFIX@|${PREFIX:-/usr/local}|" -e "s|@LIBDIR@|${PREFIX:-/usr/local}/$libdir|" \
                    "$source" >"$root/$path" && chmod 644 "$root/$path"
            elif [[ $path == bin/* ]]; then
                install -D -m "$mode" -s "$source" "$root/$path"
            else
                install -D -m "$mode" "$source" "$root/$path"
            fi
        done
        compile_schemas
        refresh_loader_cache ;;
    uninstall)
        rm -f "$schemas/io.github.gtkplaceholder.ComposeWindow.gschema.xml"
        compile_schemas
        files | while read -r _ path _; do
            rm -f "$root/$path"
            # Directories left empty by this, up to PREFIX (never PREFIX itself or above it).
            directory=$(dirname "$root/$path")
            while [[ $directory != "$root" && $directory == "$root"/* ]] && rmdir "$directory" 2>/dev/null; do
                directory=$(dirname "$directory")
            done
        done
        refresh_loader_cache ;;
    *) echo "usage: $0 install|uninstall RELEASE_BIN_DIR DATA_DIR [C_LIBRARY_DIR]" >&2; exit 2 ;;
esac
