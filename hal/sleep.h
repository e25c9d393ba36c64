/*
 * Idle sleep between events.  Timers and the UART keep running, and every
 * interrupt (at least the 1 ms tick) wakes the chip.
 */
#ifndef HAL_SLEEP_H
#define HAL_SLEEP_H

#include <stdbool.h>

/* Sleeps until the next interrupt, unless has_work() (called with
 * interrupts off, so no event can slip in between the check and the
 * sleep) says there is something to do. */
void sleep_idle_unless(bool (*has_work)(void));

#endif
