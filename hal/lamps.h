/*
 * The exhibit's bank of 16 lamps (LEDs), driven through two daisy-chained
 * 74HC595 shift registers (board/lcd_keypad_shield.h names the pins;
 * docs/exhibit.md has the wiring).  Lamp 1 is bit 15 of a lamps word, lamp 16 bit
 * 0: the word is shifted out from bit 15, which ends in the far
 * register's QH, and latched onto the outputs all at once.
 */
#ifndef HAL_LAMPS_H
#define HAL_LAMPS_H

#include <stdint.h>

/* Once, after a reset: the three pins made outputs and every lamp dark
 * (the registers power up holding anything). */
void lamps_init(void);
/* Lights the lamps whose bits are set, darkens the others. */
void lamps_show(uint16_t lamps);

#endif
