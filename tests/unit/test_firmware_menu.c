/*
 * The menu (firmware/menu.c) on the host, the firmware's logic whole on
 * the fake HAL: its keys change the set-up it shows, and SELECT begins the
 * game it set up, which the LCD then shows (after a page of help) and the
 * transcript announces; a set-up with no move is refused on row 1 with the
 * engine's reason, and no game begins.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "hal/keys.h"
#include "tests/fake_hal/fake_hal.h"

/* The page of help lasts 2.5 s. */
#define HELP_MS 3000u

/* Power-on; and the menu at its first item, the game, as at power-on
 * (which item it shows is its own, kept from the test before). */
static int set_up(void **state)
{
	(void)state;
	fake_device_start();
	for (unsigned i = 0; i < 64u && fake_hal.lcd[0][0] != '<'; i++) {
		fake_device_press(KEY_UP);
	}
	fake_line_clear_output();
	return 0;
}

static void row_starts(uint8_t row, const char *text)
{
	if (strncmp(fake_hal.lcd[row], text, strlen(text)) != 0) {
		fail_msg("LCD row %u is \"%s\", not \"%s...\"", row, fake_hal.lcd[row], text);
	}
}

static void menu_keys_change_the_set_up(void **state)
{
	(void)state;
	assert_int_equal(settings.setup.game, GAME_MARIENBAD);
	row_starts(0, "<Marienbad>");
	fake_device_press(KEY_RIGHT);
	assert_int_equal(settings.setup.game, GAME_LIMIT_NIM);
	row_starts(0, "<Limit nim>");
	fake_device_press(KEY_LEFT);
	fake_device_press(KEY_LEFT);
	fake_device_press(KEY_LEFT);
	assert_int_equal(settings.setup.game, GAME_NIM);
	row_starts(0, "<Nim>");
	fake_device_press(KEY_DOWN);
	row_starts(0, "Rule <normal>");
	fake_device_press(KEY_RIGHT);
	assert_int_equal(settings.setup.rule, RULE_MISERE);
	row_starts(0, "Rule <misere>");
	assert_false(game_exists());
}

/* The digits of LCD row `row`, in order. */
static void digits_of_row(uint8_t row, char *digits)
{
	for (const char *c = fake_hal.lcd[row]; *c != '\0'; c++) {
		if (*c >= '0' && *c <= '9') {
			*digits++ = *c;
		}
	}
	*digits = '\0';
}

static void select_begins_the_game_the_lcd_shows(void **state)
{
	(void)state;
	fake_device_press(KEY_LEFT);
	fake_device_press(KEY_LEFT);
	assert_int_equal(settings.setup.game, GAME_NIM);
	fake_device_press(KEY_SELECT);
	assert_true(game_exists());
	assert_false(game->over);
	assert_memory_equal(&game->pos, &settings.setup, sizeof game->pos);
	assert_string_equal(fake_line_output(), "new nim 3 4 5\r\n");
	row_starts(0, "U/D=where L/R=n");
	fake_device_run_ms(HELP_MS);
	char digits[LCD_COLUMNS + 1];
	digits_of_row(0, digits);
	assert_string_equal(digits, "345");
	row_starts(1, "Take ");
}

static void a_set_up_with_no_move_is_refused_on_row_1(void **state)
{
	(void)state;
	fake_device_press(KEY_LEFT);
	fake_device_press(KEY_LEFT);
	memset(settings.setup.u.heap, 0, sizeof settings.setup.u.heap);
	fake_device_press(KEY_SELECT);
	assert_false(game_exists() && !game->over);
	char reason[64];
	struct buffer_sink sink;
	buffer_sink_init(&sink, reason, sizeof reason);
	engine_print_error(ENGINE_ERR_GAME_OVER, &sink.sink);
	row_starts(1, reason);
	row_starts(0, "<Nim>"); /* still the menu */
	assert_string_equal(fake_line_output(), "");
}

/* The rules run along row 1 a character at a time, each window of the
 * display's width in turn, the whole summary and who wins (a gap of spaces
 * after it) going by before the text comes round again: nothing of it is
 * cut, for any game.  Row 1 is read every 100 ms, a third of a step. */
static void the_rules_run_whole_along_row_1(void **state)
{
	(void)state;
	unsigned windows_seen = 0;
	for (uint8_t which = 0; which < GAME_COUNT; which++) {
		for (unsigned presses = 0; settings.setup.game != which; presses++) {
			if (presses > GAME_COUNT) {
				fail_msg("RIGHT does not bring %s to the menu", engine_game_name(which));
			}
			fake_device_press(KEY_RIGHT);
		}
		char rules[256];
		struct buffer_sink sink;
		buffer_sink_init(&sink, rules, sizeof rules);
		engine_print_game_text(which, ENGINE_TEXT_SUMMARY, &sink.sink);
		print_flash(&sink.sink,
			    settings.setup.rule == RULE_MISERE ? " Last move loses.   " : " Last move wins.   ");
		size_t length = sink.length;
		assert_false(sink.overflowed);
		assert_true(length > LCD_COLUMNS);
		char twice[2 * sizeof rules + 1];
		snprintf(twice, sizeof twice, "%s%s", rules, rules);
		size_t from = 0;
		char shown[LCD_COLUMNS + 1] = "";
		for (unsigned ms = 0; from <= length; ms += 100u) {
			if (ms > 300u * (length + 10u)) {
				fail_msg("%s: the rules stopped at character %zu of %zu", engine_game_name(which), from,
					 length);
			}
			if (strcmp(shown, fake_hal.lcd[1]) != 0) {
				strcpy(shown, fake_hal.lcd[1]);
				if (strncmp(shown, twice + from % length, LCD_COLUMNS) != 0) {
					fail_msg("%s: row 1 shows \"%s\" where \"%.16s\" was due",
						 engine_game_name(which), shown, twice + from % length);
				}
				from++;
				windows_seen++;
			}
			fake_device_run_ms(100u);
		}
	}
	print_message("# %u windows of the rules checked over %u games\n", windows_seen, (unsigned)GAME_COUNT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(menu_keys_change_the_set_up, set_up),
		cmocka_unit_test_setup(select_begins_the_game_the_lcd_shows, set_up),
		cmocka_unit_test_setup(a_set_up_with_no_move_is_refused_on_row_1, set_up),
		cmocka_unit_test_setup(the_rules_run_whole_along_row_1, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
