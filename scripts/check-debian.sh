#!/usr/bin/env bash
# Builds and tests this tree on another Debian release, as a machine nobody set up: a minimal root
# made by debootstrap, this toolchain bind-mounted (read-only) at its own path, the working tree
# copied in (no .build), then inside, in this order:
#   1. `make build` — it installs only BUILD_PACKAGES, so a success shows `make run` needs no more;
#   2. `make test-deps`, then the widget suites (GTK 3, GTK 4), the app's core suites (counting
#      among them) and a dependent package beside other GTK frameworks, under Xvfb;
#      or, with CHECK_DEBIAN_FULL=1, the whole `make test` (about 25 minutes more).
# Usage: check-debian.sh SUITE [ROOT]   (SUITE: trixie, bookworm…; ROOT: .build/chroot-SUITE).
# Root only (debootstrap, mount namespaces). The root is kept for the next run; `make clean` removes it.
set -euo pipefail
suite=${1:?usage: check-debian.sh SUITE [ROOT]}
root=$(realpath -m "${2:-.build/chroot-$suite}")
[ "$(id -u)" = 0 ] || { echo "check-debian: needs root (debootstrap, mount namespaces)" >&2; exit 2; }
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
mirror=$(sed -nE 's/^URIs: (http[^ ]*debian)\/?$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
mirror=${mirror:-http://deb.debian.org/debian}

if [ ! -x "$root/usr/bin/apt-get" ]; then
  command -v debootstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap; }
  echo "check-debian: debootstrap $suite into $root"
  debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$root.debootstrap.log" 2>&1 \
    || { tail -20 "$root.debootstrap.log"; exit 1; }
fi

# This machine's network, as the root's: its resolver, and the CAs it adds for its own egress.
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/usr/local/share/ca-certificates"
cp -r /usr/local/share/ca-certificates/. "$root/usr/local/share/ca-certificates/" 2>/dev/null || true

# The tree as a clone has it (tracked and new files, nothing ignored), built from scratch inside.
rm -rf "$root/src" && mkdir -p "$root/src"
git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} sh -c '[ -e "{}" ] || [ -L "{}" ] && echo "{}"' \
  | tar -c --no-recursion -T - | tar -x -C "$root/src"

# Each command runs with the root as the real root of a private mount namespace (pivot_root, not
# chroot: the posting tests' sandbox, unshare -m and nsenter, then work inside), /proc, /dev, /sys and
# the toolchain (read-only) bound in. Nothing stays mounted when it ends.
inside() {
  unshare -m --propagation private bash -c '
    root=$1 toolchain=$2
    mount --rbind "$root" "$root"
    for m in proc dev sys; do mount --rbind "/$m" "$root/$m"; done
    mkdir -p "$root$toolchain" && mount --rbind "$toolchain" "$root$toolchain" && mount -o remount,bind,ro "$root$toolchain"
    cd "$root" && mkdir -p .oldroot && pivot_root . .oldroot && cd / && umount -l /.oldroot
    exec /usr/bin/env -i HOME=/root LANG=C.UTF-8 PATH="$toolchain/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin" TERM=dumb \
      bash -c "$3"
  ' inside "$root" "$toolchain" "$1" </dev/null
}

# The toolchain's own prerequisites (swift.org's list for Debian; g++ brings libstdc++'s and libgcc's),
# then the project's targets.
inside 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  make binutils g++ libc6-dev pkg-config zlib1g-dev libcurl4-openssl-dev libxml2-dev libsqlite3-0 libedit2 \
  libncurses6 tzdata python3 ca-certificates git >/dev/null && update-ca-certificates >/dev/null' || exit 1
echo "check-debian: $(inside '. /etc/os-release; echo $PRETTY_NAME'), $(inside 'swift --version 2>&1 | head -1')"

echo "check-debian: 1. make build with the build packages alone"
inside 'cd /src && make build' >"$root.build.log" 2>&1 || { tail -40 "$root.build.log"; echo "check-debian: make build FAILED"; exit 1; }
echo "check-debian:    built: GTK $(inside 'pkg-config --modversion gtk+-3.0') and $(inside 'pkg-config --modversion gtk4'), GLib $(inside 'pkg-config --modversion glib-2.0')"

if [ "${CHECK_DEBIAN_FULL:-0}" = 1 ]; then
  echo "check-debian: 2. the whole make test"
  start=$(date +%s)
  status=0
  inside 'cd /src && make test' >"$root.make-test.log" 2>&1 || status=1
  echo "check-debian:    make test took $(( ($(date +%s) - start) / 60 )) min $(( ($(date +%s) - start) % 60 )) s"
  grep -E '^\s*Executed [0-9]+ tests?|Test run with [0-9]+ tests?' "$root.make-test.log" | sed 's|^|check-debian:    |'
  grep -E 'error: |failed \(' "$root.make-test.log" | head -20 || true
  [ $status = 0 ] && echo "check-debian: $suite passed (make test)" || echo "check-debian: $suite FAILED (log: $root.make-test.log)"
  exit $status
fi

echo "check-debian: 2. the widget suites (GTK 3, GTK 4) and the app's core suites (counting)"
inside 'cd /src && make test-deps >/dev/null && make locales atproto >/dev/null && swift build --build-tests -Xswiftc -warnings-as-errors \
  && swift build --package-path Tests/GTK4 --build-tests -Xswiftc -warnings-as-errors' >"$root.test-build.log" 2>&1 \
  || { tail -40 "$root.test-build.log"; echo "check-debian: building the tests FAILED"; exit 1; }
status=0
inside 'cd /src && export NO_AT_BRIDGE=1 G_DEBUG=fatal-criticals && xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" \
  swift test --skip-build --filter "GtkPlaceholderTests|PlaceholderCoreTests|PlaceholderGtk3GlueTests|ComposeWindowCoreTests|DependentPackageTests"' \
  >"$root.test.log" 2>&1 || status=1
inside 'cd /src && export NO_AT_BRIDGE=1 G_DEBUG=fatal-criticals && xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" \
  swift test --package-path Tests/GTK4 --skip-build' >"$root.test-gtk4.log" 2>&1 || status=1
for log in "$root.test.log" "$root.test-gtk4.log"; do
  grep -E '^\s*Executed [0-9]+ tests?|Test run with [0-9]+ tests?' "$log" | tail -2 | sed "s|^|check-debian:    $(basename "$log"): |"
  grep -E 'error: |failed \(' "$log" | head -20 || true
done
[ $status = 0 ] && echo "check-debian: $suite passed" || echo "check-debian: $suite FAILED (logs: $root.*.log)"
exit $status
