#pragma once
#include <gtk/gtk.h>

/// compose-window's widgets in `window` holding `text`: the column to add to the window, with the
/// GtkSourceView in `text_view`; NULL if GtkSourceView 4 is missing.
GtkWidget *compose_widgets(GtkWidget *window, GString *text, GtkWidget **text_view);
