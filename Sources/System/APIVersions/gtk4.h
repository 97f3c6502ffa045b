// GTK 4 pinned at 4.8 (Debian 12), the oldest GTK 4 supported, with GDK's own version macros: GTK 4.10
// deprecated GtkStyleContext, whose margin, border and padding the GTK 4 widget reads (GTK 4 keeps it,
// GTK 5 will not, and nothing newer gives those values on 4.8), so later deprecations must not warn;
// a call to anything newer than 4.8 is marked unavailable and fails a -warnings-as-errors build
// everywhere. Why GLib is not pinned: gtk3.h.
#pragma once
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8
