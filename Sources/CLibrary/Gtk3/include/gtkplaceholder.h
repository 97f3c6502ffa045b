/* GtkPlaceholder — a GtkTextView with a placeholder, for C, Python, JavaScript and Vala.
 * SPDX-License-Identifier: MIT
 *
 * One header for both libraries: gtkplaceholder-3.0 (GTK 3) and gtkplaceholder-4.0 (GTK 4). The
 * parent type follows the GTK the includer compiles against. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PLACEHOLDER_TYPE_TEXT_VIEW (placeholder_text_view_get_type ())

/**
 * PlaceholderTextView:
 *
 * A scrolled [class@Gtk.TextView] showing a placeholder ("Share something new…") exactly where the
 * first typed character will appear, while its buffer is empty and no input method is composing.
 *
 * The placeholder follows the text view's font, margins, wrapping, justification and direction.
 * The text view is the internal child `text_view` in .ui files, the scrolled window `scrolled_window`.
 *
 * In GTK 3 it is a [class@Gtk.Overlay]; in GTK 4 a [class@Gtk.Widget].
 */
#if GTK_CHECK_VERSION (4, 0, 0)
G_DECLARE_FINAL_TYPE (PlaceholderTextView, placeholder_text_view, PLACEHOLDER, TEXT_VIEW, GtkWidget)
#else
G_DECLARE_FINAL_TYPE (PlaceholderTextView, placeholder_text_view, PLACEHOLDER, TEXT_VIEW, GtkOverlay)
#endif

GtkWidget *placeholder_text_view_new (void);
GtkWidget *placeholder_text_view_new_with_text_view (GtkTextView *text_view);

GtkTextView *placeholder_text_view_get_text_view (PlaceholderTextView *self);

const char *placeholder_text_view_get_placeholder_text (PlaceholderTextView *self);
void placeholder_text_view_set_placeholder_text (PlaceholderTextView *self, const char *text);

const GdkRGBA *placeholder_text_view_get_placeholder_color (PlaceholderTextView *self);
void placeholder_text_view_set_placeholder_color (PlaceholderTextView *self, const GdkRGBA *color);

const char *placeholder_text_view_get_font (PlaceholderTextView *self);
void placeholder_text_view_set_font (PlaceholderTextView *self, const char *font);

gboolean placeholder_text_view_get_hides_placeholder (PlaceholderTextView *self);
void placeholder_text_view_set_hides_placeholder (PlaceholderTextView *self, gboolean hides);

gboolean placeholder_text_view_get_placeholder_visible (PlaceholderTextView *self);

G_END_DECLS
