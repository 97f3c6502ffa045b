// GLib and GObject as one Clang module, for the glue both toolkits share (PlaceholderGObjectGlue).
#include <glib-object.h>
#include <sys/syscall.h>
#include <unistd.h>

// Whether the caller is the process's first thread, where GTK and Swift's main actor run (Linux: its
// thread id is the process id). A check that answers instead of trapping, as GLib's checks do.
static inline gboolean gtkplaceholder_is_main_thread(void) {
    return syscall(SYS_gettid) == getpid();
}
