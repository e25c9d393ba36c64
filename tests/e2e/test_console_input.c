/*
 * Bad input at the serial console (firmware/console.h) end to end: the
 * real firmware in the simulator, spoken to over its UART at 115200 baud,
 * the LCD read through the shield's pins.
 *
 *   - every kind of bad line gets one error line and leaves the game as it
 *     was, on the console and on the LCD: over-long lines, unknown
 *     commands and games, non-numbers, numbers out of range, illegal moves,
 *     control and 8-bit bytes;
 *   - a line ends with CR, LF or CRLF; lines are edited with BS and DEL,
 *     and a TAB is a space;
 *   - a row the Odra challenge refuses ends it: the next line is a command,
 *     and every line gets its reply.
 *
 * needs: CONSOLE ANALYSIS TYPED_PLAY ODRA TRANSCRIPT (bad lines during a
 * game begun with `new`, lines answered with an analysis, the challenge)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_console.h"
#include "tests/e2e/e2e_serial.h"

#define ODRA_PROMPT "odra: rows 0-65535, one a line, then an empty line"

/* ---- bad input ---- */

struct bad_line {
	const char *sent;
	size_t length;     /* 0: strlen */
	const char *reply; /* NULL: the engine's refusal, worked out on the host */
};

/* Sent during "new nim 3 4 5" after the person's 1-1 and the machine's
 * reply; moves are checked against the host engine's refusals. */
static const struct bad_line bad_lines[] = {
	{ "xyzzy", 0, "error: unknown command" },
	{ "  Boardgame", 0, "error: unknown command" },
	{ "new nosuchgame", 0, "error: unknown game" },
	{ "new", 0, "error: unknown game" },
	{ "go", 0, "error: unknown game" },
	{ "new nimble x", 0, "error: not a number" },
	{ "nim x", 0, "error: not a number" },
	{ "nim 70000", 0, "error: out of range" },
	{ "nim 1 2 3 4 5 6 7 8 9", 0, "error: too many parts" },
	{ "subtract-digit 4294967296", 0, "error: out of range" },
	{ "taktix OOOO", 0, "error: bad syntax" },
	{ "new nim 0 0", 0, "error: game is over" },
	{ "9-1", 0, NULL },
	{ "2-99", 0, NULL },
	{ "1-0", 0, NULL },
	{ "1+1", 0, NULL },
	{ "-", 0, NULL },
	{ "3-1 2-1", 0, NULL },
	{ "99999999999-1", 0, NULL },
	{ "a1", 0, NULL },
	{ "nim\0 3", 6, "error: not text" },
	{ "\377\376help", 6, "error: not text" },
	{ "\033[A", 3, "error: not text" },
	{ "1\001-1", 4, "error: not text" },
};

static void each_bad_line_gets_one_error_and_changes_nothing(void **state)
{
	(void)state;
	struct position pos;
	struct e2e_console_snapshot snap;
	struct sim *sim = e2e_console_boot_into_a_game(&pos, &snap);

	for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++) {
		const struct bad_line *bad = &bad_lines[i];
		size_t length = bad->length != 0 ? bad->length : strlen(bad->sent);
		char expected[E2E_CONSOLE_TEXT_MAX];
		if (bad->reply != NULL) {
			snprintf(expected, sizeof expected, "%s", bad->reply);
		} else {
			struct move mv;
			enum engine_error err = engine_parse_move(&pos, bad->sent, &mv);
			if (err == ENGINE_OK) {
				err = engine_check_move(&pos, &mv);
			}
			assert_int_not_equal(err, ENGINE_OK);
			e2e_console_error_line(err, expected, sizeof expected);
		}
		sim_uart_clear_output(sim);
		sim_uart_send(sim, bad->sent, length);
		sim_uart_send(sim, "\r\n", 2);
		assert_true(e2e_serial_wait_lines(sim, 1, E2E_SERIAL_REPLY_MS));
		sim_run_ms(sim, E2E_CONSOLE_QUIET_MS);
		char reply[E2E_CONSOLE_TEXT_MAX];
		assert_true(e2e_serial_line(sim, 0, reply, sizeof reply));
		assert_string_equal(reply, expected);
		assert_int_equal(e2e_serial_lines(sim), 1);
	}

	/* A line of 285 characters and one of 1,000: one error each. */
	char long_line[1001];
	for (size_t length = E2E_CONSOLE_LINE_MAX + 1u; length <= 1000u; length += 1000u - E2E_CONSOLE_LINE_MAX - 1u) {
		memset(long_line, '1', length);
		long_line[length] = '\0';
		e2e_console_expect_reply(sim, long_line, "error: line too long");
	}
	/* 284 characters are taken: spaces before a command are allowed. */
	memset(long_line, ' ', E2E_CONSOLE_LINE_MAX);
	strcpy(long_line + E2E_CONSOLE_LINE_MAX - 5, "nim 6");
	char nim6[E2E_CONSOLE_TEXT_MAX];
	e2e_console_host_line("nim 6", nim6, sizeof nim6);
	e2e_console_expect_reply(sim, long_line, nim6);

	e2e_console_expect_snapshot(sim, &snap);
	print_message("# %zu bad lines and 2 over-long ones: one error line each, the game unchanged\n",
		      sizeof bad_lines / sizeof bad_lines[0]);
	e2e_close(sim);
}

/* Line ends of every kind, and backspace. */
static void any_line_end_and_backspace(void **state)
{
	(void)state;
	struct sim *sim = e2e_console_boot();
	char nim6[E2E_CONSOLE_TEXT_MAX];
	e2e_console_host_line("nim 6", nim6, sizeof nim6);
	static const char *const sent[] = { "nim 6\r",      "nim 6\n",      "nim 6\r\n",  "\r\n\r\n\n\rnim 6\n\n",
					    "nimx\b 6\r\n", "nim 66\177\n", "\b\bnim 6\r" };
	for (size_t i = 0; i < sizeof sent / sizeof sent[0]; i++) {
		sim_uart_clear_output(sim);
		sim_uart_send(sim, sent[i], strlen(sent[i]));
		assert_true(e2e_serial_wait_lines(sim, 1, E2E_SERIAL_REPLY_MS));
		sim_run_ms(sim, E2E_CONSOLE_QUIET_MS);
		char reply[E2E_CONSOLE_TEXT_MAX];
		assert_true(e2e_serial_line(sim, 0, reply, sizeof reply));
		assert_string_equal(reply, nim6);
		assert_int_equal(e2e_serial_lines(sim), 1);
	}
	e2e_close(sim);
}

/* A line is edited as a terminal with local echo shows it: BS and DEL
 * erase the last character (none left: nothing), a TAB counts as a space;
 * every other control byte, and every 8-bit byte, has its line refused
 * with one error line, and erasing it afterwards does not save the line. */
static void line_editing_and_other_control_bytes(void **state)
{
	(void)state;
	struct sim *sim = e2e_console_boot();
	char nim6[E2E_CONSOLE_TEXT_MAX];
	e2e_console_host_line("nim 6", nim6, sizeof nim6);
	static const char *const edited[] = {
		"nim 7\b6",
		"nim 7\1776",
		"nim 6\t\b",
		"\177nim 6",
		"kayles\b\b\b\b\b\b\bnim 6",
		"nim\t6",
		"\tnim \t 6\t",
		"nim 65\b",
		"NIM 6\b\b\b\b\bnim 6",
	};
	for (size_t i = 0; i < sizeof edited / sizeof edited[0]; i++) {
		e2e_console_expect_reply(sim, edited[i], nim6);
	}
	/* Editing a line down to nothing leaves an empty line: no reply. */
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "help\b\b\b\b");
	sim_run_ms(sim, 200);
	assert_int_equal(e2e_serial_lines(sim), 0);

	unsigned refused = 0;
	for (unsigned byte = 0; byte < 256u; byte++) {
		bool text = byte >= ' ' && byte <= '~';
		bool editing = byte == '\b' || byte == '\t' || byte == 0x7Fu;
		bool line_end = byte == '\r' || byte == '\n';
		/* XON and XOFF are the terminal's flow control, dropped by the
		 * UART (test_flow_control). */
		bool flow = byte == 0x11u || byte == 0x13u;
		/* Of the 8-bit bytes, a sample: the first and last, and a few. */
		bool sampled = byte < 0x80u || byte == 0x80u || byte == 0xA0u || byte == 0xC3u || byte == 0xFEu ||
			       byte == 0xFFu;
		if (text || editing || line_end || flow || !sampled) {
			continue;
		}
		char line[] = { 'n', 'i', 'm', (char)byte, ' ', '6' };
		sim_uart_clear_output(sim);
		sim_uart_send(sim, line, sizeof line);
		sim_uart_send(sim, "\r\n", 2);
		assert_true(e2e_serial_wait_lines(sim, 1, E2E_SERIAL_REPLY_MS));
		sim_run_ms(sim, E2E_CONSOLE_QUIET_MS);
		char reply[E2E_CONSOLE_TEXT_MAX];
		assert_true(e2e_serial_line(sim, 0, reply, sizeof reply));
		if (strcmp(reply, "error: not text") != 0 || e2e_serial_lines(sim) != 1) {
			fail_msg("byte 0x%02X in a line: the device wrote:\n%s", byte, sim_uart_output(sim));
		}
		refused++;
	}
	e2e_console_expect_reply(sim, "nim\001\b 6", "error: not text");
	e2e_console_expect_reply(sim, "nim 6", nim6);
	print_message("# %zu edited lines read as typed; %u other control and 8-bit bytes each refused their line\n",
		      sizeof edited / sizeof edited[0], refused);
	e2e_close(sim);
}

/* After the Odra challenge refuses a row, the console is itself again:
 * the refusal ends the challenge, and the next line is a command with its
 * own reply; every line after the refused row gets its reply, sent one by
 * one or back to back. */
static void a_refused_odra_row_leaves_the_console_ready(void **state)
{
	(void)state;
	struct sim *sim = e2e_console_boot();
	char reply[E2E_CONSOLE_TEXT_MAX];
	e2e_serial_ask(sim, "odra", reply, sizeof reply);
	assert_true(strncmp(reply, "odra: ", 6) == 0);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "3");
	sim_run_ms(sim, 300);
	assert_int_equal(e2e_serial_lines(sim), 0); /* a good row has no reply of its own */
	e2e_console_expect_reply(sim, "help", "error: row 2: not a number");
	char nim345[E2E_CONSOLE_TEXT_MAX];
	e2e_console_host_line("nim 3 4 5", nim345, sizeof nim345);
	e2e_console_expect_reply(sim, "nim 3 4 5", nim345);
	e2e_serial_ask_until(sim, "new nim 3 4 5", "your move", E2E_CONSOLE_TURN_MS);
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_NIM, "3 4 5"), ENGINE_OK);
	assert_true(strncmp(sim_uart_output(sim), "new nim 3 4 5\r\n", 15) == 0);
	sim_run_ms(sim, 100);
	e2e_expect_position(sim, &pos, "after new, after the challenge");
	char board[E2E_CONSOLE_TEXT_MAX];
	char expected[E2E_CONSOLE_TEXT_MAX];
	e2e_console_board_print(sim, board, sizeof board);
	e2e_console_expected_board(&pos, "your move", expected, sizeof expected);
	assert_string_equal(board, expected);

	/* Every way a row is refused ends the challenge the same way. */
	static const struct {
		const char *row;
		const char *error;
	} bad[] = {
		{ "nim 3 4 5", "error: row 1: line too long" },
		{ "70000", "error: row 1: out of range" },
		{ "1\0012", "error: row 1: not text" },
		{ "", NULL }, /* an empty line ends the challenge with its answer */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		e2e_serial_ask(sim, "odra", reply, sizeof reply);
		if (bad[i].error != NULL) {
			e2e_console_expect_reply(sim, bad[i].row, bad[i].error);
		} else {
			e2e_serial_ask(sim, bad[i].row, reply, sizeof reply);
			assert_true(strncmp(reply, "odra rows=0 ", 12) == 0);
		}
		e2e_console_board_print(sim, board, sizeof board);
		assert_string_equal(board, expected);
	}

	/* Back to back: the rows, a refused one, then three commands; each
	 * line from the refused one on gets its reply, in order. */
	char nim6[E2E_CONSOLE_TEXT_MAX];
	e2e_console_host_line("nim 6", nim6, sizeof nim6);
	sim_uart_clear_output(sim);
	const char *burst = "odra\r\n1\r\n2\r\nx\r\nnim 6\r\nboard\r\n9-9\r\n";
	sim_uart_send(sim, burst, strlen(burst));
	sim_run_ms(sim, 1000);
	char lines[3 * E2E_CONSOLE_TEXT_MAX];
	snprintf(lines, sizeof lines, "%s\r\nerror: row 3: not a number\r\n%s\r\n%serror: no such heap/row\r\n",
		 ODRA_PROMPT, nim6, expected);
	assert_string_equal(sim_uart_output(sim), lines);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_bad_line_gets_one_error_and_changes_nothing),
		cmocka_unit_test(any_line_end_and_backspace),
		cmocka_unit_test(line_editing_and_other_control_bytes),
		cmocka_unit_test(a_refused_odra_row_leaves_the_console_ready),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
