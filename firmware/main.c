/*
 * Grundy Box: plays impartial games against a person on an Arduino Uno
 * with the LCD Keypad Shield.
 *
 * Event-driven: the 1 ms tick interrupt samples the buttons into a queue;
 * the main loop hands each button event to the screen showing, gives the
 * screen its tick for timed steps, lets the serial console read what the
 * line brought, feeds the watchdog, and sleeps until the next interrupt
 * when nothing waits.
 */
#include <avr/interrupt.h>
#include <stdint.h>

#include "firmware/console.h"
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
	settings_load();
	watchdog_start();
	sei();
	transcript_start();
	console_init();
	ui_show(SCREEN_MENU);

	for (;;) {
		watchdog_feed();
		uint8_t key = keys_next();
		if (key != KEY_NONE) {
			ui_key(key);
		}
		console_poll();
		ui_tick((uint16_t)timer_ms());
		sleep_idle_unless(keys_pending);
	}
}
