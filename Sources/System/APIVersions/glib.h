// The API this project builds against, pinned in every C module Swift imports GLib through: the
// oldest versions it supports (Ubuntu 22.04 LTS: GLib 2.72, Pango 1.50, libsoup 3.0, json-glib 1.6).
// MIN_REQUIRED: what later versions deprecate does not warn, so a newer distribution's headers never
// break a -warnings-as-errors build. MAX_ALLOWED: a call to anything newer is marked unavailable and
// fails that build everywhere, not only on the old distribution.
#pragma once
#define GLIB_VERSION_MIN_REQUIRED GLIB_VERSION_2_72
#define GLIB_VERSION_MAX_ALLOWED GLIB_VERSION_2_72
#define PANGO_VERSION_MIN_REQUIRED PANGO_VERSION_1_50
#define PANGO_VERSION_MAX_ALLOWED PANGO_VERSION_1_50
#define SOUP_VERSION_MIN_REQUIRED SOUP_VERSION_3_0
#define SOUP_VERSION_MAX_ALLOWED SOUP_VERSION_3_0
#define JSON_VERSION_MIN_REQUIRED JSON_VERSION_1_6
#define JSON_VERSION_MAX_ALLOWED JSON_VERSION_1_6
