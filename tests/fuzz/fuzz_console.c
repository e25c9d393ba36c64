/*
 * The serial console under libFuzzer: the fuzzer's bytes are what the other
 * end of the serial line sends, and the console (firmware/console.c, with
 * the Odra challenge and the engine's parsers) runs on the host against a
 * faked device (fake_device.h).  ASan and UBSan catch any overflow or
 * undefined behaviour; the checks below catch what they cannot:
 *   - every byte the console writes is printable ASCII, and every line ends
 *     in CRLF;
 *   - no more error lines than lines sent (one error line for each bad
 *     line, whatever made it bad);
 *   - the game in progress changes only through game.h (a legal move or a
 *     new game), and
 *     otherwise not by one byte, whatever the input; the screens are told
 *     of every change;
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
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "firmware/console.h"
#include "firmware/game.h"
#include "hal/uart.h"
#include "tests/fuzz/fake_device.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_PASSES 100000u

/* Stops the run, saying which check failed and what the console wrote. */
static void check_failed(int line, const char *what)
{
	fprintf(stderr, "fuzz_console.c:%d: check failed: %s\nthe console wrote:\n%s\n", line, what,
		fake_line.output != NULL ? fake_line.output : "");
	abort();
}

#define check(condition) ((condition) ? (void)0 : check_failed(__LINE__, #condition))

/* Runs the main loop until every byte sent has been read. */
static void run_line(void)
{
	for (unsigned pass = 0; pass < MAX_PASSES && !fake_line_done(); pass++) {
		struct game before = game;
		unsigned changes = fake_game_changes;
		unsigned follows = fake_ui_follows;
		fake_line_next_pass();
		console_poll();
		check(fake_long_watchdog == 0); /* every long step ends with the usual watchdog */
		if (fake_game_changes == changes) {
			check(memcmp(&before, &game, sizeof game) == 0);
		} else {
			check(fake_ui_follows != follows);
		}
		fake_now_ms += 1;
		fake_machine_plays();
	}
	check(fake_line_done());
	/* The challenge waits a while for more rows before it lets go. */
	for (unsigned pass = 0; pass < 4; pass++) {
		console_poll();
		fake_now_ms += 1000;
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
	const char *text = fake_line.output != NULL ? fake_line.output : "";
	size_t errors = 0;
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
		if (line_start && strncmp(text + i, "error: ", 7) == 0) {
			errors++;
		}
		line_start = false;
	}
	check(line_start); /* the last line is whole */
	check(errors <= line_ends);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0) {
		return 0;
	}
	uint8_t how = data[0];
	const uint8_t *input = data + 1;
	size_t length = size - 1;

	console_init();
	fake_game_reset();
	fake_now_ms = 0;
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
	fake_line_start(again, n, 1);
	run_line();
	check(fake_line.output != NULL && strstr(fake_line.output, "GAME [POSITION]: analysis") != NULL);
	fake_line_free();
	return 0;
}
