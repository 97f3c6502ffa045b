// Pango (with GObject) as one Clang module: the text layout both GTK 3 and GTK 4 use, for the
// placeholder logic the two widgets share (PlaceholderCore).
#include <pango/pango.h>
