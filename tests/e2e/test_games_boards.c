/*
 * Whole games end to end, from the rulebook's start position, set up
 * through the menu and played through the buttons: the person's side plays
 * random legal moves, and before about one move in three first enters an
 * illegal one, which must be refused with the engine's reason and change
 * nothing.  Every position shown (numbers, pins, board pictures read pixel
 * by pixel) must be the one the rules produce, every machine move legal,
 * every machine move from a winning position a winning move, and the
 * winner named the right one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(chomp_from_the_rulebook_start),
		cmocka_unit_test(taktix_from_the_rulebook_start),
		cmocka_unit_test(kubo_from_the_rulebook_start),
		cmocka_unit_test(nineteen_from_the_rulebook_start),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
