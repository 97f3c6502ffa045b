/* libsecret: account secrets in the desktop keyring. Loaded on first use (on-demand.h). */
#include "on-demand.h"
#include <libsecret/secret.h>

#define LIBRARY "libsecret-1.so.0"

ON_DEMAND(LIBRARY, gboolean, secret_password_clear_finish, (GAsyncResult *result, GError **error), (result, error))
ON_DEMAND_VOID(LIBRARY, secret_password_clearv, (const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data), (schema, attributes, cancellable, callback, user_data))
ON_DEMAND_VOID(LIBRARY, secret_password_free, (gchar *password), (password))
ON_DEMAND(LIBRARY, gchar *, secret_password_lookup_finish, (GAsyncResult *result, GError **error), (result, error))
ON_DEMAND_VOID(LIBRARY, secret_password_lookupv, (const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data), (schema, attributes, cancellable, callback, user_data))
ON_DEMAND(LIBRARY, gboolean, secret_password_store_finish, (GAsyncResult *result, GError **error), (result, error))
ON_DEMAND_VOID(LIBRARY, secret_password_storev, (const SecretSchema *schema, GHashTable *attributes, const gchar *collection, const gchar *label, const gchar *password, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data), (schema, attributes, collection, label, password, cancellable, callback, user_data))
