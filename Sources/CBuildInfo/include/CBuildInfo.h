// CBuildInfo: what a packaged build says about itself. kiosk/package stamps the package's
// version into the built binary's .rotary_version section; a plain build says nothing.
#ifndef ROTARY_CBUILDINFO_H
#define ROTARY_CBUILDINFO_H

/// The version stamped into this binary, or "" when none was.
const char *rotary_build_version(void);

#include <stddef.h>

/// Copies the GNU build ID of the program or library this code is linked into (the linker's
/// hash of its code and data) into `out`, at most `capacity` bytes; returns how many were
/// copied, 0 when it has none.
size_t rotary_build_id(unsigned char *out, size_t capacity);

#endif
