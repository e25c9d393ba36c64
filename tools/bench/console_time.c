/* Times console lines on the real firmware; see console_time.h. */
#include "tools/bench/console_time.h"

#include <stdio.h>
#include <string.h>

#include "board/lcd_keypad_shield.h"

#define BITS_PER_BYTE 10u /* 8N1: start, eight data bits, stop */

uint64_t console_time_byte_cycles(void)
{
	return ((uint64_t)BOARD_F_CPU * BITS_PER_BYTE + BOARD_UART_BAUD / 2u) / BOARD_UART_BAUD;
}

static bool line_delivered(struct sim *sim, void *ctx)
{
	(void)ctx;
	return sim_uart_pending(sim) == 0;
}

/* Whole lines in the output. */
static unsigned output_lines(struct sim *sim)
{
	unsigned lines = 0;
	for (const char *p = sim_uart_output(sim); (p = strstr(p, "\r\n")) != NULL; p += 2) {
		lines++;
	}
	return lines;
}

static bool reply_whole(struct sim *sim, void *ctx)
{
	return output_lines(sim) >= *(const unsigned *)ctx;
}

bool console_time_line(struct sim *sim, const char *line, unsigned lines, uint32_t timeout_ms,
		       struct console_timing *timing)
{
	memset(timing, 0, sizeof *timing);
	sim_uart_clear_output(sim);
	sim_uart_send(sim, line, strlen(line));
	sim_uart_send(sim, "\r", 1);
	if (!sim_run_until(sim, line_delivered, NULL, timeout_ms)) {
		return false;
	}
	uint64_t start = sim_cycles(sim);
	if (!sim_run_until(sim, reply_whole, &lines, timeout_ms)) {
		snprintf(timing->reply, sizeof timing->reply, "%s", sim_uart_output(sim));
		return false;
	}
	/* The last byte was handed to the transmitter now: it is on the line
	 * for one byte time more. */
	timing->cycles = sim_cycles(sim) - start + console_time_byte_cycles();
	timing->ms = (double)timing->cycles * 1000.0 / BOARD_F_CPU;
	timing->reply_bytes = sim_uart_output_length(sim);
	const char *text = sim_uart_output(sim);
	const char *end = strstr(text, "\r\n");
	snprintf(timing->reply, sizeof timing->reply, "%.*s", (int)(end != NULL ? end - text : 0), text);
	return true;
}
