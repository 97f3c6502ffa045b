// GLib and GObject as one Clang module, for the glue both toolkits share (PlaceholderGObjectGlue).
#include "../APIVersions/glib.h"
#include <glib-object.h>
