# What every package `make deb` builds shares (sourced by make-deb.sh and make-library-debs.sh): the
# version (CHANGELOG.md's newest release + Debian revision 1), the documentation Debian requires,
# dependencies from the real libraries (dpkg-shlibdeps) and the build with dpkg-deb.
upstream=$(sed -nE 's/^## \[([0-9]+\.[0-9]+\.[0-9]+)\] - ([0-9-]+)$/\1/p' CHANGELOG.md | head -1)
released=$(sed -nE 's/^## \[([0-9]+\.[0-9]+\.[0-9]+)\] - ([0-9-]+)$/\2/p' CHANGELOG.md | head -1)
version="$upstream-1"
architecture=$(dpkg --print-architecture)
maintainer="GtkPlaceholder team <gtkplaceholder@users.noreply.github.com>"
homepage=https://github.com/gtkplaceholder/gtkplaceholder

# debian_docs PACKAGE ROOT [COPYRIGHT_PARAGRAPHS]: changelogs and the machine-readable copyright
# (MIT for everything of ours, then the given paragraphs for third-party data).
debian_docs() {
    local package=$1 root=$2 extra=${3:-}
    local doc="$root/usr/share/doc/$package"
    install -d "$doc"
    gzip -9n <CHANGELOG.md >"$doc/changelog.gz"
    {
        echo "$package ($version) unstable; urgency=medium"
        echo
        echo "  * Release $upstream: see /usr/share/doc/$package/changelog.gz."
        echo
        echo " -- $maintainer  $(date -R -u -d "$released 12:00")"
    } | gzip -9n >"$doc/changelog.Debian.gz"
    {
        echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
        echo "Upstream-Name: gtkplaceholder"
        echo "Upstream-Contact: $maintainer"
        echo "Source: $homepage"
        echo
        echo "Files: *"
        echo "Copyright: 2026 GtkPlaceholder team"
        echo "License: Expat"
        sed -n '3,$s/^$/./;3,$s/^/ /p' LICENSE
        [ -z "$extra" ] || printf '\n%s\n' "$extra"
    } >"$doc/copyright"
}

# shlib_depends WORK_DIR FILE…: the Depends the files' shared libraries call for.
shlib_depends() {
    local work=$1
    shift
    local source depends file files=()
    source="$(realpath "$work")/shlibdeps"
    mkdir -p "$source/debian"
    for file in "$@"; do files+=("-e$(realpath "$file")"); done
    printf 'Source: gtkplaceholder\n\nPackage: gtkplaceholder\nArchitecture: any\n' >"$source/debian/control"
    depends=$(cd "$source" && dpkg-shlibdeps -O "${files[@]}" 2>"$source/log" | sed -n 's/^shlibs:Depends=//p')
    [ -n "$depends" ] || { cat "$source/log" >&2; echo "dpkg-shlibdeps found no dependencies" >&2; return 1; }
    printf '%s' "$depends"
}

# build_deb ROOT OUT_DIR: control's Installed-Size filled in, md5sums, the .deb (its path printed).
build_deb() {
    local root=$1 out=$2 package
    package=$(sed -n 's/^Package: //p' "$root/DEBIAN/control")
    sed -i "s/^Installed-Size: .*/Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)/" "$root/DEBIAN/control"
    (cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
    find "$root" -type d -exec chmod 755 {} +
    chmod 644 "$root"/DEBIAN/*
    local deb="$out/${package}_${version}_${architecture}.deb"
    dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
    echo "$deb"
}
