/* Race-free idle sleep; see sleep.h. */
#include "hal/sleep.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#include "hal/keys.h"
#include "hal/timer.h"
#include "hal/uart.h"
#include "hal/watchdog.h"

void sleep_ticks(uint8_t ticks)
{
	/* The checks are made with interrupts off, and SEI delays interrupts
	 * by one instruction, so an interrupt that comes after them still
	 * wakes the SLEEP that follows.  Idle is the sleep mode a reset
	 * leaves (SMCR's mode bits 0), and nothing sets another: SMCR is
	 * written whole, sleep enabled and disabled, without reading it. */
	cli();
	uint8_t left = ticks;
	uint8_t last_tick = timer_ms_low_byte();
	while (!uart_pending()) {
		SMCR = 1 << SE;
		sei();
		sleep_cpu();
		SMCR = 0;
		cli();
		/* A single tick's sleep ends at any interrupt, as fast as it
		 * can: the console waits so for each byte of the Odra
		 * challenge. */
		if (ticks == 1u) {
			break;
		}
		/* Any interrupt wakes the chip; only the tick's count, each
		 * one wakes it.  The last tick's sample is the main loop's own
		 * (keys_next); the ones before it are taken here, and a button
		 * ends the sleep. */
		uint8_t now = timer_ms_low_byte();
		if (now != last_tick) {
			last_tick = now;
			if (--left == 0 || keys_showing()) {
				break;
			}
		}
	}
	sei();
}

/* Timer1 at the clock / 8: two counts a microsecond, up to 255 us in a
 * byte's worth of counts. */
#define SLEEP_TIMER1_COUNTS_PER_US (F_CPU / 8u / 1000000u)

/* Its only work is to wake the chip. */
EMPTY_INTERRUPT(TIMER1_COMPA_vect);

void sleep_us(uint8_t us)
{
	uint16_t end = (uint16_t)(us * SLEEP_TIMER1_COUNTS_PER_US);
	TCNT1 = 0;
	OCR1A = end;
	TIFR1 = 1 << OCF1A; /* a match left from the last wait is no wake-up */
	TIMSK1 = 1 << OCIE1A;
	TCCR1B = 1 << CS11; /* normal mode, counting on past `end` */
	/* As sleep_ticks(): the check with interrupts off, so that the
	 * match coming after it still wakes the SLEEP that follows. */
	cli();
	while (TCNT1 < end) {
		SMCR = 1 << SE;
		sei();
		sleep_cpu();
		SMCR = 0;
		cli();
	}
	sei();
	TCCR1B = 0;
	TIMSK1 = 0;
}

void sleep_until_button(void)
{
	timer_stop();
	watchdog_start_waking();
	/* The look at the keypad leaves the ADC off, as power-down wants it. */
	while (!keys_pressed_now()) {
		/* As sleep_ticks(): the watchdog's interrupt, if it comes
		 * after the cli, still wakes the SLEEP that follows the sei.
		 * The brown-out detector is off while asleep, back on as the
		 * chip wakes (the BODS sequence must end at most three cycles
		 * before the SLEEP). */
		cli();
		SMCR = (1 << SM1) | (1 << SE); /* power-down */
		sleep_bod_disable();
		sei();
		sleep_cpu();
		SMCR = 0;
		watchdog_wake_again();
	}
	watchdog_start();
	keys_start();
	timer_start();
}
