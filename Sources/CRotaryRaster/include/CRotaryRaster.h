// The per-pixel loops of RotarySDL's polar rings, in C: compiled the same whatever
// configuration the package that embeds Rotary builds in, a debug build costs a few times
// what a release build does here, not a hundred (Swift without optimisation pays for bounds
// and exclusivity checks, ranges and closures on every pixel).
#ifndef C_ROTARY_RASTER_H
#define C_ROTARY_RASTER_H

#include <stddef.h>
#include <stdint.h>

/// A horizontal run of pixels a ring covers fully: `count` pixels from window pixel (`x`,
/// `y`), whose texels are described by `steps[lookup ..< lookup + count]` (`lookup` a
/// multiple of `ROTARY_RING_BLOCK`), block `b` of them based on texel row
/// `block_rows[lookup / ROTARY_RING_BLOCK + b]`.
typedef struct {
    int32_t x;
    int32_t y;
    int32_t count;
    int32_t lookup;
} RotaryRingRun;

/// Pixels of a run that share one base row: along a window row the radius changes by at most
/// a pixel per pixel, so a block's rows lie within `ROTARY_RING_BLOCK - 1` of its lowest.
#define ROTARY_RING_BLOCK 8

/// Bits of a step that hold the texel's column; the three above hold its row's offset from
/// its block's base row.
#define ROTARY_RING_COLUMN_BITS 13

/// Copies, for each of the `count` runs, the texels of `texels` (`columns` a row) that its
/// steps and block rows name, turned by `shift` columns, into `pixels` (`stride` pixels a
/// row, whose first pixel is window pixel (`origin_x`, `origin_y`)), only within window
/// columns `left ..< right`. The runs must lie within `pixels`. Each step is worked out apart
/// from the others, so a block's addresses are computed in SIMD lanes.
void rotary_ring_draw_runs(uint32_t *pixels, ptrdiff_t stride, ptrdiff_t origin_x, ptrdiff_t origin_y,
                           const uint32_t *texels, const uint16_t *steps, const uint16_t *block_rows,
                           const RotaryRingRun *runs, size_t count, int32_t shift, int32_t columns, int32_t left,
                           int32_t right);

/// A premultiplied picture: `width`×`height` 0xAARRGGBB words, row by row, in which the
/// ring's centre lies at (`center_x`, `center_y`).
typedef struct {
    const uint32_t *pixels;
    int32_t width;
    int32_t height;
    double center_x;
    double center_y;
} RotaryPicture;

/// Paints rows `row_from ..< row_to` of the columns `item_columns` (`count` of them) of a
/// polar ring's texels (`columns` a row; row `r` at radius `inner_radius + r + 0.5`) from
/// `picture`, drawn upright: column `c` samples the picture along `direction_x[c]`,
/// `direction_y[c]`, and lies `offsets[c]` degrees from its item's centre, items `spacing`
/// degrees apart with gaps of `gap_pixels` (0: none) between them. Each texel is laid over
/// the opaque `background`, or on a transparent ring (`transparent` non-zero) kept as straight
/// alpha, the gaps fading alpha only.
void rotary_polar_paint(uint32_t *texels, int32_t columns, int32_t row_from, int32_t row_to, double inner_radius,
                        const int32_t *item_columns, int32_t count, const double *offsets, const double *direction_x,
                        const double *direction_y, double spacing, double gap_pixels, const RotaryPicture *picture,
                        uint32_t background, int transparent);

/// Fills `shown` (`rows` rows of `columns`) with `full`'s texels: those of item `selected`
/// (by `column_items`) as they are, the others dimmed by `weight` (0…256) as
/// `rotary_polar_select` dims them.
void rotary_polar_dim_except(uint32_t *shown, const uint32_t *full, const int32_t *column_items, int32_t columns,
                             int32_t rows, int32_t selected, uint32_t weight, int transparent, uint32_t background);

/// Moves the bright item of a polar ring's texels (`columns` a row, `rows` rows, each column
/// of the item `column_items` names: each item's columns side by side, split in two at most
/// where they wrap past column 0) from `previous` to `selected`: `shown` gets `full`'s
/// texels for the columns of `selected`, and for those of `previous` `full`'s dimmed by
/// `weight` (0…256): towards the opaque `background`, or on a transparent ring (`transparent`
/// non-zero) by fading alpha only.
void rotary_polar_select(uint32_t *shown, const uint32_t *full, const int32_t *column_items, int32_t columns,
                         int32_t rows, int32_t previous, int32_t selected, uint32_t weight, int transparent,
                         uint32_t background);

/// Whether every one of `blocks` blocks of steps (`ROTARY_RING_BLOCK` steps each) names a
/// column below `columns` and, with its block's row from `block_rows`, a row below `rows`:
/// what `rotary_ring_draw_runs` needs to stay within a ring's texels.
int rotary_ring_steps_fit(const uint16_t *steps, const uint16_t *block_rows, size_t blocks, int32_t columns,
                          int32_t rows);

/// A 64-bit checksum of `length` bytes at `data`, started from `seed`: fast (several GB/s on
/// one core) and good at catching damaged or cut files; not a cryptographic hash (anyone who
/// can write the file can make its checksum match).
uint64_t rotary_checksum64(const void *data, size_t length, uint64_t seed);

#endif
