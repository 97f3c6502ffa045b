// Pango (with GObject) as one Clang module: the text layout both GTK 3 and GTK 4 use, for the
// placeholder logic the two widgets share (PlaceholderCore).
#include <pango/pango.h>

// The direction of a text's first strong character, as GtkTextView finds a paragraph's (GTK 3's text
// B-tree calls pango_find_base_dir): no layout and no fonts. Pango deprecated the function in 1.44
// in favour of calling FriBidi directly, which it wraps; called through here, warning-free.
static inline PangoDirection gtkplaceholder_find_base_dir(const char *text, int length) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    return pango_find_base_dir(text, length);
    G_GNUC_END_IGNORE_DEPRECATIONS
}
