/*
 * Hints, the reason why and slips, end to end through the pins:
 *   - `hint` answers the analysis line of the game in progress, exactly as
 *     the engine linked here prints it, and `why` the reason why, for the
 *     start of every game; without a game in progress, out of turn and
 *     with words after them, each gets its one error line;
 *   - the transcript marks a person's slip (a won position turned into a
 *     lost one) with the line "slip", and no other move;
 *   - LEFT held on where it changes nothing brings the hint on the LCD
 *     (the winning move marked, or "Every move loses"), RIGHT runs the
 *     reason why along row 1 from its start to its end, RIGHT again
 *     gives the hint back, SELECT the move; a few presses of LEFT do not.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"

#define TEXT_MAX 1024u
#define TURN_MS 10000u
#define QUIET_MS 50u
#define GESTURE_MS 3500u /* LEFT held: the hint comes after about 3 s */

static struct sim *boot(void)
{
	struct sim *sim = e2e_boot(0);
	sim_uart_clear_output(sim);
	return sim;
}

static void expect_reply(struct sim *sim, const char *line, const char *expected)
{
	char reply[TEXT_MAX];
	e2e_serial_ask(sim, line, reply, sizeof reply);
	sim_run_ms(sim, QUIET_MS);
	if (strcmp(reply, expected) != 0 || e2e_serial_lines(sim) != 1) {
		fail_msg("\"%s\":\n  device: %s\n  wanted: %s", line, sim_uart_output(sim), expected);
	}
}

static unsigned refusals;

static void expect_error(struct sim *sim, const char *line, const char *reason)
{
	refusals++;
	char expected[128];
	snprintf(expected, sizeof expected, "error: %s", reason);
	expect_reply(sim, line, expected);
}

static void host_why(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_why(pos, &sink.sink);
	assert_false(sink.overflowed);
}

/* A new game typed on the console, the person first; its position here. */
static void new_game(struct sim *sim, uint8_t game, const char *position, struct position *pos)
{
	char line[256];
	snprintf(line, sizeof line, "new %s %s", engine_game_name(game), position);
	e2e_serial_ask_until(sim, line, "your move", TURN_MS);
	assert_int_equal(engine_parse_position(pos, game, position), ENGINE_OK);
	sim_uart_clear_output(sim);
}

static void hint_and_why_on_the_console(void **state)
{
	(void)state;
	struct sim *sim = boot();
	char syntax[64];
	e2e_error_text(ENGINE_ERR_SYNTAX, syntax, sizeof syntax);
	expect_error(sim, "hint", "no game");
	expect_error(sim, "why", "no game");

	/* The start of every game: the same lines as the engine here. */
	unsigned games = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct position pos;
		char example[256];
		struct buffer_sink sink;
		buffer_sink_init(&sink, example, sizeof example);
		engine_print_game_example(game, &sink.sink);
		new_game(sim, game, example, &pos);
		char expected[TEXT_MAX];
		e2e_host_analysis(&pos, expected, sizeof expected);
		expect_reply(sim, "hint", expected);
		host_why(&pos, expected, sizeof expected);
		expect_reply(sim, "why", expected);
		expect_reply(sim, "WHY", expected);
		games++;
	}

	/* Words after them, and the machine's turn. */
	struct position pos;
	new_game(sim, GAME_NIM, "3 4 5", &pos);
	expect_error(sim, "hint 1-2", syntax);
	expect_error(sim, "why nim 3 4 5", syntax);
	e2e_serial_send(sim, "1-2");
	sim_run_ms(sim, 100); /* the machine's pause has begun */
	expect_error(sim, "hint", "not your turn");
	expect_error(sim, "why", "not your turn");
	sim_run_ms(sim, 3000); /* the machine's move */

	/* A game left is no game in progress. */
	sim_button_down(sim, BUTTON_SELECT);
	sim_run_ms(sim, 1200);
	sim_button_up(sim);
	e2e_expect_menu(sim, 1000);
	expect_error(sim, "hint", "no game");
	expect_error(sim, "why", "no game");
	printf("# hint and why matched the host engine at the start of %u games; %u refusals\n", games, refusals);
	e2e_close(sim);
}

/* The person's move `move` from `position` in Nim: whether the transcript
 * marked it a slip, checked against the engine here. */
static bool marked_slip(struct sim *sim, const char *position, const char *move)
{
	struct position pos;
	new_game(sim, GAME_NIM, position, &pos);
	struct move mv;
	assert_int_equal(engine_parse_move(&pos, move, &mv), ENGINE_OK);
	bool winning = engine_outcome(&pos) == OUTCOME_N;
	engine_apply_move(&pos, &mv);
	bool slip = winning && engine_outcome(&pos) == OUTCOME_N;
	e2e_serial_send(sim, move);
	sim_run_ms(sim, 3000); /* the move's line, and the machine's reply */
	char you[256];
	assert_true(e2e_serial_line(sim, 0, you, sizeof you));
	assert_true(strncmp(you, "you ", 4) == 0);
	char next[256];
	assert_true(e2e_serial_line(sim, 1, next, sizeof next));
	bool marked = strcmp(next, "slip") == 0;
	if (marked != slip) {
		fail_msg("nim %s, move %s: the transcript says \"%s\" after \"%s\"", position, move, next, you);
	}
	return marked;
}

static void transcript_marks_slips(void **state)
{
	(void)state;
	struct sim *sim = boot();
	static const struct {
		const char *position, *move;
	} moves[] = {
		{ "3 4 5", "1-1" },  /* won, left won for the machine: a slip */
		{ "3 4 5", "1-2" },  /* the winning move */
		{ "1 2 3", "1-1" },  /* lost already: no slip whatever the move */
		{ "5 7 9", "3-9" },  /* a slip */
		{ "5 7 9", "3-7" },  /* 5 7 2: XOR 0, the winning move */
		{ "2", "1-2" },      /* the last stone: a win */
	};
	unsigned slips = 0;
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		slips += marked_slip(sim, moves[i].position, moves[i].move);
	}
	assert_int_equal(slips, 2);
	printf("# %zu moves, %u marked as slips, each as the engine here says\n", sizeof moves / sizeof moves[0],
	       slips);
	e2e_close(sim);
}

/* LEFT held down: the hint's gesture. */
static void hold_left(struct sim *sim)
{
	sim_button_down(sim, BUTTON_LEFT);
	sim_run_ms(sim, GESTURE_MS);
	sim_button_up(sim);
	sim_run_ms(sim, 100);
}

static void expect_rows(struct sim *sim, const char *row0, const char *row1)
{
	e2e_expect_line(sim, 0, row0, 500);
	e2e_expect_line(sim, 1, row1, 500);
}

/* The reason why the firmware holds for its marquee: its room, less the
 * string's end (firmware/view.h, VIEW_MARQUEE_MAX), the gap included. */
#define MARQUEE_TEXT_MAX 95u
#define MARQUEE_STEP_MS 300u
#define MARQUEE_PAUSE_STEPS 5u

/* Row 1 as the marquee shows `text` from character `at`, round again at
 * its end, without the spaces the LCD line ends with. */
static void marquee_window(const char *text, size_t at, char row[BOARD_LCD_COLUMNS + 1])
{
	size_t length = strlen(text);
	for (size_t column = 0; column < BOARD_LCD_COLUMNS; column++) {
		row[column] = text[(at + column) % length];
	}
	size_t end = BOARD_LCD_COLUMNS;
	while (end > 0 && row[end - 1] == ' ') {
		end--;
	}
	row[end] = '\0';
}

/* The reason why of `pos` runs along row 1: its start at once, and its
 * end (the last row's worth and the gap) in the time its steps take. */
static void expect_why_marquee(struct sim *sim, const struct position *pos)
{
	char why[TEXT_MAX];
	host_why(pos, why, sizeof why);
	strcat(why, "   ");
	why[MARQUEE_TEXT_MAX] = '\0';
	size_t length = strlen(why);
	char row[BOARD_LCD_COLUMNS + 1];
	marquee_window(why, 0, row);
	e2e_expect_line(sim, 1, row, 1000);
	size_t last = length > BOARD_LCD_COLUMNS ? length - BOARD_LCD_COLUMNS : 0;
	marquee_window(why, last, row);
	e2e_expect_line(sim, 1, row, (unsigned)((length + MARQUEE_PAUSE_STEPS) * MARQUEE_STEP_MS + 500u));
}

static void hint_and_why_with_the_buttons(void **state)
{
	(void)state;
	struct sim *sim = boot();
	struct position pos;
	new_game(sim, GAME_NIM, "3 4 5", &pos);
	e2e_expect_line(sim, 1, "Take 1", 1000);

	/* A few presses of LEFT are a move made smaller, no hint. */
	for (int i = 0; i < 5; i++) {
		e2e_press(sim, BUTTON_LEFT);
	}
	sim_run_ms(sim, 300);
	e2e_expect_line(sim, 1, "Take 0", 200);

	hold_left(sim);
	expect_rows(sim, "[3]4 5", "Win: Take 2");
	/* The reason why along row 1 under the hint's row 0, then the hint
	 * again. */
	e2e_press(sim, BUTTON_RIGHT);
	expect_rows(sim, "[3]4 5", "groups 3=2+1 4 5");
	expect_why_marquee(sim, &pos);
	e2e_press(sim, BUTTON_LEFT); /* LEFT changes nothing */
	sim_run_ms(sim, 100);
	char row[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 1, row);
	assert_null(strstr(row, "Win: "));
	e2e_press(sim, BUTTON_DOWN);
	expect_rows(sim, "[3]4 5", "Win: Take 2");
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, "Take 0", 200);
	/* Nothing was played. */
	assert_null(strstr(sim_uart_output(sim), "you "));

	/* From a losing position. */
	new_game(sim, GAME_NIM, "1 2 3", &pos);
	e2e_expect_line(sim, 1, "Take 1", 1000);
	hold_left(sim);
	e2e_expect_line(sim, 1, "Every move loses", 500);
	e2e_press(sim, BUTTON_RIGHT);
	expect_why_marquee(sim, &pos);

	/* A board: the cursor starts at the left edge, where LEFT does
	 * nothing; the words beside the board. */
	new_game(sim, GAME_CHOMP, "2x3", &pos);
	sim_run_ms(sim, 500);
	hold_left(sim);
	e2e_line(sim, 0, row);
	assert_non_null(strstr(row, "Win: "));
	e2e_press(sim, BUTTON_RIGHT);
	expect_why_marquee(sim, &pos);
	char why[TEXT_MAX];
	host_why(&pos, why, sizeof why);
	printf("# the hint and the reason why on the LCD: Nim won and lost, Chomp (\"%s\")\n", why);
	e2e_close(sim);
}

/* The longest work of the pages: every move of each board game's start
 * tried for the count of winning moves at every step of the marquee,
 * within the watchdog's time (the run's health check counts its resets),
 * and the text as the host's. */
static void board_pages_within_the_watchdog(void **state)
{
	(void)state;
	struct sim *sim = boot();
	unsigned games = 0;
	for (uint8_t game = GAME_CHOMP; game < GAME_COUNT; game++) {
		struct position pos;
		char example[256];
		struct buffer_sink sink;
		buffer_sink_init(&sink, example, sizeof example);
		engine_print_game_example(game, &sink.sink);
		new_game(sim, game, example, &pos);
		sim_run_ms(sim, 500);
		hold_left(sim);
		char row[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, row);
		if (strstr(row, "Win: ") == NULL && strstr(row, "Every") == NULL) {
			fail_msg("%s: no hint beside the board: \"%s\"", engine_game_name(game), row);
		}
		e2e_press(sim, BUTTON_RIGHT);
		expect_why_marquee(sim, &pos);
		e2e_press(sim, BUTTON_SELECT);
		games++;
	}
	e2e_close(sim);
	printf("# %u boards: the hint and the count of winning moves from the start, no watchdog reset\n", games);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hint_and_why_on_the_console),
		cmocka_unit_test(transcript_marks_slips),
		cmocka_unit_test(hint_and_why_with_the_buttons),
		cmocka_unit_test(board_pages_within_the_watchdog),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
