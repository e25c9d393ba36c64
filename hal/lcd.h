/*
 * The shield's HD44780 16x2 character LCD, written in 4-bit mode.
 *
 * R/W is tied to ground, so the busy flag cannot be read: every write waits
 * the datasheet's execution time instead (hal/lcd.c lists them).  Text goes
 * a whole line at a time, padded with spaces, so a screen never needs the
 * slow Clear Display and never flickers.
 *
 * Custom characters: lcd_define_char() fills one of the eight CGRAM slots.
 * Codes 0..7 and 8..15 both show slot 0..7; strings use LCD_CUSTOM(n)
 * (8 + n), because code 0 would end a C string.
 */
#ifndef HAL_LCD_H
#define HAL_LCD_H

#include <stdbool.h>
#include <stdint.h>

#include "board/lcd_keypad_shield.h"

#define LCD_COLUMNS BOARD_LCD_COLUMNS
#define LCD_ROWS BOARD_LCD_ROWS
#define LCD_CUSTOM(slot) ((char)(8 + (slot)))
#define LCD_GLYPH_ROWS 8u

/* Once, after a reset: waits out the display's power-on time, then
 * initialises it by instruction: 4-bit bus, two lines, display on, cursor
 * off, blank. */
void lcd_init(void);
/* Writes `text` from the line's first column, cut or padded with spaces to
 * the full width. */
void lcd_write_line(uint8_t row, const char *text);
/* Defines custom character `slot` (0..7) from LCD_GLYPH_ROWS rows in RAM
 * (pictures are drawn at run time), five pixels each in the low bits, top
 * row first. */
void lcd_define_char(uint8_t slot, const uint8_t *rows);
/* The display off (the glass blank, the text and custom characters kept)
 * or on again, showing what it held. */
void lcd_display(bool on);
/* The shield's backlight (D10): on, as at power-on, with the pin an
 * input; off with the pin an output driven low.  Never driven high. */
void lcd_backlight(bool on);

#endif
