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

#include <cmocka.h>

#include "tests/e2e/e2e.h"

#define GAMES 4u

static void nim_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_NIM, GAMES, 5911u);
}

static void misere_nim_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_MISERE_NIM, GAMES, 5072u);
}

static void marienbad_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_MARIENBAD, GAMES, 7871u);
}

static void limit_nim_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_LIMIT_NIM, GAMES, 2542u);
}

static void subtraction_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_SUBTRACTION, GAMES, 1086u);
}

static void poker_nim_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_POKER_NIM, GAMES, 3908u);
}

static void nimble_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_NIMBLE, GAMES, 9464u);
}

static void wythoff_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_WYTHOFF, GAMES, 2487u);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nim_from_the_rulebook_start),
		cmocka_unit_test(misere_nim_from_the_rulebook_start),
		cmocka_unit_test(marienbad_from_the_rulebook_start),
		cmocka_unit_test(limit_nim_from_the_rulebook_start),
		cmocka_unit_test(subtraction_from_the_rulebook_start),
		cmocka_unit_test(poker_nim_from_the_rulebook_start),
		cmocka_unit_test(nimble_from_the_rulebook_start),
		cmocka_unit_test(wythoff_from_the_rulebook_start),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
