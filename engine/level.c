/*
 * The machine's levels of play (engine.h): one rule for the device and
 * for the host's measures of it (tools/bench/levels.c), so that what the
 * measures say of a level is what the device plays.
 *
 * At level L below perfect, a move is the engine's best with chance
 * (L + 1) in 4 (2 in 4 at level 1, 3 in 4 at level 2), and otherwise a
 * slip: a move a beginner makes, never an absurd one.  In the sums of
 * parts (the heaps, numbers, rows, Matrix Nim, Wythoff) the slip is the
 * least move the rules allow at the largest part that has one: one stone
 * from the largest heap, one square for its coin, a halving, one prime
 * factor, the pin or cell at the end of the longest row; it never empties
 * a heap at a stroke.  It is the move the engine makes to keep a lost game
 * going, so it is plausible, and it gives the opponent a long game.  On the
 * boards (Chomp, Taktix, Kubo, Nineteen) it is the first legal move of the
 * module's list from a place drawn at random, where single pieces come
 * before larger groups.  A slip may happen to win; from a lost position
 * any move is as good as another.  At the perfect level the move is
 * engine_best_move's, always.
 */
#include <stdint.h>

#include "engine/engine.h"

/* The chance of the best move is counted in quarters, by the top two bits
 * of the mixed seed: (level + 1) in 4, which is every move at the perfect
 * level. */
#define LEVEL_CHANCE_SHIFT 14u
_Static_assert(ENGINE_LEVEL_PERFECT + 1u == 1u << (16u - LEVEL_CHANCE_SHIFT), "perfect play: the best move always");
/* Multiplying by 2^16 / golden ratio, odd, spreads every bit of the seed
 * into the top bits (Knuth's multiplicative hashing): seeds a millisecond
 * apart give unrelated chances. */
#define LEVEL_MIX 40503u
/* A board's slip starts its search at a move number below 64: every
 * Chomp move, the first 64 of Taktix's and Nineteen's (single pieces and
 * pairs), and Kubo's 39 (the rest of the draws start at its first). */
#define LEVEL_FROM_MASK 0x3Fu

bool engine_level_move(const struct position *pos, uint8_t level, uint16_t seed, struct move *mv)
{
	uint16_t mixed = (uint16_t)(seed * LEVEL_MIX);
	if ((mixed >> LEVEL_CHANCE_SHIFT) <= level) {
		return engine_best_move(pos, mv);
	}
	return engine_keep_going(pos, (uint8_t)(mixed & LEVEL_FROM_MASK), mv);
}
