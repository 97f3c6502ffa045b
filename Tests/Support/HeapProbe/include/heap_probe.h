#ifndef PLACEHOLDER_HEAP_PROBE_H
#define PLACEHOLDER_HEAP_PROBE_H
#include <stddef.h>

/// Bytes the process's malloc heap holds in use now (glibc's mallinfo2: arena and mmapped blocks).
size_t placeholder_heap_bytes_in_use(void);

#endif
