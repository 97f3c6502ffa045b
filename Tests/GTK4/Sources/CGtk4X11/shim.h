// GTK 4's X11 backend, for the GTK 4 tests only: window ids that xdotool focuses and types into.
#include "../../../../Sources/System/APIVersions/gtk4.h"
#include <gdk/x11/gdkx.h>
