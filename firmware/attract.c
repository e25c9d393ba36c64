/* The exhibit's attract mode; see attract.h. */
#include "firmware/attract.h"

#include "firmware/features.h"
#include "firmware/game.h"
#include "firmware/menu.h"
#include "firmware/play.h"
#include "firmware/settings.h"
#include "firmware/transcript.h"
#include "hal/keys.h"
#include "hal/timer.h"

uint16_t attract_idle_s[2];
/* The idle time so far, from the last key or the last change the idle
 * times made: whole seconds, and the low 16 bits of timer_ms() when the
 * next began.  Counted so, each pass's look at it is a 16-bit subtraction
 * and comparison: the chip is back asleep at once. */
static uint16_t idle_seconds;
static uint16_t second_began;
/* The key that ended attract mode is an arrow still held: its repeats
 * are attract mode's too. */
static bool held_on;

static void idle_from_now(void)
{
	idle_seconds = 0;
	second_began = (uint16_t)timer_ms();
}

#if FEATURE_OPERATOR
_Static_assert(ATTRACT_IDLE_MENU_DEFAULT_S == SETTINGS_MENU_IDLE_DEFAULT_S &&
		       ATTRACT_IDLE_GAME_DEFAULT_S == SETTINGS_GAME_IDLE_DEFAULT_MIN * 60u,
	       "the operator's defaults are attract mode's own");
#endif

void attract_init(void)
{
	attract_idle_s[ATTRACT_IDLE_MENU] = ATTRACT_IDLE_MENU_DEFAULT_S;
	attract_idle_s[ATTRACT_IDLE_GAME] = ATTRACT_IDLE_GAME_DEFAULT_S;
	idle_from_now();
}

/* The menu, as a person's leaving a game brings it (firmware/ui.c), its
 * idle time from now. */
static void show_menu(void)
{
	play_hide();
	menu_enter();
	idle_from_now();
}

void attract_start(void)
{
	idle_from_now(); /* a set-up with no move: the menu waits as long again */
	if (FEATURE_TRANSCRIPT) {
		transcript_say(TEXT_ATTRACT);
		transcript_line_end();
	}
	(void)game_attract(); /* the play screen observes it */
}

bool attract_key(void)
{
	idle_from_now();
	if (held_on && keys_repeats() != 0) {
		return true;
	}
	held_on = false;
	if (!play_showing() || !game->attract) {
		return false;
	}
	/* Left as a visitor leaves a game: every observer is told, and
	 * those that report games ignore attract mode's, but the lamps stop
	 * blinking the move that was being announced. */
	game_leave();
	show_menu();
	held_on = true;
	return true;
}

void attract_tick(uint16_t now_ms)
{
	if ((uint16_t)(now_ms - second_began) < 1000u) {
		return;
	}
	second_began += 1000u;
	idle_seconds++;
	bool playing = play_showing();
	if (playing && game->attract) {
		return; /* it plays on until a key */
	}
	uint8_t idle = playing && !game->over ? ATTRACT_IDLE_GAME : ATTRACT_IDLE_MENU;
	if (idle_seconds < attract_idle_s[idle]) {
		return;
	}
	if (playing) {
		/* The visitor has gone: the game is left as if they had left
		 * it, a finished one for the menu and its own idle time. */
		game_leave();
		if (idle == ATTRACT_IDLE_MENU) {
			show_menu();
			return;
		}
	}
	attract_start();
}
