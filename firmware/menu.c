/* The menu; see menu.h. */
#include "firmware/menu.h"

#include <avr/pgmspace.h>
#include <stdbool.h>
#include <stddef.h>

#include "engine/text.h"
#include "firmware/display.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "firmware/ui.h"
#include "hal/keys.h"
#include "hal/lcd.h"

/* The items in order; ITEM_HEAP stands for Heap 1, and Heap n follows as
 * ITEM_HEAP + n - 1. */
enum menu_item {
	ITEM_GAME,
	ITEM_RULE,
	ITEM_HEAPS,
	ITEM_HEAP,
	ITEM_FIRST = ITEM_HEAP + ENGINE_MAX_HEAPS,
	ITEM_SCORE,
	ITEM_COUNT
};

static uint8_t item;

static bool item_shown(uint8_t candidate)
{
	if (candidate >= ITEM_RULE && candidate < ITEM_FIRST) {
		return settings.game == GAME_NIM &&
		       (candidate < ITEM_HEAP || candidate - ITEM_HEAP < settings.heaps);
	}
	return true;
}

static void print_value(struct text_sink *line, const char *flash_label, uint8_t number, const char *flash_word)
{
	print_flash(line, flash_label);
	print_flash(line, PSTR(" <"));
	if (flash_word != NULL) {
		print_flash(line, flash_word);
	} else {
		print_u32(line, number);
	}
	print_char(line, '>');
}

static void draw_item(void)
{
	struct text_sink *line = display_begin();
	switch (item) {
	case ITEM_GAME:
		print_value(line, PSTR("Game"), 0,
			    settings.game == GAME_NIM ? PSTR("Nim") : PSTR("Marienbad"));
		break;
	case ITEM_RULE:
		print_value(line, PSTR("Rule"), 0,
			    settings.rule == RULE_MISERE ? PSTR("misere") : PSTR("normal"));
		break;
	case ITEM_HEAPS:
		print_value(line, PSTR("Heaps"), settings.heaps, NULL);
		break;
	case ITEM_FIRST:
		print_value(line, PSTR("First move"), 0,
			    settings.machine_first ? PSTR("me") : PSTR("you"));
		break;
	case ITEM_SCORE:
		game_print_score(line);
		break;
	default: {
		uint8_t heap = (uint8_t)(item - ITEM_HEAP);
		print_flash(line, PSTR("Heap "));
		print_u32(line, heap + 1u);
		print_value(line, PSTR(""), settings.heap[heap], NULL);
		break;
	}
	}
	display_end(0);
}

void menu_enter(void)
{
	if (!item_shown(item)) {
		item = ITEM_GAME;
	}
	draw_item();
	lcd_write_line_P(1, PSTR("U/D:more SEL:go"));
}

/* The next item shown, in direction `step` (+1 or -1), wrapping. */
static void menu_step(int8_t step)
{
	do {
		item = (uint8_t)((item + ITEM_COUNT + step) % ITEM_COUNT);
	} while (!item_shown(item));
}

/* n + step wrapped into first..last. */
static uint8_t wrap(uint8_t n, int8_t step, uint8_t first, uint8_t last)
{
	if (step > 0) {
		return n >= last ? first : (uint8_t)(n + 1u);
	}
	return n <= first ? last : (uint8_t)(n - 1u);
}

static void menu_change(int8_t step)
{
	switch (item) {
	case ITEM_GAME:
		settings.game = settings.game == GAME_NIM ? GAME_MARIENBAD : GAME_NIM;
		break;
	case ITEM_RULE:
		settings.rule = settings.rule == RULE_MISERE ? RULE_NORMAL : RULE_MISERE;
		break;
	case ITEM_HEAPS:
		settings.heaps = wrap(settings.heaps, step, 1, ENGINE_MAX_HEAPS);
		break;
	case ITEM_FIRST:
		settings.machine_first = !settings.machine_first;
		break;
	case ITEM_SCORE:
		break;
	default: {
		uint8_t *size = &settings.heap[item - ITEM_HEAP];
		*size = wrap(*size, step, 0, UINT8_MAX);
		break;
	}
	}
}

static void menu_start_game(void)
{
	settings_save();
	if (game_new()) {
		ui_show(SCREEN_PLAY);
	} else {
		lcd_write_line_P(1, PSTR("All heaps empty!"));
	}
}

void menu_key(uint8_t key)
{
	switch (key) {
	case KEY_UP:
	case KEY_DOWN:
		menu_step(key == KEY_UP ? -1 : 1);
		menu_enter();
		break;
	case KEY_LEFT:
	case KEY_RIGHT:
		menu_change(key == KEY_LEFT ? -1 : 1);
		menu_enter();
		break;
	case KEY_SELECT:
		menu_start_game();
		break;
	default: /* a long press of SELECT means nothing here */
		break;
	}
}
