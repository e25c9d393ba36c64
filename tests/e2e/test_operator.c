/*
 * The exhibit's operator menu end to end (FEATURE_OPERATOR): the real
 * firmware in the simulator, through the buttons, the LCD and the buzzer's
 * pin.  Only SELECT held from power-on opens it; a visitor's buttons
 * never do, whatever they press.  Its game is where the visitors' menu
 * begins at power-on; its locks take items out of the
 * visitors' menu, its sound switch silences the buzzer, its idle times
 * stop at their ends and are the ones attract mode waits, its statistics
 * are the console's and reset only when confirmed, and all of it survives
 * a power cycle.
 *
 * needs: OPERATOR LEVELS ATTRACT SOUND SAVE STATS CONSOLE (the operator menu's
 * locks, attract mode's idle times and the sound switch, kept in the EEPROM)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hal/keys.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"

/* The gesture: SELECT held from power-on until the menu's long press. */
#define GESTURE_MS 1600u
#define SCREEN_MS 200u

static bool row_starts(struct sim *sim, uint8_t row, const char *prefix)
{
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, row, text);
	return strncmp(text, prefix, strlen(prefix)) == 0;
}

/* Powers the chip off and on again with SELECT held, and lets go once the
 * operator menu shows. */
static void power_on_holding_select(struct sim *sim)
{
	sim_button_down(sim, BUTTON_SELECT);
	sim_power_cycle(sim);
	e2e_expect_line(sim, 1, "Hold SEL: exit", GESTURE_MS);
	e2e_expect_line(sim, 0, "<", SCREEN_MS); /* its first item, the game */
	sim_button_up(sim);
	sim_run_ms(sim, 100);
}

static void leave_operator_menu(struct sim *sim)
{
	sim_press(sim, BUTTON_SELECT, 1200);
	e2e_expect_menu(sim, SCREEN_MS);
}

/* Goes down the operator menu to the item whose row 0 starts `label`. */
static void find_item(struct sim *sim, const char *label)
{
	for (int presses = 0; presses < 10; presses++) {
		if (row_starts(sim, 0, label)) {
			return;
		}
		e2e_press(sim, BUTTON_DOWN);
	}
	fail_msg("the operator menu has no item \"%s\"", label);
}

/* The visitors' menu's labels, once round from the game. */
static void visitor_items(struct sim *sim, char items[][BOARD_LCD_COLUMNS + 1], int *count)
{
	*count = 0;
	e2e_menu_find(sim, "<");
	do {
		char text[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, text);
		char *value = strchr(text, '<');
		if (value != NULL) {
			*value = '\0';
		}
		snprintf(items[(*count)++], BOARD_LCD_COLUMNS + 1, "%s", text);
		e2e_press(sim, BUTTON_DOWN);
	} while (!row_starts(sim, 0, "<") && *count < 40);
}

static bool has_item(char items[][BOARD_LCD_COLUMNS + 1], int count, const char *label)
{
	for (int i = 0; i < count; i++) {
		if (strcmp(items[i], label) == 0) {
			return true;
		}
	}
	return false;
}

static void the_gesture_opens_it_and_a_long_select_leaves(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	power_on_holding_select(sim);
	leave_operator_menu(sim);
	/* A long SELECT at the visitors' menu, once the device is up, is
	 * no gesture. */
	sim_run_ms(sim, 2000);
	sim_press(sim, BUTTON_SELECT, 1500);
	e2e_expect_menu(sim, SCREEN_MS);
	assert_false(row_starts(sim, 0, "Lock game"));
	e2e_close(sim);
}

/* Random keys, long SELECTs among them, from half a second after power-on
 * on, through the menu, games and their results: the operator menu never
 * shows. */
static void mashing_never_reaches_it(void **state)
{
	(void)state;
	static const enum board_button buttons[] = { BUTTON_UP, BUTTON_DOWN, BUTTON_LEFT, BUTTON_RIGHT, BUTTON_SELECT };
	struct sim *sim = e2e_boot(0);
	uint32_t seed = 20261127u;
	unsigned presses = 0, long_selects = 0, power_ons = 0;
	for (int round = 0; round < 6; round++) {
		sim_power_cycle(sim);
		power_ons++;
		sim_run_ms(sim, 600);
		for (int i = 0; i < 150; i++) {
			enum board_button button = buttons[sim_random(&seed) % 5u];
			uint32_t hold = 20u + sim_random(&seed) % 200u;
			if (button == BUTTON_SELECT && sim_random(&seed) % 4u == 0) {
				hold = 1100u + sim_random(&seed) % 1500u;
				long_selects++;
			}
			sim_press(sim, button, hold);
			sim_run_ms(sim, sim_random(&seed) % 300u);
			presses++;
			/* Every screen of the operator menu has this row 1. */
			if (row_starts(sim, 1, "Hold SEL: exit")) {
				fail_msg("press %u reached the operator menu", presses);
			}
		}
	}
	printf("# %u presses (%u long SELECTs) over %u power-ons: the operator menu never showed\n", presses,
	       long_selects, power_ons);
	e2e_close(sim);
}

static void locks_take_items_from_the_visitors_menu(void **state)
{
	(void)state;
	char items[40][BOARD_LCD_COLUMNS + 1];
	int count;
	struct sim *sim = e2e_boot(0);
	e2e_menu_find(sim, "<Marienbad>");
	visitor_items(sim, items, &count);
	for (int i = 0; i < count; i++) {
		printf("# unlocked, the visitors' menu: \"%s\"\n", items[i]);
	}
	assert_true(has_item(items, count, "Rule "));
	assert_true(has_item(items, count, "Level "));
	assert_true(has_item(items, count, "Rule "));

	power_on_holding_select(sim);
	find_item(sim, "Lock game <no>");
	e2e_press(sim, BUTTON_RIGHT);
	e2e_expect_line(sim, 0, "Lock game <yes>", SCREEN_MS);
	find_item(sim, "Lock level <no>");
	e2e_press(sim, BUTTON_LEFT);
	e2e_expect_line(sim, 0, "Lock level <yes>", SCREEN_MS);
	leave_operator_menu(sim);

	visitor_items(sim, items, &count);
	for (int i = 0; i < count; i++) {
		printf("# locked, the visitors' menu: \"%s\"\n", items[i]);
	}
	assert_int_equal(count, 3); /* the game, who moves first, the score */
	assert_true(has_item(items, count, "First move "));
	assert_false(has_item(items, count, "Level "));
	assert_false(has_item(items, count, "Rule "));
	/* The game cannot be changed either. */
	e2e_menu_find(sim, "<Marienbad>");
	e2e_press(sim, BUTTON_RIGHT);
	e2e_press(sim, BUTTON_LEFT);
	e2e_press(sim, BUTTON_LEFT);
	e2e_expect_line(sim, 0, "<Marienbad>", SCREEN_MS);

	/* Kept through a power cut, and undone as they were done. */
	sim_run_ms(sim, 1000);
	sim_power_cycle(sim);
	e2e_expect_menu(sim, 1000);
	visitor_items(sim, items, &count);
	assert_int_equal(count, 3);
	power_on_holding_select(sim);
	find_item(sim, "Lock game <yes>");
	e2e_press(sim, BUTTON_LEFT);
	find_item(sim, "Lock level <yes>");
	e2e_press(sim, BUTTON_RIGHT);
	leave_operator_menu(sim);
	visitor_items(sim, items, &count);
	assert_true(has_item(items, count, "Rule "));
	assert_true(has_item(items, count, "Level "));
	e2e_close(sim);
}

/* The operator's game is where the visitors' menu begins after a power
 * cut, and with the lock the only one it offers. */
static void the_operators_game_is_the_menus_after_power_on(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	power_on_holding_select(sim);
	e2e_expect_line(sim, 0, "<Marienbad>", SCREEN_MS);
	/* Round every game and back, the names as the visitors' menu has
	 * them. */
	char first[BOARD_LCD_COLUMNS + 1], text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, first);
	unsigned games = 0;
	do {
		e2e_press(sim, BUTTON_RIGHT);
		e2e_line(sim, 0, text);
		games++;
	} while (strcmp(text, first) != 0 && games < 40);
	printf("# the operator's game item goes round %u games\n", games);
	assert_true(games >= 2 && games <= GAME_COUNT);
	while (!row_starts(sim, 0, "<Nim>")) {
		e2e_press(sim, BUTTON_RIGHT);
	}
	find_item(sim, "Lock game <no>");
	e2e_press(sim, BUTTON_RIGHT);
	leave_operator_menu(sim);
	e2e_expect_line(sim, 0, "<Nim>", SCREEN_MS);
	sim_run_ms(sim, 1000);
	sim_power_cycle(sim);
	e2e_expect_line(sim, 0, "<Nim>", 1000);
	e2e_press(sim, BUTTON_RIGHT);
	e2e_expect_line(sim, 0, "<Nim>", SCREEN_MS);
	/* Unlocked, the menu still begins at it, and moves on. */
	power_on_holding_select(sim);
	e2e_expect_line(sim, 0, "<Nim>", SCREEN_MS);
	find_item(sim, "Lock game <yes>");
	e2e_press(sim, BUTTON_LEFT);
	leave_operator_menu(sim);
	sim_run_ms(sim, 1000);
	sim_power_cycle(sim);
	e2e_expect_line(sim, 0, "<Nim>", 1000);
	e2e_press(sim, BUTTON_RIGHT);
	e2e_line(sim, 0, text);
	assert_string_not_equal(text, "<Nim>");
	e2e_close(sim);
}

/* Presses `button` until the value stops changing; returns the last. */
static void press_to_the_end(struct sim *sim, enum board_button button, char last[BOARD_LCD_COLUMNS + 1])
{
	char before[BOARD_LCD_COLUMNS + 1];
	for (int presses = 0; presses < 40; presses++) {
		e2e_line(sim, 0, before);
		e2e_press(sim, button);
		e2e_line(sim, 0, last);
		if (strcmp(before, last) == 0) {
			return;
		}
	}
	fail_msg("\"%s\" never stopped", last);
}

static void idle_times_stop_at_their_ends(void **state)
{
	(void)state;
	char text[BOARD_LCD_COLUMNS + 1];
	struct sim *sim = e2e_boot(0);
	power_on_holding_select(sim);
	find_item(sim, "Idle menu <60s>");
	e2e_press(sim, BUTTON_RIGHT);
	e2e_expect_line(sim, 0, "Idle menu <75s>", SCREEN_MS);
	press_to_the_end(sim, BUTTON_LEFT, text);
	assert_string_equal(text, "Idle menu <15s>");
	press_to_the_end(sim, BUTTON_RIGHT, text);
	assert_string_equal(text, "Idle menu <240s>");
	find_item(sim, "Idle game <5m>");
	press_to_the_end(sim, BUTTON_LEFT, text);
	assert_string_equal(text, "Idle game <1m>");
	press_to_the_end(sim, BUTTON_RIGHT, text);
	assert_string_equal(text, "Idle game <30m>");
	leave_operator_menu(sim);
	sim_run_ms(sim, 1000);
	power_on_holding_select(sim);
	find_item(sim, "Idle menu <240s>");
	find_item(sim, "Idle game <30m>");
	e2e_close(sim);
}

/* The menu's idle time the operator sets is the one attract mode waits. */
static void the_menu_idle_time_set_is_attract_modes(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	power_on_holding_select(sim);
	find_item(sim, "Idle menu <60s>");
	for (int i = 0; i < 3; i++) {
		e2e_press(sim, BUTTON_LEFT);
	}
	e2e_expect_line(sim, 0, "Idle menu <15s>", SCREEN_MS);
	/* The last key is the long SELECT that leaves, a second after its
	 * press. */
	uint64_t pressed = sim_cycles(sim);
	leave_operator_menu(sim);
	assert_true(sim_run_until(sim, e2e_attract_caption_showing, NULL, 20000));
	double seconds = (double)(sim_cycles(sim) - pressed) / BOARD_F_CPU - KEYS_LONG_MS / 1000.0;
	printf("# idle menu set to 15 s: attract mode %.2f s after the last key\n", seconds);
	assert_true(seconds > 14.9 && seconds < 15.2);
	e2e_close(sim);
}

/* Tones heard from now on, over `ms`. */
static size_t tones_over(struct sim *sim, uint32_t ms)
{
	struct sim_tone tones[SIM_TONES_KEPT];
	sim_tones_clear(sim);
	sim_run_ms(sim, ms);
	return sim_tones(sim, tones, SIM_TONES_KEPT);
}

static void sound_off_silences_every_key(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	sim_button_down(sim, BUTTON_DOWN);
	assert_int_equal(tones_over(sim, 60), 1); /* the click */
	sim_button_up(sim);
	power_on_holding_select(sim);
	find_item(sim, "Sound <on>");
	e2e_press(sim, BUTTON_RIGHT);
	e2e_expect_line(sim, 0, "Sound <off>", SCREEN_MS);
	leave_operator_menu(sim);
	size_t heard = 0;
	for (int i = 0; i < 20; i++) {
		sim_button_down(sim, i % 2 ? BUTTON_UP : BUTTON_DOWN);
		heard += tones_over(sim, 60);
		sim_button_up(sim);
		sim_run_ms(sim, 40);
	}
	assert_int_equal(heard, 0);
	/* Still off after a power cut. */
	sim_power_cycle(sim);
	e2e_expect_menu(sim, 1000);
	sim_button_down(sim, BUTTON_DOWN);
	assert_int_equal(tones_over(sim, 60), 0);
	sim_button_up(sim);
	printf("# sound off: 0 tones in 21 presses\n");
	e2e_close(sim);
}

/* The console's `stats` total line. */
static void stats_total(struct sim *sim, char *out, size_t size)
{
	e2e_serial_ask_stats(sim);
	assert_true(e2e_serial_stats_line(sim, "total", out, size));
}

/* Row 1 of the statistics' screen, followed for its whole run: every
 * window of it shown is one of `text` going round (the marquee starts it
 * again straight after its end), and its end is seen. */
static bool row_1_ran_by(struct sim *sim, const char *text)
{
	char round[256];
	snprintf(round, sizeof round, "%s%s", text, text);
	bool end_seen = false;
	for (int sample = 0; sample < 100; sample++) {
		char row[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 1, row);
		if (strstr(round, row) == NULL) {
			printf("# row 1 showed \"%s\", no part of \"%s\"\n", row, text);
			return false;
		}
		end_seen |= strstr(row, strrchr(text, ',') + 1) != NULL && strncmp(row, text, strlen(row)) != 0;
		sim_run_ms(sim, 150);
	}
	return end_seen;
}

/* The statistics read as the console's `stats` has them, a game's and
 * the totals; the reset asks once more, any other key keeps them. */
static void the_statistics_show_and_reset_after_a_confirmation(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	/* A game left: played 1, won by nobody. */
	e2e_menu_find(sim, "<Marienbad>");
	e2e_press(sim, BUTTON_SELECT);
	sim_run_ms(sim, 500);
	sim_press(sim, BUTTON_SELECT, 1200);
	e2e_expect_menu(sim, SCREEN_MS);
	sim_run_ms(sim, 1000);
	char total[128];
	stats_total(sim, total, sizeof total);
	assert_string_equal(total, "total: played 1, you 0, me 0, slips 0, hints 0");

	power_on_holding_select(sim);
	find_item(sim, "<Total>");
	assert_true(row_1_ran_by(sim, "played 1, you 0, me 0, slips 0, hints 0"));
	e2e_press(sim, BUTTON_RIGHT);
	e2e_expect_line(sim, 0, "<Nim>", SCREEN_MS);
	assert_true(row_1_ran_by(sim, "played 0, you 0, me 0, slips 0, hints 0"));
	for (int i = 0; i < 2; i++) {
		e2e_press(sim, BUTTON_RIGHT);
	}
	e2e_expect_line(sim, 0, "<Marienbad>", SCREEN_MS);
	assert_true(row_1_ran_by(sim, "played 1, you 0, me 0, slips 0, hints 0"));

	/* Asked, then another key: nothing reset. */
	e2e_press(sim, BUTTON_DOWN);
	e2e_expect_line(sim, 0, "Reset stats", SCREEN_MS);
	e2e_expect_line(sim, 1, "SEL: reset", SCREEN_MS);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, "SEL again: sure?", SCREEN_MS);
	e2e_press(sim, BUTTON_UP);
	e2e_press(sim, BUTTON_DOWN);
	e2e_expect_line(sim, 1, "SEL: reset", SCREEN_MS);
	e2e_press(sim, BUTTON_SELECT);
	sim_run_ms(sim, 2000);
	stats_total(sim, total, sizeof total);
	assert_string_equal(total, "total: played 1, you 0, me 0, slips 0, hints 0");
	/* Asked and confirmed: zero, also after a power cut. */
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, "Stats reset", SCREEN_MS);
	sim_run_ms(sim, 2000);
	stats_total(sim, total, sizeof total);
	assert_string_equal(total, "total: played 0, you 0, me 0, slips 0, hints 0");
	sim_power_cycle(sim);
	e2e_expect_menu(sim, 1000);
	stats_total(sim, total, sizeof total);
	assert_string_equal(total, "total: played 0, you 0, me 0, slips 0, hints 0");
	e2e_close(sim);
}

/* Left alone for two minutes, the operator menu gives the exhibit back. */
static void left_alone_it_returns_to_the_visitors(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	power_on_holding_select(sim);
	e2e_press(sim, BUTTON_DOWN);
	sim_run_ms(sim, 110000);
	assert_false(row_starts(sim, 0, "<Marienbad>"));
	e2e_expect_menu(sim, 15000);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_gesture_opens_it_and_a_long_select_leaves),
		cmocka_unit_test(mashing_never_reaches_it),
		cmocka_unit_test(locks_take_items_from_the_visitors_menu),
		cmocka_unit_test(the_operators_game_is_the_menus_after_power_on),
		cmocka_unit_test(idle_times_stop_at_their_ends),
		cmocka_unit_test(the_menu_idle_time_set_is_attract_modes),
		cmocka_unit_test(sound_off_silences_every_key),
		cmocka_unit_test(the_statistics_show_and_reset_after_a_confirmation),
		cmocka_unit_test(left_alone_it_returns_to_the_visitors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
