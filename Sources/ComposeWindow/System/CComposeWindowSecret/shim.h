#include <libsecret/secret.h>

/* The schema compose-window keeps account secrets under: a SecretSchema is a C struct with a
 * fixed array of attributes, simplest declared here. */
static inline const SecretSchema *compose_window_account_schema(void) {
    static const SecretSchema schema = {
        "io.github.gtkplaceholder.ComposeWindow.Account",
        SECRET_SCHEMA_NONE,
        {
            {"network", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {"account", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {NULL, 0},
        },
    };
    return &schema;
}

/* GHashTable's string functions, as values Swift can pass. */
static inline GHashTable *compose_window_string_table(void) {
    return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}
