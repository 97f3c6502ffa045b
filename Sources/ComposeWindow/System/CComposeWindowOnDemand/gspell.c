/* gspell (enchant, ICU): spell checking, when it is on. Loaded on first use (on-demand.h). */
#include "on-demand.h"
#include <gmodule.h>
/* gspell marks its declarations exported; the definitions here are hidden (on-demand.h). */
#undef G_MODULE_EXPORT
#define G_MODULE_EXPORT
#include <gspell/gspell.h>

#define LIBRARY "libgspell-1.so.2"

ON_DEMAND(LIBRARY, const GspellLanguage *, gspell_checker_get_language, (GspellChecker *checker), (checker))
ON_DEMAND(LIBRARY, GspellChecker *, gspell_checker_new, (const GspellLanguage *language), (language))
ON_DEMAND(LIBRARY, const GList *, gspell_language_get_available, (void), ())
ON_DEMAND(LIBRARY, const gchar *, gspell_language_get_code, (const GspellLanguage *language), (language))
ON_DEMAND(LIBRARY, const GspellLanguage *, gspell_language_lookup, (const gchar *language_code), (language_code))
ON_DEMAND(LIBRARY, GspellTextBuffer *, gspell_text_buffer_get_from_gtk_text_buffer, (GtkTextBuffer *gtk_buffer), (gtk_buffer))
ON_DEMAND(LIBRARY, GspellChecker *, gspell_text_buffer_get_spell_checker, (GspellTextBuffer *gspell_buffer), (gspell_buffer))
ON_DEMAND_VOID(LIBRARY, gspell_text_buffer_set_spell_checker, (GspellTextBuffer *gspell_buffer, GspellChecker *spell_checker), (gspell_buffer, spell_checker))
ON_DEMAND(LIBRARY, GspellTextView *, gspell_text_view_get_from_gtk_text_view, (GtkTextView *gtk_view), (gtk_view))
ON_DEMAND_VOID(LIBRARY, gspell_text_view_set_enable_language_menu, (GspellTextView *gspell_view, gboolean enable_language_menu), (gspell_view, enable_language_menu))
ON_DEMAND_VOID(LIBRARY, gspell_text_view_set_inline_spell_checking, (GspellTextView *gspell_view, gboolean enable), (gspell_view, enable))
