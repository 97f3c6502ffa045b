#pragma once
/* The API pinned as in every module Swift imports GTK through: their definitions must agree. */
#include "../../../../../Sources/System/APIVersions/gtk4.h"
#include <gtk/gtk.h>

// Test-only: GTK's accessibility checks are C varargs, which Swift cannot call. Each returns NULL
// when the accessible holds the value, else GTK's description of what it holds (free with g_free).
char *gtk4_test_check_string_property(GtkAccessible *accessible, GtkAccessibleProperty property,
                                      const char *expected);
char *gtk4_test_check_boolean_state(GtkAccessible *accessible, GtkAccessibleState state, gboolean expected);
