/*
 * The exhibit's attract mode (FEATURE_ATTRACT): left idle, the machine
 * plays the game the menu has set up against itself, at a pace a passer-by
 * can follow, under the caption "Can you beat the Odra?", to draw visitors
 * in; any key brings the menu back exactly as it was.
 *
 *   the menu left idle for attract_idle_s[ATTRACT_IDLE_MENU] seconds
 *     (60 by default): attract mode;
 *   a finished game's result left as long: back to the menu (and, as long
 *     again, attract mode);
 *   a game left unfinished for attract_idle_s[ATTRACT_IDLE_GAME] seconds
 *     (300 by default): the game is left, as a visitor leaving it
 *     (game_leave(), the transcript's "left"), and attract mode begins.
 *
 * The games of attract mode are nobody's (game->attract, firmware/game.h):
 * the play screen (firmware/play.c) plays both sides, perfectly for
 * PLAYER_MACHINE and with the level-1 slips (engine/level.c) for
 * PLAYER_PERSON, so that games vary and end; the caption fills the screen
 * between the moves, and for longer once a game is over, then a new game
 * begins.  They count in no score, change no setting (so nothing is
 * saved), make no sound and light no win light; the transcript says
 * "attract" once as the mode begins and nothing of its games.  The key that
 * ends it leaves its game (game_leave(), of which only the lamps take
 * notice: they stop blinking a move) and does nothing else: an arrow held
 * on from it changes nothing until it is let go.
 *
 * Nothing here waits: each pass of the main loop looks whether another
 * second of idle time has gone by, and the play screen computes each move
 * when its step's time comes, so the chip sleeps between the ticks as it
 * does at the menu.
 */
#ifndef FIRMWARE_ATTRACT_H
#define FIRMWARE_ATTRACT_H

#include <stdbool.h>
#include <stdint.h>

/* The idle times in seconds, 1 to 65535, by enum attract_idle: the
 * operator's to set, attract_init()'s defaults until then. */
enum attract_idle {
	ATTRACT_IDLE_MENU, /* the menu, or a finished game's result */
	ATTRACT_IDLE_GAME  /* a game left unfinished */
};
#define ATTRACT_IDLE_MENU_DEFAULT_S 60u
#define ATTRACT_IDLE_GAME_DEFAULT_S 300u
extern uint16_t attract_idle_s[2];

/* At start-up, before the menu: the default idle times, the idle time
 * counted from now. */
void attract_init(void);
/* Attract mode now, in place of the menu (after a watchdog reset, say),
 * once attract_init() has run; the menu stays if its set-up has no move
 * to make. */
void attract_start(void);
/* Every key, before the screen showing gets it: true when the key was
 * attract mode's (it ended it, or it is an arrow held on since), which the
 * screen must then not get. */
bool attract_key(void);
/* Every pass of the main loop, with the low 16 bits of timer_ms(): the
 * idle times' ends. */
void attract_tick(uint16_t now_ms);

#endif
