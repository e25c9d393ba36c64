/* The levels measured on the host; see levels.h. */
#include "tools/bench/levels.h"

#include <stdbool.h>

/* Far more plies than any start's longest game (Subtract a digit from
 * 1234 takes at most 1234): a game cut there is counted, never hidden. */
#define LEVELS_MOST_PLIES 20000u

/* xorshift32: the host's own sequence, for the random person's moves and
 * the seeds handed to the machine. */
static uint32_t next_random(uint32_t *state)
{
	uint32_t x = *state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* Any legal move, every one equally likely. */
static void random_move(const struct position *pos, struct move *mv, uint32_t *state)
{
	uint32_t moves = 0;
	for (bool more = engine_next_move(pos, mv, true); more; more = engine_next_move(pos, mv, false)) {
		moves++;
	}
	uint32_t chosen = next_random(state) % moves;
	engine_next_move(pos, mv, true);
	for (; chosen > 0; chosen--) {
		engine_next_move(pos, mv, false);
	}
}

/* One game, the person first; true when the person wins. */
static bool play_game(uint8_t game, uint8_t person, uint8_t level, uint32_t *state, struct levels_count *count)
{
	struct position pos;
	engine_start_position(&pos, game);
	bool machine_to_move = false;
	bool machine_had_win = false;
	for (uint32_t ply = 0; !engine_game_over(&pos); ply++) {
		if (ply == LEVELS_MOST_PLIES) {
			count->unfinished++;
			return false;
		}
		struct move mv;
		if (machine_to_move) {
			machine_had_win |= engine_outcome(&pos) == OUTCOME_N;
			engine_level_move(&pos, level, (uint16_t)next_random(state), &mv);
			count->machine_moves++;
		} else if (person == LEVELS_PERFECT) {
			engine_best_move(&pos, &mv);
		} else {
			random_move(&pos, &mv, state);
		}
		if (engine_check_move(&pos, &mv) != ENGINE_OK) {
			count->illegal++;
			return false;
		}
		engine_apply_move(&pos, &mv);
		machine_to_move = !machine_to_move;
	}
	/* Under normal play whoever moved last won, under misere the
	 * player now to move (as firmware/game.c names the winner). */
	bool mover_wins = pos.rule == RULE_MISERE;
	bool person_wins = machine_to_move != mover_wins;
	if (person_wins && machine_had_win) {
		count->machine_threw++;
	}
	return person_wins;
}

struct levels_count levels_play(uint8_t game, uint8_t person, uint8_t level, uint32_t games, uint32_t seed)
{
	struct levels_count count = { 0 };
	uint32_t state = seed != 0 ? seed : 1u;
	for (uint32_t g = 0; g < games; g++) {
		count.games++;
		if (play_game(game, person, level, &state, &count)) {
			count.person_wins++;
		}
	}
	return count;
}

void levels_measure(struct levels_table *table, uint32_t games)
{
	table->games_each = games;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		for (uint8_t person = 0; person < LEVELS_PERSONS; person++) {
			for (uint8_t level = ENGINE_LEVEL_LEAST; level <= ENGINE_LEVEL_PERFECT; level++) {
				uint32_t seed = 2654435761u * (uint32_t)(1u + game * 16u + person * 4u + level);
				table->count[game][person][level - ENGINE_LEVEL_LEAST] =
					levels_play(game, person, level, games, seed);
			}
		}
	}
}

static void print_rates(FILE *out, const struct levels_count *counts)
{
	for (uint8_t level = ENGINE_LEVEL_LEAST; level <= ENGINE_LEVEL_PERFECT; level++) {
		const struct levels_count *c = &counts[level - ENGINE_LEVEL_LEAST];
		fprintf(out, " %5.1f", c->games != 0 ? 100.0 * c->person_wins / c->games : 0.0);
	}
}

void levels_print(FILE *out, const struct levels_table *table)
{
	fprintf(out, "The person's wins, %% of %u games from each start, the person first, against each level:\n",
		(unsigned)table->games_each);
	fprintf(out, "%-18s %6s   %-17s   %s\n", "", "first", "perfect person", "random person");
	fprintf(out, "%-18s %6s   %5s %5s %5s   %5s %5s %5s\n", "game", "player", "L1", "L2", "L3", "L1", "L2", "L3");
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct position pos;
		engine_start_position(&pos, game);
		fprintf(out, "%-18s %6s  ", engine_game_name(game),
			engine_outcome(&pos) == OUTCOME_N ? "wins" : "loses");
		print_rates(out, table->count[game][LEVELS_PERFECT]);
		fprintf(out, "  ");
		print_rates(out, table->count[game][LEVELS_RANDOM]);
		fprintf(out, "\n");
	}
}
