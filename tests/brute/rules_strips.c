/*
 * The rules of the strip games, read straight from the rulebook
 * (docs/rules.md): Kayles (knock down one pin or two neighbours of a row)
 * and Pebbles (put a pebble on an empty cell whose neighbours are empty
 * too).  A move leaves at most two rows, each played on its own; the
 * search's row values (search_strips.c) read the same split.
 */
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"

/* Kayles: the pins left of and right of those knocked.  Pebbles: the cells
 * that stay playable, those not next to the new pebble (a cell beside a
 * pebble stays empty for ever, so the cell beyond it plays as a strip end). */
void rules_split_row(uint8_t game, uint32_t length, uint32_t at, uint32_t count, uint32_t *left, uint32_t *right)
{
	if (game == GAME_KAYLES) {
		*left = at;
		*right = length - at - count;
	} else {
		*left = at > 0 ? at - 1 : 0;
		*right = at + 2 < length ? length - at - 2 : 0;
	}
}

static void strips_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	for (uint8_t i = 0; i < pos->count; i++) {
		mv.part = i;
		for (mv.amount = 1; mv.amount <= (pos->game == GAME_KAYLES ? 2u : 1u); mv.amount++) {
			for (mv.second = 0; mv.second + mv.amount <= pos->part[i]; mv.second++) {
				rules_list_push(list, &mv);
			}
		}
	}
}

static void strips_candidate_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	for (mv.part = 0; mv.part <= pos->count; mv.part++) {
		uint32_t length = mv.part < pos->count ? pos->part[mv.part] : 1;
		for (mv.amount = 0; mv.amount <= 3; mv.amount++) {
			for (mv.second = 0; mv.second <= length + 1; mv.second++) {
				rules_list_push(list, &mv);
			}
			mv.second = 0xFFFF;
			rules_list_push(list, &mv);
		}
	}
}

static bool strips_is_legal(const struct brute_pos *pos, const struct brute_move *mv)
{
	if (pos->game == GAME_KAYLES) {
		return mv->part < pos->count && (mv->amount == 1 || mv->amount == 2) &&
		       (uint64_t)mv->second + mv->amount <= pos->part[mv->part];
	}
	return mv->part < pos->count && mv->amount == 1 && mv->second < pos->part[mv->part];
}

static void strips_apply(struct brute_pos *pos, const struct brute_move *mv)
{
	uint32_t left;
	uint32_t right;
	rules_split_row(pos->game, pos->part[mv->part], mv->second, mv->amount, &left, &right);
	pos->part[mv->part] = left;
	if (right > 0) {
		pos->part[pos->count++] = right;
	}
	rules_remove_zero_parts(pos);
}

const struct rules_family rules_strips = {
	.moves = strips_moves,
	.candidate_moves = strips_candidate_moves,
	.is_legal = strips_is_legal,
	.apply = strips_apply,
};
