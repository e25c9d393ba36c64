/*
 * The millisecond tick: Timer0 interrupts once a millisecond and counts.
 * The tick also wakes the chip from idle sleep: the main loop runs once a
 * millisecond, or, while all is quiet, sleeps through ticks and looks at
 * the keypad at each (hal/sleep.h).  The tick calls nothing: what a tick
 * means to the sleep is decided by the sleep.
 */
#ifndef HAL_TIMER_H
#define HAL_TIMER_H

#include <stdint.h>

void timer_init(void);
/* Stops the tick, for standby (hal/sleep.h): power-down stops its clock
 * anyway, and time stands still for the firmware until timer_start(),
 * from which it goes on where it stopped. */
void timer_stop(void);
void timer_start(void);
/* Milliseconds since timer_init, read atomically (wraps after 49 days).
 * Main-loop code only: it turns interrupts back on. */
uint32_t timer_ms(void);
/* The low byte of timer_ms(), for counting a few ticks: with interrupts
 * off too, where it leaves them off. */
uint8_t timer_ms_low_byte(void);

#endif
