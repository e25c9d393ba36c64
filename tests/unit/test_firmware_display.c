/*
 * The LCD's custom characters shared by pictures and Polish letters
 * (firmware/display.c), on the fake HAL: a letter is drawn as its glyph of
 * engine/letters.def in a free character, the same letter the same
 * character; when the picture and the other letters hold all eight, a
 * letter is shown plain, every time on that screen; a character is free
 * again once no row shows it; and the count of the screen's changes that
 * a key's click reads.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/text.h"
#include "firmware/display.h"
#include "hal/lcd.h"
#include "tests/fake_hal/fake_hal.h"

static const struct {
	char plain;
	uint8_t rows[LCD_GLYPH_ROWS];
} letters[] = {
#define LETTER(utf8, plain, ...) { plain, { __VA_ARGS__ } },
#include "engine/letters.def"
#undef LETTER
};

#define LETTER_CODE(n) ((char)(TEXT_LETTER_FIRST + (n)))
enum { A_OGONEK, C_ACUTE, E_OGONEK, L_STROKE, N_ACUTE, O_ACUTE, S_ACUTE, Z_ACUTE, Z_DOT };

static int set_up(void **state)
{
	(void)state;
	fake_hal_reset();
	display_clear_glyphs();
	return 0;
}

static bool is_custom(char c)
{
	return (uint8_t)c >= 8u && (uint8_t)c < 16u;
}

/* Column `column` of row `row` shows letter `letter` as its glyph. */
static void expect_glyph(uint8_t row, uint8_t column, uint8_t letter)
{
	char c = fake_hal.lcd[row][column];
	if (!is_custom(c)) {
		fail_msg("row %u column %u shows '%c', not a custom character", row, column, c);
	}
	assert_memory_equal(fake_hal.glyphs[(uint8_t)c & 7u], letters[letter].rows, LCD_GLYPH_ROWS);
}

static void letters_are_drawn_as_their_glyphs(void **state)
{
	(void)state;
	char text[] = { 'B',
			'i',
			'o',
			'r',
			LETTER_CODE(E_OGONEK),
			' ',
			'1',
			' ',
			'z',
			'a',
			'p',
			'a',
			LETTER_CODE(L_STROKE),
			'k',
			LETTER_CODE(E_OGONEK),
			'\0' };
	display_write(1, text);
	expect_glyph(1, 4, E_OGONEK);
	expect_glyph(1, 12, L_STROKE);
	expect_glyph(1, 14, E_OGONEK);
	assert_int_equal(fake_hal.lcd[1][4], fake_hal.lcd[1][14]); /* one character for the letter */
	assert_int_not_equal(fake_hal.lcd[1][4], fake_hal.lcd[1][12]);
	assert_memory_equal(fake_hal.lcd[1], "Bior", 4);
}

/* A board's picture holds all eight: the words beside it are plain. */
static void with_no_character_free_letters_are_plain(void **state)
{
	(void)state;
	display_begin();
	for (uint8_t id = 1; id <= 8; id++) {
		assert_true(is_custom(display_glyph(id)));
	}
	assert_int_equal(display_glyph(9), '?');
	char row0[] = { 'x', '\0' };
	display_write(0, row0);
	char row1[] = { 'M', 'y', LETTER_CODE(S_ACUTE), 'l', LETTER_CODE(E_OGONEK), '.', '.',
			'.', ' ', LETTER_CODE(S_ACUTE), '\0' };
	display_write(1, row1);
	assert_memory_equal(fake_hal.lcd[1], "Mysle... s", 10);
}

/* Eight letters on row 0 hold every character: a ninth on row 1 is
 * plain; once row 0 shows other text, it gets one. */
static void a_character_is_free_again_when_no_row_shows_it(void **state)
{
	(void)state;
	char eight[] = { LETTER_CODE(A_OGONEK), LETTER_CODE(C_ACUTE), LETTER_CODE(E_OGONEK),
			 LETTER_CODE(L_STROKE), LETTER_CODE(N_ACUTE), LETTER_CODE(O_ACUTE),
			 LETTER_CODE(S_ACUTE),  LETTER_CODE(Z_ACUTE), '\0' };
	display_write(0, eight);
	for (uint8_t column = 0; column < 8; column++) {
		expect_glyph(0, column, column);
	}
	char ninth[] = { 'o', 'b', 'o', 'k', ' ', LETTER_CODE(Z_DOT), '\0' };
	display_write(1, ninth);
	assert_int_equal(fake_hal.lcd[1][5], letters[Z_DOT].plain);
	char plain[] = "no letters";
	display_write(0, plain);
	char again[] = { 'o', 'b', 'o', 'k', ' ', LETTER_CODE(Z_DOT), '\0' };
	display_write(1, again);
	expect_glyph(1, 5, Z_DOT);
}

/* The dots of a picture's element: a row of them, `dots_row` from the
 * top. */
static uint8_t dots_row;

static void draw_dots(uint8_t id, uint8_t rows[8])
{
	(void)id;
	memset(rows, 0, 8);
	rows[dots_row] = 0x1Fu;
}

/* What a key's click asks (firmware/box.c): a row written again as it
 * shows already (its spaces at the end or not), or a picture's character
 * drawn again with the same dots, changes nothing; another text, or the
 * same text with a character's dots changed, does. */
static void the_screen_changes_when_what_it_shows_does(void **state)
{
	(void)state;
	char level[] = "Level <3>";
	display_write(0, level);
	uint8_t changes = display_changes();
	char same[] = "Level <3>   ";
	display_write(0, same);
	assert_int_equal(display_changes(), changes);
	char other[] = "Level <2>";
	display_write(0, other);
	assert_int_equal(display_changes(), (uint8_t)(changes + 1u));

	dots_row = 7;
	char picture[] = { display_glyph(1), ' ', '3', '\0' };
	display_write(1, picture);
	display_show_glyphs(draw_dots);
	changes = display_changes();
	display_clear_glyphs();
	char again[] = { display_glyph(1), ' ', '3', '\0' };
	display_write(1, again);
	display_show_glyphs(draw_dots);
	assert_int_equal(display_changes(), changes);
	dots_row = 6; /* the same text, its character's dots moved */
	display_clear_glyphs();
	char moved[] = { display_glyph(1), ' ', '3', '\0' };
	display_write(1, moved);
	display_show_glyphs(draw_dots);
	assert_int_equal(display_changes(), (uint8_t)(changes + 1u));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(letters_are_drawn_as_their_glyphs, set_up),
		cmocka_unit_test_setup(with_no_character_free_letters_are_plain, set_up),
		cmocka_unit_test_setup(a_character_is_free_again_when_no_row_shows_it, set_up),
		cmocka_unit_test_setup(the_screen_changes_when_what_it_shows_does, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
