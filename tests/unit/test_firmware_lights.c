/*
 * The exhibit's lamps (firmware/lights.c) on the host, the fake HAL
 * keeping what the registers were last given: Marienbad's matches, lit
 * while there; the machine's choice blinking with the millisecond count's
 * bit of 128 until it is played or the game is left; a Marienbad of other
 * rows; every other game's lamp 1, lit while the machine is to move.
 * Lamp 1 is bit 15, the rows of 1, 3, 5 and 7 lamps follow it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "firmware/game.h"
#include "firmware/lights.h"
#include "firmware/settings.h"
#include "hal/lamps.h"
#include "tests/fake_hal/fake_hal.h"

#define LAMP_1 0x8000u
#define ROW_3 0x0F80u /* lamps 5-9 */
#define ROW_4 0x007Fu /* lamps 10-16 */
#define BLINK_ON 0x80u
#define BLINK_OFF 0x00u

static const game_observer observers[] = { lights_game_event, NULL };

static int set_up(void **state)
{
	(void)state;
	fake_power_on();
	settings_init();
	game_observe(observers);
	lamps_init();
	return 0;
}

static void start(uint8_t game_id, const char *text, uint8_t first)
{
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, game_id, text), ENGINE_OK);
	assert_true(game_start(&pos, first));
}

static struct move take(uint8_t heap, uint16_t amount)
{
	struct move mv;
	memset(&mv, 0, sizeof mv);
	mv.u.heap.heap = heap;
	mv.u.heap.count = amount;
	return mv;
}

static void marienbad_shows_its_matches_and_blinks_the_choice(void **state)
{
	(void)state;
	assert_int_equal(fake_hal.lamps, 0);
	start(GAME_MARIENBAD, "1 3 5 7", PLAYER_PERSON);
	assert_int_equal(fake_hal.lamps, 0xFFFFu);
	struct move person = take(3, 2);
	assert_int_equal(game_play(&person), ENGINE_OK);
	assert_int_equal(fake_hal.lamps, 0xFFFFu & ~0x0003u); /* lamps 15 and 16 */

	/* The machine announces taking row 3 whole: its lamps, and only
	 * they, go off and on with the count's bit. */
	struct move machine = take(2, 5);
	lights_choice(&machine);
	lights_tick(BLINK_OFF);
	assert_int_equal(fake_hal.lamps, 0xFFFCu);
	lights_tick(BLINK_ON);
	assert_int_equal(fake_hal.lamps, 0xFFFCu & ~ROW_3);
	lights_tick(BLINK_OFF | 0x7Fu);
	assert_int_equal(fake_hal.lamps, 0xFFFCu);
	assert_int_equal(game_play(&machine), ENGINE_OK);
	assert_int_equal(fake_hal.lamps, 0xFFFCu & ~ROW_3);
	lights_tick(BLINK_OFF); /* played: no more blinking */
	assert_int_equal(fake_hal.lamps, 0xFFFCu & ~ROW_3);

	/* A choice the person leaves before it is played stops blinking. */
	struct move next = take(3, 5);
	lights_choice(&next);
	lights_tick(BLINK_ON);
	assert_int_equal(fake_hal.lamps, LAMP_1 | 0x7000u);
	game_leave();
	lights_tick(BLINK_ON);
	assert_int_equal(fake_hal.lamps, 0xFFFCu & ~ROW_3);
}

static void marienbad_ends_dark(void **state)
{
	(void)state;
	start(GAME_MARIENBAD, "0 0 0 1", PLAYER_PERSON);
	assert_int_equal(fake_hal.lamps, 0x0040u); /* lamp 10 */
	struct move last = take(3, 1);
	assert_int_equal(game_play(&last), ENGINE_OK);
	assert_true(game.over);
	assert_int_equal(fake_hal.lamps, 0);
}

/* Of other rows: a row longer than its lamps fills them, rows after the
 * fourth have none, and missing rows are dark, whatever the record holds
 * past its count (the menu leaves the numbers of rows it no longer
 * shows there). */
static void marienbad_of_other_rows_shows_its_first_four(void **state)
{
	(void)state;
	struct position two;
	assert_int_equal(engine_parse_position(&two, GAME_MARIENBAD, "2 9"), ENGINE_OK);
	two.u.heap[2] = 5;
	two.u.heap[3] = 7;
	assert_true(game_start(&two, PLAYER_PERSON));
	assert_int_equal(fake_hal.lamps, 0xF000u);
	start(GAME_MARIENBAD, "1 3 5 700 1 1", PLAYER_PERSON);
	assert_int_equal(fake_hal.lamps, 0xFFFFu);
	struct move most = take(3, 695);
	assert_int_equal(game_play(&most), ENGINE_OK);
	assert_int_equal(fake_hal.lamps, (0xFFFFu & ~ROW_4) | 0x007Cu); /* 5 of row 4's 7 */
}

static void other_games_light_lamp_1_for_the_machine(void **state)
{
	(void)state;
	start(GAME_NIM, "3 4 5", PLAYER_MACHINE);
	assert_int_equal(fake_hal.lamps, LAMP_1);
	struct move first = take(0, 2);
	lights_choice(&first);
	lights_tick(BLINK_ON); /* nothing of Nim's blinks */
	assert_int_equal(fake_hal.lamps, LAMP_1);
	assert_int_equal(game_play(&first), ENGINE_OK);
	assert_int_equal(fake_hal.lamps, 0);
	start(GAME_NIM, "1", PLAYER_PERSON);
	assert_int_equal(fake_hal.lamps, 0);
	struct move last = take(0, 1);
	assert_int_equal(game_play(&last), ENGINE_OK);
	assert_true(game.over); /* the machine would be to move, but nothing is */
	assert_int_equal(fake_hal.lamps, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(marienbad_shows_its_matches_and_blinks_the_choice, set_up),
		cmocka_unit_test_setup(marienbad_ends_dark, set_up),
		cmocka_unit_test_setup(marienbad_of_other_rows_shows_its_first_four, set_up),
		cmocka_unit_test_setup(other_games_light_lamp_1_for_the_machine, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
