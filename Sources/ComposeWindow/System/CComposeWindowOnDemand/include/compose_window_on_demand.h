#pragma once
#include <glib.h>

/* compose-window loads libsoup, json-glib, libsecret, gexiv2 and gspell the first time it calls
 * one of their functions (through the functions in this target, which stand in for theirs), so a
 * start that neither posts, reads the keyring, prepares an image nor checks spelling never loads
 * them or what they link (exiv2 and libstdc++, ICU, Kerberos…). */

/* Whether `soname` (e.g. "libsoup-3.0.so.0") is loaded by now: for tests and --measure. */
gboolean compose_window_on_demand_is_loaded(const char *soname);
