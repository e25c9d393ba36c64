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

/* The largest prime the menu reaches, 4294967291 (a held RIGHT runs up
 * to 4294967295, four LEFTs come back): the game factors it when it
 * starts, as slowly as any 32-bit number is factored (every trial divisor
 * up to 65,521), and the game's first screen must follow SELECT within
 * the goal of 250 ms, with no watchdog reset; the person then wins by
 * dividing it out. */
static void prime_power_of_the_largest_prime_starts(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	e2e_menu_set(sim, &(struct e2e_setup){ .game = GAME_PRIME_POWER,
					       .rule = E2E_DEFAULT,
					       .variant = E2E_DEFAULT,
					       .limit = E2E_DEFAULT,
					       .set = E2E_DEFAULT,
					       .machine_first = false,
					       .count = 1,
					       .value = { 56700 } });
	for (int presses = 0; presses < 20 && !e2e_wait_line(sim, 0, "n <", 1); presses++) {
		e2e_press(sim, BUTTON_DOWN);
	}
	sim_button_down(sim, BUTTON_RIGHT);
	sim_run_ms(sim, 15000);
	sim_button_up(sim);
	e2e_expect_line(sim, 0, "n <4294967295>", 200);
	for (int i = 0; i < 4; i++) {
		e2e_press(sim, BUTTON_LEFT);
	}
	e2e_expect_line(sim, 0, "n <4294967291>", 200);
	uint32_t resets = sim_watchdog_resets(sim);
	/* The menu acts on SELECT let go, as the other figures time it. */
	sim_button_down(sim, BUTTON_SELECT);
	sim_run_ms(sim, 40);
	sim_button_up(sim);
	uint64_t let_go = sim_cycles(sim);
	e2e_expect_line(sim, 0, "U/D=where", 3000);
	double ms = (double)(sim_cycles(sim) - let_go) * 1000.0 / BOARD_F_CPU;
	assert_int_equal(sim_watchdog_resets(sim), resets);
	sim_run_ms(sim, 40);
	e2e_press(sim, BUTTON_SELECT); /* past the help */
	e2e_expect_line(sim, 0, "[4294967291]", 200);
	e2e_press(sim, BUTTON_SELECT); /* the move the cursor offers: the whole prime */
	e2e_expect_line(sim, 0, "You win!", 2000);
	printf("# Prime power from 4294967291: SELECT let go -> the game's first screen %.1f ms (goal 250), no "
	       "watchdog reset, and the person won\n",
	       ms);
	assert_true(ms <= 250.0);
	e2e_close(sim);
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
		cmocka_unit_test(prime_power_of_the_largest_prime_starts),
		cmocka_unit_test(matrix_nim_from_the_rulebook_start),
		cmocka_unit_test(kayles_from_the_rulebook_start),
		cmocka_unit_test(pebbles_from_the_rulebook_start),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
