/* The C library as a C program uses it: built with `pkg-config --cflags --libs gtkplaceholder-API`
 * against the installed files. Usage: binding-test UI_FILE [CYCLES]. Prints one line per check;
 * exits 1 at the first that fails. */
#include <gtkplaceholder.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int notifications;
static int finalized;

static void
check (gboolean ok, const char *what)
{
  printf ("%s %s\n", ok ? "ok" : "FAILED", what);
  if (!ok)
    exit (1);
}

static void
count_notify (G_GNUC_UNUSED GObject *object, G_GNUC_UNUSED GParamSpec *spec, G_GNUC_UNUSED gpointer data)
{
  notifications++;
}

static void
count_finalized (G_GNUC_UNUSED gpointer data, G_GNUC_UNUSED GObject *where_the_object_was)
{
  finalized++;
}

static void
set_text (PlaceholderTextView *view, const char *text)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (placeholder_text_view_get_text_view (view)), text, -1);
}

/* Sinks the floating reference and lets the widget go, as a container would. */
static void
release (GtkWidget *widget)
{
  g_object_ref_sink (widget);
#if !GTK_CHECK_VERSION (4, 0, 0)
  gtk_widget_destroy (widget);
#endif
  g_object_unref (widget);
}

int
main (int argc, char **argv)
{
  int cycles = argc > 2 ? atoi (argv[2]) : 1000;
#if GTK_CHECK_VERSION (4, 0, 0)
  gtk_init ();
#else
  gtk_init (&argc, &argv);
#endif

  GtkWidget *widget = placeholder_text_view_new ();
  PlaceholderTextView *view = PLACEHOLDER_TEXT_VIEW (widget);
  placeholder_text_view_set_placeholder_text (view, "Share something new…");
  check (strcmp (placeholder_text_view_get_placeholder_text (view), "Share something new…") == 0,
         "placeholder-text set and read back");
  check (placeholder_text_view_get_placeholder_visible (view), "the placeholder shows on an empty buffer");

  g_signal_connect (view, "notify::placeholder-visible", G_CALLBACK (count_notify), NULL);
  set_text (view, "Hello");
  check (!placeholder_text_view_get_placeholder_visible (view) && notifications == 1,
         "typing hides it, with one notify");
  gtk_text_buffer_insert_at_cursor (gtk_text_view_get_buffer (placeholder_text_view_get_text_view (view)), ", world", -1);
  check (notifications == 1, "typing more: no further notify");
  set_text (view, "");
  check (placeholder_text_view_get_placeholder_visible (view) && notifications == 2,
         "clearing the text shows it again, with one notify");
  release (widget);

  GtkWidget *given = gtk_text_view_new ();
  GtkWidget *wrapper = placeholder_text_view_new_with_text_view (GTK_TEXT_VIEW (given));
  check (placeholder_text_view_get_text_view (PLACEHOLDER_TEXT_VIEW (wrapper)) == GTK_TEXT_VIEW (given),
         "wraps the text view it is given");
  release (wrapper);

  GError *error = NULL;
  GtkBuilder *builder = gtk_builder_new ();
  check (gtk_builder_add_from_file (builder, argv[1], &error), error ? error->message : "loaded the .ui file");
  GObject *built = gtk_builder_get_object (builder, "compose");
  check (PLACEHOLDER_IS_TEXT_VIEW (built)
           && strcmp (placeholder_text_view_get_placeholder_text (PLACEHOLDER_TEXT_VIEW (built)), "分享新鲜事…") == 0,
         "GtkBuilder builds it with its placeholder-text");
  g_object_unref (builder);

  for (int i = 0; i < cycles; i++)
    {
      GtkWidget *cycle = placeholder_text_view_new ();
      g_object_weak_ref (G_OBJECT (cycle), count_finalized, NULL);
      placeholder_text_view_set_placeholder_text (PLACEHOLDER_TEXT_VIEW (cycle), "Share something new…");
      set_text (PLACEHOLDER_TEXT_VIEW (cycle), "x");
      release (cycle);
    }
  char what[64];
  snprintf (what, sizeof what, "%d widgets created and destroyed, all finalized", cycles);
  check (finalized == cycles, what);
  return 0;
}
