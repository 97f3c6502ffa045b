/* The C API of PlaceholderTextView: the type is registered by the Swift widget
 * (placeholder_text_view_get_type, exported by GtkPlaceholderTypeExport); every accessor here goes
 * through its GObject properties, the same path GtkBuilder, Python and GJS take.
 * SPDX-License-Identifier: MIT */
#include "gtkplaceholder.h"

#include <sys/syscall.h>
#include <unistd.h>

/* Every function checks its thread and arguments as GTK's own do (g_return_if_fail: one critical,
 * nothing done): PlaceholderTextView, like all of GTK, lives on the main thread, the process's first
 * (on Linux, the one whose thread id is the process id). placeholder_text_view_get_type() alone may be
 * called from any thread. */
static gboolean
on_main_thread (void)
{
  return syscall (SYS_gettid) == getpid ();
}

/* Getters return memory the widget owns (transfer none), as GTK's own getters do: the last value
 * read is kept on the instance until the next read of the same property or the widget's end. */
static gpointer
keep_on_instance (PlaceholderTextView *self, const char *key, gpointer value, GDestroyNotify free_value)
{
  g_object_set_data_full (G_OBJECT (self), key, value, free_value);
  return value;
}

/* The properties, as the Swift type installs them (documented here for the GIR). */

/**
 * PlaceholderTextView:placeholder-text:
 *
 * The placeholder, shown as plain text (never Pango markup) while the buffer is empty and no input
 * method is composing. Empty shows none.
 */

/**
 * PlaceholderTextView:placeholder-color:
 *
 * An explicit colour for the placeholder; %NULL (the default) follows the theme's dim colour. In .ui
 * files, any string gdk_rgba_parse() reads.
 */

/**
 * PlaceholderTextView:font:
 *
 * The text view's font as a Pango description ("Sans 15"), which the placeholder follows; %NULL
 * follows the theme.
 */

/**
 * PlaceholderTextView:hides-placeholder:
 *
 * Hides the placeholder whatever the buffer holds.
 */

/**
 * PlaceholderTextView:placeholder-visible:
 *
 * Whether the placeholder is shown now; notified once per change.
 */

/**
 * PlaceholderTextView:text-view:
 *
 * The text view it wraps (a GtkSourceView, say), given at construction; unset makes a
 * [class@Gtk.TextView] that wraps at word or character boundaries.
 */

/**
 * placeholder_text_view_new:
 *
 * Creates a placeholder text view around a new [class@Gtk.TextView] that wraps at word or
 * character boundaries, as a compose field wants.
 *
 * Returns: (transfer floating): a new `PlaceholderTextView`
 */
GtkWidget *
placeholder_text_view_new (void)
{
  g_return_val_if_fail (on_main_thread (), NULL);
  return g_object_new (PLACEHOLDER_TYPE_TEXT_VIEW, NULL);
}

/**
 * placeholder_text_view_new_with_text_view:
 * @text_view: an unparented text view to wrap (a GtkSourceView, say)
 *
 * Creates a placeholder text view around @text_view.
 *
 * Returns: (transfer floating): a new `PlaceholderTextView`
 */
GtkWidget *
placeholder_text_view_new_with_text_view (GtkTextView *text_view)
{
  g_return_val_if_fail (on_main_thread (), NULL);
  g_return_val_if_fail (GTK_IS_TEXT_VIEW (text_view), NULL);
  return g_object_new (PLACEHOLDER_TYPE_TEXT_VIEW, "text-view", text_view, NULL);
}

/**
 * placeholder_text_view_get_text_view:
 * @self: a `PlaceholderTextView`
 *
 * Returns: (transfer none): the text view it wraps
 */
GtkTextView *
placeholder_text_view_get_text_view (PlaceholderTextView *self)
{
  GtkTextView *text_view = NULL;

  g_return_val_if_fail (on_main_thread (), NULL);
  g_return_val_if_fail (PLACEHOLDER_IS_TEXT_VIEW (self), NULL);
  g_object_get (self, "text-view", &text_view, NULL);
  /* The widget holds the text view for its whole life. */
  g_object_unref (text_view);
  return text_view;
}

/**
 * placeholder_text_view_get_placeholder_text:
 * @self: a `PlaceholderTextView`
 *
 * Returns: (transfer none): the placeholder, shown as plain text; empty shows none
 */
const char *
placeholder_text_view_get_placeholder_text (PlaceholderTextView *self)
{
  char *text = NULL;

  g_return_val_if_fail (on_main_thread (), NULL);
  g_return_val_if_fail (PLACEHOLDER_IS_TEXT_VIEW (self), NULL);
  g_object_get (self, "placeholder-text", &text, NULL);
  return keep_on_instance (self, "placeholder-c-api-placeholder-text", text, g_free);
}

/**
 * placeholder_text_view_set_placeholder_text:
 * @self: a `PlaceholderTextView`
 * @text: (nullable): the placeholder (plain text, never markup); %NULL or empty shows none
 */
void
placeholder_text_view_set_placeholder_text (PlaceholderTextView *self, const char *text)
{
  g_return_if_fail (on_main_thread ());
  g_return_if_fail (PLACEHOLDER_IS_TEXT_VIEW (self));
  g_object_set (self, "placeholder-text", text, NULL);
}

/**
 * placeholder_text_view_get_placeholder_color:
 * @self: a `PlaceholderTextView`
 *
 * Returns: (transfer none) (nullable): the explicit placeholder colour, or %NULL when the theme's
 *   applies
 */
const GdkRGBA *
placeholder_text_view_get_placeholder_color (PlaceholderTextView *self)
{
  GdkRGBA *color = NULL;

  g_return_val_if_fail (on_main_thread (), NULL);
  g_return_val_if_fail (PLACEHOLDER_IS_TEXT_VIEW (self), NULL);
  g_object_get (self, "placeholder-color", &color, NULL);
  return keep_on_instance (self, "placeholder-c-api-placeholder-color", color, (GDestroyNotify) gdk_rgba_free);
}

/**
 * placeholder_text_view_set_placeholder_color:
 * @self: a `PlaceholderTextView`
 * @color: (nullable): an explicit colour, or %NULL to follow the theme
 */
void
placeholder_text_view_set_placeholder_color (PlaceholderTextView *self, const GdkRGBA *color)
{
  g_return_if_fail (on_main_thread ());
  g_return_if_fail (PLACEHOLDER_IS_TEXT_VIEW (self));
  g_object_set (self, "placeholder-color", color, NULL);
}

/**
 * placeholder_text_view_get_font:
 * @self: a `PlaceholderTextView`
 *
 * Returns: (transfer none) (nullable): the text view's font as a Pango description ("Sans 15"),
 *   or %NULL when the theme's applies
 */
const char *
placeholder_text_view_get_font (PlaceholderTextView *self)
{
  char *font = NULL;

  g_return_val_if_fail (on_main_thread (), NULL);
  g_return_val_if_fail (PLACEHOLDER_IS_TEXT_VIEW (self), NULL);
  g_object_get (self, "font", &font, NULL);
  return keep_on_instance (self, "placeholder-c-api-font", font, g_free);
}

/**
 * placeholder_text_view_set_font:
 * @self: a `PlaceholderTextView`
 * @font: (nullable): a Pango font description for the text view and its placeholder, or %NULL
 *   for the theme's
 */
void
placeholder_text_view_set_font (PlaceholderTextView *self, const char *font)
{
  g_return_if_fail (on_main_thread ());
  g_return_if_fail (PLACEHOLDER_IS_TEXT_VIEW (self));
  g_object_set (self, "font", font, NULL);
}

/**
 * placeholder_text_view_get_hides_placeholder:
 * @self: a `PlaceholderTextView`
 *
 * Returns: whether the placeholder is hidden whatever the buffer holds
 */
gboolean
placeholder_text_view_get_hides_placeholder (PlaceholderTextView *self)
{
  gboolean hides = FALSE;

  g_return_val_if_fail (on_main_thread (), FALSE);
  g_return_val_if_fail (PLACEHOLDER_IS_TEXT_VIEW (self), FALSE);
  g_object_get (self, "hides-placeholder", &hides, NULL);
  return hides;
}

/**
 * placeholder_text_view_set_hides_placeholder:
 * @self: a `PlaceholderTextView`
 * @hides: %TRUE to hide the placeholder whatever the buffer holds
 */
void
placeholder_text_view_set_hides_placeholder (PlaceholderTextView *self, gboolean hides)
{
  g_return_if_fail (on_main_thread ());
  g_return_if_fail (PLACEHOLDER_IS_TEXT_VIEW (self));
  g_object_set (self, "hides-placeholder", hides, NULL);
}

/**
 * placeholder_text_view_get_placeholder_visible:
 * @self: a `PlaceholderTextView`
 *
 * Returns: whether the placeholder is shown now (notified as `placeholder-visible`)
 */
gboolean
placeholder_text_view_get_placeholder_visible (PlaceholderTextView *self)
{
  gboolean visible = FALSE;

  g_return_val_if_fail (on_main_thread (), FALSE);
  g_return_val_if_fail (PLACEHOLDER_IS_TEXT_VIEW (self), FALSE);
  g_object_get (self, "placeholder-visible", &visible, NULL);
  return visible;
}
