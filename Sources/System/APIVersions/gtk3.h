// GTK 3 pinned at 3.24, the version every GTK 3 distribution ships, with GDK's own version macros:
// nothing a later release deprecates warns (a -warnings-as-errors build never breaks on a newer
// distribution), and a call to anything newer would be marked unavailable here and fail that build
// everywhere. Every C module Swift imports GTK 3 through includes this first.
//
// GLib and Pango are not pinned: their version macros change the bodies of inline functions in their
// headers (g_string_free's, from GLib 2.76), and Clang refuses two modules that define one inline
// function differently, so our module beside a dependent's own GTK module (swift-cross-ui's, say) would
// not build. scripts/check-debian.sh shows GLib's newer deprecations do not reach our calls.
#pragma once
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_3_24
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_3_24
