#include "../../../System/APIVersions/gtk3.h"
#include <gspell/gspell.h>
