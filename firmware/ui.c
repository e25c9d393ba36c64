/* Screen dispatch; see ui.h. */
#include "firmware/ui.h"

#include <stdbool.h>

#include "firmware/attract.h"
#include "firmware/features.h"
#include "firmware/menu.h"
#include "firmware/operator.h"
#include "firmware/play.h"
#include "hal/keys.h"

/* Whether the operator menu shows; read through showing(), so that a
 * build without FEATURE_OPERATOR has none of it. */
static bool operating;

static uint8_t showing(void)
{
	if (FEATURE_OPERATOR && operating) {
		return SCREEN_OPERATOR;
	}
	return play_showing() ? SCREEN_PLAY : SCREEN_MENU;
}

static void show(uint8_t screen)
{
	if (FEATURE_OPERATOR) {
		operating = screen == SCREEN_OPERATOR;
	}
	if (screen == SCREEN_PLAY) {
		play_enter();
		return;
	}
	play_hide();
	if (showing() == SCREEN_OPERATOR) {
		operator_enter();
	} else {
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
	uint8_t was = showing();
	if (FEATURE_ATTRACT && attract_key()) {
		return;
	}
	uint8_t next;
	if (FEATURE_OPERATOR && was == SCREEN_MENU && key == KEY_SELECT_LONG && operator_gesture()) {
		next = SCREEN_OPERATOR;
	} else {
		next = was == SCREEN_PLAY ? play_key(key) : was == SCREEN_MENU ? menu_key(key) : operator_key(key);
	}
	if (next != was) {
		show(next);
	}
}

/* The operator menu has an idle time of its own; attract mode's are the
 * visitors'. */
void ui_tick(uint16_t now_ms)
{
	uint8_t was = showing();
	if (was == SCREEN_OPERATOR) {
		if (operator_tick(now_ms) != SCREEN_OPERATOR) {
			show(SCREEN_MENU);
		}
		return;
	}
	if (FEATURE_ATTRACT) {
		attract_tick(now_ms);
	}
	if (was == SCREEN_PLAY) {
		play_tick(now_ms);
	} else {
		menu_tick(now_ms);
	}
}
