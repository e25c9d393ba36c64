/*
 * The game screen.  It opens with a line of help, then alternates turns:
 *   the person's turn: the board on row 0 (the heap chosen in brackets,
 *     "3[4]5"), the half-made move on row 1 ("Take 3"); arrows change it,
 *     SELECT plays it, and an illegal move is refused with the engine's
 *     reason, the game unchanged;
 *   the machine's turn: the board with "Thinking..." (the thinking LED on)
 *     for a moment, then the move in words ("I take 3", its heap in
 *     brackets; on a board or a strip, the pieces it takes marked) before
 *     the board changes; any key skips the wait;
 *   game over: who won, then the score and what the keys do; SELECT plays
 *     again, LEFT goes back to the menu.
 * A long press of SELECT leaves the game at any time (game_leave()).
 * Attract mode's games (game->attract, firmware/attract.h) are the
 * machine's on both sides: its moves announced as above, each after the
 * caption "Can you beat / the Odra?", which also stays for the result's
 * time at the end before a new game begins; its keys are attract mode's.
 * The screen follows the game by observing it, so a game begun or a move
 * made at the serial console shows here as one made with the buttons.
 */
#ifndef FIRMWARE_PLAY_H
#define FIRMWARE_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

/* Entered from the menu: the page of help, then the game its SELECT began. */
void play_enter(void);
/* Whether the play screen shows: from a game begun anywhere, or its entry
 * from the menu, until the menu takes the display (play_hide()). */
bool play_showing(void);
void play_hide(void);
/* Returns the screen to show next (enum ui_screen): the menu once the
 * person leaves the game, else the play screen. */
uint8_t play_key(uint8_t key);
void play_tick(uint16_t now_ms);
/* The game's observer (firmware/game.h): a game begun anywhere (the menu,
 * the console, a rematch) brings the play screen, from the game's first
 * turn, and every move, whoever made it, brings the next turn. */
void play_game_event(uint8_t event);

#endif
