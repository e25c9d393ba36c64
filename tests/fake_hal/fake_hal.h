/*
 * The HAL (the functions of hal/) faked for host tests, so that the firmware's logic
 * (every firmware/ file but main.c) runs on the host and a test can drive
 * it as the e2e tests drive the real chip in the simulator, only faster and
 * looking straight at its parts.  The fakes sit at the HAL's functions, as
 * QMK's test platform does, never at registers:
 *   - the LCD keeps its two rows of text and its eight custom characters,
 *     and whether its display and its backlight are off;
 *   - the keys give the events a test queued, one a sample;
 *   - the UART takes its bytes from a test's input and keeps what the
 *     firmware writes.  Bytes reach the firmware the way the chip's receive
 *     buffer passes them on: a few at a time between passes of the main
 *     loop, and, when the test asks, with some lost at a chosen place,
 *     which the fake marks with UART_LOST exactly as the chip would;
 *   - the clock is a number a test sets or advances; sleeping until the
 *     next interrupt advances it a millisecond and lets the next bytes in;
 *     standby's sleep until a button (hal/sleep.h) ends at once, counted;
 *   - the watchdog, the LEDs, the lamps and the buzzer keep their state
 *     for a test to check;
 *   - the EEPROM is an array that power-on keeps, as the chip's; a test
 *     may cut the power after a number of writes (eeprom.c).
 */
#ifndef FAKE_HAL_H
#define FAKE_HAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/eeprom.h"
#include "hal/lcd.h"

struct fake_line {
	const uint8_t *input; /* the bytes the other end sends */
	size_t length;
	size_t taken;    /* read by the firmware or lost so far */
	size_t per_pass; /* bytes that arrive between two passes of the main loop */
	size_t arrived;  /* of the input, how much has arrived */
	size_t lose_at;  /* lose `lose_count` bytes once this many have arrived (SIZE_MAX: never) */
	uint8_t lose_count;
	bool mark_next; /* a loss found no byte waiting to mark: mark the next */
	char *output;   /* what the firmware wrote, NUL-terminated */
	size_t output_length;
	size_t output_capacity;
};

struct fake_hal {
	char lcd[LCD_ROWS][LCD_COLUMNS + 1]; /* each row as last written, NUL-terminated */
	uint8_t glyphs[8][LCD_GLYPH_ROWS];   /* the custom characters */
	unsigned lcd_writes;                 /* lines written since the reset */
	uint8_t key_repeats;                 /* what keys_repeats() answers */
	bool key_taken;                      /* the last keys_next() gave a key */
	bool display_off;                    /* lcd_display(false) last */
	bool backlight_off;                  /* lcd_backlight(false) last */
	unsigned standbys;                   /* sleep_until_button() calls since the reset */
	bool standby_dark;                   /* the display and the backlight off at the last */
	bool led_thinking;
	bool led_win;
	uint16_t lamps; /* the exhibit's lamps (hal/lamps.h) as last shown */
	bool sounding;  /* the buzzer: a tone sounds */
	uint8_t tone;   /* the last tone started (SOUND_TONE) */
	unsigned tones; /* tones started since the reset */
	uint32_t now_ms;
	int long_watchdog; /* calls of watchdog_start_long() not yet ended by watchdog_start() */
};

struct fake_eeprom {
	uint8_t bytes[EEPROM_SIZE];
	unsigned writes;                   /* bytes written since the last erase */
	unsigned cell_writes[EEPROM_SIZE]; /* of these, each cell's (its wear) */
	long writes_left;                  /* bytes written before the power goes and no more are; -1: no cut */
};

extern struct fake_hal fake_hal;
extern struct fake_eeprom fake_eeprom;

/* The EEPROM as a new chip's: every byte 0xFF; no writes counted, no cut. */
void fake_eeprom_erase(void);
extern struct fake_line fake_line;

/* Everything as at power-on: a blank LCD, no key, no bytes, the clock at
 * 0, the LEDs off; the output written so far is freed. */
void fake_hal_reset(void);

/* ---- the firmware on the fake HAL (device.c) ---- */

/* What the C start-up gives the firmware at power-on, which box_start()
 * (firmware/box.h) then starts from: the fake HAL reset but the EEPROM,
 * which keeps its bytes as the chip's does, and the state of the
 * firmware's modules that a test can reach all zero again (the game: none
 * yet; the settings; the console); what it cannot reach (which item the
 * menu shows, the play screen's step) each screen sets up as it is
 * entered or as a game begins. */
void fake_power_on(void);
/* A new device: the EEPROM erased, then fake_device_restart(). */
void fake_device_start(void);
/* Power-on and box_start(), the EEPROM as it was: the settings it keeps
 * come back, the menu shows, the transcript's first line is written. */
void fake_device_restart(void);
/* Passes of the main loop (box_poll()) until `ms` milliseconds of the fake
 * clock have gone by: each idle pass sleeps one. */
void fake_device_run_ms(uint32_t ms);
/* A key pressed, and the pass that takes it. */
void fake_device_press(uint8_t key);
/* Sends `line` and CR LF on the serial line, 8 bytes a pass,
 * and runs the main loop until the firmware has read it all. */
void fake_device_send(const char *line);

/* Queues a key event (enum keys_event) for keys_next(); false when the
 * queue is full. */
bool fake_keys_press(uint8_t key);

/* Sends `length` bytes of `input` (kept by the caller until done),
 * `per_pass` at a time (at least 1); what was written so far is kept. */
void fake_line_start(const uint8_t *input, size_t length, size_t per_pass);
/* Bytes of the next pass arrive, losing some if their turn has come. */
void fake_line_next_pass(void);
/* Every byte sent has arrived and been read. */
bool fake_line_done(void);
/* What the firmware wrote so far ("" when nothing), and forgetting it. */
const char *fake_line_output(void);
void fake_line_clear_output(void);

#endif
