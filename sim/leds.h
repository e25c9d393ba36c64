/*
 * The LEDs and the LCD's backlight on the chip's pins
 * (board/lcd_keypad_shield.h).  An LED lights while its pin is an output
 * driven high.  The backlight is a transistor whose base the shield pulls
 * up: lit while its pin (D10) is an input, dark while the pin is an output
 * driven low; driven high, the pin would short the base on many shield
 * clones, so the model stops the run there.
 */
#ifndef SIM_LEDS_H
#define SIM_LEDS_H

#include <stdbool.h>

#include "sim/part.h"

enum leds_output { LEDS_THINKING = 0, LEDS_WIN, LEDS_BACKLIGHT, LEDS_OUTPUTS };

struct leds;

/* One per port with a watched pin: its pins' levels and its directions. */
struct leds_port_hook {
	struct leds *leds;
	char port;
};

struct leds {
	avr_t *avr;
	struct part_pin pins[LEDS_OUTPUTS];
	struct leds_port_hook port_hooks[LEDS_OUTPUTS];
	bool driven[LEDS_OUTPUTS];  /* an output set high */
	bool backlight_output;      /* D10 an output: the backlight off (driven low) */
	bool backlight_driven_high; /* ever, since the harness opened */
	struct part_link link;
};

/* At power-on: every pin an input; then listens to `pins`. */
void leds_connect(struct leds *leds, avr_t *avr, const struct part_pin pins[LEDS_OUTPUTS],
		  const struct part_link *link);

#endif
