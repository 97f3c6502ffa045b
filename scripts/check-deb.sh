#!/usr/bin/env bash
# make check-deb: the package as a desktop user gets it. Installed with apt-get (which fetches its
# Depends), run with the Swift toolchain hidden (--help, and a scripted Send that must return the
# text byte for byte), checked by lintian, then removed: nothing of it may be left behind.
set -euo pipefail
deb=$(ls .build/deb/compose-window_*.deb)
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-deb: $*" >&2; exit 1; }

# Accepted: initial-upload-closes-no-bugs (the package is not uploaded to Debian, so there is no
# ITP bug to close). Any other warning or error fails.
lintian --fail-on error,warning --suppress-tags initial-upload-closes-no-bugs --tag-display-limit 0 "$deb" ||
    fail "lintian found errors or warnings"

# A binary with packed relocations cannot load before glibc 2.36: the package must say so.
if dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/bin/compose-window >"$work/binary" &&
    readelf -d "$work/binary" | grep -q '(RELR)'; then
    dpkg-deb -f "$deb" Depends | grep -qE 'libc6 \(>= 2\.(3[6-9]|[4-9][0-9])' ||
        fail "packed relocations but Depends allows a glibc older than 2.36: $(dpkg-deb -f "$deb" Depends)"
fi

DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "./$deb" >/dev/null
dpkg-query -W -f='${Status}\n' compose-window | grep -q 'install ok installed' || fail "not installed"
dpkg -L compose-window | sort >"$work/files"
# The schema ships as XML; libglib2.0's trigger compiles it into the system's schema cache.
gsettings list-keys io.github.gtkplaceholder.ComposeWindow | grep -qx target ||
    fail "the GSettings schema was not compiled on install"

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
hidden() { $SUDO unshare -m sh -c 'mount -t tmpfs none "$0" && exec "$@"' "$toolchain" "$@"; }
hidden /usr/bin/compose-window --help >"$work/help" || fail "--help failed with the toolchain hidden"
grep -q -- '--placeholder-color' "$work/help" || fail "--help printed no options"

printf '分享新鲜事 😀\r\nsecond line\t \n\n' >"$work/in"
# Not through hidden(): a backgrounded function is a subshell, and $! must be the window's own pid.
XDG_STATE_HOME="$work/state" $SUDO unshare -m sh -c 'mount -t tmpfs none "$0" && exec "$@"' "$toolchain" \
    /usr/bin/compose-window --no-draft <"$work/in" >"$work/out" 2>"$work/err" &
pid=$!
window=$(timeout 20 xdotool search --sync --onlyvisible --pid "$pid" | head -1) || fail "no window appeared"
xdotool windowfocus --sync "$window" && sleep 0.3 && xdotool key ctrl+Return
status=0
wait "$pid" || status=$?
[ "$status" = 0 ] || fail "Send exited $status: $(cat "$work/err")"
cmp -s "$work/in" "$work/out" || fail "the text did not come back byte for byte"
echo "check-deb: installed, ran without the toolchain, Send round-tripped $(wc -c <"$work/in") bytes"

DEBIAN_FRONTEND=noninteractive $SUDO apt-get purge -y -qq compose-window >/dev/null
if dpkg-query -W -f='${Status}\n' compose-window 2>/dev/null | grep -q installed; then fail "still installed"; fi
left=0
while read -r path; do
    if [ -f "$path" ] || [ -L "$path" ]; then echo "left behind: $path" >&2; left=1; fi
done <"$work/files"
[ "$left" = 0 ] || fail "files left behind after apt-get purge"
echo "check-deb: removed, $(grep -c . "$work/files") paths checked, nothing left behind"
