// CFontconfig: fontconfig, to find font files by name the way the desktop does.
#ifndef ROTARY_CFONTCONFIG_SHIM_H
#define ROTARY_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
