/*
 * Idle sleep between events.  Timers and the UART keep running; the 1 ms
 * tick and a byte received end a sleep.
 */
#ifndef HAL_SLEEP_H
#define HAL_SLEEP_H

#include <stdint.h>

/* Sleeps through up to `ticks` ticks of the 1 ms timer (1: until the next
 * interrupt, the tick's or another's), fewer when a byte arrives (or is
 * waiting already).  Above 1 only when keys_quiet() (hal/keys.h): the
 * tick's interrupt then looks at the keypad meanwhile, and a button shown
 * ends the sleep. */
void sleep_ticks(uint8_t ticks);
/* Called by the tick's interrupt (hal/timer.c). */
void sleep_on_tick(void);

#endif
