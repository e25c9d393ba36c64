/* The 1 ms tick on Timer0 in CTC mode; see timer.h. */
#include "hal/timer.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#define TIMER_PRESCALER 64u
#define TIMER_TOP (F_CPU / TIMER_PRESCALER / 1000u - 1u) /* 249: 1000 interrupts a second */

static volatile uint32_t ticks_ms;

ISR(TIMER0_COMPA_vect)
{
	ticks_ms++;
}

void timer_init(void)
{
	TCCR0A = 1 << WGM01; /* CTC: count to OCR0A, then start again */
	OCR0A = TIMER_TOP;
	TIMSK0 = 1 << OCIE0A;
	timer_start();
}

void timer_start(void)
{
	TCCR0B = (1 << CS01) | (1 << CS00); /* clock / 64 */
}

uint32_t timer_ms(void)
{
	uint32_t now;
	ATOMIC_BLOCK(ATOMIC_FORCEON)
	{
		now = ticks_ms;
	}
	return now;
}

uint8_t timer_ms_low_byte(void)
{
	/* The AVR keeps the count's least significant byte first: one load,
	 * whole whatever the tick does meanwhile, where the volatile count's
	 * cast would load all four. */
	return *(const volatile uint8_t *)&ticks_ms;
}

void timer_stop(void)
{
	TCCR0B = 0; /* no clock: the count and timer_ms() stay where they are */
}
