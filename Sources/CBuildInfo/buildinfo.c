#include "CBuildInfo.h"

// 64 bytes that kiosk/package replaces after the build with the version, NUL-padded
// (llvm-objcopy --update-section .rotary_version=FILE): one build, any number of package
// versions. The first byte is NUL until then; the rest keeps the section in the file.
__attribute__((used, section(".rotary_version")))
volatile char rotary_stamped_version[64] = "\0unstamped: kiosk/package writes the version here";

const char *rotary_build_version(void) { return (const char *)rotary_stamped_version; }
