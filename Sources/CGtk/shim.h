// The GTK 3 C API as one Clang module; gdkx.h adds the X11 window ids the tests hand to xdotool.
#include <gtk/gtk.h>
#include <gdk/gdkx.h>
