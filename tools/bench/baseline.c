/*
 * The textbook baseline (see baseline.h): Grundy values by recursion with
 * mex, computed when the machine must move, the way the textbook tutorials
 * compute them.
 *
 * Sums of independent parts (heaps, rows, strips, numbers, a prime's
 * exponent, a matrix row): the tutorial's calculateGrundy(n), a recursion
 * over the part's moves with a memo array indexed by the part's state
 * (Grundy[n]), cleared at every move; the position's value is the XOR of
 * its parts' values, and a winning move is a move of one part to the value
 * that makes the XOR 0.  On a 2 KB chip a recursion n calls deep does not
 * fit, so where every smaller state is an option (heaps, strips, numbers
 * counting down) the memo is filled by calling calculateGrundy(0), (1),
 * ..., (n) in turn: each call then finds its options in the memo and the
 * stack stays one call deep.  The memo and the work are the tutorial's.
 *
 * Games that are not sums (misere play, Poker Nim with its additions, the
 * board games): the recursive mex over the moves of the whole position,
 * with no memo, as the tutorials do it for a single game.  Under misere
 * play a position without moves is worth 1 (the player to move has won),
 * so the value is Conway's misere Grundy value; its being 0 still means
 * the player to move loses.  Wythoff, two heaps that move together, is one
 * part whose state is the pair, memoised like a heap.
 *
 * The work area holds the memo; the stack may grow down to just above the
 * part in use.  Every recursive call checks that it has not gone below,
 * and the search gives up (BASELINE_NO_RAM) when it would.
 *
 * This file: the choice of a family's solver by the game, and the move as
 * text.  What every solver uses (the work area, mex, the answer) is in
 * baseline_work.c; the solvers, by family: heaps with large values
 * (baseline_heaps.c), sums with small values (baseline_parts.c), sums
 * whose part is several numbers (baseline_tuples.c), whole positions of
 * heaps (baseline_whole.c), the board games (baseline_boards.c); what
 * they share is in baseline_solvers.h.
 */
#include "tools/bench/baseline.h"

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "engine/text.h"
#include "tools/bench/baseline_solvers.h"

/* ---- the entry points ---- */

static bool is_misere_heaps(const struct position *pos)
{
	return (pos->game == GAME_NIM || pos->game == GAME_MISERE_NIM || pos->game == GAME_MARIENBAD) &&
	       pos->rule == RULE_MISERE;
}

static void solve(const struct position *pos)
{
	switch (pos->game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
		if (is_misere_heaps(pos)) {
			baseline_misere_solve(pos);
		} else {
			baseline_heaps_solve(pos, false);
		}
		break;
	case GAME_LIMIT_NIM:
		baseline_heaps_solve(pos, false);
		break;
	case GAME_NIMBLE:
		baseline_heaps_solve(pos, true);
		break;
	case GAME_SUBTRACTION:
		baseline_subtraction_solve(pos);
		break;
	case GAME_SUBTRACT_DIGIT:
		baseline_digit_solve(pos);
		break;
	case GAME_DIVIDE:
		baseline_divide_solve(pos);
		break;
	case GAME_PRIME_POWER:
		baseline_prime_power_solve(pos);
		break;
	case GAME_MATRIX_NIM:
		baseline_matrix_solve(pos);
		break;
	case GAME_POKER_NIM:
		baseline_poker_solve(pos);
		break;
	case GAME_PEBBLES:
	case GAME_KAYLES:
		baseline_strips_solve(pos);
		break;
	case GAME_WYTHOFF:
		baseline_wythoff_solve(pos);
		break;
	case GAME_CHOMP:
		baseline_chomp_solve(pos);
		break;
	case GAME_TAKTIX:
		baseline_taktix_solve(pos);
		break;
	case GAME_KUBO:
		baseline_kubo_solve(pos);
		break;
	default:
		baseline_nineteen_solve(pos);
		break;
	}
}

void baseline_best_move(const struct position *pos, uint8_t *area, uint16_t size, struct baseline_answer *answer)
{
	memset(answer, 0, sizeof *answer);
	answer->outcome = OUTCOME_P; /* until a move to a position of value 0 turns up */
	baseline_found = answer;
	baseline_work = area;
	baseline_work_size = size;
	baseline_release_work();
	if (setjmp(baseline_failure) != 0) {
		baseline_found->status = BASELINE_NO_RAM;
		baseline_found->has_move = false;
		return;
	}
	solve(pos);
}

/* ---- the move as text ---- */

static void print_cells(struct text_sink *out, uint32_t cells, bool hexagon)
{
	bool first = true;
	for (uint8_t cell = 0; cell < 32u; cell++) {
		if (!(cells & ((uint32_t)1 << cell))) {
			continue;
		}
		if (!first) {
			print_char(out, ',');
		}
		first = false;
		if (hexagon) {
			uint8_t row = 0, at = cell;
			while (at >= baseline_hexagon_row_length(row)) {
				at = (uint8_t)(at - baseline_hexagon_row_length(row));
				row++;
			}
			print_char(out, (char)('a' + row));
			print_u32(out, at + 1u);
		} else {
			print_char(out, (char)('a' + cell % 4u));
			print_u32(out, cell / 4u + 1u);
		}
	}
}

static void print_stack(struct text_sink *out, uint8_t i)
{
	print_char(out, (char)('a' + i % 3u));
	print_u32(out, i / 3u + 1u);
}

void baseline_print_move(const struct position *pos, const struct baseline_answer *answer, struct text_sink *out)
{
	if (!answer->has_move) {
		print_char(out, '-');
		return;
	}
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
		print_char(out, '-');
		print_u32(out, answer->a);
		break;
	case GAME_DIVIDE:
		print_u32(out, answer->part + 1u);
		print_char(out, '/');
		print_u32(out, answer->a);
		break;
	case GAME_PRIME_POWER:
		print_char(out, '/');
		print_u32(out, answer->cells);
		if (answer->a > 1) {
			print_char(out, '^');
			print_u32(out, answer->a);
		}
		break;
	case GAME_NIMBLE:
		print_u32(out, answer->a);
		print_char(out, '>');
		print_u32(out, answer->b);
		break;
	case GAME_MATRIX_NIM:
		print_u32(out, answer->part + 1u);
		print_char(out, ':');
		for (uint8_t j = 0; j < pos->cols; j++) {
			if (j > 0) {
				print_char(out, ',');
			}
			print_u32(out, answer->take[j]);
		}
		break;
	case GAME_PEBBLES:
	case GAME_KAYLES:
		print_u32(out, answer->part + 1u);
		print_char(out, '.');
		print_u32(out, answer->a + 1u);
		if (answer->b == 2) {
			print_char(out, '-');
			print_u32(out, answer->a + 2u);
		}
		break;
	case GAME_WYTHOFF:
		print_u32(out, answer->a);
		print_char(out, ',');
		print_u32(out, answer->b);
		break;
	case GAME_CHOMP:
		print_u32(out, answer->part + 1u);
		print_char(out, ',');
		print_u32(out, answer->a + 1u);
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		print_cells(out, answer->cells, pos->game == GAME_NINETEEN);
		break;
	case GAME_KUBO:
		print_stack(out, answer->part);
		if (answer->b == BASELINE_NO_STACK) {
			print_char(out, '-');
			print_u32(out, answer->a);
		} else {
			print_char(out, '+');
			print_stack(out, (uint8_t)answer->b);
		}
		break;
	default: /* heaps: Nim, misere Nim, Marienbad, Limit, Subtraction, Poker */
		print_u32(out, answer->part + 1u);
		print_char(out, answer->b ? '+' : '-');
		print_u32(out, answer->a);
		break;
	}
}
