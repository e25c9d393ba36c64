/* The games as the device shows them, and the menu that sets one up.  See e2e.h. */
#include "tests/e2e/e2e_internal.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/text.h"

/* ---- the games as the device shows them ---- */

/* How the device draws a game, as its description (engine/games.def) says. */
enum kind e2e_kind_of(uint8_t game)
{
	uint8_t picture = engine_game_facts(game).picture;
	if (picture >= ENGINE_PICTURE_CHOMP) {
		return KIND_BOARD;
	}
	return picture == ENGINE_PICTURE_STRIP ? KIND_STRIP : KIND_LINE;
}

/* Chomp, Taktix and Nineteen pick cells; the others say where and how much. */
bool e2e_picks_cells(uint8_t game)
{
	return e2e_kind_of(game) == KIND_BOARD && engine_game_facts(game).picture != ENGINE_PICTURE_KUBO;
}

void e2e_game_title(uint8_t game, char *text, size_t size)
{
	snprintf(text, size, "%s", engine_game_name(game));
	for (char *p = text; *p != '\0'; p++) {
		if (*p == '-') {
			*p = ' ';
		}
	}
	text[0] = (char)(text[0] - 'a' + 'A');
}

/* The word the menu uses for a game's parts. */
static const char *part_word(uint8_t game)
{
	return engine_word(engine_game_facts(game).word);
}

/* The numbers the menu sets: Matrix Nim's cells, a Chomp row's length. */
uint32_t e2e_position_value(const struct position *pos, uint8_t i)
{
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
		return pos->u.number[i];
	case GAME_PRIME_POWER:
		return pos->u.factors.n;
	case GAME_MATRIX_NIM:
		return pos->u.cell[i / pos->cols][i % pos->cols];
	case GAME_CHOMP:
		return pos->u.chomp[i];
	default:
		return pos->u.heap[i];
	}
}

/* How many numbers the menu sets for a position. */
static uint8_t menu_values(const struct position *pos)
{
	struct engine_facts facts = engine_game_facts(pos->game);
	if ((facts.settings & ENGINE_HAS_VALUES) == 0) {
		return 0;
	}
	if ((facts.settings & ENGINE_HAS_COUNT) == 0) {
		return facts.rows;
	}
	return (uint8_t)(pos->count * (facts.settings & ENGINE_HAS_COLS ? pos->cols : 1u));
}

static bool has_count(uint8_t game)
{
	return (engine_game_facts(game).settings & ENGINE_HAS_COUNT) != 0;
}

struct e2e_setup e2e_start(uint8_t game, bool machine_first)
{
	struct e2e_setup setup;
	memset(&setup, 0, sizeof setup);
	setup.game = game;
	setup.rule = E2E_DEFAULT;
	setup.variant = E2E_DEFAULT;
	setup.limit = E2E_DEFAULT;
	setup.set = E2E_DEFAULT;
	setup.machine_first = machine_first;
	return setup;
}

void e2e_setup_position(const struct e2e_setup *setup, struct position *pos)
{
	engine_start_position(pos, setup->game);
	if (setup->rule != E2E_DEFAULT) {
		pos->rule = (uint8_t)setup->rule;
	}
	if (setup->variant != E2E_DEFAULT) {
		pos->variant = (uint8_t)setup->variant;
	}
	if (setup->limit != E2E_DEFAULT) {
		pos->limit = (uint8_t)setup->limit;
		pos->u.poker.adds_left[0] = pos->u.poker.adds_left[1] = pos->limit;
	}
	if (setup->set != E2E_DEFAULT) {
		pos->set = (uint8_t)setup->set;
	}
	if (setup->cols != 0) {
		pos->cols = setup->cols;
	}
	if (setup->count != 0) {
		pos->count = setup->count;
		if (pos->game == GAME_CHOMP) {
			for (uint8_t row = 0; row < ENGINE_CHOMP_MAX; row++) {
				pos->u.chomp[row] =
					row < setup->count ? (setup->cols != 0 ? setup->cols : pos->u.chomp[0]) : 0u;
			}
		}
		for (uint8_t i = 0; i < menu_values(pos); i++) {
			uint32_t v = setup->value[i];
			switch (pos->game) {
			case GAME_SUBTRACT_DIGIT:
			case GAME_DIVIDE:
			case GAME_PRIME_POWER:
				pos->u.number[i] = v;
				break;
			case GAME_MATRIX_NIM:
				pos->u.cell[i / pos->cols][i % pos->cols] = (uint8_t)v;
				break;
			default:
				pos->u.heap[i] = (uint16_t)v;
				pos->u.poker.start[i] = (uint16_t)v;
				break;
			}
		}
	} else if (setup->cols != 0 && pos->game == GAME_CHOMP) {
		for (uint8_t row = 0; row < pos->count; row++) {
			pos->u.chomp[row] = setup->cols;
		}
	}
	/* As the device does: printed and read back. */
	char text[512];
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, sizeof text);
	engine_print_position(pos, &sink.sink);
	uint8_t game = pos->game;
	assert_int_equal(engine_parse_position(pos, game, text), ENGINE_OK);
}

/* ---- the menu ---- */

/* Presses DOWN until row 0 starts with `label`. */
void e2e_menu_find(struct sim *sim, const char *label)
{
	for (int presses = 0; presses < 60; presses++) {
		char text[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, text);
		if (strncmp(text, label, strlen(label)) == 0) {
			return;
		}
		e2e_press(sim, BUTTON_DOWN);
	}
	char what[96];
	snprintf(what, sizeof what, "the menu has no item \"%s\"", label);
	e2e_fail_with_screen(sim, what);
}

/* The value between '<' and '>' on row 0. */
static void menu_value(struct sim *sim, char value[BOARD_LCD_COLUMNS + 1])
{
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, text);
	const char *open = strchr(text, '<');
	const char *close = open != NULL ? strchr(open, '>') : NULL;
	if (close == NULL) {
		e2e_fail_with_screen(sim, "no <value> on row 0");
	}
	snprintf(value, BOARD_LCD_COLUMNS + 1, "%.*s", (int)(close - open - 1), open + 1);
}

/* Presses RIGHT until the item at `label` shows `wanted`. */
static void menu_choose(struct sim *sim, const char *label, const char *wanted, int most)
{
	e2e_menu_find(sim, label);
	for (int presses = 0; presses <= most; presses++) {
		char value[BOARD_LCD_COLUMNS + 1];
		menu_value(sim, value);
		if (strcmp(value, wanted) == 0) {
			return;
		}
		e2e_press(sim, BUTTON_RIGHT);
	}
	char what[96];
	snprintf(what, sizeof what, "the item \"%s\" never showed \"%s\"", label, wanted);
	e2e_fail_with_screen(sim, what);
}

/* A set shown as "1,3,4", as a mask. */
static unsigned set_mask(const char *text)
{
	unsigned mask = 0;
	for (; *text != '\0'; text++) {
		if (*text >= '1' && *text <= '8') {
			mask |= 1u << (*text - '1');
		}
	}
	return mask;
}

/* Sets a number item with single presses (no key held, so no speeding up). */
static void menu_number(struct sim *sim, const char *label, uint32_t wanted, bool is_set)
{
	e2e_menu_find(sim, label);
	for (int presses = 0; presses < 600; presses++) {
		char value[BOARD_LCD_COLUMNS + 1];
		menu_value(sim, value);
		uint32_t now = is_set ? set_mask(value) : (uint32_t)strtoul(value, NULL, 10);
		if (now == wanted) {
			return;
		}
		e2e_press(sim, now < wanted ? BUTTON_RIGHT : BUTTON_LEFT);
		char after[BOARD_LCD_COLUMNS + 1];
		menu_value(sim, after);
		if (strcmp(after, value) == 0) {
			break; /* at a limit */
		}
	}
	char what[96];
	snprintf(what, sizeof what, "the item \"%s\" never showed %u", label, (unsigned)wanted);
	e2e_fail_with_screen(sim, what);
}

/* Presses DOWN until row 0 shows the game item. */
static void menu_find_game(struct sim *sim)
{
	e2e_menu_find(sim, "<");
}

bool e2e_menu_showing(struct sim *sim, void *ctx)
{
	(void)ctx;
	char top[BOARD_LCD_COLUMNS + 1], bottom[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	e2e_line(sim, 1, bottom);
	return top[0] == '<' || strcmp(bottom, "U/D:more SEL:go") == 0;
}

void e2e_expect_menu(struct sim *sim, uint32_t timeout_ms)
{
	if (!sim_run_until(sim, e2e_menu_showing, NULL, timeout_ms)) {
		e2e_fail_with_screen(sim, "the menu never showed");
	}
	e2e_settle(sim, E2E_QUIET_MS);
}

void e2e_leave_game_over(struct sim *sim)
{
	if (e2e_screen_of(sim, GAME_NIM) == E2E_OVER) {
		e2e_press(sim, BUTTON_LEFT);
		e2e_expect_menu(sim, 100); /* at the item it showed last */
		assert_false(sim_led_win(sim));
	}
}

/* Label of number i of the menu, as row 0 starts. */
static void value_label(const struct position *pos, uint8_t i, char *label, size_t size)
{
	if (pos->game == GAME_SUBTRACT_DIGIT || pos->game == GAME_PRIME_POWER) {
		snprintf(label, size, "n <");
	} else if (pos->game == GAME_MATRIX_NIM) {
		snprintf(label, size, "Row %u,%u <", i / pos->cols + 1u, i % pos->cols + 1u);
	} else {
		snprintf(label, size, "%s %u <", part_word(pos->game), i + 1u);
	}
}

void e2e_menu_set(struct sim *sim, const struct e2e_setup *setup)
{
	if (!e2e_game_in_firmware(setup->game)) {
		fail_msg("a test sets up %s, which this edition leaves out", engine_game_name(setup->game));
	}
	e2e_leave_game_over(sim);
	struct position pos;
	e2e_setup_position(setup, &pos);
	char title[32], wanted[40];
	e2e_game_title(setup->game, title, sizeof title);
	menu_find_game(sim);
	menu_choose(sim, "<", title, GAME_COUNT);
	/* Every item the game has (the menu may show an older set-up of it). */
	if (pos.game <= GAME_MARIENBAD || pos.game == GAME_TAKTIX) {
		menu_choose(sim, "Rule <", pos.rule == RULE_MISERE ? "misere" : "normal", 2);
	}
	if (pos.game == GAME_TAKTIX) {
		menu_choose(sim, "Take <", pos.variant == TAKTIX_ADJACENT ? "adjacent" : "any", 2);
	}
	if (pos.game == GAME_LIMIT_NIM || pos.game == GAME_POKER_NIM) {
		menu_number(sim, "k <", pos.limit, false);
	}
	if (pos.game == GAME_SUBTRACTION) {
		menu_number(sim, "S <", pos.set, true);
	}
	if (has_count(pos.game)) {
		snprintf(wanted, sizeof wanted, "%ss <", part_word(pos.game));
		menu_number(sim, wanted, pos.count, false);
	}
	if (pos.game == GAME_MATRIX_NIM) {
		menu_number(sim, "Columns <", pos.cols, false);
	}
	if (pos.game == GAME_CHOMP) {
		menu_number(sim, "Columns <", pos.u.chomp[0], false);
	}
	for (uint8_t i = 0; i < menu_values(&pos); i++) {
		char label[32];
		value_label(&pos, i, label, sizeof label);
		menu_number(sim, label, e2e_position_value(&pos, i), false);
	}
	menu_choose(sim, "First move <", setup->machine_first ? "me" : "you", 2);
	if (!e2e_menu_shows(sim, setup)) {
		e2e_fail_with_screen(sim, "the menu does not show the set-up just made");
	}
}

/* Whether the item at `label` shows `wanted`, going through the menu. */
static bool menu_item_is(struct sim *sim, const char *label, const char *wanted)
{
	e2e_menu_find(sim, label);
	char value[BOARD_LCD_COLUMNS + 1];
	menu_value(sim, value);
	return strcmp(value, wanted) == 0;
}

bool e2e_menu_shows(struct sim *sim, const struct e2e_setup *setup)
{
	struct position pos;
	e2e_setup_position(setup, &pos);
	char title[32], text[40], label[32];
	e2e_game_title(setup->game, title, sizeof title);
	menu_find_game(sim);
	if (!menu_item_is(sim, "<", title)) {
		return false;
	}
	if (pos.game <= GAME_MARIENBAD || pos.game == GAME_TAKTIX) {
		if (!menu_item_is(sim, "Rule <", pos.rule == RULE_MISERE ? "misere" : "normal")) {
			return false;
		}
	}
	if (pos.game == GAME_LIMIT_NIM || pos.game == GAME_POKER_NIM) {
		snprintf(text, sizeof text, "%u", pos.limit);
		if (!menu_item_is(sim, "k <", text)) {
			return false;
		}
	}
	if (has_count(pos.game)) {
		snprintf(label, sizeof label, "%ss <", part_word(pos.game));
		snprintf(text, sizeof text, "%u", pos.count);
		if (!menu_item_is(sim, label, text)) {
			return false;
		}
	}
	for (uint8_t i = 0; i < menu_values(&pos); i++) {
		value_label(&pos, i, label, sizeof label);
		snprintf(text, sizeof text, "%u", (unsigned)e2e_position_value(&pos, i));
		if (!menu_item_is(sim, label, text)) {
			return false;
		}
	}
	return menu_item_is(sim, "First move <", setup->machine_first ? "me" : "you");
}
