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
 */
#ifndef FIRMWARE_PLAY_H
#define FIRMWARE_PLAY_H

#include <stdint.h>

/* Shows the game set up by game_new(). */
void play_enter(void);
void play_key(uint8_t key);
void play_tick(uint16_t now_ms);

#endif
