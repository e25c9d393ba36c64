/*
 * The shield's five buttons: one resistor ladder into ADC0.
 *
 * The main loop samples the voltage once a millisecond (keys_next) and
 * turns the readings into events:
 *   - a button counts as pressed or released only after its reading has
 *     held for KEYS_STABLE_MS samples, so a bouncing contact gives one press;
 *   - an arrow gives an event when pressed, then repeats while held,
 *     faster after a few repeats (to run through heap sizes up to 255);
 *   - SELECT gives KEY_SELECT when released, or KEY_SELECT_LONG once when
 *     held for KEYS_LONG_MS (and nothing at its release), so the two never
 *     both happen for one press.
 * Times count samples, so a pass of the main loop longer than a millisecond
 * (a screen drawn, the machine's move) stretches them by as much, and a
 * button pressed and released within a long pass (a console command of a
 * second) is not seen: no queue.  While all is quiet (keys_quiet), the
 * main loop sleeps through ticks and the sleep takes the samples
 * instead at each tick (keys_showing), each a comparison: the first to show a
 * button wakes the main loop, whose keys_next takes that same reading, so
 * a press is seen as soon as before.
 */
#ifndef HAL_KEYS_H
#define HAL_KEYS_H

#include <stdbool.h>
#include <stdint.h>

#include "board/lcd_keypad_shield.h"

#define KEYS_STABLE_MS 8u         /* longer than a contact's bounce */
#define KEYS_REPEAT_DELAY_MS 500u /* first repeat of a held arrow */
#define KEYS_REPEAT_MS 150u
#define KEYS_REPEAT_FAST_MS 40u /* after KEYS_REPEATS_BEFORE_FAST repeats */
#define KEYS_REPEATS_BEFORE_FAST 8u
#define KEYS_LONG_MS 1000u /* a long press of SELECT */

/* Events: the arrows and SELECT keep their enum board_button numbers. */
enum keys_event {
	KEY_NONE = BUTTON_NONE,
	KEY_RIGHT = BUTTON_RIGHT,
	KEY_UP = BUTTON_UP,
	KEY_DOWN = BUTTON_DOWN,
	KEY_LEFT = BUTTON_LEFT,
	KEY_SELECT = BUTTON_SELECT,
	KEY_SELECT_LONG
};

void keys_init(void);
/* Called on every pass of the main loop: samples the keypad when a new
 * millisecond has begun, and returns the event that makes, or KEY_NONE
 * (at most one event a sample). */
uint8_t keys_next(void);
/* True when no button is held, being pressed or being let go: a sample
 * showing no button would change nothing, so the main loop may sleep
 * through ticks (hal/sleep.h) while keys_showing() looks at the keypad.
 * Main-loop code only. */
bool keys_quiet(void);
/* For the sleep through ticks (hal/sleep.h), with interrupts off:
 * true when the latest reading shows a button, which it leaves for
 * keys_next(); else it starts the next conversion. */
bool keys_showing(void);
/* For standby (hal/sleep.h), with the sampling stopped: whether a button
 * is down now, from one quick conversion.  The ADC is left off, as
 * power-down wants it, until keys_start() starts the sampling again,
 * unsettled: keys_quiet() is false until the readings have shown no button
 * for KEYS_STABLE_MS samples, as at power-on. */
bool keys_pressed_now(void);
void keys_start(void);
/* How many times the arrow held now has repeated (up to 255; 0 after a
 * new press): a screen may take bigger steps the longer it is held. */
uint8_t keys_repeats(void);

#endif
