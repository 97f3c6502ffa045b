// `--compose-widgets`: compose-window's window built by GTK alone, the control that separates what
// its widgets cost (GtkSourceView, the header bar, a placeholder, a counter) from what the app adds.
// The same tree and settings as Resources/compose-window.ui and ComposeLayout: a header bar with a
// regular-weight title, Cancel and Send (insensitive while empty); a GtkSourceView (loaded at run
// time, so the plain window links GTK only) without style schemes or bracket matching; a dim
// placeholder label in the text window, hidden by the first character; a character counter under
// it refreshed at most every 100 ms.
#include "compose_widgets.h"

#include <gmodule.h>

typedef struct {
    GtkWidget *placeholder, *counter, *send;
    GtkTextBuffer *buffer;
    gint64 shown_at;
    guint pending;
} Compose;

static void show_count(Compose *compose) {
    char text[32];
    g_snprintf(text, sizeof text, "%d", gtk_text_buffer_get_char_count(compose->buffer));
    gtk_label_set_text(GTK_LABEL(compose->counter), text);
    compose->shown_at = g_get_monotonic_time();
}

static gboolean show_pending_count(gpointer data) {
    Compose *compose = data;
    compose->pending = 0;
    show_count(compose);
    return G_SOURCE_REMOVE;
}

static void text_changed(GtkTextBuffer *buffer, gpointer data) {
    Compose *compose = data;
    gboolean empty = gtk_text_buffer_get_char_count(buffer) == 0;
    gtk_widget_set_visible(compose->placeholder, empty);
    gtk_widget_set_sensitive(compose->send, !empty);
    gint64 elapsed = g_get_monotonic_time() - compose->shown_at;
    if (elapsed >= 100000) {
        show_count(compose);
    } else if (!compose->pending) {
        compose->pending = g_timeout_add((guint)((100000 - elapsed) / 1000) + 1, show_pending_count, compose);
    }
}

/// GtkSourceView 4's view type with no style scheme search path, or 0 if the library is missing.
static GType source_view_type(void) {
    GModule *library = g_module_open("libgtksourceview-4.so.0", G_MODULE_BIND_LAZY);
    gpointer get_type, get_manager, set_path;
    if (!library || !g_module_symbol(library, "gtk_source_view_get_type", &get_type) ||
        !g_module_symbol(library, "gtk_source_style_scheme_manager_get_default", &get_manager) ||
        !g_module_symbol(library, "gtk_source_style_scheme_manager_set_search_path", &set_path))
        return 0;
    gchar *no_directories[] = {NULL};
    ((void (*)(gpointer, gchar **))set_path)(((gpointer (*)(void))get_manager)(), no_directories);
    return ((GType (*)(void))get_type)();
}

static GtkWidget *button(const char *label, GtkWidget *header, gboolean at_end) {
    GtkWidget *widget = gtk_button_new_with_mnemonic(label);
    if (at_end) gtk_header_bar_pack_end(GTK_HEADER_BAR(header), widget);
    else gtk_header_bar_pack_start(GTK_HEADER_BAR(header), widget);
    return widget;
}

GtkWidget *compose_widgets(GtkWidget *window, GString *text, GtkWidget **text_view) {
    GType type = source_view_type();
    if (!type) return NULL;
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css, "headerbar .title { font-weight: normal; }", -1, NULL);
    gtk_style_context_add_provider_for_screen(
        gdk_screen_get_default(), GTK_STYLE_PROVIDER(css), GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(css);

    Compose *compose = g_new0(Compose, 1);
    GtkWidget *header = gtk_header_bar_new();
    gtk_header_bar_set_title(GTK_HEADER_BAR(header), "New Post");
    button("_Cancel", header, FALSE);
    compose->send = button("_Send", header, TRUE);
    gtk_style_context_add_class(gtk_widget_get_style_context(compose->send), "suggested-action");
    gtk_window_set_titlebar(GTK_WINDOW(window), header);

    GtkWidget *view = g_object_new(type, NULL);
    compose->buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(view));
    g_object_set(compose->buffer, "highlight-matching-brackets", FALSE, NULL);
    compose->placeholder = gtk_label_new("Share something new…");
    gtk_style_context_add_class(gtk_widget_get_style_context(compose->placeholder), "dim-label");
    gtk_widget_set_no_show_all(compose->placeholder, TRUE);  // text_changed decides
    gtk_text_view_add_child_in_window(GTK_TEXT_VIEW(view), compose->placeholder, GTK_TEXT_WINDOW_TEXT, 10, 0);

    compose->counter = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(compose->counter), 1);
    gtk_widget_set_margin_end(compose->counter, 12);
    gtk_widget_set_margin_top(compose->counter, 4);
    gtk_widget_set_margin_bottom(compose->counter, 6);
    gtk_style_context_add_class(gtk_widget_get_style_context(compose->counter), "dim-label");

    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_container_add(GTK_CONTAINER(scrolled), view);
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_pack_start(GTK_BOX(column), scrolled, TRUE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(column), compose->counter, FALSE, FALSE, 0);
    g_signal_connect(compose->buffer, "changed", G_CALLBACK(text_changed), compose);
    gtk_text_buffer_set_text(compose->buffer, text->str, (gint)text->len);
    text_changed(compose->buffer, compose);
    *text_view = view;
    return column;
}
