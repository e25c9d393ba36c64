/*
 * The screens and which one is showing.  Each screen is a small module
 * with an enter function (draw yourself), a key handler that returns the
 * screen to show next (firmware/screen.h) and, where it has timed steps, a
 * tick; ui.c passes events to the one showing and switches when a key
 * handler asks.  The play screen also follows the game, observing it: a
 * game begun anywhere brings it up (play_showing() tells).
 */
#ifndef FIRMWARE_UI_H
#define FIRMWARE_UI_H

#include <stdint.h>

#include "firmware/screen.h"

/* At start-up: the menu. */
void ui_start(void);
void ui_key(uint8_t key);
/* Called on every pass of the main loop, at least once a millisecond, with
 * the low 16 bits of timer_ms(): every timed step is a few seconds at most. */
void ui_tick(uint16_t now_ms);

#endif
