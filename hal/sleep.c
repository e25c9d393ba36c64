/* Race-free idle sleep; see sleep.h. */
#include "hal/sleep.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

void sleep_idle_unless(bool (*has_work)(void))
{
	/* Idle is the sleep mode a reset leaves (SMCR's mode bits 0), and
	 * nothing sets another: SMCR is written whole, sleep enabled and
	 * disabled, without reading it first. */
	cli();
	if (!has_work()) {
		/* SEI delays interrupts by one instruction, so an interrupt that
		 * came after the check still wakes the SLEEP that follows. */
		SMCR = 1 << SE;
		sei();
		sleep_cpu();
		SMCR = 0;
	}
	sei();
}
