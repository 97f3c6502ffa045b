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

# Installable where people are: Ubuntu 22.04 LTS has glibc 2.35. No shipped binary may need a newer
# glibc symbol version (packed relocations would add GLIBC_ABI_DT_RELR, 2.36), and Depends must
# allow 2.35.
oldest_glibc=2.35
dpkg-deb -x "$deb" "$work/tree"
while IFS= read -r -d '' file; do
    readelf -h "$file" >/dev/null 2>&1 || continue  # ELF files only
    needed=$(readelf -V --wide "$file" | grep -oE 'Name: GLIBC_[A-Z_]*[0-9.]*' | sed 's/Name: //' | sort -u)
    printf '%s\n' "$needed" | grep -q 'GLIBC_ABI_DT_RELR' && fail "$file has packed relocations (glibc 2.36)"
    newest=$(printf '%s\n' "$needed" | sed -nE 's/^GLIBC_([0-9]+\.[0-9]+(\.[0-9]+)?)$/\1/p' | sort -V | tail -1)
    [ -z "$newest" ] || [ "$(printf '%s\n%s\n' "$newest" "$oldest_glibc" | sort -V | tail -1)" = "$oldest_glibc" ] ||
        fail "$file needs GLIBC_$newest, newer than Ubuntu 22.04's $oldest_glibc"
done < <(find "$work/tree" -type f -print0)
libc_depends=$(dpkg-deb -f "$deb" Depends | sed -nE 's/.*libc6 \(>= ([0-9.]+)\).*/\1/p')
[ -n "$libc_depends" ] || fail "Depends names no libc6 version: $(dpkg-deb -f "$deb" Depends)"
[ "$(printf '%s\n%s\n' "$libc_depends" "$oldest_glibc" | sort -V | tail -1)" = "$oldest_glibc" ] ||
    fail "Depends asks for libc6 >= $libc_depends; Ubuntu 22.04 has $oldest_glibc"

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
