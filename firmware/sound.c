/* The buzzer's sounds; see sound.h. */
#include "firmware/sound.h"

#include "engine/flash.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "hal/sound.h"
#include "hal/timer.h"

struct note {
	uint8_t tone; /* SOUND_TONE(hz) */
	uint8_t ms;   /* 0: the sound's end */
};

/* Each sound is its notes, ending with a note of no time.  Near the
 * piezo's loudest, around 2.5 kHz, a click is short enough to be a tick
 * rather than a note; the machine's call falls a fourth; the tunes run up
 * and down a major chord (C5 E5 G5 C6, G4 E4 C4). */
static const struct note click[] ENGINE_FLASH = { { SOUND_TONE(2500), 8 }, { 0, 0 } };
static const struct note machine_call[] ENGINE_FLASH = { { SOUND_TONE(1319), 50 }, { SOUND_TONE(988), 70 }, { 0, 0 } };
static const struct note win_tune[] ENGINE_FLASH = { { SOUND_TONE(523), 110 },
						     { SOUND_TONE(659), 110 },
						     { SOUND_TONE(784), 110 },
						     { SOUND_TONE(1047), 250 },
						     { 0, 0 } };
static const struct note loss_tune[] ENGINE_FLASH = {
	{ SOUND_TONE(392), 200 }, { SOUND_TONE(330), 200 }, { SOUND_TONE(262), 250 }, { 0, 0 }
};

static uint8_t note_ms;         /* the sounding note's length; 0 in silence */
static const struct note *next; /* the note after it */
static uint16_t note_end;       /* the low 16 bits of timer_ms() when it ends */
static bool muted;              /* zero at power-on: sound is on */

/* The next note, from `now_ms` (the low 16 bits of timer_ms()), or
 * silence at its sound's end. */
static void start_next(uint16_t now_ms)
{
	uint8_t tone = flash_u8(&next->tone);
	note_ms = flash_u8(&next->ms);
	if (note_ms == 0) {
		sound_tone_stop();
		return;
	}
	next++;
	sound_tone_start(tone);
	note_end = now_ms + note_ms;
}

static void play(const struct note *sound)
{
	if (!muted) {
		next = sound;
		start_next((uint16_t)timer_ms());
	}
}

void sound_enable(bool on)
{
	muted = !on;
	if (muted) {
		note_ms = 0;
		sound_tone_stop();
	}
}

void sound_click(void)
{
	if (note_ms == 0) {
		play(click);
	}
}

void sound_game_event(uint8_t event)
{
	if (event != GAME_MOVED || (FEATURE_ATTRACT && game->attract)) {
		return; /* attract mode's games are silent */
	}
	if (game->over) {
		play(game->winner == PLAYER_PERSON ? win_tune : loss_tune);
	} else if (game->to_move == PLAYER_PERSON) {
		play(machine_call);
	}
}

bool sound_playing(void)
{
	return note_ms != 0;
}

void sound_poll(uint16_t now_ms)
{
	/* As a signed difference, so that the 16-bit time's wrap is no end. */
	if (note_ms != 0 && (int16_t)(now_ms - note_end) >= 0) {
		start_next(now_ms);
	}
}
