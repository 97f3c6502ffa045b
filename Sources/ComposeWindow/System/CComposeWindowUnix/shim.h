// GLib's Unix sources (SIGTERM/SIGINT/SIGHUP), which the app saves drafts from: its own module, so
// that no library a dependent imports brings glib-unix.h's names.
#include <glib-unix.h>
