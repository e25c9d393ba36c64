/*
 * Bytes faster than the serial console (firmware/console.h) reads them,
 * end to end: the real firmware in the simulator, sent to over its UART at
 * 115200 baud, the LCD read through the shield's pins.
 *
 *   - lines sent back to back while the chip is busy, by a sender that
 *     ignores XOFF, until the receive buffer overflows: the lines received
 *     whole are answered, the line the loss cuts gets one error line, and
 *     the console then reads as usual;
 *   - floods of random bytes get only error lines and leave the game and
 *     the LCD as they were.
 *
 * needs: CONSOLE ANALYSIS TYPED_PLAY TRANSCRIPT (a game begun with `new`,
 * lines answered with an analysis)
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
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_console.h"
#include "tests/e2e/e2e_serial.h"

/* The firmware's receive buffer (hal/uart.h's UART_RX_BUFFER, which an
 * edition may choose), read from the ELF's symbols. */
static unsigned rx_buffer_size;

static void read_rx_buffer_size(const char *argv0)
{
	const char *override = getenv("GRUNDY_BOX_ELF");
	const char *slash = strrchr(argv0, '/');
	char elf[4096];
	if (override != NULL && *override != '\0') {
		snprintf(elf, sizeof elf, "%s", override);
	} else {
		snprintf(elf, sizeof elf, "%.*s/../../grundy-box.elf", slash != NULL ? (int)(slash - argv0) : 1,
			 slash != NULL ? argv0 : ".");
	}
	char command[4200];
	snprintf(command, sizeof command,
		 "avr-nm -S '%s' | sed -n 's/^[0-9a-f]* \\([0-9a-f]*\\) [Bb] "
		 "rx_buffer\\(\\.lto_priv\\.[0-9]*\\)*$/\\1/p'",
		 elf);
	FILE *pipe = popen(command, "r");
	if (pipe == NULL || fscanf(pipe, "%x", &rx_buffer_size) != 1) {
		rx_buffer_size = 0;
	}
	if (pipe != NULL) {
		pclose(pipe);
	}
}

/* Lines sent back to back while the chip computes for a second, by a
 * sender that ignores XOFF: the receive buffer (UART_RX_BUFFER) fills and
 * the rest is lost.  The lines received whole before the loss are
 * answered; the line the loss cuts is refused with one error line when
 * its end comes (here an empty line sent after the burst); then the
 * console reads as usual. */
static void bytes_lost_while_busy_are_reported(void **state)
{
	(void)state;
	struct position pos;
	struct e2e_console_snapshot snap;
	assert_true(rx_buffer_size >= 16u && rx_buffer_size <= 128u);
	struct sim *sim = e2e_console_boot_into_a_game(&pos, &snap);

	sim_uart_set_flow(sim, false, 0);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "subtract-digit 100000");
	/* The console starts the analysis at the CR; the buffer then takes
	 * the LF and the bytes after it, the last one it keeps marking the
	 * loss: the lines whose CR comes before the mark are answered. */
	unsigned kept = 1u;
	unsigned answered = 0;
	for (int i = 0; i < 30; i++) {
		const char *line = i % 2 == 0 ? "nim 6" : "9-9";
		e2e_serial_send(sim, line);
		kept += (unsigned)strlen(line) + 1u;
		if (kept <= rx_buffer_size - 1u) {
			answered++;
		}
		kept++;
	}
	assert_true(answered > 2u && answered < 30u);
	sim_run_ms(sim, 3000);
	char expected[E2E_CONSOLE_TEXT_MAX];
	e2e_console_host_line("subtract-digit 100000", expected, sizeof expected);
	char nim6[E2E_CONSOLE_TEXT_MAX];
	e2e_console_host_line("nim 6", nim6, sizeof nim6);
	char line[E2E_CONSOLE_TEXT_MAX];
	assert_true(e2e_serial_line(sim, 0, line, sizeof line));
	assert_string_equal(line, expected);
	for (unsigned i = 0; i < answered; i++) {
		assert_true(e2e_serial_line(sim, 1 + i, line, sizeof line));
		assert_string_equal(line, i % 2 == 0 ? nim6 : "error: no such heap/row");
	}
	if (e2e_serial_lines(sim) != 1u + answered) {
		fail_msg("%u replies before the cut line ends, not %u:\n%s", e2e_serial_lines(sim), 1u + answered,
			 sim_uart_output(sim));
	}
	e2e_console_expect_reply(sim, "", "error: input lost");
	e2e_console_expect_reply(sim, "nim 6", nim6);
	e2e_console_expect_snapshot(sim, &snap);
	print_message("# %u-byte buffer: %u of 30 lines answered, the rest refused as lost\n", rx_buffer_size,
		      answered);
	e2e_close(sim);
}

/* Random bytes at full speed, then the console still answers and the game
 * is as it was. */
static void random_bytes_change_nothing(void **state)
{
	(void)state;
	struct position pos;
	struct e2e_console_snapshot snap;
	struct sim *sim = e2e_console_boot_into_a_game(&pos, &snap);

	uint32_t seed = 0xBADC0DEu;
	size_t total = 0;
	for (int burst = 0; burst < 8; burst++) {
		char noise[2048];
		size_t n = 256u + sim_random(&seed) % (sizeof noise - 256u);
		for (size_t i = 0; i < n; i++) {
			/* Mostly bytes that are not line ends, so that lines grow
			 * long; some line ends, digits and signs, so that some
			 * lines are moves. */
			uint32_t r = sim_random(&seed);
			noise[i] = (char)((r & 0x700u) == 0 ? "\r\n-0123456789"[r % 13u] : (char)(r & 0xFFu));
		}
		sim_uart_clear_output(sim);
		sim_uart_send(sim, noise, n);
		total += n;
		while (sim_uart_pending(sim) > 0) {
			sim_run_ms(sim, 10);
		}
		/* An empty line ends whatever half line the noise left. */
		sim_uart_send(sim, "\r\n", 2);
		sim_run_ms(sim, 500);
		const char *text = sim_uart_output(sim);
		for (const char *p = text; *p != '\0'; p++) {
			assert_true((*p >= ' ' && *p <= '~') || *p == '\r' || *p == '\n');
		}
		/* Whatever the noise held, only errors came back: no line of it
		 * was a command or a legal move. */
		for (unsigned i = 0; i < e2e_serial_lines(sim); i++) {
			char line[E2E_CONSOLE_TEXT_MAX];
			assert_true(e2e_serial_line(sim, i, line, sizeof line));
			if (strncmp(line, "error: ", 7) != 0) {
				fail_msg("the noise got the reply \"%s\"", line);
			}
		}
	}
	char nim6[E2E_CONSOLE_TEXT_MAX];
	e2e_console_host_line("nim 6", nim6, sizeof nim6);
	e2e_console_expect_reply(sim, "nim 6", nim6);
	e2e_console_expect_snapshot(sim, &snap);
	print_message("# %zu random bytes in 8 bursts: the game and the LCD unchanged\n", total);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	read_rx_buffer_size(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bytes_lost_while_busy_are_reported),
		cmocka_unit_test(random_bytes_change_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
