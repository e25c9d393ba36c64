/*
 * The two status LEDs: "thinking" on D13 (the Uno's own LED), lit while the
 * machine chooses and announces its move, and "win" on D3 (an external LED
 * with a resistor), lit while the game-over screen shows a person's win.
 */
#ifndef HAL_LEDS_H
#define HAL_LEDS_H

#include <stdbool.h>

/* Once, after a reset: both LEDs off. */
void leds_init(void);
void leds_thinking(bool on);
void leds_win(bool on);

#endif
