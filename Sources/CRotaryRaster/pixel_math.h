// Channel arithmetic on 0xAARRGGBB words, as RotarySDL's PixelMath does it in Swift.
#ifndef ROTARY_PIXEL_MATH_H
#define ROTARY_PIXEL_MATH_H

#include <stdint.h>

/// `a` moved `t`/256 of the way to `b`, channel by channel.
/// No branch: at 0 and 256 the arithmetic gives `a` and `b` exactly, and a branch on `t`
/// is mispredicted whenever `t` varies from pixel to pixel, as it does while sampling.
static inline uint32_t lerp(uint32_t a, uint32_t b, uint32_t t) {
    t = t < 256 ? t : 256;
    uint32_t s = 256 - t;
    uint32_t rb = (((a & 0x00FF00FFu) * s + (b & 0x00FF00FFu) * t) >> 8) & 0x00FF00FFu;
    uint32_t ag = (((a >> 8) & 0x00FF00FFu) * s + ((b >> 8) & 0x00FF00FFu) * t) & 0xFF00FF00u;
    return rb | ag;
}

/// `color` with its alpha multiplied by `weight`/256.
static inline uint32_t fade_alpha(uint32_t color, uint32_t weight) {
    uint32_t alpha = ((color >> 24) * (weight < 256 ? weight : 256)) >> 8;
    return (alpha << 24) | (color & 0x00FFFFFFu);
}

/// `texel` of an item off the marker, dimmed by `weight`/256: towards the opaque `background`,
/// or on a transparent ring (`transparent` non-zero) by fading alpha only.
static inline uint32_t dim(uint32_t texel, uint32_t weight, int transparent, uint32_t background) {
    return transparent ? fade_alpha(texel, weight) : lerp(background, texel, weight);
}

#endif
