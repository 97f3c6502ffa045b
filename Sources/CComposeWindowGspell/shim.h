#include <gspell/gspell.h>
