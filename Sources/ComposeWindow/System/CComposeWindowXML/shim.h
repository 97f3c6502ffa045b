/* libxml2's HTML parser, for a link card's page (GtkSourceView links libxml2 already: no library
 * more at start). */
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, and its encoding.h then includes ICU's headers, whose
 * UErrorCode clashes with Foundation's own ICU in any Swift module that sees both. Nothing here
 * uses ICU (only xmlCharEncodingHandler pointers, never its fields): leave it out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

/* xmlFree is a global function pointer, which Swift 6 cannot read safely from any thread. */
static inline void compose_window_xml_free(void *memory) { xmlFree(memory); }
