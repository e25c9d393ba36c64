/* The game in progress; see game.h. */
#include "firmware/game.h"

#include <avr/pgmspace.h>

#include "engine/text.h"
#include "firmware/settings.h"
#include "firmware/transcript.h"

struct game game;

bool game_new(void)
{
	struct position *pos = &game.pos;
	if (settings.game == GAME_NIM) {
		engine_start_position(pos, settings.rule == RULE_MISERE ? GAME_MISERE_NIM : GAME_NIM);
		pos->count = settings.heaps;
		for (uint8_t i = 0; i < ENGINE_MAX_HEAPS; i++) {
			pos->u.heap[i] = i < settings.heaps ? settings.heap[i] : 0u;
		}
	} else {
		engine_start_position(pos, GAME_MARIENBAD);
	}
	game.to_move = settings.machine_first ? PLAYER_MACHINE : PLAYER_PERSON;
	game.over = engine_game_over(pos);
	if (game.over) {
		return false;
	}
	transcript_new_game(pos);
	return true;
}

bool game_start(const struct position *pos)
{
	if (engine_game_over(pos)) {
		return false;
	}
	game.pos = *pos;
	game.to_move = PLAYER_PERSON;
	game.over = false;
	transcript_new_game(pos);
	return true;
}

/* No move is left: under normal play whoever moved last won, under
 * misère whoever moved last lost, that is, the player now to move won. */
static void game_finish(void)
{
	game.over = true;
	game.winner = game.pos.rule == RULE_MISERE ? game.to_move : (uint8_t)!game.to_move;
	uint16_t *wins = game.winner == PLAYER_PERSON ? &settings.person_wins : &settings.machine_wins;
	if (*wins != UINT16_MAX) {
		(*wins)++;
	}
	settings_save();
	transcript_result(game.winner);
}

enum engine_error game_play(const struct move *mv)
{
	enum engine_error err = engine_check_move(&game.pos, mv);
	if (err != ENGINE_OK) {
		return err;
	}
	transcript_move(game.to_move, &game.pos, mv);
	engine_apply_move(&game.pos, mv);
	game.to_move = (uint8_t)!game.to_move;
	if (engine_game_over(&game.pos)) {
		game_finish();
	}
	return ENGINE_OK;
}

void game_print_score(struct text_sink *out)
{
	print_flash(out, PSTR("You "));
	print_u32(out, settings.person_wins);
	print_flash(out, PSTR(" - me "));
	print_u32(out, settings.machine_wins);
}
