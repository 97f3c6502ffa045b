#include "../../../System/APIVersions/posting.h"
#include <libsoup/soup.h>

/* GCallback is a function of no arguments in C; Swift cannot cast its own C functions to it. */
static inline GCallback compose_window_message_callback(void (*callback)(SoupMessage *, gpointer)) {
    return (GCallback)callback;
}
