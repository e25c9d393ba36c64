/*
 * Whole games end to end, from the rulebook's start position, set up
 * through the menu and played through the buttons: the person's side plays
 * random legal moves, and before about one move in three first enters an
 * illegal one, which must be refused with the engine's reason and change
 * nothing.  Every position shown (numbers, pins, board pictures read pixel
 * by pixel) must be the one the rules produce, every machine move legal,
 * every machine move from a winning position a winning move, and the
 * winner named the right one.
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

#define GAMES 4u

static void chomp_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_CHOMP, GAMES, 56u);
}

static void taktix_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_TAKTIX, GAMES, 3033u);
}

static void kubo_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_KUBO, GAMES, 768u);
}

static void nineteen_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_NINETEEN, GAMES, 7816u);
}

/* Nineteen's middle row picked whole: "Take c1,c2,c3,c4,c5" is longer
 * than the room beside the board, so the words break after a comma and
 * must read in full (e2e_enter_move checks them).  The rulebook games
 * enter such picks only when their random illegal entries come to them. */
static void long_pick_is_named_in_full(void **state)
{
	(void)state;
	if (!e2e_game_to_test(GAME_NINETEEN)) {
		return;
	}
	struct sim *sim = e2e_boot(0);
	struct e2e_setup setup = e2e_start(GAME_NINETEEN, false);
	e2e_menu_set(sim, &setup);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 0, "Arrows SEL=pick", 1000);
	e2e_press(sim, BUTTON_SELECT); /* past the help */
	struct position pos;
	e2e_setup_position(&setup, &pos);
	struct move row;
	memset(&row, 0, sizeof row);
	row.u.cells = 0x1Ful << 7; /* cells 7-11: the row of 5 */
	e2e_enter_move(sim, &pos, &row, false);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(chomp_from_the_rulebook_start), cmocka_unit_test(taktix_from_the_rulebook_start),
		cmocka_unit_test(kubo_from_the_rulebook_start),  cmocka_unit_test(nineteen_from_the_rulebook_start),
		cmocka_unit_test(long_pick_is_named_in_full),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
