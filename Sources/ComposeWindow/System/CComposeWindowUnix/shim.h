// GLib's Unix sources (SIGTERM/SIGINT/SIGHUP), which the app saves drafts from, and the timerfd its
// wall-clock waits use: its own module, so that no library a dependent imports brings their names.
#include <glib-unix.h>
#include <sys/timerfd.h>
