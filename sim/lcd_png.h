/*
 * A picture of the 16x2 display as the real shield looks: blue backlit
 * glass, white dots with gaps between them and between the 5x8 character
 * cells.  ROM characters come from simavr's installed character generator
 * (lcd_font.h), custom characters from the model's CGRAM.
 */
#ifndef SIM_LCD_PNG_H
#define SIM_LCD_PNG_H

#include <stdint.h>

#include "sim/lcd_model.h"

/* Geometry in pixels. */
#define LCD_PNG_DOT 4       /* a dot is 4x4 pixels */
#define LCD_PNG_DOT_PITCH 5 /* dot plus the 1-pixel gap after it */
#define LCD_PNG_CELL_WIDTH (5 * LCD_PNG_DOT_PITCH - 1)
#define LCD_PNG_CELL_HEIGHT (8 * LCD_PNG_DOT_PITCH - 1)
#define LCD_PNG_CELL_PITCH_X (LCD_PNG_CELL_WIDTH + 5)
#define LCD_PNG_CELL_PITCH_Y (LCD_PNG_CELL_HEIGHT + 7)
#define LCD_PNG_GLASS_MARGIN 18 /* glass around the dot matrix */
#define LCD_PNG_BEZEL 14        /* dark frame around the glass */
#define LCD_PNG_ORIGIN (LCD_PNG_BEZEL + LCD_PNG_GLASS_MARGIN)
#define LCD_PNG_WIDTH \
	(2 * LCD_PNG_ORIGIN + BOARD_LCD_COLUMNS * LCD_PNG_CELL_PITCH_X - (LCD_PNG_CELL_PITCH_X - LCD_PNG_CELL_WIDTH))
#define LCD_PNG_HEIGHT \
	(2 * LCD_PNG_ORIGIN + BOARD_LCD_ROWS * LCD_PNG_CELL_PITCH_Y - (LCD_PNG_CELL_PITCH_Y - LCD_PNG_CELL_HEIGHT))

/* Top-left pixel of dot (dot_x 0..4, dot_y 0..7) of a character cell. */
void lcd_png_dot_origin(uint8_t row, uint8_t column, uint8_t dot_x, uint8_t dot_y, uint32_t *x, uint32_t *y);
/* Draws the display as it looks at `cycle` (the cursor blinks) into
 * `rgb`, LCD_PNG_WIDTH * LCD_PNG_HEIGHT * 3 bytes, row after row. */
void lcd_png_render(const struct lcd_model *lcd, uint64_t cycle, uint8_t *rgb);
/* Renders and writes a PNG file.  0 on success, -1 with the reason on stderr. */
int lcd_png_write(const struct lcd_model *lcd, uint64_t cycle, const char *path);

#endif
