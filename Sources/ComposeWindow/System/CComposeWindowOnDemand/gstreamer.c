/* GStreamer, its pbutils (GstDiscoverer) and appsrc (an animated GIF's frames): a video's facts and
 * its re-encoding. Loaded on first use (on-demand.h), only once a video or a GIF is attached. */
#include "on-demand.h"
#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>
#include <gst/app/gstappsrc.h>

#define CORE "libgstreamer-1.0.so.0"
#define PBUTILS "libgstpbutils-1.0.so.0"
#define APP "libgstapp-1.0.so.0"

ON_DEMAND(CORE, gboolean, gst_init_check, (int *argc, char ***argv, GError **error), (argc, argv, error))
ON_DEMAND(CORE, GstElement *, gst_parse_launch, (const gchar *description, GError **error), (description, error))
ON_DEMAND(CORE, GstElement *, gst_bin_get_by_name, (GstBin *bin, const gchar *name), (bin, name))
ON_DEMAND(CORE, GstStateChangeReturn, gst_element_set_state, (GstElement *element, GstState state), (element, state))
ON_DEMAND(CORE, GstBus *, gst_element_get_bus, (GstElement *element), (element))
ON_DEMAND(CORE, GstMessage *, gst_bus_timed_pop_filtered, (GstBus *bus, GstClockTime timeout, GstMessageType types), (bus, timeout, types))
ON_DEMAND_VOID(CORE, gst_message_parse_error, (GstMessage *message, GError **gerror, gchar **debug), (message, gerror, debug))
ON_DEMAND_VOID(CORE, gst_mini_object_unref, (GstMiniObject *mini_object), (mini_object))
ON_DEMAND_VOID(CORE, gst_object_unref, (gpointer object), (object))
ON_DEMAND(CORE, gboolean, gst_element_query_position, (GstElement *element, GstFormat format, gint64 *cur), (element, format, cur))
ON_DEMAND(CORE, GstCaps *, gst_caps_from_string, (const gchar *string), (string))
ON_DEMAND_VOID(CORE, gst_tag_setter_set_tag_merge_mode, (GstTagSetter *setter, GstTagMergeMode mode), (setter, mode))
ON_DEMAND(CORE, GstElementFactory *, gst_element_factory_find, (const gchar *name), (name))

ON_DEMAND(PBUTILS, GstDiscoverer *, gst_discoverer_new, (GstClockTime timeout, GError **err), (timeout, err))
ON_DEMAND(PBUTILS, GstDiscovererInfo *, gst_discoverer_discover_uri, (GstDiscoverer *discoverer, const gchar *uri, GError **err), (discoverer, uri, err))
ON_DEMAND(PBUTILS, GstDiscovererResult, gst_discoverer_info_get_result, (const GstDiscovererInfo *info), (info))
ON_DEMAND(PBUTILS, GstClockTime, gst_discoverer_info_get_duration, (const GstDiscovererInfo *info), (info))
ON_DEMAND(PBUTILS, GList *, gst_discoverer_info_get_video_streams, (GstDiscovererInfo *info), (info))
ON_DEMAND(PBUTILS, GList *, gst_discoverer_info_get_audio_streams, (GstDiscovererInfo *info), (info))
ON_DEMAND_VOID(PBUTILS, gst_discoverer_stream_info_list_free, (GList *infos), (infos))
ON_DEMAND(PBUTILS, guint, gst_discoverer_video_info_get_width, (const GstDiscovererVideoInfo *info), (info))
ON_DEMAND(PBUTILS, guint, gst_discoverer_video_info_get_height, (const GstDiscovererVideoInfo *info), (info))
ON_DEMAND(PBUTILS, guint, gst_discoverer_video_info_get_framerate_num, (const GstDiscovererVideoInfo *info), (info))
ON_DEMAND(PBUTILS, guint, gst_discoverer_video_info_get_framerate_denom, (const GstDiscovererVideoInfo *info), (info))
ON_DEMAND(PBUTILS, guint, gst_discoverer_video_info_get_par_num, (const GstDiscovererVideoInfo *info), (info))
ON_DEMAND(PBUTILS, guint, gst_discoverer_video_info_get_par_denom, (const GstDiscovererVideoInfo *info), (info))
ON_DEMAND(PBUTILS, gboolean, gst_discoverer_video_info_is_image, (const GstDiscovererVideoInfo *info), (info))
ON_DEMAND(CORE, GstBuffer *, gst_buffer_new_allocate, (GstAllocator *allocator, gsize size, GstAllocationParams *params), (allocator, size, params))
ON_DEMAND(CORE, gsize, gst_buffer_fill, (GstBuffer *buffer, gsize offset, gconstpointer src, gsize size), (buffer, offset, src, size))

ON_DEMAND(APP, GstFlowReturn, gst_app_src_push_buffer, (GstAppSrc *appsrc, GstBuffer *buffer), (appsrc, buffer))
ON_DEMAND(APP, GstFlowReturn, gst_app_src_end_of_stream, (GstAppSrc *appsrc), (appsrc))
ON_DEMAND(APP, guint64, gst_app_src_get_current_level_bytes, (GstAppSrc *appsrc), (appsrc))
ON_DEMAND(CORE, gboolean, gst_tag_list_get_string, (const GstTagList *list, const gchar *tag, gchar **value), (list, tag, value))
ON_DEMAND(PBUTILS, const GstTagList *, gst_discoverer_stream_info_get_tags, (GstDiscovererStreamInfo *info), (info))
