#include "CRotaryRaster.h"

int rotary_ring_steps_fit(const uint16_t *steps, const uint16_t *block_rows, size_t blocks, int32_t columns,
                          int32_t rows) {
    const uint32_t mask = (1u << ROTARY_RING_COLUMN_BITS) - 1;
    for (size_t b = 0; b < blocks; b++) {
        uint32_t highest = 0, bad = 0;
        for (size_t j = 0; j < ROTARY_RING_BLOCK; j++) {
            uint32_t s = steps[b * ROTARY_RING_BLOCK + j], offset = s >> ROTARY_RING_COLUMN_BITS;
            bad |= (s & mask) >= (uint32_t)columns;
            highest = offset > highest ? offset : highest;
        }
        if (bad || (int64_t)block_rows[b] + highest >= rows) return 0;
    }
    return 1;
}
