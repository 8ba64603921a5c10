#include "CRotaryRaster.h"
#include "pixel_math.h"

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

void rotary_polar_dim_except(uint32_t *shown, const uint32_t *full, const int32_t *column_items, int32_t columns,
                             int32_t rows, int32_t selected, uint32_t weight, int transparent, uint32_t background) {
    for (int32_t r = 0; r < rows; r++) {
        const uint32_t *in = full + (ptrdiff_t)r * columns;
        uint32_t *out = shown + (ptrdiff_t)r * columns;
        for (int32_t c = 0; c < columns; c++) {
            uint32_t texel = in[c];
            if (column_items[c] != selected) texel = transparent ? fade_alpha(texel, weight) : lerp(background, texel, weight);
            out[c] = texel;
        }
    }
}
