/*
 * Idle sleep between events.  Timers and the UART keep running; the 1 ms
 * tick and a byte received end a sleep.  Short waits sleep too: the LCD's
 * 40 us after every byte (hal/lcd.c), most of the awake time at the menu.
 */
#ifndef HAL_SLEEP_H
#define HAL_SLEEP_H

#include <stdint.h>

/* Sleeps through up to `ticks` ticks of the 1 ms timer (1: until the next
 * interrupt, the tick's or another's), fewer when a byte arrives (or is
 * waiting already).  Above 1 only when keys_quiet() (hal/keys.h): it then
 * looks at the keypad at each tick meanwhile, and a button shown ends the
 * sleep. */
void sleep_ticks(uint8_t ticks);
/* Sleeps for `us` microseconds (at least), timed by Timer1, which nothing
 * else uses: other interrupts wake the chip meanwhile and are served, and
 * it sleeps again until the time is up.  With interrupts on only. */
void sleep_us(uint8_t us);
/* Standby: the chip in power-down, its deepest sleep (only the
 * watchdog's oscillator runs), until a button is pressed.  Every 32 ms the
 * watchdog's interrupt wakes it to look at the keypad, a conversion of
 * 12.5 us, and it sleeps again.  The millisecond tick stands still
 * meanwhile, the ADC and the brown-out detector are off; nothing but the
 * watchdog wakes the chip (bytes on the serial line are lost).  It returns
 * with the watchdog, the keypad's sampling and the tick as they were
 * (hal/watchdog.h, hal/keys.h, hal/timer.h). */
void sleep_until_button(void);

#endif
