/* The HAL faked for host tests; see fake_hal.h. */
#include "tests/fake_hal/fake_hal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hal/keys.h"
#include "hal/lamps.h"
#include "hal/leds.h"
#include "hal/sleep.h"
#include "hal/sound.h"
#include "hal/timer.h"
#include "hal/uart.h"
#include "hal/watchdog.h"

struct fake_hal fake_hal;
struct fake_line fake_line;

#define FAKE_KEYS 16u

static uint8_t keys[FAKE_KEYS];
static size_t keys_head;
static size_t keys_tail;

/* The chip's receive buffer. */
static uint8_t ring[UART_RX_BUFFER];
static size_t ring_head;
static size_t ring_tail;

static void lcd_blank(void)
{
	for (uint8_t row = 0; row < LCD_ROWS; row++) {
		memset(fake_hal.lcd[row], ' ', LCD_COLUMNS);
		fake_hal.lcd[row][LCD_COLUMNS] = '\0';
	}
}

void fake_hal_reset(void)
{
	free(fake_line.output);
	memset(&fake_line, 0, sizeof fake_line);
	fake_line.lose_at = SIZE_MAX;
	memset(&fake_hal, 0, sizeof fake_hal);
	lcd_blank();
	keys_head = keys_tail = 0;
	ring_head = ring_tail = 0;
}

/* ---- the LCD ---- */

void lcd_init(void)
{
	lcd_blank();
}

void lcd_write_line(uint8_t row, const char *text)
{
	char *line = fake_hal.lcd[row != 0];
	for (uint8_t col = 0; col < LCD_COLUMNS; col++) {
		line[col] = *text != '\0' ? *text++ : ' ';
	}
	fake_hal.lcd_writes++;
}

void lcd_define_char(uint8_t slot, const uint8_t *rows)
{
	memcpy(fake_hal.glyphs[slot & 7u], rows, LCD_GLYPH_ROWS);
}

void lcd_display(bool on)
{
	fake_hal.display_off = !on;
}

void lcd_backlight(bool on)
{
	fake_hal.backlight_off = !on;
}

/* ---- the keys ---- */

void keys_init(void)
{
}

bool fake_keys_press(uint8_t key)
{
	if (keys_head - keys_tail == FAKE_KEYS) {
		return false;
	}
	keys[keys_head++ % FAKE_KEYS] = key;
	return true;
}

uint8_t keys_next(void)
{
	fake_hal.key_taken = keys_head != keys_tail;
	return fake_hal.key_taken ? keys[keys_tail++ % FAKE_KEYS] : (uint8_t)KEY_NONE;
}

/* As on the chip, where a button is down when its event comes: not quiet
 * in the pass that took a key, nor while keys wait. */
bool keys_quiet(void)
{
	return keys_head == keys_tail && !fake_hal.key_taken;
}

uint8_t keys_repeats(void)
{
	return fake_hal.key_repeats;
}

/* ---- the LEDs ---- */

void leds_init(void)
{
	fake_hal.led_thinking = fake_hal.led_win = false;
}

void leds_thinking(bool on)
{
	fake_hal.led_thinking = on;
}

void leds_win(bool on)
{
	fake_hal.led_win = on;
}

void lamps_init(void)
{
	fake_hal.lamps = 0;
}

void lamps_show(uint16_t lamps)
{
	fake_hal.lamps = lamps;
}

/* ---- the buzzer ---- */

void sound_tone_start(uint8_t tone)
{
	fake_hal.tone = tone;
	fake_hal.sounding = true;
	fake_hal.tones++;
}

void sound_tone_stop(void)
{
	fake_hal.sounding = false;
}

/* ---- the serial line ---- */

void fake_line_start(const uint8_t *input, size_t length, size_t per_pass)
{
	fake_line.input = input;
	fake_line.length = length;
	fake_line.taken = fake_line.arrived = 0;
	fake_line.per_pass = per_pass > 0 ? per_pass : 1;
	fake_line.lose_at = SIZE_MAX;
	fake_line.lose_count = 0;
	fake_line.mark_next = false;
	ring_head = ring_tail = 0;
}

void fake_line_next_pass(void)
{
	for (size_t i = 0; i < fake_line.per_pass && fake_line.arrived < fake_line.length; i++) {
		size_t at = fake_line.arrived++;
		bool dropped = at >= fake_line.lose_at && at - fake_line.lose_at < fake_line.lose_count;
		if (dropped || ring_head - ring_tail >= UART_RX_BUFFER) {
			/* As the chip does: the newest byte kept marks the place
			 * (or the next one, when none waits). */
			if (ring_head == ring_tail) {
				fake_line.mark_next = true;
			} else {
				ring[(ring_head - 1u) % UART_RX_BUFFER] = UART_LOST;
			}
			continue;
		}
		uint8_t byte = fake_line.input[at];
		if (fake_line.mark_next) {
			fake_line.mark_next = false;
			byte = UART_LOST;
		} else if (byte == UART_LOST) {
			byte = UART_LOST - 1u;
		}
		ring[ring_head++ % UART_RX_BUFFER] = byte;
	}
}

bool fake_line_done(void)
{
	return fake_line.arrived == fake_line.length && ring_head == ring_tail;
}

const char *fake_line_output(void)
{
	return fake_line.output != NULL ? fake_line.output : "";
}

void fake_line_clear_output(void)
{
	fake_line.output_length = 0;
	if (fake_line.output != NULL) {
		fake_line.output[0] = '\0';
	}
}

void uart_init(void)
{
}

bool uart_read(uint8_t *byte)
{
	if (ring_head == ring_tail) {
		return false;
	}
	*byte = ring[ring_tail++ % UART_RX_BUFFER];
	fake_line.taken++;
	return true;
}

/* The fake line is never fast (UART_FAST): only for the linker. */
bool uart_take(uint8_t *byte)
{
	return uart_read(byte);
}

void uart_listen(void)
{
}

bool uart_pending(void)
{
	return ring_head != ring_tail;
}

void uart_put(char c)
{
	if (fake_line.output_length + 1 >= fake_line.output_capacity) {
		size_t capacity = fake_line.output_capacity != 0 ? 2 * fake_line.output_capacity : 4096;
		char *grown = realloc(fake_line.output, capacity);
		if (grown == NULL) {
			abort();
		}
		fake_line.output = grown;
		fake_line.output_capacity = capacity;
	}
	fake_line.output[fake_line.output_length++] = c;
	fake_line.output[fake_line.output_length] = '\0';
}

/* ---- clock, watchdog, sleep ---- */

void timer_init(void)
{
}

uint32_t timer_ms(void)
{
	return fake_hal.now_ms;
}

void watchdog_start(void)
{
	fake_hal.long_watchdog = 0;
}

void watchdog_feed(void)
{
}

void watchdog_start_long(void)
{
	fake_hal.long_watchdog++;
}

/* Every start here is a power-on; the watchdog's resets are the real
 * chip's, tested in the simulator (tests/e2e/test_watchdog.c). */
bool watchdog_reset_happened(void)
{
	return false;
}

/* Standby: a key wakes it at once; the test sees how it was entered. */
void sleep_until_button(void)
{
	fake_hal.standbys++;
	fake_hal.standby_dark = fake_hal.display_off && fake_hal.backlight_off;
}

/* Sleeping until the next tick: a millisecond passes and the bytes that
 * come meanwhile arrive.  However many ticks the firmware may sleep
 * through, a millisecond at a time, so that the host tests' clock moves as
 * they expect. */
void sleep_ticks(uint8_t ticks)
{
	(void)ticks;
	if (!uart_pending()) {
		fake_hal.now_ms++;
		fake_line_next_pass();
	}
}
