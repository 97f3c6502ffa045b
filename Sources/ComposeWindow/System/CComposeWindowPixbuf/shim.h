// gdk-pixbuf decodes, turns, scales and encodes images made fit to post (its savers write no
// metadata). No GTK.
#include <gdk-pixbuf/gdk-pixbuf.h>

/* GdkPixbufLoader::size-prepared's shape, as a GCallback (a link card's picture is sized on it). */
static inline GCallback compose_window_size_prepared_callback(void (*callback)(GdkPixbufLoader *, gint, gint, gpointer)) {
    return (GCallback)callback;
}
