/*
 * Power cuts, end to end.  Nothing is kept across power-off (see
 * firmware/settings.h): a cut at any moment, in the menu, as a game
 * starts, while the machine thinks or at the game's end, must bring the
 * device back to the rulebook's defaults, working, whatever the EEPROM
 * holds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/e2e/e2e.h"

static const struct e2e_setup nim_setup = {
	.game = GAME_NIM, .rule = RULE_NORMAL, .variant = E2E_DEFAULT, .limit = E2E_DEFAULT, .set = E2E_DEFAULT,
	.machine_first = true, .count = 4, .value = { 1, 2, 3, 4 },
};

/* After the cut: the defaults in the menu, and a game of them plays. */
static void expect_defaults_and_a_game(struct sim *sim)
{
	const struct e2e_setup defaults = e2e_start(GAME_MARIENBAD, false);
	e2e_expect_menu(sim, 1000);
	assert_true(e2e_menu_shows(sim, &defaults));
	struct e2e_figures figures = { 0 };
	uint32_t seed = 77u;
	assert_int_equal(e2e_play_game(sim, &defaults, NULL, e2e_choose_random, &seed, 0, false, &figures),
			 E2E_MACHINE);
}

static void cut_at_any_moment_brings_back_the_defaults(void **state)
{
	(void)state;
	/* Milliseconds after SELECT starts a game of Nim with the machine
	 * first: the help, the machine's pause, its move, the person's turn. */
	static const uint32_t moments[] = { 0, 1, 5, 40, 300, 1200, 2600, 3100, 3700, 5000 };
	unsigned cuts = 0;
	for (size_t i = 0; i < sizeof moments / sizeof moments[0]; i++) {
		struct sim *sim = e2e_boot(NULL, 0);
		e2e_menu_set(sim, &nim_setup);
		e2e_press(sim, BUTTON_SELECT);
		sim_run_ms(sim, moments[i]);
		sim_power_cycle(sim);
		expect_defaults_and_a_game(sim);
		e2e_close(sim);
		cuts++;
	}
	printf("# %u power cuts from the start of a game to the machine's move: the defaults came back each time and a game played\n",
	       cuts);
}

static void cut_after_a_game_forgets_it(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(NULL, 0);
	const struct e2e_setup marienbad = e2e_start(GAME_MARIENBAD, false);
	e2e_menu_set(sim, &marienbad);
	struct e2e_figures figures = { 0 };
	uint32_t seed = 2024u;
	assert_int_equal(e2e_play_game(sim, &marienbad, NULL, e2e_choose_random, &seed, 0, true, &figures),
			 E2E_MACHINE);
	sim_power_cycle(sim);
	expect_defaults_and_a_game(sim);
	e2e_close(sim);
}

static void garbage_in_the_eeprom_gives_the_defaults(void **state)
{
	(void)state;
	uint8_t image[E2E_EEPROM_BYTES];
	uint32_t seed = 0xC0FFEEu;
	for (size_t i = 0; i < sizeof image; i++) {
		image[i] = (uint8_t)sim_random(&seed);
	}
	struct sim *sim = e2e_boot(image, 0);
	expect_defaults_and_a_game(sim);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cut_at_any_moment_brings_back_the_defaults),
		cmocka_unit_test(cut_after_a_game_forgets_it),
		cmocka_unit_test(garbage_in_the_eeprom_gives_the_defaults),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
