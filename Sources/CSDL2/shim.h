// CSDL2: the one C header Swift imports for SDL2, SDL2_image and SDL2_ttf.
// Include paths come from pkg-config (`sdl2`), so nothing here is absolute.
#ifndef ROTARY_CSDL2_SHIM_H
#define ROTARY_CSDL2_SHIM_H

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

// Macros Swift cannot import, as inline functions.

/// `SDL_WINDOWPOS_CENTERED` for the primary display.
static inline int rotary_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }

/// `SDL_TOUCH_MOUSEID`: the `which` of mouse events SDL synthesised from touch.
static inline Uint32 rotary_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

/// `SDL_MOUSE_TOUCHID`: the touch id of finger events SDL synthesised from the mouse.
static inline SDL_TouchID rotary_mouse_touch_id(void) { return SDL_MOUSE_TOUCHID; }

#endif
