/*
 * Writes the board's wiring for the web page as a JavaScript module: the
 * pins, the button ladder's readings of both shield versions, the LCD's
 * character ROM and the firmware's Polish letters.  Compiled with the
 * headers the firmware and the simulator use (board/lcd_keypad_shield.h,
 * engine/letters.def, simavr's character generator), so the page cannot
 * drift from the board; and the LCD picture's geometry of the simulator's
 * PNG (sim/lcd_png.h), so that the two pictures can be compared dot for dot.
 *
 *   board_data OUT.js
 */
#include <stdint.h>
#include <stdio.h>

#include "board/lcd_keypad_shield.h"
#include "sim/lcd_png.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdiscarded-qualifiers"
#include <lcd_font.h>
#pragma GCC diagnostic pop

#define NAME_OF(token) #token
#define PORT_NAME(token) NAME_OF(token)

static const uint16_t readings[BOARD_SHIELD_VERSIONS][BUTTON_COUNT] = {
	BOARD_READINGS_V1_0,
	BOARD_READINGS_V1_1,
};

static const struct {
	const char *utf8;
	char plain;
	uint8_t rows[8];
} letters[] = {
#define LETTER(utf8, plain, ...) { utf8, plain, { __VA_ARGS__ } },
#include "engine/letters.def"
#undef LETTER
};

static void pin(FILE *out, const char *name, const char *port, unsigned bit)
{
	fprintf(out, "  %s: { port: '%s', bit: %u },\n", name, port, bit);
}

/* The 8 dot rows (bit 4 the leftmost dot) of ROM character `code`: the
 * generator's 5x7 glyphs, the eighth row the cursor's. */
static void font_rows(unsigned code, uint8_t rows[8])
{
	for (unsigned y = 0; y < 8u; y++) {
		rows[y] = 0;
		for (unsigned x = 0; y < 7u && x < 5u; x++) {
			size_t pixel = (size_t)y * lcd_font.width + code * 5u + x;
			if (lcd_font.pixel_data[pixel * lcd_font.bytes_per_pixel + 3u] >= 0x80u) {
				rows[y] |= (uint8_t)(0x10u >> x);
			}
		}
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: board_data OUT.js\n");
		return 2;
	}
	FILE *out = fopen(argv[1], "w");
	if (out == NULL) {
		perror(argv[1]);
		return 1;
	}
	fprintf(out, "// Made by web/board_data.c from board/lcd_keypad_shield.h; do not edit.\n");
	fprintf(out, "export const board = {\n  name: '%s',\n  mcu: '%s',\n  frequency: %lu,\n", BOARD_NAME, BOARD_MCU,
		(unsigned long)BOARD_F_CPU);
	pin(out, "lcdRs", PORT_NAME(BOARD_LCD_RS_PORT), BOARD_LCD_RS_BIT);
	pin(out, "lcdE", PORT_NAME(BOARD_LCD_E_PORT), BOARD_LCD_E_BIT);
	fprintf(out, "  lcdData: { port: '%s', shift: %u, mask: %u },\n", PORT_NAME(BOARD_LCD_DATA_PORT),
		BOARD_LCD_DATA_SHIFT, BOARD_LCD_DATA_MASK);
	fprintf(out, "  lcdColumns: %u,\n  lcdRows: %u,\n", BOARD_LCD_COLUMNS, BOARD_LCD_ROWS);
	pin(out, "backlight", PORT_NAME(BOARD_BACKLIGHT_PORT), BOARD_BACKLIGHT_BIT);
	pin(out, "ledThinking", PORT_NAME(BOARD_LED_THINKING_PORT), BOARD_LED_THINKING_BIT);
	pin(out, "ledWin", PORT_NAME(BOARD_LED_WIN_PORT), BOARD_LED_WIN_BIT);
	pin(out, "lampsSer", PORT_NAME(BOARD_LAMPS_PORT), BOARD_LAMPS_SER_BIT);
	pin(out, "lampsSrclk", PORT_NAME(BOARD_LAMPS_PORT), BOARD_LAMPS_SRCLK_BIT);
	pin(out, "lampsRclk", PORT_NAME(BOARD_LAMPS_PORT), BOARD_LAMPS_RCLK_BIT);
	fprintf(out, "  lamps: %u,\n", BOARD_LAMPS);
	pin(out, "buzzer", PORT_NAME(BOARD_BUZZER_PORT), BOARD_BUZZER_BIT);
	fprintf(out, "  buttonsAdcChannel: %u,\n", BOARD_BUTTONS_ADC_CHANNEL);
	fprintf(out, "  buttons: ['none', 'right', 'up', 'down', 'left', 'select'],\n");
	fprintf(out, "  // 10-bit readings of each button, in the order of buttons, per shield version.\n");
	fprintf(out, "  readings: {\n");
	for (unsigned v = 0; v < BOARD_SHIELD_VERSIONS; v++) {
		fprintf(out, "    'v1.%u': [", v);
		for (unsigned b = 0; b < BUTTON_COUNT; b++) {
			fprintf(out, "%s%u", b ? ", " : "", readings[v][b]);
		}
		fprintf(out, "],\n");
	}
	fprintf(out, "  },\n  lcdPicture: { dot: %u, dotPitch: %u, cellPitchX: %u, cellPitchY: %u, origin: %u, bezel: %u, "
		     "width: %u, height: %u },\n",
		LCD_PNG_DOT, LCD_PNG_DOT_PITCH, LCD_PNG_CELL_PITCH_X, LCD_PNG_CELL_PITCH_Y, LCD_PNG_ORIGIN, LCD_PNG_BEZEL,
		LCD_PNG_WIDTH, LCD_PNG_HEIGHT);
	fprintf(out, "  uartBaud: %lu,\n", (unsigned long)BOARD_UART_BAUD);
	fprintf(out, "  // The character ROM: 8 dot rows a character, bit 4 the leftmost dot.\n  font: [\n");
	for (unsigned code = 0; code < 256u; code++) {
		uint8_t rows[8];
		font_rows(code, rows);
		fprintf(out, "    [");
		for (unsigned y = 0; y < 8u; y++) {
			fprintf(out, "%s%u", y ? ", " : "", rows[y]);
		}
		fprintf(out, "],\n");
	}
	fprintf(out, "  ],\n  // engine/letters.def: the letters the firmware draws as custom characters.\n  letters: [\n");
	for (size_t i = 0; i < sizeof letters / sizeof letters[0]; i++) {
		fprintf(out, "    { letter: '%s', plain: '%c', rows: [", letters[i].utf8, letters[i].plain);
		for (unsigned y = 0; y < 8u; y++) {
			fprintf(out, "%s%u", y ? ", " : "", letters[i].rows[y]);
		}
		fprintf(out, "] },\n");
	}
	fprintf(out, "  ],\n};\n");
	if (fclose(out) != 0) {
		perror(argv[1]);
		return 1;
	}
	return 0;
}
