// The placeholder as a GTK 4 app writes it by hand, in C (as Tuba's composer does in Vala): the
// cheapest it gets (a plain C handler with the label as its data; nothing allocated for it but
// GLib's closure).
#include "hand_rolled.h"

static void show_label_while_empty(GtkTextBuffer *buffer, gpointer label) {
    gtk_widget_set_visible(GTK_WIDGET(label), gtk_text_buffer_get_char_count(buffer) == 0);
}

GtkWidget *hand_rolled_placeholder_new(const char *text, GtkTextView **text_view) {
    GtkWidget *view = gtk_text_view_new();
    gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(view), GTK_WRAP_WORD_CHAR);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);

    GtkWidget *label = gtk_label_new(text);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_yalign(GTK_LABEL(label), 0);
    gtk_widget_set_valign(label, GTK_ALIGN_START);
    gtk_widget_set_can_target(label, FALSE);
    gtk_widget_set_can_focus(label, FALSE);
    gtk_widget_add_css_class(label, "dim-label");
    gtk_widget_add_css_class(label, "placeholder");

    GtkWidget *overlay = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(overlay), scrolled);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), label);
    g_signal_connect(gtk_text_view_get_buffer(GTK_TEXT_VIEW(view)), "changed",
                     G_CALLBACK(show_label_while_empty), label);
    *text_view = GTK_TEXT_VIEW(view);
    return overlay;
}
