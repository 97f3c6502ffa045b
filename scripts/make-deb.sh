#!/usr/bin/env bash
# make deb: compose-window as a Debian binary package, built here with dpkg-deb.
#   scripts/make-deb.sh RELEASE_BIN_DIR GENERATED_DATA_DIR
# Version, documentation and Depends as every package here has them (deb-common.sh). No maintainer
# scripts: the icon cache and the desktop database are refreshed by the hicolor-icon-theme and
# desktop-file-utils triggers.
set -euo pipefail
bin=$1 data=$2
package=compose-window
source scripts/deb-common.sh
work=.build/deb
root="$work/root"
rm -rf "$work" && mkdir -p "$root/DEBIAN"

DESTDIR="$root" PREFIX=/usr ZSH_COMPLETIONS=share/zsh/vendor-completions COMPILE_SCHEMAS=no \
    bash scripts/install.sh install "$bin" "$data"
# As dh_strip does: no .comment or .note sections (install -s strips symbols only).
strip --remove-section=.comment --remove-section=.note "$root/usr/bin/compose-window"
# Debian compresses manual pages and changelogs (gzip -9n: no name or time stamp inside).
gzip -9n "$root/usr/share/man/man1/compose-window.1"
debian_docs "$package" "$root" "Files: Sources/ComposeWindow/Core/TwitterText/TopLevelDomains.swift
Copyright: 2011 Twitter, Inc.
License: Apache-2.0
Comment: The list of top-level domains twitter-text recognises in URLs (its conformance/tld_lib.yml),
 compiled into compose-window to count links as X counts them.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0, can be found in
 /usr/share/common-licenses/Apache-2.0."

depends=$(shlib_depends "$work" "$root/usr/bin/compose-window")
# The libraries it loads on first use (Sources/ComposeWindow/System/CComposeWindowOnDemand) are not
# among its ELF dependencies, so dpkg-shlibdeps cannot see them: the packages that hold them.
for soname in $(sed -n 's/^#define [A-Z_]* "\(lib[^"]*\.so\.[0-9]*\)"$/\1/p' Sources/ComposeWindow/System/CComposeWindowOnDemand/*.c); do
    # Readers that take all of their input: one that stops early would end the writer with SIGPIPE
    # (pipefail).
    file=$(/sbin/ldconfig -p | awk -v name="$soname" '$1 == name && !found {print $NF; found = 1}')
    owner=$(dpkg-query -S "$(realpath "$file")" 2>/dev/null | sed -n '1s/:.*//p')
    [ -n "$owner" ] || { echo "no package holds $soname" >&2; exit 1; }
    # Once each (GStreamer's pbutils and app are one package).
    [[ ", $depends," == *", $owner,"* ]] || depends="$depends, $owner"
done
# GStreamer's plugins a video's encoding uses (decodebin, videoflip, mp4mux, x264, libav's AAC): loaded
# by name, so no soname names them. One line: lintian refuses a Depends folded over two.
plugins="gstreamer1.0-plugins-base, gstreamer1.0-plugins-good, gstreamer1.0-plugins-ugly, gstreamer1.0-libav"
# Packed relative relocations (DT_RELR, see the Makefile) need glibc 2.36; libc6's symbols file
# knows only symbols, so dpkg-shlibdeps asks for less.
if [[ $(readelf -d "$root/usr/bin/compose-window") == *'(RELR)'* ]]; then
    depends=$(printf '%s' "$depends" | sed -E 's/libc6 \(>= 2\.([0-9]|[12][0-9]|3[0-5])(\.[0-9]+)?\)/libc6 (>= 2.36)/')
fi

cat >"$root/DEBIAN/control" <<CONTROL
Package: $package
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: 0
Depends: $depends, glib-networking, iso-codes, dconf-gsettings-backend | gsettings-backend, $plugins
Recommends: gnome-keyring | keepassxc | kwalletmanager
Section: utils
Priority: optional
Homepage: $homepage
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
build_deb "$root" "$work"
