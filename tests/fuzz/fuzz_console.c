/*
 * The serial console under libFuzzer: the fuzzer's bytes are what the other
 * end of the serial line sends, and the firmware's logic (every firmware/
 * file but main.c: the console, the game, the screens, the transcript, with
 * the engine) runs on the host against the fake HAL (tests/fake_hal/), one
 * pass of the main loop (box_poll()) at a time, the machine replying to
 * moves as the play screen makes it.  ASan and UBSan catch any overflow or
 * undefined behaviour; the checks below catch what they cannot:
 *   - every byte the firmware writes is printable ASCII, and every line
 *     ends in CRLF;
 *   - a line sent has one effect at most: an error line (one for each bad
 *     line, whatever made it bad), a game begun or a move of the person's,
 *     so a line refused changes nothing (the lines that begin a game or
 *     tell the person's move, "new", "go" and "you", with the error lines,
 *     are no more than the lines sent);
 *   - the game changes only with a transcript line that says how (a new
 *     game, a move: the person's, or the machine's on the play screen's
 *     time), in the same pass of the main loop;
 *   - every long step ends with the usual watchdog period;
 *   - after any input, an empty line or two and `help` get the help text:
 *     the console never stays stuck in a bad state.
 *
 * The first byte of an input is not sent: it says how the bytes arrive
 * (how many between two passes of the main loop) and where some are lost,
 * as when the line outruns a busy chip.
 *
 * Runs: `make test` fuzzes for 30 s from the seeds (tests/scripts/fuzz.sh,
 * FUZZ_TEST_SECONDS); `make fuzz` for FUZZ_SECONDS (600), keeping what it
 * learns in BUILD/fuzz/corpus for the next run.  An input that fails is
 * kept as BUILD/fuzz/crash-* (or leak-, timeout-); `BUILD/fuzz/fuzz_console
 * FILE` runs it again alone.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "firmware/box.h"
#include "firmware/game.h"
#include "hal/uart.h"
#include "tests/fake_hal/fake_hal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_PASSES 100000u
/* Milliseconds a pass adds when no byte waits, beyond the one the idle
 * sleep takes: the machine's pause and its words last seconds, and the
 * fuzzer need not wait them out one millisecond at a time. */
#define IDLE_STEP_MS 99u

/* Stops the run, saying which check failed and what the firmware wrote. */
static void check_failed(int line, const char *what)
{
	fprintf(stderr, "fuzz_console.c:%d: check failed: %s\nthe firmware wrote:\n%s\n", line, what,
		fake_line_output());
	abort();
}

#define check(condition) ((condition) ? (void)0 : check_failed(__LINE__, #condition))

/* Whether some line of `text` starts with `word`. */
static bool has_line(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *line = text; *line != '\0';) {
		if (strncmp(line, word, n) == 0) {
			return true;
		}
		const char *end = strchr(line, '\n');
		if (end == NULL) {
			break;
		}
		line = end + 1;
	}
	return false;
}

/* One pass of the main loop, and the checks on what it did. */
static void pass(void)
{
	struct game before = *game;
	size_t written = fake_line.output_length;
	bool idle = !uart_pending() && fake_line_done();
	box_poll();
	if (idle) {
		fake_hal.now_ms += IDLE_STEP_MS;
	}
	check(fake_hal.long_watchdog == 0); /* every long step ends with the usual watchdog */
	const char *said = fake_line_output() + written;
	bool begun = has_line(said, "new ") || has_line(said, "go ");
	bool moved = has_line(said, "you ") || has_line(said, "me ");
	/* Left idle, a game is left and attract mode plays its own games,
	 * whose moves the transcript does not print. */
	bool idle_time = has_line(said, "left ") || has_line(said, "attract") || before.attract || game->attract;
	if (!begun && !moved && !idle_time) {
		check(memcmp(&before, game, sizeof *game) == 0);
	}
}

/* Runs the main loop until every byte sent has been read, and then until
 * the machine has made its moves. */
static void run_line(void)
{
	unsigned passes = 0;
	for (; passes < MAX_PASSES && !fake_line_done(); passes++) {
		pass();
	}
	check(fake_line_done());
	/* The challenge waits a while for more rows before it lets go; the
	 * machine replies after its pause. */
	for (unsigned more = 0; more < 200u; more++) {
		pass();
	}
}

static size_t count_line_ends(const uint8_t *bytes, size_t length)
{
	size_t n = 0;
	for (size_t i = 0; i < length; i++) {
		n += bytes[i] == '\r' || bytes[i] == '\n';
	}
	return n;
}

static void check_output(size_t line_ends)
{
	const char *text = fake_line_output();
	size_t effects = 0;
	bool line_start = true;
	for (size_t i = 0; i < fake_line.output_length; i++) {
		char c = text[i];
		if (c == '\r') {
			check(text[i + 1] == '\n');
			i++;
			line_start = true;
			continue;
		}
		check(c >= ' ' && c <= '~');
		if (line_start && (strncmp(text + i, "error: ", 7) == 0 || strncmp(text + i, "new ", 4) == 0 ||
				   strncmp(text + i, "go ", 3) == 0 || strncmp(text + i, "you ", 4) == 0)) {
			effects++;
		}
		line_start = false;
	}
	check(line_start); /* the last line is whole */
	check(effects <= line_ends);
}

static void power_on(void)
{
	fake_device_start();
	fake_line_clear_output();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0) {
		return 0;
	}
	uint8_t how = data[0];
	const uint8_t *input = data + 1;
	size_t length = size - 1;

	power_on();
	fake_line_start(input, length, (size_t)1 << (how & 7u));
	if (how & 0x80u) {
		fake_line.lose_at = length * ((how >> 3) & 7u) / 8u;
		fake_line.lose_count = (uint8_t)(1u + ((how >> 6) & 1u) * 40u);
	}
	run_line();
	check_output(count_line_ends(input, length));

	/* Whatever came before, the console answers again: two empty lines end
	 * a challenge and any line a loss cut. */
	static uint8_t again[2 * UART_RX_BUFFER + sizeof "help\r\n"];
	size_t n = 0;
	while (n < 2 * UART_RX_BUFFER) {
		again[n++] = '\r';
		again[n++] = '\n';
	}
	memcpy(again + n, "help\r\n", 6);
	n += 6;
	fake_line_clear_output();
	fake_line_start(again, n, 1);
	run_line();
	check(strstr(fake_line_output(), "GAME [POSITION]: analysis") != NULL);
	return 0;
}
