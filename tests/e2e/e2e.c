/* End-to-end test helpers; see e2e.h. */
#include "tests/e2e/e2e.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define E2E_PRESS_MS 40u
#define E2E_RELEASE_MS 40u
#define E2E_SCREEN_TIMEOUT_MS 5000u
#define E2E_LINE_MS 2u /* writing a whole line takes the firmware 0.7 ms */
#define E2E_PAUSE_SKIP_MS 590u /* the firmware pauses 600 ms before its move */
#define E2E_PAUSE_LIMIT_CYCLES (2000u * (BOARD_F_CPU / 1000u))
#define E2E_STEP_CYCLES 16u

static char elf_path[4096];

void e2e_init(const char *argv0)
{
	const char *slash = strrchr(argv0, '/');
	int dir_length = slash != NULL ? (int)(slash - argv0) : 1;
	const char *dir = slash != NULL ? argv0 : ".";
	snprintf(elf_path, sizeof elf_path, "%.*s/../../grundy-box.elf", dir_length, dir);
}

struct sim *e2e_boot(const uint8_t *eeprom, uint8_t shield)
{
	struct sim_options options = { .elf = elf_path, .shield = shield, .realtime = false, .eeprom = eeprom };
	struct sim *sim = sim_open(&options);
	assert_non_null(sim);
	e2e_expect_line(sim, 1, "U/D:more SEL:go", 1000);
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

static uint32_t next_random(uint32_t *state)
{
	uint32_t x = *state != 0 ? *state : 0x9E3779B9u;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* The contacts touch and part every 20..500 us for 2..5 ms, ending on `last`. */
static void chatter(struct sim *sim, enum board_button button, bool end_closed, uint32_t *seed)
{
	uint64_t cycles_per_us = BOARD_F_CPU / 1000000u;
	uint64_t end = sim_cycles(sim) + (2000u + next_random(seed) % 3000u) * cycles_per_us;
	bool closed = !end_closed;
	while (sim_cycles(sim) < end) {
		if (closed) {
			sim_button_down(sim, button);
		} else {
			sim_button_up(sim);
		}
		sim_run_cycles(sim, (20u + next_random(seed) % 481u) * cycles_per_us);
		closed = !closed;
	}
	if (end_closed) {
		sim_button_down(sim, button);
	} else {
		sim_button_up(sim);
	}
}

void e2e_press_bouncy(struct sim *sim, enum board_button button, uint32_t seed)
{
	chatter(sim, button, true, &seed);
	sim_run_ms(sim, E2E_PRESS_MS);
	chatter(sim, button, false, &seed);
	sim_run_ms(sim, E2E_RELEASE_MS);
}

/* 0: clean presses; otherwise the state of the bounce pattern. */
static uint32_t bounce_seed;

void e2e_bouncy_presses(uint32_t seed)
{
	bounce_seed = seed;
}

static void button_down(struct sim *sim, enum board_button button)
{
	if (bounce_seed != 0) {
		chatter(sim, button, true, &bounce_seed);
	} else {
		sim_button_down(sim, button);
	}
	sim_run_ms(sim, E2E_PRESS_MS);
}

static void button_up(struct sim *sim, enum board_button button)
{
	if (bounce_seed != 0) {
		chatter(sim, button, false, &bounce_seed);
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

struct line_wait {
	uint8_t row;
	const char *prefix;
};

static bool line_starts(struct sim *sim, void *ctx)
{
	const struct line_wait *wait = ctx;
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, wait->row, text);
	return strncmp(text, wait->prefix, strlen(wait->prefix)) == 0;
}

bool e2e_wait_line(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms)
{
	struct line_wait wait = { row, prefix };
	if (!sim_run_until(sim, line_starts, &wait, timeout_ms)) {
		return false;
	}
	/* The prefix may be all of the line written so far: let it finish. */
	sim_run_ms(sim, E2E_LINE_MS);
	return line_starts(sim, &wait);
}

void e2e_expect_line(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms)
{
	if (!e2e_wait_line(sim, row, prefix, timeout_ms)) {
		char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
		sim_lcd_lines(sim, lines);
		fail_msg("row %u never started with \"%s\"; the LCD shows |%s|%s| (%s)", row, prefix,
			 lines[0], lines[1], sim_stopped(sim) ? sim_state_text(sim) : "running");
	}
}

/* What the game screen shows, judged from the LCD alone. */
enum screen {
	SCREEN_OTHER,
	SCREEN_PERSON,   /* row 1 "Row R: take N" */
	SCREEN_THINKING, /* row 1 "Thinking..." */
	SCREEN_WORDS,    /* "I take N" / "from row R" */
	SCREEN_OVER      /* "You win!" or "I win!" */
};

static enum screen screen_of(struct sim *sim)
{
	char top[BOARD_LCD_COLUMNS + 1];
	char bottom[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	e2e_line(sim, 1, bottom);
	if (strcmp(top, "You win!") == 0 || strcmp(top, "I win!") == 0) {
		return SCREEN_OVER;
	}
	if (strncmp(top, "I take ", 7) == 0 && strncmp(bottom, "from row ", 9) == 0) {
		return SCREEN_WORDS;
	}
	if (strcmp(bottom, "Thinking...") == 0) {
		return SCREEN_THINKING;
	}
	if (strncmp(bottom, "Row ", 4) == 0) {
		return SCREEN_PERSON;
	}
	return SCREEN_OTHER;
}

/* ---- the menu ---- */

void e2e_setup_position(const struct e2e_setup *setup, struct brute_pos *pos)
{
	memset(pos, 0, sizeof *pos);
	pos->game = setup->game;
	if (setup->game == GAME_MARIENBAD) {
		static const uint8_t rows[] = { 1, 3, 5, 7 };
		pos->misere = true;
		pos->count = 4;
		for (uint8_t i = 0; i < 4; i++) {
			pos->part[i] = rows[i];
		}
		return;
	}
	pos->game = setup->misere ? GAME_MISERE_NIM : GAME_NIM;
	pos->misere = setup->misere;
	pos->count = setup->heaps;
	for (uint8_t i = 0; i < setup->heaps; i++) {
		pos->part[i] = setup->heap[i];
	}
}

/* Presses DOWN until row 0 starts with `label`. */
static void menu_find(struct sim *sim, const char *label)
{
	for (int presses = 0; presses < 16; presses++) {
		char text[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, text);
		if (strncmp(text, label, strlen(label)) == 0) {
			return;
		}
		e2e_press(sim, BUTTON_DOWN);
	}
	fail_msg("the menu has no item \"%s\"", label);
}

/* The value between '<' and '>' on row 0. */
static void menu_value(struct sim *sim, char value[BOARD_LCD_COLUMNS + 1])
{
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, text);
	const char *open = strchr(text, '<');
	const char *close = open != NULL ? strchr(open, '>') : NULL;
	assert_non_null(close);
	snprintf(value, BOARD_LCD_COLUMNS + 1, "%.*s", (int)(close - open - 1), open + 1);
}

/* Presses RIGHT until the item at `label` shows `wanted`. */
static void menu_choose(struct sim *sim, const char *label, const char *wanted)
{
	menu_find(sim, label);
	for (int presses = 0; presses < 4; presses++) {
		char value[BOARD_LCD_COLUMNS + 1];
		menu_value(sim, value);
		if (strcmp(value, wanted) == 0) {
			return;
		}
		e2e_press(sim, BUTTON_RIGHT);
	}
	fail_msg("the item \"%s\" never showed \"%s\"", label, wanted);
}

/* Sets a number item, by the shorter way round (values wrap). */
static void menu_number(struct sim *sim, const char *label, unsigned wanted, unsigned modulus)
{
	menu_find(sim, label);
	char value[BOARD_LCD_COLUMNS + 1];
	menu_value(sim, value);
	unsigned now = (unsigned)strtoul(value, NULL, 10);
	unsigned up = (wanted + modulus - now) % modulus;
	enum board_button button = up <= modulus / 2 ? BUTTON_RIGHT : BUTTON_LEFT;
	unsigned presses = up <= modulus / 2 ? up : modulus - up;
	for (unsigned i = 0; i < presses; i++) {
		e2e_press(sim, button);
	}
	menu_value(sim, value);
	assert_int_equal(strtoul(value, NULL, 10), wanted);
}

void e2e_leave_game_over(struct sim *sim)
{
	if (screen_of(sim) == SCREEN_OVER) {
		e2e_press(sim, BUTTON_LEFT);
		e2e_expect_line(sim, 1, "U/D:more SEL:go", 100);
		assert_false(sim_led_win(sim));
	}
}

void e2e_menu_set(struct sim *sim, const struct e2e_setup *setup)
{
	e2e_leave_game_over(sim);
	bool nim = setup->game == GAME_NIM;
	menu_choose(sim, "Game", nim ? "Nim" : "Marienbad");
	if (nim) {
		menu_choose(sim, "Rule", setup->misere ? "misere" : "normal");
		/* Heaps count from 1: the modulus of the wrap is 8 over 1..8. */
		menu_find(sim, "Heaps");
		for (int presses = 0; presses < ENGINE_MAX_HEAPS; presses++) {
			char value[BOARD_LCD_COLUMNS + 1];
			menu_value(sim, value);
			if (strtoul(value, NULL, 10) == setup->heaps) {
				break;
			}
			e2e_press(sim, BUTTON_RIGHT);
		}
		for (uint8_t i = 0; i < setup->heaps; i++) {
			char label[16];
			snprintf(label, sizeof label, "Heap %u ", i + 1u);
			menu_number(sim, label, setup->heap[i], 256);
		}
	}
	menu_choose(sim, "First move", setup->machine_first ? "me" : "you");
	assert_true(e2e_menu_shows(sim, setup));
}

/* Whether the item at `label` shows `wanted`, going through the menu. */
static bool menu_item_is(struct sim *sim, const char *label, const char *wanted)
{
	menu_find(sim, label);
	char value[BOARD_LCD_COLUMNS + 1];
	menu_value(sim, value);
	return strcmp(value, wanted) == 0;
}

bool e2e_menu_shows(struct sim *sim, const struct e2e_setup *setup)
{
	bool nim = setup->game == GAME_NIM;
	if (!menu_item_is(sim, "Game", nim ? "Nim" : "Marienbad")) {
		return false;
	}
	if (nim) {
		char number[8];
		snprintf(number, sizeof number, "%u", setup->heaps);
		if (!menu_item_is(sim, "Rule", setup->misere ? "misere" : "normal") ||
		    !menu_item_is(sim, "Heaps", number)) {
			return false;
		}
		for (uint8_t i = 0; i < setup->heaps; i++) {
			char label[16];
			snprintf(label, sizeof label, "Heap %u ", i + 1u);
			snprintf(number, sizeof number, "%u", setup->heap[i]);
			if (!menu_item_is(sim, label, number)) {
				return false;
			}
		}
	}
	return menu_item_is(sim, "First move", setup->machine_first ? "me" : "you");
}

/* ---- playing ---- */

bool e2e_read_board(struct sim *sim, uint16_t heap[ENGINE_MAX_HEAPS], uint8_t *count)
{
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, text);
	*count = 0;
	const char *p = text;
	while (*p != '\0') {
		if (*p == '[' || *p == ']' || *p == ' ') {
			p++;
			continue;
		}
		if (*p < '0' || *p > '9' || *count == ENGINE_MAX_HEAPS) {
			return false; /* '<' or '>' (scrolled), or not a board */
		}
		char *end;
		heap[(*count)++] = (uint16_t)strtoul(p, &end, 10);
		p = end;
	}
	return *count > 0;
}

void e2e_expect_board(struct sim *sim, const struct brute_pos *pos)
{
	uint16_t heap[ENGINE_MAX_HEAPS];
	uint8_t count;
	char expected[96];
	brute_format(pos, expected, sizeof expected);
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, text);
	if (!e2e_read_board(sim, heap, &count) || count != pos->count) {
		fail_msg("the board shows \"%s\", the rules give %s", text, expected);
	}
	for (uint8_t i = 0; i < count; i++) {
		if (heap[i] != pos->part[i]) {
			fail_msg("the board shows \"%s\", the rules give %s", text, expected);
		}
	}
}

/* "Row R: take N" on row 1, as a 0-based heap and an amount. */
static void read_cursor(struct sim *sim, uint8_t *heap, uint16_t *amount)
{
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 1, text);
	unsigned row, take;
	if (sscanf(text, "Row %u: take %u", &row, &take) != 2 || row == 0) {
		fail_msg("row 1 shows \"%s\", not a half-made move", text);
	}
	*heap = (uint8_t)(row - 1u);
	*amount = (uint16_t)take;
}

/* The confirming press, timed: returns the cycle SELECT was released. */
static uint64_t confirm(struct sim *sim)
{
	button_down(sim, BUTTON_SELECT);
	button_up(sim, BUTTON_SELECT);
	return sim_cycles(sim);
}

void e2e_enter_move(struct sim *sim, uint8_t heap, uint16_t amount, bool confirm_it)
{
	uint8_t at;
	uint16_t now;
	read_cursor(sim, &at, &now);
	for (int presses = 0; at != heap; presses++) {
		assert_true(presses <= ENGINE_MAX_HEAPS);
		e2e_press(sim, BUTTON_DOWN);
		read_cursor(sim, &at, &now);
	}
	while (now != amount) {
		uint16_t before = now;
		e2e_press(sim, now < amount ? BUTTON_RIGHT : BUTTON_LEFT);
		read_cursor(sim, &at, &now);
		assert_int_not_equal(now, before);
	}
	if (confirm_it) {
		confirm(sim);
	}
}

void e2e_choose_random(const struct brute_pos *pos, struct brute_move *mv, void *ctx)
{
	struct brute_move_list list = { 0 };
	brute_moves(pos, &list);
	assert_true(list.count > 0);
	*mv = list.move[next_random(ctx) % list.count];
	brute_move_list_free(&list);
}

void e2e_choose_perfect(const struct brute_pos *pos, struct brute_move *mv, void *ctx)
{
	(void)ctx;
	struct brute_move_list list = { 0 };
	brute_moves(pos, &list);
	assert_true(list.count > 0);
	*mv = list.move[0];
	for (size_t i = 0; i < list.count; i++) {
		struct brute_pos after = *pos;
		brute_apply(&after, &list.move[i]);
		if (!brute_wins(&after)) {
			*mv = list.move[i];
			break;
		}
	}
	brute_move_list_free(&list);
}

struct screen_wait {
	unsigned wanted; /* a mask of 1 << enum screen */
};

static bool screen_is(struct sim *sim, void *ctx)
{
	const struct screen_wait *wait = ctx;
	return (wait->wanted >> screen_of(sim) & 1u) != 0;
}

/* Runs until one of the screens in `wanted` shows, lets the line being
 * written finish, and returns it with the cycle it appeared. */
static enum screen wait_screen(struct sim *sim, unsigned wanted, uint64_t *appeared)
{
	struct screen_wait wait = { wanted };
	if (!sim_run_until(sim, screen_is, &wait, E2E_SCREEN_TIMEOUT_MS)) {
		char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
		sim_lcd_lines(sim, lines);
		fail_msg("the game screen got stuck at |%s|%s| (%s)", lines[0], lines[1],
			 sim_stopped(sim) ? sim_state_text(sim) : "running");
	}
	if (appeared != NULL) {
		*appeared = sim_cycles(sim);
	}
	sim_run_ms(sim, E2E_LINE_MS);
	return screen_of(sim);
}

#define MASK(s) (1u << (s))

/* The person's turn: checks the board, plays a move, times the reaction. */
static void person_turn(struct sim *sim, struct brute_pos *pos, const struct brute_move *mv,
			struct e2e_figures *figures, uint64_t *released)
{
	e2e_expect_board(sim, pos);
	assert_false(sim_led_thinking(sim));
	assert_true(brute_is_legal(pos, mv));
	e2e_enter_move(sim, mv->part, (uint16_t)mv->amount, false);
	*released = confirm(sim);
	brute_apply(pos, mv);
	uint64_t shown;
	enum screen next = wait_screen(sim, MASK(SCREEN_THINKING) | MASK(SCREEN_OVER), &shown);
	if (next == SCREEN_THINKING) {
		uint64_t reaction = shown - *released;
		figures->reactions++;
		figures->reaction_cycles_sum += reaction;
		if (reaction > figures->reaction_cycles_max) {
			figures->reaction_cycles_max = reaction;
		}
	}
}

/* The machine's turn, from "Thinking...": checks the board, reads the move
 * in words, checks it is legal and plays it on the expected position. */
static void machine_turn(struct sim *sim, struct brute_pos *pos, bool skip_words, uint64_t released,
			 struct e2e_figures *figures)
{
	e2e_expect_board(sim, pos);
	assert_true(sim_led_thinking(sim));
	/* The machine's move, timed: through the pause the firmware sleeps but
	 * for its 1 ms tick, and the tick that ends the pause wakes it to
	 * choose the move and write it.  Stepping through the pause's end in
	 * small steps finds that wake-up and the first letter of the words. */
	uint64_t pause_start = sim_cycles(sim);
	sim_run_ms(sim, E2E_PAUSE_SKIP_MS);
	bool timed = screen_of(sim) == SCREEN_THINKING;
	uint64_t woke = sim_cycles(sim);
	uint64_t slept = sim_sleep_cycles(sim);
	while (timed) {
		char first[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, first);
		if (first[0] == 'I' || sim_cycles(sim) - pause_start > E2E_PAUSE_LIMIT_CYCLES) {
			break;
		}
		sim_run_cycles(sim, E2E_STEP_CYCLES);
		if (sim_sleep_cycles(sim) != slept) {
			slept = sim_sleep_cycles(sim);
			woke = sim_cycles(sim);
		}
	}
	if (timed) {
		uint64_t move = sim_cycles(sim) - woke;
		figures->timed_moves++;
		figures->move_cycles_sum += move;
		if (move > figures->move_cycles_max) {
			figures->move_cycles_max = move;
		}
	}
	uint64_t shown;
	assert_int_equal(wait_screen(sim, MASK(SCREEN_WORDS), &shown), SCREEN_WORDS);
	figures->machine_moves++;
	if (released != 0) {
		uint64_t announce = shown - released;
		figures->announcements++;
		figures->announce_cycles_sum += announce;
		if (announce > figures->announce_cycles_max) {
			figures->announce_cycles_max = announce;
		}
	}

	char top[BOARD_LCD_COLUMNS + 1];
	char bottom[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	e2e_line(sim, 1, bottom);
	unsigned amount, row;
	assert_int_equal(sscanf(top, "I take %u", &amount), 1);
	assert_int_equal(sscanf(bottom, "from row %u", &row), 1);
	struct brute_move mv = { 0 };
	mv.part = (uint8_t)(row - 1u);
	mv.amount = amount;
	if (row == 0 || !brute_is_legal(pos, &mv)) {
		char position[96];
		brute_format(pos, position, sizeof position);
		fail_msg("the machine's move \"%s / %s\" is illegal in %s", top, bottom, position);
	}
	brute_apply(pos, &mv);
	if (skip_words) {
		e2e_press(sim, BUTTON_DOWN);
	}
}

enum e2e_winner e2e_play_game(struct sim *sim, const struct e2e_setup *setup,
			      const struct brute_move *first, e2e_chooser choose, void *ctx,
			      bool skip_words, struct e2e_figures *figures)
{
	uint64_t cycles = sim_cycles(sim);
	uint64_t sleep = sim_sleep_cycles(sim);
	struct brute_pos pos;
	e2e_setup_position(setup, &pos);

	if (screen_of(sim) == SCREEN_OVER) {
		/* A rematch: straight into the game. */
		e2e_press(sim, BUTTON_SELECT);
		assert_false(sim_led_win(sim));
	} else {
		e2e_expect_line(sim, 1, "U/D:more SEL:go", 10);
		e2e_press(sim, BUTTON_SELECT);
		e2e_expect_line(sim, 0, "U/D row L/R take", 1000);
		if (skip_words) {
			e2e_press(sim, BUTTON_DOWN);
		}
	}

	bool person_moved_last = setup->machine_first; /* as if before the first move */
	bool first_done = false;
	uint64_t released = 0;
	enum screen now = wait_screen(sim, MASK(SCREEN_PERSON) | MASK(SCREEN_THINKING) | MASK(SCREEN_OVER), NULL);
	while (now != SCREEN_OVER) {
		if (now == SCREEN_PERSON) {
			assert_false(person_moved_last);
			struct brute_move mv;
			if (!first_done && first != NULL) {
				mv = *first;
			} else {
				choose(&pos, &mv, ctx);
			}
			first_done = true;
			person_turn(sim, &pos, &mv, figures, &released);
			person_moved_last = true;
		} else {
			assert_int_equal(now, SCREEN_THINKING);
			assert_true(person_moved_last);
			machine_turn(sim, &pos, skip_words, released, figures);
			released = 0;
			person_moved_last = false;
		}
		now = wait_screen(sim, MASK(SCREEN_PERSON) | MASK(SCREEN_THINKING) | MASK(SCREEN_OVER), NULL);
	}

	/* No move is left by the rules, and the winner is the last mover under
	 * normal play, the other player under misère. */
	struct brute_move_list list = { 0 };
	brute_moves(&pos, &list);
	assert_int_equal(list.count, 0);
	brute_move_list_free(&list);
	bool person_wins = pos.misere ? !person_moved_last : person_moved_last;
	char top[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	assert_string_equal(top, person_wins ? "You win!" : "I win!");
	assert_int_equal(sim_led_win(sim), person_wins);
	assert_false(sim_led_thinking(sim));

	struct e2e_transcript transcript;
	e2e_check_transcript(sim, &transcript);
	assert_false(transcript.in_game);
	assert_true(brute_same(&transcript.pos, &pos));

	figures->cycles += sim_cycles(sim) - cycles;
	figures->sleep_cycles += sim_sleep_cycles(sim) - sleep;
	e2e_check_health(sim);
	return person_wins ? E2E_PERSON : E2E_MACHINE;
}

void e2e_print_figures(const char *title, const struct e2e_figures *figures)
{
	const double cycles_per_ms = BOARD_F_CPU / 1000.0;
	printf("# %s: %u machine moves\n", title, figures->machine_moves);
	printf("# %s: SELECT released -> board after the person's move: mean %.0f, max %llu cycles (%.1f ms max; 8 ms of it debouncing)\n",
	       title, (double)figures->reaction_cycles_sum / (figures->reactions != 0 ? figures->reactions : 1u),
	       (unsigned long long)figures->reaction_cycles_max, (double)figures->reaction_cycles_max / cycles_per_ms);
	printf("# %s: SELECT released -> the machine's move in words: mean %.0f, max %llu cycles (%.1f ms max, with the 600 ms deliberate pause)\n",
	       title, (double)figures->announce_cycles_sum / (figures->announcements != 0 ? figures->announcements : 1u),
	       (unsigned long long)figures->announce_cycles_max, (double)figures->announce_cycles_max / cycles_per_ms);
	printf("# %s: machine's move, from the wake-up that ends the pause to the first letter of the words on the LCD: mean %.0f, max %llu cycles (the tick's interrupt, the engine's move, formatting the words, and two LCD writes of 46 us = 1,472 cycles)\n",
	       title, (double)figures->move_cycles_sum / (figures->timed_moves != 0 ? figures->timed_moves : 1u),
	       (unsigned long long)figures->move_cycles_max);
	printf("# %s: asleep %.1f%% of %.1f simulated seconds\n", title,
	       figures->cycles != 0 ? 100.0 * (double)figures->sleep_cycles / (double)figures->cycles : 0.0,
	       (double)figures->cycles / BOARD_F_CPU);
}

/* ---- the serial transcript ---- */

/* Heaps after the game's name or "->": an optional rule word, then numbers. */
static void parse_heaps(const char *text, struct brute_pos *pos, const char *line)
{
	while (*text == ' ') {
		text++;
	}
	if (strncmp(text, "normal ", 7) == 0 || strncmp(text, "misere ", 7) == 0) {
		pos->misere = text[0] == 'm';
		text += 7;
	}
	pos->count = 0;
	while (*text != '\0') {
		char *end;
		unsigned long value = strtoul(text, &end, 10);
		if (end == text || pos->count == ENGINE_MAX_HEAPS) {
			fail_msg("transcript line \"%s\": not a list of heaps", line);
		}
		pos->part[pos->count++] = (uint32_t)value;
		text = end;
		while (*text == ' ') {
			text++;
		}
	}
}

static void transcript_new_game(struct e2e_transcript *t, const char *line)
{
	struct brute_pos pos;
	memset(&pos, 0, sizeof pos);
	const char *rest = NULL;
	if (strncmp(line, "new misere-nim ", 15) == 0) {
		pos.game = GAME_MISERE_NIM;
		pos.misere = true;
		rest = line + 15;
	} else if (strncmp(line, "new marienbad ", 14) == 0) {
		pos.game = GAME_MARIENBAD;
		pos.misere = true;
		rest = line + 14;
	} else if (strncmp(line, "new nim ", 8) == 0) {
		pos.game = GAME_NIM;
		rest = line + 8;
	}
	if (rest == NULL) {
		fail_msg("transcript line \"%s\": unknown game", line);
	}
	parse_heaps(rest, &pos, line);
	t->pos = pos;
	t->games++;
	t->in_game = true;
	t->any_move = false;
}

static void transcript_move(struct e2e_transcript *t, const char *line)
{
	bool person = strncmp(line, "you ", 4) == 0;
	unsigned heap, amount;
	int used = 0;
	if (!t->in_game || sscanf(line + (person ? 4 : 3), "%u-%u -> %n", &heap, &amount, &used) != 2 ||
	    used == 0 || heap == 0) {
		fail_msg("transcript line \"%s\": not a move of a game in progress", line);
	}
	if (t->any_move && t->person_moved_last == person) {
		fail_msg("transcript line \"%s\": the same player moved twice", line);
	}
	struct brute_move mv = { 0 };
	mv.part = (uint8_t)(heap - 1u);
	mv.amount = amount;
	if (!brute_is_legal(&t->pos, &mv)) {
		fail_msg("transcript line \"%s\": an illegal move", line);
	}
	brute_apply(&t->pos, &mv);
	struct brute_pos printed = t->pos;
	parse_heaps(line + (person ? 4 : 3) + used, &printed, line);
	if (!brute_same(&printed, &t->pos)) {
		fail_msg("transcript line \"%s\": not the position the rules give", line);
	}
	t->person_moved_last = person;
	t->any_move = true;
	t->moves++;
}

static void transcript_winner(struct e2e_transcript *t, const char *line)
{
	struct brute_move_list list = { 0 };
	brute_moves(&t->pos, &list);
	size_t left = list.count;
	brute_move_list_free(&list);
	if (!t->in_game || !t->any_move || left != 0) {
		fail_msg("transcript line \"%s\": the game is not over", line);
	}
	bool person_wins = t->pos.misere ? !t->person_moved_last : t->person_moved_last;
	assert_string_equal(line, person_wins ? "winner you" : "winner me");
	t->in_game = false;
	t->finished++;
}

void e2e_check_transcript(struct sim *sim, struct e2e_transcript *out)
{
	memset(out, 0, sizeof *out);
	const char *text = sim_uart_output(sim);
	while (*text != '\0') {
		const char *end = strstr(text, "\r\n");
		if (end == NULL) {
			fail_msg("transcript ends in an unfinished line: \"%s\"", text);
		}
		char line[256];
		snprintf(line, sizeof line, "%.*s", (int)(end - text), text);
		text = end + 2;
		if (strcmp(line, "grundy-box ready") == 0) {
			out->in_game = false; /* a reset ends any game */
		} else if (strncmp(line, "new ", 4) == 0) {
			transcript_new_game(out, line);
		} else if (strncmp(line, "you ", 4) == 0 || strncmp(line, "me ", 3) == 0) {
			transcript_move(out, line);
		} else if (strncmp(line, "winner ", 7) == 0) {
			transcript_winner(out, line);
		} else {
			fail_msg("transcript line \"%s\" is not one the firmware writes", line);
		}
	}
}
