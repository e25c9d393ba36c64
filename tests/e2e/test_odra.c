/*
 * The Odra challenge (firmware/odra.h) end to end: the real firmware in the
 * simulator gets `odra`, then thousands of Nim rows back to back over its
 * UART, then an empty line, and answers with a winning move under normal
 * and misère play.  Every answer is checked here independently: the
 * nim-sum and who wins are computed from the rows sent, the move is
 * played on them and must leave the opponent lost under its rule; small
 * positions are also checked by the brute-force solver (tests/brute/).
 * Answers must be errors-free: not a byte lost at the line's full speed.
 * A bad row gets one error line naming it, which ends the challenge, and
 * the challenge leaves the game in progress as it was.
 *
 * Where the build plays games typed at the console (TYPED_PLAY), the
 * game is begun and read there; otherwise with the buttons and on the LCD.
 *
 * needs: CONSOLE ANALYSIS ODRA (an analysis after the rows)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "tests/brute/brute.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"
#include "tests/e2e/odra_challenge.h"

#define ODRA_ROWS 8000u
#define MANY_ROWS 70000u /* row numbers past 16 bits */
#define ROW_MAX 65535u

static struct sim *boot(void)
{
	struct sim *sim = e2e_boot(0);
	sim_uart_clear_output(sim);
	return sim;
}

/* ---- the answer, worked out here ---- */

static bool player_has_a_move(const struct odra_rows *rows)
{
	for (uint32_t i = 0; i < rows->count; i++) {
		if (rows->size[i] != 0) {
			return true;
		}
	}
	return false;
}

/* The device's MOVE for one rule, checked (tests/e2e/odra_challenge.h). */
static void check_move(const struct odra_rows *rows, bool misere, const char *move)
{
	const char *wrong = odra_check_move(rows, misere, move);
	if (wrong != NULL) {
		fail_msg("%s: %s: %s", misere ? "misere" : "normal", move, wrong);
	}
}

/* ---- the challenge on the device ---- */

/* Runs the challenge and checks everything in the answer. */
static void challenge(struct sim *sim, const struct odra_rows *rows, const char *line_end, struct odra_answer *answer)
{
	uint32_t xoffs = sim_uart_xoffs(sim);
	const char *wrong = odra_challenge_run(sim, rows, line_end, answer);
	if (wrong != NULL) {
		fail_msg("%s; the device wrote:\n%s", wrong, answer->line);
	}
	assert_string_equal(answer->prompt, ODRA_CHALLENGE_PROMPT);
	assert_int_equal(answer->rows, rows->count);
	check_move(rows, false, answer->normal);
	check_move(rows, true, answer->misere);
	assert_int_equal(answer->overruns, 0);
	/* The time reported, from the prompt to the answer, is the line's:
	 * the bytes at the line's rate, to within the tick's millisecond, the
	 * millisecond this test waits after the prompt and the last row's
	 * reckoning; or longer when the device stopped the line (XOFF: at 1
	 * Mbaud rows of one digit come faster than it adds them). */
	double line_ms = (double)answer->bytes_sent * sim_uart_byte_cycles(sim) * 1000.0 / BOARD_F_CPU;
	bool stopped = sim_uart_xoffs(sim) != xoffs;
	if (answer->ms + 3.0 < line_ms || (!stopped && answer->ms > line_ms + 5.0)) {
		fail_msg("%zu bytes in %u ms: %s", answer->bytes_sent, answer->ms, answer->line);
	}
}

static void note(const char *what, const struct odra_rows *rows, const struct odra_answer *answer)
{
	print_message("# %s: %u rows, %zu bytes, answered in %u ms (device clock), %.0f awake cycles a row "
		      "(interrupts included), normal=%s misere=%s\n",
		      what, rows->count, answer->bytes_sent, answer->ms,
		      (double)answer->awake_cycles / (rows->count > 0 ? rows->count : 1u), answer->normal,
		      answer->misere);
}

/* Rows to fill, in one static store (a failed check leaks nothing). */
static struct odra_rows new_rows(uint32_t count)
{
	static uint16_t store[MANY_ROWS];
	assert_true(count <= sizeof store / sizeof store[0]);
	memset(store, 0, sizeof store);
	return (struct odra_rows){ store, count };
}

/* ---- tests ---- */

static void eight_thousand_random_rows(void **state)
{
	(void)state;
	struct sim *sim = boot();
	uint32_t seed = 1003u;
	for (int round = 0; round < 2; round++) {
		struct odra_rows rows = new_rows(ODRA_ROWS);
		for (uint32_t i = 0; i < rows.count; i++) {
			rows.size[i] = (uint16_t)(sim_random(&seed) % (ROW_MAX + 1u));
		}
		struct odra_answer answer;
		challenge(sim, &rows, round == 0 ? "\r\n" : "\n", &answer);
		note(round == 0 ? "random rows, CRLF" : "random rows, LF", &rows, &answer);
	}
	e2e_close(sim);
}

/* The challenge sent as one file, `odra`, the rows and the empty line back
 * to back, by a terminal that ignores XON/XOFF, as `cat rows.txt >
 * /dev/ttyACM0` sends it: the prompt goes out while the rows come in,
 * and not a byte is lost, the chip's receive buffer never overruns, and
 * the answer comes within 9% of the bytes' own time (0.60 s for their
 * 0.55 s at 1 Mbaud).  The rows of make bench, at the line's full rate
 * whatever the build's rate. */
static void a_file_sent_whole_at_full_rate_loses_nothing(void **state)
{
	(void)state;
	struct sim *sim = boot();
	sim_uart_set_flow(sim, false, 0);
	uint32_t seed = 1003u;
	struct odra_rows rows = new_rows(ODRA_ROWS);
	for (uint32_t i = 0; i < rows.count; i++) {
		rows.size[i] = (uint16_t)sim_random(&seed);
	}
	for (int round = 0; round < 2; round++) {
		uint32_t xoffs = sim_uart_xoffs(sim);
		struct odra_answer answer;
		const char *wrong = odra_challenge_run_file(sim, &rows, round == 0 ? "\r\n" : "\n", &answer);
		if (wrong != NULL) {
			fail_msg("%s; the device wrote:\n%s", wrong, answer.line);
		}
		assert_string_equal(answer.prompt, ODRA_CHALLENGE_PROMPT);
		assert_int_equal(answer.rows, rows.count);
		assert_int_equal(answer.overruns, 0);
		check_move(&rows, false, answer.normal);
		check_move(&rows, true, answer.misere);
		double bytes_ms = (double)answer.bytes_sent * sim_uart_byte_cycles(sim) * 1000.0 / BOARD_F_CPU;
		double answer_ms = (double)answer.cycles * 1000.0 / BOARD_F_CPU;
		print_message(
			"# one file at %u baud, %s, XOFF ignored: %zu bytes in %.0f ms (the bytes alone %.0f ms), "
			"%u XOFF sent, 0 bytes lost\n",
			sim_uart_baud(sim), round == 0 ? "CRLF" : "LF", answer.bytes_sent, answer_ms, bytes_ms,
			sim_uart_xoffs(sim) - xoffs);
		if (answer_ms > 1.09 * bytes_ms) {
			fail_msg("answered after %.0f ms, the bytes alone take %.0f ms", answer_ms, bytes_ms);
		}
	}
	e2e_close(sim);
}

/* 8,000 rows whose nim-sum is 0: both rules lose for the player to move. */
static void eight_thousand_rows_that_lose(void **state)
{
	(void)state;
	struct sim *sim = boot();
	uint32_t seed = 8000u;
	struct odra_rows rows = new_rows(ODRA_ROWS);
	uint16_t x = 0;
	for (uint32_t i = 0; i + 1u < rows.count; i++) {
		rows.size[i] = (uint16_t)(sim_random(&seed) % (ROW_MAX + 1u));
		x ^= rows.size[i];
	}
	rows.size[rows.count - 1u] = x;
	struct odra_answer answer;
	challenge(sim, &rows, "\r", &answer);
	assert_string_equal(answer.normal, "-");
	assert_string_equal(answer.misere, "-");
	note("nim-sum 0, CR", &rows, &answer);
	e2e_close(sim);
}

/* Where misère differs: rows of 0 and 1 with one big row, or none. */
static void eight_thousand_rows_where_misere_differs(void **state)
{
	(void)state;
	struct sim *sim = boot();
	uint32_t seed = 1962u;
	for (int shape = 0; shape < 4; shape++) {
		struct odra_rows rows = new_rows(ODRA_ROWS + (uint32_t)shape);
		for (uint32_t i = 0; i < rows.count; i++) {
			rows.size[i] = (uint16_t)(sim_random(&seed) & 1u);
		}
		if (shape < 2) {
			/* One big row, somewhere in the middle, after both parities of 1-rows. */
			rows.size[rows.count / 2u + (uint32_t)shape] = (uint16_t)(2u + sim_random(&seed) % 60000u);
		}
		struct odra_answer answer;
		challenge(sim, &rows, "\r\n", &answer);
		char what[64];
		snprintf(what, sizeof what, "rows of 0 and 1, %s", shape < 2 ? "one big row" : "no big row");
		note(what, &rows, &answer);
		if (shape < 2) {
			assert_string_not_equal(answer.normal, answer.misere);
		}
	}
	e2e_close(sim);
}

/* More rows than 16 bits count, the winning rows among the last: the
 * answer names rows past 65,535.  Mostly empty rows, so that the line
 * takes 20 s, not 60. */
static void seventy_thousand_rows(void **state)
{
	(void)state;
	struct sim *sim = boot();
	uint32_t seed = 65536u;
	for (int rule = 0; rule < 2; rule++) {
		struct odra_rows rows = new_rows(MANY_ROWS);
		for (uint32_t i = 65536u; i < rows.count; i += 1u + sim_random(&seed) % 1000u) {
			rows.size[i] = (uint16_t)(rule == 0 ? sim_random(&seed) : sim_random(&seed) & 1u);
		}
		if (rule == 1) {
			/* One big row: misère differs from normal play. */
			rows.size[MANY_ROWS - 7u] = 1962u;
		}
		struct odra_answer answer;
		challenge(sim, &rows, "\n", &answer);
		unsigned long row = 0;
		assert_int_equal(sscanf(rule == 0 ? answer.normal : answer.misere, "%lu-", &row), 1);
		assert_true(row > 65536u);
		note(rule == 0 ? "70,000 rows, random past 65,536" : "70,000 rows of 0 and 1 past 65,536, one big",
		     &rows, &answer);
	}
	e2e_close(sim);
}

/* Small positions, checked by the brute-force solver as well, with every
 * kind of line end. */
static void small_positions_agree_with_the_solver(void **state)
{
	(void)state;
	struct sim *sim = boot();
	uint32_t seed = 7u;
	unsigned checked = 0;
	for (int i = 0; i < 60; i++) {
		struct odra_rows rows = new_rows(1u + sim_random(&seed) % 6u);
		for (uint32_t r = 0; r < rows.count; r++) {
			rows.size[r] = (uint16_t)(sim_random(&seed) % (i % 3 == 0 ? 2u : 8u));
		}
		struct odra_answer answer;
		challenge(sim, &rows, i % 3 == 0 ? "\r\n" : i % 3 == 1 ? "\n" : "\r", &answer);
		for (int misere = 0; misere < 2; misere++) {
			struct brute_pos pos;
			memset(&pos, 0, sizeof pos);
			pos.game = misere ? GAME_MISERE_NIM : GAME_NIM;
			pos.misere = misere != 0;
			pos.count = (uint8_t)rows.count;
			for (uint32_t r = 0; r < rows.count; r++) {
				pos.part[r] = rows.size[r];
			}
			const char *move = misere ? answer.misere : answer.normal;
			bool over = !player_has_a_move(&rows);
			/* With no move left the misère player to move has won, and
			 * there is no move to give. */
			bool wins = !over && brute_wins(&pos);
			assert_int_equal(strcmp(move, "-") != 0, wins);
			if (wins) {
				unsigned long row;
				unsigned long take;
				assert_int_equal(sscanf(move, "%lu-%lu", &row, &take), 2);
				struct brute_move mv = { .part = (uint8_t)(row - 1u), .amount = take };
				assert_true(brute_is_legal(&pos, &mv));
				brute_apply(&pos, &mv);
				assert_false(brute_wins(&pos));
			}
			checked++;
		}
	}
	print_message("# %u answers of small positions agree with the brute-force solver\n", checked);
	e2e_close(sim);
}

static void edge_rows(void **state)
{
	(void)state;
	struct sim *sim = boot();
	/* The Odra's own Marienbad. */
	uint16_t marienbad[] = { 1, 3, 5, 7 };
	struct odra_rows rows = { marienbad, 4 };
	struct odra_answer answer;
	challenge(sim, &rows, "\r\n", &answer);
	assert_string_equal(answer.normal, "-");
	assert_string_equal(answer.misere, "-");
	/* The largest rows. */
	uint16_t large[] = { 65535, 65535, 65535, 0, 1 };
	rows = (struct odra_rows){ large, 5 };
	challenge(sim, &rows, "\n", &answer);
	assert_string_equal(answer.normal, "1-65534");
	/* No rows at all, and only empty rows: no move either way. */
	rows = (struct odra_rows){ large, 0 };
	challenge(sim, &rows, "\r\n", &answer);
	uint16_t zeros[] = { 0, 0, 0 };
	rows = (struct odra_rows){ zeros, 3 };
	challenge(sim, &rows, "\r\n", &answer);
	assert_string_equal(answer.normal, "-");
	assert_string_equal(answer.misere, "-");
	e2e_close(sim);
}

/* A bad row is named in one error line at once, and that ends the
 * challenge: the lines after it are commands again, each with its reply
 * (here a row of digits is a move with no game to make it in). */
static void bad_rows_get_one_error(void **state)
{
	(void)state;
	struct sim *sim = boot();
	static const struct {
		const char *rows;
		const char *error;
		const char *after; /* the reply to the line after the bad row, or NULL: none sent */
	} bad[] = {
		{ "1\r\n2\r\n65536\r\n4\r\n", "error: row 3: out of range", "error: no game" },
		{ "1\r\nx\r\n", "error: row 2: not a number", NULL },
		{ "7\r\n12a\r\nmarienbad\r\n", "error: row 2: not a number",
		  "game=marienbad outcome=P grundy=- move=4-1 after=1 3 5 6" },
		{ "help\r\n1\r\n", "error: row 1: not a number", "error: no game" },
		{ "1 2 3\r\n", "error: row 1: not a number", NULL },
		{ "-3\r\n", "error: row 1: not a number", NULL },
		{ " 5 \r\n 6\r\n99999\r\n", "error: row 3: out of range", NULL },
		{ "12345678\r\n", "error: row 1: line too long", NULL },
		{ "99999999999999999999\r\n", "error: row 1: line too long", NULL },
		{ "1\r\n\001\377\r\n", "error: row 2: not text", NULL },
		{ "1\r\n2\033\r\n3\r\n", "error: row 2: not text", "error: no game" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		sim_uart_clear_output(sim);
		e2e_serial_send(sim, "odra");
		assert_true(e2e_serial_wait_lines(sim, 1, 1000));
		sim_uart_send(sim, bad[i].rows, strlen(bad[i].rows));
		/* An empty line is no command: it adds no reply. */
		sim_uart_send(sim, "\r\n", 2);
		/* A row read as a command after the challenge: a move, which
		 * finds no game, where games are typed; else no command. */
		const char *after = bad[i].after;
		if (after != NULL && strcmp(after, "error: no game") == 0 && !e2e_feature("TYPED_PLAY")) {
			after = "error: unknown command";
		}
		unsigned lines = after != NULL ? 3u : 2u;
		assert_true(e2e_serial_wait_lines(sim, lines, 1000));
		sim_run_ms(sim, 50);
		char line[128];
		assert_true(e2e_serial_line(sim, 1, line, sizeof line));
		assert_string_equal(line, bad[i].error);
		if (after != NULL) {
			assert_true(e2e_serial_line(sim, 2, line, sizeof line));
			assert_string_equal(line, after);
		}
		assert_int_equal(e2e_serial_lines(sim), lines);
	}
	/* Spaces around a row are allowed, and the console answers as usual
	 * afterwards. */
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "odra");
	const char *rows = " 1 \r\n\t3\r\n5  \r\n6\r\n\r\n";
	sim_uart_send(sim, rows, strlen(rows));
	assert_true(e2e_serial_wait_lines(sim, 2, 1000));
	char line[128];
	assert_true(e2e_serial_line(sim, 1, line, sizeof line));
	assert_true(strncmp(line, "odra rows=4 normal=1-1 misere=1-1 ms=", 37) == 0);
	char reply[128];
	e2e_serial_ask(sim, "marienbad", reply, sizeof reply);
	assert_string_equal(reply, "game=marienbad outcome=P grundy=- move=4-1 after=1 3 5 6");
	e2e_close(sim);
}

/* The challenge leaves the game in progress as it was. */
static void the_game_in_progress_is_untouched(void **state)
{
	(void)state;
	struct sim *sim = boot();
	bool typed = e2e_feature("TYPED_PLAY");
	if (typed) {
		e2e_serial_ask_until(sim, "new marienbad", "your move", 10000);
		sim_run_ms(sim, 3000);
		e2e_serial_ask_all(sim, "board", 30);
	} else {
		/* The menu's first game, Marienbad, begun with SELECT. */
		e2e_press(sim, BUTTON_SELECT);
		sim_run_ms(sim, 3000);
	}
	char before[512];
	snprintf(before, sizeof before, "%s", sim_uart_output(sim));
	char lcd_before[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lcd_before);

	uint32_t seed = 5u;
	struct odra_rows rows = new_rows(2000);
	for (uint32_t i = 0; i < rows.count; i++) {
		rows.size[i] = (uint16_t)sim_random(&seed);
	}
	struct odra_answer answer;
	challenge(sim, &rows, "\r\n", &answer);

	if (typed) {
		e2e_serial_ask_all(sim, "board", 30);
		assert_string_equal(sim_uart_output(sim), before);
	}
	char lcd_after[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lcd_after);
	for (uint8_t row = 0; row < BOARD_LCD_ROWS; row++) {
		assert_string_equal(lcd_after[row], lcd_before[row]);
	}
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(eight_thousand_random_rows),
		cmocka_unit_test(a_file_sent_whole_at_full_rate_loses_nothing),
		cmocka_unit_test(eight_thousand_rows_that_lose),
		cmocka_unit_test(eight_thousand_rows_where_misere_differs),
		cmocka_unit_test(seventy_thousand_rows),
		cmocka_unit_test(small_positions_agree_with_the_solver),
		cmocka_unit_test(edge_rows),
		cmocka_unit_test(bad_rows_get_one_error),
		cmocka_unit_test(the_game_in_progress_is_untouched),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
