// Pango as rhx/SwiftGtk declares it.
#include <pango/pango.h>
