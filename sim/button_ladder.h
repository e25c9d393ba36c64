/*
 * The shield's five buttons: a resistor ladder on one ADC input, A0
 * (board/lcd_keypad_shield.h).  The real part divides 5 V differently for
 * each button pressed (the nearest to the chip wins when several are), and
 * gives 5 V when none is; the readings differ between the shield's
 * versions 1.0 and 1.1.  The model sets the input's voltage so that the
 * ADC reads exactly the board's table's value for the button.
 */
#ifndef SIM_BUTTON_LADDER_H
#define SIM_BUTTON_LADDER_H

#include <stdbool.h>
#include <stdint.h>

#include "board/lcd_keypad_shield.h"
#include "sim/part.h"

struct button_ladder {
	avr_irq_t *adc; /* NULL until connected, and once the chip is gone */
	uint8_t shield; /* 0: v1.0, 1: v1.1 */
	uint32_t millivolts;
};

/* Before the first power-on: no button down, on shield version `shield`. */
void button_ladder_init(struct button_ladder *ladder, uint8_t shield);
/* At power-on: the voltage on ADC input `channel`. */
void button_ladder_connect(struct button_ladder *ladder, avr_t *avr, unsigned channel);
/* The chip is gone (simavr freed it): the ladder keeps its button alone. */
void button_ladder_disconnect(struct button_ladder *ladder);
/* `button` down from now on (BUTTON_NONE: all up). */
void button_ladder_set(struct button_ladder *ladder, enum board_button button);

#endif
