// GStreamer reads, re-encodes and remuxes a video or an animated GIF for a post (demux, decode,
// encode, mux), its tags left behind; GstDiscoverer reads what the file is before that; appsrc takes
// an animated GIF's frames as gdk-pixbuf reads them.
#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>
#include <gst/app/gstappsrc.h>
