/*
 * The pocket on batteries (FEATURE_STANDBY).  Left without a key for
 * settings.light_idle_min minutes (2 by default), at the menu or in a game,
 * the backlight goes off (hal/lcd.h); for settings.standby_idle_min
 * minutes (10), standby: the display goes off too and the chip sleeps in
 * power-down until a button is pressed (hal/sleep.h), the EEPROM's save,
 * if one is under way, finished first.  Time stands still meanwhile: a
 * game in progress, its screen and its timed steps wait as they were.
 *
 * A key brings the light back (and the display, showing what it showed)
 * and does nothing else: no event of it reaches the screens, neither its
 * press nor its repeats nor its release, until the keypad is quiet again.
 * A byte on the serial line counts as a key but for that: someone is at
 * the console, and it reads the byte.
 */
#ifndef FIRMWARE_STANDBY_H
#define FIRMWARE_STANDBY_H

#include <stdbool.h>
#include <stdint.h>

/* Every pass of the main loop, with keys_next()'s event and keys_quiet()
 * after it: the event the screens get (KEY_NONE while a key wakes the
 * box). */
uint8_t standby_key(uint8_t key, bool quiet);
/* Every pass, with the low 16 bits of timer_ms(): the idle times' ends;
 * standby only while `saving` (a save under way, firmware/store.h) is
 * false.  Returns once a key has woken the box. */
void standby_tick(uint16_t now_ms, bool saving);

#endif
