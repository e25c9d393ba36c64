/* The exhibit's operator menu; see operator.h. */
#include "firmware/operator.h"

#include <stdbool.h>
#include <stddef.h>

#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/attract.h"
#include "firmware/display.h"
#include "firmware/features.h"
#include "firmware/menu.h"
#include "firmware/screen.h"
#include "firmware/settings.h"
#include "firmware/sound.h"
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
	return FEATURE_OPERATOR && timer_ms() < OPERATOR_GESTURE_MS;
}

#if FEATURE_OPERATOR

/* An operator menu left alone goes back to the visitors', so that an
 * exhibit left in it by mistake is not lost to its visitors for the day. */
#define OPERATOR_IDLE_MS 120000u

/* How an item's byte reads: a choice of two words, or a number and its
 * unit. */
enum item_words { WORDS_NO_YES, WORDS_OFF_ON, WORDS_SECONDS, WORDS_MINUTES, WORDS_GAME };
static const char words[] ENGINE_FLASH = "no\0yes\0on\0off\0s\0m";

/* Each item: its byte of struct exhibit_settings, the byte's range and
 * step, and its words.  A choice (0 or 1) changes with either arrow; a
 * number stops at its ends. */
struct item {
	uint8_t field;
	uint8_t least, most, step;
	uint8_t words; /* enum item_words */
};

#define FIELD(name) offsetof(struct exhibit_settings, name)
static const struct item items[] ENGINE_FLASH = {
	{FIELD(game), 0, GAME_COUNT - 1u, 1, WORDS_GAME},
	{FIELD(lock_game), 0, 1, 1, WORDS_NO_YES},
#if FEATURE_LEVELS
	{FIELD(lock_level), 0, 1, 1, WORDS_NO_YES},
#endif
#if FEATURE_ATTRACT
	{FIELD(menu_idle_s), SETTINGS_MENU_IDLE_STEP_S, SETTINGS_MENU_IDLE_MOST_S, SETTINGS_MENU_IDLE_STEP_S,
	 WORDS_SECONDS},
	{FIELD(game_idle_min), 1, SETTINGS_GAME_IDLE_MOST_MIN, 1, WORDS_MINUTES},
#endif
#if FEATURE_SOUND
	{FIELD(sound_off), 0, 1, 1, WORDS_OFF_ON},
#endif
};
#define ITEMS (sizeof items / sizeof items[0])

/* The labels by the items' fields, in struct exhibit_settings' order; the game
 * has none, its name alone, as in the visitors' menu. */
static const char labels[] ENGINE_FLASH = "Lock game \0Lock level \0\0Idle menu \0Idle game \0Sound ";

static uint8_t item;
static uint32_t last_key_ms;

static uint8_t *field(const struct item *it)
{
	return (uint8_t *)&settings.exhibit + flash_u8(&it->field);
}

bool operator_settings_valid(void)
{
	for (const struct item *it = items; it < items + ITEMS; it++) {
		uint8_t value = *field(it);
		if (value < flash_u8(&it->least) || value > flash_u8(&it->most) ||
		    value % flash_u8(&it->step) != 0) {
			return false;
		}
		if (flash_u8(&it->words) == WORDS_GAME && !engine_game_present(value)) {
			return false; /* saved by an edition that holds it */
		}
	}
	return true;
}

/* Row 0: the item's label and its value in angle brackets; row 1 what
 * leaves the menu. */
static void draw_item(void)
{
	const struct item *it = &items[item];
	uint8_t value = *field(it);
	uint8_t how = flash_u8(&it->words);
	display_begin();
	put_flash(flash_skip(labels, flash_u8(&it->field)));
	put_char('<');
	if (how == WORDS_GAME) {
		menu_print_game_name(value);
	} else if (how >= WORDS_SECONDS) {
		put_u16(value);
		put_flash(flash_skip(words, (uint8_t)(how + 2u)));
	} else {
		put_flash(flash_skip(words, (uint8_t)(2u * how + value)));
	}
	put_char('>');
	display_end(0);
	lcd_write_line_P(1, ENGINE_FLASH_STR("Hold SEL: exit"));
}

static void change(int8_t step)
{
	const struct item *it = &items[item];
	uint8_t *value = field(it);
	uint8_t most = flash_u8(&it->most);
	if (most == 1u) {
		*value ^= 1u;
	} else if (flash_u8(&it->words) == WORDS_GAME) {
		*value = menu_next_game(*value, step);
		engine_start_position(&settings.setup, *value);
	} else {
		uint8_t to = (uint8_t)(*value + step * (int8_t)flash_u8(&it->step));
		if (to >= flash_u8(&it->least) && to <= most) {
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
}

void operator_enter(void)
{
	last_key_ms = timer_ms();
	draw_item();
}

uint8_t operator_key(uint8_t key)
{
	last_key_ms = timer_ms();
	switch (key) {
	case KEY_UP:
	case KEY_DOWN:
		item = view_wrap(item, key == KEY_UP ? -1 : 1, ITEMS);
		break;
	case KEY_LEFT:
	case KEY_RIGHT:
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

uint8_t operator_tick(void)
{
	return timer_ms() - last_key_ms >= OPERATOR_IDLE_MS ? SCREEN_MENU : SCREEN_OPERATOR;
}

#endif
