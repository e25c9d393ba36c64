/*
 * A strict model of the HD44780U LCD controller as the shield wires it.
 *
 * The shield ties R/W to ground, so the controller is write-only: the model
 * watches the RS, E and DB4..DB7 lines with a timestamp (in cycles of the
 * AVR clock) on every edge, latches on the falling edge of E as the real
 * chip does, and checks every timing of the datasheet (VCC = 5 V) that a
 * write-only driver must keep.  A violation is counted and the first one is
 * described in words; a write that arrives while the controller is busy is
 * not accepted, as on the real chip.
 *
 * It needs no simulator: tests feed it synthetic edges (tests/sim/), and the
 * harness feeds it the AVR's pin changes (sim/lcd_hd44780.c).
 */
#ifndef SIM_LCD_MODEL_H
#define SIM_LCD_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "board/lcd_keypad_shield.h"

enum lcd_pin { LCD_PIN_RS = 0, LCD_PIN_E, LCD_PIN_DB4, LCD_PIN_DB5, LCD_PIN_DB6, LCD_PIN_DB7, LCD_PIN_COUNT };

/* Datasheet figures (HD44780U, VCC 4.5-5.5 V), in nanoseconds. */
#define LCD_NS_E_PULSE_HIGH 230u     /* PW_EH */
#define LCD_NS_E_CYCLE 500u          /* t_cycE */
#define LCD_NS_RS_SETUP 40u          /* t_AS */
#define LCD_NS_RS_HOLD 10u           /* t_AH */
#define LCD_NS_DATA_SETUP 80u        /* t_DSW */
#define LCD_NS_DATA_HOLD 10u         /* t_H */
#define LCD_NS_EXECUTE 37000u        /* most instructions and data writes */
#define LCD_NS_EXECUTE_LONG 1520000u /* clear display, return home */
#define LCD_NS_POWER_ON 40000000u    /* supply up to the first write */
#define LCD_NS_INIT_FIRST 4100000u   /* after the first 0x3 of initialisation */
#define LCD_NS_INIT_SECOND 100000u   /* after the second 0x3 */
/* The blinking cursor alternates every 409.6 ms (fOSC 250 kHz). */
#define LCD_NS_BLINK_PHASE 409600000u

#define LCD_DDRAM_SIZE 80
#define LCD_CGRAM_SIZE 64
#define LCD_LINE_LENGTH 40 /* DDRAM bytes per line in 2-line mode */
#define LCD_VIOLATION_TEXT_SIZE 320

/* What the controller last became busy with; names the wait in messages. */
enum lcd_busy_cause {
	LCD_BUSY_POWER_ON = 0,
	LCD_BUSY_INIT_FIRST,
	LCD_BUSY_INIT_SECOND,
	LCD_BUSY_INSTRUCTION,
	LCD_BUSY_DATA,
	LCD_BUSY_CLEAR,
	LCD_BUSY_HOME
};

/* What the glass shows, for noticing changes. */
struct lcd_view {
	uint8_t cells[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS];
	uint8_t custom_rows[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS][8];
	uint8_t cursor_cell; /* row * 16 + column, or 0xFF when not shown */
	bool display_on;
	bool cursor_on;
	bool blink_on;
};

struct lcd_model {
	uint32_t frequency; /* timestamps count cycles of this clock (Hz) */
	uint64_t power_on;  /* cycle the supply came up */

	/* The lines as the controller sees them, and when each last changed. */
	bool rs;
	bool e;
	uint8_t data; /* DB7..DB4 as the low four bits */
	uint64_t rs_changed;
	uint64_t data_changed;
	uint64_t e_rose;
	uint64_t e_fell;
	bool e_has_risen;
	bool e_has_fallen;

	/* Interface. */
	bool four_bit;
	bool low_nibble_next; /* 4-bit mode: the next nibble completes a byte */
	uint8_t high_nibble;
	bool byte_rejected; /* its first nibble came while busy */
	uint8_t init_step;  /* 0x3 function sets seen since power-on (3: done) */
	uint64_t busy_until;
	uint64_t busy_since;
	enum lcd_busy_cause busy_cause;

	/* Controller state. */
	bool two_lines;
	bool font_5x10;
	bool display_on;
	bool cursor_on;
	bool blink_on;
	bool increment;
	bool shift_on_write;
	bool address_cgram; /* the address counter points into CGRAM */
	uint8_t address;    /* AC */
	uint8_t shift;      /* display shift, 0..39 */
	uint8_t ddram[LCD_DDRAM_SIZE];
	uint8_t cgram[LCD_CGRAM_SIZE];

	/* Bookkeeping for the harness and tests. */
	uint32_t executed; /* instructions and data writes carried out */
	uint32_t changes;  /* times what the glass shows changed */
	uint64_t last_change;
	struct lcd_view view;
	uint32_t violations;
	uint64_t last_violation_cycle;
	const char *last_violation_rule;
	char first_violation[LCD_VIOLATION_TEXT_SIZE];
};

/* Supply comes up at `cycle`: the controller resets itself (8-bit
 * interface, one line, display off, DDRAM blank) and stays busy 40 ms. */
void lcd_model_power_on(struct lcd_model *lcd, uint32_t frequency, uint64_t cycle);
/* One line changed level at `cycle` (cycles never go backwards). */
void lcd_model_set_pin(struct lcd_model *lcd, enum lcd_pin pin, bool level, uint64_t cycle);

/* The visible text: ROM characters as their code (ASCII for 0x20..0x7D),
 * custom characters as codes 0..7; spaces while the display is off. */
void lcd_model_lines(const struct lcd_model *lcd, char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1]);
/* Character code in a visible cell, whether or not the display is on. */
uint8_t lcd_model_cell(const struct lcd_model *lcd, uint8_t row, uint8_t column);
/* Pixel rows (5 low bits each) of custom character `code` (0..7; 8..15
 * are the same eight). */
void lcd_model_glyph(const struct lcd_model *lcd, uint8_t code, uint8_t rows[8]);
/* Where the cursor shows at `cycle`, if it does: false when it is off or
 * scrolled out of view.  *block is true in the lit phase of blinking. */
bool lcd_model_cursor(const struct lcd_model *lcd, uint64_t cycle, uint8_t *row, uint8_t *column, bool *underline,
		      bool *block);

#endif
