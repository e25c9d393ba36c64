/*
 * The machine's levels of play measured on the host: scripted persons play
 * whole games against the engine's own level code (engine_level_move, the
 * code the device runs), from each game's start position, the person
 * moving first.  `make bench` prints the table (tools/bench/levels_run.c),
 * and tests/unit/test_levels.c asserts what it must show.
 */
#ifndef TOOLS_BENCH_LEVELS_H
#define TOOLS_BENCH_LEVELS_H

#include <stdint.h>
#include <stdio.h>

#include "engine/engine.h"

#define LEVELS_GAMES 200u /* games of each person against each level, from each start */

enum levels_person {
	LEVELS_PERFECT, /* engine_best_move: a winning move whenever there is one */
	LEVELS_RANDOM,  /* any legal move, uniformly, of engine_next_move's list */
	LEVELS_PERSONS
};

/* What the games of one person against one level, from one start, gave. */
struct levels_count {
	uint32_t games;
	uint32_t person_wins;
	uint32_t machine_moves;
	/* Games the machine lost although, on a turn of its own, the
	 * position was a win for it (engine_outcome). */
	uint32_t machine_threw;
	uint32_t illegal;    /* moves engine_check_move refused: never, unless a bug */
	uint32_t unfinished; /* games cut at the most plies: never, unless a bug */
};

/* The whole measure: [game][person][level - ENGINE_LEVEL_LEAST]. */
struct levels_table {
	uint32_t games_each;
	struct levels_count count[GAME_COUNT][LEVELS_PERSONS][ENGINE_LEVEL_PERFECT];
};

/* Plays `games` games of `person` against the machine at `level` from the
 * start position of `game`; the random person and the machine's chances
 * draw on a sequence from `seed`, so every run gives the same games. */
struct levels_count levels_play(uint8_t game, uint8_t person, uint8_t level, uint32_t games, uint32_t seed);
/* Every game, person and level, `games` games each. */
void levels_measure(struct levels_table *table, uint32_t games);
/* The table of the person's win rates, per game and level. */
void levels_print(FILE *out, const struct levels_table *table);

#endif
