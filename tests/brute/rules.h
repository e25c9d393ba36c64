/*
 * Board shapes shared by the solver's move generator (rules.c) and its dense
 * board tables (search.c), so both read one statement of each rule.
 */
#ifndef BRUTE_RULES_H
#define BRUTE_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Taktix: every set of pieces one move may take on an empty-free line, for
 * variant 0 (any pieces of a row or column) and 1 (a run of adjacent
 * pieces).  A move is legal when all its pieces are on the board. */
const uint32_t *rules_taktix_shapes(uint8_t variant, size_t *count);
/* Nineteen: one cell, two adjacent cells, three mutually adjacent cells. */
const uint32_t *rules_nineteen_shapes(size_t *count);
/* Kubo: the orthogonally adjacent pairs of stacks, lower stack first. */
const uint8_t (*rules_kubo_pairs(size_t *count))[2];
/* Kayles (knock `count` pins from `at`) or Pebbles (a pebble on cell `at`)
 * in a row of `length`: the lengths of the two rows the move leaves. */
void rules_split_row(uint8_t game, uint32_t length, uint32_t at, uint32_t count, uint32_t *left, uint32_t *right);
/* Smallest prime factor of n >= 2, by trial division. */
uint32_t rules_smallest_prime_factor(uint32_t n);

#endif
