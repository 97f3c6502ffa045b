#!/usr/bin/env bash
# make check-deb: the packages as people get them. compose-window installed with apt-get (which
# fetches its Depends), run with the Swift toolchain hidden (--help, and a scripted Send that must
# return the text byte for byte); the C library packages installed and used by a C, Python, GJS and
# Vala program each (Tests/Bindings) for GTK 3 and GTK 4, toolchain hidden. All checked by lintian,
# then removed: nothing of them may be left behind.
set -euo pipefail
deb=$(ls .build/deb/compose-window_*.deb)
mapfile -t library_debs < <(ls .build/deb/libgtkplaceholder-*.deb .build/deb/gir1.2-gtkplaceholder-*.deb)
[ "${#library_debs[@]}" = 6 ] || { echo "check-deb: expected 6 library packages, found ${#library_debs[@]}" >&2; exit 1; }
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-deb: $*" >&2; exit 1; }
# nothing_left FILE_LIST: no file or link of that list (dpkg -L of purged packages) is still there.
nothing_left() {
    local path left=0
    while read -r path; do
        if [ -f "$path" ] || [ -L "$path" ]; then echo "left behind: $path" >&2; left=1; fi
    done <"$1"
    [ "$left" = 0 ] || fail "files left behind after apt-get purge"
}

# Accepted: initial-upload-closes-no-bugs (the package is not uploaded to Debian, so there is no
# ITP bug to close). Any other warning or error fails.
lintian --fail-on error,warning --suppress-tags initial-upload-closes-no-bugs --tag-display-limit 0 \
    "$deb" "${library_debs[@]}" ||
    fail "lintian found errors or warnings"

# Installable where people are: Ubuntu 22.04 LTS has glibc 2.35. No shipped binary may need a newer
# glibc symbol version (packed relocations would add GLIBC_ABI_DT_RELR, 2.36), and Depends must
# allow 2.35.
oldest_glibc=2.35
for package in "$deb" "${library_debs[@]}"; do dpkg-deb -x "$package" "$work/tree"; done
while IFS= read -r -d '' file; do
    readelf -h "$file" >/dev/null 2>&1 || continue  # ELF files only
    needed=$(readelf -V --wide "$file" | grep -oE 'Name: GLIBC_[A-Z_]*[0-9.]*' | sed 's/Name: //' | sort -u)
    [[ $'\n'"$needed"$'\n' != *$'\n'GLIBC_ABI_DT_RELR$'\n'* ]] || fail "$file has packed relocations (glibc 2.36)"
    newest=$(printf '%s\n' "$needed" | sed -nE 's/^GLIBC_([0-9]+\.[0-9]+(\.[0-9]+)?)$/\1/p' | sort -V | tail -1)
    [ -z "$newest" ] || [ "$(printf '%s\n%s\n' "$newest" "$oldest_glibc" | sort -V | tail -1)" = "$oldest_glibc" ] ||
        fail "$file needs GLIBC_$newest, newer than Ubuntu 22.04's $oldest_glibc"
done < <(find "$work/tree" -type f -print0)
for package in "$deb" .build/deb/libgtkplaceholder-*-0_*.deb; do
    libc_depends=$(dpkg-deb -f "$package" Depends | sed -nE 's/.*libc6 \(>= ([0-9.]+)\).*/\1/p')
    [ -n "$libc_depends" ] || fail "$package: Depends names no libc6 version: $(dpkg-deb -f "$package" Depends)"
    [ "$(printf '%s\n%s\n' "$libc_depends" "$oldest_glibc" | sort -V | tail -1)" = "$oldest_glibc" ] ||
        fail "$package: Depends asks for libc6 >= $libc_depends; Ubuntu 22.04 has $oldest_glibc"
done

DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "./$deb" >/dev/null
dpkg-query -W -f='${Status}\n' compose-window | grep -q 'install ok installed' || fail "not installed"
dpkg -L compose-window | sort >"$work/files"
# The schema ships as XML; libglib2.0's trigger compiles it into the system's schema cache. Read whole
# before grep: under pipefail, `grep -q` quitting at its match gives a writer still writing SIGPIPE.
keys=$(gsettings list-keys io.github.gtkplaceholder.ComposeWindow) || fail "gsettings cannot read the schema"
grep -qx target <<<"$keys" ||
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
window=$(timeout 20 xdotool search --sync --onlyvisible --pid "$pid" | sed -n 1p) || fail "no window appeared"
# X queues the focus-in before any key sent after this (as ComposeProcess.waitForWindow): no pause.
xdotool windowfocus --sync "$window" && xdotool key ctrl+Return
status=0
wait "$pid" || status=$?
[ "$status" = 0 ] || fail "Send exited $status: $(cat "$work/err")"
cmp -s "$work/in" "$work/out" || fail "the text did not come back byte for byte"
echo "check-deb: installed, ran without the toolchain, Send round-tripped $(wc -c <"$work/in") bytes"

# Posting's parts as installed: libsoup 3 with glib-networking's TLS (a runtime module, so named in
# Depends by hand), json-glib and libsecret. The installed binary, toolchain hidden, signs in to the
# Bluesky stand-in of the posting tests (Tests/Support/Networks) with a real keyring.
for needed in libsoup-3.0-0 libjson-glib-1.0-0 libsecret-1-0 glib-networking; do
    dpkg-deb -f "$deb" Depends | grep -q "$needed" || fail "Depends does not name $needed"
done
sandbox=$work/sandbox
mkdir -p "$sandbox"
printf '{"bluesky": {"alice.bsky.social": "check-deb-app-password"}}' >"$sandbox/accounts.json"
mkfifo "$work/sandbox-ready"
$SUDO unshare -n -m Tests/Support/Networks/sandbox.sh "$sandbox" >"$work/sandbox-ready" 2>/dev/null &
sandbox_pid=$!
read -r -t 60 ready <"$work/sandbox-ready" && [ "$ready" = ready ] || fail "the network sandbox did not start"
printf 'check-deb-app-password\n' | $SUDO env DBUS_SESSION_BUS_ADDRESS="unix:path=$sandbox/bus" \
    HOME="$sandbox/home" XDG_CONFIG_HOME="$sandbox/home/config" GSETTINGS_BACKEND=keyfile nsenter -t "$sandbox_pid" -n -m -- unshare -m sh -c 'mount -t tmpfs none "$0" && exec "$@"' "$toolchain" \
    /usr/bin/compose-window --sign-in bluesky --handle alice.bsky.social >"$work/signed-in" 2>&1 ||
    fail "signing in failed: $(cat "$work/signed-in")"
$SUDO kill "$sandbox_pid"
wait "$sandbox_pid" || true
grep -qx 'Signed in as @alice.bsky.social' "$work/signed-in" || fail "signing in said: $(cat "$work/signed-in")"
echo "check-deb: signed in to the Bluesky stand-in over HTTPS, the session in the keyring"

DEBIAN_FRONTEND=noninteractive $SUDO apt-get purge -y -qq compose-window >/dev/null
if dpkg-query -W -f='${Status}\n' compose-window 2>/dev/null | grep -q installed; then fail "still installed"; fi
nothing_left "$work/files"
echo "check-deb: removed, $(grep -c . "$work/files") paths checked, nothing left behind"

# The C libraries, as a developer installs them: the six packages with their Depends, then a C, a
# Python, a GJS and a Vala program against the system's files alone (pkg-config, the typelib path,
# valac's vapi directory), for GTK 3 and GTK 4, with the toolchain hidden.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${library_debs[@]/#/./}" >/dev/null
mapfile -t libraries < <(for package in "${library_debs[@]}"; do dpkg-deb -f "$package" Package; done)
for library in "${libraries[@]}"; do
    dpkg-query -W -f='${Status}\n' "$library" | grep -q 'install ok installed' || fail "$library not installed"
done
dpkg -L "${libraries[@]}" | sort -u >"$work/library-files"
ui=Tests/Bindings/placeholder-test.ui
export NO_AT_BRIDGE=1 G_DEBUG=fatal-criticals
for api in 3.0 4.0; do
    # shellcheck disable=SC2046 # pkg-config's flags are words
    cc -Wall -Wextra -Werror -o "$work/c-$api" Tests/Bindings/binding-test.c $(pkg-config --cflags --libs "gtkplaceholder-$api") ||
        fail "the C program does not build against gtkplaceholder-$api"
    valac --pkg "gtkplaceholder-$api" $([ "$api" = 4.0 ] && echo -D GTK4) -o "$work/vala-$api" Tests/Bindings/binding-test.vala ||
        fail "the Vala program does not build against gtkplaceholder-$api"
    for language in C Python GJS Vala; do
        case $language in
            C) program=("$work/c-$api" "$ui") ;;
            Python) program=(/usr/bin/python3 Tests/Bindings/binding_test.py "$api" "$ui") ;;
            GJS) program=(/usr/bin/gjs Tests/Bindings/binding-test.js "$api" "$ui") ;;
            Vala) program=("$work/vala-$api" "$ui") ;;
        esac
        hidden "${program[@]}" >"$work/binding.out" 2>&1 || fail "$language, GTK $api: $(cat "$work/binding.out")"
        checks=$(grep -c '^ok ' "$work/binding.out")
        [ "$checks" -ge 8 ] && ! grep -q '^FAILED' "$work/binding.out" || fail "$language, GTK $api: $(cat "$work/binding.out")"
    done
done
echo "check-deb: ${#libraries[@]} library packages installed, used from C, Python, GJS and Vala for GTK 3 and GTK 4"

DEBIAN_FRONTEND=noninteractive $SUDO apt-get purge -y -qq "${libraries[@]}" >/dev/null
nothing_left "$work/library-files"
echo "check-deb: library packages removed, $(grep -c . "$work/library-files") paths checked, nothing left behind"
