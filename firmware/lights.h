/*
 * What the exhibit's bank of 16 lamps (hal/lamps.h) shows of the game, for
 * visitors watching from a distance.  The lamps stand in rows of 1, 3, 5
 * and 7, lamp 1 at the top:
 *   Marienbad: the 16 matches, as Nimatron showed its heaps in lights.
 *     Each lamp is a match of its row, lit while the match is there, so
 *     that the lamps go out as matches are taken, from the right of a
 *     row.  A Marienbad of other rows shows its first four, each as far
 *     as its lamps go, and a row past its count none;
 *   every other game: lamp 1 lit while the machine is to move (it
 *     thinks, then announces its move), dark on the person's turn and
 *     once the game is over; the rows of 3, 5 and 7 below it show the
 *     position's parts, each a binary number read from the left, lit for
 *     1: the heaps, numbers, coins' squares, rows of pins or strips as
 *     the screen shows them, Prime power's exponents (its factors' Nim
 *     heaps), Matrix Nim's rows' stones (each row's Nim heap).  Three
 *     parts take the three rows, two the rows of 5 and 7, and one all
 *     15 lamps, from lamp 2 to lamp 16; a game of more shows its first
 *     three.  A row too short for its part (above 7, 31, 127 or 32767)
 *     is lit whole.  The boards (Chomp, Taktix, Kubo, Nineteen) show one
 *     number, the pieces left.
 * The machine's choice blinks while the screen announces it, before it is
 * taken: the lamps the move changes go off and on, 128 ms each, from the
 * moment the announcement shows until the move is played, the move's
 * picture the last half.  Before
 * the first game every lamp is dark; a game left or over keeps its last
 * picture until the next begins.
 */
#ifndef FIRMWARE_LIGHTS_H
#define FIRMWARE_LIGHTS_H

#include <stdint.h>

#include "engine/engine.h"

/* The game's observer (firmware/game.h): the lamps show the position. */
void lights_game_event(uint8_t event);
/* The machine has chosen `mv` in the game's position and announces it
 * from now for `announced_ms`: the lamps it changes blink, in step with
 * the announcement, until the next event, the move played or the game
 * left; the last half of the blink, the move's picture, lasts until the
 * move is played.  `mv` must stay unchanged until then. */
void lights_choice(const struct move *mv, uint16_t announced_ms);
/* Every pass of the main loop: the blinking, at the time `now_ms` (the
 * low 16 bits of timer_ms()). */
void lights_tick(uint16_t now_ms);
/* How many milliseconds from now the blink's next half begins, so that a
 * main loop sleeping through ticks wakes for it on time; 255 when the
 * lamps change at no time (no blink, or its last half). */
uint8_t lights_wait_ms(void);

#endif
