/* Watchdog in reset mode, or waking standby; see watchdog.h. */
#include "hal/watchdog.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/wdt.h>
#include <util/atomic.h>

#include "common/attributes.h"

/* The longest pass of the main loop is a machine move (at most 20 ms) plus
 * a full screen (about 2 ms); 500 ms leaves a wide margin. */
#define WATCHDOG_TIMEOUT WDTO_500MS
/* One console line's work, eight times the usual period, whatever the
 * tolerance of the watchdog's oscillator. */
#define WATCHDOG_LONG_TIMEOUT WDTO_4S
/* Standby's wake-ups: 4K cycles of the watchdog's 128 kHz oscillator,
 * 32 ms (WDTO_30MS). */
#define WATCHDOG_WAKE_PERIOD WDTO_30MS

/* The cause of the last reset (MCUSR's flags) is kept in GPIOR0 for
 * watchdog_reset_happened(): a register that every reset clears and that
 * nothing else uses, so it needs no RAM, which the C start-up would clear
 * after this. */
#define WATCHDOG_RESET_CAUSE GPIOR0

/* After a watchdog reset the watchdog stays on with its shortest timeout,
 * which would reset the chip again during start-up: turn it off before
 * main() runs, as the avr-libc manual advises.  Its reset flag must be
 * cleared first, as it holds the watchdog on. */
void watchdog_off_at_reset(void) RUN_AT_START_UP(".init3");
void watchdog_off_at_reset(void)
{
	WATCHDOG_RESET_CAUSE = MCUSR;
	/* wdt_disable() without its saving and clearing of the interrupt
	 * flag: a reset has cleared it, and nothing sets it before main().
	 * The second write must follow the first within four cycles. */
	MCUSR = 0;
	wdt_reset();
	WDTCSR |= (1 << WDCE) | (1 << WDE);
	WDTCSR = 0;
}

bool watchdog_reset_happened(void)
{
	return (WATCHDOG_RESET_CAUSE & (1 << WDRF)) != 0;
}

void watchdog_start(void)
{
	wdt_enable(WATCHDOG_TIMEOUT);
}

void watchdog_feed(void)
{
	wdt_reset();
}

void watchdog_start_long(void)
{
	wdt_enable(WATCHDOG_LONG_TIMEOUT);
	/* The chip counts to the new period from here; simavr 1.6 keeps the
	 * old deadline until the next reset of the count, so give it one. */
	wdt_reset();
}

/* Its only work is to wake the chip; watchdog_wake_again() re-arms it. */
EMPTY_INTERRUPT(WDT_vect);

void watchdog_start_waking(void)
{
	ATOMIC_BLOCK(ATOMIC_FORCEON)
	{
		/* The timed sequence: the second write within four cycles. */
		WDTCSR = (1 << WDCE) | (1 << WDE);
		WDTCSR = (1 << WDIE) | (1 << WDE) | WATCHDOG_WAKE_PERIOD;
		/* The first period from now (were the count past it already,
		 * the time-out would only wake the chip early); simavr 1.6
		 * keeps the old deadline until the count is reset. */
		wdt_reset();
	}
}

void watchdog_wake_again(void)
{
	/* WDE and the period as they are: only WDIE changes. */
	WDTCSR = (1 << WDIE) | (1 << WDE) | WATCHDOG_WAKE_PERIOD;
}
