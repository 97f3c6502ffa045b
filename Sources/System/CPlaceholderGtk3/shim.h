// The GTK 3 C API as one Clang module; gdkx.h adds the X11 window ids the tests hand to xdotool,
// glib-unix.h the SIGTERM/SIGINT/SIGHUP sources the app saves drafts from.
#include <gtk/gtk.h>
#include <gdk/gdkx.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
