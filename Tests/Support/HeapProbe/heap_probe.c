#include "heap_probe.h"
#include <malloc.h>

// Test-only: Swift does not import mallinfo2 (its struct-returning declaration sits in malloc.h,
// outside Glibc's module map).
size_t placeholder_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
