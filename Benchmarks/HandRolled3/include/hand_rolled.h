// The control the widget's benchmarks compare with: the placeholder a C app hand-rolls (bench-only).
#ifndef HAND_ROLLED_H
#define HAND_ROLLED_H

/* The API pinned as in every module Swift imports GTK through: their definitions must agree. */
#include "../../../Sources/System/APIVersions/gtk3.h"
#include <gtk/gtk.h>

/// A GtkOverlay over a scrolled GtkTextView (wrapping word-or-char, as PlaceholderTextView's) and a
/// GtkLabel showing `text` with the placeholder's own settings: wrapping word-or-char, top-left, the
/// "dim-label" and "placeholder" style classes, clicks passing through, no focus; one "changed"
/// handler shows it while the buffer is empty. The text view is returned in `text_view`.
GtkWidget *hand_rolled_placeholder_new(const char *text, GtkTextView **text_view);

#endif
