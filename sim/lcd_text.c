/*
 * LCD cells as UTF-8 for terminals (see lcd_text.h).
 */
#include "sim/lcd_text.h"

#include <stdint.h>
#include <string.h>

/* ROM codes whose glyph differs from ASCII, or lies above it. */
static const struct {
	uint8_t code;
	const char *utf8;
} rom_symbols[] = {
	{ 0x5C, "\u00A5" }, /* yen sign where ASCII has a backslash */
	{ 0x7E, "\u2192" }, /* right arrow */
	{ 0x7F, "\u2190" }, /* left arrow */
	{ 0xA5, "\u30FB" }, /* middle dot */
	{ 0xDF, "\u00B0" }, /* degree */
	{ 0xE0, "\u03B1" }, { 0xE2, "\u03B2" }, { 0xE3, "\u03B5" }, { 0xE4, "\u00B5" }, { 0xE5, "\u03C3" },
	{ 0xE6, "\u03C1" }, { 0xF2, "\u03B8" }, { 0xF3, "\u221E" }, { 0xF4, "\u03A9" }, { 0xF6, "\u03A3" },
	{ 0xF7, "\u03C0" }, { 0xFD, "\u00F7" }, { 0xFF, "\u2588" }, /* all dots lit */
};

/* The firmware's Polish letters (engine/letters.def): a custom glyph
 * drawn as one of them is shown as that letter. */
static const struct {
	const char *utf8;
	uint8_t rows[8];
} letters[] = {
#define LETTER(utf8, plain, ...) { utf8, { __VA_ARGS__ } },
#include "engine/letters.def"
#undef LETTER
};

/* Other custom glyphs by how many of their 40 dots are lit. */
static const char *const shades[] = { " ", "\u2591", "\u2592", "\u2593", "\u2588" };

static const char *cell_utf8(const struct sim *sim, uint8_t code, char ascii[2])
{
	if (code < 16u) {
		uint8_t rows[8];
		sim_lcd_glyph(sim, code, rows);
		for (size_t i = 0; i < sizeof letters / sizeof letters[0]; i++) {
			if (memcmp(rows, letters[i].rows, sizeof rows) == 0) {
				return letters[i].utf8;
			}
		}
		unsigned lit = 0;
		for (int i = 0; i < 8; i++) {
			lit += (unsigned)__builtin_popcount(rows[i]);
		}
		return shades[(lit * 4u + 39u) / 40u];
	}
	for (size_t i = 0; i < sizeof rom_symbols / sizeof rom_symbols[0]; i++) {
		if (rom_symbols[i].code == code) {
			return rom_symbols[i].utf8;
		}
	}
	/* The rest above ASCII is mostly katakana: show that something is there. */
	ascii[0] = (code >= 0x20u && code < 0x7Fu) ? (char)code : '?';
	ascii[1] = '\0';
	return ascii;
}

void lcd_text_line_utf8(const struct sim *sim, const char *line, char out[LCD_TEXT_LINE_SIZE])
{
	size_t used = 0;
	for (int column = 0; column < BOARD_LCD_COLUMNS && line[column]; column++) {
		char ascii[2];
		const char *cell = cell_utf8(sim, (uint8_t)line[column], ascii);
		size_t length = strlen(cell);
		memcpy(out + used, cell, length);
		used += length;
	}
	out[used] = '\0';
}
