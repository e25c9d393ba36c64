/* One-line text composition and custom characters for the LCD; see display.h. */
#include "firmware/display.h"

#include "engine/flash.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "firmware/stats.h"
#include "hal/lcd.h"
#include "packed_tables.h"

#define DISPLAY_GLYPHS 8u

/* The Polish letters (engine/letters.def): each one's glyph, and the
 * plain letter shown when no custom character is free. */
static const uint8_t letter_rows[TEXT_LETTERS][LCD_GLYPH_ROWS] ENGINE_FLASH = {
#define LETTER(utf8, plain, ...) { __VA_ARGS__ },
#include "engine/letters.def"
#undef LETTER
};
static const char letter_plain[TEXT_LETTERS] ENGINE_FLASH = {
#define LETTER(utf8, plain, ...) plain,
#include "engine/letters.def"
#undef LETTER
};

static char line[LCD_COLUMNS + 1];
static struct buffer_sink sink;
/* The eight custom characters: what each was last drawn as (a picture's
 * element, a Polish letter's code, or 0 for nothing yet), the rows that
 * show it (bit 0 row 0, bit 1 row 1), and those a picture has asked for
 * in the line being composed.  A character is free when no row shows it
 * and the line has not asked for it. */
static uint8_t glyph_id[DISPLAY_GLYPHS];
static uint8_t glyph_rows[DISPLAY_GLYPHS];
static uint8_t asked; /* by slot */

_Static_assert(TEXT_LETTER_FIRST >= 0x80u, "letters' codes are above every picture's element");

/* What the LCD shows, as a fingerprint of each row's text and each custom
 * character's dots, and how many times one changed (FEATURE_SOUND: a key
 * clicks when it changed the screen, firmware/box.c).  A row written again
 * as it was, or a character drawn again with the same dots, is no change. */
static uint16_t shown_prints[LCD_ROWS + DISPLAY_GLYPHS];
static uint8_t changes;

/* One byte more of a fingerprint: times 31 plus the byte, so that a
 * change of one byte always changes it (31's powers are odd), and of more
 * almost always. */
static uint16_t print_add(uint16_t print, uint8_t byte)
{
	return (uint16_t)(print * 31u + byte);
}

/* `print` is now the fingerprint of row or character `shown` (LCD_ROWS +
 * its slot). */
static void note_shown(uint8_t shown, uint16_t print)
{
	if (FEATURE_SOUND && print != shown_prints[shown]) {
		shown_prints[shown] = print;
		changes++;
	}
}

uint8_t display_changes(void)
{
	return changes;
}

/* Every custom character is drawn through here. */
static void define_char(uint8_t slot, const uint8_t rows[LCD_GLYPH_ROWS])
{
	lcd_define_char(slot, rows);
	uint16_t print = 0;
	for (uint8_t i = 0; i < LCD_GLYPH_ROWS; i++) {
		print = print_add(print, rows[i]);
	}
	note_shown((uint8_t)(LCD_ROWS + slot), print);
}

struct text_sink *display_begin(void)
{
	buffer_sink_init(&sink, line, sizeof line);
	print_to(&sink.sink);
	return &sink.sink;
}

/* A custom character for `id`: the one drawn as it already, else a free
 * one, searched from the end for letters and from the start for pictures,
 * so that each keeps its own as long as it can; DISPLAY_GLYPHS when every
 * one is taken. */
static uint8_t find_slot(uint8_t id, bool letter)
{
	uint8_t free_slot = DISPLAY_GLYPHS;
	for (uint8_t i = 0; i < DISPLAY_GLYPHS; i++) {
		uint8_t slot = letter ? (uint8_t)(DISPLAY_GLYPHS - 1u - i) : i;
		uint8_t mask = (uint8_t)(1u << slot);
		if (glyph_id[slot] == id) {
			return slot;
		}
		if (glyph_rows[slot] == 0 && !(asked & mask) && free_slot == DISPLAY_GLYPHS) {
			free_slot = slot;
		}
	}
	if (free_slot != DISPLAY_GLYPHS) {
		glyph_id[free_slot] = id;
		if (letter) {
			uint8_t rows[LCD_GLYPH_ROWS];
			for (uint8_t r = 0; r < LCD_GLYPH_ROWS; r++) {
				rows[r] = flash_u8(&letter_rows[id - TEXT_LETTER_FIRST][r]);
			}
			define_char(free_slot, rows);
		}
	}
	return free_slot;
}

void display_write(uint8_t row, char *text)
{
	uint8_t bit = (uint8_t)(1u << row);
	for (uint8_t slot = 0; slot < DISPLAY_GLYPHS; slot++) {
		glyph_rows[slot] &= (uint8_t)~bit;
		if (asked & (1u << slot)) {
			glyph_rows[slot] |= bit;
		}
	}
	asked = 0;
	for (char *at = text; *at != '\0'; at++) {
		uint8_t c = (uint8_t)*at;
		if (FEATURE_POLISH && c >= TEXT_LETTER_FIRST && c < TEXT_LETTER_FIRST + TEXT_LETTERS) {
			uint8_t slot = find_slot(c, true);
			if (slot == DISPLAY_GLYPHS) {
				*at = flash_char(&letter_plain[c - TEXT_LETTER_FIRST]);
			} else {
				glyph_rows[slot] |= bit;
				*at = LCD_CUSTOM(slot);
			}
		}
	}
	lcd_write_line(row, text);
	/* The row as it shows it, padded with spaces. */
	uint16_t print = 0;
	for (uint8_t col = 0; col < LCD_COLUMNS; col++) {
		char c = *text;
		if (c != '\0') {
			text++;
		} else {
			c = ' ';
		}
		print = print_add(print, (uint8_t)c);
	}
	note_shown(row, print);
}

void display_end(uint8_t row)
{
	display_write(row, line);
}

void display_text_row(uint8_t row, uint8_t text)
{
	display_begin();
	put_screen_text(text);
	display_end(row);
}

void display_clear_glyphs(void)
{
	for (uint8_t slot = 0; slot < DISPLAY_GLYPHS; slot++) {
		glyph_rows[slot] = 0;
	}
	asked = 0;
}

char display_glyph(uint8_t id)
{
	uint8_t slot = find_slot(id, false);
	if (slot == DISPLAY_GLYPHS) {
		return '?';
	}
	asked |= (uint8_t)(1u << slot);
	return LCD_CUSTOM(slot);
}

void display_show_glyphs(void (*draw)(uint8_t id, uint8_t rows[8]))
{
	for (uint8_t slot = 0; slot < DISPLAY_GLYPHS; slot++) {
		if (glyph_rows[slot] != 0 && glyph_id[slot] < TEXT_LETTER_FIRST) {
			uint8_t rows[LCD_GLYPH_ROWS];
			draw(glyph_id[slot], rows);
			define_char(slot, rows);
		}
	}
}

/* The games `player` (enum player) won. */
static void put_wins(uint8_t player)
{
#if FEATURE_STATS
	put_u32(stats_count(STATS_TOTAL, (uint8_t)(STATS_YOU + player)));
#else
	put_u16(settings.wins[player]);
#endif
}

void display_score(void)
{
	put_screen_text(SCREEN_SCORE_YOU);
	put_wins(PLAYER_PERSON);
	put_screen_text(SCREEN_SCORE_ME);
	put_wins(PLAYER_MACHINE);
}
