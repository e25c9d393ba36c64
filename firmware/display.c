/* One-line text composition for the LCD; see display.h. */
#include "firmware/display.h"

#include "engine/text.h"
#include "hal/lcd.h"

static char line[LCD_COLUMNS + 1];
static struct buffer_sink sink;

struct text_sink *display_begin(void)
{
	buffer_sink_init(&sink, line, sizeof line);
	return &sink.sink;
}

void display_end(uint8_t row)
{
	lcd_write_line(row, line);
}
