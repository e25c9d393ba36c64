/*
 * Settings saved by an edition that holds a game, loaded by one that
 * leaves it out: the store (firmware/store.c) is linked here as an
 * edition that leaves out Kubo and Nineteen builds it (the Makefile
 * compiles it so), beside the host's engine, which holds every game.  A
 * record naming either game, its CRC whole, must load as the defaults;
 * a record of another game as it was saved.
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

/* A game's settings, each field other than the defaults'. */
static struct settings some_settings(uint8_t which)
{
	struct settings made;
	memset(&made, 0, sizeof made);
	engine_start_position(&made.setup, which);
	made.machine_first = 1;
	made.level = 2;
	made.wins[PLAYER_PERSON] = 5;
	made.wins[PLAYER_MACHINE] = 16;
	made.hints = 12;
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
			if (loaded != default_game || settings.wins[PLAYER_PERSON] != 0) {
				fail_msg("a saved %s loaded as game %u, not the defaults", engine_game_name(id), loaded);
			}
			left_out++;
		} else {
			if (loaded != id || settings.wins[PLAYER_PERSON] != these.wins[PLAYER_PERSON]) {
				fail_msg("a saved %s loaded as game %u", engine_game_name(id), loaded);
			}
			kept++;
		}
	}
	printf("# %u saved games left out loaded as the defaults, %u others as saved\n", left_out, kept);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(a_game_left_out_loads_as_the_defaults, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
