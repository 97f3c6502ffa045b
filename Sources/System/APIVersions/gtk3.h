// GTK 3 as every GTK 3 distribution ships it (3.24), with GLib and its peers pinned (glib.h).
#pragma once
#include "glib.h"
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_3_24
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_3_24
