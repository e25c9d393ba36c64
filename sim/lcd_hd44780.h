/*
 * The shield's 16x2 LCD module: an HD44780 controller, its character ROM
 * and its 64 bytes of CGRAM (eight custom characters), written through
 * six pins of the chip (board/lcd_keypad_shield.h): RS, E and DB4..DB7,
 * R/W tied to ground.  The real part latches a nibble at E's falling edge
 * and takes tens of microseconds to carry out each byte.  The controller
 * itself, with every timing of its datasheet checked, is sim/lcd_model.h;
 * this part connects it to the pins and keeps its timing violations over
 * every power-on period.
 */
#ifndef SIM_LCD_HD44780_H
#define SIM_LCD_HD44780_H

#include <stdint.h>

#include "sim/lcd_model.h"
#include "sim/part.h"

struct lcd_hd44780;

struct lcd_hd44780_hook {
	struct lcd_hd44780 *lcd;
	enum lcd_pin pin;
};

struct lcd_hd44780 {
	const avr_t *avr; /* its clock timestamps the edges */
	struct lcd_model model;
	struct lcd_hd44780_hook hooks[LCD_PIN_COUNT];
	uint32_t changes_seen;
	uint32_t earlier_violations; /* from power-on periods before this one */
	char earlier_first_violation[LCD_VIOLATION_TEXT_SIZE];
	struct part_link link;
};

/* At power-on: the controller resets itself; then listens to `pins`. */
void lcd_hd44780_connect(struct lcd_hd44780 *lcd, avr_t *avr, const struct part_pin pins[LCD_PIN_COUNT],
			 const struct part_link *link);
/* At a power cut: the controller forgets everything but the violations seen. */
void lcd_hd44780_power_off(struct lcd_hd44780 *lcd);

#endif
