/*
 * The game in progress, shared by every way of playing it: the buttons
 * (firmware/play.c) and the serial console (firmware/console_commands.c).
 * This module alone changes it: it holds the position and whose turn it is,
 * refuses illegal moves without changing anything, and when the game ends
 * names the winner and counts the result in the score (but attract mode's
 * games, which are nobody's).  Every other file reads it through the
 * pointer to const `game` below, and learns what happens to it as an
 * observer.
 *
 * Observers: a table of functions, set once at start-up by
 * firmware/box.c (the screen, the exhibit's lamps, the transcript, the
 * console, the win light), each called in the table's order with every
 * event; the game as it then is, and the move being made, are in *game.
 * The table is in flash and the game keeps only its address, so the game
 * calls none of them by name and depends on none of them.
 */
#ifndef FIRMWARE_GAME_H
#define FIRMWARE_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "firmware/features.h"

enum player { PLAYER_PERSON = 0, PLAYER_MACHINE = 1 };

struct game {
	struct position pos;
	uint8_t to_move; /* enum player */
	bool over;
	uint8_t winner; /* enum player, once over with a winner */
	bool attract;   /* the machine plays both sides, in attract mode: nobody's game */
	/* While the observers are told GAME_MOVING and GAME_MOVED, the move
	 * (the caller's: read it then only). */
	const struct move *move;
#if FEATURE_TEACHING
	/* While the observers are told GAME_MOVED: the move was the
	 * person's, from a position they could win to one the machine can
	 * win (the transcript's "slip", the statistics' slips). */
	bool slip;
#endif
};

/* What the observers are told, in the order it happens. */
enum game_event {
	GAME_BEGAN,  /* a new game: game is its start */
	GAME_MOVING, /* game->to_move is about to play game->move in game->pos */
	GAME_MOVED,  /* game->move was played: the position after it, the next to move;
	              * when no move is left, the game is over and game->winner won */
	GAME_LEFT    /* the person leaves the game at game->pos: told
	              * before it is closed, so game->over says whether it
	              * had ended already (the person leaves its result) */
};

typedef void (*game_observer)(uint8_t event);

/* The observers: a table of functions in flash (ENGINE_FLASH) that ends
 * with NULL, set once before the first game. */
void game_observe(const game_observer *table);

/* The game in progress (or the last one, over or left), read-only: only
 * game.c changes it.  Before the first game it is all zero: Nim with no
 * heaps, which no set-up or text can make (game_exists() tells).
 * game_state is its one writable name, game.c's alone (make test checks
 * that no other file names it: tests/scripts/game_writer.sh); every other
 * file reads it through `game`, a constant each file's compiler sees
 * through, so reading it costs no more than naming the record. */
extern struct game game_state;
static const struct game *const game = &game_state;
bool game_exists(void);

/* The start position `settings` describe, printed and read back by the
 * engine's own parser into *into (which may be settings.setup itself):
 * ENGINE_OK, or why the engine refuses it (*into then untouched). */
enum engine_error game_parse_setup(struct position *into);
/* A new game from the start position `settings` describe, checked by the
 * engine's own parser: ENGINE_OK, or why there is no game (a number out of
 * range; ENGINE_ERR_GAME_OVER when it leaves no move to make). */
enum engine_error game_new(void);
/* Attract mode's game (FEATURE_ATTRACT, firmware/attract.h): a new game
 * as game_new() makes, but nobody's (game->attract): it counts in no
 * score. */
enum engine_error game_attract(void);
/* A new game from `pos` (the serial console's `new` and `go`), `first`
 * (enum player) to move; false, and the game in progress untouched, when
 * `pos` has no move. */
bool game_start(const struct position *pos, uint8_t first);
/* The person leaves the game (a long SELECT, or LEFT on its result): one
 * in progress ends with no winner and no score, and no more moves are
 * taken; a finished one stays as it ended. */
void game_leave(void);
/* Plays `mv` for the player to move, or returns why it is illegal and
 * leaves the game untouched.  A game over or left takes no move
 * (ENGINE_ERR_GAME_OVER), though a game left still has moves. */
enum engine_error game_play(const struct move *mv);

#endif
