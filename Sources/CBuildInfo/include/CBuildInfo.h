// CBuildInfo: what a packaged build says about itself. kiosk/package stamps the package's
// version into the built binary's .rotary_version section; a plain build says nothing.
#ifndef ROTARY_CBUILDINFO_H
#define ROTARY_CBUILDINFO_H

/// The version stamped into this binary, or "" when none was.
const char *rotary_build_version(void);

#endif
