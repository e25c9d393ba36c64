/*
 * The machine's levels of play (engine/level.c), measured with the same
 * code as `make bench` (tools/bench/levels.h): a perfect and a random
 * person each play LEVELS_GAMES games from every game's start position,
 * moving first, against each level.  The table is printed; the test
 * asserts what the levels promise:
 *   - at level 3 the machine never loses a game in which it held a won
 *     position, and the perfect person wins exactly the starts that are
 *     first-player wins (all their games; none of the others);
 *   - level 1 slips: the machine throws away won positions there, and
 *     the random person wins more often at level 1 than at level 3 in
 *     most games;
 *   - every move of every game is legal, and every game ends.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "tools/bench/levels.h"

#define LEVEL_INDEX(level) ((level)-ENGINE_LEVEL_LEAST)

static struct levels_table table;

static int measure(void **state)
{
	(void)state;
	levels_measure(&table, LEVELS_GAMES);
	levels_print(stdout, &table);
	fflush(stdout);
	return 0;
}

static void every_move_legal_and_every_game_ends(void **state)
{
	(void)state;
	uint32_t games = 0;
	uint32_t machine_moves = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		for (uint8_t person = 0; person < LEVELS_PERSONS; person++) {
			for (uint8_t level = 0; level < ENGINE_LEVEL_PERFECT; level++) {
				const struct levels_count *c = &table.count[game][person][level];
				if (c->illegal != 0 || c->unfinished != 0) {
					fail_msg("%s, person %u, level %u: %u illegal moves, %u games unfinished",
						 engine_game_name(game), person, level + ENGINE_LEVEL_LEAST,
						 (unsigned)c->illegal, (unsigned)c->unfinished);
				}
				games += c->games;
				machine_moves += c->machine_moves;
			}
		}
	}
	printf("# %u games, %u moves of the machine, all legal, every game ended\n", (unsigned)games,
	       (unsigned)machine_moves);
}

static void level_3_never_loses_a_won_game(void **state)
{
	(void)state;
	uint32_t games = 0;
	uint32_t first_wins = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct position start;
		engine_start_position(&start, game);
		bool first_player_wins = engine_outcome(&start) == OUTCOME_N;
		first_wins += first_player_wins;
		for (uint8_t person = 0; person < LEVELS_PERSONS; person++) {
			const struct levels_count *c = &table.count[game][person][LEVEL_INDEX(ENGINE_LEVEL_PERFECT)];
			if (c->machine_threw != 0) {
				fail_msg("%s: level 3 lost %u games after holding a won position",
					 engine_game_name(game), (unsigned)c->machine_threw);
			}
			games += c->games;
		}
		const struct levels_count *perfect =
			&table.count[game][LEVELS_PERFECT][LEVEL_INDEX(ENGINE_LEVEL_PERFECT)];
		uint32_t expected = first_player_wins ? perfect->games : 0u;
		if (perfect->person_wins != expected) {
			fail_msg(
				"%s: the perfect person won %u of %u games at level 3 from a start the first player %s",
				engine_game_name(game), (unsigned)perfect->person_wins, (unsigned)perfect->games,
				first_player_wins ? "wins" : "loses");
		}
	}
	printf("# level 3: no won position thrown away in %u games; the perfect person won every game of the %u "
	       "starts the first player wins and none of the other %u\n",
	       (unsigned)games, (unsigned)first_wins, (unsigned)(GAME_COUNT - first_wins));
}

static void level_1_slips_and_a_random_person_wins_more(void **state)
{
	(void)state;
	uint32_t threw = 0;
	unsigned games_more = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		const struct levels_count *low = &table.count[game][LEVELS_RANDOM][LEVEL_INDEX(ENGINE_LEVEL_LEAST)];
		const struct levels_count *high = &table.count[game][LEVELS_RANDOM][LEVEL_INDEX(ENGINE_LEVEL_PERFECT)];
		if (low->person_wins > high->person_wins) {
			games_more++;
		}
		for (uint8_t person = 0; person < LEVELS_PERSONS; person++) {
			threw += table.count[game][person][LEVEL_INDEX(ENGINE_LEVEL_LEAST)].machine_threw;
		}
	}
	printf("# level 1: %u games lost after holding a won position; the random person won more often than at "
	       "level 3 in %u of %u games\n",
	       (unsigned)threw, games_more, (unsigned)GAME_COUNT);
	assert_true(threw > 0);
	assert_true(games_more * 2u > GAME_COUNT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_move_legal_and_every_game_ends),
		cmocka_unit_test(level_3_never_loses_a_won_game),
		cmocka_unit_test(level_1_slips_and_a_random_person_wins_more),
	};
	return cmocka_run_group_tests(tests, measure, NULL);
}
