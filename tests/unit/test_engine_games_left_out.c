/*
 * The switches that leave games out of a build (engine/engine.h), as the
 * Makefile passes them for an edition's GAMES_LEFT_OUT: this file is
 * compiled as if the edition left out Kubo and Nineteen, and
 * engine_game_present must answer so for those two and no other.  (The
 * engine linked here is the host's, which holds every game: only the
 * switches' reading is checked here; the exhibit's end-to-end tests check
 * the firmware built with them.)
 */
#define ENGINE_LEFT_OUT_KUBO 1
#define ENGINE_LEFT_OUT_NINETEEN 1

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "engine/engine.h"

static void only_the_games_switched_off_are_left_out(void **state)
{
	(void)state;
	unsigned present = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		bool left_out = game == GAME_KUBO || game == GAME_NINETEEN;
		if (engine_game_present(game) == left_out) {
			fail_msg("%s: present %d", engine_game_name(game), engine_game_present(game));
		}
		present += engine_game_present(game);
	}
	printf("# %u of %u games present\n", present, (unsigned)GAME_COUNT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(only_the_games_switched_off_are_left_out),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
