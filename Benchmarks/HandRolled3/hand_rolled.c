// The placeholder as a GTK 3 app writes it by hand, in C: the cheapest it gets (a plain C handler
// with the label as its data; nothing allocated for it but GLib's closure).
#include "hand_rolled.h"

static void show_label_while_empty(GtkTextBuffer *buffer, gpointer label) {
    gtk_widget_set_visible(GTK_WIDGET(label), gtk_text_buffer_get_char_count(buffer) == 0);
}

GtkWidget *hand_rolled_placeholder_new(const char *text, GtkTextView **text_view) {
    GtkWidget *view = gtk_text_view_new();
    gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(view), GTK_WRAP_WORD_CHAR);
    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_container_add(GTK_CONTAINER(scrolled), view);

    GtkWidget *label = gtk_label_new(text);
    gtk_label_set_line_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_line_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_yalign(GTK_LABEL(label), 0);
    gtk_widget_set_valign(label, GTK_ALIGN_START);
    gtk_widget_set_can_focus(label, FALSE);
    GtkStyleContext *context = gtk_widget_get_style_context(label);
    gtk_style_context_add_class(context, "dim-label");
    gtk_style_context_add_class(context, "placeholder");

    GtkWidget *overlay = gtk_overlay_new();
    gtk_container_add(GTK_CONTAINER(overlay), scrolled);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), label);
    gtk_overlay_set_overlay_pass_through(GTK_OVERLAY(overlay), label, TRUE);
    g_signal_connect(gtk_text_view_get_buffer(GTK_TEXT_VIEW(view)), "changed",
                     G_CALLBACK(show_label_while_empty), label);
    *text_view = GTK_TEXT_VIEW(view);
    return overlay;
}
