/*
 * The rules of the heap games, read straight from the rulebook
 * (docs/rules.md): Nim, Misère Nim, Marienbad, Limit Nim, Subtraction and
 * Nimble (take from one heap, within a game's limits), Poker Nim (take, or
 * add up to a heap's start), Matrix Nim (take from the cells of one row)
 * and Wythoff (from one heap, or the same from both).
 */
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"

/* Take 1 or more from one heap, within a game's limits. */
static bool is_take_game(uint8_t game)
{
	return game == GAME_NIM || game == GAME_MISERE_NIM || game == GAME_MARIENBAD || game == GAME_LIMIT_NIM ||
	       game == GAME_SUBTRACTION || game == GAME_NIMBLE;
}

static bool take_amount_allowed(const struct brute_pos *pos, uint32_t amount)
{
	if (amount == 0) {
		return false;
	}
	if (pos->game == GAME_LIMIT_NIM) {
		return amount <= pos->limit;
	}
	if (pos->game == GAME_SUBTRACTION) {
		return amount <= 8 && (pos->set & (1u << (amount - 1)));
	}
	return true;
}

/* ---- generating moves ---- */

static void moves_matrix_row(const struct brute_pos *pos, uint8_t row, struct brute_move_list *list)
{
	const uint32_t *cell = &pos->part[row * pos->cols];
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	mv.part = row;
	/* Count through every take vector, 0..cell in each column. */
	for (;;) {
		uint8_t c = 0;
		while (c < pos->cols && mv.take[c] == cell[c]) {
			mv.take[c] = 0;
			c++;
		}
		if (c == pos->cols) {
			return;
		}
		mv.take[c]++;
		rules_list_push(list, &mv);
	}
}

/* Nimble's coins are alike: moving either of two coins on one square is
 * one move, listed with the first of them. */
static bool nimble_square_listed(const struct brute_pos *pos, uint8_t coin)
{
	for (uint8_t j = 0; j < coin; j++) {
		if (pos->part[j] == pos->part[coin]) {
			return true;
		}
	}
	return false;
}

static void heaps_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	if (is_take_game(pos->game)) {
		/* No amount above 8 is in any S, none above k is allowed. */
		uint32_t most = pos->game == GAME_SUBTRACTION ? 8
				: pos->game == GAME_LIMIT_NIM ? pos->limit
							      : UINT32_MAX;
		for (uint8_t i = 0; i < pos->count; i++) {
			if (pos->game == GAME_NIMBLE && nimble_square_listed(pos, i)) {
				continue;
			}
			for (uint32_t a = 1; a <= pos->part[i] && a <= most; a++) {
				if (take_amount_allowed(pos, a)) {
					mv.part = i;
					mv.amount = a;
					rules_list_push(list, &mv);
				}
			}
		}
		return;
	}
	switch (pos->game) {
	case GAME_POKER_NIM:
		for (uint8_t i = 0; i < pos->count; i++) {
			mv.part = i;
			mv.add = false;
			for (mv.amount = 1; mv.amount <= pos->part[i]; mv.amount++) {
				rules_list_push(list, &mv);
			}
			mv.add = true;
			for (mv.amount = 1; pos->adds[0] > 0 && pos->part[i] + mv.amount <= pos->start[i];
			     mv.amount++) {
				rules_list_push(list, &mv);
			}
		}
		break;
	case GAME_MATRIX_NIM:
		for (uint8_t row = 0; row < pos->count; row++) {
			moves_matrix_row(pos, row, list);
		}
		break;
	case GAME_WYTHOFF:
		for (uint32_t a = 1; a <= pos->part[0]; a++) {
			mv.amount = a;
			mv.second = 0;
			rules_list_push(list, &mv);
		}
		for (uint32_t b = 1; b <= pos->part[1]; b++) {
			mv.amount = 0;
			mv.second = b;
			rules_list_push(list, &mv);
		}
		for (uint32_t a = 1; a <= pos->part[0] && a <= pos->part[1]; a++) {
			mv.amount = a;
			mv.second = a;
			rules_list_push(list, &mv);
		}
		break;
	default:
		break;
	}
}

/* ---- candidate moves for tests ---- */

static uint32_t largest_part(const struct brute_pos *pos)
{
	uint32_t most = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		most = pos->part[i] > most ? pos->part[i] : most;
	}
	return most;
}

static void candidates_matrix(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	for (uint8_t row = 0; row <= pos->count && row < BRUTE_MATRIX_MAX; row++) {
		/* Each take vector with 0..cell+1 in each column of the row. */
		memset(&mv, 0, sizeof(mv));
		mv.part = row;
		for (;;) {
			rules_list_push(list, &mv);
			uint8_t c = 0;
			while (c < pos->cols) {
				uint32_t cell = row < pos->count ? pos->part[row * pos->cols + c] : 0;
				if (mv.take[c] <= cell) {
					break;
				}
				mv.take[c] = 0;
				c++;
			}
			if (c == pos->cols) {
				break;
			}
			mv.take[c]++;
		}
		if (pos->cols < BRUTE_MATRIX_MAX) {
			memset(&mv, 0, sizeof(mv));
			mv.part = row;
			mv.take[pos->cols] = 1;
			rules_list_push(list, &mv);
		}
	}
}

static void heaps_candidate_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	switch (pos->game) {
	case GAME_MATRIX_NIM:
		candidates_matrix(pos, list);
		break;
	case GAME_WYTHOFF:
		for (mv.amount = 0; mv.amount <= pos->part[0] + 1; mv.amount++) {
			for (mv.second = 0; mv.second <= pos->part[1] + 1; mv.second++) {
				rules_list_push(list, &mv);
			}
		}
		break;
	default: {
		/* The take games and Poker Nim. */
		uint32_t most = largest_part(pos);
		for (mv.part = 0; mv.part <= pos->count; mv.part++) {
			for (uint8_t add = 0; add <= (pos->game == GAME_POKER_NIM ? 1 : 0); add++) {
				mv.add = add;
				uint32_t top = pos->game == GAME_POKER_NIM ? most + 9 : most + 1;
				for (mv.amount = 0; mv.amount <= top; mv.amount++) {
					rules_list_push(list, &mv);
				}
				mv.amount = 0xFFFF;
				rules_list_push(list, &mv);
			}
		}
		break;
	}
	}
}

/* ---- legality, decided directly ---- */

static bool matrix_legal(const struct brute_pos *pos, const struct brute_move *mv)
{
	if (mv->part >= pos->count) {
		return false;
	}
	uint32_t total = 0;
	for (uint8_t c = 0; c < BRUTE_MATRIX_MAX; c++) {
		if (c >= pos->cols) {
			if (mv->take[c] != 0) {
				return false;
			}
			continue;
		}
		if (mv->take[c] > pos->part[mv->part * pos->cols + c]) {
			return false;
		}
		total += mv->take[c];
	}
	return total > 0;
}

static bool heaps_is_legal(const struct brute_pos *pos, const struct brute_move *mv)
{
	if (is_take_game(pos->game)) {
		return !mv->add && mv->part < pos->count && mv->amount <= pos->part[mv->part] &&
		       take_amount_allowed(pos, mv->amount);
	}
	switch (pos->game) {
	case GAME_POKER_NIM:
		if (mv->part >= pos->count || mv->amount == 0) {
			return false;
		}
		if (mv->add) {
			return pos->adds[0] > 0 && (uint64_t)pos->part[mv->part] + mv->amount <= pos->start[mv->part];
		}
		return mv->amount <= pos->part[mv->part];
	case GAME_MATRIX_NIM:
		return matrix_legal(pos, mv);
	case GAME_WYTHOFF:
		if (mv->amount > pos->part[0] || mv->second > pos->part[1]) {
			return false;
		}
		return (mv->amount > 0 && mv->second == 0) || (mv->amount == 0 && mv->second > 0) ||
		       (mv->amount > 0 && mv->amount == mv->second);
	default:
		return false;
	}
}

/* ---- playing a move ---- */

static void heaps_apply(struct brute_pos *pos, const struct brute_move *mv)
{
	if (is_take_game(pos->game)) {
		pos->part[mv->part] -= mv->amount;
		return;
	}
	switch (pos->game) {
	case GAME_POKER_NIM: {
		uint8_t mover = pos->adds[0];
		if (mv->add) {
			pos->part[mv->part] += mv->amount;
			mover--;
		} else {
			pos->part[mv->part] -= mv->amount;
		}
		pos->adds[0] = pos->adds[1];
		pos->adds[1] = mover;
		break;
	}
	case GAME_MATRIX_NIM:
		for (uint8_t c = 0; c < pos->cols; c++) {
			pos->part[mv->part * pos->cols + c] -= mv->take[c];
		}
		break;
	case GAME_WYTHOFF:
		pos->part[0] -= mv->amount;
		pos->part[1] -= mv->second;
		break;
	default:
		break;
	}
}

const struct rules_family rules_heaps = {
	.moves = heaps_moves,
	.candidate_moves = heaps_candidate_moves,
	.is_legal = heaps_is_legal,
	.apply = heaps_apply,
};
