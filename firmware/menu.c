/* The menu; see menu.h. */
#include "firmware/menu.h"

#include <stdbool.h>
#include <stddef.h>

#include "common/attributes.h"
#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/display.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "firmware/screen.h"
#include "firmware/settings.h"
#include "firmware/store.h"
#include "firmware/view.h"
#include "hal/keys.h"
#include "hal/lcd.h"
#include "hal/timer.h"

/* The items in order; ITEM_VALUE stands for the first number, and number
 * n follows as ITEM_VALUE + n. */
enum menu_item {
	ITEM_GAME,
	ITEM_RULE,
	ITEM_VARIANT,
	ITEM_LIMIT,
	ITEM_SET,
	ITEM_COUNT,
	ITEM_COLS,
	ITEM_VALUE,
	ITEM_FIRST = ITEM_VALUE + 4 * ENGINE_MATRIX_MAX, /* Matrix Nim: 4 rows of 8 */
	ITEM_LEVEL,
#if FEATURE_STANDBY
	ITEM_LIGHT_IDLE, /* the idle times, in minutes: items after the level */
	ITEM_STANDBY_IDLE,
#endif
	ITEM_SCORE,
	ITEMS
};

#define MENU_REPEATS_PER_TENFOLD 16u
#define MENU_TENFOLDS_MOST 8u

static uint8_t item;
static uint8_t marquee_step;
static uint16_t marquee_since; /* the low 16 bits of timer_ms(), as the ticks give them */

static struct position *setup(void)
{
	return &settings.setup;
}

/* The facts of the game's description (engine/games.def): one function,
 * so that each question to them is a call without its game's load. */
OUT_OF_LINE static struct engine_facts facts(void)
{
	return engine_game_facts(setup()->game);
}

/* What its position says besides its parts: ENGINE_HAS_*. */
static uint8_t settings_of(void)
{
	return facts().settings;
}

/* How many numbers the menu sets: the parts (Matrix Nim's cells), or as
 * many as a game without a count always has. */
static uint8_t values(void)
{
	struct engine_facts described = facts();
	if ((described.settings & ENGINE_HAS_VALUES) == 0) {
		return 0;
	}
	if (described.settings & ENGINE_HAS_COUNT) {
		return view_line_parts(setup());
	}
	return described.rows;
}

/* Whether the exhibit's operator has locked `lock`: SETTINGS_LOCK_GAME or
 * SETTINGS_LOCK_LEVEL, its byte in struct exhibit_settings. */
static bool locked(uint8_t lock)
{
#if FEATURE_OPERATOR
	return ((const uint8_t *)&settings.exhibit)[lock] != 0;
#else
	(void)lock;
	return false;
#endif
}

/* The numbers are shown as many as the game has, items ITEM_RULE to
 * ITEM_COLS where the game has ENGINE_HAS_RULE to ENGINE_HAS_COLS (bit
 * item - ITEM_RULE), the others always. */
static bool item_shown(uint8_t candidate)
{
	/* The set-up, all but who moves first, when the operator has locked
	 * the game (FEATURE_OPERATOR). */
	if (locked(SETTINGS_LOCK_GAME) && candidate > ITEM_GAME && candidate < ITEM_FIRST) {
		return false;
	}
	if (locked(SETTINGS_LOCK_LEVEL) && candidate == ITEM_LEVEL) {
		return false;
	}
	uint8_t value = (uint8_t)(candidate - ITEM_VALUE);
	if (value < ITEM_FIRST - ITEM_VALUE) {
		return value < values();
	}
	if (!FEATURE_LEVELS && candidate == ITEM_LEVEL) {
		return false;
	}
	uint8_t bit = (uint8_t)(candidate - ITEM_RULE);
	return bit >= ITEM_VALUE - ITEM_RULE || (settings_of() >> bit & 1u) != 0;
}

uint8_t menu_next_game(uint8_t game_id, int8_t step)
{
	do {
		game_id = view_wrap(game_id, step, GAME_COUNT);
	} while (!engine_game_present(game_id));
	return game_id;
}

/* The rules, which run along row 1 under the game's name (a test runs
 * every game's to its end, so none is cut unseen); the words of who wins
 * end in the gap before they come round again. */
static void print_rules(struct text_sink *out)
{
	engine_print_game_text(setup()->game, ENGINE_TEXT_SUMMARY, out);
	put_screen_text(SCREEN_LAST_MOVE);
	put_screen_text((uint8_t)(SCREEN_WINS + setup()->rule));
}

/* The byte of `settings` that items ITEM_RULE to ITEM_COUNT change, by
 * their order (ITEM_COLS's the engine says). */
static const uint8_t item_offsets[ITEM_COLS - ITEM_RULE] ENGINE_FLASH = {
	offsetof(struct settings, setup.rule),  offsetof(struct settings, setup.variant),
	offsetof(struct settings, setup.limit), offsetof(struct settings, setup.set),
	offsetof(struct settings, setup.count),
};

_Static_assert(offsetof(struct settings, level) == offsetof(struct settings, machine_first) + ITEM_LEVEL - ITEM_FIRST,
	       "who moves first and the level: bytes in the items' order");
#if FEATURE_STANDBY
_Static_assert(offsetof(struct settings, light_idle_min) ==
			       offsetof(struct settings, machine_first) + ITEM_LIGHT_IDLE - ITEM_FIRST &&
		       offsetof(struct settings, standby_idle_min) ==
			       offsetof(struct settings, machine_first) + ITEM_STANDBY_IDLE - ITEM_FIRST,
	       "the idle times: bytes in the items' order, after the level");
_Static_assert(SCREEN_LABEL_STANDBY_IDLE == SCREEN_LABEL_FIRST + ITEM_STANDBY_IDLE - ITEM_FIRST,
	       "the idle times' labels after the level's");
#endif

/* The byte the item showing changes, or NULL for the game, its numbers
 * and the score. */
static uint8_t *item_field(void)
{
	if (item >= ITEM_FIRST && item < ITEM_SCORE) {
		return (uint8_t *)&settings + offsetof(struct settings, machine_first) + (item - ITEM_FIRST);
	}
	if (item == ITEM_COLS) {
		return engine_setup_cols(setup());
	}
	if (item < ITEM_RULE || item >= ITEM_VALUE) {
		return NULL;
	}
	return (uint8_t *)&settings + flash_u8(&item_offsets[item - ITEM_RULE]);
}

/* The number the item showing sets: its byte's, else the position's. */
static uint32_t item_number(const uint8_t *byte)
{
	return byte != NULL ? *byte : engine_part_value(setup(), (uint8_t)(item - ITEM_VALUE));
}

/* The items that are one of two words: the rule, Taktix's variant and who
 * moves first.  ITEM_GAME, which comes before them, every caller takes
 * first. */
static bool item_is_choice(void)
{
	return item <= ITEM_VARIANT || item == ITEM_FIRST;
}

/* The items' labels by enum menu_item up to ITEM_VALUE, and the words of
 * the items that are one of two, by their bytes' values: the screen texts
 * in the same order. */
_Static_assert(SCREEN_LABEL_COLS - SCREEN_LABEL_GAME == ITEM_COLS - ITEM_GAME && ITEM_GAME == 0 &&
		       SCREEN_LOSES == SCREEN_WINS + RULE_MISERE && RULE_NORMAL == 0 &&
		       SCREEN_VARIANT_ANY == SCREEN_RULE_NORMAL + 2 * (ITEM_VARIANT - ITEM_RULE) + TAKTIX_ANY &&
		       SCREEN_VARIANT_ADJACENT ==
			       SCREEN_RULE_NORMAL + 2 * (ITEM_VARIANT - ITEM_RULE) + TAKTIX_ADJACENT &&
		       SCREEN_LABEL_LEVEL == SCREEN_LABEL_FIRST + ITEM_LEVEL - ITEM_FIRST &&
		       SCREEN_FIRST_ME == SCREEN_FIRST_YOU + 1,
	       "the menu's words in the order of its items and values");

/* Row 0: the item's label and its value in angle brackets. */
static void draw_item(void)
{
	display_begin();
	struct position *pos = setup();
	uint8_t *byte = item_field();
	if (item == ITEM_SCORE) {
		display_score();
	} else {
		uint8_t i = (uint8_t)(item - ITEM_VALUE);
		if (item == ITEM_COUNT) {
			engine_put_word(facts().word, ENGINE_FORM_MANY);
			put_char(' ');
		} else if (item >= ITEM_FIRST) {
			put_screen_text((uint8_t)(SCREEN_LABEL_FIRST + (item - ITEM_FIRST)));
		} else if (item < ITEM_VALUE) {
			put_screen_text((uint8_t)(SCREEN_LABEL_GAME + item));
		} else if (facts().rows > 1) {
			engine_put_word(facts().word, ENGINE_FORM_ONE);
			put_char(' ');
			if (settings_of() & ENGINE_HAS_COLS) {
				put_pair(i / pos->cols + 1u, ',', i % pos->cols + 1u);
			} else {
				put_u16(i + 1u);
			}
			put_char(' ');
		} else {
			put_screen_text(SCREEN_LABEL_NUMBER);
		}
		put_char('<');
		if (item == ITEM_GAME) {
			engine_put_game_title(pos->game);
		} else if (item == ITEM_FIRST) {
			put_screen_text((uint8_t)(SCREEN_FIRST_YOU + *byte));
		} else if (item_is_choice()) {
			put_screen_text((uint8_t)(SCREEN_RULE_NORMAL + (item - ITEM_RULE) * 2u + *byte));
		} else if (item == ITEM_SET) {
			put_amounts(setup()->set);
		} else {
			put_u32(item_number(byte));
			if (FEATURE_STANDBY && item > ITEM_LEVEL) {
				put_char('m'); /* the idle times' minutes */
			}
		}
		put_char('>');
	}
	display_end(0);
}

void menu_enter(void)
{
	if (!item_shown(item)) {
		item = ITEM_GAME;
	}
	draw_item();
	if (item == ITEM_GAME) {
		marquee_since = (uint16_t)timer_ms();
		marquee_step = view_draw_marquee(print_rules, 0);
	} else {
		display_text_row(1, SCREEN_MENU_HINT_ROW);
	}
}

void menu_tick(uint16_t now_ms)
{
	if (item != ITEM_GAME || (uint16_t)(now_ms - marquee_since) < VIEW_MARQUEE_MS) {
		return;
	}
	marquee_since = now_ms;
	marquee_step = view_draw_marquee(print_rules, marquee_step);
}

/* The next item shown, in direction `step` (+1 or -1), wrapping. */
static void menu_step(int8_t step)
{
	do {
		item = view_wrap(item, step, ITEMS);
	} while (!item_shown(item));
}

static void menu_change(int8_t step)
{
	struct position *pos = setup();
	uint8_t *byte = item_field();
	if (item == ITEM_GAME) {
		if (!locked(SETTINGS_LOCK_GAME)) {
			engine_start_position(pos, menu_next_game(pos->game, step));
		}
		return;
	}
	if (item == ITEM_SCORE) {
		return;
	}
	if (item_is_choice()) {
		*byte ^= 1u;
		return;
	}

	/* A held arrow: ten times the step every MENU_REPEATS_PER_TENFOLD
	 * repeats, up to 10^MENU_TENFOLDS_MOST. */
	uint8_t tenfolds = keys_repeats() / MENU_REPEATS_PER_TENFOLD;
	if (tenfolds > MENU_TENFOLDS_MOST) {
		tenfolds = MENU_TENFOLDS_MOST;
	}
	uint32_t size = 1;
	for (; tenfolds > 0; tenfolds--) {
		size *= 10u;
	}

	uint8_t i = (uint8_t)(item - ITEM_VALUE);
	uint32_t n = item_number(byte);
	if (step > 0) {
		n += size;
		if (n < size) {
			n = UINT32_MAX; /* it wrapped round */
		}
	} else {
		uint32_t less = n - size;
		n = less > n ? 0u : less; /* below 0, it wrapped round */
	}
	if (byte == NULL) {
		engine_set_part_value(pos, i, n); /* cut to what its field holds */
		return;
	}
	/* The ranges the game's description gives: k from its least, S a
	 * non-empty set, the parts and columns up to its rows and cols; the
	 * level up to perfect play. */
	struct engine_facts described = facts();
	uint8_t first = item == ITEM_LIMIT ? described.limit_least : 1u;
	uint8_t last = item <= ITEM_SET || (FEATURE_STANDBY && item > ITEM_LEVEL) ? UINT8_MAX
		       : item == ITEM_COUNT                                       ? described.rows
		       : item == ITEM_LEVEL                                       ? SETTINGS_LEVEL_PERFECT
										  : described.cols;
	uint8_t cut = n > last ? last : (uint8_t)n;
	*byte = cut < first ? first : cut;
	engine_setup_settle(pos);
	/* A game's beginning saves its set-up; an idle time, which no game
	 * needs, is saved at once. */
	if (FEATURE_STANDBY && FEATURE_SAVE && item > ITEM_LEVEL) {
		store_settings_changed();
	}
}

/* SELECT: the game the menu sets up, or on row 1 why there is none. */
static uint8_t menu_start_game(void)
{
	enum engine_error err = game_new();
	if (err == ENGINE_OK) {
		return SCREEN_PLAY;
	}
	engine_print_error(err, display_begin());
	display_end(1);
	return SCREEN_MENU;
}

uint8_t menu_key(uint8_t key)
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
		if (FEATURE_ATTRACT && FEATURE_SAVE && (item == ITEM_FIRST || item == ITEM_LEVEL)) {
			/* Kept as it is made, not when the next game begins:
			 * attract mode may come first, whose games save
			 * nothing (firmware/store.h). */
			store_settings_changed();
		}
		menu_enter();
		break;
	case KEY_SELECT:
		return menu_start_game();
	default: /* a long press of SELECT means nothing here (ui.c: the
	          * operator's gesture) */
		break;
	}
	return SCREEN_MENU;
}
