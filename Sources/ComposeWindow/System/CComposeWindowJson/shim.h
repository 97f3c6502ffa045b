#include "../../../System/APIVersions/posting.h"
#include <json-glib/json-glib.h>

/* GType constants are macros Swift cannot import: a JSON value node's kind, as a plain number. */
typedef enum {
    COMPOSE_WINDOW_JSON_INTEGER,
    COMPOSE_WINDOW_JSON_DOUBLE,
    COMPOSE_WINDOW_JSON_BOOLEAN,
    COMPOSE_WINDOW_JSON_STRING,
    COMPOSE_WINDOW_JSON_OTHER,
} ComposeWindowJsonValueKind;

static inline ComposeWindowJsonValueKind compose_window_json_value_kind(JsonNode *node) {
    GType type = json_node_get_value_type(node);
    if (type == G_TYPE_INT64) return COMPOSE_WINDOW_JSON_INTEGER;
    if (type == G_TYPE_DOUBLE) return COMPOSE_WINDOW_JSON_DOUBLE;
    if (type == G_TYPE_BOOLEAN) return COMPOSE_WINDOW_JSON_BOOLEAN;
    if (type == G_TYPE_STRING) return COMPOSE_WINDOW_JSON_STRING;
    return COMPOSE_WINDOW_JSON_OTHER;
}
