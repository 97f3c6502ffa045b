// The GTK 4 C API as one Clang module (never imported beside CPlaceholderGtk3: GTK 3 and GTK 4 cannot share a
// process).
#include "../APIVersions/gtk4.h"
#include <gtk/gtk.h>

// Loads CSS text (gtk_css_provider_load_from_data is deprecated since 4.12 in favour of
// load_from_string, which 4.8 lacks): one call that builds warning-free against both.
static inline void gtkplaceholder_css_load(GtkCssProvider *provider, const char *css) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_css_provider_load_from_data(provider, css, -1);
    G_GNUC_END_IGNORE_DEPRECATIONS
}
