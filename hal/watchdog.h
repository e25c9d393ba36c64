/*
 * The watchdog: the exhibit must never hang.  The main loop feeds it on
 * every pass; if a pass ever takes longer than WATCHDOG_TIMEOUT, the chip
 * resets and comes back at the menu with its saved settings.
 */
#ifndef HAL_WATCHDOG_H
#define HAL_WATCHDOG_H

void watchdog_start(void);
void watchdog_feed(void);

#endif
