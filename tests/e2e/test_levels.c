/*
 * The machine's levels of play end to end, through the pins: the level is
 * set in the menu (ADC0 buttons, read back from the LCD) and with `level
 * N` on the serial console, each seeing what the other set; bad `level`
 * arguments get one `error: ` line each and change nothing.  Then the
 * machine moves first from Nim 3 4 5, a won position for it, game after
 * game, begun with the buttons and, in an edition that plays games at the
 * console (GRUNDY_BOX_FEATURES names TYPED_PLAY), with `go`, a varying
 * pause between games as a person's timing varies: at level 1 it slips,
 * leaving the person a won position, in some games; at level 3 in none.
 * What it played is read from the transcript on the serial line.
 *
 * needs: CONSOLE TRANSCRIPT LEVELS (and plays games begun at the console where
 * GRUNDY_BOX_FEATURES names TYPED_PLAY)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"

#define GAMES_EACH 12u
#define LONG_SELECT_MS 1600u
#define MACHINE_MOVE_MS 6000u /* the page of help, the pause, the words */

static void expect_reply(struct sim *sim, const char *line, const char *expected)
{
	char reply[128];
	e2e_serial_ask(sim, line, reply, sizeof reply);
	if (strcmp(reply, expected) != 0) {
		fail_msg("\"%s\" got \"%s\", not \"%s\"", line, reply, expected);
	}
}

/* The menu's Level item, found with DOWN, shows `value`. */
static void expect_menu_level(struct sim *sim, const char *value)
{
	e2e_menu_find(sim, "Level <");
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, text);
	char expected[BOARD_LCD_COLUMNS + 1];
	snprintf(expected, sizeof expected, "Level <%s>", value);
	assert_string_equal(text, expected);
}

static void level_set_in_menu_and_console(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	expect_reply(sim, "level", "level 3");
	expect_menu_level(sim, "3");
	e2e_press(sim, BUTTON_RIGHT); /* no higher than perfect */
	expect_menu_level(sim, "3");
	e2e_press(sim, BUTTON_LEFT);
	e2e_press(sim, BUTTON_LEFT);
	expect_menu_level(sim, "1");
	e2e_press(sim, BUTTON_LEFT); /* no lower than 1 */
	expect_menu_level(sim, "1");
	e2e_press(sim, BUTTON_RIGHT);
	expect_menu_level(sim, "2");
	expect_reply(sim, "level", "level 2");

	expect_reply(sim, "level 1", "level 1");
	e2e_press(sim, BUTTON_UP); /* away and back: the item is drawn again */
	e2e_press(sim, BUTTON_DOWN);
	expect_menu_level(sim, "1");

	static const char *const bad[][2] = {
		{ "level 0", "error: out of range" },     { "level 4", "error: out of range" },
		{ "level 99999", "error: out of range" }, { "level x", "error: not a number" },
		{ "level -1", "error: not a number" },    { "level 2 3", "error: bad syntax" },
		{ "level 2x", "error: bad syntax" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		expect_reply(sim, bad[i][0], bad[i][1]);
	}
	expect_reply(sim, "level", "level 1");
	expect_menu_level(sim, "1");
	printf("# the level set in the menu and at the console, each seen by the other; %zu bad arguments refused\n",
	       sizeof bad / sizeof bad[0]);
	e2e_close(sim);
}

/* The position after the machine's first move, from the transcript's
 * "me MOVE -> POSITION" line; false when there is none yet. */
static bool machine_moved(struct sim *sim, void *ctx)
{
	const char *me = strstr(sim_uart_output(sim), "\nme ");
	if (me == NULL) {
		return false;
	}
	const char *after = strstr(me, " -> ");
	const char *end = after != NULL ? strstr(after, "\r\n") : NULL;
	if (end == NULL) {
		return false;
	}
	char text[64];
	snprintf(text, sizeof text, "%.*s", (int)(end - after - 4), after + 4);
	assert_int_equal(engine_parse_position((struct position *)ctx, GAME_NIM, text), ENGINE_OK);
	return true;
}

/* True when the machine's first move left the person a won position:
 * from Nim 3 4 5, which the machine wins, a slip. */
static bool slipped(const struct position *after)
{
	return engine_outcome(after) == OUTCOME_N;
}

/* GAMES_EACH games begun with SELECT in the menu, the machine first, each
 * left with a long SELECT after the machine's first move; the slips. */
static unsigned slips_with_buttons(struct sim *sim)
{
	unsigned slips = 0;
	for (unsigned g = 0; g < GAMES_EACH; g++) {
		sim_run_ms(sim, 50u + 173u * g % 997u); /* a person's pause */
		sim_uart_clear_output(sim);
		e2e_press(sim, BUTTON_SELECT);
		struct position after;
		if (!sim_run_until(sim, machine_moved, &after, MACHINE_MOVE_MS)) {
			fail_msg("game %u: the machine made no move; the line says \"%s\"", g, sim_uart_output(sim));
		}
		slips += slipped(&after);
		sim_press(sim, BUTTON_SELECT, LONG_SELECT_MS);
		e2e_expect_menu(sim, 1000);
	}
	return slips;
}

/* GAMES_EACH games begun with `go nim 3 4 5` at the console; the slips. */
static unsigned slips_at_console(struct sim *sim)
{
	unsigned slips = 0;
	for (unsigned g = 0; g < GAMES_EACH; g++) {
		sim_run_ms(sim, 50u + 211u * g % 991u);
		e2e_serial_ask_until(sim, "go nim 3 4 5", "your move", MACHINE_MOVE_MS);
		struct position after;
		assert_true(machine_moved(sim, &after));
		slips += slipped(&after);
	}
	return slips;
}

/* Boots with Nim 3 4 5 set up in the menu, the machine first. */
static struct sim *boot_with_nim_machine_first(void)
{
	struct sim *sim = e2e_boot(0);
	struct e2e_setup setup = e2e_start(GAME_NIM, true);
	struct position start;
	e2e_setup_position(&setup, &start);
	assert_int_equal(engine_outcome(&start), OUTCOME_N); /* the machine, to move, wins */
	e2e_menu_set(sim, &setup);
	return sim;
}

static void level_1_slips_and_level_3_never_with_buttons(void **state)
{
	(void)state;
	struct sim *sim = boot_with_nim_machine_first();
	expect_reply(sim, "level 3", "level 3");
	unsigned perfect = slips_with_buttons(sim);
	e2e_menu_find(sim, "Level <");
	e2e_press(sim, BUTTON_LEFT);
	e2e_press(sim, BUTTON_LEFT);
	expect_menu_level(sim, "1");
	unsigned low = slips_with_buttons(sim);
	printf("# buttons, Nim 3 4 5, the machine first: slips in %u of %u games at level 1, %u of %u at level 3\n",
	       low, GAMES_EACH, perfect, GAMES_EACH);
	assert_int_equal(perfect, 0);
	assert_true(low > 0);
	e2e_close(sim);
}

static void level_1_slips_and_level_3_never_at_the_console(void **state)
{
	(void)state;
	struct sim *sim = boot_with_nim_machine_first();
	expect_reply(sim, "level 1", "level 1");
	unsigned low = slips_at_console(sim);
	expect_reply(sim, "level 3", "level 3");
	unsigned perfect = slips_at_console(sim);
	printf("# console, go nim 3 4 5: slips in %u of %u games at level 1, %u of %u at level 3\n", low, GAMES_EACH,
	       perfect, GAMES_EACH);
	assert_int_equal(perfect, 0);
	assert_true(low > 0);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(level_set_in_menu_and_console),
		cmocka_unit_test(level_1_slips_and_level_3_never_with_buttons),
	};
	const struct CMUnitTest tests_with_typed_play[] = {
		cmocka_unit_test(level_set_in_menu_and_console),
		cmocka_unit_test(level_1_slips_and_level_3_never_with_buttons),
		cmocka_unit_test(level_1_slips_and_level_3_never_at_the_console),
	};
	return e2e_feature("TYPED_PLAY") ? cmocka_run_group_tests(tests_with_typed_play, NULL, NULL)
					 : cmocka_run_group_tests(tests, NULL, NULL);
}
