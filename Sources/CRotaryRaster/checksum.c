#include "CRotaryRaster.h"

#include <string.h>

// Four lanes of 64-bit multiply-rotate over 32-byte stripes: each lane depends only on its
// own words, so the processor keeps four multiplications in flight (several GB/s on one core:
// a ring's cached art is checked in well under a millisecond). Not a cryptographic hash.
static const uint64_t prime_a = 0x9E3779B97F4A7C15ull, prime_b = 0xC2B2AE3D27D4EB4Full;

static inline uint64_t lane(uint64_t h, uint64_t word) {
    h ^= word * prime_b;
    h = (h << 31) | (h >> 33);
    return h * prime_a;
}

static inline uint64_t load64(const unsigned char *p) {
    uint64_t word;
    memcpy(&word, p, sizeof word);
    return word;
}

uint64_t rotary_checksum64(const void *data, size_t length, uint64_t seed) {
    const unsigned char *p = data, *end = p + length;
    uint64_t h[4] = {seed + prime_a, seed ^ prime_b, seed - prime_a, ~seed};
    for (; end - p >= 32; p += 32) {
        for (int i = 0; i < 4; i++) h[i] = lane(h[i], load64(p + 8 * i));
    }
    uint64_t sum = (uint64_t)length * prime_b;
    for (int i = 0; i < 4; i++) sum = lane(sum ^ h[i], (uint64_t)i + 1);
    for (; end - p >= 8; p += 8) sum = lane(sum, load64(p));
    uint64_t tail = 0;
    if (end > p) memcpy(&tail, p, (size_t)(end - p));
    sum = lane(sum, tail ^ (uint64_t)(end - p));
    sum ^= sum >> 29;
    sum *= prime_b;
    return sum ^ (sum >> 32);
}
