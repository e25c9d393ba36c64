/*
 * make bench's Odra part: the Odra challenge on the real firmware in
 * simavr.  The firmware gets `odra` on its serial line, then ROWS random
 * Nim rows (0..65535, one a line, CRLF) sent back to back at the line's
 * full speed (115200 baud 8N1: a byte every 10 bit times, as the harness
 * feeds the RX pin), then an empty line; its answer is checked (rows
 * counted, and both moves win by the rules' known answer), and the figures
 * are appended to the benchmark's table:
 *   - time for the rows: the device's own figure (ms=, from its prompt to
 *     its answer), next to the time the bytes take on the line, and the
 *     byte period the harness kept;
 *   - cycles per row: the cycles the chip was awake from the first byte to
 *     the answer, interrupts included, divided by the rows, next to the
 *     cycles a row lasts on a 115200 baud line;
 *   - bytes lost: 0 when every row was counted and none refused (the
 *     console refuses a row that lost a byte, "error: row N: input lost");
 *   - XOFF: how often the device stopped the line (XON/XOFF flow control)
 *     to keep up.
 *
 * usage: odra_run [--rows N] [--seed N] [--out FILE] FIRMWARE.ELF
 *
 * The firmware is the ELF that goes on the chip, run by the simulator
 * harness (sim/harness.h) and played as the end-to-end test plays it
 * (tests/e2e/odra_challenge.h).  Exit status 0 when the answer is right
 * and no byte was lost.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/lcd_keypad_shield.h"
#include "sim/harness.h"
#include "tests/e2e/odra_challenge.h"

#define BITS_PER_BYTE 10u /* 8N1: start, eight data bits, stop */
#define BOOT_MS 500u      /* power-on to the menu, with a margin */

static struct {
	unsigned rows;
	uint32_t seed;
	const char *out;
	const char *elf;
} options = { 8000u, 1003u, NULL, NULL };

__attribute__((format(printf, 1, 2), noreturn)) static void fatal(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	fputs("odra_run: ", stderr);
	vfprintf(stderr, format, args);
	fputc('\n', stderr);
	va_end(args);
	exit(2);
}

static void usage(void)
{
	fprintf(stderr, "usage: odra_run [--rows N] [--seed N] [--out FILE] FIRMWARE.ELF\n");
	exit(2);
}

static void parse_options(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		bool has_value = i + 1 < argc;
		if (strcmp(argv[i], "--rows") == 0 && has_value) {
			options.rows = (unsigned)strtoul(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "--seed") == 0 && has_value) {
			options.seed = (uint32_t)strtoul(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "--out") == 0 && has_value) {
			options.out = argv[++i];
		} else if (argv[i][0] != '-' && options.elf == NULL) {
			options.elf = argv[i];
		} else {
			usage();
		}
	}
	if (options.elf == NULL || options.rows == 0 || options.seed == 0) {
		usage();
	}
}

static FILE *copy;

/* Prints to the terminal and to the --out file. */
__attribute__((format(printf, 1, 2))) static void say(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vprintf(format, args);
	va_end(args);
	if (copy != NULL) {
		va_start(args, format);
		vfprintf(copy, format, args);
		va_end(args);
	}
}

int main(int argc, char **argv)
{
	parse_options(argc, argv);
	struct sim *sim = sim_open(&(struct sim_options){ .elf = options.elf });
	if (sim == NULL) {
		fatal("the simulator cannot run %s", options.elf);
	}
	if (!sim_wait_uart(sim, "grundy-box ready\r\n", BOOT_MS)) {
		fatal("the firmware did not start: it wrote \"%s\"", sim_uart_output(sim));
	}
	sim_run_ms(sim, BOOT_MS);

	struct odra_rows rows = { malloc(options.rows * sizeof(uint16_t)), options.rows };
	if (rows.size == NULL) {
		fatal("out of memory");
	}
	uint32_t seed = options.seed;
	for (uint32_t i = 0; i < rows.count; i++) {
		rows.size[i] = (uint16_t)sim_random(&seed);
	}
	struct odra_answer answer;
	const char *wrong = odra_challenge_run(sim, &rows, "\r\n", &answer);
	/* A row that lost a byte is refused ("error: row N: input lost") and
	 * the challenge gives no answer; a row lost whole would be missing
	 * from the count. */
	bool none_lost = wrong == NULL && answer.rows == rows.count;
	if (wrong == NULL && !none_lost) {
		wrong = "rows lost";
	}
	if (wrong == NULL) {
		wrong = odra_check_move(&rows, false, answer.normal);
	}
	if (wrong == NULL) {
		wrong = odra_check_move(&rows, true, answer.misere);
	}

	copy = options.out != NULL ? fopen(options.out, "a") : NULL;
	if (options.out != NULL && copy == NULL) {
		fatal("cannot append to %s", options.out);
	}
	size_t length = answer.bytes_sent;
	double line_ms = (double)length * BITS_PER_BYTE * 1000.0 / BOARD_UART_BAUD;
	double row_line_cycles = (double)BOARD_F_CPU * BITS_PER_BYTE * (double)length / rows.count / BOARD_UART_BAUD;
	say("\nThe Odra challenge: the firmware %s in simavr\n", options.elf);
	say("  sent: \"odra\", %u random rows of 0-65535 one a line (CRLF), an empty line: %zu bytes back to back\n",
	    options.rows, length);
	say("  prompt: %s\n", answer.prompt);
	say("  answer: %s\n", answer.line[0] != '\0' ? answer.line : "(none)");
	say("  check: %s\n", wrong == NULL ? "rows all counted; both moves win (Bouton; misere by the 1-rows)" : wrong);
	double byte_cycles = (double)answer.delivery_cycles / (double)length;
	say("  time for %u rows: %" PRIu32 " ms by the device's clock, prompt to answer (the bytes alone take %.0f "
	    "ms at %lu baud; they came one every %.2f cycles, %.2f us)\n",
	    options.rows, answer.ms, line_ms, (unsigned long)BOARD_UART_BAUD, byte_cycles,
	    byte_cycles * 1e6 / BOARD_F_CPU);
	say("  cycles per row: %.0f awake (interrupts included) of the %.0f a row lasts on the line at %lu baud "
	    "(%.0f%% busy)\n",
	    (double)answer.awake_cycles / rows.count, row_line_cycles, (unsigned long)BOARD_UART_BAUD,
	    100.0 * (double)answer.awake_cycles / rows.count / row_line_cycles);
	say("  bytes lost: %s\n", none_lost ? "0" : strstr(answer.line, "input lost") != NULL ? "some" : "unknown");
	say("  XOFF sent: %" PRIu32 "\n", sim_uart_xoffs(sim));
	if (copy != NULL) {
		fclose(copy);
	}
	free(rows.size);
	sim_close(sim);
	return wrong == NULL && none_lost ? 0 : 1;
}
