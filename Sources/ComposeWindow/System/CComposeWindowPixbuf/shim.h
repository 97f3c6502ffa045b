// gdk-pixbuf decodes, turns, scales and encodes images made fit to post (its savers write no
// metadata). No GTK.
#include <gdk-pixbuf/gdk-pixbuf.h>

/* An animation's iterator at `milliseconds` from its start: GdkPixbufAnimationIter takes GTimeVal,
 * which GLib deprecated with no replacement in gdk-pixbuf (an animated GIF's frames are walked
 * with it, each at the time its delays add up to). */
static inline GdkPixbufAnimationIter *compose_window_animation_iter(GdkPixbufAnimation *animation) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GTimeVal start = {0, 0};
    return gdk_pixbuf_animation_get_iter(animation, &start);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

static inline gboolean compose_window_animation_advance(GdkPixbufAnimationIter *iter, gint64 milliseconds) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GTimeVal time = {(glong)(milliseconds / 1000), (glong)(milliseconds % 1000) * 1000};
    return gdk_pixbuf_animation_iter_advance(iter, &time);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

/* GdkPixbufLoader::size-prepared's shape, as a GCallback (a link card's picture is sized on it). */
static inline GCallback compose_window_size_prepared_callback(void (*callback)(GdkPixbufLoader *, gint, gint, gpointer)) {
    return (GCallback)callback;
}
