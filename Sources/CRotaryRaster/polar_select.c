#include "CRotaryRaster.h"
#include "pixel_math.h"

void rotary_polar_select(uint32_t *shown, const uint32_t *full, const int32_t *column_items, int32_t columns,
                         int32_t rows, int32_t previous, int32_t selected, uint32_t weight, int transparent,
                         uint32_t background) {
    // An item's columns lie side by side (one span, two where it wraps past column 0). The
    // spans are found once, then written row by row: memory in order, not a row's length
    // apart for every texel, which made the frame that moves the bright item the slowest.
    enum { most = 8 };
    int32_t from[most], to[most], bright[most], spans = 0;
    for (int32_t c = 0; c < columns && spans < most;) {
        int32_t item = column_items[c];
        int32_t end = c + 1;
        while (end < columns && column_items[end] == item) end++;
        if (item == previous || item == selected) {
            from[spans] = c;
            to[spans] = end;
            bright[spans++] = item == selected;
        }
        c = end;
    }
    for (int32_t r = 0; r < rows; r++) {
        const uint32_t *in = full + (ptrdiff_t)r * columns;
        uint32_t *out = shown + (ptrdiff_t)r * columns;
        for (int32_t k = 0; k < spans; k++) {
            for (int32_t c = from[k]; c < to[k]; c++)
                out[c] = bright[k] ? in[c] : dim(in[c], weight, transparent, background);
        }
    }
}

void rotary_polar_dim_except(uint32_t *shown, const uint32_t *full, const int32_t *column_items, int32_t columns,
                             int32_t rows, int32_t selected, uint32_t weight, int transparent, uint32_t background) {
    for (int32_t r = 0; r < rows; r++) {
        const uint32_t *in = full + (ptrdiff_t)r * columns;
        uint32_t *out = shown + (ptrdiff_t)r * columns;
        for (int32_t c = 0; c < columns; c++) {
            out[c] = column_items[c] == selected ? in[c] : dim(in[c], weight, transparent, background);
        }
    }
}
