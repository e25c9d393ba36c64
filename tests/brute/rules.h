/*
 * What the solver's files share of the rules (brute.h is what its users
 * see).  rules.c hands each of brute.h's rule calls to the family of the
 * position's game: rules_heaps.c, rules_numbers.c, rules_strips.c and
 * rules_boards.c each state their games' moves from the rulebook.  The
 * board shapes (rules_shapes.c) and the rows a Kayles or Pebbles move
 * leaves are read by the search's tables too (search_tables.c,
 * search_strips.c), so both read one statement of each rule.
 */
#ifndef BRUTE_RULES_H
#define BRUTE_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tests/brute/brute.h"

#define TAKTIX_SIDE 4
#define KUBO_SIDE 3
#define KUBO_STACKS 9
#define KUBO_HEIGHT 3
#define NINETEEN_CELLS 19

/* ---- the families ---- */

/* One family's rules for its own games, each call as the brute_ call of
 * its name says (brute.h).  `moves` and `candidate_moves` add to a list
 * rules.c has emptied. */
struct rules_family {
	void (*moves)(const struct brute_pos *pos, struct brute_move_list *list);
	void (*candidate_moves)(const struct brute_pos *pos, struct brute_move_list *list);
	bool (*is_legal)(const struct brute_pos *pos, const struct brute_move *mv);
	void (*apply)(struct brute_pos *pos, const struct brute_move *mv);
};

/* Nim, Misère Nim, Marienbad, Limit Nim, Subtraction, Nimble, Poker Nim,
 * Matrix Nim, Wythoff. */
extern const struct rules_family rules_heaps;
/* Subtract a digit, Divide, Prime power. */
extern const struct rules_family rules_numbers;
/* Kayles, Pebbles. */
extern const struct rules_family rules_strips;
/* Chomp, Taktix, Kubo, Nineteen. */
extern const struct rules_family rules_boards;

/* ---- what the families share (rules.c) ---- */

/* Adds a move to the end of a list, growing it as needed. */
void rules_list_push(struct brute_move_list *list, const struct brute_move *mv);
/* Drops the empty parts, keeping the others in order. */
void rules_remove_zero_parts(struct brute_pos *pos);
/* qsort's order of uint32_t values. */
int rules_compare_u32(const void *a, const void *b);

/* ---- board shapes (rules_shapes.c) ---- */

/* Taktix: the cell of line `line` (0..3 the rows from the top, 4..7 the
 * columns from the left) at place `i` along it. */
uint8_t rules_taktix_cell(uint8_t line, uint8_t i);
/* Taktix: every set of pieces one move may take on an empty-free line, for
 * variant 0 (any pieces of a row or column) and 1 (a run of adjacent
 * pieces).  A move is legal when all its pieces are on the board. */
const uint32_t *rules_taktix_shapes(uint8_t variant, size_t *count);
/* Nineteen: one cell, two adjacent cells, three mutually adjacent cells. */
const uint32_t *rules_nineteen_shapes(size_t *count);
/* Kubo: the orthogonally adjacent pairs of stacks, lower stack first. */
const uint8_t (*rules_kubo_pairs(size_t *count))[2];

/* ---- numbers (rules_numbers.c) ---- */

/* Smallest prime factor of n >= 2, by trial division. */
uint32_t rules_smallest_prime_factor(uint32_t n);

/* ---- rows (rules_strips.c) ---- */

/* Kayles (knock `count` pins from `at`) or Pebbles (a pebble on cell `at`)
 * in a row of `length`: the lengths of the two rows the move leaves. */
void rules_split_row(uint8_t game, uint32_t length, uint32_t at, uint32_t count, uint32_t *left, uint32_t *right);

#endif
