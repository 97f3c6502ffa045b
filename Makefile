# Everything a fresh Debian machine needs: `make run` and `make test` install their own packages.
SWIFT      ?= swift
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# GTK 3 for the library; Xvfb, xauth and xdotool for the GUI tests; fonts for deterministic pixels
# (DejaVu for Latin/Hebrew/Arabic, WenQuanYi for Chinese); imagemagick for screenshots.
APT_PACKAGES := libgtk-3-dev xvfb xauth xdotool imagemagick fonts-dejavu-core fonts-wqy-microhei
XVFB_ARGS  := -s "-screen 0 1280x1024x24 -noreset"
# Xvfb only when there is no display already (a desktop user keeps theirs).
WITH_DISPLAY = $(if $(DISPLAY),,xvfb-run -a $(XVFB_ARGS))

.PHONY: all deps build run test clean

all: build

deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -Xswiftc -warnings-as-errors

run: build
	$(SWIFT) run placeholder-demo

test: deps
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	NO_AT_BRIDGE=1 G_DEBUG=fatal-criticals $(WITH_DISPLAY) $(SWIFT) test --skip-build

clean:
	rm -rf .build
