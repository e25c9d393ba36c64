/*
 * Grundy Box: plays impartial games against a person on an Arduino Uno
 * with the LCD Keypad Shield.
 *
 * The chip's start-up: the HAL's parts, the watchdog and interrupts; then
 * the firmware put together (firmware/box.h), event-driven: the 1 ms tick
 * interrupt wakes the main loop, one pass of box_poll() at a time.
 */
#include <avr/interrupt.h>

#include "firmware/box.h"
#include "firmware/features.h"
#include "hal/keys.h"
#include "hal/lamps.h"
#include "hal/lcd.h"
#include "hal/leds.h"
#include "hal/timer.h"
#include "hal/uart.h"
#include "hal/watchdog.h"

int main(void)
{
	leds_init();
	if (FEATURE_LAMPS) {
		lamps_init();
	}
	lcd_init();
	keys_init();
	timer_init();
	uart_init();
	watchdog_start();
	sei();
	box_start();
	for (;;) {
		box_poll();
	}
}
