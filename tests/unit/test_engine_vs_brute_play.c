/*
 * The engine against the brute-force solver in whole games from each game's
 * start position (engine_start_position), as the machine plays them.
 *
 * - Each start position is the rulebook's where the rulebook fixes one, and
 *   every position met is checked as in the other proofs (every move too).
 * - GAMES_PER_START games from each start (and each Taktix variant and rule,
 *   Nim and Marienbad under both rules): the machine (engine_best_move)
 *   plays against an opponent choosing uniformly among the legal moves of
 *   the solver's generator, the machine moving first in half the games.
 *   Whenever the machine is to move in a position the solver says it wins,
 *   it must go on to win the game: make the last move in normal play, leave
 *   it to the opponent under misère.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

#define GAMES_PER_START 200

static uint32_t random_state = 12345;

static uint32_t random_below(uint32_t n)
{
	random_state = random_state * 1103515245u + 12345u;
	return (random_state >> 8) % n;
}

/* One game; false when the machine lost a game it had won. */
static bool play_game(struct proof *p, struct position pos, bool machine_first)
{
	struct brute_pos bp;
	struct brute_move_list moves = { 0 };
	bool machine_to_move = machine_first;
	bool machine_should_win = false;
	bool machine_moved_last = false;
	for (uint32_t turn = 0;; turn++) {
		assert_true(brute_from_position(&bp, &pos));
		proof_position(p, &bp, true);
		brute_moves(&bp, &moves);
		if (moves.count == 0) {
			break;
		}
		assert_true(turn < 2000);
		struct move mv;
		if (machine_to_move) {
			if (!machine_should_win && brute_wins(&bp)) {
				machine_should_win = true;
			}
			if (!engine_best_move(&pos, &mv)) {
				break; /* counted by the proof */
			}
		} else {
			brute_move_to_engine(&mv, &pos, &moves.move[random_below((uint32_t)moves.count)]);
		}
		if (engine_check_move(&pos, &mv) != ENGINE_OK) {
			break; /* counted by the proof */
		}
		engine_apply_move(&pos, &mv);
		machine_moved_last = machine_to_move;
		machine_to_move = !machine_to_move;
	}
	brute_move_list_free(&moves);
	bool machine_won = bp.misere ? !machine_moved_last : machine_moved_last;
	if (machine_should_win && !machine_won) {
		char text[300];
		brute_format(&bp, text, sizeof(text));
		printf("# MISMATCH %s: the machine had a won game and lost it (ended at %s)\n", p->name, text);
		return false;
	}
	return true;
}

static bool play_from(const char *name, const struct position *start)
{
	struct proof p;
	uint32_t lost = 0;
	proof_start(&p, name);
	for (uint32_t game = 0; game < GAMES_PER_START; game++) {
		lost += !play_game(&p, *start, game % 2 == 0);
	}
	bool ok = proof_finish(&p);
	return ok && lost == 0;
}

static void test_start_positions_are_the_rulebooks(void **state)
{
	(void)state;
	struct position pos;
	struct brute_pos bp;
	/* Marienbad: rows 1 3 5 7, misère, lost by the player to move. */
	engine_start_position(&pos, GAME_MARIENBAD);
	assert_true(brute_from_position(&bp, &pos));
	struct brute_pos marienbad = { .game = GAME_MARIENBAD, .misere = true, .count = 4, .part = { 1, 3, 5, 7 } };
	assert_true(brute_same(&bp, &marienbad));
	assert_false(brute_wins(&bp));
	/* Kayles: the Polish text's O OOOOOOOOOOOO. */
	engine_start_position(&pos, GAME_KAYLES);
	assert_true(brute_from_position(&bp, &pos));
	struct brute_pos kayles = { .game = GAME_KAYLES, .count = 2, .part = { 1, 12 } };
	assert_true(brute_same(&bp, &kayles));
	/* Taktix: the full 4x4 square; Kubo: nine stacks of 3; Nineteen: the
	 * full hexagon. */
	engine_start_position(&pos, GAME_TAKTIX);
	assert_int_equal(pos.u.taktix, 0xFFFF);
	engine_start_position(&pos, GAME_KUBO);
	for (uint8_t s = 0; s < ENGINE_KUBO_STACKS; s++) {
		assert_int_equal(pos.u.kubo[s], 3);
	}
	engine_start_position(&pos, GAME_NINETEEN);
	assert_int_equal(pos.u.nineteen, (1u << ENGINE_NINETEEN_CELLS) - 1);

	struct proof p;
	proof_start(&p, "start positions");
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		engine_start_position(&pos, game);
		assert_true(brute_from_position(&bp, &pos));
		proof_position(&p, &bp, true);
	}
	assert_true(proof_finish(&p));
}

static void test_whole_games_from_every_start(void **state)
{
	(void)state;
	bool ok = true;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct position start;
		char name[80];
		engine_start_position(&start, game);
		if (game == GAME_TAKTIX) {
			/* The full board under each variant and rule. */
			for (uint8_t kind = 0; kind < 4; kind++) {
				start.variant = kind & 1 ? TAKTIX_ADJACENT : TAKTIX_ANY;
				start.rule = kind & 2 ? RULE_MISERE : RULE_NORMAL;
				snprintf(name, sizeof(name), "games from the start of taktix %s %s",
					 kind & 1 ? "adjacent" : "any", kind & 2 ? "misere" : "normal");
				ok = play_from(name, &start) && ok;
			}
			continue;
		}
		snprintf(name, sizeof(name), "games from the start of %s", engine_game_name(game));
		ok = play_from(name, &start) && ok;
		if (game == GAME_NIM || game == GAME_MARIENBAD) {
			start.rule = start.rule == RULE_MISERE ? RULE_NORMAL : RULE_MISERE;
			snprintf(name, sizeof(name), "games from the start of %s, other rule", engine_game_name(game));
			ok = play_from(name, &start) && ok;
		}
	}
	assert_true(ok);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start_positions_are_the_rulebooks),
		cmocka_unit_test(test_whole_games_from_every_start),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
