/*
 * Saved settings and score across power cuts, end to end.  The firmware
 * saves when a game starts (the set-up) and when one ends (the score).  A
 * cut after any byte of a save must bring the menu back with either the
 * old settings or the new ones, never lose them; many saves in a row keep
 * the newest, past the wrap of the records' sequence numbers; an EEPROM
 * full of garbage gives the defaults, not a crash.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/e2e/e2e.h"

static const struct e2e_setup old_setup = {
	.game = GAME_NIM, .rule = RULE_MISERE, .variant = E2E_DEFAULT, .limit = E2E_DEFAULT, .set = E2E_DEFAULT,
	.machine_first = true, .count = 3, .value = { 2, 5, 7 },
};
static const struct e2e_setup new_setup = {
	.game = GAME_NIM, .rule = RULE_NORMAL, .variant = E2E_DEFAULT, .limit = E2E_DEFAULT, .set = E2E_DEFAULT,
	.machine_first = false, .count = 4, .value = { 1, 2, 3, 4 },
};

/* Starts the game set up in the menu (which saves it) and leaves it. */
static void save_by_starting(struct sim *sim)
{
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 0, "U/D=where", 1000);
	sim_press(sim, BUTTON_SELECT, 1300);
	e2e_expect_menu(sim, 100);
}

static void wait_menu(struct sim *sim)
{
	e2e_expect_menu(sim, 1000);
}

struct writes_wait {
	uint32_t target;
};

static bool writes_reached(struct sim *sim, void *ctx)
{
	const struct writes_wait *wait = ctx;
	return sim_eeprom_writes(sim) >= wait->target;
}

static void cut_after_any_byte_of_a_save_loses_nothing(void **state)
{
	(void)state;
	/* The old settings, saved properly. */
	uint8_t old_image[E2E_EEPROM_BYTES];
	struct sim *sim = e2e_boot(NULL, 0);
	e2e_menu_set(sim, &old_setup);
	save_by_starting(sim);
	sim_eeprom_read(sim, old_image);
	e2e_close(sim);

	/* How many byte writes the save of the new settings takes. */
	sim = e2e_boot(old_image, 0);
	assert_true(e2e_menu_shows(sim, &old_setup));
	e2e_menu_set(sim, &new_setup);
	uint32_t before = sim_eeprom_writes(sim);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 0, "U/D=where", 1000);
	uint32_t total = sim_eeprom_writes(sim) - before;
	e2e_close(sim);
	assert_true(total > 0);

	/* A cut after each of them, and one before the first. */
	unsigned kept_old = 0, got_new = 0;
	for (uint32_t cut = 0; cut <= total; cut++) {
		sim = e2e_boot(old_image, 0);
		e2e_menu_set(sim, &new_setup);
		struct writes_wait wait = { sim_eeprom_writes(sim) + cut };
		sim_button_down(sim, BUTTON_SELECT);
		sim_run_ms(sim, 40);
		sim_button_up(sim);
		if (cut > 0) {
			assert_true(sim_run_until(sim, writes_reached, &wait, 100));
		}
		sim_power_cycle(sim);
		wait_menu(sim);
		if (cut < total) {
			if (!e2e_menu_shows(sim, &old_setup)) {
				fail_msg("a cut after %u of %u writes lost the saved settings", cut, total);
			}
			kept_old++;
		} else {
			assert_true(e2e_menu_shows(sim, &new_setup));
			got_new++;
		}
		e2e_close(sim);
	}
	printf("# power cut before the first and after each of the %u byte writes of a save: old settings back %u times, new %u time; nothing lost\n",
	       total, kept_old, got_new);
}

static void many_saves_keep_the_newest_and_the_score(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(NULL, 0);
	/* A finished game puts 1 on the score. */
	const struct e2e_setup marienbad = e2e_start(GAME_MARIENBAD, false);
	struct e2e_figures figures = { 0 };
	uint32_t seed = 2024u;
	assert_int_equal(e2e_play_game(sim, &marienbad, NULL, e2e_choose_random, &seed, 0, true, &figures),
			 E2E_MACHINE);
	e2e_leave_game_over(sim);

	/* More saves than the EEPROM has slots and than a record's one-byte
	 * sequence number counts, so the numbers wrap round: a set-up that
	 * changes every few saves, and the last save's set-up its own. */
	struct e2e_setup setup = new_setup;
	const unsigned saves = 300;
	for (unsigned i = 0; i < saves; i++) {
		if (i % 16 == 0 || i == saves - 1) {
			setup.value[3] = (uint8_t)(10u + i % 200u);
			e2e_menu_set(sim, &setup);
		}
		save_by_starting(sim);
	}
	sim_power_cycle(sim);
	wait_menu(sim);
	assert_true(e2e_menu_shows(sim, &setup));
	for (int presses = 0; presses < 16 && !e2e_wait_line(sim, 0, "You 0 - me 1", 1); presses++) {
		e2e_press(sim, BUTTON_DOWN);
	}
	e2e_expect_line(sim, 0, "You 0 - me 1", 1);
	printf("# %u saves in a row, then a power cycle: the newest set-up and the score came back\n", saves);
	e2e_close(sim);
}

static void garbage_in_the_eeprom_gives_the_defaults(void **state)
{
	(void)state;
	uint8_t image[E2E_EEPROM_BYTES];
	uint32_t x = 0xC0FFEEu;
	for (size_t i = 0; i < sizeof image; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		image[i] = (uint8_t)x;
	}
	struct sim *sim = e2e_boot(image, 0);
	const struct e2e_setup defaults = e2e_start(GAME_MARIENBAD, false);
	assert_true(e2e_menu_shows(sim, &defaults));
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cut_after_any_byte_of_a_save_loses_nothing),
		cmocka_unit_test(many_saves_keep_the_newest_and_the_score),
		cmocka_unit_test(garbage_in_the_eeprom_gives_the_defaults),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
