/*
 * Keys of board positions: one integer per symmetry class, the same for
 * every position the class holds.  The table generator stores the keys of
 * the losing positions (engine/losing_set.h); the engine computes the key
 * of a position and looks it up.  Both use these functions, so a table can
 * only ever be read with the key it was written with.
 *
 * A key is a canonical form: the smallest code of the position among its
 * images under the game's symmetries.
 */
#ifndef BOARD_KEYS_H
#define BOARD_KEYS_H

#include <stdint.h>

#include "engine/engine.h"

/* Chomp on boards up to ENGINE_CHOMP_MAX square.  A diagram's code has
 * bit (rows[i] + 7 - i) set for each of the 8 possible rows (absent rows
 * have length 0): 8 distinct bits of 16, one per boundary step.  Chomp is
 * symmetric under transposition, whose code is the complement of the
 * code reversed; the key is the smaller of the two. */
#define BOARD_CHOMP_UNIVERSE 65536u
uint16_t board_chomp_code(const uint8_t *rows, uint8_t count);
uint16_t board_chomp_key(const uint8_t *rows, uint8_t count);

/* Taktix, any pieces of a row or column: the game is unchanged by any
 * permutation of the rows, of the columns, and by transposition.  The key
 * is an invariant of that group: for each row, the sum of the squares of
 * the column counts of its pieces; the four sums sorted (the smallest in
 * the top 7 bits); and the same for columns, the smaller of the two.  It
 * does not tell every class apart, but the generator proves that no
 * winning position shares its key with a losing one. */
#define BOARD_TAKTIX_ANY_UNIVERSE ((uint32_t)1 << 28)
uint32_t board_taktix_any_key(uint16_t cells);

/* Taktix, adjacent pieces only: the eight symmetries of the square. */
#define BOARD_TAKTIX_ADJACENT_UNIVERSE 65536u
uint32_t board_taktix_adjacent_key(uint16_t cells);

/* Kubo: the eight symmetries of the square; stack i is digit i (2 bits). */
#define BOARD_KUBO_UNIVERSE ((uint32_t)1 << 18)
uint32_t board_kubo_key(const uint8_t *stacks);

/* Nineteen: the twelve symmetries of the hexagon. */
#define BOARD_NINETEEN_UNIVERSE ((uint32_t)1 << 19)
uint32_t board_nineteen_key(uint32_t cells);

#endif
