/*
 * Composing the LCD's lines.  A screen prints one line at a time into a
 * small buffer through the engine's text sinks (so engine_print_error,
 * print_u32 and friends write straight onto the display), then shows it.
 * Text beyond the 16 columns is cut; the rest of the line is blanked.
 */
#ifndef FIRMWARE_DISPLAY_H
#define FIRMWARE_DISPLAY_H

#include <stdint.h>

#include "engine/engine.h"

/* Starts an empty line and returns the sink to print it with. */
struct text_sink *display_begin(void);
/* Shows the line begun last on LCD row `row` (0 or 1).  Fixed text needs
 * no buffer: lcd_write_line_P() shows a flash string directly. */
void display_end(uint8_t row);

#endif
