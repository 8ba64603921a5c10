// CHarfBuzz: HarfBuzz's Unicode data (which script a character belongs to). The shaping
// itself is done by SDL_ttf, which is built with HarfBuzz.
#ifndef ROTARY_CHARFBUZZ_SHIM_H
#define ROTARY_CHARFBUZZ_SHIM_H
#include <hb.h>
#endif
