/*
 * XON/XOFF on the serial line (hal/uart.h), end to end: the real firmware
 * in the simulator, its RX pin fed at the true 115200 baud rate by a
 * simulated terminal (sim_uart_set_flow).
 *
 *   - heavy analysis lines (Nineteen, Taktix, Kubo, Nim) sent back to back
 *     to a terminal that honours XOFF 16 bytes late: one reply a line, in
 *     order, each the host engine's line (and, for some, the `grundy`
 *     program's);
 *   - the same lines from a sender that ignores XOFF: every reply is the
 *     analysis of a line sent whole, in order, or `error: input lost`;
 *     every stretch of lines lost has such an error, never more errors
 *     than lines lost; no reply comes from a line glued of two;
 *   - a session that never fills the buffer holds no XON or XOFF after
 *     the XON at start: the device sends them only as flow control, never
 *     inside its text;
 *   - a reset while the terminal is stopped lets it go again.
 *
 * needs: CONSOLE ANALYSIS ODRA (a stream of analyses)
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

#define LINES 300u
#define LINE_SIZE 160u
#define TERMINAL_LAG 16u /* bytes a terminal sends after XOFF reaches it */
#define TOOL_CHECKS 8u
#define ANALYSIS_MS 1500u /* the longest of these lines, with a margin */
#define LINE_MS 100u      /* a line and its reply, with a margin (about 14 ms measured) */
#define QUIET_MS 200u

struct batch {
	char command[LINES][LINE_SIZE];
	char expected[LINES][LINE_SIZE];
	char text[LINES * (LINE_SIZE + 2u)]; /* every command with its CR LF, back to back */
	size_t length;
};

/* ---- the engine on the host ---- */

static unsigned legal_moves(const struct position *pos)
{
	struct move mv;
	unsigned n = 0;
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		n++;
	}
	return n;
}

/* A position reached from the start by up to `steps` random legal moves. */
static void random_position(uint8_t game, uint32_t *seed, unsigned steps, struct position *pos)
{
	engine_start_position(pos, game);
	unsigned n = sim_random(seed) % (steps + 1u);
	for (unsigned i = 0; i < n; i++) {
		unsigned moves = legal_moves(pos);
		if (moves == 0) {
			break;
		}
		unsigned pick = sim_random(seed) % moves;
		struct move mv;
		bool more = engine_next_move(pos, &mv, true);
		for (unsigned k = 0; k < pick && more; k++) {
			more = engine_next_move(pos, &mv, false);
		}
		assert_true(more);
		engine_apply_move(pos, &mv);
	}
}

static void command_line(const struct position *pos, char *text, size_t size)
{
	char position[LINE_SIZE / 2u];
	struct buffer_sink sink;
	buffer_sink_init(&sink, position, sizeof position);
	engine_print_position(pos, &sink.sink);
	assert_false(sink.overflowed);
	snprintf(text, size, "%s %s", engine_game_name(pos->game), position);
}

/* Whether line `i`'s analysis is that of an earlier line. */
static bool seen(const struct batch *batch, unsigned i)
{
	for (unsigned k = 0; k < i; k++) {
		if (strcmp(batch->expected[k], batch->expected[i]) == 0) {
			return true;
		}
	}
	return false;
}

/* Line `i`: a position a few moves from the start for the board games,
 * many big heaps for Nim. */
static void heavy_line(struct batch *batch, unsigned i, uint32_t *seed)
{
	static const uint8_t games[] = { GAME_NINETEEN, GAME_TAKTIX, GAME_KUBO, GAME_NIM };
	struct position pos;
	uint8_t game = games[i % sizeof games];
	if (game == GAME_NIM) {
		char text[LINE_SIZE];
		snprintf(text, sizeof text, "%u %u %u %u %u %u %u %u", 65535u - i, sim_random(seed) & 0xFFFFu,
			 sim_random(seed) & 0xFFFFu, sim_random(seed) & 0xFFFFu, sim_random(seed) & 0xFFFFu,
			 sim_random(seed) & 0xFFFFu, sim_random(seed) & 0xFFFFu, sim_random(seed) & 0xFFFFu);
		assert_int_equal(engine_parse_position(&pos, GAME_NIM, text), ENGINE_OK);
	} else {
		random_position(game, seed, 3u, &pos);
	}
	command_line(&pos, batch->command[i], LINE_SIZE);
	e2e_host_analysis(&pos, batch->expected[i], LINE_SIZE);
}

/* The slowest analyses the device makes of these games, the games taking
 * turns, so that two neighbouring lines glued together make no line of
 * either.  Every line has an analysis of its own, so a reply says which
 * line it answers. */
static struct batch *heavy_batch(void)
{
	/* One static store: a failed check leaks nothing. */
	static struct batch store;
	struct batch *batch = &store;
	memset(batch, 0, sizeof *batch);
	uint32_t seed = 0xF10Cu;
	unsigned tries = 0;
	for (unsigned i = 0; i < LINES; i++) {
		do {
			assert_true(++tries < LINES * 100u);
			heavy_line(batch, i, &seed);
		} while (seen(batch, i));
		batch->length += (size_t)sprintf(batch->text + batch->length, "%s\r\n", batch->command[i]);
	}
	for (unsigned i = 0; i < TOOL_CHECKS; i++) {
		char tool[LINE_SIZE];
		e2e_tool_line(batch->command[i], tool, sizeof tool);
		assert_string_equal(tool, batch->expected[i]);
	}
	return batch;
}

/* XON and XOFF the device sent since boot() */
static uint32_t xons_at_boot;
static uint32_t xoffs_at_boot;

static uint32_t xons(struct sim *sim)
{
	return sim_uart_xons(sim) - xons_at_boot;
}

static uint32_t xoffs(struct sim *sim)
{
	return sim_uart_xoffs(sim) - xoffs_at_boot;
}

/* Powers the chip on; it starts with an XON, in case a reset came between
 * an XOFF and its XON. */
static struct sim *boot(void)
{
	struct sim *sim = e2e_boot(0);
	xons_at_boot = sim_uart_xons(sim);
	xoffs_at_boot = sim_uart_xoffs(sim);
	sim_uart_clear_output(sim);
	return sim;
}

/* Runs until every byte is sent and the device has been silent for
 * quiet_ms; false when that does not happen within the time the heavy
 * lines take. */
static bool output_quiet(struct sim *sim, uint32_t quiet_ms)
{
	for (uint32_t ms = 0; ms < LINES * ANALYSIS_MS && !sim_stopped(sim); ms += quiet_ms) {
		size_t before = sim_uart_output_length(sim);
		sim_run_ms(sim, quiet_ms);
		if (sim_uart_output_length(sim) == before && sim_uart_pending(sim) == 0) {
			return true;
		}
	}
	return false;
}

/* ---- the tests ---- */

static void a_terminal_honouring_xoff_gets_every_reply_in_order(void **state)
{
	(void)state;
	struct batch *batch = heavy_batch();
	struct sim *sim = boot();
	sim_uart_set_flow(sim, true, TERMINAL_LAG);
	uint64_t start = sim_cycles(sim);
	sim_uart_send(sim, batch->text, batch->length);
	bool all = e2e_serial_wait_lines(sim, LINES, LINES * LINE_MS);
	double seconds = (double)(sim_cycles(sim) - start) / BOARD_F_CPU;
	assert_true(output_quiet(sim, QUIET_MS));
	unsigned replies = e2e_serial_lines(sim);
	print_message("# %u lines (%zu bytes) back to back, the terminal %u bytes late to XOFF: %u replies in %.1f s, "
		      "%u XOFF and %u XON\n",
		      LINES, batch->length, TERMINAL_LAG, replies, seconds, xoffs(sim), xons(sim));
	if (!all || replies != LINES) {
		fail_msg("%u replies to %u lines (%s)", replies, LINES, sim_state_text(sim));
	}
	for (unsigned i = 0; i < LINES; i++) {
		char line[LINE_SIZE];
		assert_true(e2e_serial_line(sim, i, line, sizeof line));
		if (strcmp(line, batch->expected[i]) != 0) {
			fail_msg("line %u \"%s\":\n  device: %s\n  wanted: %s", i + 1u, batch->command[i], line,
				 batch->expected[i]);
		}
	}
	/* The lines outran the analyses, so the device did stop the terminal,
	 * and let it go every time. */
	assert_true(xoffs(sim) > 0);
	assert_int_equal(xons(sim), xoffs(sim));
	e2e_close(sim);
}

/* The replies after lines `from`..`to` - 1 went unanswered: at least one
 * error for them when there are any, never more errors than lines. */
static void check_gap(unsigned from, unsigned to, unsigned errors)
{
	unsigned lost = to - from;
	if (lost > 0 && errors == 0) {
		fail_msg("lines %u to %u lost without an error", from + 1u, to);
	}
	if (errors > lost) {
		fail_msg("%u errors for %u lines lost (lines %u to %u)", errors, lost, from + 1u, to);
	}
}

static void a_sender_ignoring_xoff_gets_answers_or_input_lost(void **state)
{
	(void)state;
	struct batch *batch = heavy_batch();
	struct sim *sim = boot();
	sim_uart_set_flow(sim, false, 0);
	sim_uart_send(sim, batch->text, batch->length);
	if (!output_quiet(sim, ANALYSIS_MS)) {
		fail_msg("no end to the replies: %s; %zu bytes unsent; output %s", sim_state_text(sim),
			 sim_uart_pending(sim), sim_uart_output(sim));
	}
	/* A line the loss cut ends at the next line end (firmware/console.h). */
	sim_uart_send(sim, "\r\n", 2);
	assert_true(output_quiet(sim, QUIET_MS));

	unsigned replies = e2e_serial_lines(sim);
	unsigned next = 0; /* the first line not yet answered or passed over */
	unsigned errors = 0;
	unsigned errors_in_gap = 0;
	unsigned answered = 0;
	for (unsigned r = 0; r < replies; r++) {
		char line[LINE_SIZE];
		assert_true(e2e_serial_line(sim, r, line, sizeof line));
		if (strcmp(line, "error: input lost") == 0) {
			errors++;
			errors_in_gap++;
			continue;
		}
		/* An analysis: of the next line sent whole that it matches. */
		unsigned k = next;
		while (k < LINES && strcmp(line, batch->expected[k]) != 0) {
			k++;
		}
		if (k == LINES) {
			fail_msg("reply %u \"%s\" answers no line sent whole after line %u (glued from two?)", r + 1u,
				 line, next);
		}
		check_gap(next, k, errors_in_gap);
		errors_in_gap = 0;
		answered++;
		next = k + 1u;
	}
	check_gap(next, LINES, errors_in_gap);
	print_message("# %u lines back to back, XOFF ignored: %u answered, %u lost with %u \"error: input lost\", "
		      "%u XOFF sent\n",
		      LINES, answered, LINES - answered, errors, xoffs(sim));
	/* The device could not keep up, so this checked the losses. */
	assert_true(errors > 0);
	e2e_close(sim);
}

static void replies_hold_no_xon_or_xoff(void **state)
{
	(void)state;
	struct sim *sim = boot();
	static const char *const lines[] = {
		"help",          "nineteen", "taktix", "kubo",  "nim 17 19 21",
		"new nim 3 4 5", "board",    "1-3",    "board", "no such command",
		"nim 99999999",  "odra",     "7",      "5",     "",
	};
	size_t bytes = 0;
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		e2e_serial_send(sim, lines[i]);
		assert_true(output_quiet(sim, QUIET_MS));
	}
	bytes = sim_uart_output_length(sim);
	print_message("# %zu lines, one at a time: %zu bytes of replies, %u XOFF and %u XON\n",
		      sizeof lines / sizeof lines[0], bytes, xoffs(sim), xons(sim));
	assert_true(bytes > 0);
	assert_int_equal(xoffs(sim), 0);
	assert_int_equal(xons(sim), 0);
	e2e_close(sim);
}

/* A terminal with XON/XOFF on may send them itself, anywhere in a line:
 * they are flow control, not text, so the line reads as if they were not
 * there (the old firmware refused it as "not text"). */
static void xon_and_xoff_from_the_terminal_are_not_text(void **state)
{
	(void)state;
	struct sim *sim = boot();
	char expected[LINE_SIZE];
	char reply[LINE_SIZE];
	e2e_tool_line("nim 3 4", expected, sizeof expected);
	static const char *const lines[] = { "nim \x11 3 4", "\x13nim 3 4\x11", "nim 3\x13\x11 4" };
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		e2e_serial_ask(sim, lines[i], reply, sizeof reply);
		assert_string_equal(reply, expected);
	}
	/* A line of nothing else is an empty line: no reply. */
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "\x13\x11");
	assert_true(output_quiet(sim, QUIET_MS));
	assert_int_equal(sim_uart_output_length(sim), 0);
	print_message("# %zu lines with XON and XOFF in them read without them\n", sizeof lines / sizeof lines[0]);
	e2e_close(sim);
}

/* An XOFF without its XON yet. */
static bool terminal_stopped(struct sim *sim, void *ctx)
{
	(void)ctx;
	return xoffs(sim) > xons(sim);
}

static bool all_sent(struct sim *sim, void *ctx)
{
	(void)ctx;
	return sim_uart_pending(sim) == 0;
}

static void a_reset_lets_a_stopped_terminal_go(void **state)
{
	(void)state;
	struct batch *batch = heavy_batch();
	struct sim *sim = boot();
	sim_uart_send(sim, batch->text, batch->length);
	assert_true(sim_run_until(sim, terminal_stopped, NULL, LINES * LINE_MS));
	/* Power off before the XON comes, and on again. */
	sim_power_cycle(sim);
	size_t held = sim_uart_pending(sim);
	bool sent = sim_run_until(sim, all_sent, NULL, LINES * LINE_MS);
	print_message("# a reset with the terminal stopped and %zu bytes to send: %s\n", held,
		      sent ? "all sent after it" : "never sent");
	assert_true(held > 0);
	assert_true(sent);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_terminal_honouring_xoff_gets_every_reply_in_order),
		cmocka_unit_test(a_sender_ignoring_xoff_gets_answers_or_input_lost),
		cmocka_unit_test(replies_hold_no_xon_or_xoff),
		cmocka_unit_test(xon_and_xoff_from_the_terminal_are_not_text),
		cmocka_unit_test(a_reset_lets_a_stopped_terminal_go),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
