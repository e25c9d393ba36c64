/*
 * Subtraction games on the device: the Grundy values of a heap when a move
 * takes s stones with s in a set S within 1..8, found on the fly.
 *
 * The value of a heap depends only on the 8 values below it, so once 8
 * values in a row repeat p places earlier, the sequence is periodic with
 * period p from there on.  The device computes the first `size` values and
 * looks for such a p at their end.  The table generator runs this same
 * code over all 255 sets, checks it against a direct computation far past
 * the period and writes the smallest size that serves every set
 * (SUBTRACTION_VALUES in engine_tables.h).
 *
 * This file is shared with the generator: it must not include the tables.
 */
#ifndef ENGINE_SUBTRACTION_H
#define ENGINE_SUBTRACTION_H

#include <stdint.h>

/* Fills value[0..size-1] with G(0), G(1), ... and returns a period p:
 * G(n) = G(n - p) for every n >= size - 8; 0 when the last 8 values do not
 * repeat (size too small for this set). */
uint8_t subtraction_solve(uint8_t set, uint8_t *value, uint8_t size);

/* Where G(n) is among `size` values whose last `period` repeat for ever:
 * n itself, or its place in the last period. */
uint16_t periodic_index(uint16_t n, uint8_t size, uint8_t period);

/* G(n) for any n, from the `size` values and the period solve found. */
uint8_t subtraction_value(const uint8_t *value, uint8_t size, uint8_t period, uint16_t n);

#endif
