/*
 * The watchdog: the exhibit must never hang.  The main loop feeds it on
 * every pass; if a pass ever takes longer than WATCHDOG_TIMEOUT, the chip
 * resets and comes back at the menu with the default settings.
 */
#ifndef HAL_WATCHDOG_H
#define HAL_WATCHDOG_H

void watchdog_start(void);
void watchdog_feed(void);
/* Feeds the watchdog and gives the next step 4 s instead of 500 ms:
 * some analyses of the serial console take over a second on the chip
 * (subtract-a-digit's Grundy value near 100,000, factoring a large prime).
 * watchdog_start() sets the usual period back. */
void watchdog_start_long(void);

#endif
