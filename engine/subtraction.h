/*
 * Subtraction games on the device: the Grundy values of a heap when a move
 * takes s stones with s in a set S within 1..8, found on the fly.
 *
 * With t = max(S), the value of a heap depends only on the t values below
 * it, so the sequence is periodic from the first window of t values that
 * repeats: a window at `pre` equal to the window at `pre + period`.  The
 * table generator runs this same code over all 255 sets, checks it against
 * a direct computation and proves the buffer size the device uses
 * (SUBTRACTION_VALUES in engine_tables.h) is enough for every set.
 *
 * This file is shared with the generator: it must not include the tables.
 */
#ifndef ENGINE_SUBTRACTION_H
#define ENGINE_SUBTRACTION_H

#include <stdbool.h>
#include <stdint.h>

struct subtraction_period {
	uint8_t pre;    /* values before the period starts */
	uint8_t period; /* length of the period */
	uint8_t values; /* entries of the caller's buffer in use */
};

/* Fills value[0..] with G(0), G(1), ... until the period shows; false when
 * `size` entries are not enough (the set mask must be nonzero). */
bool subtraction_solve(uint8_t set, uint8_t *value, uint8_t size, struct subtraction_period *found);

/* G(n) from a solved sequence, for any n. */
uint8_t subtraction_value(const uint8_t *value, const struct subtraction_period *found, uint16_t n);

#endif
