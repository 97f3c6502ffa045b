// gettext from the C library (glibc has it built in): ComposeWindowCore translates without GTK.
#include <libintl.h>
