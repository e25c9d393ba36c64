/*
 * The LCD's text for a terminal: the character ROM (HD44780U "A00", the
 * Japanese one the shield's modules carry) in UTF-8, and custom characters
 * as the Polish letter they draw (engine/letters.def), else as a shade
 * block as dark as the glyph is full, so columns stay aligned.
 */
#ifndef SIM_LCD_TEXT_H
#define SIM_LCD_TEXT_H

#include <stddef.h>

#include "sim/harness.h"

/* Longest UTF-8 form of one cell, with its NUL. */
#define LCD_TEXT_CELL_SIZE 5
/* A whole line of BOARD_LCD_COLUMNS cells, with its NUL. */
#define LCD_TEXT_LINE_SIZE (BOARD_LCD_COLUMNS * (LCD_TEXT_CELL_SIZE - 1) + 1)

/* One line from sim_lcd_lines() as UTF-8. */
void lcd_text_line_utf8(const struct sim *sim, const char *line, char out[LCD_TEXT_LINE_SIZE]);

#endif
