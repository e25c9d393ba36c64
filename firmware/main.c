/*
 * Grundy Box: plays impartial games against a person on an Arduino Uno
 * with the LCD Keypad Shield.
 *
 * Event-driven: the 1 ms tick interrupt wakes the main loop, which samples
 * the buttons and hands each event to the screen showing, lets the serial
 * console read what the line brought, gives the screen its tick for timed
 * steps, feeds the watchdog, and sleeps until the next interrupt unless
 * bytes wait.
 */
#include <avr/interrupt.h>
#include <stdint.h>

#include "firmware/console.h"
#include "firmware/features.h"
#include "firmware/settings.h"
#include "firmware/transcript.h"
#include "firmware/ui.h"
#include "hal/keys.h"
#include "hal/lcd.h"
#include "hal/leds.h"
#include "hal/sleep.h"
#include "hal/timer.h"
#include "hal/uart.h"
#include "hal/watchdog.h"

int main(void)
{
	leds_init();
	lcd_init();
	keys_init();
	timer_init();
	uart_init();
	settings_init();
	watchdog_start();
	sei();
	transcript_start(); /* the console starts as the C start-up zeroed it */
	ui_show(SCREEN_MENU);

	for (;;) {
		watchdog_feed();
		uint8_t key = keys_next();
		if (key != KEY_NONE) {
			ui_key(key);
		}
		if (FEATURE_CONSOLE) {
			console_poll();
		}
		ui_tick((uint16_t)timer_ms());
		sleep_idle_unless(uart_pending);
	}
}
