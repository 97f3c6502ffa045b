#include "gtk4_test_helpers.h"

char *gtk4_test_check_string_property(GtkAccessible *accessible, GtkAccessibleProperty property,
                                      const char *expected) {
    return gtk_test_accessible_check_property(accessible, property, expected);
}

char *gtk4_test_check_boolean_state(GtkAccessible *accessible, GtkAccessibleState state, gboolean expected) {
    return gtk_test_accessible_check_state(accessible, state, expected);
}
