#!/usr/bin/env bash
# `make check-memory`: the GTK 3 and GTK 4 widgets' lifetime tests (Swift reference dropped first,
# widget destroyed first, whole window destroyed, never packed, buffer swapped, GtkBuilder load/destroy) and a
# scripted compose-window session, under valgrind memcheck and under AddressSanitizer.
# Fails on any invalid read/write, use-after-free or definite leak not suppressed by
# scripts/valgrind-gtk.supp (library caches only). Needs a display (the Makefile starts Xvfb).
# VALGRIND_CYCLES / ASAN_CYCLES: create/destroy cycles per lifetime test.
set -euo pipefail
cd "$(dirname "$0")/.."
valgrind_cycles=${VALGRIND_CYCLES:-1000}
asan_cycles=${ASAN_CYCLES:-10000}
out=.build/check-memory
mkdir -p "$out"
export NO_AT_BRIDGE=1 G_SLICE=always-malloc G_DEBUG=gc-friendly GTK_IM_MODULE=gtk-im-context-simple
tests="GtkPlaceholderTests.SharedLifetimeTests,GtkPlaceholderTests.SharedGObjectTypeTests"
tests+=",GtkPlaceholderTests.SharedVisibilityTests/testFollowsSwappedBufferAndStopsWatchingTheOldOne"
# The GTK 4 suite is its own package (Tests/GTK4) and test binary.
tests4="GtkPlaceholder4Tests.SharedLifetimeTests"
tests4+=",GtkPlaceholder4Tests.SharedGObjectTypeTests"
tests4+=",GtkPlaceholder4Tests.SharedVisibilityTests/testFollowsSwappedBufferAndStopsWatchingTheOldOne"
valgrind=(valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite
    --num-callers=40 --child-silent-after-fork=yes --suppressions=scripts/valgrind-gtk.supp --xml=yes)

# Types into a compose-window started as "$@", undoes and redoes, opens and dismisses the discard
# dialog, sends; checks the text that comes out.
compose_session() {
    local name=$1
    shift
    local state
    state=$(mktemp -d)
    XDG_STATE_HOME=$state "$@" --no-spell >"$out/$name.out" 2>"$out/$name.err" &
    local pid=$!
    local window
    window=$(timeout 180 xdotool search --sync --onlyvisible --pid "$pid" | sed -n 1p)
    xdotool windowfocus --sync "$window"
    sleep 2
    xdotool type --delay 60 --window "$window" "Hello from a memory check"
    sleep 2 # the draft autosave runs
    xdotool key --delay 300 --window "$window" ctrl+z ctrl+shift+z Escape
    sleep 2
    xdotool key --delay 300 alt+k ctrl+Return
    local status=0
    wait "$pid" || status=$?
    rm -rf "$state"
    if [ "$status" != 0 ] || [ "$(cat "$out/$name.out")" != "Hello from a memory check" ]; then
        echo "check-memory: $name: exit $status, printed “$(cat "$out/$name.out")”" >&2
        cat "$out/$name.err" >&2
        return 1
    fi
}

# valgrind 3.19 (Debian 12) gives up on a binary with any DWARF 5 unit, which clang writes unless a
# C target says -gdwarf-4 in Package.swift: name the units rather than fail inside valgrind.
dwarf4_only() {
    local units
    units=$(readelf --debug-dump=info "$1" 2>/dev/null | awk '/Version:/ { v = $2 } /DW_AT_name/ && v == 5 { print $NF; v = 0 }')
    if [ -n "$units" ]; then
        echo "check-memory: DWARF 5 in $1 (add -gdwarf-4 to their targets' cSettings):" >&2
        echo "$units" >&2
        return 1
    fi
}

echo "== valgrind memcheck: lifetime tests, $valgrind_cycles cycles each"
swift build --build-tests -Xswiftc -warnings-as-errors
dwarf4_only .build/debug/GtkPlaceholderPackageTests.xctest
dwarf4_only .build/debug/compose-window
LIFETIME_CYCLES=$valgrind_cycles "${valgrind[@]}" --xml-file="$out/lifetime.xml" \
    .build/debug/GtkPlaceholderPackageTests.xctest "$tests"
echo "== valgrind memcheck: GTK 4 lifetime tests, $valgrind_cycles cycles each"
swift build --package-path Tests/GTK4 --build-tests -Xswiftc -warnings-as-errors
dwarf4_only Tests/GTK4/.build/debug/GtkPlaceholder4TestsPackageTests.xctest
LIFETIME_CYCLES=$valgrind_cycles "${valgrind[@]}" --xml-file="$out/lifetime-gtk4.xml" \
    Tests/GTK4/.build/debug/GtkPlaceholder4TestsPackageTests.xctest "$tests4"
rm -f "$out"/compose.*.xml
echo "== valgrind memcheck: a compose-window session"
compose_session valgrind-compose "${valgrind[@]}" --xml-file="$out/compose.%p.xml" .build/debug/compose-window
python3 scripts/valgrind-report.py "$out/lifetime.xml" "$out/lifetime-gtk4.xml" "$out"/compose.*.xml

echo "== AddressSanitizer: lifetime tests, $asan_cycles cycles each, and a compose-window session"
# Leaks are valgrind's part (above); set before building too, since the build's own tools (the
# PlaceholderEmbedFiles plugin's) are sanitized as well and Foundation's Process keeps a weak reference.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:halt_on_error=1
swift build --build-tests --sanitize=address --scratch-path .build/asan
LIFETIME_CYCLES=$asan_cycles .build/asan/debug/GtkPlaceholderPackageTests.xctest "$tests"
compose_session asan-compose .build/asan/debug/compose-window
echo "== AddressSanitizer: GTK 4 lifetime tests, $asan_cycles cycles each"
swift build --package-path Tests/GTK4 --build-tests --sanitize=address --scratch-path Tests/GTK4/.build/asan
LIFETIME_CYCLES=$asan_cycles Tests/GTK4/.build/asan/debug/GtkPlaceholder4TestsPackageTests.xctest "$tests4"
echo "check-memory: no invalid access, no use-after-free, no definite leak outside library caches"
