/*
 * make bench's Odra part: the Odra challenge on the real firmware in
 * simavr, sent as one file by a terminal that ignores XON/XOFF, as `cat
 * rows.txt > /dev/ttyACM0` sends it: `odra`, ROWS random Nim rows (0..65535,
 * one a line, CRLF) and an empty line, back to back at the line's full
 * rate (the rate the firmware sets, read from the chip: a byte every 10
 * bit times, as the harness feeds the RX pin), the prompt going out while
 * the rows come in.  Its answer is checked (rows counted, and both moves
 * win by the rules' known answer), and the figures are appended to the
 * benchmark's table:
 *   - time: from the first byte to the answer's end, next to the time the
 *     bytes alone take on the line, and the device's own figure (ms=, from
 *     its prompt to its answer);
 *   - cycles per row: the cycles the chip was awake from the first byte to
 *     the answer, interrupts included, divided by the rows, next to the
 *     cycles a row lasts on the line;
 *   - bytes lost: 0 when every row was counted and none refused (the
 *     console refuses a row that lost a byte, "error: row N: input lost"),
 *     and the chip's receive buffer never overran;
 *   - XOFF: how often the device asked the line to stop (XON/XOFF flow
 *     control), which this terminal ignores (--xon-xoff: honours).
 * With --profile N, the same run counts the awake cycles by function and
 * adds the N costliest, per row, to the table.
 *
 * With --after-prompt the rows wait for the prompt, and the time is the
 * rows' alone.
 *
 * usage: odra_run [--rows N] [--seed N] [--xon-xoff] [--after-prompt] [--profile N] [--out FILE] FIRMWARE.ELF
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
#include "tools/bench/common.h"

#define BOOT_MS 500u /* power-on to the menu, with a margin */
#define PROFILE_MOST 64u

static struct {
	unsigned rows;
	uint32_t seed;
	bool xon_xoff;
	bool after_prompt;
	unsigned profile;
	const char *out;
	const char *elf;
} options = { 8000u, 1003u, false, false, 0u, NULL, NULL };

static void usage(void)
{
	fprintf(stderr, "usage: odra_run [--rows N] [--seed N] [--xon-xoff] [--after-prompt] [--profile N] [--out "
			"FILE] FIRMWARE.ELF\n");
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
		} else if (strcmp(argv[i], "--xon-xoff") == 0) {
			options.xon_xoff = true;
		} else if (strcmp(argv[i], "--after-prompt") == 0) {
			options.after_prompt = true;
		} else if (strcmp(argv[i], "--profile") == 0 && has_value) {
			options.profile = (unsigned)strtoul(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "--out") == 0 && has_value) {
			options.out = argv[++i];
		} else if (argv[i][0] != '-' && options.elf == NULL) {
			options.elf = argv[i];
		} else {
			usage();
		}
	}
	if (options.elf == NULL || options.rows == 0 || options.seed == 0 || options.profile > PROFILE_MOST) {
		usage();
	}
}

int main(int argc, char **argv)
{
	parse_options(argc, argv);
	struct sim *sim = sim_open(&(struct sim_options){ .elf = options.elf });
	if (sim == NULL) {
		bench_fatal("the simulator cannot run %s", options.elf);
	}
	if (!sim_wait_uart(sim, "grundy-box ready\r\n", BOOT_MS)) {
		bench_fatal("the firmware did not start: it wrote \"%s\"", sim_uart_output(sim));
	}
	sim_run_ms(sim, BOOT_MS);

	struct odra_rows rows = { malloc(options.rows * sizeof(uint16_t)), options.rows };
	if (rows.size == NULL) {
		bench_fatal("out of memory");
	}
	uint32_t seed = options.seed;
	for (uint32_t i = 0; i < rows.count; i++) {
		rows.size[i] = (uint16_t)sim_random(&seed);
	}
	struct odra_answer answer;
	sim_uart_set_flow(sim, options.xon_xoff, 16u);
	uint32_t xoffs = sim_uart_xoffs(sim);
	if (options.profile > 0) {
		sim_profile_start(sim);
	}
	const char *wrong = options.after_prompt ? odra_challenge_run(sim, &rows, "\r\n", &answer)
						 : odra_challenge_run_file(sim, &rows, "\r\n", &answer);
	struct sim_profile_entry profile[PROFILE_MOST];
	size_t profiled = sim_profile_stop(sim, profile, options.profile);
	/* A row that lost a byte is refused ("error: row N: input lost") and
	 * the challenge gives no answer; a row lost whole would be missing
	 * from the count. */
	bool none_lost = wrong == NULL && answer.rows == rows.count && answer.overruns == 0;
	if (wrong == NULL && !none_lost) {
		wrong = "rows lost";
	}
	if (wrong == NULL) {
		wrong = odra_check_move(&rows, false, answer.normal);
	}
	if (wrong == NULL) {
		wrong = odra_check_move(&rows, true, answer.misere);
	}

	bench_say_to(options.out, "a", true);
	size_t length = answer.bytes_sent;
	double cycles_per_ms = BOARD_F_CPU / 1000.0;
	uint32_t byte_cycles = sim_uart_byte_cycles(sim);
	double row_line_cycles = (double)byte_cycles * (double)length / rows.count;
	bench_say(
		"\nThe Odra challenge: the firmware %s in simavr, its line at %lu baud (the chip's rate: a byte every "
		"%lu cycles, %.2f us)\n",
		options.elf, (unsigned long)sim_uart_baud(sim), (unsigned long)byte_cycles,
		byte_cycles * 1e6 / BOARD_F_CPU);
	bench_say("  sent %s by a terminal that %s XON/XOFF: %u random rows of 0-65535 one a line (CRLF), an empty "
		  "line: %zu bytes back to back\n",
		  options.after_prompt ? "after the prompt to \"odra\"" : "as one file with \"odra\" first",
		  options.xon_xoff ? "honours" : "ignores", options.rows, length);
	bench_say("  prompt: %s\n", answer.prompt[0] != '\0' ? answer.prompt : "(none)");
	bench_say("  answer: %s\n", answer.line[0] != '\0' ? answer.line : "(none)");
	bench_say("  check: %s\n",
		  wrong == NULL ? "rows all counted; both moves win (Bouton; misere by the 1-rows)" : wrong);
	bench_say("  time: %.0f ms from the first byte to the answer's end; the bytes alone take %.0f ms, the last one "
		  "taken "
		  "at %.0f ms; the device's clock: %" PRIu32 " ms from its prompt to its answer\n",
		  (double)answer.cycles / cycles_per_ms, (double)length * byte_cycles / cycles_per_ms,
		  (double)answer.delivery_cycles / cycles_per_ms, answer.ms);
	bench_say("  cycles per row: %.0f awake (interrupts included) of the %.0f a row lasts on the line (%.0f%% "
		  "busy)\n",
		  (double)answer.awake_cycles / rows.count, row_line_cycles,
		  100.0 * (double)answer.awake_cycles / rows.count / row_line_cycles);
	bench_say("  bytes lost: %s (the chip's receive buffer overran %" PRIu32 " times)\n",
		  none_lost                                   ? "0"
		  : strstr(answer.line, "input lost") != NULL ? "some"
							      : "unknown",
		  answer.overruns);
	bench_say("  XOFF sent: %" PRIu32 "\n", sim_uart_xoffs(sim) - xoffs);
	if (profiled > 0) {
		bench_say("  where the awake cycles went, per row (simavr leaves out the 4 cycles the chip takes to "
			  "enter "
			  "an interrupt, 8 from sleep):\n");
		for (size_t i = 0; i < profiled; i++) {
			bench_say("    %8.1f  %s\n", (double)profile[i].cycles / rows.count, profile[i].function);
		}
	}
	bench_say_close();
	free(rows.size);
	sim_close(sim);
	return wrong == NULL && none_lost ? 0 : 1;
}
