/* Screen dispatch; see ui.h. */
#include "firmware/ui.h"

#include "firmware/attract.h"
#include "firmware/features.h"
#include "firmware/menu.h"
#include "firmware/play.h"

static void show(uint8_t screen)
{
	if (screen == SCREEN_PLAY) {
		play_enter();
	} else {
		play_hide();
		menu_enter();
	}
}

void ui_start(void)
{
	show(SCREEN_MENU);
}

/* A key may begin a game (the menu's SELECT), which brings the play screen
 * at once (it observes the game); the key's handler then says where it
 * goes, and the menu's SELECT enters the play screen by its page of help. */
void ui_key(uint8_t key)
{
	if (FEATURE_ATTRACT && attract_key()) {
		return;
	}
	uint8_t was = play_showing() ? SCREEN_PLAY : SCREEN_MENU;
	uint8_t next = was == SCREEN_PLAY ? play_key(key) : menu_key(key);
	if (next != was) {
		show(next);
	}
}

void ui_tick(uint16_t now_ms)
{
	if (FEATURE_ATTRACT) {
		attract_tick(now_ms);
	}
	if (play_showing()) {
		play_tick(now_ms);
	} else {
		menu_tick(now_ms);
	}
}
