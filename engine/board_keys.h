/*
 * Keys of board positions: one integer per symmetry class, the same for
 * every position the class holds.  The table generator stores the keys of
 * the losing positions (engine/losing_set.h); the engine computes the key
 * of a position and looks it up.  Both use these functions, so a table can
 * only ever be read with the key it was written with.
 *
 * A key is a canonical form: the smallest code of the position among its
 * images under the game's symmetries, written so that codes are dense
 * (small universes cost fewer bits a key in the set).
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

#endif
