#!/usr/bin/env bash
# make deb: compose-window as a Debian binary package, built here with dpkg-deb.
#   scripts/make-deb.sh RELEASE_BIN_DIR GENERATED_DATA_DIR
# The version is CHANGELOG.md's newest release (+ Debian revision 1); Depends comes from the
# binary's real libraries (dpkg-shlibdeps). No maintainer scripts: the icon cache and the desktop
# database are refreshed by the hicolor-icon-theme and desktop-file-utils triggers.
set -euo pipefail
bin=$1 data=$2
package=compose-window
upstream=$(sed -nE 's/^## \[([0-9]+\.[0-9]+\.[0-9]+)\] - ([0-9-]+)$/\1/p' CHANGELOG.md | head -1)
released=$(sed -nE 's/^## \[([0-9]+\.[0-9]+\.[0-9]+)\] - ([0-9-]+)$/\2/p' CHANGELOG.md | head -1)
version="$upstream-1"
architecture=$(dpkg --print-architecture)
work=.build/deb
root="$work/root"
rm -rf "$work" && mkdir -p "$root/DEBIAN"

DESTDIR="$root" PREFIX=/usr ZSH_COMPLETIONS=share/zsh/vendor-completions COMPILE_SCHEMAS=no \
    bash scripts/install.sh install "$bin" "$data"
# As dh_strip does: no .comment or .note sections (install -s strips symbols only).
strip --remove-section=.comment --remove-section=.note "$root/usr/bin/compose-window"
# Debian compresses manual pages and changelogs (gzip -9n: no name or time stamp inside).
gzip -9n "$root/usr/share/man/man1/compose-window.1"
doc="$root/usr/share/doc/$package"
install -d "$doc"
gzip -9n <CHANGELOG.md >"$doc/changelog.gz"
{
    echo "$package ($version) unstable; urgency=medium"
    echo
    echo "  * Release $upstream: see /usr/share/doc/$package/changelog.gz."
    echo
    echo " -- GtkPlaceholder team <gtkplaceholder@users.noreply.github.com>  $(date -R -u -d "$released 12:00")"
} | gzip -9n >"$doc/changelog.Debian.gz"
cat >"$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: compose-window
Upstream-Contact: GtkPlaceholder team <gtkplaceholder@users.noreply.github.com>
Source: https://github.com/gtkplaceholder/gtkplaceholder

Files: *
Copyright: 2026 GtkPlaceholder team
License: Expat
$(sed -n '3,$s/^$/./;3,$s/^/ /p' LICENSE)

Files: Sources/ComposeWindowCore/TwitterText/TopLevelDomains.swift
Copyright: 2011 Twitter, Inc.
License: Apache-2.0
Comment: The list of top-level domains twitter-text recognises in URLs (its conformance/tld_lib.yml),
 compiled into compose-window to count links as X counts them.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0, can be found in
 /usr/share/common-licenses/Apache-2.0.
COPYRIGHT

# dpkg-shlibdeps reads debian/control from its working directory.
source="$work/source"
mkdir -p "$source/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" >"$source/debian/control"
depends=$(cd "$source" && dpkg-shlibdeps -O "-e$OLDPWD/$root/usr/bin/compose-window" 2>"$OLDPWD/$work/shlibdeps.log" |
    sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { cat "$work/shlibdeps.log" >&2; echo "dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# Packed relative relocations (DT_RELR, see the Makefile) need glibc 2.36; libc6's symbols file
# knows only symbols, so dpkg-shlibdeps asks for less.
if readelf -d "$root/usr/bin/compose-window" | grep -q '(RELR)'; then
    depends=$(printf '%s' "$depends" | sed -E 's/libc6 \(>= 2\.([0-9]|[12][0-9]|3[0-5])(\.[0-9]+)?\)/libc6 (>= 2.36)/')
fi

cat >"$root/DEBIAN/control" <<CONTROL
Package: $package
Version: $version
Architecture: $architecture
Maintainer: GtkPlaceholder team <gtkplaceholder@users.noreply.github.com>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends, dconf-gsettings-backend | gsettings-backend
Section: utils
Priority: optional
Homepage: https://github.com/gtkplaceholder/gtkplaceholder
Description: compose window for posts, for the desktop and shell scripts
 A small GTK window for writing a post: a placeholder where the first
 character will appear, a character counter and limit counted as X,
 Mastodon, Bluesky or Weibo count, undo and redo, inline spell checking,
 and drafts that survive a crash. In English and Simplified Chinese.
 .
 From the desktop, Send opens the chosen network's own compose page in
 the default browser with the post filled in, or copies it to the
 clipboard. In shell scripts it prints the text on standard output,
 with zenity-style exit codes.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
deb="$work/${package}_${version}_${architecture}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
