// GTK 3 as rhx/SwiftGtk declares it: a system-library module named CGtk.
#include <gtk/gtk.h>
