/*
 * What the serial console (firmware/console.c) needs of the device, faked
 * on the host so the console can be fuzzed there: the hal/ functions it
 * calls (UART, clock, watchdog, sleep), the shared game (firmware/game.h,
 * with the engine's own rules) and the screens (firmware/ui.h).
 *
 * The fake UART takes its bytes from a test's input and keeps what the
 * console writes.  Bytes reach the console the way the chip's receive
 * buffer passes them on: a few at a time between passes of the main loop,
 * and, when the test asks, with some lost at a chosen place, which the
 * fake marks with UART_LOST exactly as the chip would.
 */
#ifndef FAKE_DEVICE_H
#define FAKE_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"

struct fake_line {
	const uint8_t *input;  /* the bytes the other end sends */
	size_t length;
	size_t taken;          /* read by the console or lost so far */
	size_t per_pass;       /* bytes that arrive between two passes of the main loop */
	size_t arrived;        /* of the input, how much has arrived */
	size_t lose_at;        /* lose `lose_count` bytes once this many have arrived (SIZE_MAX: never) */
	uint8_t lose_count;
	bool mark_next;        /* a loss found no byte waiting to mark: mark the next */
	char *output;          /* what the console wrote */
	size_t output_length;
	size_t output_capacity;
};

extern struct fake_line fake_line;
extern uint32_t fake_now_ms;
/* Calls of watchdog_start_long() not yet matched by watchdog_start(). */
extern int fake_long_watchdog;
/* Moves and game starts made through game.h since fake_game_reset(). */
extern unsigned fake_game_changes;
extern unsigned fake_ui_follows;

/* Sends `length` bytes of `input`, `per_pass` at a time (at least 1). */
void fake_line_start(const uint8_t *input, size_t length, size_t per_pass);
/* Bytes of the next pass arrive, losing some if their turn has come. */
void fake_line_next_pass(void);
bool fake_line_done(void);
void fake_line_free(void);

/* No game yet, as at power-on. */
void fake_game_reset(void);
/* What the play screen does on the machine's turn: its best move. */
void fake_machine_plays(void);

#endif
