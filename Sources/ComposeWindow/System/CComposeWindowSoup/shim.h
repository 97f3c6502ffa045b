#include "../../../System/APIVersions/posting.h"
#include <libsoup/soup.h>

/* GCallback is a function of no arguments in C; Swift cannot cast its own C functions to it. */
static inline GCallback compose_window_message_callback(void (*callback)(SoupMessage *, gpointer)) {
    return (GCallback)callback;
}

/* SoupMessage::network-event's shape, as a GCallback (a link card's connection is checked on it). */
static inline GCallback compose_window_network_event_callback(
    void (*callback)(SoupMessage *, GSocketClientEvent, GIOStream *, gpointer)) {
    return (GCallback)callback;
}

static void compose_window_disconnect_after(SoupServer *server, SoupServerMessage *message, gpointer data) {
    (void)message;
    (void)data;
    soup_server_disconnect(server);
    g_signal_handlers_disconnect_by_func(server, (gpointer)compose_window_disconnect_after, NULL);
    g_object_unref(server);
}

/* Stops listening once the request being answered has been written or dropped: disconnecting
 * from inside its handler would close the connection before the page is sent. Holds a reference
 * to the server until then. */
static inline void compose_window_disconnect_after_answer(SoupServer *server) {
    g_object_ref(server);
    g_signal_connect(server, "request-finished", G_CALLBACK(compose_window_disconnect_after), NULL);
    g_signal_connect(server, "request-aborted", G_CALLBACK(compose_window_disconnect_after), NULL);
}
