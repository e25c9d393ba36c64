/* The buzzer's tones on Timer2; see sound.h. */
#include "hal/sound.h"

#include <avr/io.h>

#include "hal/pins.h"

#define BUZZER_MASK (1u << BOARD_BUZZER_BIT)

_Static_assert(F_CPU / 128u / 2u == SOUND_HALF_CYCLE_HZ, "Timer2's clock is F_CPU / 128");

void sound_tone_start(uint8_t tone)
{
	HAL_DDR(BOARD_BUZZER_PORT) |= BUZZER_MASK;
	/* CTC: count to OCR2A and start again, toggling OC2A on the way.
	 * OCR2A is not buffered in CTC mode: the count starts again from 0,
	 * so that it cannot be past the new top and run to 255 first. */
	TCCR2A = (1 << COM2A0) | (1 << WGM21);
	TCNT2 = 0;
	OCR2A = tone;
	TCCR2B = (1 << CS22) | (1 << CS20); /* clock / 128 */
}

void sound_tone_stop(void)
{
	TCCR2B = 0;
	/* The pin back to its port bit, which is low: no current through a
	 * magnetic buzzer, should one be fitted instead of a piezo. */
	TCCR2A = 0;
}
