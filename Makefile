# Everything a fresh Debian machine needs: `make run` and `make test` install their own packages.
SHELL      := /bin/bash
SWIFT      ?= swift
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PREFIX     ?= /usr/local
APP_ID     := io.github.gtkplaceholder.ComposeWindow
# What building and running need (`make run`): GTK 3 for the library and GTK 4 for its twin
# (GtkPlaceholder4); GtkSourceView 4 and gspell (+ an English dictionary) for the app; gettext and
# locales for the translations; GLib's tools for the schema. The C libraries' GIR, typelib and Vala
# bindings (`make install`) take GObject-Introspection and valac; librsvg2-bin makes the PNG icons;
# XTest and XDamage's headers build the bench's probe and gtk4-builder-tool (libgtk-4-bin) converts the
# GTK 4 gallery's .ui files (`swift build` builds every target); libsoup 3 with glib-networking (its
# TLS), json-glib and libsecret for posting's HTTPS, JSON and keyring (#28); gexiv2 to erase an image's
# metadata (gdk-pixbuf, which GTK brings, decodes and encodes images); iso-codes for the languages a
# post can be in, with their names in the person's language (the list gspell names dictionaries
# from); GStreamer with the base, good, ugly (x264) and libav plugins to read, re-encode and remux a
# video or an animated GIF (loaded only once one is attached). Every program the build
# runs comes from one of these (MakeTargetTests; scripts/check-debian.sh builds with these alone).
BUILD_PACKAGES := libgtk-3-dev libgtk-4-dev libgtksourceview-4-dev libgspell-1-dev hunspell-en-us gettext locales \
  libglib2.0-bin gobject-introspection libgirepository1.0-dev valac librsvg2-bin libxtst-dev libxdamage-dev \
  libgtk-4-bin libsoup-3.0-dev glib-networking libjson-glib-dev libsecret-1-dev libgexiv2-dev libxml2-dev libcld2-0 iso-codes \
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base gstreamer1.0-plugins-good \
  gstreamer1.0-plugins-ugly gstreamer1.0-libav
# What only the tests, benches and checks need (`make test`, `make bench`, check-*): Xvfb, xauth and
# xdotool for the GUI tests; GIO's launcher, PyGObject with GIO and AT-SPI, D-Bus and xclip/wl-clipboard for the desktop and
# clipboard tests (a button pressed through the accessibility bus where wtype's modifiers do not reach
# GTK 3); DejaVu and WenQuanYi fonts for deterministic Latin/Hebrew/Arabic and Chinese pixels;
# imagemagick for screenshots; desktop-file-utils, appstream, mandoc, zsh and fish to check the
# launcher, metainfo, man page and completions; sway, wtype and grim for the Wayland test; dpkg-dev,
# fakeroot and lintian for the package; GJS, PyGObject and the GIRs to use the C libraries as Python and
# JavaScript programs do (valgrind: the C program's memory; gi-docgen: the C API reference); python3-venv
# for the atproto validator (PyPI); gnome-keyring and secret-tool (libsecret-tools) for the keyring tests
# (on a private D-Bus session); openssl (the test CA), iproute2 (the private network's loopback) and
# strace (kill -9 at an exact step of posting, from outside the app), faketime (the sign-in's
# 5 minutes, 60 times faster) and curl (the fake browser that answers the OAuth page) for the posting
# tests (a bare Debian has no curl: `make check-debian13`'s full run found it); Pillow for the stand-ins
# to read what an uploaded image is and carries, and GExiv2's GIR to make test images with GPS;
# gst-launch-1.0 to make test clips, and exiftool, a second tool, to read what a video carries.
TEST_PACKAGES := gjs gir1.2-gtk-3.0 gir1.2-gtk-4.0 valgrind gi-docgen python3 python3-gi gir1.2-glib-2.0 \
  gir1.2-atspi-2.0 at-spi2-core dbus xclip wl-clipboard \
  desktop-file-utils xvfb xauth xdotool imagemagick fonts-dejavu-core fonts-wqy-microhei \
  appstream mandoc zsh fish sway wtype grim dpkg-dev fakeroot lintian python3-venv gnome-keyring \
  libsecret-tools openssl iproute2 strace faketime curl python3-pil gir1.2-gexiv2-0.10 \
  gstreamer1.0-tools libimage-exiftool-perl
XVFB_ARGS  := -s "-screen 0 1280x1024x24 -noreset"
# Xvfb only when there is no display already (a desktop user keeps theirs).
WITH_DISPLAY = $(if $(DISPLAY),,xvfb-run -a $(XVFB_ARGS))
# A suite run beside another always has an X server of its own (windows that share one take each
# other's focus), numbered from 200 so that two starting at once never pick the same number.
SIDE_DISPLAY = xvfb-run -a -n 200 $(XVFB_ARGS)
BIN         = $(shell $(SWIFT) build --show-bin-path $(1) 2>/dev/null)
LANGUAGES  := $(basename $(notdir $(wildcard Resources/po/*.po)))

.PHONY: all deps test-deps locales build run lint test check-library-sources test-installed clib check-memory check-durability check-fuzz check-explore check-debian12 \
  check-debian13 docs coverage bench bench-previous screenshots \
  release data install install-files uninstall stage test-fixtures atproto deb check-deb clean

all: build

# Installs what is missing of PACKAGES (the build's by default; test-deps adds the tests').
PACKAGES ?= $(BUILD_PACKAGES)
deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@# Simplified Chinese needs its locale generated for LANG=zh_CN.UTF-8 to take effect.
	@if ! locale -a 2>/dev/null | grep -qi '^zh_CN.utf8$$'; then \
	  $(SUDO) sed -i 's/^# *zh_CN.UTF-8 UTF-8/zh_CN.UTF-8 UTF-8/' /etc/locale.gen && $(SUDO) locale-gen >/dev/null; \
	fi

test-deps:
	@$(MAKE) --no-print-directory deps PACKAGES="$(BUILD_PACKAGES) $(TEST_PACKAGES)"

# Compiled translations and the GSettings schema next to the binary, where compose-window looks
# in a build tree.
locales:
	@for lang in $(LANGUAGES); do \
	  mkdir -p "$(call BIN,$(CONFIG))/locale/$$lang/LC_MESSAGES" && \
	  msgfmt --check -o "$(call BIN,$(CONFIG))/locale/$$lang/LC_MESSAGES/compose-window.mo" Resources/po/$$lang.po || exit 1; \
	done
	@mkdir -p "$(call BIN,$(CONFIG))/schemas" && \
	  glib-compile-schemas --strict --targetdir="$(call BIN,$(CONFIG))/schemas" Resources

build: deps
	$(SWIFT) build -Xswiftc -warnings-as-errors
	$(MAKE) --no-print-directory locales

run: build
	"$(call BIN)/compose-window"

# swift-format (the toolchain's) with the committed .swift-format: any finding fails.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Examples Benchmarks Tools Plugins Package.swift

# The Swift Testing suites (the core's, the explorer's walks: CPU-bound) run at the lowest priority
# beside the XCTest ones (the windows: mostly waiting for X, a server or a process), so the walks use
# what the windows leave idle (no display: none of them opens one); their log is .build/test-core.log. Neither builds (--skip-build), so the
# runs need no hold on .build's lock (--ignore-lock: SwiftPM would make each wait for the other).
# XCTest and Swift Testing each print their own totals; scripts/test-summary.sh ends with what failed
# (or the test a crashed run was in) and the sum, for CI, which shows only the end. The
# GTK 4 suite is its own package (Tests/GTK4): one test binary cannot hold GTK 3 and GTK 4. It and the
# installed run (below) go one after the other beside the GTK 3 suite, each window on its own X server
# and each network in its own namespace: in series after it they made the run 6 minutes longer.
# The posting promise's end-to-end tests (#50 and #61: one for each fix) run a second time against the
# installed app: the staged `make install` tree, with the Swift toolchain hidden
# (COMPOSE_WINDOW_INSTALLED=1, Tests/ComposeWindowTests/ComposeProcess.swift).
INSTALLED_TESTS := ComposeWindowTests\.(OnDemandLibraryTests|LookupTests|ReplyAccountTests|ResumedAccountTests|DraftOwnerTests|StateFileInputTests)/|ComposeWindowTests\.PostingFailureTests/testAnEditCallsOff|ComposeWindowTests\.ReplyTests/(testAReplyToADeletedPost|testAReplyThreadWithoutTo)|ComposeWindowTests\.ScheduledPostTests/testPostsForTheSameMinute|ComposeWindowTests\.ScheduledOnServerTests/(testDiscardInTheWindow|test.*DraftAlone|testAServerThatIgnores)|ComposeWindowTests\.(ScheduledDeliveryRetryTests|HostileAnswerTests)/|ComposeWindowTests\.ScriptModeTests/testUsageErrors|ComposeWindowTests\.ServerLimitTests/(testAServerBeforeFour|testACacheTooLarge)|ComposeWindowTests\.LinkCardWindowTests/testAKeptPicture|ComposeWindowTests\.(VideoPostingTests|BlueskyVideoPostingTests)/
test-installed: test-deps
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(MAKE) --no-print-directory test-fixtures
	set -o pipefail; export NO_AT_BRIDGE=1 G_DEBUG=fatal-criticals COMPOSE_WINDOW_INSTALLED=1; \
	$(WITH_DISPLAY) $(SWIFT) test --skip-build --filter '$(INSTALLED_TESTS)'

test: test-deps lint
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) build --package-path Tests/GTK4 --build-tests -Xswiftc -warnings-as-errors
	$(MAKE) --no-print-directory check-library-sources
	$(MAKE) --no-print-directory test-fixtures
	set -o pipefail; export NO_AT_BRIDGE=1 G_DEBUG=fatal-criticals; \
	( nice -n 19 $(SWIFT) test --skip-build --ignore-lock --disable-xctest >.build/test-core.log 2>&1 ) & core=$$!; \
	( $(SIDE_DISPLAY) $(SWIFT) test --package-path Tests/GTK4 --skip-build >.build/test-gtk4.log 2>&1; \
	  status4=$$?; $(SIDE_DISPLAY) env COMPOSE_WINDOW_INSTALLED=1 $(SWIFT) test --skip-build --ignore-lock \
	  --filter '$(INSTALLED_TESTS)' >.build/test-installed.log 2>&1 && exit $$status4 ) & side=$$!; \
	$(WITH_DISPLAY) $(SWIFT) test --skip-build --ignore-lock --disable-swift-testing 2>&1 | tee .build/test.log; status=$$?; \
	wait $$side; statuss=$$?; tail -3 .build/test-gtk4.log .build/test-installed.log; \
	[ $$status -ne 0 ] || status=$$statuss; \
	wait $$core; statusc=$$?; tail -3 .build/test-core.log; [ $$status -ne 0 ] || status=$$statusc; \
	scripts/test-summary.sh $$status .build/test-gtk4.log .build/test.log .build/test-core.log .build/test-gtk4.log \
	  .build/test-installed.log; exit $$status

# The library products compile only what the widgets and the C libraries use: a declaration in their
# sources that only the app, a bench, an example or a test uses fails it (scripts/check-library-sources.py,
# from the object files of a debug build of everything, and its symbol graphs for what is public).
LIBRARY_CHECK := .build/library-check
check-library-sources:
	$(SWIFT) build --build-tests --scratch-path $(LIBRARY_CHECK) -Xswiftc -emit-symbol-graph \
	  -Xswiftc -emit-symbol-graph-dir -Xswiftc "$(CURDIR)/$(LIBRARY_CHECK)/symbol-graphs" >$(LIBRARY_CHECK).log 2>&1 \
	  || { tail -20 $(LIBRARY_CHECK).log; exit 1; }
	python3 scripts/check-library-sources.py $(LIBRARY_CHECK)/debug $(LIBRARY_CHECK)/symbol-graphs \
	  Tests/GTK4/.build/debug >$(LIBRARY_CHECK)-sources.txt || { cat $(LIBRARY_CHECK)-sources.txt; exit 1; }
	@tail -1 $(LIBRARY_CHECK)-sources.txt

# valgrind memcheck and AddressSanitizer over the widget's lifetime tests and a scripted
# compose-window session (scripts/check-memory.sh). VALGRIND_CYCLES / ASAN_CYCLES per lifetime test.
VALGRIND_CYCLES ?= 1000
ASAN_CYCLES     ?= 10000
check-memory: test-deps
	@dpkg-query -W -f='$${Status}' valgrind 2>/dev/null | grep -q 'install ok installed' || \
	  { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends valgrind; }
	$(MAKE) --no-print-directory locales
	VALGRIND_CYCLES=$(VALGRIND_CYCLES) ASAN_CYCLES=$(ASAN_CYCLES) $(WITH_DISPLAY) bash scripts/check-memory.sh

# The long robustness runs: 25 SIGKILL-while-typing rounds, 5,000 fuzzed command lines and 50 MB on
# standard input (make test runs 3, 400 and 1 MB).
DURABILITY_ROUNDS ?= 25
FUZZ_RUNS         ?= 5000
check-durability: test-deps
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(MAKE) --no-print-directory test-fixtures
	DURABILITY_ROUNDS=$(DURABILITY_ROUNDS) FUZZ_RUNS=$(FUZZ_RUNS) INPUT_MEGABYTES=50 NO_AT_BRIDGE=1 $(WITH_DISPLAY) \
	  $(SWIFT) test --skip-build --filter 'DurabilityTests|ArgumentFuzzTests|testLargeStandardInputRoundTrips'

# Fresh random seeds, where `make test` walks fixed ones: the windowed counter against a full recount
# (every rule), seed after seed for FUZZ_MINUTES, each printed. A seed that fails stops it; replay it
# with COUNTING_SEED=N and add it to CountingTests.seeds.
FUZZ_MINUTES ?= 10
check-fuzz: test-deps
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(MAKE) --no-print-directory test-fixtures
	@end=$$(( $$(date +%s) + $(FUZZ_MINUTES) * 60 )); runs=0; while [ $$(date +%s) -lt $$end ]; do \
	  seed=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' '); echo "COUNTING_SEED=$$seed"; runs=$$(( runs + 1 )); \
	  COUNTING_SEED=$$seed $(SWIFT) test --skip-build --filter windowedCountMatchesFullRecount >.build/check-fuzz.log 2>&1 \
	    || { grep -E '✘|↳' .build/check-fuzz.log | head -20; echo "check-fuzz: COUNTING_SEED=$$seed fails"; exit 1; }; \
	  echo "THREAD_SEED=$$seed"; \
	  THREAD_SEED=$$seed $(SWIFT) test --skip-build --filter everyPartFitsAndTheyGiveBackTheText >.build/check-fuzz.log 2>&1 \
	    || { grep -E '✘|↳' .build/check-fuzz.log | head -20; echo "check-fuzz: THREAD_SEED=$$seed fails"; exit 1; }; \
	  echo "OUTBOX_SEED=$$seed"; \
	  OUTBOX_SEED=$$seed $(SWIFT) test --skip-build --filter aHostileValueIsRefusedOrReadIntoAPostThatRuns >.build/check-fuzz.log 2>&1 \
	    || { grep -E '✘|↳' .build/check-fuzz.log | head -20; echo "check-fuzz: OUTBOX_SEED=$$seed fails"; exit 1; }; \
	  echo "DRAFT_SEED=$$seed"; \
	  DRAFT_SEED=$$seed $(SWIFT) test --skip-build --filter aHostileValueIsRefusedOrReadWithinBounds >.build/check-fuzz.log 2>&1 \
	    || { grep -E '✘|↳' .build/check-fuzz.log | head -20; echo "check-fuzz: DRAFT_SEED=$$seed fails"; exit 1; }; \
	done; echo "check-fuzz: $$runs seeds, none failed"

# The explorers deeper than `make test` walks them (six steps; plain Mastodon seven): EXPLORE_DEPTH
# steps for every world (seven takes about half an hour on two cores, eight hours).
EXPLORE_DEPTH ?= 7
check-explore: test-deps
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(MAKE) --no-print-directory test-fixtures
	EXPLORE_DEPTH=$(EXPLORE_DEPTH) $(SWIFT) test --skip-build --disable-xctest \
	  --filter 'PostingExplorerTests|ScheduledTimeExplorerTests'

# Other distributions, as machines nobody set up (scripts/check-debian.sh; root): a debootstrap root with
# this toolchain bind-mounted, where `make build` must succeed with the build packages alone, then the
# widget suites (GTK 3, GTK 4), the app's core suites (counting among them) and a dependent package.
# Debian 13 has GTK 4.18 and GLib 2.84; Debian 12 is what `make test` runs on, here from nothing.
# The roots stay in .build/chroot-* for the next run (about 10 minutes each once made).
# FULL=1 runs the whole `make test` inside instead of those suites.
check-debian13:
	$(SUDO) env PATH="$$PATH" CHECK_DEBIAN_FULL=$(FULL) bash scripts/check-debian.sh trixie $(CURDIR)/.build/chroot-trixie

check-debian12:
	$(SUDO) env PATH="$$PATH" CHECK_DEBIAN_FULL=$(FULL) bash scripts/check-debian.sh bookworm $(CURDIR)/.build/chroot-bookworm

# Benchmarks (not part of `make test`): release builds, under Xvfb; zenity (the peer people use) and
# valgrind (callgrind's instruction counts, the steady figures) installed for comparison. Everything
# the app is compared with is built as compose-window ships: static Swift runtime (bare-window-c is C).
# Prints the table and writes Benchmarks/Results/: results.json and typing.svg (results-gtk4.json and
# results-python.json: the GTK 4 widget, and the C library from Python, each against the placeholder
# an app hand-rolls; heap-breakdown.md: where the widget's memory goes, by allocation site).
BENCH_TOOLS := zenity valgrind heaptrack
# The release compose-window's start is compared with in the same run (#51): the last commit before
# images and replies. Built once as it shipped (its own `make release`), from `git archive`.
BENCH_PREVIOUS := 3d99ef9
PREVIOUS_TREE := .build/previous-release
bench-previous: deps
	@if [ "$$(cat $(PREVIOUS_TREE)/.built 2>/dev/null)" != "$(BENCH_PREVIOUS)" ]; then \
	  rm -rf $(PREVIOUS_TREE) && mkdir -p $(PREVIOUS_TREE) && \
	  git archive --format=tar $(BENCH_PREVIOUS) | tar -x -C $(PREVIOUS_TREE) && \
	  $(MAKE) -C $(PREVIOUS_TREE) --no-print-directory release && echo "$(BENCH_PREVIOUS)" >$(PREVIOUS_TREE)/.built; \
	fi
bench: test-deps bench-previous
	@missing=$$(for p in $(BENCH_TOOLS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	$(SWIFT) build -c release -Xswiftc -warnings-as-errors --product placeholder-bench
	$(MAKE) --no-print-directory release  # compose-window as it ships: static Swift runtime
	$(SWIFT) build $(RELEASE_FLAGS) --product bare-window-swift
	$(SWIFT) build $(RELEASE_FLAGS) --product bare-window-c
	NO_AT_BRIDGE=1 $(WITH_DISPLAY) "$(call BIN,-c release)/placeholder-bench" --output Benchmarks/Results/results.json \
	  --previous "$(CURDIR)/$(PREVIOUS_TREE)/.build/release/compose-window"
	$(SWIFT) build -c release -Xswiftc -warnings-as-errors --product placeholder-bench-gtk4
	$(WITH_DISPLAY) "$(call BIN,-c release)/placeholder-bench-gtk4" --output Benchmarks/Results/results-gtk4.json
	@# From Python: the installed C library against a hand-rolled Python placeholder (scripts/bench-python.py).
	rm -rf .build/bench-prefix && $(MAKE) --no-print-directory install PREFIX=$(CURDIR)/.build/bench-prefix >/dev/null
	GI_TYPELIB_PATH=$(CURDIR)/.build/bench-prefix/lib/girepository-1.0 LD_LIBRARY_PATH=$(CURDIR)/.build/bench-prefix/lib \
	  NO_AT_BRIDGE=1 $(WITH_DISPLAY) /usr/bin/python3 scripts/bench-python.py --output Benchmarks/Results/results-python.json \
	  --probe "$(call BIN,-c release)/placeholder-bench"
	@# Where the widget's memory goes, by allocation site, against the hand-rolled control (heaptrack).
	$(WITH_DISPLAY) python3 scripts/heap-breakdown.py "$(call BIN,-c release)/placeholder-bench" \
	  "$(call BIN,-c release)/placeholder-bench-gtk4" --output Benchmarks/Results/heap-breakdown.md

# The README's pictures: the gallery and the compose window (English, Chinese, discard dialog).
screenshots: test-deps build
	$(WITH_DISPLAY) bash scripts/screenshots.sh "$(call BIN)" Resources/screenshots

# What people install: the Swift runtime linked in (no toolchain needed where it runs), no rpath.
# Relative relocations packed (DT_RELR, with the toolchain's lld) only when asked for
# (PACK_RELOCATIONS=1): the 600 KB of relocation entries the loader reads at every start become 5 KB,
# half a megabyte less resident, but glibc before 2.36 cannot load the binary, and Ubuntu 22.04 LTS
# has 2.35. What ships runs there (make check-deb checks every binary's glibc versions).
PACKED_RELOCATIONS := $(if $(filter 1,$(PACK_RELOCATIONS)),-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)
# Without Swift's implicit _StringProcessing import (Regex, `replacing`: nothing we ship uses them), the
# static runtime linked in is 1.4 MB smaller, for the app and each C library alike.
NO_STRING_PROCESSING := -Xswiftc -Xfrontend -Xswiftc -disable-implicit-string-processing-module-import
RELEASE_FLAGS := -c release -Xswiftc -warnings-as-errors --static-swift-stdlib --disable-local-rpath $(NO_STRING_PROCESSING) \
  $(PACKED_RELOCATIONS)
DATA          := .build/data
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product compose-window
	$(MAKE) --no-print-directory locales CONFIG="-c release"

# Generated at build time: PNG icons from the SVG, the metainfo with its translations merged in.
data:
	@for size in 16 32 48 64 128 256; do \
	  mkdir -p $(DATA)/icons/$$size && \
	  rsvg-convert -w $$size -h $$size Resources/$(APP_ID).svg -o $(DATA)/icons/$$size/$(APP_ID).png || exit 1; \
	done
	msgfmt --xml --template Resources/$(APP_ID).metainfo.xml.in -d Resources/po -o $(DATA)/$(APP_ID).metainfo.xml

# The C libraries for GTK 3 and GTK 4 (scripts/build-clib.sh): self-contained shared objects, GIR,
# typelib, Vala bindings and pkg-config templates in .build/clib, from the release build tree.
CLIB := .build/clib
clib: deps
	SWIFT="$(SWIFT)" SWIFT_BUILD_FLAGS="$(RELEASE_FLAGS)" bash scripts/build-clib.sh $(CLIB)

RELEASE_BIN   := .build/release
LIBDIR        ?= lib
install: release data clib
	$(MAKE) --no-print-directory install-files

# The copying alone (InstalledTests runs it: a build inside `swift test` would wait for its lock).
install-files:
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" LIBDIR="$(LIBDIR)" bash scripts/install.sh install $(RELEASE_BIN) $(DATA) $(CLIB)

uninstall:
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" LIBDIR="$(LIBDIR)" bash scripts/install.sh uninstall $(RELEASE_BIN) $(DATA) $(CLIB)

# What the suites need besides their build, made by every target that runs them (test, coverage;
# MakeTargetTests checks): the compiled translations, the staged install, and the validator the
# Bluesky record is checked with (BlueskyRecordValidationTests).
test-fixtures: locales stage atproto

# atproto (PyPI), the AT Protocol SDK whose models follow the lexicons: a validator no one here wrote,
# in a virtual environment of its own (pinned, so that a new release cannot change a test's verdict).
ATPROTO_VENV := .build/atproto
atproto: $(ATPROTO_VENV)/bin/python
$(ATPROTO_VENV)/bin/python:
	rm -rf $(ATPROTO_VENV) && /usr/bin/python3 -m venv $(ATPROTO_VENV)
	$(ATPROTO_VENV)/bin/pip install --quiet --disable-pip-version-check atproto==0.0.73

# The tree `make test` checks as installed (InstalledTests): a fresh `make install` into .build/stage.
stage:
	rm -rf .build/stage
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/stage PREFIX=/usr

# The Debian packages in .build/deb: compose-window, and the C libraries split as Debian splits them
# (runtime, gir1.2-, -dev, for GTK 3 and GTK 4). check-deb: installed with apt-get, run with the
# toolchain hidden, lintian, removed leaving nothing behind.
deb: release data clib
	bash scripts/make-deb.sh $(RELEASE_BIN) $(DATA)
	bash scripts/make-library-debs.sh $(RELEASE_BIN) $(DATA) $(CLIB)

check-deb: test-deps deb
	$(WITH_DISPLAY) bash scripts/check-deb.sh

clean:
	rm -rf .build

# DocC documentation of GtkPlaceholder as a static site in .build/docs, from the toolchain's docc
# and the symbol graph of a normal build (the re-exported GTK C API filtered out); warnings fail it.
# Then the C libraries' reference, from their GIR by gi-docgen.
docs: test-deps
	rm -rf .build/docs .build/symbol-graphs-own && mkdir -p .build/docs
	for pair in GtkPlaceholder:Gtk3 GtkPlaceholder4:Gtk4; do \
	  module=$${pair%%:*}; directory=Sources/Widget/$${pair#*:}; \
	  $(SWIFT) build --target $$module -Xswiftc -emit-symbol-graph \
	    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$(CURDIR)/.build/symbol-graphs" && \
	  mkdir -p .build/symbol-graphs-own/$$module && \
	  python3 scripts/own-symbols.py .build/symbol-graphs/$$module.symbols.json \
	    .build/symbol-graphs-own/$$module/$$module.symbols.json $$module $$directory && \
	  docc convert $$directory/$$module.docc \
	    --additional-symbol-graph-dir .build/symbol-graphs-own/$$module \
	    --fallback-display-name $$module --fallback-bundle-identifier io.github.gtkplaceholder.$$module \
	    --transform-for-static-hosting --warnings-as-errors \
	    --experimental-documentation-coverage --coverage-summary-level detailed \
	    --output-path .build/docs/$$module || exit 1; \
	done
	$(MAKE) --no-print-directory clib
	@# The C API reference from the GIR (gi-docgen; any warning fails it): .build/docs/GtkPlaceholder-API.
	for api in 3.0 4.0; do \
	  sed -e "s/@API@/$$api/g" -e "s/@GTK@/$${api%.0}/g" \
	    -e "s/@VERSION@/$$(sed -nE 's/^## \[([0-9.]+)\] - .*/\1/p' CHANGELOG.md | head -1)/" \
	    Resources/docs/gtkplaceholder.toml.in >.build/docs/gtkplaceholder-$$api.toml && \
	  gi-docgen generate --quiet --fatal-warnings --config .build/docs/gtkplaceholder-$$api.toml \
	    --output-dir .build/docs $(CLIB)/GtkPlaceholder-$$api.gir || exit 1; \
	done

# Line coverage of Sources by the whole test suite (llvm-cov from the toolchain, matching its
# profile format). The executables' own files are measured by their end-to-end tests only as
# behaviour, not lines: they run as separate processes.
LLVM_COV := $(dir $(shell readlink -f $$(command -v swift)))llvm-cov
coverage: test-deps
	$(SWIFT) build --build-tests --enable-code-coverage
	$(MAKE) --no-print-directory test-fixtures
	NO_AT_BRIDGE=1 $(WITH_DISPLAY) $(SWIFT) test --skip-build --enable-code-coverage >.build/coverage-test.log 2>&1 \
	  || { tail -30 .build/coverage-test.log; exit 1; }
	"$(LLVM_COV)" report "$(call BIN)/GtkPlaceholderPackageTests.xctest" \
	  -instr-profile="$(call BIN)/codecov/default.profdata" \
	  -ignore-filename-regex='(\.build|Tests|Examples|Benchmarks|Tools|Sources/ComposeWindow)/' \
	  | sed "s|$(CURDIR)/||"
