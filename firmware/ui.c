/* Screen dispatch; see ui.h. */
#include "firmware/ui.h"

#include "firmware/game.h"
#include "firmware/menu.h"
#include "firmware/play.h"

static uint8_t showing;

static void show(uint8_t screen)
{
	showing = screen;
	if (screen == SCREEN_PLAY) {
		play_enter();
	} else {
		menu_enter();
	}
}

void ui_start(void)
{
	show(SCREEN_MENU);
}

/* A key may begin a game (the menu's SELECT), which brings the play screen
 * at once (ui_game_event); the key's handler then says where it goes, and
 * the menu's SELECT enters the play screen by its page of help. */
void ui_key(uint8_t key)
{
	uint8_t was = showing;
	uint8_t next = was == SCREEN_PLAY ? play_key(key) : menu_key(key);
	if (next != was) {
		show(next);
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

/* The menu shows only when no game is in progress (before the first, or
 * once the person has left one), so every event but a beginning finds the
 * play screen showing. */
void ui_game_event(uint8_t event)
{
	if (event == GAME_BEGAN) {
		showing = SCREEN_PLAY;
	}
	play_game_event(event);
}
