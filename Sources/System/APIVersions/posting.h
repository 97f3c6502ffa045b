// The posting libraries pinned at Ubuntu 22.04 LTS's versions (libsoup 3.0, json-glib 1.6) with their
// own version macros: later deprecations never warn, and a call to anything newer fails the build
// everywhere. Only the app imports these modules, and the macros change no inline function's body.
#pragma once
#define SOUP_VERSION_MIN_REQUIRED SOUP_VERSION_3_0
#define SOUP_VERSION_MAX_ALLOWED SOUP_VERSION_3_0
#define JSON_VERSION_MIN_REQUIRED JSON_VERSION_1_6
#define JSON_VERSION_MAX_ALLOWED JSON_VERSION_1_6
