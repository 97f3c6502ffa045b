// The GTK 4 C API as one Clang module (never imported beside CGtk: GTK 3 and GTK 4 cannot share a
// process).
#include <gtk/gtk.h>

// A widget's CSS padding. GTK 4 has no other public reader than GtkStyleContext, deprecated since
// 4.10 but kept until GTK 5; GtkTextView adds this padding to its margins, and the placeholder
// must know it to wrap at the text's width. Here, so that builds against GTK 4.10+ stay warning-free.
static inline GtkBorder gtkplaceholder_css_padding(GtkWidget *widget) {
    GtkBorder padding = {0, 0, 0, 0};
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_padding(gtk_widget_get_style_context(widget), &padding);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return padding;
}

// Loads CSS text (gtk_css_provider_load_from_data is deprecated since 4.12 in favour of
// load_from_string, which 4.8 lacks): one call that builds warning-free against both.
static inline void gtkplaceholder_css_load(GtkCssProvider *provider, const char *css) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_css_provider_load_from_data(provider, css, -1);
    G_GNUC_END_IGNORE_DEPRECATIONS
}
