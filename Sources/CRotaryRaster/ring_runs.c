#include "CRotaryRaster.h"

/// Copies `n` pixels' texels: each step's column turned by `shift`, in row `row_texels` plus
/// the step's offset. No pixel depends on the one before, so with `n` a constant the compiler
/// computes a block's addresses in vector lanes (SSE2 or AVX2 on x86-64, NEON on ARM64).
static inline void draw_block(uint32_t *restrict out, const uint16_t *restrict step, const uint32_t *restrict row_texels,
                              int32_t n, int32_t shift, int32_t columns) {
    const uint32_t mask = (1u << ROTARY_RING_COLUMN_BITS) - 1;
    for (int32_t j = 0; j < n; j++) {
        uint32_t s = step[j];
        int32_t c = (int32_t)(s & mask) - shift;
        c += (c >> 31) & columns;
        out[j] = row_texels[(int32_t)(s >> ROTARY_RING_COLUMN_BITS) * columns + c];
    }
}

// On x86-64 an AVX2 copy is made beside the baseline one, and the loader picks the one this
// processor runs (measured here: 0.57 against 0.72 ns a pixel). Not under ThreadSanitizer:
// the loader calls the resolver that picks the copy while it relocates, before TSan's runtime
// is set up, and the resolver's instrumented entry crashed there (SIGSEGV before main).
#if defined(__x86_64__) && defined(__ELF__) && defined(__clang__)
#if !__has_feature(thread_sanitizer)
__attribute__((target_clones("avx2", "default")))
#endif
#endif
void rotary_ring_draw_runs(uint32_t *pixels, ptrdiff_t stride, ptrdiff_t origin_x, ptrdiff_t origin_y,
                           const uint32_t *texels, const uint16_t *steps, const uint16_t *block_rows,
                           const RotaryRingRun *runs, size_t count, int32_t shift, int32_t columns, int32_t left,
                           int32_t right) {
    for (const RotaryRingRun *run = runs, *last = runs + count; run < last; run++) {
        int32_t i = (run->x < left ? left : run->x) - run->x;
        int32_t end = (run->x + run->count > right ? right : run->x + run->count) - run->x;
        if (i >= end) continue;
        // From the first pixel drawn, `first` pixels into the run: the run's own start may lie
        // left of the target.
        const int32_t first = i;
        uint32_t *out = pixels + ((ptrdiff_t)run->y - origin_y) * stride + ((ptrdiff_t)run->x + first - origin_x);
        const uint16_t *step = steps + run->lookup;
        const uint16_t *rows = block_rows + run->lookup / ROTARY_RING_BLOCK;
        while (i < end) {
            int32_t block_end = (i / ROTARY_RING_BLOCK + 1) * ROTARY_RING_BLOCK;
            if (block_end > end) block_end = end;
            const uint32_t *row_texels = texels + (ptrdiff_t)rows[i / ROTARY_RING_BLOCK] * columns;
            if (block_end - i == ROTARY_RING_BLOCK)
                draw_block(out + (i - first), step + i, row_texels, ROTARY_RING_BLOCK, shift, columns);
            else
                draw_block(out + (i - first), step + i, row_texels, block_end - i, shift, columns);
            i = block_end;
        }
    }
}
