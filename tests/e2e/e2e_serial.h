/*
 * Talking to the serial console (firmware/console.h) of the real firmware
 * in the simulator, as a script on a PC does: send a line, wait for the
 * reply.  The bytes go through the chip's UART pins at 115200 baud 8N1
 * (sim_uart_send); the reply is read from what the chip transmits.
 *
 * The helpers assert with cmocka, so they are called from inside tests.
 */
#ifndef E2E_SERIAL_H
#define E2E_SERIAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/harness.h"

#define E2E_SERIAL_REPLY_MS 3000u /* the slowest analysis takes 1.2 s */

/* Sends `text` followed by CR LF. */
void e2e_serial_send(struct sim *sim, const char *text);
/* Whole lines (ending in CR LF) the device has written since the output
 * was last cleared. */
unsigned e2e_serial_lines(struct sim *sim);
/* Runs until the device has written `lines` whole lines since the output
 * was last cleared; false after timeout_ms. */
bool e2e_serial_wait_lines(struct sim *sim, unsigned lines, uint32_t timeout_ms);
/* Clears the output, sends `line` and returns the first whole line of the
 * reply, without its CR LF, in `reply`; fails the test when none comes
 * within E2E_SERIAL_REPLY_MS. */
void e2e_serial_ask(struct sim *sim, const char *line, char *reply, size_t size);
/* Clears the output, sends `line` and runs until `last` (a whole line,
 * without CR LF) ends the reply; the reply is then sim_uart_output().
 * Fails the test when it does not come within timeout_ms. */
void e2e_serial_ask_until(struct sim *sim, const char *line, const char *last, uint32_t timeout_ms);
/* Clears the output, sends `line` and runs until the reply has begun and
 * the device has then been silent for `quiet_ms`; the reply is then
 * sim_uart_output().  Fails the test when no reply comes. */
void e2e_serial_ask_all(struct sim *sim, const char *line, uint32_t quiet_ms);
/* Line `index` (from 0) of the output kept, without its CR LF; false when
 * there is no such whole line. */
bool e2e_serial_line(struct sim *sim, unsigned index, char *line, size_t size);
/* Clears the output, sends `stats` and runs until its reply has ended
 * with the total line; the reply is then sim_uart_output().  Fails the
 * test when that does not come within E2E_SERIAL_REPLY_MS. */
void e2e_serial_ask_stats(struct sim *sim);
/* In the output kept, the line of `name` in the reply to `stats` (a
 * game's name, or "total"): "NAME: played N, you N, me N, slips N,
 * hints N", without its CR LF; false when there is none. */
bool e2e_serial_stats_line(struct sim *sim, const char *name, char *line, size_t size);

#endif
