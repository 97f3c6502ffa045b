// gexiv2 erases EXIF, XMP and IPTC from an image sent as its own bytes (GPS, camera serials).
#include <gexiv2/gexiv2.h>
