/*
 * The screens and which one is showing.  Each screen is a small module
 * with an enter function (draw yourself), a key handler and, where it has
 * timed steps, a tick; ui.c passes events to the one showing.
 */
#ifndef FIRMWARE_UI_H
#define FIRMWARE_UI_H

#include <stdint.h>

enum ui_screen {
	SCREEN_MENU, /* firmware/menu.c: choose the game and start it */
	SCREEN_PLAY  /* firmware/play.c: the game in progress, then its result */
};

void ui_show(uint8_t screen);
void ui_key(uint8_t key);
/* Called on every pass of the main loop, at least once a millisecond, with
 * the low 16 bits of timer_ms(): every timed step is a few seconds at most. */
void ui_tick(uint16_t now_ms);

#endif
