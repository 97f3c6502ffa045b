#include "compose_window_on_demand.h"
#include "on-demand.h"
#include <gmodule.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static GMutex lock;
static GHashTable *loaded; /* soname → GModule */

static GModule *module_for(const char *soname) {
    g_mutex_lock(&lock);
    if (loaded == NULL) loaded = g_hash_table_new(g_str_hash, g_str_equal);
    GModule *module = g_hash_table_lookup(loaded, soname);
    if (module == NULL) {
        /* Local: its symbols reach only the calls made through here. Resident: never unloaded
         * (GTypes it registers live for the process). */
        module = g_module_open(soname, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
        if (module != NULL) {
            g_module_make_resident(module);
            g_hash_table_insert(loaded, (gpointer)soname, module);
        }
    }
    g_mutex_unlock(&lock);
    return module;
}

static void missing(const char *what, const char *error) {
    /* stdio, not GLib's logging: this may run on any thread, and G_DEBUG=fatal-warnings would
     * turn a message into a trap. */
    fprintf(stderr, "compose-window: %s is missing (%s); reinstall compose-window\n", what, error);
    fflush(stderr);
    _exit(3);
}

gpointer compose_window_on_demand_symbol(const char *soname, const char *name) {
    GModule *module = module_for(soname);
    if (module == NULL) missing(soname, g_module_error());
    gpointer symbol = NULL;
    if (!g_module_symbol(module, name, &symbol) || symbol == NULL) missing(name, g_module_error());
    return symbol;
}

gboolean compose_window_on_demand_is_loaded(const char *soname) {
    g_mutex_lock(&lock);
    gboolean found = loaded != NULL && g_hash_table_contains(loaded, soname);
    g_mutex_unlock(&lock);
    return found;
}
