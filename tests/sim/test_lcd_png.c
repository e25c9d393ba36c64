/*
 * The PNG writer: a valid PNG of the expected size that libpng reads back,
 * with lit dots where the characters (ROM and custom) and the cursor are,
 * unlit blue glass elsewhere, nothing lit while the display is off.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <png.h>

#include "sim/lcd_model.h"
#include "sim/lcd_png.h"

struct picture {
	uint32_t width;
	uint32_t height;
	uint8_t *rgb;
};

/* The picture read back last; freed after each test, even a failing one
 * (cmocka leaves a failing test by longjmp). */
static struct picture picture;

static int free_picture(void **state)
{
	(void)state;
	free(picture.rgb);
	picture.rgb = NULL;
	return 0;
}

/* A display as the firmware would leave it: two lines, on, "H" and custom
 * character 1 (a hollow box) in row 0, "i" in row 1. */
static void showing_text(struct lcd_model *lcd)
{
	lcd_model_power_on(lcd, 16000000u, 0);
	lcd->two_lines = true;
	lcd->display_on = true;
	lcd->ddram[0] = 'H';
	lcd->ddram[1] = 1;
	lcd->ddram[LCD_LINE_LENGTH + 3] = 'i';
	static const uint8_t box[8] = { 0x1F, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1F, 0x00 };
	memcpy(&lcd->cgram[8], box, sizeof box);
}

static char *temporary_path(void)
{
	static char path[64];
	snprintf(path, sizeof path, "/tmp/test_lcd_png_%ld.png", (long)getpid());
	return path;
}

/* Reads an 8-bit RGB PNG back with libpng; fails the test if it is not one. */
static void read_png(const char *path, struct picture *read)
{
	free_picture(NULL);
	FILE *file = fopen(path, "rb");
	assert_non_null(file);
	uint8_t signature[8];
	assert_int_equal(fread(signature, 1, sizeof signature, file), sizeof signature);
	assert_int_equal(png_sig_cmp(signature, 0, sizeof signature), 0);
	png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	assert_non_null(png);
	png_infop info = png_create_info_struct(png);
	assert_non_null(info);
	if (setjmp(png_jmpbuf(png))) {
		fail_msg("libpng could not read %s back", path);
	}
	png_init_io(png, file);
	png_set_sig_bytes(png, sizeof signature);
	png_read_info(png, info);
	read->width = png_get_image_width(png, info);
	read->height = png_get_image_height(png, info);
	assert_int_equal(png_get_color_type(png, info), PNG_COLOR_TYPE_RGB);
	assert_int_equal(png_get_bit_depth(png, info), 8);
	read->rgb = malloc((size_t)read->width * read->height * 3u);
	assert_non_null(read->rgb);
	for (uint32_t y = 0; y < read->height; y++) {
		png_read_row(png, read->rgb + (size_t)y * read->width * 3u, NULL);
	}
	png_read_end(png, NULL);
	png_destroy_read_struct(&png, &info, NULL);
	fclose(file);
}

static const uint8_t *pixel(const struct picture *from, uint32_t x, uint32_t y)
{
	return from->rgb + ((size_t)y * from->width + x) * 3u;
}

/* Centre pixel of a dot, lit (near white) or not (blue glass). */
static bool dot_lit(const struct picture *from, uint8_t row, uint8_t column, uint8_t dot_x, uint8_t dot_y)
{
	uint32_t x;
	uint32_t y;
	lcd_png_dot_origin(row, column, dot_x, dot_y, &x, &y);
	const uint8_t *p = pixel(from, x + LCD_PNG_DOT / 2, y + LCD_PNG_DOT / 2);
	bool white = p[0] > 200 && p[1] > 200 && p[2] > 200;
	bool blue = p[2] > 150 && p[0] < 100;
	assert_true(white || blue);
	return white;
}

static void write_and_read(const struct lcd_model *lcd, struct picture *read)
{
	const char *path = temporary_path();
	assert_int_equal(lcd_png_write(lcd, 0, path), 0);
	read_png(path, read);
	unlink(path);
}

static void test_png_has_the_documented_size(void **state)
{
	(void)state;
	struct lcd_model lcd;
	showing_text(&lcd);
	write_and_read(&lcd, &picture);
	assert_int_equal(picture.width, LCD_PNG_WIDTH);
	assert_int_equal(picture.height, LCD_PNG_HEIGHT);
	/* 4-6 pixels per dot, measured on the picture: the lit runs across
	 * the middle bar of the "H" start one dot pitch apart. */
	uint32_t x;
	uint32_t y;
	lcd_png_dot_origin(0, 0, 0, 3, &x, &y);
	uint32_t starts[5];
	unsigned runs = 0;
	bool was_lit = false;
	for (uint32_t px = x - 1u; px < x + LCD_PNG_CELL_WIDTH + 1u; px++) {
		const uint8_t *p = pixel(&picture, px, y + LCD_PNG_DOT / 2);
		bool lit = p[0] > 200 && p[1] > 200 && p[2] > 200;
		if (lit && !was_lit) {
			assert_true(runs < 5);
			starts[runs++] = px;
		}
		was_lit = lit;
	}
	assert_int_equal(runs, 5);
	for (unsigned i = 1; i < runs; i++) {
		assert_in_range(starts[i] - starts[i - 1u], 4, 6);
	}
	/* The 16x2 cells inside the frame. */
	lcd_png_dot_origin(1, 15, 4, 7, &x, &y);
	assert_true(x + LCD_PNG_DOT < picture.width - LCD_PNG_BEZEL);
	assert_true(y + LCD_PNG_DOT < picture.height - LCD_PNG_BEZEL);
}

static void test_rom_characters_come_from_the_font(void **state)
{
	(void)state;
	struct lcd_model lcd;
	showing_text(&lcd);
	write_and_read(&lcd, &picture);
	/* "H" is #...# on its first rows and ##### across the middle. */
	static const char *const h_rows[] = { "#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#", "....." };
	for (uint8_t dot_y = 0; dot_y < 8; dot_y++) {
		for (uint8_t dot_x = 0; dot_x < 5; dot_x++) {
			assert_int_equal(dot_lit(&picture, 0, 0, dot_x, dot_y), h_rows[dot_y][dot_x] == '#');
		}
	}
	/* "i" in the second row, column 3: a dot on top, a gap, its stem. */
	assert_true(dot_lit(&picture, 1, 3, 2, 0));
	assert_false(dot_lit(&picture, 1, 3, 2, 1));
	assert_true(dot_lit(&picture, 1, 3, 2, 3));
	assert_false(dot_lit(&picture, 1, 3, 0, 3));
}

static void test_custom_characters_come_from_cgram(void **state)
{
	(void)state;
	struct lcd_model lcd;
	showing_text(&lcd);
	write_and_read(&lcd, &picture);
	for (uint8_t dot_x = 0; dot_x < 5; dot_x++) {
		assert_true(dot_lit(&picture, 0, 1, dot_x, 0));
		assert_true(dot_lit(&picture, 0, 1, dot_x, 6));
		assert_false(dot_lit(&picture, 0, 1, dot_x, 7));
	}
	assert_true(dot_lit(&picture, 0, 1, 0, 3));
	assert_false(dot_lit(&picture, 0, 1, 2, 3));
}

static void test_gaps_between_dots_and_cells_are_glass(void **state)
{
	(void)state;
	struct lcd_model lcd;
	showing_text(&lcd);
	lcd.cgram[8 + 3] = 0x1F; /* a full row of the box: lit dots side by side */
	write_and_read(&lcd, &picture);
	uint32_t x;
	uint32_t y;
	lcd_png_dot_origin(0, 1, 0, 3, &x, &y);
	const uint8_t *gap = pixel(&picture, x + LCD_PNG_DOT, y + 1); /* between two lit dots */
	assert_true(gap[2] > 150 && gap[0] < 100);
	lcd_png_dot_origin(0, 1, 4, 3, &x, &y);
	const uint8_t *cell_gap = pixel(&picture, x + LCD_PNG_DOT + 2, y + 1);
	assert_true(cell_gap[2] > 150 && cell_gap[0] < 100);
}

static void test_cursor_underline_and_display_off(void **state)
{
	(void)state;
	struct lcd_model lcd;
	showing_text(&lcd);
	lcd.cursor_on = true;
	lcd.address = 0x42; /* row 1, column 2 */
	write_and_read(&lcd, &picture);
	for (uint8_t dot_x = 0; dot_x < 5; dot_x++) {
		assert_true(dot_lit(&picture, 1, 2, dot_x, 7));
	}

	lcd.display_on = false;
	write_and_read(&lcd, &picture);
	for (uint8_t column = 0; column < 4; column++) {
		for (uint8_t dot_y = 0; dot_y < 8; dot_y++) {
			assert_false(dot_lit(&picture, 0, column, 0, dot_y));
			assert_false(dot_lit(&picture, 1, column, 2, dot_y));
		}
	}
}

static void test_unwritable_path_is_reported(void **state)
{
	(void)state;
	struct lcd_model lcd;
	showing_text(&lcd);
	assert_int_equal(lcd_png_write(&lcd, 0, "/nonexistent-folder/lcd.png"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_png_has_the_documented_size, free_picture),
		cmocka_unit_test_teardown(test_rom_characters_come_from_the_font, free_picture),
		cmocka_unit_test_teardown(test_custom_characters_come_from_cgram, free_picture),
		cmocka_unit_test_teardown(test_gaps_between_dots_and_cells_are_glass, free_picture),
		cmocka_unit_test_teardown(test_cursor_underline_and_display_off, free_picture),
		cmocka_unit_test_teardown(test_unwritable_path_is_reported, free_picture),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
