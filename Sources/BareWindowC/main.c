// bare-window-c: the physical limit the benchmark compares compose-window with — GTK 3 alone.
// A text view in a scrolled window, the same size, wrap mode and margins as compose-window's,
// holding standard input. Bench-only: not installed.
#include <gtk/gtk.h>
#include <stdio.h>

static GString *read_standard_input(void) {
    GString *text = g_string_new(NULL);
    char chunk[65536];
    size_t count;
    while ((count = fread(chunk, 1, sizeof chunk, stdin)) > 0) g_string_append_len(text, chunk, (gssize)count);
    return text;
}

int main(int argc, char **argv) {
    GString *text = read_standard_input();
    if (!gtk_init_check(&argc, &argv)) {
        fputs("bare-window-c: cannot open a display\n", stderr);
        return 3;
    }
    GtkWidget *view = gtk_text_view_new();
    gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(view), GTK_WRAP_WORD_CHAR);
    gtk_text_view_set_left_margin(GTK_TEXT_VIEW(view), 10);
    gtk_text_view_set_right_margin(GTK_TEXT_VIEW(view), 10);
    gtk_text_view_set_top_margin(GTK_TEXT_VIEW(view), 8);
    gtk_text_view_set_bottom_margin(GTK_TEXT_VIEW(view), 8);
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(view));
    gtk_text_buffer_set_text(buffer, text->str, (gint)text->len);
    g_string_free(text, TRUE);

    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_container_add(GTK_CONTAINER(scrolled), view);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "bare");
    gtk_window_set_default_size(GTK_WINDOW(window), 480, 320);
    gtk_container_add(GTK_CONTAINER(window), scrolled);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    gtk_widget_show_all(window);
    gtk_widget_grab_focus(view);
    gtk_main();
    return 0;
}
