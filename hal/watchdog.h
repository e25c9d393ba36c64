/*
 * The watchdog: the exhibit must never hang.  The main loop feeds it on
 * every pass; if a pass ever takes longer than WATCHDOG_TIMEOUT (500 ms),
 * the chip resets and starts over: the settings kept in the EEPROM
 * (FEATURE_SAVE) come back as after a power cut, and the firmware can ask
 * watchdog_reset_happened() to tell such a start from a power-on.
 *
 * After a watchdog reset the chip keeps its watchdog running with the
 * shortest period, 16 ms, and no write can stop it while the reset's flag
 * stands; the start-up is longer than that (the LCD alone asks 50 ms), so
 * the C start-up, before main(), notes the cause of the reset, clears the
 * flags and stops the watchdog until watchdog_start().
 */
#ifndef HAL_WATCHDOG_H
#define HAL_WATCHDOG_H

#include <stdbool.h>

void watchdog_start(void);
void watchdog_feed(void);
/* Feeds the watchdog and gives the next step 4 s instead of 500 ms, for
 * one line of the serial console (make bench times the slowest:
 * tools/bench/console_run.c).  watchdog_start() sets the usual period
 * back. */
void watchdog_start_long(void);
/* Standby (hal/sleep.h): the watchdog in interrupt-and-reset mode with a
 * period of 32 ms.  A time-out wakes the chip with the watchdog's
 * interrupt, and the chip clears WDIE as it does so: the next time-out
 * resets the chip unless watchdog_wake_again() has set it again.  So
 * standby's loop re-arms it after each wake-up, and a hang anywhere in the
 * loop, with interrupts on or off, resets the chip within two periods.
 * watchdog_start() sets reset mode and the usual period back. */
void watchdog_start_waking(void); /* with interrupts on */
void watchdog_wake_again(void);
/* True when the last reset was the watchdog's (the firmware hung), false
 * after a power-on, a brown-out or the reset button.  It reads the reset
 * flags the chip left in MCUSR, so it is right on a chip flashed without a
 * bootloader (ISP) or with Optiboot 7 or later, which leave the flags to
 * the firmware; the Uno's stock bootloader (Optiboot 4.4) clears them
 * before the firmware starts, and then the answer is always false. */
bool watchdog_reset_happened(void);

#endif
