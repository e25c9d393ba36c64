/*
 * Hints, the reason why and slips, end to end through the pins, every game
 * set up and every move made with the buttons (the editions that teach need
 * not play games at the console):
 *   - LEFT held on where it changes nothing brings the hint on the LCD
 *     (the winning move marked, or "Every move loses"), RIGHT runs the
 *     reason why along row 1 from its start to its end, as the engine
 *     linked here prints it, DOWN gives the hint back, SELECT the move;
 *     a few presses of LEFT do not, and nothing is played;
 *   - the reason why of each board game's start (a count of winning moves,
 *     every move tried) runs within the watchdog's time;
 *   - the transcript marks a person's slip (a won position turned into a
 *     lost one) with the line "slip", and no other move.
 *
 * needs: TRANSCRIPT TEACHING (hints and the reason why with the buttons, and
 * slips in the transcript)
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
#define HELP_MS 3000u    /* the keys' help before the first turn */
#define GESTURE_MS 3500u /* LEFT held: the hint comes after about 3 s */
#define LEAVE_MS 1200u   /* SELECT held: the game is left */

static void host_why(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_why(pos, &sink.sink);
	assert_false(sink.overflowed);
}

/* Nim from `heaps` (count of them), the person first. */
static struct e2e_setup nim(uint8_t count, const uint32_t *heaps)
{
	struct e2e_setup setup = e2e_start(GAME_NIM, false);
	setup.rule = RULE_NORMAL;
	setup.count = count;
	memcpy(setup.value, heaps, count * sizeof heaps[0]);
	return setup;
}

/* Whether a game's screen shows (one began since the boot), which SELECT
 * held leaves for the menu, whatever it shows. */
static bool playing;

static struct sim *boot(void)
{
	playing = false;
	return e2e_boot(0);
}

/* A new game set up with the menu's buttons, from the menu or from a
 * game's screen (left first), through the keys' help to the person's turn;
 * its position here, and the transcript's output cleared. */
static void new_game(struct sim *sim, const struct e2e_setup *setup, struct position *pos)
{
	if (playing) {
		sim_button_down(sim, BUTTON_SELECT);
		sim_run_ms(sim, LEAVE_MS);
		sim_button_up(sim);
		e2e_expect_menu(sim, 1000);
	}
	e2e_menu_set(sim, setup);
	e2e_press(sim, BUTTON_SELECT);
	playing = true;
	sim_run_ms(sim, HELP_MS);
	e2e_setup_position(setup, pos);
	sim_uart_clear_output(sim);
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
	static const uint32_t won[] = { 3, 4, 5 };
	struct e2e_setup setup = nim(3, won);
	new_game(sim, &setup, &pos);
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
	static const uint32_t lost[] = { 1, 2, 3 };
	setup = nim(3, lost);
	new_game(sim, &setup, &pos);
	e2e_expect_line(sim, 1, "Take 1", 1000);
	hold_left(sim);
	e2e_expect_line(sim, 1, "Every move loses", 500);
	e2e_press(sim, BUTTON_RIGHT);
	expect_why_marquee(sim, &pos);

	/* A board: the cursor starts at the left edge, where LEFT does
	 * nothing; the words beside the board. */
	setup = e2e_start(GAME_CHOMP, false);
	setup.count = 2;
	setup.cols = 3;
	new_game(sim, &setup, &pos);
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

/* What the stack must leave free, as tests/e2e/test_stack.c holds the
 * pocket edition to: an interrupt's frame at the deepest point and paths
 * no step reaches, several times over. */
#define STACK_MARGIN 128u

/* The longest work of the reason why: every move of each board game's
 * start tried for the count of winning moves at every step of the
 * marquee, within the watchdog's time (the run's health check counts its
 * resets), and the text as the host's; and the deepest stack of the
 * hints and the reason why, whose marquee holds its whole text. */
static void board_pages_within_the_watchdog(void **state)
{
	(void)state;
	struct sim *sim = boot();
	sim_stack_repaint(sim);
	unsigned games = 0;
	for (uint8_t game = GAME_CHOMP; game < GAME_COUNT; game++) {
		if (!e2e_game_to_test(game)) {
			continue;
		}
		struct position pos;
		struct e2e_setup setup = e2e_start(game, false);
		new_game(sim, &setup, &pos);
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
	uint16_t stack = sim_stack_high_water(sim);
	int free_bytes = (int)sim_ram_size(sim) - (int)sim_static_ram(sim) - (int)stack;
	printf("# %u boards: the hint and the count of winning moves from the start, no watchdog reset\n", games);
	printf("# stack high-water %u bytes (menu, hints and reason why); static RAM %u; free %d of %u\n", stack,
	       sim_static_ram(sim), free_bytes, sim_ram_size(sim));
	if (free_bytes < (int)STACK_MARGIN) {
		fail_msg("static RAM and stack leave %d bytes free, less than the margin of %u", free_bytes,
			 STACK_MARGIN);
	}
	e2e_close(sim);
}

/* The person's move `move` (heap, count) from the Nim heaps `heaps`, made
 * with the buttons: whether the transcript marked it a slip, checked
 * against the engine here. */
static bool marked_slip(struct sim *sim, uint8_t count, const uint32_t *heaps, uint8_t heap, uint16_t take)
{
	struct position pos;
	struct e2e_setup setup = nim(count, heaps);
	new_game(sim, &setup, &pos);
	struct move mv;
	memset(&mv, 0, sizeof mv);
	mv.u.heap.heap = heap;
	mv.u.heap.count = take;
	assert_int_equal(engine_check_move(&pos, &mv), ENGINE_OK);
	bool winning = engine_outcome(&pos) == OUTCOME_N;
	struct position after = pos;
	engine_apply_move(&after, &mv);
	bool slip = winning && engine_outcome(&after) == OUTCOME_N;
	e2e_enter_move(sim, &pos, &mv, true);
	sim_run_ms(sim, 3000); /* the move's line, and the machine's reply */
	char you[256];
	assert_true(e2e_serial_line(sim, 0, you, sizeof you));
	assert_true(strncmp(you, "you ", 4) == 0);
	char next[256];
	assert_true(e2e_serial_line(sim, 1, next, sizeof next));
	bool marked = strcmp(next, "slip") == 0;
	if (marked != slip) {
		fail_msg("nim, heap %u take %u: the transcript says \"%s\" after \"%s\"", heap + 1u, take, next, you);
	}
	return marked;
}

static void transcript_marks_slips(void **state)
{
	(void)state;
	struct sim *sim = boot();
	static const uint32_t h345[] = { 3, 4, 5 }, h123[] = { 1, 2, 3 }, h579[] = { 5, 7, 9 }, h2[] = { 2 };
	static const struct {
		uint8_t count;
		const uint32_t *heaps;
		uint8_t heap;
		uint16_t take;
	} moves[] = {
		{ 3, h345, 0, 1 }, /* won, left won for the machine: a slip */
		{ 3, h345, 0, 2 }, /* the winning move */
		{ 3, h123, 0, 1 }, /* lost already: no slip whatever the move */
		{ 3, h579, 2, 9 }, /* a slip */
		{ 3, h579, 2, 7 }, /* 5 7 2: XOR 0, the winning move */
		{ 1, h2, 0, 2 },   /* the last stones: a win */
	};
	unsigned slips = 0;
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		slips += marked_slip(sim, moves[i].count, moves[i].heaps, moves[i].heap, moves[i].take);
	}
	assert_int_equal(slips, 2);
	printf("# %zu moves made with the buttons, %u marked as slips, each as the engine here says\n",
	       sizeof moves / sizeof moves[0], slips);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hint_and_why_with_the_buttons),
		cmocka_unit_test(board_pages_within_the_watchdog),
		cmocka_unit_test(transcript_marks_slips),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
