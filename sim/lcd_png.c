/*
 * PNG pictures of the display (see lcd_png.h), written with libpng.
 */
#include "sim/lcd_png.h"

#include <errno.h>
#include <png.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* simavr's character generator: 256 characters of 5x7 dots side by side in
 * one 1280x7 RGBA image, lit where alpha is set.  Its declaration assigns a
 * string literal to a plain char pointer, which our warnings reject. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdiscarded-qualifiers"
#include <lcd_font.h>
#pragma GCC diagnostic pop

#define FONT_GLYPH_WIDTH 5u
#define FONT_GLYPH_ROWS 7u

struct rgb {
	uint8_t r, g, b;
};

static const struct rgb bezel_colour = { 18, 20, 26 };
static const struct rgb glass_top = { 36, 78, 240 };
static const struct rgb glass_bottom = { 22, 52, 206 };
/* Unlit dots stay faintly visible on a backlit blue panel. */
static const struct rgb dot_off_lift = { 10, 16, 14 };
static const struct rgb dot_on = { 228, 238, 255 };

static void put_pixel(uint8_t *rgb, uint32_t x, uint32_t y, struct rgb colour)
{
	uint8_t *p = rgb + ((size_t)y * LCD_PNG_WIDTH + x) * 3u;
	p[0] = colour.r;
	p[1] = colour.g;
	p[2] = colour.b;
}

/* The glass's colour at pixel row y: a gentle top-to-bottom gradient, as
 * the backlight enters from one edge. */
static struct rgb glass_colour(uint32_t y)
{
	uint32_t span = LCD_PNG_HEIGHT - 2u * LCD_PNG_BEZEL;
	uint32_t at = y > LCD_PNG_BEZEL ? y - LCD_PNG_BEZEL : 0u;
	if (at > span) {
		at = span;
	}
	struct rgb c = {
		(uint8_t)(glass_top.r + ((int)glass_bottom.r - glass_top.r) * (int)at / (int)span),
		(uint8_t)(glass_top.g + ((int)glass_bottom.g - glass_top.g) * (int)at / (int)span),
		(uint8_t)(glass_top.b + ((int)glass_bottom.b - glass_top.b) * (int)at / (int)span),
	};
	return c;
}

void lcd_png_dot_origin(uint8_t row, uint8_t column, uint8_t dot_x, uint8_t dot_y, uint32_t *x, uint32_t *y)
{
	*x = LCD_PNG_ORIGIN + (uint32_t)column * LCD_PNG_CELL_PITCH_X + (uint32_t)dot_x * LCD_PNG_DOT_PITCH;
	*y = LCD_PNG_ORIGIN + (uint32_t)row * LCD_PNG_CELL_PITCH_Y + (uint32_t)dot_y * LCD_PNG_DOT_PITCH;
}

/* The 8 dot rows (5 low bits each, bit 4 leftmost) a cell shows. */
static void cell_rows(const struct lcd_model *lcd, uint8_t code, uint8_t rows[8])
{
	if (code < 16u) {
		lcd_model_glyph(lcd, code, rows);
		return;
	}
	for (unsigned y = 0; y < 8u; y++) {
		rows[y] = 0;
		if (y >= FONT_GLYPH_ROWS) {
			continue; /* the eighth row belongs to the cursor */
		}
		for (unsigned x = 0; x < FONT_GLYPH_WIDTH; x++) {
			size_t pixel = (size_t)y * lcd_font.width + code * FONT_GLYPH_WIDTH + x;
			if (lcd_font.pixel_data[pixel * lcd_font.bytes_per_pixel + 3u] >= 0x80u) {
				rows[y] |= (uint8_t)(0x10u >> x);
			}
		}
	}
}

static void draw_dot(uint8_t *rgb, uint32_t x0, uint32_t y0, bool lit)
{
	for (uint32_t y = y0; y < y0 + LCD_PNG_DOT; y++) {
		struct rgb off = glass_colour(y);
		off.r = (uint8_t)(off.r + dot_off_lift.r);
		off.g = (uint8_t)(off.g + dot_off_lift.g);
		off.b = (uint8_t)(off.b + dot_off_lift.b);
		for (uint32_t x = x0; x < x0 + LCD_PNG_DOT; x++) {
			put_pixel(rgb, x, y, lit ? dot_on : off);
		}
	}
}

void lcd_png_render(const struct lcd_model *lcd, uint64_t cycle, uint8_t *rgb)
{
	for (uint32_t y = 0; y < LCD_PNG_HEIGHT; y++) {
		for (uint32_t x = 0; x < LCD_PNG_WIDTH; x++) {
			bool bezel = x < LCD_PNG_BEZEL || y < LCD_PNG_BEZEL || x >= LCD_PNG_WIDTH - LCD_PNG_BEZEL ||
				     y >= LCD_PNG_HEIGHT - LCD_PNG_BEZEL;
			put_pixel(rgb, x, y, bezel ? bezel_colour : glass_colour(y));
		}
	}
	uint8_t cursor_row = 0;
	uint8_t cursor_column = 0;
	bool underline = false;
	bool block = false;
	bool cursor = lcd_model_cursor(lcd, cycle, &cursor_row, &cursor_column, &underline, &block);
	for (uint8_t row = 0; row < BOARD_LCD_ROWS; row++) {
		for (uint8_t column = 0; column < BOARD_LCD_COLUMNS; column++) {
			uint8_t rows[8] = { 0 };
			if (lcd->display_on) {
				cell_rows(lcd, lcd_model_cell(lcd, row, column), rows);
			}
			if (cursor && row == cursor_row && column == cursor_column) {
				if (underline) {
					rows[7] = 0x1Fu;
				}
				if (block) {
					memset(rows, 0x1F, sizeof rows);
				}
			}
			for (uint8_t dot_y = 0; dot_y < 8u; dot_y++) {
				for (uint8_t dot_x = 0; dot_x < FONT_GLYPH_WIDTH; dot_x++) {
					uint32_t x;
					uint32_t y;
					lcd_png_dot_origin(row, column, dot_x, dot_y, &x, &y);
					draw_dot(rgb, x, y, (rows[dot_y] & (0x10u >> dot_x)) != 0);
				}
			}
		}
	}
}

/* libpng reports errors by longjmp; keep everything that must be freed
 * outside the setjmp frame. */
static int write_png_file(FILE *file, const uint8_t *rgb, const char *path)
{
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	if (!png) {
		fprintf(stderr, "%s: libpng could not start\n", path);
		return -1;
	}
	png_infop info = png_create_info_struct(png);
	if (!info || setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		fprintf(stderr, "%s: libpng failed to write the picture\n", path);
		return -1;
	}
	png_init_io(png, file);
	png_set_IHDR(png, info, LCD_PNG_WIDTH, LCD_PNG_HEIGHT, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (uint32_t y = 0; y < LCD_PNG_HEIGHT; y++) {
		png_write_row(png, rgb + (size_t)y * LCD_PNG_WIDTH * 3u);
	}
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	return 0;
}

int lcd_png_write(const struct lcd_model *lcd, uint64_t cycle, const char *path)
{
	uint8_t *rgb = malloc((size_t)LCD_PNG_WIDTH * LCD_PNG_HEIGHT * 3u);
	if (!rgb) {
		fprintf(stderr, "%s: out of memory for the picture\n", path);
		return -1;
	}
	lcd_png_render(lcd, cycle, rgb);
	FILE *file = fopen(path, "wb");
	if (!file) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		free(rgb);
		return -1;
	}
	int result = write_png_file(file, rgb, path);
	if (fclose(file) != 0 && result == 0) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		result = -1;
	}
	free(rgb);
	return result;
}
