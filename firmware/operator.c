/* The exhibit's operator menu; see operator.h. */
#include "firmware/operator.h"

#include <stdbool.h>
#include <stddef.h>

#include "engine/flash.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "firmware/attract.h"
#include "firmware/display.h"
#include "firmware/features.h"
#include "firmware/menu.h"
#include "firmware/screen.h"
#include "firmware/settings.h"
#include "firmware/sound.h"
#include "firmware/stats.h"
#include "firmware/store.h"
#include "firmware/view.h"
#include "hal/keys.h"
#include "hal/lcd.h"
#include "hal/timer.h"

/* The gesture's long press comes KEYS_LONG_MS after the keys' first
 * samples; start-up (the LCD's power-on waits, the settings' load) comes
 * before them, and this leaves it half a second more. */
#define OPERATOR_GESTURE_MS (KEYS_LONG_MS + 500u)

bool operator_gesture(void)
{
	return timer_ms() < OPERATOR_GESTURE_MS;
}

#if FEATURE_OPERATOR

/* An operator menu left alone goes back to the visitors', so that an
 * exhibit left in it by mistake is not lost to its visitors for the day. */
#define OPERATOR_IDLE_MS 120000u

/* How an item's byte reads: a choice of two words, or a number and its
 * unit. */
enum item_words { WORDS_NO_YES, WORDS_OFF_ON, WORDS_SECONDS, WORDS_MINUTES, WORDS_GAME, WORDS_LANGUAGE };
_Static_assert(SCREEN_OP_OFF == SCREEN_OP_NO + 2 * WORDS_OFF_ON + 1 &&
		       SCREEN_OP_MINUTES == SCREEN_OP_NO + WORDS_MINUTES + 2 &&
		       SCREEN_LANGUAGE_POLISH == SCREEN_LANGUAGE_ENGLISH + LANGUAGE_POLISH &&
		       SCREEN_OP_LANGUAGE == SCREEN_OP_LOCK_GAME + offsetof(struct exhibit_settings, language),
	       "the operator menu's words in the order of its items' values and fields");

/* Each item: its byte of struct exhibit_settings (whose range and step
 * settings_exhibit_ranges[] gives) and its words.  A choice (0 or 1)
 * changes with either arrow; a number stops at its ends; the game goes
 * round. */
struct item {
	uint8_t field;
	uint8_t words; /* enum item_words */
};

#define FIELD(name) offsetof(struct exhibit_settings, name)
static const struct item items[] ENGINE_FLASH = {
	{ FIELD(game), WORDS_GAME },           { FIELD(lock_game), WORDS_NO_YES },
#if FEATURE_LEVELS
	{ FIELD(lock_level), WORDS_NO_YES },
#endif
#if FEATURE_ATTRACT
	{ FIELD(menu_idle_s), WORDS_SECONDS }, { FIELD(game_idle_min), WORDS_MINUTES },
#endif
#if FEATURE_SOUND
	{ FIELD(sound_off), WORDS_OFF_ON },
#endif
#if FEATURE_POLISH
	{ FIELD(language), WORDS_LANGUAGE },
#endif
};
#define ITEMS (sizeof items / sizeof items[0])

/* After the settings' items, with FEATURE_STATS, the statistics (a game's
 * or the totals, along row 1) and their reset. */
enum { OP_STATS = ITEMS, OP_RESET, OP_ALL = FEATURE_STATS ? OP_RESET + 1 : ITEMS };

/* The labels are the screen texts from SCREEN_OP_LOCK_GAME, by the
 * items' fields, in struct exhibit_settings' order; the game has none, its
 * name alone, as in the visitors' menu. */

static uint8_t item;
static uint32_t last_key_ms;
#if FEATURE_STATS
static uint8_t stats_game = STATS_TOTAL; /* whose statistics show */
static bool reset_asked;                 /* SELECT once at "Reset stats" */
static uint8_t marquee_step;
static uint16_t marquee_since; /* the low 16 bits of timer_ms() */

/* Row 1's text at "Stats": "played 12, you 3, me 9, slips 4, hints 2". */
static void print_counts(struct text_sink *out)
{
	print_to(out);
	stats_print_counts(stats_game);
}

/* The statistics' items: row 0 the game (or the totals) or the reset, row
 * 1 the counts or what SELECT does. */
static void draw_stats_item(void)
{
	display_begin();
	if (item == OP_STATS) {
		put_char('<');
		if (stats_game == STATS_TOTAL) {
			put_screen_text(SCREEN_OP_TOTAL);
		} else {
			engine_put_game_title(stats_game);
		}
		put_char('>');
		display_end(0);
		marquee_since = (uint16_t)timer_ms();
		marquee_step = view_draw_marquee(print_counts, 0);
		return;
	}
	put_screen_text(SCREEN_OP_RESET_ROW);
	display_end(0);
	display_text_row(1, reset_asked ? SCREEN_OP_RESET_SURE_ROW : SCREEN_OP_RESET_ASK_ROW);
}

/* SELECT at "Reset stats": the first asks, the second resets. */
static void reset_select(void)
{
	if (!reset_asked) {
		reset_asked = true;
		draw_stats_item();
		return;
	}
	reset_asked = false;
	stats_reset();
	display_text_row(1, SCREEN_OP_RESET_DONE_ROW);
}

/* The totals, then each game this build holds, in direction `step`. */
static void next_stats_game(int8_t step)
{
	do {
		stats_game = view_wrap(stats_game, step, STATS_TOTAL + 1u);
	} while (stats_game != STATS_TOTAL && !engine_game_present(stats_game));
}
#endif

static uint8_t *field(const struct item *it)
{
	return (uint8_t *)&settings.exhibit + flash_u8(&it->field);
}

/* Row 0: the item's label and its value in angle brackets; row 1 what
 * leaves the menu. */
static void draw_item(void)
{
#if FEATURE_STATS
	if (item >= ITEMS) {
		draw_stats_item();
		return;
	}
#endif
	const struct item *it = &items[item];
	uint8_t value = *field(it);
	uint8_t how = flash_u8(&it->words);
	display_begin();
	put_screen_text((uint8_t)(SCREEN_OP_LOCK_GAME + flash_u8(&it->field)));
	put_char('<');
	if (how == WORDS_GAME) {
		engine_put_game_title(value);
	} else if (how == WORDS_LANGUAGE) {
		put_screen_text((uint8_t)(SCREEN_LANGUAGE_ENGLISH + value));
	} else if (how >= WORDS_SECONDS) {
		put_u16(value);
		put_screen_text((uint8_t)(SCREEN_OP_NO + how + 2u));
	} else {
		put_screen_text((uint8_t)(SCREEN_OP_NO + 2u * how + value));
	}
	put_char('>');
	display_end(0);
	display_text_row(1, SCREEN_OP_EXIT_ROW);
}

static void change(int8_t step)
{
	const struct item *it = &items[item];
	uint8_t *value = field(it);
	const struct settings_range *range = &settings_exhibit_ranges[flash_u8(&it->field)];
	uint8_t most = flash_u8(&range->most);
	if (most == 1u) {
		*value ^= 1u;
	} else if (flash_u8(&it->words) == WORDS_GAME) {
		*value = menu_next_game(*value, step);
		engine_start_position(&settings.setup, *value);
	} else {
		uint8_t to = (uint8_t)(*value + step * (int8_t)flash_u8(&range->step));
		if (to >= flash_u8(&range->least) && to <= most) {
			*value = to;
		}
	}
	operator_apply();
	if (FEATURE_SAVE) {
		store_settings_changed();
	}
}

void operator_apply(void)
{
	const struct exhibit_settings *exhibit = &settings.exhibit;
	if (FEATURE_SOUND) {
		sound_enable(exhibit->sound_off == 0);
	}
#if FEATURE_ATTRACT
	attract_idle_s[ATTRACT_IDLE_MENU] = exhibit->menu_idle_s;
	attract_idle_s[ATTRACT_IDLE_GAME] = exhibit->game_idle_min * 60u;
#endif
	text_language = exhibit->language;
}

void operator_enter(void)
{
	last_key_ms = timer_ms();
	draw_item();
}

uint8_t operator_key(uint8_t key)
{
	last_key_ms = timer_ms();
#if FEATURE_STATS
	if (item == OP_RESET && key == KEY_SELECT) {
		reset_select();
		return SCREEN_OPERATOR;
	}
	reset_asked = false; /* any other key: no reset */
#endif
	switch (key) {
	case KEY_UP:
	case KEY_DOWN:
		item = view_wrap(item, key == KEY_UP ? -1 : 1, OP_ALL);
		break;
	case KEY_LEFT:
	case KEY_RIGHT:
#if FEATURE_STATS
		if (item >= ITEMS) {
			if (item == OP_STATS) {
				next_stats_game(key == KEY_LEFT ? -1 : 1);
			}
			break;
		}
#endif
		change(key == KEY_LEFT ? -1 : 1);
		break;
	case KEY_SELECT_LONG:
		return SCREEN_MENU;
	default:
		break;
	}
	draw_item();
	return SCREEN_OPERATOR;
}

uint8_t operator_tick(uint16_t now_ms)
{
#if FEATURE_STATS
	if (item == OP_STATS && (uint16_t)(now_ms - marquee_since) >= VIEW_MARQUEE_MS) {
		marquee_since = now_ms;
		marquee_step = view_draw_marquee(print_counts, marquee_step);
	}
#else
	(void)now_ms;
#endif
	return timer_ms() - last_key_ms >= OPERATOR_IDLE_MS ? SCREEN_MENU : SCREEN_OPERATOR;
}

#endif
