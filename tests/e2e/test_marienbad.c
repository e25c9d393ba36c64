/*
 * Marienbad end to end: the real firmware in the simulator, played through
 * the buttons and read from the LCD.
 *
 * Marienbad starts from 1 3 5 7 under misère play, a losing position for
 * the player to move, so the machine has a winning strategy exactly when
 * the person moves first.  It must then win against every possible first
 * reply of the person (all 16 legal first moves), whatever the person plays
 * after (seeded random legal moves).  When the machine moves first, a
 * person who plays perfectly must win, and the device must say so.
 *
 * needs: TRANSCRIPT (the machine's moves read from the transcript)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/e2e/e2e.h"

static void machine_wins_against_every_first_reply(void **state)
{
	(void)state;
	const struct e2e_setup setup = e2e_start(GAME_MARIENBAD, false);
	struct position pos;
	e2e_setup_position(&setup, &pos);
	struct brute_pos start;
	assert_true(brute_from_position(&start, &pos));
	assert_false(brute_wins(&start)); /* the person, to move, loses with best play */

	struct brute_move_list firsts = { 0 };
	brute_moves(&start, &firsts);
	assert_int_equal(firsts.count, 16);

	struct sim *sim = e2e_boot(0);
	e2e_menu_set(sim, &setup);
	struct e2e_figures figures = { 0 };
	for (size_t i = 0; i < firsts.count; i++) {
		struct brute_pos after = start;
		brute_apply(&after, &firsts.move[i]);
		assert_true(brute_wins(&after)); /* the machine, to move, can force a win */
		uint32_t seed = (uint32_t)(i + 1u) * 2654435761u;
		struct move first;
		memset(&first, 0, sizeof first);
		brute_move_to_engine(&first, &pos, &firsts.move[i]);
		enum e2e_winner winner =
			e2e_play_game(sim, &setup, &first, e2e_choose_random, &seed, 0, true, &figures);
		if (winner != E2E_MACHINE) {
			fail_msg("the person won after first taking %u from row %u", (unsigned)firsts.move[i].amount,
				 firsts.move[i].part + 1u);
		}
	}
	printf("# Marienbad: the machine won all %zu games, one for each first reply\n", firsts.count);
	e2e_print_figures("Marienbad", &figures);
	brute_move_list_free(&firsts);
	e2e_close(sim);
}

static void perfect_person_wins_when_the_machine_starts(void **state)
{
	(void)state;
	const struct e2e_setup setup = e2e_start(GAME_MARIENBAD, true);
	struct sim *sim = e2e_boot(0);
	e2e_menu_set(sim, &setup);
	struct e2e_figures figures = { 0 };
	/* The announcements run their full time here, as a person sees them. */
	assert_int_equal(e2e_play_game(sim, &setup, NULL, e2e_choose_perfect, NULL, 0, false, &figures), E2E_PERSON);
	e2e_print_figures("Marienbad, machine first", &figures);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(machine_wins_against_every_first_reply),
		cmocka_unit_test(perfect_person_wins_when_the_machine_starts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
