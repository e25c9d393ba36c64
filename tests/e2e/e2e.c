/* End-to-end test helpers; see e2e.h. */
#include "tests/e2e/e2e.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/text.h"

#define E2E_PRESS_MS 40u
#define E2E_RELEASE_MS 40u
#define E2E_SCREEN_TIMEOUT_MS 5000u
#define E2E_QUIET_MS 12u  /* the display has finished a screen */
#define E2E_BLINK_MS 400u /* a board's cursor: shown, then hidden */
#define E2E_PAUSE_MS 600u /* the deliberate pause before the machine moves */
#define CYCLES_PER_MS (BOARD_F_CPU / 1000u)

static char elf_path[4096];
static char tool_path[4096];
static uint32_t games_left_out; /* bit `game` set for each game left out */

/* $GRUNDY_BOX_GAMES_LEFT_OUT into games_left_out; a name that is no game's
 * id ends the program, which tests/run-all counts as a failure. */
static void read_games_left_out(void)
{
	static const char *const ids[GAME_COUNT] = {
#define GAME(ID, ...) #ID,
#include "engine/games.def"
	};
	const char *list = getenv("GRUNDY_BOX_GAMES_LEFT_OUT");
	games_left_out = 0;
	for (; list != NULL && *list != '\0'; list += strspn(list, ", ")) {
		size_t length = strcspn(list, ", ");
		uint8_t game = 0;
		while (game < GAME_COUNT && !(strlen(ids[game]) == length && strncmp(ids[game], list, length) == 0)) {
			game++;
		}
		if (game == GAME_COUNT) {
			fprintf(stderr, "GRUNDY_BOX_GAMES_LEFT_OUT: no game has the id \"%.*s\"\n", (int)length, list);
			exit(EXIT_FAILURE);
		}
		games_left_out |= UINT32_C(1) << game;
		list += length;
	}
}

bool e2e_game_in_firmware(uint8_t game)
{
	return (games_left_out >> game & 1u) == 0;
}

bool e2e_game_to_test(uint8_t game)
{
	if (e2e_game_in_firmware(game)) {
		return true;
	}
	printf("# %s: left out of this edition\n", engine_game_name(game));
	return false;
}

bool e2e_feature(const char *feature)
{
	const char *list = getenv("GRUNDY_BOX_FEATURES");
	if (list == NULL) {
		fprintf(stderr, "GRUNDY_BOX_FEATURES is unset: name the switches of the edition under test "
				"(make test sets it from editions/NAME.mk)\n");
		exit(EXIT_FAILURE);
	}
	size_t wanted = strlen(feature);
	for (list += strspn(list, ", "); *list != '\0'; list += strspn(list, ", ")) {
		size_t length = strcspn(list, ", ");
		if (length == wanted && strncmp(list, feature, length) == 0) {
			return true;
		}
		list += length;
	}
	return false;
}

void e2e_init(const char *argv0)
{
	read_games_left_out();
	const char *slash = strrchr(argv0, '/');
	int dir_length = slash != NULL ? (int)(slash - argv0) : 1;
	const char *dir = slash != NULL ? argv0 : ".";
	snprintf(tool_path, sizeof tool_path, "%.*s/../../grundy", dir_length, dir);
	const char *override = getenv("GRUNDY_BOX_ELF");
	if (override != NULL && *override != '\0') {
		snprintf(elf_path, sizeof elf_path, "%s", override);
		return;
	}
	snprintf(elf_path, sizeof elf_path, "%.*s/../../grundy-box.elf", dir_length, dir);
}

void e2e_tool_line(const char *arguments, char *text, size_t size)
{
	char shell[2 * sizeof tool_path];
	int length = snprintf(shell, sizeof shell, "'%s' %s 2>&1", tool_path, arguments);
	assert_true(length > 0 && (size_t)length < sizeof shell);
	FILE *pipe = popen(shell, "r");
	assert_non_null(pipe);
	assert_non_null(fgets(text, (int)size, pipe));
	pclose(pipe);
	text[strcspn(text, "\n")] = '\0';
}

void e2e_host_analysis(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_analysis(pos, &sink.sink);
	assert_false(sink.overflowed);
}

struct sim *e2e_boot(uint8_t shield)
{
	struct sim_options options = { .elf = elf_path, .shield = shield, .realtime = false };
	struct sim *sim = sim_open(&options);
	assert_non_null(sim);
	e2e_expect_menu(sim, 1000);
	return sim;
}

void e2e_check_health(struct sim *sim)
{
	if (sim_stopped(sim)) {
		fail_msg("the firmware stopped: %s", sim_state_text(sim));
	}
	assert_int_equal(sim_watchdog_resets(sim), 0);
	if (sim_lcd_violations(sim) != 0) {
		fail_msg("%u LCD timing violations, the first: %s", sim_lcd_violations(sim),
			 sim_lcd_first_violation(sim));
	}
	assert_false(sim_backlight_ever_driven_high(sim));
}

void e2e_close(struct sim *sim)
{
	e2e_check_health(sim);
	sim_close(sim);
}

/* ---- buttons ---- */

/* 0: clean presses; otherwise the state of the bounce pattern. */
static uint32_t bounce_seed;

void e2e_bouncy_presses(uint32_t seed)
{
	bounce_seed = seed;
}

static void button_down(struct sim *sim, enum board_button button)
{
	if (bounce_seed != 0) {
		sim_button_bounce(sim, button, true, &bounce_seed);
	} else {
		sim_button_down(sim, button);
	}
	sim_run_ms(sim, E2E_PRESS_MS);
}

static void button_up(struct sim *sim, enum board_button button)
{
	if (bounce_seed != 0) {
		sim_button_bounce(sim, button, false, &bounce_seed);
	} else {
		sim_button_up(sim);
	}
}

void e2e_press(struct sim *sim, enum board_button button)
{
	button_down(sim, button);
	button_up(sim, button);
	sim_run_ms(sim, E2E_RELEASE_MS);
}

/* ---- the screen ---- */

void e2e_line(struct sim *sim, uint8_t row, char text[BOARD_LCD_COLUMNS + 1])
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	memcpy(text, lines[row], BOARD_LCD_COLUMNS + 1);
	size_t length = strlen(text);
	while (length > 0 && text[length - 1] == ' ') {
		text[--length] = '\0';
	}
}

void e2e_line_utf8(struct sim *sim, uint8_t row, char text[LCD_TEXT_LINE_SIZE])
{
	char raw[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, row, raw);
	lcd_text_line_utf8(sim, raw, text);
}

struct line_wait {
	uint8_t row;
	const char *prefix;
	bool utf8;
};

static bool line_starts(struct sim *sim, void *ctx)
{
	const struct line_wait *wait = ctx;
	char text[LCD_TEXT_LINE_SIZE];
	if (wait->utf8) {
		e2e_line_utf8(sim, wait->row, text);
	} else {
		e2e_line(sim, wait->row, text);
	}
	return strncmp(text, wait->prefix, strlen(wait->prefix)) == 0;
}

bool e2e_attract_caption_showing(struct sim *sim, void *ctx)
{
	(void)ctx;
	char top[BOARD_LCD_COLUMNS + 1], bottom[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	e2e_line(sim, 1, bottom);
	return strstr(top, "Can you beat") != NULL && strstr(bottom, "the Odra?") != NULL;
}

static bool wait_line(struct sim *sim, struct line_wait *wait, uint32_t timeout_ms)
{
	if (!sim_run_until(sim, line_starts, wait, timeout_ms)) {
		return false;
	}
	e2e_settle(sim, E2E_QUIET_MS);
	return line_starts(sim, wait);
}

bool e2e_wait_line(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms)
{
	struct line_wait wait = { row, prefix, false };
	return wait_line(sim, &wait, timeout_ms);
}

bool e2e_wait_line_utf8(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms)
{
	struct line_wait wait = { row, prefix, true };
	return wait_line(sim, &wait, timeout_ms);
}

static void fail_with_screen(struct sim *sim, const char *what)
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	fail_msg("%s; the LCD shows |%s|%s| (%s)", what, lines[0], lines[1],
		 sim_stopped(sim) ? sim_state_text(sim) : "running");
}

void e2e_expect_line(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms)
{
	if (!e2e_wait_line(sim, row, prefix, timeout_ms)) {
		char what[128];
		snprintf(what, sizeof what, "row %u never started with \"%s\"", row, prefix);
		fail_with_screen(sim, what);
	}
}

void e2e_expect_line_utf8(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms)
{
	if (!e2e_wait_line_utf8(sim, row, prefix, timeout_ms)) {
		char text[LCD_TEXT_LINE_SIZE];
		e2e_line_utf8(sim, row, text);
		fail_msg("row %u shows \"%s\", not \"%s...\"", row, text, prefix);
	}
}

struct quiet_wait {
	uint64_t quiet_cycles;
};

static bool display_quiet(struct sim *sim, void *ctx)
{
	const struct quiet_wait *wait = ctx;
	return sim_cycles(sim) - sim_lcd_last_change(sim) >= wait->quiet_cycles;
}

void e2e_settle(struct sim *sim, uint32_t quiet_ms)
{
	struct quiet_wait wait = { (uint64_t)quiet_ms * CYCLES_PER_MS };
	sim_run_until(sim, display_quiet, &wait, quiet_ms + 1000u);
}

/* ---- the firmware's data and EEPROM ---- */

size_t e2e_firmware_data_size(const char *symbol)
{
	char command[sizeof elf_path + 200];
	snprintf(command, sizeof command, "avr-nm -S '%s' | sed -n 's/^[0-9a-f]* \\([0-9a-f]*\\) [BbDd] %s$/\\1/p'",
		 elf_path, symbol);
	FILE *pipe = popen(command, "r");
	assert_non_null(pipe);
	unsigned size = 0;
	int read = fscanf(pipe, "%x", &size);
	pclose(pipe);
	if (read != 1 || size == 0) {
		fail_msg("%s has no variable `%s` (avr-nm -S)", elf_path, symbol);
	}
	return size;
}

bool e2e_eeprom_after_cut(struct sim *sim, unsigned torn, unsigned salt, uint8_t eeprom[EEPROM_SIZE])
{
	sim_eeprom_read(sim, eeprom);
	uint16_t address;
	uint8_t replaced;
	if (!sim_eeprom_write_under_way(sim, &address, &replaced)) {
		return false;
	}
	uint8_t written = eeprom[address];
	uint8_t garbage = (uint8_t)(0x5Au + salt);
	while (garbage == written || garbage == replaced) {
		garbage++;
	}
	eeprom[address] = torn == 0 ? replaced : torn == 1 ? written : garbage;
	return true;
}

/* ---- the games as the device shows them ---- */

enum kind { KIND_LINE, KIND_STRIP, KIND_BOARD };

/* How the device draws a game, as its description (engine/games.def) says. */
static enum kind kind_of(uint8_t game)
{
	uint8_t picture = engine_game_facts(game).picture;
	if (picture >= ENGINE_PICTURE_CHOMP) {
		return KIND_BOARD;
	}
	return picture == ENGINE_PICTURE_STRIP ? KIND_STRIP : KIND_LINE;
}

/* Chomp, Taktix and Nineteen pick cells; the others say where and how much. */
static bool picks_cells(uint8_t game)
{
	return kind_of(game) == KIND_BOARD && engine_game_facts(game).picture != ENGINE_PICTURE_KUBO;
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
static uint32_t position_value(const struct position *pos, uint8_t i)
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
	fail_with_screen(sim, what);
}

/* The value between '<' and '>' on row 0. */
static void menu_value(struct sim *sim, char value[BOARD_LCD_COLUMNS + 1])
{
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, text);
	const char *open = strchr(text, '<');
	const char *close = open != NULL ? strchr(open, '>') : NULL;
	if (close == NULL) {
		fail_with_screen(sim, "no <value> on row 0");
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
	fail_with_screen(sim, what);
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
	fail_with_screen(sim, what);
}

/* Presses DOWN until row 0 shows the game item. */
static void menu_find_game(struct sim *sim)
{
	e2e_menu_find(sim, "<");
}

static bool menu_showing(struct sim *sim, void *ctx)
{
	(void)ctx;
	char top[BOARD_LCD_COLUMNS + 1], bottom[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	e2e_line(sim, 1, bottom);
	return top[0] == '<' || strcmp(bottom, "U/D:more SEL:go") == 0;
}

void e2e_expect_menu(struct sim *sim, uint32_t timeout_ms)
{
	if (!sim_run_until(sim, menu_showing, NULL, timeout_ms)) {
		fail_with_screen(sim, "the menu never showed");
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
		menu_number(sim, label, position_value(&pos, i), false);
	}
	menu_choose(sim, "First move <", setup->machine_first ? "me" : "you", 2);
	if (!e2e_menu_shows(sim, setup)) {
		fail_with_screen(sim, "the menu does not show the set-up just made");
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
		snprintf(text, sizeof text, "%u", (unsigned)position_value(&pos, i));
		if (!menu_item_is(sim, label, text)) {
			return false;
		}
	}
	return menu_item_is(sim, "First move <", setup->machine_first ? "me" : "you");
}

/* ---- the game screen ---- */

void e2e_words(struct sim *sim, uint8_t game, char *text, size_t size)
{
	char top[BOARD_LCD_COLUMNS + 1], bottom[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	e2e_line(sim, 1, bottom);
	if (kind_of(game) != KIND_BOARD) {
		snprintf(text, size, "%s", bottom);
		return;
	}
	/* Beside a board the words take two rows, broken at a space (gone)
	 * or after a comma. */
	const char *a = strlen(top) > 5 ? top + 5 : "";
	const char *b = strlen(bottom) > 5 ? bottom + 5 : "";
	bool after_comma = *a != '\0' && a[strlen(a) - 1] == ',';
	snprintf(text, size, "%s%s%s", a, *b != '\0' && !after_comma ? " " : "", b);
}

static bool starts(const char *text, const char *prefix)
{
	return strncmp(text, prefix, strlen(prefix)) == 0;
}

void e2e_error_text(enum engine_error err, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_error(err, &sink.sink);
}

static bool is_error_text(const char *text)
{
	for (int err = ENGINE_OK + 1; err < ENGINE_ERR_COUNT; err++) {
		char message[64];
		struct buffer_sink sink;
		buffer_sink_init(&sink, message, sizeof message);
		engine_print_error((enum engine_error)err, &sink.sink);
		if (strcmp(text, message) == 0) {
			return true;
		}
	}
	return false;
}

enum e2e_screen e2e_screen_of(struct sim *sim, uint8_t game)
{
	char top[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	if (strcmp(top, "You win!") == 0 || strcmp(top, "I win!") == 0) {
		return E2E_OVER;
	}
	if (starts(top, "U/D=where") || starts(top, "Arrows")) {
		return E2E_HELP;
	}
	char words[40];
	e2e_words(sim, game, words, sizeof words);
	static const char *const verbs[] = { "Take", "Add", "Subtract", "Divide by", "Move to", "Knock", "Place" };
	if (strcmp(words, "Thinking...") == 0) {
		return E2E_THINKING;
	}
	if (starts(words, "I ")) {
		return E2E_MOVE;
	}
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
		if (starts(words, verbs[i])) {
			return E2E_TURN;
		}
	}
	return is_error_text(words) ? E2E_REFUSED : E2E_OTHER;
}

struct screen_wait {
	uint8_t game;
	unsigned wanted; /* a mask of 1 << enum e2e_screen */
};

static bool screen_is(struct sim *sim, void *ctx)
{
	const struct screen_wait *wait = ctx;
	return (wait->wanted >> e2e_screen_of(sim, wait->game) & 1u) != 0;
}

#define MASK(s) (1u << (s))

/* Runs until one of the screens in `wanted` shows and the display is
 * quiet; returns it. */
static enum e2e_screen wait_screen(struct sim *sim, uint8_t game, unsigned wanted)
{
	struct screen_wait wait = { game, wanted };
	if (!sim_run_until(sim, screen_is, &wait, E2E_SCREEN_TIMEOUT_MS)) {
		fail_with_screen(sim, "the game screen got stuck");
	}
	e2e_settle(sim, E2E_QUIET_MS);
	return e2e_screen_of(sim, game);
}

/* ---- pictures ---- */

/* Pixels of a custom character: bit 4 is the leftmost. */
static void glyph_of(struct sim *sim, char code, uint8_t rows[8])
{
	sim_lcd_glyph(sim, (uint8_t)((uint8_t)code & 7u), rows);
}

static bool is_custom(char code)
{
	return (uint8_t)code >= 1u && (uint8_t)code <= 8u;
}

/* The board's 20x16 picture from the custom characters in columns 0-3. */
static bool read_canvas(struct sim *sim, uint8_t canvas[16][20])
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	for (uint8_t row = 0; row < 2; row++) {
		for (uint8_t ch = 0; ch < 4; ch++) {
			if (!is_custom(lines[row][ch])) {
				return false;
			}
			uint8_t glyph[8];
			glyph_of(sim, lines[row][ch], glyph);
			for (uint8_t y = 0; y < 8; y++) {
				for (uint8_t x = 0; x < 5; x++) {
					canvas[row * 8 + y][ch * 5 + x] = (glyph[y] >> (4 - x)) & 1u;
				}
			}
		}
	}
	return true;
}

/* A board's rows and the places in each, as the game's description says:
 * Chomp's from its position, a hexagon's a place less each row away from
 * the middle one. */
static uint8_t board_height(const struct position *pos)
{
	struct engine_facts facts = engine_game_facts(pos->game);
	return facts.picture == ENGINE_PICTURE_CHOMP ? pos->count : facts.rows;
}

static uint8_t board_width(const struct position *pos, uint8_t y)
{
	struct engine_facts facts = engine_game_facts(pos->game);
	if (facts.picture == ENGINE_PICTURE_CHOMP) {
		return pos->u.chomp[0];
	}
	if (facts.picture == ENGINE_PICTURE_NINETEEN) {
		int away = y - facts.rows / 2;
		return (uint8_t)(facts.cols - (away < 0 ? -away : away));
	}
	return facts.cols;
}

/* Taktix's and Nineteen's cell at place (x, y), numbered row by row. */
static uint8_t board_cell(const struct position *pos, uint8_t x, uint8_t y)
{
	uint8_t cell = x;
	for (uint8_t row = 0; row < y; row++) {
		cell = (uint8_t)(cell + board_width(pos, row));
	}
	return cell;
}

/* Whether place (x, y) holds a piece: Taktix and Nineteen cells, Chomp
 * pieces (rows from the bottom), Kubo pieces (x: the stack's column * 3 +
 * the piece's height). */
static bool place_present(const struct position *pos, uint8_t x, uint8_t y)
{
	switch (pos->game) {
	case GAME_CHOMP:
		return y < pos->count && x < pos->u.chomp[y];
	case GAME_KUBO:
		return x % 3 < pos->u.kubo[y * 3 + x / 3];
	default:
		return (pos->u.nineteen >> board_cell(pos, x, y) & 1u) != 0; /* Taktix's are its low 16 bits */
	}
}

/* Where the device draws place (x, y): left, top, width, height. */
static void place_rect(const struct position *pos, uint8_t x, uint8_t y, uint8_t rect[4])
{
	switch (pos->game) {
	case GAME_CHOMP:
		rect[0] = pos->u.chomp[0] <= 4 ? x * 5 : x / 2 * 5 + x % 2 * 3;
		rect[2] = pos->u.chomp[0] <= 4 ? 4 : 2;
		rect[1] = pos->count <= 4 ? 13 - y * 4 : 15 - y * 2;
		rect[3] = pos->count <= 4 ? 3 : 1;
		break;
	case GAME_KUBO:
		rect[0] = x / 3 * 5 + x % 3 * 2;
		rect[2] = 1;
		rect[1] = y * 4 + 1;
		rect[3] = 3;
		break;
	case GAME_NINETEEN:
		rect[0] = (5 - board_width(pos, y)) * 2 + x * 4;
		rect[2] = 3;
		rect[1] = y * 3;
		rect[3] = 2;
		break;
	default:
		rect[0] = x * 5;
		rect[2] = 4;
		rect[1] = y * 4;
		rect[3] = 3;
		break;
	}
}

/* What the rectangle of a place shows: 0 nothing, 1 a piece, 2 a hatched
 * piece, 3 the inverse of a piece (the blinking cursor on one), 4 the
 * inverse of nothing (the cursor on an empty place), 5 the inverse of a
 * hatched piece, -1 none of these. */
static int rect_look(const uint8_t canvas[16][20], const uint8_t rect[4])
{
	unsigned lit = 0, checker_lit = 0, checker_dark = 0, pixels = 0;
	for (uint8_t y = rect[1]; y < rect[1] + rect[3]; y++) {
		for (uint8_t x = rect[0]; x < rect[0] + rect[2]; x++) {
			bool on = canvas[y][x] != 0;
			bool even = ((x ^ y) & 1u) == 0;
			lit += on;
			checker_lit += on == even;
			checker_dark += on != even;
			pixels++;
		}
	}
	if (lit == 0) {
		return 0;
	}
	if (lit == pixels) {
		return 1; /* a piece, or the cursor on nothing: told apart by the position */
	}
	if (checker_lit == pixels) {
		return 2;
	}
	if (checker_dark == pixels) {
		return 5;
	}
	return -1;
}

/* The strip's places from row 0: two to a character. */
static bool read_strip(struct sim *sim, struct e2e_view *view)
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	uint8_t place[2 * BOARD_LCD_COLUMNS];
	for (uint8_t ch = 0; ch < BOARD_LCD_COLUMNS; ch++) {
		uint8_t glyph[8] = { 0 };
		if (is_custom(lines[0][ch])) {
			glyph_of(sim, lines[0][ch], glyph);
		} else if (lines[0][ch] != ' ') {
			return false;
		}
		for (uint8_t half = 0; half < 2; half++) {
			uint8_t shift = half == 0 ? 3 : 0; /* columns 0-1 or 3-4 */
			unsigned lit = 0, even_lit = 0;
			for (uint8_t y = 0; y < 6; y++) {
				for (uint8_t x = 0; x < 2; x++) {
					bool on = (glyph[y] >> (shift + 1 - x) & 1u) != 0;
					uint8_t column = (uint8_t)(half * 3 + x);
					lit += on;
					even_lit += on && ((column ^ y) & 1u) == 0;
				}
			}
			uint8_t look = 0;
			if (lit == 12) {
				look = 1;
			} else if (lit == 6 && even_lit == 6) {
				look = 3; /* taken */
			} else if (lit != 0) {
				return false;
			}
			if ((glyph[7] >> shift & 3u) == 3u) {
				look |= 4; /* underlined: the cursor */
			}
			place[ch * 2 + half] = look;
		}
	}
	view->rows = 0;
	view->cursor_row = -1;
	view->taken = 0;
	uint32_t run = 0;
	for (uint8_t i = 0; i < sizeof place; i++) {
		if (place[i] & 1u) {
			if (place[i] & 4u) {
				view->cursor_row = view->rows;
				view->cursor_at = (int)run;
			}
			if ((place[i] & 3u) == 3u) {
				view->taken++;
			}
			run++;
		} else if (run > 0) {
			view->row[view->rows++] = run;
			run = 0;
		}
	}
	if (run > 0) {
		view->row[view->rows++] = run;
	}
	return true;
}

static bool read_line(struct sim *sim, struct e2e_view *view)
{
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, text);
	view->parts = 0;
	view->marked_first = -1;
	view->marked_last = -1;
	view->scrolled = text[0] == '<' || (text[0] != '\0' && text[strlen(text) - 1] == '>');
	const char *p = text;
	bool marked = false;
	while (*p != '\0') {
		if (*p == ' ' || *p == '/' || *p == '<' || *p == '>') {
			p++;
			continue;
		}
		if (*p == '[') {
			marked = true;
			p++;
			continue;
		}
		if (view->parts == 64) {
			return false;
		}
		size_t length = strcspn(p, " /[]<>");
		snprintf(view->part[view->parts], sizeof view->part[0], "%.*s", (int)length, p);
		p += length;
		if (marked) {
			if (view->marked_first < 0) {
				view->marked_first = view->parts;
			}
			view->marked_last = view->parts;
		}
		if (*p == ']') {
			marked = false;
			p++;
		}
		view->parts++;
	}
	return view->parts > 0;
}

bool e2e_read_view(struct sim *sim, uint8_t game, struct e2e_view *view)
{
	memset(view, 0, sizeof *view);
	switch (kind_of(game)) {
	case KIND_STRIP:
		return read_strip(sim, view);
	case KIND_LINE:
		return read_line(sim, view);
	default:
		break;
	}
	/* A board: which places look like pieces, read against the
	 * position the caller expects (e2e_expect_position). */
	return false;
}

void e2e_expected_view(const struct position *pos, struct e2e_view *view)
{
	memset(view, 0, sizeof *view);
	view->marked_first = view->marked_last = -1;
	view->cursor_row = -1;
	switch (kind_of(pos->game)) {
	case KIND_STRIP:
		for (uint8_t i = 0; i < pos->count; i++) {
			if (pos->u.row[i] != 0) {
				view->row[view->rows++] = pos->u.row[i];
			}
		}
		return;
	case KIND_BOARD:
		for (uint8_t y = 0; y < board_height(pos); y++) {
			for (uint8_t x = 0; x < board_width(pos, y); x++) {
				view->present[y][x] = place_present(pos, x, y);
			}
		}
		return;
	default:
		break;
	}
	uint8_t parts = pos->game == GAME_MATRIX_NIM ? (uint8_t)(pos->count * pos->cols) : pos->count;
	for (uint8_t i = 0; i < parts; i++) {
		char *text = view->part[view->parts++];
		if (pos->game == GAME_PRIME_POWER) {
			if (pos->u.factors.exponent[i] == 1) {
				snprintf(text, sizeof view->part[0], "%u", (unsigned)pos->u.factors.prime[i]);
			} else {
				snprintf(text, sizeof view->part[0], "%u^%u", (unsigned)pos->u.factors.prime[i],
					 pos->u.factors.exponent[i]);
			}
		} else {
			snprintf(text, sizeof view->part[0], "%u", (unsigned)position_value(pos, i));
		}
	}
}

static void describe(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_game_name(pos->game, &sink.sink);
	print_char(&sink.sink, ' ');
	engine_print_position(pos, &sink.sink);
}

/* The board's places as drawn: `look[y][x]` from rect_look(); `cursor` is
 * set to the one place drawn inverted, if any. */
static bool read_board(struct sim *sim, const struct position *pos, int look[8][16], int *cursor)
{
	uint8_t canvas[16][20];
	if (!read_canvas(sim, canvas)) {
		return false;
	}
	*cursor = -1;
	for (uint8_t y = 0; y < board_height(pos); y++) {
		for (uint8_t x = 0; x < board_width(pos, y); x++) {
			uint8_t rect[4];
			place_rect(pos, x, y, rect);
			int seen = rect_look(canvas, rect);
			bool present = place_present(pos, x, y);
			if ((seen == 1 && !present) || (seen == 0 && present) || seen >= 3) {
				*cursor = y * 16 + x; /* inverted */
			}
			look[y][x] = seen;
		}
	}
	return true;
}

void e2e_expect_position(struct sim *sim, const struct position *pos, const char *when)
{
	char expected_text[256];
	describe(pos, expected_text, sizeof expected_text);
	struct e2e_view expected;
	e2e_expected_view(pos, &expected);
	char what[400];
	snprintf(what, sizeof what, "%s: the picture is not %s", when, expected_text);
	if (kind_of(pos->game) == KIND_BOARD) {
		int look[8][16];
		int cursor;
		if (!read_board(sim, pos, look, &cursor)) {
			fail_with_screen(sim, what);
		}
		for (uint8_t y = 0; y < board_height(pos); y++) {
			for (uint8_t x = 0; x < board_width(pos, y); x++) {
				bool present = look[y][x] == 1 || look[y][x] == 2;
				bool is_cursor = cursor == y * 16 + x;
				if (!is_cursor && present != (expected.present[y][x] != 0)) {
					fail_with_screen(sim, what);
				}
			}
		}
		return;
	}
	struct e2e_view seen;
	if (!e2e_read_view(sim, pos->game, &seen)) {
		fail_with_screen(sim, what);
	}
	if (kind_of(pos->game) == KIND_STRIP) {
		bool same = seen.rows == expected.rows;
		for (uint8_t i = 0; same && i < seen.rows; i++) {
			same = seen.row[i] == expected.row[i];
		}
		if (!same) {
			fail_with_screen(sim, what);
		}
		return;
	}
	if (seen.scrolled) {
		return; /* a window of a wide line: e2e tests keep lines narrow */
	}
	bool same = seen.parts == expected.parts;
	for (uint8_t i = 0; same && i < seen.parts; i++) {
		same = strcmp(seen.part[i], expected.part[i]) == 0;
	}
	if (!same) {
		fail_with_screen(sim, what);
	}
}

/* ---- moves ---- */

static void move_text(const struct position *pos, const struct move *mv, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_move(pos, mv, &sink.sink);
}

/* The host engine's legal moves. */
static size_t legal_moves(const struct position *pos, struct move *moves, size_t most)
{
	size_t count = 0;
	struct move mv;
	memset(&mv, 0, sizeof mv);
	for (bool more = engine_next_move(pos, &mv, true); more && count < most;
	     more = engine_next_move(pos, &mv, false)) {
		moves[count++] = mv;
	}
	return count;
}

#define E2E_MOST_MOVES 4096u

void e2e_choose_random(const struct position *pos, struct move *mv, void *ctx)
{
	static struct move moves[E2E_MOST_MOVES];
	size_t count = legal_moves(pos, moves, E2E_MOST_MOVES);
	assert_true(count > 0);
	*mv = moves[sim_random(ctx) % count];
}

void e2e_choose_perfect(const struct position *pos, struct move *mv, void *ctx)
{
	(void)ctx;
	static struct move moves[E2E_MOST_MOVES];
	size_t count = legal_moves(pos, moves, E2E_MOST_MOVES);
	assert_true(count > 0);
	*mv = moves[0];
	for (size_t i = 0; i < count; i++) {
		struct position after = *pos;
		engine_apply_move(&after, &moves[i]);
		if (!brute_position_wins(&after)) {
			*mv = moves[i];
			return;
		}
	}
}

/* What the person's cursor must come to for a move of the games that say
 * where and how much: the part (line: which of the numbers, Wythoff 2 for
 * both heaps; strip: the row and the pin; Kubo: the stack) and the amount
 * (Poker Nim: negative to add; Kubo: 1-3, 4 a pair with the stack on the
 * right, 5 with the one below). */
struct target {
	int part;
	int at;
	long amount;
};

static struct target target_of(const struct position *pos, const struct move *mv)
{
	struct target t = { 0, 0, 0 };
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
		t.part = mv->u.number.index;
		t.amount = mv->u.number.divisor;
		break;
	case GAME_PRIME_POWER:
		t.part = mv->u.prime.factor;
		t.amount = mv->u.prime.exponent;
		break;
	case GAME_PEBBLES:
	case GAME_KAYLES:
		t.part = mv->u.strip.row;
		t.at = mv->u.strip.at;
		t.amount = mv->u.strip.count;
		break;
	case GAME_WYTHOFF:
		t.part = mv->u.wythoff.take[0] == 0 ? 1 : mv->u.wythoff.take[1] == 0 ? 0 : 2;
		t.amount = mv->u.wythoff.take[t.part & 1];
		break;
	case GAME_KUBO: {
		uint8_t a = mv->u.kubo.stack, b = mv->u.kubo.other;
		if (b == 0xFF) {
			t.part = a;
			t.amount = mv->u.kubo.count;
		} else {
			if (b < a) {
				uint8_t swap = a;
				a = b;
				b = swap;
			}
			t.part = a;
			t.amount = b == a + 1 ? 4 : b == a + 3 ? 5 : 6;
		}
		break;
	}
	default:
		t.part = mv->u.heap.heap;
		t.amount = mv->u.heap.add ? -(long)mv->u.heap.count : (long)mv->u.heap.count;
		break;
	}
	return t;
}

/* The last word of the person's words, and what it says of the amount. */
static long words_amount(struct sim *sim, const struct position *pos, int part)
{
	char words[40];
	e2e_words(sim, pos->game, words, sizeof words);
	const char *last = strrchr(words, ' ');
	last = last != NULL ? last + 1 : words;
	switch (pos->game) {
	case GAME_MARIENBAD: {
		/* "Take 3 matches", "Take 1 match": the number, then the word
		 * its number asks for. */
		unsigned n = 0;
		char noun[16] = "";
		if (sscanf(words, "%*s %u %15s", &n, noun) != 2 || strcmp(noun, n == 1 ? "match" : "matches") != 0) {
			return -1;
		}
		return (long)n;
	}
	case GAME_PRIME_POWER: {
		const char *hat = strchr(last, '^');
		return hat != NULL ? strtol(hat + 1, NULL, 10) : -1;
	}
	case GAME_NIMBLE:
		return (long)pos->u.heap[part] - strtol(last, NULL, 10);
	case GAME_POKER_NIM:
		return starts(words, "Add") ? -strtol(last, NULL, 10) : strtol(last, NULL, 10);
	case GAME_KUBO: {
		/* "b2-3", or "b2+c2"; the second stack may lie off the board
		 * (a pair below the bottom row, which the engine refuses). */
		struct move mv;
		memset(&mv, 0, sizeof mv);
		mv.u.kubo.other = 0xFF;
		mv.u.kubo.count = 1;
		if (strlen(last) < 4 || last[0] < 'a' || last[1] < '1') {
			return -1;
		}
		mv.u.kubo.stack = (uint8_t)((last[1] - '1') * 3 + (last[0] - 'a'));
		if (last[2] == '-') {
			mv.u.kubo.count = (uint8_t)strtoul(last + 3, NULL, 10);
		} else if (last[2] == '+' && strlen(last) >= 5) {
			mv.u.kubo.other = (uint8_t)((last[4] - '1') * 3 + (last[3] - 'a'));
		} else {
			return -1;
		}
		return target_of(pos, &mv).amount;
	}
	case GAME_MATRIX_NIM: {
		/* "Take 0,2,1": the cursor's cell's share. */
		for (int i = 0; i < part % pos->cols && last != NULL; i++) {
			last = strchr(last, ',');
			last = last != NULL ? last + 1 : NULL;
		}
		return last != NULL ? strtol(last, NULL, 10) : -1;
	}
	default:
		return strtol(last, NULL, 10);
	}
}

/* Where the cursor is, from the LCD: the bracketed number, the underlined
 * pin, or (Kubo) the stack the words name. */
static void read_cursor(struct sim *sim, const struct position *pos, int *part, int *at)
{
	*at = 0;
	if (pos->game == GAME_KUBO) {
		char words[40];
		e2e_words(sim, pos->game, words, sizeof words);
		const char *last = strrchr(words, ' ');
		if (last == NULL || last[1] < 'a' || last[1] > 'c' || last[2] < '1' || last[2] > '3') {
			fail_with_screen(sim, "Kubo's words name no stack");
		}
		*part = (last[2] - '1') * 3 + (last[1] - 'a');
		return;
	}
	struct e2e_view view;
	if (!e2e_read_view(sim, pos->game, &view)) {
		fail_with_screen(sim, "no cursor to be seen");
	}
	if (kind_of(pos->game) == KIND_STRIP) {
		*part = view.cursor_row;
		*at = view.cursor_at;
		/* Rows are shown without the empty ones: count them back in. */
		for (int row = 0; row < pos->count && row <= *part; row++) {
			if (pos->u.row[row] == 0) {
				(*part)++;
			}
		}
		return;
	}
	int offset = 0;
	if (view.scrolled) {
		/* A window of the line: where its numbers begin among the position's. */
		struct e2e_view all;
		e2e_expected_view(pos, &all);
		for (offset = 0; offset + view.parts <= all.parts; offset++) {
			bool same = true;
			for (int i = 0; same && i < view.parts; i++) {
				same = strcmp(view.part[i], all.part[offset + i]) == 0;
			}
			if (same) {
				break;
			}
		}
		if (offset + view.parts > all.parts) {
			fail_with_screen(sim, "a window of the line that is not the position's");
		}
	}
	*part = pos->game == GAME_WYTHOFF && view.marked_first != view.marked_last ? 2 : offset + view.marked_first;
}

/* The line, strip and Kubo: UP and DOWN to the part, LEFT and RIGHT to the amount. */
static void enter_amount_move(struct sim *sim, const struct position *pos, const struct move *mv)
{
	struct target t = target_of(pos, mv);
	/* Matrix Nim: each cell of the row, in turn. */
	uint8_t cells = pos->game == GAME_MATRIX_NIM ? pos->cols : 1u;
	for (uint8_t cell = 0; cell < cells; cell++) {
		long amount = t.amount;
		int part = t.part;
		if (pos->game == GAME_MATRIX_NIM) {
			part = mv->u.matrix.row * pos->cols + cell;
			amount = mv->u.matrix.take[cell];
			if (pos->u.cell[mv->u.matrix.row][cell] == 0) {
				continue; /* the cursor passes by empty cells; nothing is taken there */
			}
		}
		int now, at;
		read_cursor(sim, pos, &now, &at);
		for (int presses = 0; now != part || (kind_of(pos->game) == KIND_STRIP && at != t.at); presses++) {
			if (presses > 200) {
				fail_with_screen(sim, "the cursor never reached its place");
			}
			e2e_press(sim, BUTTON_DOWN);
			read_cursor(sim, pos, &now, &at);
		}
		long shown = words_amount(sim, pos, part);
		for (int presses = 0; shown != amount; presses++) {
			if (presses > 300) {
				fail_with_screen(sim, "the amount never reached its value");
			}
			/* Poker Nim counts additions below zero. */
			e2e_press(sim, shown < amount ? BUTTON_RIGHT : BUTTON_LEFT);
			long before = shown;
			shown = words_amount(sim, pos, part);
			if (shown == before) {
				fail_with_screen(sim, "an arrow did not change the amount");
			}
		}
	}
}

/* The board's places a move takes (Chomp: the piece picked). */
static void move_places(const struct position *pos, const struct move *mv, int places[20], int *count)
{
	*count = 0;
	if (pos->game == GAME_CHOMP) {
		places[(*count)++] = mv->u.chomp.row * 16 + mv->u.chomp.col;
		return;
	}
	for (uint8_t y = 0; y < board_height(pos); y++) {
		for (uint8_t x = 0; x < board_width(pos, y); x++) {
			uint8_t cell = board_cell(pos, x, y);
			if (mv->u.cells >> cell & 1u) {
				places[(*count)++] = y * 16 + x;
			}
		}
	}
}

/* The cursor of a board: pressing an arrow draws it inverted at once. */
static int find_board_cursor(struct sim *sim, const struct position *pos)
{
	int look[8][16];
	int cursor;
	if (!read_board(sim, pos, look, &cursor) || cursor < 0) {
		fail_with_screen(sim, "no cursor on the board");
	}
	return cursor;
}

/* Chomp, Taktix, Nineteen: the arrows to each place of `mv` and SELECT
 * on each, which picks it (or unpicks it). */
static void toggle_places(struct sim *sim, const struct position *pos, const struct move *mv)
{
	int places[20], count;
	move_places(pos, mv, places, &count);
	/* A key the board ignores for moving (LEFT at the left edge is
	 * harmless anywhere: it may move, then we look). */
	e2e_press(sim, BUTTON_LEFT);
	e2e_settle(sim, E2E_QUIET_MS);
	int cursor = find_board_cursor(sim, pos);
	for (int i = 0; i < count; i++) {
		int x = places[i] % 16, y = places[i] / 16;
		for (int presses = 0; cursor != places[i]; presses++) {
			if (presses > 40) {
				fail_with_screen(sim, "the board's cursor never reached its place");
			}
			int cx = cursor % 16, cy = cursor / 16;
			enum board_button button;
			if (cy != y) {
				bool up = pos->game == GAME_CHOMP ? y > cy : y < cy;
				button = up ? BUTTON_UP : BUTTON_DOWN;
			} else {
				button = x > cx ? BUTTON_RIGHT : BUTTON_LEFT;
			}
			e2e_press(sim, button);
			e2e_settle(sim, E2E_QUIET_MS);
			cursor = find_board_cursor(sim, pos);
		}
		e2e_press(sim, BUTTON_SELECT);
		e2e_settle(sim, E2E_QUIET_MS);
	}
}

/* Picks the move's places; the SELECT that confirms follows. */
static void enter_cells_move(struct sim *sim, const struct position *pos, const struct move *mv)
{
	toggle_places(sim, pos, mv);
	char words[40], expected[40], text[32];
	move_text(pos, mv, text, sizeof text);
	snprintf(expected, sizeof expected, "Take %s", text);
	e2e_words(sim, pos->game, words, sizeof words);
	if (strcmp(words, expected) != 0) {
		char what[128];
		snprintf(what, sizeof what, "the words are not \"%s\"", expected);
		fail_with_screen(sim, what);
	}
}

/* The confirming press: returns the cycle SELECT was let go. */
static uint64_t confirm(struct sim *sim)
{
	button_down(sim, BUTTON_SELECT);
	button_up(sim, BUTTON_SELECT);
	return sim_cycles(sim);
}

uint64_t e2e_enter_move(struct sim *sim, const struct position *pos, const struct move *mv, bool confirm_it)
{
	if (picks_cells(pos->game)) {
		enter_cells_move(sim, pos, mv);
	} else {
		enter_amount_move(sim, pos, mv);
	}
	return confirm_it ? confirm(sim) : 0;
}

/* ---- illegal entries ---- */

/* Whether the person's cursor can describe `mv`: within the parts and the
 * amounts the arrows offer (see firmware/view.c). */
static bool enterable(const struct position *pos, const struct move *mv)
{
	struct target t = target_of(pos, mv);
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
		return t.part == 0 && t.amount <= 9;
	case GAME_DIVIDE:
		return t.part < pos->count && pos->u.number[t.part] != 0 &&
		       (t.amount == 0 || t.amount == 2 || t.amount == 3 || t.amount == 6);
	case GAME_PRIME_POWER:
		return t.part < pos->count && t.amount <= pos->u.factors.exponent[t.part];
	case GAME_PEBBLES:
	case GAME_KAYLES:
		return t.part < pos->count && t.at < pos->u.row[t.part] &&
		       t.amount <= (pos->game == GAME_KAYLES ? 2 : 1);
	case GAME_WYTHOFF: {
		uint16_t most = t.part == 2 ? (pos->u.heap[0] < pos->u.heap[1] ? pos->u.heap[0] : pos->u.heap[1])
					    : pos->u.heap[t.part];
		/* Both heaps: the cursor takes the same from each. */
		bool same = t.part != 2 || mv->u.wythoff.take[0] == mv->u.wythoff.take[1];
		return most != 0 && t.amount <= most && same;
	}
	case GAME_MATRIX_NIM:
		if (mv->u.matrix.row >= pos->count) {
			return false;
		}
		for (uint8_t c = 0; c < ENGINE_MATRIX_MAX; c++) {
			if (mv->u.matrix.take[c] > (c < pos->cols ? pos->u.cell[mv->u.matrix.row][c] : 0)) {
				return false;
			}
		}
		return true;
	case GAME_KUBO:
		/* 1-3 from the stack, or one each from it and its right or lower neighbour. */
		return t.part < 9 && pos->u.kubo[t.part] != 0 && t.amount <= 5 &&
		       (mv->u.kubo.other == 0xFF ? mv->u.kubo.count <= 3 : mv->u.kubo.count == 1);
	case GAME_CHOMP:
		return mv->u.chomp.row < pos->count && mv->u.chomp.col < pos->u.chomp[0];
	/* The words beside the board, two rows of 11 characters, name at
	 * most 6 cells ("Take a1,b1," "c1,d1,a2,b2"): a larger pick could not
	 * be checked on the screen. */
	case GAME_TAKTIX:
		return mv->u.cells != 0 && mv->u.cells <= 0xFFFFu && __builtin_popcountl(mv->u.cells) <= 6;
	case GAME_NINETEEN:
		return mv->u.cells != 0 && mv->u.cells < (1ul << ENGINE_NINETEEN_CELLS) &&
		       __builtin_popcountl(mv->u.cells) <= 6;
	case GAME_POKER_NIM:
		if (t.part >= pos->count) {
			return false;
		}
		if (mv->u.heap.add) {
			uint16_t room = (uint16_t)(pos->u.poker.start[t.part] - pos->u.heap[t.part]);
			return mv->u.heap.count >= 1 && mv->u.heap.count <= room;
		}
		return pos->u.heap[t.part] != 0 && t.amount <= pos->u.heap[t.part];
	default:
		return t.part < pos->count && pos->u.heap[t.part] != 0 && t.amount >= 0 &&
		       t.amount <= pos->u.heap[t.part];
	}
}

/* An illegal move the person can enter, chosen at random; false when the
 * position offers none. */
static bool choose_illegal(const struct position *pos, struct move *mv, uint32_t *seed)
{
	struct brute_pos bp;
	assert_true(brute_from_position(&bp, pos));
	struct brute_move_list list = { 0 };
	brute_candidate_moves(&bp, &list);
	size_t found = 0;
	for (size_t i = 0; i < list.count; i++) {
		struct move candidate;
		memset(&candidate, 0, sizeof candidate);
		brute_move_to_engine(&candidate, pos, &list.move[i]);
		if (pos->game == GAME_KUBO && candidate.u.kubo.other != 0xFF && candidate.u.kubo.count != 1) {
			continue; /* the cursor names pairs of 1 only */
		}
		if (engine_check_move(pos, &candidate) != ENGINE_OK && !brute_is_legal(&bp, &list.move[i]) &&
		    enterable(pos, &candidate)) {
			/* Reservoir sampling: each one alike. */
			found++;
			if (sim_random(seed) % found == 0) {
				*mv = candidate;
			}
		}
	}
	brute_move_list_free(&list);
	return found > 0;
}

/* ---- a whole game ---- */

static void note_max(uint64_t *max, uint64_t value)
{
	if (value > *max) {
		*max = value;
	}
}

/* The person's turn: the picture, then maybe an illegal entry, then the move. */
static void person_turn(struct sim *sim, struct position *pos, const struct move *wanted, unsigned bad_every,
			uint32_t *seed, struct e2e_figures *figures)
{
	/* A board's cursor blinks: look when it is hidden. */
	if (kind_of(pos->game) == KIND_BOARD) {
		sim_run_ms(sim, E2E_BLINK_MS + 50u);
	}
	e2e_expect_position(sim, pos, "the person's turn");
	assert_false(sim_led_thinking(sim));
	struct brute_pos bp;
	assert_true(brute_from_position(&bp, pos));

	struct move bad;
	if (bad_every != 0 && sim_random(seed) % bad_every == 0 && choose_illegal(pos, &bad, seed)) {
		char expected[64];
		struct buffer_sink sink;
		buffer_sink_init(&sink, expected, sizeof expected);
		engine_print_error(engine_check_move(pos, &bad), &sink.sink);
		size_t moves_before = strlen(sim_uart_output(sim));
		e2e_enter_move(sim, pos, &bad, true);
		if (wait_screen(sim, pos->game, MASK(E2E_REFUSED) | MASK(E2E_THINKING) | MASK(E2E_OVER)) !=
		    E2E_REFUSED) {
			char text[32];
			move_text(pos, &bad, text, sizeof text);
			char what[128];
			snprintf(what, sizeof what, "the illegal move %s was not refused", text);
			fail_with_screen(sim, what);
		}
		char words[40];
		e2e_words(sim, pos->game, words, sizeof words);
		if (strcmp(words, expected) != 0) {
			char what[256];
			snprintf(what, sizeof what, "refused with \"%s\", not the engine's \"%s\"", words, expected);
			fail_with_screen(sim, what);
		}
		assert_int_equal(strlen(sim_uart_output(sim)), moves_before); /* nothing played */
		figures->refusals++;
		/* The reason gives way to the turn by itself. */
		wait_screen(sim, pos->game, MASK(E2E_TURN));
		if (picks_cells(pos->game) && pos->game != GAME_CHOMP) {
			toggle_places(sim, pos, &bad); /* unpicked again */
		}
		if (kind_of(pos->game) == KIND_BOARD) {
			sim_run_ms(sim, E2E_BLINK_MS + 50u);
		}
		e2e_expect_position(sim, pos, "after a refusal");
	}

	assert_int_equal(engine_check_move(pos, wanted), ENGINE_OK);
	struct brute_move bm;
	brute_move_from_engine(&bm, pos, wanted);
	assert_true(brute_is_legal(&bp, &bm));
	uint64_t released = e2e_enter_move(sim, pos, wanted, true);
	engine_apply_move(pos, wanted);
	figures->person_moves++;
	wait_screen(sim, pos->game, MASK(E2E_THINKING) | MASK(E2E_OVER));
	note_max(&figures->reaction_cycles_max, sim_lcd_last_change(sim) - released);
}

/* The machine's move, from the transcript's last line "me MOVE -> POSITION". */
static void last_machine_move(struct sim *sim, const struct position *pos, struct move *mv)
{
	const char *out = sim_uart_output(sim);
	const char *line = NULL;
	for (const char *p = strstr(out, "\nme "); p != NULL; p = strstr(p + 1, "\nme ")) {
		line = p + 4;
	}
	if (line == NULL && starts(out, "me ")) {
		line = out + 3;
	}
	assert_non_null(line);
	char text[64];
	size_t length = strcspn(line, " \r\n");
	snprintf(text, sizeof text, "%.*s", (int)length, line);
	if (engine_parse_move(pos, text, mv) != ENGINE_OK) {
		fail_msg("the transcript's move \"%s\" does not parse", text);
	}
}

/* The machine's turn, from "Thinking...". */
static void machine_turn(struct sim *sim, struct position *pos, bool skip_words, struct e2e_figures *figures)
{
	e2e_expect_position(sim, pos, "while the machine thinks");
	assert_true(sim_led_thinking(sim));
	bool can_win = brute_position_wins(pos);
	/* The move is chosen when the pause ends; it shows at once. */
	uint64_t thinking_shown = sim_lcd_last_change(sim);
	wait_screen(sim, pos->game, MASK(E2E_MOVE));
	uint64_t pause_end = thinking_shown + (uint64_t)E2E_PAUSE_MS * CYCLES_PER_MS;
	uint64_t drawn = sim_lcd_last_change(sim);
	note_max(&figures->announce_cycles_max, drawn > pause_end ? drawn - pause_end : 0);
	/* The position is still the one before the move, the move marked. */
	e2e_expect_position(sim, pos, "the machine's move in words");
	if (skip_words) {
		e2e_press(sim, BUTTON_DOWN);
	}
	enum e2e_screen next = wait_screen(sim, pos->game, MASK(E2E_TURN) | MASK(E2E_OVER));
	(void)next;
	struct move mv;
	last_machine_move(sim, pos, &mv);
	char text[32];
	move_text(pos, &mv, text, sizeof text);
	if (engine_check_move(pos, &mv) != ENGINE_OK) {
		fail_msg("the machine's move %s is illegal", text);
	}
	struct brute_pos bp;
	struct brute_move bm;
	assert_true(brute_from_position(&bp, pos));
	brute_move_from_engine(&bm, pos, &mv);
	assert_true(brute_is_legal(&bp, &bm));
	engine_apply_move(pos, &mv);
	figures->machine_moves++;
	if (can_win) {
		figures->machine_had_win++;
		if (brute_position_wins(pos)) {
			char after[128];
			describe(pos, after, sizeof after);
			fail_msg("the machine could win but played %s, leaving the person a win in %s", text, after);
		}
	}
}

enum e2e_winner e2e_play_game(struct sim *sim, const struct e2e_setup *setup, const struct move *first,
			      e2e_chooser choose, void *ctx, unsigned bad_every, bool skip_words,
			      struct e2e_figures *figures)
{
	uint64_t cycles = sim_cycles(sim);
	uint64_t sleep = sim_sleep_cycles(sim);
	struct position pos;
	e2e_setup_position(setup, &pos);
	uint8_t game = pos.game;
	uint32_t bad_seed = 0xBAD5EEDu ^ (uint32_t)sim_cycles(sim);

	if (e2e_screen_of(sim, game) == E2E_OVER) {
		e2e_press(sim, BUTTON_SELECT); /* the rematch */
		assert_false(sim_led_win(sim));
	} else {
		e2e_press(sim, BUTTON_SELECT);
		if (wait_screen(sim, game, MASK(E2E_HELP)) != E2E_HELP) {
			fail_with_screen(sim, "no help before the game");
		}
		if (skip_words) {
			e2e_press(sim, BUTTON_DOWN);
		}
	}

	bool person_moved_last = setup->machine_first; /* as if before the first move */
	bool first_done = false;
	enum e2e_screen now = wait_screen(sim, game, MASK(E2E_TURN) | MASK(E2E_THINKING) | MASK(E2E_OVER));
	while (now != E2E_OVER) {
		if (now == E2E_TURN) {
			assert_false(person_moved_last);
			struct move mv;
			if (!first_done && first != NULL) {
				mv = *first;
			} else {
				choose(&pos, &mv, ctx);
			}
			first_done = true;
			person_turn(sim, &pos, &mv, bad_every, &bad_seed, figures);
			person_moved_last = true;
		} else {
			assert_true(person_moved_last);
			machine_turn(sim, &pos, skip_words, figures);
			person_moved_last = false;
		}
		now = wait_screen(sim, game, MASK(E2E_TURN) | MASK(E2E_THINKING) | MASK(E2E_OVER));
	}

	/* No move is left by the rules, and the winner is the last mover under
	 * normal play, the other player under misère. */
	assert_true(engine_game_over(&pos));
	bool person_wins = pos.rule == RULE_MISERE ? !person_moved_last : person_moved_last;
	char top[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	assert_string_equal(top, person_wins ? "You win!" : "I win!");
	assert_int_equal(sim_led_win(sim), person_wins);
	assert_false(sim_led_thinking(sim));

	struct e2e_transcript transcript;
	e2e_check_transcript(sim, &transcript);
	assert_false(transcript.in_game);
	char shown[256], expected[256];
	describe(&transcript.pos, shown, sizeof shown);
	describe(&pos, expected, sizeof expected);
	assert_string_equal(shown, expected);

	figures->cycles += sim_cycles(sim) - cycles;
	figures->sleep_cycles += sim_sleep_cycles(sim) - sleep;
	e2e_check_health(sim);
	return person_wins ? E2E_PERSON : E2E_MACHINE;
}

void e2e_print_figures(const char *title, const struct e2e_figures *figures)
{
	const double per_ms = BOARD_F_CPU / 1000.0;
	printf("# %s: %u moves of the person (%u illegal entries refused), %u of the machine (%u from a winning "
	       "position, each leaving the person a lost one)\n",
	       title, figures->person_moves, figures->refusals, figures->machine_moves, figures->machine_had_win);
	printf("# %s: worst press-to-screen: SELECT let go -> screen after the person's move %.1f ms (8 ms of it "
	       "debouncing); pause's end -> machine's move drawn %.1f ms (after the deliberate %u ms pause)\n",
	       title, (double)figures->reaction_cycles_max / per_ms, (double)figures->announce_cycles_max / per_ms,
	       E2E_PAUSE_MS);
	printf("# %s: asleep %.1f%% of %.1f simulated seconds\n", title,
	       figures->cycles != 0 ? 100.0 * (double)figures->sleep_cycles / (double)figures->cycles : 0.0,
	       (double)figures->cycles / BOARD_F_CPU);
}

/* ---- sleep ---- */

void e2e_measure_sleep(struct sim *sim, uint32_t ms, struct e2e_sleep *out)
{
	uint64_t cycles = sim_cycles(sim);
	uint64_t asleep = sim_sleep_cycles(sim);
	sim_run_ms(sim, ms);
	out->cycles = sim_cycles(sim) - cycles;
	out->sleep_cycles = sim_sleep_cycles(sim) - asleep;
	e2e_check_health(sim);
}

double e2e_sleep_fraction(const struct e2e_sleep *span)
{
	return span->cycles != 0 ? (double)span->sleep_cycles / (double)span->cycles : 0.0;
}

void e2e_print_sleep(const char *title, const struct e2e_sleep *span)
{
	double ms = (double)span->cycles / CYCLES_PER_MS;
	printf("# %s: asleep %.2f%% of %.1f simulated seconds, awake %.1f cycles a millisecond\n", title,
	       100.0 * e2e_sleep_fraction(span), ms / 1000.0,
	       ms > 0.0 ? (double)(span->cycles - span->sleep_cycles) / ms : 0.0);
}

/* ---- the serial transcript ---- */

/* Whose turn it is, as the transcript has told it so far. */
struct transcript_state {
	bool person_to_move;
	unsigned moves_in_game;
};

/* "new GAME POSITION" (the person first) or "go GAME POSITION" (the
 * machine first): the command that starts the same game on the console. */
static void transcript_new_game(struct e2e_transcript *t, struct transcript_state *s, const char *line)
{
	bool machine_first = starts(line, "go ");
	const char *name = line + (machine_first ? 3 : 4);
	size_t length = strcspn(name, " ");
	uint8_t game = engine_find_game(name, (uint8_t)length);
	if (game == GAME_COUNT) {
		fail_msg("transcript line \"%s\": unknown game", line);
	}
	const char *text = name + length;
	if (engine_parse_position(&t->pos, game, text) != ENGINE_OK) {
		fail_msg("transcript line \"%s\": the position does not parse", line);
	}
	s->person_to_move = !machine_first;
	s->moves_in_game = 0;
	t->games++;
	t->in_game = true;
}

static int compare_squares(const void *a, const void *b)
{
	uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
	return (x > y) - (x < y);
}

/* Two Nimble positions with their coins on the same squares, in any order. */
static bool same_coins(const struct position *a, const struct position *b)
{
	if (a->count != b->count) {
		return false;
	}
	uint16_t x[ENGINE_MAX_HEAPS], y[ENGINE_MAX_HEAPS];
	memcpy(x, a->u.heap, a->count * sizeof x[0]);
	memcpy(y, b->u.heap, b->count * sizeof y[0]);
	qsort(x, a->count, sizeof x[0], compare_squares);
	qsort(y, b->count, sizeof y[0], compare_squares);
	return memcmp(x, y, a->count * sizeof x[0]) == 0;
}

static void transcript_move(struct e2e_transcript *t, struct transcript_state *s, const char *line)
{
	bool person = starts(line, "you ");
	const char *text = line + (person ? 4 : 3);
	const char *arrow = strstr(text, " -> ");
	if (!t->in_game || arrow == NULL) {
		fail_msg("transcript line \"%s\": not a move of a game in progress", line);
	}
	if (person != s->person_to_move) {
		fail_msg("transcript line \"%s\": out of turn (%s)", line,
			 s->moves_in_game == 0 ? "the other player was to move first" : "the same player moved twice");
	}
	char move_text_[64];
	snprintf(move_text_, sizeof move_text_, "%.*s", (int)(arrow - text), text);
	struct move mv;
	if (engine_parse_move(&t->pos, move_text_, &mv) != ENGINE_OK || engine_check_move(&t->pos, &mv) != ENGINE_OK) {
		fail_msg("transcript line \"%s\": an illegal move", line);
	}
	struct brute_pos bp;
	struct brute_move bm;
	assert_true(brute_from_position(&bp, &t->pos));
	brute_move_from_engine(&bm, &t->pos, &mv);
	if (!brute_is_legal(&bp, &bm)) {
		fail_msg("transcript line \"%s\": illegal by the rules", line);
	}
	engine_apply_move(&t->pos, &mv);
	char printed[256];
	struct buffer_sink sink;
	buffer_sink_init(&sink, printed, sizeof printed);
	engine_print_position(&t->pos, &sink.sink);
	if (strcmp(printed, arrow + 4) != 0) {
		/* Nimble's move names squares, not coins: of two coins on one
		 * square the device moves the one the person picked, the move's
		 * text the first.  The coins are alike, so the position is the
		 * same, its coins listed in another order: the device's order
		 * is kept from here on. */
		struct position device;
		if (t->pos.game != GAME_NIMBLE || engine_parse_position(&device, GAME_NIMBLE, arrow + 3) != ENGINE_OK ||
		    !same_coins(&device, &t->pos)) {
			fail_msg("transcript line \"%s\": not the position the rules give (%s)", line, printed);
		}
		t->pos = device;
	}
	s->person_to_move = !person;
	s->moves_in_game++;
	t->moves++;
}

static void transcript_winner(struct e2e_transcript *t, const struct transcript_state *s, const char *line)
{
	if (!t->in_game || s->moves_in_game == 0 || !engine_game_over(&t->pos)) {
		fail_msg("transcript line \"%s\": the game is not over", line);
	}
	bool person_moved_last = !s->person_to_move;
	bool person_wins = t->pos.rule == RULE_MISERE ? !person_moved_last : person_moved_last;
	assert_string_equal(line, person_wins ? "winner you" : "winner me");
	t->in_game = false;
	t->finished++;
}

/* "left GAME POSITION": the person left the game in progress, at the
 * position the moves gave. */
static void transcript_left(struct e2e_transcript *t, const char *line)
{
	if (!t->in_game) {
		fail_msg("transcript line \"%s\": no game in progress to leave", line);
	}
	char expected[300];
	struct buffer_sink sink;
	buffer_sink_init(&sink, expected, sizeof expected);
	print_flash(&sink.sink, "left ");
	engine_print_game_name(t->pos.game, &sink.sink);
	print_char(&sink.sink, ' ');
	engine_print_position(&t->pos, &sink.sink);
	assert_false(sink.overflowed);
	if (strcmp(line, expected) != 0) {
		fail_msg("transcript line \"%s\": the game left is \"%s\"", line, expected);
	}
	t->in_game = false;
	t->left++;
}

void e2e_check_transcript(struct sim *sim, struct e2e_transcript *out)
{
	memset(out, 0, sizeof *out);
	struct transcript_state state = { false, 0 };
	const char *text = sim_uart_output(sim);
	while (*text != '\0') {
		const char *end = strstr(text, "\r\n");
		if (end == NULL) {
			fail_msg("transcript ends in an unfinished line: \"%s\"", text);
		}
		char line[512];
		snprintf(line, sizeof line, "%.*s", (int)(end - text), text);
		text = end + 2;
		if (strcmp(line, "grundy-box ready") == 0) {
			out->in_game = false; /* a reset ends any game */
		} else if (starts(line, "new ") || starts(line, "go ")) {
			transcript_new_game(out, &state, line);
		} else if (starts(line, "you ") || starts(line, "me ")) {
			transcript_move(out, &state, line);
		} else if (starts(line, "winner ")) {
			transcript_winner(out, &state, line);
		} else if (starts(line, "left ")) {
			transcript_left(out, line);
		}
		/* Anything else is the serial console's, not the transcript's. */
	}
}

/* ---- every game of the rulebook ---- */

void e2e_rulebook_game(uint8_t game, unsigned games, uint32_t seed)
{
	if (!e2e_game_to_test(game)) {
		return;
	}
	struct sim *sim = e2e_boot(0);
	struct e2e_figures figures;
	memset(&figures, 0, sizeof figures);
	unsigned machine_wins = 0, person_wins = 0, machine_could = 0;
	for (unsigned g = 0; g < games; g++) {
		/* The person first, then the machine, in turn; every other game
		 * lets the machine's words run their full time. */
		struct e2e_setup setup = e2e_start(game, g % 2u == 1u);
		if (g < 2u) {
			e2e_menu_set(sim, &setup);
		} else {
			e2e_leave_game_over(sim);
			e2e_menu_set(sim, &setup);
		}
		struct position start;
		e2e_setup_position(&setup, &start);
		bool machine_can_win = brute_position_wins(&start) == setup.machine_first;
		uint32_t person_seed = seed * 2654435761u + g + 1u;
		enum e2e_winner winner =
			e2e_play_game(sim, &setup, NULL, e2e_choose_random, &person_seed, 3, g % 4u != 3u, &figures);
		if (machine_can_win) {
			machine_could++;
			if (winner != E2E_MACHINE) {
				fail_msg("the machine could win game %u of %s but lost", g, engine_game_name(game));
			}
		}
		if (winner == E2E_MACHINE) {
			machine_wins++;
		} else {
			person_wins++;
		}
	}
	char title[32];
	e2e_game_title(game, title, sizeof title);
	printf("# %s: %u games from the rulebook's start (%u with the machine first): machine won %u, person %u; the "
	       "machine won all %u it could\n",
	       title, games, games / 2u, machine_wins, person_wins, machine_could);
	e2e_print_figures(title, &figures);
	e2e_close(sim);
}
