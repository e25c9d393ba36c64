/* One-line text composition and custom characters for the LCD; see display.h. */
#include "firmware/display.h"

#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "firmware/stats.h"
#include "hal/lcd.h"

#define DISPLAY_GLYPHS 8u

static char line[LCD_COLUMNS + 1];
static struct buffer_sink sink;
static uint8_t glyph_id[DISPLAY_GLYPHS];
static uint8_t glyphs;

struct text_sink *display_begin(void)
{
	buffer_sink_init(&sink, line, sizeof line);
	print_to(&sink.sink);
	return &sink.sink;
}

void display_end(uint8_t row)
{
	lcd_write_line(row, line);
}

void display_clear_glyphs(void)
{
	glyphs = 0;
}

char display_glyph(uint8_t id)
{
	uint8_t slot = 0;
	while (slot < glyphs && glyph_id[slot] != id) {
		slot++;
	}
	if (slot == DISPLAY_GLYPHS) {
		return '?';
	}
	if (slot == glyphs) {
		glyph_id[glyphs++] = id;
	}
	return LCD_CUSTOM(slot);
}

void display_show_glyphs(void (*draw)(uint8_t id, uint8_t rows[8]))
{
	for (uint8_t slot = 0; slot < glyphs; slot++) {
		uint8_t rows[LCD_GLYPH_ROWS];
		draw(glyph_id[slot], rows);
		lcd_define_char(slot, rows);
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
	put_flash(ENGINE_FLASH_STR("You "));
	put_wins(PLAYER_PERSON);
	put_flash(ENGINE_FLASH_STR(" - me "));
	put_wins(PLAYER_MACHINE);
}
