/* libxml2's HTML parser, for a link card's page (GtkSourceView links libxml2 already: no library
 * more at start). */
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

/* xmlFree is a global function pointer, which Swift 6 cannot read safely from any thread. */
static inline void compose_window_xml_free(void *memory) { xmlFree(memory); }
