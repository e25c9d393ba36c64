/*
 * Attract mode (firmware/attract.c) on the host, the whole firmware on the
 * fake HAL's clock and keys:
 *   - it begins when the menu's idle time is over, not a millisecond
 *     before, and the idle times are the operator's to change
 *     (attract_idle_s);
 *   - its games are nobody's: the settings (the score among them) stay
 *     byte for byte, the transcript has the one line "attract", no sound,
 *     no win light, and games end and begin again;
 *   - a key ends it and brings the menu back as it was, and a held
 *     arrow's repeats that follow do nothing; a new press is the menu's
 *     again;
 *   - attract_start() begins it at once (after a watchdog reset, say).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "firmware/attract.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "hal/keys.h"
#include "tests/fake_hal/fake_hal.h"

static bool caption_showing(void)
{
	return strstr(fake_hal.lcd[0], "Can you beat") != NULL && strstr(fake_hal.lcd[1], "the Odra?") != NULL;
}

static bool attract_on(void)
{
	return game->attract && !game->over;
}

static int set_up(void **state)
{
	(void)state;
	fake_device_start();
	fake_line_clear_output();
	return 0;
}

/* A key and nothing else on the menu: DOWN then UP, the same item. */
static void menu_keys(void)
{
	fake_device_press(KEY_DOWN);
	fake_device_press(KEY_UP);
}

static void it_begins_when_the_idle_time_is_over_not_before(void **state)
{
	(void)state;
	unsigned checked = 0;
	static const uint16_t idle_s[] = { ATTRACT_IDLE_MENU_DEFAULT_S, 1, 7 };
	for (size_t i = 0; i < sizeof idle_s / sizeof idle_s[0]; i++) {
		if (i > 0) {
			attract_idle_s[ATTRACT_IDLE_MENU] = idle_s[i]; /* as the operator sets it */
		}
		menu_keys();
		fake_device_run_ms(idle_s[i] * 1000u - 1u);
		assert_false(attract_on());
		assert_false(caption_showing());
		fake_device_run_ms(1);
		assert_true(attract_on());
		fake_device_run_ms(10);
		assert_true(caption_showing());
		fake_device_press(KEY_RIGHT);
		assert_false(attract_on());
		checked++;
	}
	printf("# attract mode began exactly at %u idle times\n", checked);
}

static void its_games_are_nobodys(void **state)
{
	(void)state;
	struct settings before = settings;
	unsigned tones = fake_hal.tones;
	attract_start();
	assert_true(attract_on());
	unsigned games = 0, win_lights = 0;
	bool was_over = false;
	for (uint32_t ms = 0; ms < 400000u && games < 4u; ms += 100u) {
		fake_device_run_ms(100);
		win_lights += fake_hal.led_win;
		if (game->over && !was_over) {
			games++;
		}
		was_over = game->over;
	}
	assert_true(games >= 4u);
	assert_int_equal(win_lights, 0);
	assert_int_equal(fake_hal.tones, tones);
	assert_memory_equal(&settings, &before, sizeof settings);
	assert_string_equal(fake_line_output(), "attract\r\n");
	printf("# %u attract games ended and began again: no score, no setting, no sound, no win light\n", games);
}

static void a_key_brings_the_menu_back_and_does_nothing_else(void **state)
{
	(void)state;
	static const uint8_t keys[] = { KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_SELECT, KEY_SELECT_LONG };
	fake_device_press(KEY_DOWN); /* Rule <normal>: RIGHT would change it */
	char top[LCD_COLUMNS + 1], bottom[LCD_COLUMNS + 1];
	strcpy(top, fake_hal.lcd[0]);
	strcpy(bottom, fake_hal.lcd[1]);
	struct settings before = settings;
	for (size_t k = 0; k < sizeof keys; k++) {
		attract_start();
		fake_device_run_ms(3000);
		assert_true(attract_on());
		fake_line_clear_output();
		fake_device_press(keys[k]);
		assert_false(attract_on());
		/* An arrow held on: its repeat. */
		fake_hal.key_repeats = 1;
		fake_device_press(KEY_RIGHT);
		fake_hal.key_repeats = 0;
		fake_device_run_ms(10);
		assert_string_equal(fake_hal.lcd[0], top);
		assert_string_equal(fake_hal.lcd[1], bottom);
		assert_memory_equal(&settings, &before, sizeof settings);
		assert_string_equal(fake_line_output(), "");
	}
	/* A new press is the menu's. */
	fake_device_press(KEY_RIGHT);
	assert_string_not_equal(fake_hal.lcd[0], top);
	printf("# %zu keys ended attract mode and did nothing else\n", sizeof keys);
}

static void an_unfinished_game_is_left_after_the_long_idle(void **state)
{
	(void)state;
	fake_device_press(KEY_SELECT); /* Marienbad, the person first */
	fake_device_run_ms(3000);
	assert_true(game_exists() && !game->over && !game->attract);
	fake_device_press(KEY_RIGHT); /* the last key */
	fake_line_clear_output();
	fake_device_run_ms(ATTRACT_IDLE_GAME_DEFAULT_S * 1000u - 1u);
	assert_false(game->attract);
	assert_false(game->over);
	fake_device_run_ms(1);
	assert_true(attract_on());
	assert_string_equal(fake_line_output(), "left marienbad 1 3 5 7\r\nattract\r\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(it_begins_when_the_idle_time_is_over_not_before, set_up),
		cmocka_unit_test_setup(its_games_are_nobodys, set_up),
		cmocka_unit_test_setup(a_key_brings_the_menu_back_and_does_nothing_else, set_up),
		cmocka_unit_test_setup(an_unfinished_game_is_left_after_the_long_idle, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
