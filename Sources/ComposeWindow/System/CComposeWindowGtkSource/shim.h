#include <gtksourceview/gtksource.h>
