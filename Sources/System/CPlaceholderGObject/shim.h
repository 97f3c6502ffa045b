// GLib and GObject as one Clang module, for the glue both toolkits share (PlaceholderGObjectGlue);
// glib-unix.h the SIGTERM/SIGINT/SIGHUP sources.
#include <glib-object.h>
#include <glib-unix.h>
