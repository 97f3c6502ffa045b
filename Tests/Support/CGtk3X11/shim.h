// GTK 3's X11 backend (X window ids for xdotool), for the tests alone: Xlib's names (Window, Font,
// Display…) stay out of every module a dependent imports.
#include "../../../Sources/System/APIVersions/gtk3.h"
#include <gdk/gdkx.h>
