#include "CRotaryRaster.h"

/// The row change a step holds: 0, +1 or -1.
static inline int32_t row_step(uint16_t step) {
    int32_t code = step >> ROTARY_RING_COLUMN_BITS;
    return (code & 1) - (code >> 1);
}

void rotary_ring_draw_runs(uint32_t *pixels, ptrdiff_t stride, ptrdiff_t origin_x, ptrdiff_t origin_y,
                           const uint32_t *texels, const uint16_t *steps, const RotaryRingRun *runs, size_t count,
                           int32_t shift, int32_t columns, int32_t left, int32_t right) {
    const uint16_t mask = (uint16_t)((1u << ROTARY_RING_COLUMN_BITS) - 1);
    for (const RotaryRingRun *run = runs, *last = runs + count; run < last; run++) {
        int32_t from = run->x > left ? run->x : left;
        int32_t end = run->x + run->count;
        int32_t to = end < right ? end : right;
        if (from >= to) continue;
        const uint16_t *step = steps + run->lookup;
        int32_t row = run->row;
        for (int32_t x = run->x; x < from; x++) row += row_step(*step++);  // to where drawing starts
        // Written for an unoptimised build too: one pointer in, one out, a row base kept.
        const uint32_t *base = texels + (ptrdiff_t)row * columns;
        uint32_t *out = pixels + ((ptrdiff_t)run->y - origin_y) * stride + (from - origin_x);
        uint32_t *stop = out + (to - from);
        while (out < stop) {
            uint16_t s = *step++;
            base += (ptrdiff_t)row_step(s) * columns;
            int32_t c = (int32_t)(s & mask) - shift;
            c += (c >> 31) & columns;
            *out++ = base[c];
        }
    }
}
