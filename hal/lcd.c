/*
 * HD44780 driver, write-only, 4-bit; see lcd.h.
 *
 * Timings from the HD44780U datasheet (Hitachi ADE-207-272), with margin:
 *   power-on to first instruction      >= 40 ms    (we wait 50 ms)
 *   after the 1st "8-bit" function set >= 4.1 ms   (4.5 ms)
 *   after the 2nd                      >= 100 us   (150 us)
 *   E high pulse width                 >= 450 ns   (1 us)
 *   E cycle time                       >= 1000 ns  (1 us high + 1 us low)
 *   RS and data set-up before E rises  >= 80 ns    (1 us)
 *   most instructions and data writes  37 us       (40 us)
 *   Clear Display, Return Home         1.52 ms     (2 ms)
 */
#include "hal/lcd.h"

#include <avr/io.h>
#include <avr/pgmspace.h>
#include <stdbool.h>
#include <util/delay.h>

#include "hal/pins.h"
#include "hal/sleep.h"

/* Waits in units of LCD_EXEC_US (one shared loop instead of one inline
 * delay loop at every wait), rounded up. */
#define LCD_EXEC_US 40u
#define LCD_UNITS(us) (((us) + LCD_EXEC_US - 1u) / LCD_EXEC_US)
#define LCD_POWER_ON_WAIT LCD_UNITS(50000u)
#define LCD_INIT_FIRST_WAIT LCD_UNITS(4500u)
#define LCD_INIT_SECOND_WAIT LCD_UNITS(150u)
#define LCD_CLEAR_WAIT LCD_UNITS(2000u)

/* Instructions */
#define LCD_CLEAR 0x01u
#define LCD_ENTRY_INCREMENT 0x06u
#define LCD_DISPLAY_OFF 0x08u
#define LCD_DISPLAY_ON 0x0Cu /* cursor and blink off */
#define LCD_FUNCTION_4BIT_2LINES 0x28u
#define LCD_SET_CGRAM 0x40u
#define LCD_SET_DDRAM 0x80u
#define LCD_LINE2_ADDRESS 0x40u

#define RS_MASK (1u << BOARD_LCD_RS_BIT)
#define E_MASK (1u << BOARD_LCD_E_BIT)
#define BACKLIGHT_MASK (1u << BOARD_BACKLIGHT_BIT)

static void lcd_nibble(uint8_t nibble)
{
	uint8_t data = HAL_PORT(BOARD_LCD_DATA_PORT) & (uint8_t)~BOARD_LCD_DATA_MASK;
	HAL_PORT(BOARD_LCD_DATA_PORT) = data | ((uint8_t)(nibble << BOARD_LCD_DATA_SHIFT) & BOARD_LCD_DATA_MASK);
	_delay_us(1); /* set-up */
	HAL_PORT(BOARD_LCD_E_PORT) |= E_MASK;
	_delay_us(1); /* pulse width; the display latches on the falling edge */
	HAL_PORT(BOARD_LCD_E_PORT) &= (uint8_t)~E_MASK;
	/* E stays low for the rest of the enable cycle: the next nibble's
	 * set-up, or an instruction's wait, follows. */
}

/* At least `units` times LCD_EXEC_US (the loop's own time adds a little). */
static void lcd_wait(uint16_t units)
{
	for (; units != 0; units--) {
		_delay_us(LCD_EXEC_US);
	}
}

static void lcd_byte(uint8_t value, bool is_data)
{
	if (is_data) {
		HAL_PORT(BOARD_LCD_RS_PORT) |= RS_MASK;
	} else {
		HAL_PORT(BOARD_LCD_RS_PORT) &= (uint8_t)~RS_MASK;
	}
	lcd_nibble(value >> 4);
	lcd_nibble(value & 0x0Fu);
	/* Asleep, once start-up has turned interrupts on: at the menu the
	 * chip spends more time in this wait than in anything else. */
	if (SREG & (1u << SREG_I)) {
		sleep_us(LCD_EXEC_US);
	} else {
		lcd_wait(1u);
	}
}

static void lcd_command(uint8_t command)
{
	lcd_byte(command, false);
}

/* The initialisation's nibbles, each with the wait after it (in
 * LCD_EXEC_US units); the datasheet's sequence for 4-bit mode. */
static const uint8_t lcd_init_steps[] PROGMEM = {
	0x3, LCD_INIT_FIRST_WAIT, 0x3, LCD_INIT_SECOND_WAIT, 0x3, LCD_INIT_SECOND_WAIT, 0x2, 1u,
};
_Static_assert(LCD_INIT_FIRST_WAIT <= UINT8_MAX, "the initialisation's waits fit a byte");

void lcd_init(void)
{
	/* Called once, after a reset, which leaves every pin an input with
	 * its output latch low: the backlight pin stays so (driving it high
	 * would short the backlight transistor on many clones), and E and RS
	 * start low as outputs. */
	HAL_DDR(BOARD_LCD_RS_PORT) |= RS_MASK;
	HAL_DDR(BOARD_LCD_E_PORT) |= E_MASK;
	HAL_DDR(BOARD_LCD_DATA_PORT) |= BOARD_LCD_DATA_MASK;

	/* Initialisation by instruction: whatever state a reset left the
	 * controller in, three "8-bit" function sets bring it to 8-bit mode,
	 * and then one nibble switches it to 4-bit. */
	lcd_wait(LCD_POWER_ON_WAIT);
	for (const uint8_t *step = lcd_init_steps; step < lcd_init_steps + sizeof lcd_init_steps; step += 2) {
		lcd_nibble(pgm_read_byte(step));
		lcd_wait(pgm_read_byte(step + 1));
	}

	lcd_command(LCD_FUNCTION_4BIT_2LINES);
	lcd_command(LCD_DISPLAY_OFF);
	lcd_command(LCD_CLEAR);
	lcd_wait(LCD_CLEAR_WAIT - 1u);
	lcd_command(LCD_ENTRY_INCREMENT);
	lcd_command(LCD_DISPLAY_ON);
}

static void lcd_goto_line(uint8_t row)
{
	lcd_command(LCD_SET_DDRAM | (row != 0 ? LCD_LINE2_ADDRESS : 0u));
}

void lcd_write_line(uint8_t row, const char *text)
{
	lcd_goto_line(row);
	for (uint8_t col = 0; col < LCD_COLUMNS; col++) {
		char c = *text;
		if (c != '\0') {
			text++;
		} else {
			c = ' ';
		}
		lcd_byte((uint8_t)c, true);
	}
}

void lcd_define_char(uint8_t slot, const uint8_t *rows)
{
	lcd_command(LCD_SET_CGRAM | (uint8_t)((slot & 7u) << 3));
	for (uint8_t i = 0; i < LCD_GLYPH_ROWS; i++) {
		lcd_byte(rows[i], true);
	}
	/* The address counter now points into CGRAM; every line write sets
	 * a DDRAM address first, so nothing else needs to follow. */
}

void lcd_display(bool on)
{
	lcd_command(on ? LCD_DISPLAY_ON : LCD_DISPLAY_OFF);
}

void lcd_backlight(bool on)
{
	/* The pin's output latch stays low, as the reset left it: an output
	 * it pulls the transistor's base down, an input it leaves the base to
	 * the shield's pull-up.  Never high: that shorts the base on many
	 * clones. */
	if (on) {
		HAL_DDR(BOARD_BACKLIGHT_PORT) &= (uint8_t)~BACKLIGHT_MASK;
	} else {
		HAL_DDR(BOARD_BACKLIGHT_PORT) |= BACKLIGHT_MASK;
	}
}
