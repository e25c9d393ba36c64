/*
 * The millisecond tick: Timer0 interrupts once a millisecond and counts.
 * The tick also wakes the chip from idle sleep, so the main loop runs at
 * least once a millisecond (the keypad's sampling relies on it).
 */
#ifndef HAL_TIMER_H
#define HAL_TIMER_H

#include <stdint.h>

void timer_init(void);
/* Milliseconds since timer_init, read atomically (wraps after 49 days).
 * Main-loop code only: it turns interrupts back on. */
uint32_t timer_ms(void);

#endif
