// bare-window-c: the physical limit the benchmark compares compose-window with — GTK 3 alone.
// A text view in a scrolled window, the same size, wrap mode and margins as compose-window's,
// holding standard input. `--spell LANG` adds gspell's inline checking, loaded at run time so that
// the plain window links GTK only: the control that shows what spell checking costs in C.
// `--compose-widgets` builds compose-window's own widgets instead (compose_widgets.c).
// Bench-only: not installed.
#include "compose_widgets.h"

#include <gmodule.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

/// gspell's inline checking on `view` in `language`, as compose-window sets it up; FALSE if gspell
/// or the dictionary is missing.
static gboolean attach_spell_checking(GtkTextView *view, const char *language) {
    GModule *gspell = g_module_open("libgspell-1.so.2", G_MODULE_BIND_LAZY);
    gpointer lookup, checker_new, buffer_get, set_checker, view_get, set_inline;
    if (!gspell || !g_module_symbol(gspell, "gspell_language_lookup", &lookup) ||
        !g_module_symbol(gspell, "gspell_checker_new", &checker_new) ||
        !g_module_symbol(gspell, "gspell_text_buffer_get_from_gtk_text_buffer", &buffer_get) ||
        !g_module_symbol(gspell, "gspell_text_buffer_set_spell_checker", &set_checker) ||
        !g_module_symbol(gspell, "gspell_text_view_get_from_gtk_text_view", &view_get) ||
        !g_module_symbol(gspell, "gspell_text_view_set_inline_spell_checking", &set_inline))
        return FALSE;
    gconstpointer found = ((gconstpointer (*)(const char *))lookup)(language);
    if (!found) return FALSE;
    gpointer checker = ((gpointer (*)(gconstpointer))checker_new)(found);
    gpointer buffer = ((gpointer (*)(GtkTextBuffer *))buffer_get)(gtk_text_view_get_buffer(view));
    ((void (*)(gpointer, gpointer))set_checker)(buffer, checker);
    g_object_unref(checker);
    ((void (*)(gpointer, gboolean))set_inline)(((gpointer (*)(GtkTextView *))view_get)(view), TRUE);
    return TRUE;
}

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
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gboolean compose = argc == 2 && strcmp(argv[1], "--compose-widgets") == 0;
    GtkWidget *view = NULL, *content;
    if (compose) {
        content = compose_widgets(window, text, &view);
        if (!content) {
            fputs("bare-window-c: no GtkSourceView 4\n", stderr);
            return 2;
        }
    } else {
        view = gtk_text_view_new();
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(view)), text->str, (gint)text->len);
        content = gtk_scrolled_window_new(NULL, NULL);
        gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(content), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
        gtk_container_add(GTK_CONTAINER(content), view);
    }
    g_string_free(text, TRUE);
    gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(view), GTK_WRAP_WORD_CHAR);
    gtk_text_view_set_left_margin(GTK_TEXT_VIEW(view), 10);
    gtk_text_view_set_right_margin(GTK_TEXT_VIEW(view), 10);
    gtk_text_view_set_top_margin(GTK_TEXT_VIEW(view), 8);
    gtk_text_view_set_bottom_margin(GTK_TEXT_VIEW(view), 8);
    gtk_window_set_title(GTK_WINDOW(window), compose ? "New Post" : "bare");
    gtk_window_set_default_size(GTK_WINDOW(window), 480, 320);
    gtk_container_add(GTK_CONTAINER(window), content);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    gtk_widget_show_all(window);
    gtk_widget_grab_focus(view);
    if (argc == 3 && strcmp(argv[1], "--spell") == 0 && !attach_spell_checking(GTK_TEXT_VIEW(view), argv[2])) {
        fprintf(stderr, "bare-window-c: no gspell dictionary for %s\n", argv[2]);
        return 2;
    }
    gtk_main();
    return 0;
}
