/* Talking to the serial console in the simulator; see e2e_serial.h. */
#include "tests/e2e/e2e_serial.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

void e2e_serial_send(struct sim *sim, const char *text)
{
	sim_uart_send(sim, text, strlen(text));
	sim_uart_send(sim, "\r\n", 2);
}

unsigned e2e_serial_lines(struct sim *sim)
{
	unsigned lines = 0;
	for (const char *p = sim_uart_output(sim); (p = strstr(p, "\r\n")) != NULL; p += 2) {
		lines++;
	}
	return lines;
}

static bool enough_lines(struct sim *sim, void *ctx)
{
	return e2e_serial_lines(sim) >= *(const unsigned *)ctx;
}

bool e2e_serial_wait_lines(struct sim *sim, unsigned lines, uint32_t timeout_ms)
{
	return sim_run_until(sim, enough_lines, &lines, timeout_ms);
}

bool e2e_serial_line(struct sim *sim, unsigned index, char *line, size_t size)
{
	const char *p = sim_uart_output(sim);
	for (unsigned i = 0; i < index; i++) {
		p = strstr(p, "\r\n");
		if (p == NULL) {
			return false;
		}
		p += 2;
	}
	const char *end = strstr(p, "\r\n");
	if (end == NULL) {
		return false;
	}
	snprintf(line, size, "%.*s", (int)(end - p), p);
	return true;
}

void e2e_serial_ask(struct sim *sim, const char *line, char *reply, size_t size)
{
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, line);
	if (!e2e_serial_wait_lines(sim, 1, E2E_SERIAL_REPLY_MS)) {
		fail_msg("no reply to \"%s\" within %u ms (the device wrote \"%s\"; %s)", line, E2E_SERIAL_REPLY_MS,
			 sim_uart_output(sim), sim_state_text(sim));
	}
	assert_true(e2e_serial_line(sim, 0, reply, size));
}

struct reply_end {
	const char *last;
};

static bool reply_ended(struct sim *sim, void *ctx)
{
	const struct reply_end *end = ctx;
	const char *text = sim_uart_output(sim);
	size_t n = strlen(end->last);
	for (const char *p = text; (p = strstr(p, end->last)) != NULL; p++) {
		if ((p == text || p[-1] == '\n') && strncmp(p + n, "\r\n", 2) == 0) {
			return true;
		}
	}
	return false;
}

void e2e_serial_ask_until(struct sim *sim, const char *line, const char *last, uint32_t timeout_ms)
{
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, line);
	struct reply_end end = { last };
	if (!sim_run_until(sim, reply_ended, &end, timeout_ms)) {
		fail_msg("the reply to \"%s\" never ended with the line \"%s\" within %u ms; the device wrote:\n%s",
			 line, last, timeout_ms, sim_uart_output(sim));
	}
}

void e2e_serial_ask_all(struct sim *sim, const char *line, uint32_t quiet_ms)
{
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, line);
	if (!e2e_serial_wait_lines(sim, 1, E2E_SERIAL_REPLY_MS)) {
		fail_msg("no reply to \"%s\" within %u ms (%s)", line, E2E_SERIAL_REPLY_MS, sim_state_text(sim));
	}
	size_t length;
	do {
		length = sim_uart_output_length(sim);
		sim_run_ms(sim, quiet_ms);
	} while (sim_uart_output_length(sim) != length);
}

static bool stats_ended(struct sim *sim, void *ctx)
{
	(void)ctx;
	const char *total = strstr(sim_uart_output(sim), "total: ");
	return total != NULL && strstr(total, "\r\n") != NULL;
}

void e2e_serial_ask_stats(struct sim *sim)
{
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "stats");
	if (!sim_run_until(sim, stats_ended, NULL, E2E_SERIAL_REPLY_MS)) {
		fail_msg("no total line in the reply to `stats` within %u ms: \"%s\" (%s)", E2E_SERIAL_REPLY_MS,
			 sim_uart_output(sim), sim_state_text(sim));
	}
}

bool e2e_serial_stats_line(struct sim *sim, const char *name, char *line, size_t size)
{
	size_t length = strlen(name);
	char text[160];
	for (unsigned i = 0; e2e_serial_line(sim, i, text, sizeof text); i++) {
		if (strncmp(text, name, length) == 0 && text[length] == ':' && text[length + 1] == ' ') {
			snprintf(line, size, "%s", text);
			return true;
		}
	}
	return false;
}
