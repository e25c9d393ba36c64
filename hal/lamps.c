/* The bank of lamps on two 74HC595s; see lamps.h. */
#include "hal/lamps.h"

#include "hal/pins.h"

#define SER_MASK (1u << BOARD_LAMPS_SER_BIT)
#define SRCLK_MASK (1u << BOARD_LAMPS_SRCLK_BIT)
#define RCLK_MASK (1u << BOARD_LAMPS_RCLK_BIT)

void lamps_init(void)
{
	HAL_DDR(BOARD_LAMPS_PORT) |= SER_MASK | SRCLK_MASK | RCLK_MASK;
	lamps_show(0);
}

/* Each bit is set on SER and taken by the registers at SRCLK's rising
 * edge; RCLK's rising edge then copies all 16 to the outputs, so the
 * lamps never show the bits passing through.  A bit instruction takes
 * 125 ns, longer than the 74HC595's pulse and set-up times at 5 V. */
void lamps_show(uint16_t lamps)
{
	for (uint8_t i = 0; i < BOARD_LAMPS; i++) {
		if (lamps & 0x8000u) {
			HAL_PORT(BOARD_LAMPS_PORT) |= SER_MASK;
		} else {
			HAL_PORT(BOARD_LAMPS_PORT) &= (uint8_t)~SER_MASK;
		}
		HAL_PORT(BOARD_LAMPS_PORT) |= SRCLK_MASK;
		HAL_PORT(BOARD_LAMPS_PORT) &= (uint8_t)~SRCLK_MASK;
		lamps <<= 1;
	}
	HAL_PORT(BOARD_LAMPS_PORT) |= RCLK_MASK;
	HAL_PORT(BOARD_LAMPS_PORT) &= (uint8_t)~RCLK_MASK;
}
