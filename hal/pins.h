/*
 * Register names from the board's pin map.
 *
 * board/lcd_keypad_shield.h names each pin as a port letter and a bit, so
 * that the simulator can read it without AVR headers.  These macros paste
 * the letter onto DDR, PORT and PIN (the extra level of expansion lets the
 * board's macro turn into its letter first), as avr-libc's stdiodemo does.
 */
#ifndef HAL_PINS_H
#define HAL_PINS_H

#include <avr/io.h>

#include "board/lcd_keypad_shield.h"

#define HAL_PASTE_(a, b) a##b
#define HAL_PASTE(a, b) HAL_PASTE_(a, b)

#define HAL_DDR(port) HAL_PASTE(DDR, port)
#define HAL_PORT(port) HAL_PASTE(PORT, port)
#define HAL_PIN(port) HAL_PASTE(PIN, port)

#endif
