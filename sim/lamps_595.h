/*
 * The exhibit's 16 lamps: two daisy-chained 74HC595 shift registers on
 * three pins of the chip (board/lcd_keypad_shield.h).  The real part
 * shifts SER into its eight stages at each rising edge of SRCLK, passes
 * its last stage (QH') to the next register's SER, and at each rising
 * edge of RCLK copies the stages to its storage register, which drives
 * the outputs QA..QH (/OE tied low, /SRCLR high on the exhibit's board).
 */
#ifndef SIM_LAMPS_595_H
#define SIM_LAMPS_595_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/part.h"

enum lamps_595_pin { LAMPS_595_SER, LAMPS_595_SRCLK, LAMPS_595_RCLK, LAMPS_595_PINS };

struct lamps_595;

struct lamps_595_hook {
	struct lamps_595 *lamps;
	enum lamps_595_pin pin;
};

struct lamps_595 {
	struct lamps_595_hook hooks[LAMPS_595_PINS];
	bool level[LAMPS_595_PINS];
	uint16_t stages;  /* the shift registers' 16 stages */
	uint16_t outputs; /* the storage registers: bit 15 the far register's QH */
	uint32_t latches; /* since power-on */
	struct part_link link;
};

/* At power-on: the registers share the chip's supply, so they start empty
 * (a real one powers up holding anything, which the firmware clears at
 * once); then listens to `pins`. */
void lamps_595_connect(struct lamps_595 *lamps, avr_t *avr, const struct part_pin pins[LAMPS_595_PINS],
		       const struct part_link *link);

#endif
