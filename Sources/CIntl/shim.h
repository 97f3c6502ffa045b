// gettext from the C library (glibc has it built in): ComposeCore translates without GTK.
#include <libintl.h>
