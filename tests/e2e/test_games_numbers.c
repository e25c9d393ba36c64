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

static void subtract_digit_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_SUBTRACT_DIGIT, GAMES, 3626u);
}

static void divide_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_DIVIDE, GAMES, 7741u);
}

static void prime_power_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_PRIME_POWER, GAMES, 1212u);
}

static void matrix_nim_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_MATRIX_NIM, GAMES, 820u);
}

static void kayles_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_KAYLES, GAMES, 6105u);
}

static void pebbles_from_the_rulebook_start(void **state)
{
	(void)state;
	e2e_rulebook_game(GAME_PEBBLES, GAMES, 4997u);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(subtract_digit_from_the_rulebook_start),
		cmocka_unit_test(divide_from_the_rulebook_start),
		cmocka_unit_test(prime_power_from_the_rulebook_start),
		cmocka_unit_test(matrix_nim_from_the_rulebook_start),
		cmocka_unit_test(kayles_from_the_rulebook_start),
		cmocka_unit_test(pebbles_from_the_rulebook_start),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
