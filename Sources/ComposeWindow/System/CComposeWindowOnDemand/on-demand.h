#pragma once
#include <glib.h>

/* The library's function `name`, loading the library on first use. A library that cannot be
 * loaded ends the process with one line (exit 3): the package depends on every one of them. */
gpointer compose_window_on_demand_symbol(const char *soname, const char *name);

/* A definition of the library's own function `name` (its declaration comes from the library's
 * header, so the compiler checks the parameters and result) that calls the library's. Hidden:
 * the executable exports its symbols, and the library's calls to itself must not come here. */
#define ON_DEMAND(soname, result, name, parameters, arguments)                                     \
    __attribute__((visibility("hidden"))) result name parameters {                               \
        static gsize function = 0;                                                                 \
        if (g_once_init_enter(&function))                                                          \
            g_once_init_leave(&function, (gsize)compose_window_on_demand_symbol(soname, #name));   \
        return ((result(*) parameters)function) arguments;                                         \
    }

#define ON_DEMAND_VOID(soname, name, parameters, arguments)                                        \
    __attribute__((visibility("hidden"))) void name parameters {                                 \
        static gsize function = 0;                                                                 \
        if (g_once_init_enter(&function))                                                          \
            g_once_init_leave(&function, (gsize)compose_window_on_demand_symbol(soname, #name));   \
        ((void(*) parameters)function) arguments;                                                  \
    }
