/* The game in progress; see game.h. */
#include "firmware/game.h"

#include <stddef.h>

#include "common/attributes.h"
#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/features.h"
#include "firmware/settings.h"

struct game game_state;
static const game_observer *observers;

/* Longest text of a start position the menu can set up: a 4x8 Matrix
 * Nim of 3-digit cells, or 8 numbers of 10 digits with their parameters. */
#define GAME_START_TEXT 144u

void game_observe(const game_observer *table)
{
	observers = table;
}

/* Tells every observer, in the table's order. */
static void tell(uint8_t event)
{
	for (const game_observer *at = observers;; at++) {
		game_observer observer = (game_observer)flash_ptr((const void *const *)at);
		if (observer == NULL) {
			return;
		}
		observer(event);
	}
}

bool game_exists(void)
{
	return (game_state.pos.count | game_state.pos.game) != 0; /* a zeroed record is none */
}

/* Begins the game in game_state.pos, which has a move to make, `first` (enum
 * player) to move, attract mode's if `attract`.  OUT_OF_LINE: one shared
 * copy is shorter than the copies inlining makes. */
static OUT_OF_LINE void game_begin(uint8_t first, bool attract)
{
	if (FEATURE_ATTRACT) {
		game_state.attract = attract;
	}
	game_state.to_move = first;
	game_state.over = false;
	tell(GAME_BEGAN);
}

enum engine_error game_parse_setup(struct position *into)
{
	/* Printed and read back, the set-up is checked, and whatever the
	 * menu does not set (Prime power's factors) follows from it. */
	char text[GAME_START_TEXT];
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, sizeof text);
	engine_print_position(&settings.setup, &sink.sink);
	return sink.overflowed ? ENGINE_ERR_TOO_MANY : engine_parse_position(into, settings.setup.game, text);
}

/* The game the menu set up, attract mode's if `attract`. */
static enum engine_error new_game(bool attract)
{
	enum engine_error err = game_parse_setup(&game_state.pos);
	game_state.over = true;
	if (err == ENGINE_OK && engine_game_over(&game_state.pos)) {
		err = ENGINE_ERR_GAME_OVER;
	}
	if (err == ENGINE_OK) {
		game_begin(settings.machine_first, attract);
	}
	return err;
}

enum engine_error game_new(void)
{
	return new_game(false);
}

enum engine_error game_attract(void)
{
	return new_game(true);
}

bool game_start(const struct position *pos, uint8_t first)
{
	if (engine_game_over(pos)) {
		return false;
	}
	game_state.pos = *pos;
	game_begin(first, false);
	return true;
}

void game_leave(void)
{
	tell(GAME_LEFT);
	game_state.over = true;
}

enum engine_error game_play(const struct move *mv)
{
	/* A game over or left takes no move, whatever its position has; a
	 * game not over has a move (a game begins only where there is one,
	 * and ends at the move after which there is none). */
	if (game_state.over) {
		return ENGINE_ERR_GAME_OVER;
	}
	/* The engine's check, inlined here, reads the position through a
	 * pointer register: shorter code (common/attributes.h). */
	enum engine_error err = engine_check_move_in_play(OPAQUE(&game_state.pos), mv);
	if (err != ENGINE_OK) {
		return err;
	}
	game_state.move = mv;
	tell(GAME_MOVING);
#if FEATURE_TEACHING
	bool could_win = game_state.to_move == PLAYER_PERSON && engine_outcome(&game_state.pos) == OUTCOME_N;
#endif
	engine_apply_move(&game_state.pos, mv);
	game_state.to_move = (uint8_t)!game_state.to_move;
	game_state.over = engine_game_over(&game_state.pos);
#if FEATURE_TEACHING
	game_state.slip = could_win && engine_outcome(&game_state.pos) == OUTCOME_N;
#endif
	if (game_state.over) {
		/* Under normal play whoever moved last won, under misère
		 * whoever moved last lost, that is, the player now to move
		 * won. */
		game_state.winner = (uint8_t)(game_state.to_move ^ game_state.pos.rule ^
					      RULE_MISERE); /* enum engine_rule: 0 or 1 */
#if !FEATURE_STATS
		uint16_t *wins = &settings.wins[game_state.winner];
		if (!(FEATURE_ATTRACT && game_state.attract) && *wins != UINT16_MAX) {
			(*wins)++;
		}
#endif
	}
	tell(GAME_MOVED);
	return ENGINE_OK;
}
