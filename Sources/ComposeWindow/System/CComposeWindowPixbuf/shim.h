// gdk-pixbuf decodes, turns, scales and encodes images made fit to post (its savers write no
// metadata). No GTK.
#include <gdk-pixbuf/gdk-pixbuf.h>
