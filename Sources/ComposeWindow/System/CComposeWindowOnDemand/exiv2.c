/* gexiv2 (exiv2, libstdc++): erasing an image's metadata. Loaded on first use (on-demand.h). */
#include "on-demand.h"
#include <gexiv2/gexiv2.h>

#define LIBRARY "libgexiv2.so.2"

ON_DEMAND(LIBRARY, gboolean, gexiv2_initialize, (void), ())
ON_DEMAND_VOID(LIBRARY, gexiv2_metadata_clear, (GExiv2Metadata *self), (self))
ON_DEMAND(LIBRARY, GExiv2Metadata*, gexiv2_metadata_new, (void), ())
ON_DEMAND(LIBRARY, gboolean, gexiv2_metadata_open_path, (GExiv2Metadata *self, const gchar *path, GError **error), (self, path, error))
ON_DEMAND(LIBRARY, gboolean, gexiv2_metadata_save_file, (GExiv2Metadata *self, const gchar *path, GError **error), (self, path, error))
