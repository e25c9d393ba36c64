/*
 * The rules of the board games, read straight from the rulebook
 * (docs/rules.md): Chomp (take a piece and every piece above and right of
 * it, never the poison), Taktix and Nineteen (take pieces of one shape,
 * rules_shapes.c) and Kubo (one to three pieces from one stack, or one from
 * each of two adjacent stacks).
 */
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"

static bool kubo_adjacent(uint32_t a, uint32_t b)
{
	size_t count;
	const uint8_t(*pair)[2] = rules_kubo_pairs(&count);
	for (size_t i = 0; i < count; i++) {
		if ((pair[i][0] == a && pair[i][1] == b) || (pair[i][0] == b && pair[i][1] == a)) {
			return true;
		}
	}
	return false;
}

/* ---- generating moves ---- */

static void boards_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	switch (pos->game) {
	case GAME_CHOMP:
		for (uint8_t row = 0; row < pos->count; row++) {
			for (uint32_t col = (row == 0 ? 1 : 0); col < pos->part[row]; col++) {
				mv.part = row;
				mv.second = col;
				rules_list_push(list, &mv);
			}
		}
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN: {
		size_t count;
		const uint32_t *shape = pos->game == GAME_TAKTIX ? rules_taktix_shapes(pos->variant, &count)
								 : rules_nineteen_shapes(&count);
		for (size_t i = 0; i < count; i++) {
			if ((pos->part[0] & shape[i]) == shape[i]) {
				mv.cells = shape[i];
				rules_list_push(list, &mv);
			}
		}
		break;
	}
	case GAME_KUBO: {
		size_t count;
		const uint8_t(*pair)[2] = rules_kubo_pairs(&count);
		mv.second = BRUTE_NONE;
		for (uint8_t s = 0; s < KUBO_STACKS; s++) {
			for (mv.amount = 1; mv.amount <= KUBO_HEIGHT && mv.amount <= pos->part[s]; mv.amount++) {
				mv.part = s;
				rules_list_push(list, &mv);
			}
		}
		mv.amount = 1;
		for (size_t i = 0; i < count; i++) {
			if (pos->part[pair[i][0]] > 0 && pos->part[pair[i][1]] > 0) {
				mv.part = pair[i][0];
				mv.second = pair[i][1];
				rules_list_push(list, &mv);
			}
		}
		break;
	}
	default:
		break;
	}
}

/* ---- candidate moves for tests ---- */

static void candidates_cells(uint32_t cells_on_board, const uint32_t *line, uint8_t lines, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	uint8_t cells = 0;
	while (cells < 32 && (cells_on_board >> cells) != 0) {
		cells++;
	}
	/* Every set of up to three cells. */
	rules_list_push(list, &mv);
	for (uint8_t a = 0; a < cells; a++) {
		mv.cells = 1u << a;
		rules_list_push(list, &mv);
		for (uint8_t b = (uint8_t)(a + 1); b < cells; b++) {
			mv.cells = (1u << a) | (1u << b);
			rules_list_push(list, &mv);
			for (uint8_t c = (uint8_t)(b + 1); c < cells; c++) {
				mv.cells = (1u << a) | (1u << b) | (1u << c);
				rules_list_push(list, &mv);
			}
		}
	}
	/* Every set of cells of one line, all the board, a cell off the board. */
	for (uint8_t l = 0; l < lines; l++) {
		for (uint32_t sub = line[l];; sub = (sub - 1) & line[l]) {
			mv.cells = sub;
			rules_list_push(list, &mv);
			if (sub == 0) {
				break;
			}
		}
	}
	mv.cells = cells_on_board;
	rules_list_push(list, &mv);
	mv.cells = 1u << cells;
	rules_list_push(list, &mv);
}

static void boards_candidate_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	switch (pos->game) {
	case GAME_CHOMP:
		for (mv.part = 0; mv.part <= 8; mv.part++) {
			for (mv.second = 0; mv.second <= 9; mv.second++) {
				rules_list_push(list, &mv);
			}
		}
		break;
	case GAME_TAKTIX: {
		uint32_t line[8];
		for (uint8_t l = 0; l < 8; l++) {
			line[l] = 0;
			for (uint8_t i = 0; i < TAKTIX_SIDE; i++) {
				line[l] |= 1u << rules_taktix_cell(l, i);
			}
		}
		candidates_cells(0xFFFF, line, 8, list);
		break;
	}
	case GAME_NINETEEN: {
		/* The rows of the hexagon: 3, 4, 5, 4, 3 cells. */
		uint32_t row[5] = { 0x7, 0x78, 0xF80, 0xF000, 0x70000 };
		candidates_cells(0x7FFFF, row, 5, list);
		break;
	}
	case GAME_KUBO:
		for (mv.part = 0; mv.part <= KUBO_STACKS; mv.part++) {
			for (uint32_t other = 0; other <= KUBO_STACKS + 1; other++) {
				mv.second = other == KUBO_STACKS + 1 ? BRUTE_NONE : other;
				for (mv.amount = 0; mv.amount <= 4; mv.amount++) {
					rules_list_push(list, &mv);
				}
			}
		}
		break;
	default:
		break;
	}
}

/* ---- legality, decided directly ---- */

static bool taktix_legal(const struct brute_pos *pos, uint32_t cells)
{
	if (cells == 0 || (cells & ~pos->part[0]) != 0 || (cells >> 16) != 0) {
		return false;
	}
	for (uint8_t line = 0; line < 2 * TAKTIX_SIDE; line++) {
		uint32_t on_line = 0;
		for (uint8_t i = 0; i < TAKTIX_SIDE; i++) {
			on_line |= 1u << rules_taktix_cell(line, i);
		}
		if ((cells & ~on_line) != 0) {
			continue;
		}
		if (pos->variant == 0) {
			return true;
		}
		/* Adjacent only: the places taken along the line form one run. */
		int first = -1;
		int last = -1;
		uint8_t taken = 0;
		for (uint8_t i = 0; i < TAKTIX_SIDE; i++) {
			if (cells & (1u << rules_taktix_cell(line, i))) {
				if (first < 0) {
					first = i;
				}
				last = i;
				taken++;
			}
		}
		return last - first + 1 == taken;
	}
	return false;
}

static bool boards_is_legal(const struct brute_pos *pos, const struct brute_move *mv)
{
	switch (pos->game) {
	case GAME_CHOMP:
		return mv->part < pos->count && mv->second < pos->part[mv->part] && !(mv->part == 0 && mv->second == 0);
	case GAME_TAKTIX:
		return taktix_legal(pos, mv->cells);
	case GAME_NINETEEN: {
		size_t count;
		const uint32_t *shape = rules_nineteen_shapes(&count);
		for (size_t i = 0; i < count; i++) {
			if (mv->cells == shape[i]) {
				return (pos->part[0] & shape[i]) == shape[i];
			}
		}
		return false;
	}
	case GAME_KUBO:
		if (mv->part >= KUBO_STACKS) {
			return false;
		}
		if (mv->second == BRUTE_NONE) {
			return mv->amount >= 1 && mv->amount <= KUBO_HEIGHT && mv->amount <= pos->part[mv->part];
		}
		return mv->second < KUBO_STACKS && kubo_adjacent(mv->part, mv->second) && mv->amount == 1 &&
		       pos->part[mv->part] > 0 && pos->part[mv->second] > 0;
	default:
		return false;
	}
}

/* ---- playing a move ---- */

static void boards_apply(struct brute_pos *pos, const struct brute_move *mv)
{
	switch (pos->game) {
	case GAME_CHOMP:
		for (uint8_t row = mv->part; row < pos->count; row++) {
			if (pos->part[row] > mv->second) {
				pos->part[row] = mv->second;
			}
		}
		while (pos->count > 0 && pos->part[pos->count - 1] == 0) {
			pos->count--;
		}
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		pos->part[0] &= ~mv->cells;
		break;
	case GAME_KUBO:
		if (mv->second == BRUTE_NONE) {
			pos->part[mv->part] -= mv->amount;
		} else {
			pos->part[mv->part]--;
			pos->part[mv->second]--;
		}
		break;
	default:
		break;
	}
}

const struct rules_family rules_boards = {
	.moves = boards_moves,
	.candidate_moves = boards_candidate_moves,
	.is_legal = boards_is_legal,
	.apply = boards_apply,
};
