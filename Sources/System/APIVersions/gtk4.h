// GTK 4.8 (Debian 12), the oldest GTK 4 supported, with GLib and its peers pinned (glib.h). GTK 4.10
// deprecated GtkStyleContext, whose margin, border and padding the GTK 4 widget reads; GTK 4 keeps it
// (GTK 5 will not), and nothing newer gives those values on 4.8.
#pragma once
#include "glib.h"
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8
