/*
 * How games look on the LCD (firmware/view.c, firmware/view_draw.c), drawn
 * on the fake HAL's LCD: a known position's line with the chosen heap in
 * brackets and the half-made move under it, a refused move's reason in
 * the engine's own words, the machine's move in words, and a board's
 * picture in custom characters.
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
#include "firmware/view.h"
#include "hal/keys.h"
#include "tests/fake_hal/fake_hal.h"

static int set_up(void **state)
{
	(void)state;
	fake_hal_reset();
	return 0;
}

static struct position parse(uint8_t game, const char *text)
{
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, game, text), ENGINE_OK);
	return pos;
}

/* `text` cut or padded to the LCD's width, as a row shows it. */
static void as_row(const char *text, char row[LCD_COLUMNS + 1])
{
	snprintf(row, LCD_COLUMNS + 1, "%-16.16s", text);
}

static void a_known_position_draws_its_line(void **state)
{
	(void)state;
	struct position pos = parse(GAME_NIM, "3 4 5");
	struct view_cursor cursor;
	memset(&cursor, 0, sizeof cursor);
	view_cursor_reset(&pos, &cursor);
	view_draw(&pos, &cursor, WORDS_PERSON, true);
	assert_string_equal(fake_hal.lcd[0], "[3]4 5          ");
	assert_string_equal(fake_hal.lcd[1], "Take 1          ");
	/* DOWN chooses the next heap, RIGHT takes one more. */
	assert_int_equal(view_key(&pos, &cursor, KEY_DOWN), VIEW_REDRAW);
	assert_int_equal(view_key(&pos, &cursor, KEY_RIGHT), VIEW_REDRAW);
	view_draw(&pos, &cursor, WORDS_PERSON, true);
	assert_string_equal(fake_hal.lcd[0], "3[4]5           ");
	assert_string_equal(fake_hal.lcd[1], "Take 2          ");
}

static void a_refused_moves_reason_is_the_engines(void **state)
{
	(void)state;
	struct position pos = parse(GAME_NIM, "3 0 5");
	struct view_cursor cursor;
	memset(&cursor, 0, sizeof cursor);
	cursor.mv.u.heap.heap = 1;
	cursor.mv.u.heap.count = 1;
	enum engine_error err = engine_check_move(&pos, &cursor.mv);
	assert_int_not_equal(err, ENGINE_OK);
	view_draw(&pos, &cursor, (uint8_t)(WORDS_REFUSED + err), false);
	char reason[64];
	struct buffer_sink sink;
	buffer_sink_init(&sink, reason, sizeof reason);
	engine_print_error(err, &sink.sink);
	char row[LCD_COLUMNS + 1];
	as_row(reason, row);
	assert_string_equal(fake_hal.lcd[1], row);
}

static void the_machines_move_is_said_in_words(void **state)
{
	(void)state;
	struct position pos = parse(GAME_NIM, "3 4 5");
	struct view_cursor cursor;
	memset(&cursor, 0, sizeof cursor);
	assert_true(engine_best_move(&pos, &cursor.mv));
	view_cursor_of_move(&pos, &cursor);
	view_draw(&pos, &cursor, WORDS_MACHINE, false);
	assert_string_equal(fake_hal.lcd[0], "[3]4 5          ");
	assert_string_equal(fake_hal.lcd[1], "I take 2        ");
}

/* A board is a picture: custom characters on both rows, some of them
 * drawn with pixels, and the words beside it. */
static void a_board_is_drawn_in_custom_characters(void **state)
{
	(void)state;
	struct position pos;
	engine_start_position(&pos, GAME_TAKTIX);
	struct view_cursor cursor;
	memset(&cursor, 0, sizeof cursor);
	view_cursor_reset(&pos, &cursor);
	view_draw(&pos, &cursor, WORDS_PERSON, false);
	unsigned custom = 0;
	for (unsigned row = 0; row < LCD_ROWS; row++) {
		for (unsigned col = 0; col < LCD_COLUMNS; col++) {
			custom += (unsigned char)fake_hal.lcd[row][col] < 16u;
		}
	}
	assert_true(custom >= 2);
	unsigned lit = 0;
	for (unsigned slot = 0; slot < 8; slot++) {
		for (unsigned y = 0; y < LCD_GLYPH_ROWS; y++) {
			lit += fake_hal.glyphs[slot][y] != 0;
		}
	}
	assert_true(lit > 0);
	print_message("# Taktix: %u custom characters on the LCD, %u pixel rows lit\n", custom, lit);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(a_known_position_draws_its_line, set_up),
		cmocka_unit_test_setup(a_refused_moves_reason_is_the_engines, set_up),
		cmocka_unit_test_setup(the_machines_move_is_said_in_words, set_up),
		cmocka_unit_test_setup(a_board_is_drawn_in_custom_characters, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
