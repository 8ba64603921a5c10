#include "CRotaryRaster.h"
#include "pixel_math.h"

// The same arithmetic as RotarySDL's Swift (PixelMath, PixelBuffer.sample), operation for
// operation: no fused multiply-adds, so ARM64 rounds as x86-64 does.
#pragma STDC FP_CONTRACT OFF

static const double pi = 3.14159265358979323846;

/// The premultiplied `source` scaled by `coverage` (0…256) over the opaque `background`.
static inline uint32_t over(uint32_t source, uint32_t coverage, uint32_t background) {
    uint32_t scaled = lerp(0, source, coverage);
    uint32_t keep = 256 - ((scaled >> 24) + (scaled >> 31));
    uint32_t rest = lerp(0, background, keep);
    return 0xFF000000u | ((scaled & 0x00FFFFFFu) + (rest & 0x00FFFFFFu));
}

/// The premultiplied `color` as straight alpha, each channel rounded.
static inline uint32_t unpremultiplied(uint32_t color) {
    uint32_t alpha = color >> 24;
    if (alpha == 0) return 0;
    if (alpha == 255) return color;
    uint32_t out = alpha << 24;
    for (uint32_t shift = 0; shift <= 16; shift += 8) {
        uint32_t channel = (((color >> shift) & 0xFFu) * 255 + alpha / 2) / alpha;
        out |= (channel < 255 ? channel : 255) << shift;
    }
    return out;
}

/// The picture's pixel at (`x`, `y`), transparent black outside it.
static inline uint32_t pixel(const RotaryPicture *p, int64_t x, int64_t y) {
    return x >= 0 && y >= 0 && x < p->width && y < p->height ? p->pixels[y * p->width + x] : 0;
}

/// Bilinear sample at (`x`, `y`), pixel (i, j) centred at (i + 0.5, j + 0.5).
static inline uint32_t sample(const RotaryPicture *p, double x, double y) {
    double fx = x - 0.5, fy = y - 0.5;
    int64_t x0 = (int64_t)fx, y0 = (int64_t)fy;
    if ((double)x0 > fx) x0 -= 1;
    if ((double)y0 > fy) y0 -= 1;
    uint32_t tx = (uint32_t)((fx - (double)x0) * 256 + 0.5), ty = (uint32_t)((fy - (double)y0) * 256 + 0.5);
    uint32_t top = lerp(pixel(p, x0, y0), pixel(p, x0 + 1, y0), tx);
    uint32_t bottom = lerp(pixel(p, x0, y0 + 1), pixel(p, x0 + 1, y0 + 1), tx);
    return lerp(top, bottom, ty);
}

void rotary_polar_paint(uint32_t *texels, int32_t columns, int32_t row_from, int32_t row_to, double inner_radius,
                        const int32_t *item_columns, int32_t count, const double *offsets, const double *direction_x,
                        const double *direction_y, double spacing, double gap_pixels, const RotaryPicture *picture,
                        uint32_t background, int transparent) {
    for (int32_t row = row_from; row < row_to; row++) {
        double r = inner_radius + (double)row + 0.5;
        double pixels_per_degree = pi / 180 * r;
        uint32_t *out = texels + (ptrdiff_t)row * columns;
        for (int32_t k = 0; k < count; k++) {
            int32_t c = item_columns[k];
            double coverage = 1.0;
            if (gap_pixels > 0) {
                double offset = offsets[c] < 0 ? -offsets[c] : offsets[c];
                double from_edge = (spacing / 2 - offset) * pixels_per_degree - gap_pixels / 2;
                double clamped = from_edge + 0.5;
                coverage = clamped < 0 ? 0 : (clamped > 1 ? 1 : clamped);
            }
            uint32_t texel = background;
            if (coverage > 0) {
                uint32_t s = sample(picture, picture->center_x + r * direction_x[c], picture->center_y + r * direction_y[c]);
                uint32_t weight = (uint32_t)(coverage * 256 + 0.5);
                texel = transparent ? fade_alpha(unpremultiplied(s), weight) : over(s, weight, background);
            }
            out[c] = texel;
        }
    }
}
