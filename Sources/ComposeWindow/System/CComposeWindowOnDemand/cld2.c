/* CLD2, the Compact Language Detector (libcld2): the post's language, guessed from its text.
 * Loaded on first use (on-demand.h). CLD2 is C++, but the two calls used here take and give only
 * plain values (pointers, ints, bools, and its Language enum, an int), so they are called by their
 * C++ names with the same parameters; libcld2-0's ABI has not changed since its 2015 snapshot,
 * which Debian 12 and 13 and Ubuntu 22.04 and 24.04 all ship. */
#include "compose_window_on_demand.h"
#include "on-demand.h"
#include <gmodule.h>
#include <stdbool.h>
#include <string.h>

#define LIBRARY "libcld2.so.0"

/* CLD2::ExtDetectLanguageSummary(const char *buffer, int buffer_length, bool is_plain_text,
 *     const CLDHints *cld_hints, int flags, Language *language3, int *percent3,
 *     double *normalized_score3, ResultChunkVector *resultchunkvector, int *text_bytes,
 *     bool *is_reliable) */
typedef int (*DetectSummary)(const char *, int, bool, const void *, int, int *, int *, double *, void *, int *,
                             bool *);
/* const char *CLD2::LanguageCode(Language lang) */
typedef const char *(*LanguageCode)(int);

/* The two calls, or NULL when libcld2 cannot be loaded: unlike the other libraries here, a guess
 * at the language is not worth ending the window over (nothing is guessed then). */
static gpointer cld2_symbol(const char *name) {
    static gsize module = 0;
    if (g_once_init_enter(&module)) {
        GModule *opened = g_module_open(LIBRARY, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
        if (opened != NULL) g_module_make_resident(opened);
        g_once_init_leave(&module, opened != NULL ? (gsize)opened : (gsize)1);
    }
    gpointer symbol = NULL;
    if (module == 1 || !g_module_symbol((GModule *)module, name, &symbol)) return NULL;
    return symbol;
}

int compose_window_detect_languages(const char *text, int length, const char *codes[3], int percents[3],
                                    gboolean *reliable) {
    static gsize detect = 0, code = 0;
    if (g_once_init_enter(&detect))
        g_once_init_leave(&detect, (gsize)cld2_symbol("_ZN4CLD224ExtDetectLanguageSummaryEPKcibPKNS_8CLDHintsEiPNS_8"
                                                       "LanguageEPiPdPSt6vectorINS_11ResultChunkESaISA_EES7_Pb") + 1);
    if (g_once_init_enter(&code))
        g_once_init_leave(&code, (gsize)cld2_symbol("_ZN4CLD212LanguageCodeENS_8LanguageE") + 1);
    *reliable = FALSE;
    for (int index = 0; index < 3; index++) {
        codes[index] = NULL;
        percents[index] = 0;
    }
    /* g_once's value is never 0: each is its symbol plus one, 1 when it is missing. */
    if (detect == 1 || code == 1) return 0;
    DetectSummary detect_summary = (DetectSummary)(detect - 1);
    LanguageCode language_code = (LanguageCode)(code - 1);
    int languages[3] = {0, 0, 0};
    double scores[3] = {0, 0, 0};
    int text_bytes = 0;
    bool sure = false;
    detect_summary(text, length, true, NULL, 0, languages, percents, scores, NULL, &text_bytes, &sure);
    int found = 0;
    for (int index = 0; index < 3; index++) {
        codes[index] = language_code(languages[index]);
        if (percents[index] > 0) found = index + 1;
    }
    *reliable = sure;
    return found;
}
