// The GTK 3 C API as one Clang module, and nothing else: a dependent that imports GtkPlaceholder gets
// GTK's names, never Xlib's (Window, Font, Display…), glib-unix's or gettext's macros.
#include "../APIVersions/gtk3.h"
#include <gtk/gtk.h>
