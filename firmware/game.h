/*
 * The game in progress, shared by every way of playing it: the buttons
 * (firmware/play.c) and the serial console (firmware/console.c).  It holds the position
 * and whose turn it is, refuses illegal moves without changing anything,
 * and when the game ends names the winner, counts the result in the score
 * and saves it.
 */
#ifndef FIRMWARE_GAME_H
#define FIRMWARE_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

enum player { PLAYER_PERSON = 0, PLAYER_MACHINE = 1 };

struct game {
	struct position pos;
	uint8_t to_move; /* enum player */
	bool over;
	uint8_t winner;  /* enum player, once over */
};

extern struct game game;

/* A new game from the start position `settings` describe, checked by the
 * engine's own parser: ENGINE_OK, or why there is no game (a number out of
 * range; ENGINE_ERR_GAME_OVER when it leaves no move to make). */
enum engine_error game_new(void);
/* A new game from `pos` (the serial console's `new` and `go`), `first`
 * (enum player) to move; false, and the game in progress untouched, when
 * `pos` has no move. */
bool game_start(const struct position *pos, uint8_t first);
/* The person leaves the game in progress (a long SELECT): it ends with no
 * winner and no score, and no more moves are taken.  A finished game is
 * left as it is. */
void game_leave(void);
/* Plays `mv` for the player to move, or returns why it is illegal and
 * leaves the game untouched. */
enum engine_error game_play(const struct move *mv);
/* The score of the games finished, "You 2 - me 5", printed where the put_*
 * functions of engine/text.h print. */
void game_print_score(void);

#endif
