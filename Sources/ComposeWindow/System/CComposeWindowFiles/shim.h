// GLib's file utilities for ComposeWindowCore's state files (drafts, the outbox): an atomic,
// durable replace (g_file_set_contents_full) and g_mkdir_with_parents. GLib only, no GTK.
#include "../../../System/APIVersions/posting.h"
#include <glib.h>
