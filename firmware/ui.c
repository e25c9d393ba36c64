/* Screen dispatch; see ui.h. */
#include "firmware/ui.h"

#include "firmware/menu.h"
#include "firmware/play.h"

static uint8_t showing;

void ui_show(uint8_t screen)
{
	showing = screen;
	if (screen == SCREEN_PLAY) {
		play_enter();
	} else {
		menu_enter();
	}
}

void ui_key(uint8_t key)
{
	if (showing == SCREEN_PLAY) {
		play_key(key);
	} else {
		menu_key(key);
	}
}

void ui_tick(uint16_t now_ms)
{
	if (showing == SCREEN_PLAY) {
		play_tick(now_ms);
	} else {
		menu_tick(now_ms);
	}
}
