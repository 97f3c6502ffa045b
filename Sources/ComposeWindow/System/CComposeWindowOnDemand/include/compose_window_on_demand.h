#pragma once
#include <glib.h>

/* compose-window loads libsoup, json-glib, libsecret, gexiv2, gspell and libcld2 the first time it calls
 * one of their functions (through the functions in this target, which stand in for theirs), so a
 * start that neither posts, reads the keyring, prepares an image nor checks spelling never loads
 * them or what they link (exiv2 and libstdc++, ICU, Kerberos…). */

/* Whether `soname` (e.g. "libsoup-3.0.so.0") is loaded by now: for tests and --measure. */
gboolean compose_window_on_demand_is_loaded(const char *soname);

/* The languages of UTF-8 `text` (`length` bytes) as CLD2 finds them (libcld2, loaded on first
 * use): up to three of its codes ("zh", "zh-Hant", "ja", "en"…, "un": unknown; static strings),
 * each with its percentage of the text, the main one first; the count found, and in `reliable`
 * whether CLD2 is sure. Safe on any thread. */
int compose_window_detect_languages(const char *text, int length, const char *codes[3], int percents[3],
                                    gboolean *reliable);
