/*
 * The piezo buzzer on D11 (OC2A, board/lcd_keypad_shield.h).  Timer2 in CTC
 * mode toggles the pin at every compare match: the square wave is the
 * timer's alone, with no interrupt per half-period, and it goes on while
 * the chip sleeps in idle.  How long a tone lasts is the caller's to
 * time (firmware/sound.c, from the millisecond tick).
 *
 * The timer counts F_CPU / 128 and toggles the pin every so many counts,
 * which SOUND_TONE(hz) works out at compile time, so that the chip never
 * divides: to the nearest whole count, within 1% of hz up to 1.25 kHz,
 * 2% up to 2.5 kHz.
 */
#ifndef HAL_SOUND_H
#define HAL_SOUND_H

#include <stdint.h>

/* Half of Timer2's count rate: a tone's frequency is this over its
 * counts per half-period, 1 to 256. */
#define SOUND_HALF_CYCLE_HZ 62500u
/* The lowest tone (256 counts), and the highest the rounding keeps
 * within 16 bits. */
#define SOUND_HZ_MIN (SOUND_HALF_CYCLE_HZ / 256u + 1u)
#define SOUND_HZ_MAX 6000u
/* The tone of `hz` (SOUND_HZ_MIN to SOUND_HZ_MAX), for sound_tone_start():
 * its counts per half-period, less one, as the compare register holds it. */
#define SOUND_TONE(hz) ((uint8_t)((SOUND_HALF_CYCLE_HZ + (hz) / 2u) / (hz)-1u))

/* Sounds `tone` (SOUND_TONE) until the next tone or sound_tone_stop(),
 * from a new half-period; the first one makes the pin an output. */
void sound_tone_start(uint8_t tone);
/* Silence, the pin held low. */
void sound_tone_stop(void);

#endif
