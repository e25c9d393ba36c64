/*
 * A firmware that leaves out Kubo and Nineteen, on the host: the store
 * (firmware/store.c) and the console (firmware/console.c and
 * console_commands.c) are linked here as an edition that leaves them out
 * builds them (the Makefile compiles them so), beside the host's engine, which holds every game, so that
 * what is checked is their own asking of engine_game_present.  Settings
 * saved naming either game, the record's CRC whole, load as the defaults,
 * those of another game as they were saved; the console refuses their
 * names as it refuses a name that is no game's, and `help` lists the
 * other games alone.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "firmware/store.h"
#include "tests/fake_hal/fake_hal.h"

static int set_up(void **state)
{
	(void)state;
	fake_device_start();
	return 0;
}

/* A game's settings, each field kept other than the defaults'.  The host
 * builds every switch, so these are the exhibit's: the game is the
 * operator's (the set-up is its rulebook start, not kept). */
static struct settings some_settings(uint8_t which)
{
	struct settings made;
	memset(&made, 0, sizeof made);
	settings_init();
	made = settings;
	engine_start_position(&made.setup, which);
	made.exhibit.game = which;
	made.machine_first = 1;
	made.level = 2;
	return made;
}

/* `these` saved, then the power cut and on again: the game loaded. */
static uint8_t saved_and_loaded(const struct settings *these)
{
	fake_eeprom_erase();
	settings = *these;
	store_game_event(GAME_MOVED);
	while (fake_eeprom.writes_left != 0 && store_poll()) {
	}
	fake_device_restart();
	return settings.setup.game;
}

static void a_game_left_out_loads_as_the_defaults(void **state)
{
	(void)state;
	memset(&settings, 0, sizeof settings);
	settings_init();
	uint8_t default_game = settings.setup.game;
	unsigned left_out = 0, kept = 0;
	for (uint8_t id = 0; id < GAME_COUNT; id++) {
		struct settings these = some_settings(id);
		uint8_t loaded = saved_and_loaded(&these);
		if (id == GAME_KUBO || id == GAME_NINETEEN) {
			if (loaded != default_game || settings.machine_first != 0) {
				fail_msg("a saved %s loaded as game %u, not the defaults", engine_game_name(id),
					 loaded);
			}
			left_out++;
		} else {
			if (loaded != id || settings.machine_first != these.machine_first) {
				fail_msg("a saved %s loaded as game %u", engine_game_name(id), loaded);
			}
			kept++;
		}
	}
	printf("# %u saved games left out loaded as the defaults, %u others as saved\n", left_out, kept);
}

/* Sends `line`; what the firmware wrote within 100 ms after it. */
static const char *ask(const char *line)
{
	fake_line_clear_output();
	fake_device_send(line);
	fake_device_run_ms(100);
	return fake_line_output();
}

static void the_console_knows_no_game_left_out(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		const char *as_line; /* a line naming no game, answered alike */
	} cases[] = {
		{ "kubo\r", "frobnicate\r" },
		{ "kubo 333/333/333\r", "frobnicate 333/333/333\r" },
		{ "nineteen\r", "frobnicate\r" },
		{ "go kubo\r", "go frobnicate\r" },
		{ "new nineteen OOO/OOOO/OOOOO/OOOO/OOO\r", "new frobnicate OOO/OOOO/OOOOO/OOOO/OOO\r" },
	};
	unsigned n = sizeof cases / sizeof cases[0];
	for (unsigned i = 0; i < n; i++) {
		char expected[64];
		snprintf(expected, sizeof expected, "%s", ask(cases[i].as_line));
		assert_non_null(strstr(expected, "error: "));
		const char *answer = ask(cases[i].line);
		if (strcmp(answer, expected) != 0) {
			fail_msg("\"%s\" answered \"%s\", not \"%s\"", cases[i].line, answer, expected);
		}
	}
	const char *help = ask("help\r");
	unsigned listed = 0;
	for (uint8_t id = 0; id < GAME_COUNT; id++) {
		char start[24];
		snprintf(start, sizeof start, "\n%s ", engine_game_name(id));
		bool in_help = strstr(help, start) != NULL;
		if (in_help != (id != GAME_KUBO && id != GAME_NINETEEN)) {
			fail_msg("help %s %s", in_help ? "lists" : "does not list", engine_game_name(id));
		}
		listed += in_help;
	}
	printf("# %u lines naming a game left out refused as a name that is no game's; help lists %u games\n", n,
	       listed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(a_game_left_out_loads_as_the_defaults, set_up),
		cmocka_unit_test_setup(the_console_knows_no_game_left_out, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
