/* The GObject type as GObject's users expect it, from threads: placeholder_text_view_get_type() called
 * by eight threads at once before anything registered the type gives one type; its class initialised off
 * the main thread works on it; the rest of the C API, called off the main thread, logs one critical per
 * call and does nothing (no trap). Built like binding-test.c; prints "ok WHAT" per check. */
#include <gtkplaceholder.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 8

static gint ready;
static gint go;
static GType types[THREADS];
static gint criticals;

static void
check (gboolean ok, const char *what)
{
  printf ("%s %s\n", ok ? "ok" : "FAILED", what);
  if (!ok)
    exit (1);
}

static gpointer
get_type_at_once (gpointer index)
{
  g_atomic_int_inc (&ready);
  while (!g_atomic_int_get (&go))
    ; /* every thread calls at the same moment */
  types[GPOINTER_TO_INT (index)] = placeholder_text_view_get_type ();
  return NULL;
}

static gpointer
initialize_class (G_GNUC_UNUSED gpointer data)
{
  gpointer klass = g_type_class_ref (placeholder_text_view_get_type ());
  gboolean has_property = g_object_class_find_property (klass, "placeholder-text") != NULL;
  g_type_class_unref (klass);
  return GINT_TO_POINTER (has_property);
}

static gpointer
use_off_the_main_thread (gpointer view)
{
  placeholder_text_view_set_placeholder_text (view, "from a thread");
  g_object_set (view, "placeholder-text", "from a thread", NULL);
  return (gpointer) placeholder_text_view_get_placeholder_text (view);
}

static void
count_critical (G_GNUC_UNUSED const char *domain, GLogLevelFlags level, const char *message,
                G_GNUC_UNUSED gpointer data)
{
  if (level & G_LOG_LEVEL_CRITICAL && strstr (message, "on_main_thread") != NULL)
    g_atomic_int_inc (&criticals);
  else if (level & G_LOG_LEVEL_CRITICAL && strstr (message, "on the main thread") != NULL)
    g_atomic_int_inc (&criticals);
  else
    fprintf (stderr, "unexpected: %s\n", message);
}

int
main (void)
{
  GThread *threads[THREADS];
  GtkWidget *view;
  gboolean same = TRUE;

  for (int i = 0; i < THREADS; i++)
    threads[i] = g_thread_new ("get-type", get_type_at_once, GINT_TO_POINTER (i));
  while (g_atomic_int_get (&ready) < THREADS)
    g_thread_yield ();
  g_atomic_int_set (&go, 1);
  for (int i = 0; i < THREADS; i++)
    {
      g_thread_join (threads[i]);
      same = same && types[i] == types[0];
    }
  check (same && types[0] != 0 && types[0] == g_type_from_name ("PlaceholderTextView"),
         "get_type from 8 threads at once: one type");

  check (GPOINTER_TO_INT (g_thread_join (g_thread_new ("class", initialize_class, NULL))),
         "the class initialised off the main thread");

#if GTK_CHECK_VERSION (4, 0, 0)
  gtk_init ();
#else
  gtk_init (NULL, NULL);
#endif
  view = g_object_ref_sink (placeholder_text_view_new ());
  placeholder_text_view_set_placeholder_text (PLACEHOLDER_TEXT_VIEW (view), "main");
  check (strcmp (placeholder_text_view_get_placeholder_text (PLACEHOLDER_TEXT_VIEW (view)), "main") == 0,
         "a widget of that class works on the main thread");

  /* Criticals counted here, not fatal (the tests run with G_DEBUG=fatal-criticals). */
  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  g_log_set_default_handler (count_critical, NULL);
  g_log_set_handler ("GtkPlaceholder", G_LOG_LEVEL_MASK, count_critical, NULL);
  gpointer read = g_thread_join (g_thread_new ("misuse", use_off_the_main_thread, view));
  check (read == NULL && g_atomic_int_get (&criticals) == 3,
         "off the main thread: one critical per call, nothing read");
  check (strcmp (placeholder_text_view_get_placeholder_text (PLACEHOLDER_TEXT_VIEW (view)), "main") == 0,
         "off the main thread: nothing changed");

#if !GTK_CHECK_VERSION (4, 0, 0)
  gtk_widget_destroy (view);
#endif
  g_object_unref (view);
  return 0;
}
