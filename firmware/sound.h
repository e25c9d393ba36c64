/*
 * What the exhibit's buzzer plays (FEATURE_SOUND, hal/sound.h): a click
 * for every key that changes the screen (a key that does nothing is
 * silent), a short call when the machine moves, a rising tune when
 * the person wins and a falling one when the machine does; nothing for
 * attract mode's games (firmware/attract.h).
 *
 * Each sound is a few notes from a table in flash.  Starting a note is a
 * few register writes, and the main loop's sound_poll() starts the next
 * when a note's time is up, so nothing waits for a sound: the screen is
 * drawn as soon as without it.  A sound of the game cuts short whatever
 * plays; a click sounds only in silence, so keys never cut a tune.
 */
#ifndef FIRMWARE_SOUND_H
#define FIRMWARE_SOUND_H

#include <stdbool.h>
#include <stdint.h>

/* On at power-on.  Off, whatever plays stops at once and nothing sounds
 * until it is on again (an operator's setting). */
void sound_enable(bool on);
/* A key changed the screen (firmware/box.c). */
void sound_click(void);
/* The game's observer (firmware/game.h): the machine's move, a win, a loss. */
void sound_game_event(uint8_t event);
/* Called on every pass of the main loop with the low 16 bits of
 * timer_ms(): ends a note whose time is up and starts the next. */
void sound_poll(uint16_t now_ms);
/* Whether a sound is playing: its notes need the main loop every tick. */
bool sound_playing(void);

#endif
