/*
 * The millisecond tick: Timer0 interrupts once a millisecond, counts, and
 * samples the keypad (keys_sample), so button timing does not depend on how
 * busy the main loop is.  The tick also wakes the chip from idle sleep.
 */
#ifndef HAL_TIMER_H
#define HAL_TIMER_H

#include <stdint.h>

void timer_init(void);
/* Milliseconds since timer_init, read atomically (wraps after 49 days). */
uint32_t timer_ms(void);

#endif
