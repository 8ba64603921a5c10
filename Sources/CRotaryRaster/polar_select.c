#include "CRotaryRaster.h"

/// `a` moved `t`/256 of the way to `b`, channel by channel.
static inline uint32_t lerp(uint32_t a, uint32_t b, uint32_t t) {
    if (t == 0) return a;
    if (t >= 256) return b;
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

void rotary_polar_select(uint32_t *shown, const uint32_t *full, const int32_t *column_items, int32_t columns,
                         int32_t rows, int32_t previous, int32_t selected, uint32_t weight, int transparent,
                         uint32_t background) {
    for (int32_t c = 0; c < columns; c++) {
        int32_t item = column_items[c];
        if (item != previous && item != selected) continue;
        const uint32_t *in = full + c;
        uint32_t *out = shown + c;
        for (int32_t r = 0; r < rows; r++, in += columns, out += columns) {
            if (item == selected) *out = *in;
            else *out = transparent ? fade_alpha(*in, weight) : lerp(background, *in, weight);
        }
    }
}
