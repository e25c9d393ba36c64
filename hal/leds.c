/* Status LEDs; see leds.h. */
#include "hal/leds.h"

#include "hal/pins.h"

#define THINKING_MASK (1u << BOARD_LED_THINKING_BIT)
#define WIN_MASK (1u << BOARD_LED_WIN_BIT)

void leds_init(void)
{
	HAL_DDR(BOARD_LED_THINKING_PORT) |= THINKING_MASK;
	HAL_DDR(BOARD_LED_WIN_PORT) |= WIN_MASK; /* off: a reset leaves the output latches low */
}

void leds_thinking(bool on)
{
	if (on) {
		HAL_PORT(BOARD_LED_THINKING_PORT) |= THINKING_MASK;
	} else {
		HAL_PORT(BOARD_LED_THINKING_PORT) &= (uint8_t)~THINKING_MASK;
	}
}

void leds_win(bool on)
{
	if (on) {
		HAL_PORT(BOARD_LED_WIN_PORT) |= WIN_MASK;
	} else {
		HAL_PORT(BOARD_LED_WIN_PORT) &= (uint8_t)~WIN_MASK;
	}
}
