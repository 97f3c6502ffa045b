#include "../../../System/APIVersions/gtk3.h"
#include <gtksourceview/gtksource.h>
