/*
 * The time the serial console takes to answer a line, as a person's
 * terminal sees it: the real firmware in the simulator (sim/harness.h)
 * gets the line at the line's full rate, ended by CR, and the time runs
 * from the stop bit of that CR to the stop bit of the reply's last byte.
 *
 * The harness sees a byte when the firmware hands it to the transmitter;
 * it is on the line for one byte time more (10 bit times, 8N1), which the
 * figure includes.
 */
#ifndef TOOLS_BENCH_CONSOLE_TIME_H
#define TOOLS_BENCH_CONSOLE_TIME_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/harness.h"

struct console_timing {
	uint64_t cycles; /* the line's CR in, to the reply's last byte out */
	double ms;
	size_t reply_bytes;
	char reply[640]; /* the reply's first line */
};

/* One byte's time on the line, in CPU cycles. */
uint64_t console_time_byte_cycles(void);

/* Sends `line` and CR, and runs until the reply holds `lines` whole lines;
 * false when the line is not taken or the reply does not come within
 * timeout_ms (what came is then in timing->reply). */
bool console_time_line(struct sim *sim, const char *line, unsigned lines, uint32_t timeout_ms,
		       struct console_timing *timing);

#endif
