// GLib and GObject as one Clang module, for the glue both toolkits share (PlaceholderGObjectGlue).
#include <glib-object.h>
