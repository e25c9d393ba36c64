/*
 * The textbook baseline's board games (see baseline.c for the method):
 * Chomp, Taktix, Nineteen and Kubo, the recursive mex over the moves of the
 * whole board, no memo.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "engine/engine.h"
#include "tools/bench/baseline_solvers.h"

/* Values each game's search can tell apart: more than its moves. */
#define TAKTIX_SEEN_BYTES 14u   /* up to 104 moves */
#define NINETEEN_SEEN_BYTES 11u /* 85 groups */
#define KUBO_SEEN_BYTES 5u      /* 27 takes and 12 pairs */
#define CHOMP_SEEN_BYTES 8u     /* up to 63 pieces */
#define NINETEEN_CELLS 19u

/* ---- whole positions: Chomp ---- */

static uint8_t chomp_row[ENGINE_CHOMP_MAX]; /* pieces in each row, bottom (poison) row first */
static uint8_t chomp_rows;

/* Picking (row, col) removes it and every piece above and to the right. */
static void chomp_bite(uint8_t row, uint8_t col)
{
	for (uint8_t r = row; r < chomp_rows; r++) {
		if (chomp_row[r] > col) {
			chomp_row[r] = col;
		}
	}
}

/* Every piece but the poison (row 0, column 0) may be picked; with only the
 * poison left the player to move has no move and loses. */
static uint8_t chomp_value(void)
{
	baseline_check_stack();
	uint8_t seen[CHOMP_SEEN_BYTES];
	uint8_t saved[ENGINE_CHOMP_MAX];
	memset(seen, 0, sizeof seen);
	memcpy(saved, chomp_row, chomp_rows);
	for (uint8_t r = 0; r < chomp_rows; r++) {
		for (uint8_t c = r == 0 ? 1u : 0u; c < saved[r]; c++) {
			chomp_bite(r, c);
			baseline_seen_mark(seen, CHOMP_SEEN_BYTES * 8u, chomp_value());
			memcpy(chomp_row, saved, chomp_rows);
		}
	}
	return (uint8_t)baseline_seen_mex(seen, CHOMP_SEEN_BYTES * 8u);
}

void baseline_chomp_solve(const struct position *pos)
{
	chomp_rows = pos->count;
	memcpy(chomp_row, pos->u.chomp, chomp_rows);
	uint8_t saved[ENGINE_CHOMP_MAX];
	memcpy(saved, chomp_row, chomp_rows);
	for (uint8_t r = 0; r < chomp_rows; r++) {
		for (uint8_t c = r == 0 ? 1u : 0u; c < saved[r]; c++) {
			chomp_bite(r, c);
			uint8_t value = chomp_value();
			memcpy(chomp_row, saved, chomp_rows);
			if (baseline_consider(value, r, c, 0, 0)) {
				return;
			}
		}
	}
}

/* ---- whole positions: Taktix and Nineteen, boards of cells ---- */

static uint16_t *taktix_moves; /* cell masks of every move on the full board */
static uint8_t taktix_move_count;
static uint8_t empty_board_value; /* misere: the player to move has won */

static uint8_t taktix_value(uint16_t board)
{
	if (board == 0) {
		return empty_board_value;
	}
	baseline_check_stack();
	uint8_t seen[TAKTIX_SEEN_BYTES];
	memset(seen, 0, sizeof seen);
	for (uint8_t k = 0; k < taktix_move_count; k++) {
		uint16_t cells = taktix_moves[k];
		if ((board & cells) == cells) {
			baseline_seen_mark(seen, TAKTIX_SEEN_BYTES * 8u, taktix_value((uint16_t)(board & ~cells)));
		}
	}
	return (uint8_t)baseline_seen_mex(seen, TAKTIX_SEEN_BYTES * 8u);
}

/* The cells of line `line` (rows 0-3 from the top, then columns 0-3) that
 * `pattern` picks, bit k being the k-th cell along the line. */
static uint16_t taktix_line_cells(uint8_t line, uint8_t pattern)
{
	uint16_t cells = 0;
	for (uint8_t k = 0; k < 4u; k++) {
		if (pattern & (1u << k)) {
			uint8_t cell = line < 4u ? (uint8_t)(line * 4u + k) : (uint8_t)(k * 4u + (line - 4u));
			cells |= (uint16_t)(1u << cell);
		}
	}
	return cells;
}

/* Pieces next to each other: the pattern's bits are one run. */
static bool is_run(uint8_t pattern)
{
	while (!(pattern & 1u)) {
		pattern >>= 1;
	}
	return (pattern & (pattern + 1u)) == 0;
}

/* Any pieces of one row or column (adjacent variant: a run of them); a
 * single piece is one move, listed with its row. */
static void taktix_list_moves(bool adjacent)
{
	taktix_moves = baseline_claim_work(2u * 8u * 15u);
	taktix_move_count = 0;
	for (uint8_t line = 0; line < 8u; line++) {
		for (uint8_t pattern = 1; pattern < 16u; pattern++) {
			bool single = (pattern & (pattern - 1u)) == 0;
			if ((adjacent && !is_run(pattern)) || (line >= 4u && single)) {
				continue;
			}
			taktix_moves[taktix_move_count++] = taktix_line_cells(line, pattern);
		}
	}
}

void baseline_taktix_solve(const struct position *pos)
{
	taktix_list_moves(pos->variant == TAKTIX_ADJACENT);
	empty_board_value = pos->rule == RULE_MISERE ? 1u : 0u;
	uint16_t board = pos->u.taktix;
	baseline_found->outcome = board == 0 && pos->rule == RULE_MISERE ? OUTCOME_N : OUTCOME_P;
	for (uint8_t k = 0; k < taktix_move_count; k++) {
		uint16_t cells = taktix_moves[k];
		if ((board & cells) == cells &&
		    baseline_consider(taktix_value((uint16_t)(board & ~cells)), 0, 0, 0, cells)) {
			return;
		}
	}
}

static uint32_t *nineteen_groups; /* cell masks of every move on the full board */
static uint8_t nineteen_group_count;

static uint8_t nineteen_value(uint32_t board)
{
	baseline_check_stack();
	uint8_t seen[NINETEEN_SEEN_BYTES];
	memset(seen, 0, sizeof seen);
	for (uint8_t k = 0; k < nineteen_group_count; k++) {
		uint32_t cells = nineteen_groups[k];
		if ((board & cells) == cells) {
			baseline_seen_mark(seen, NINETEEN_SEEN_BYTES * 8u, nineteen_value(board & ~cells));
		}
	}
	return (uint8_t)baseline_seen_mex(seen, NINETEEN_SEEN_BYTES * 8u);
}

/* Rows of 3, 4, 5, 4 and 3 cells (computed, for the reason given at
 * divisor() in baseline_parts.c). */
uint8_t baseline_hexagon_row_length(uint8_t row)
{
	return (uint8_t)(row <= 2u ? 3u + row : 7u - row);
}

/* Axial coordinates (q, r) of a cell of the hexagon of radius 2, cells
 * numbered row by row from the top: row r holds q from max(-2, -2 - r) to
 * min(2, 2 - r). */
static void hexagon_coordinates(uint8_t cell, int8_t *q, int8_t *r)
{
	uint8_t row = 0;
	while (cell >= baseline_hexagon_row_length(row)) {
		cell = (uint8_t)(cell - baseline_hexagon_row_length(row));
		row++;
	}
	*r = (int8_t)(row - 2);
	*q = (int8_t)((*r < 0 ? -2 - *r : -2) + cell);
}

static int8_t absolute(int8_t v)
{
	return v < 0 ? (int8_t)-v : v;
}

/* Neighbours on the hexagonal grid: at distance 1. */
static bool hexagon_adjacent(uint8_t a, uint8_t b)
{
	int8_t qa, ra, qb, rb;
	hexagon_coordinates(a, &qa, &ra);
	hexagon_coordinates(b, &qb, &rb);
	int8_t dq = (int8_t)(qb - qa), dr = (int8_t)(rb - ra);
	return absolute(dq) + absolute(dr) + absolute((int8_t)(dq + dr)) == 2;
}

/* One piece, two adjacent pieces, or three mutually adjacent ones. */
static void nineteen_list_groups(void)
{
	nineteen_groups = baseline_claim_work(4u * 90u);
	nineteen_group_count = 0;
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		nineteen_groups[nineteen_group_count++] = (uint32_t)1 << a;
	}
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		for (uint8_t b = (uint8_t)(a + 1u); b < NINETEEN_CELLS; b++) {
			if (hexagon_adjacent(a, b)) {
				nineteen_groups[nineteen_group_count++] = (uint32_t)1 << a | (uint32_t)1 << b;
			}
		}
	}
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		for (uint8_t b = (uint8_t)(a + 1u); b < NINETEEN_CELLS; b++) {
			for (uint8_t c = (uint8_t)(b + 1u); c < NINETEEN_CELLS; c++) {
				if (hexagon_adjacent(a, b) && hexagon_adjacent(a, c) && hexagon_adjacent(b, c)) {
					nineteen_groups[nineteen_group_count++] =
						(uint32_t)1 << a | (uint32_t)1 << b | (uint32_t)1 << c;
				}
			}
		}
	}
}

void baseline_nineteen_solve(const struct position *pos)
{
	nineteen_list_groups();
	uint32_t board = pos->u.nineteen;
	for (uint8_t k = 0; k < nineteen_group_count; k++) {
		uint32_t cells = nineteen_groups[k];
		if ((board & cells) == cells && baseline_consider(nineteen_value(board & ~cells), 0, 0, 0, cells)) {
			return;
		}
	}
}

/* ---- whole positions: Kubo ---- */

static uint8_t stack[ENGINE_KUBO_STACKS]; /* row by row from the top */

/* The stack right of `i`, then the one below, if any. */
static uint8_t kubo_neighbour(uint8_t i, uint8_t which)
{
	if (which == 0) {
		return i % 3u != 2u ? (uint8_t)(i + 1u) : BASELINE_NO_STACK;
	}
	return i + 3u < ENGINE_KUBO_STACKS ? (uint8_t)(i + 3u) : BASELINE_NO_STACK;
}

static uint8_t kubo_value(void)
{
	baseline_check_stack();
	uint8_t seen[KUBO_SEEN_BYTES];
	memset(seen, 0, sizeof seen);
	for (uint8_t i = 0; i < ENGINE_KUBO_STACKS; i++) {
		for (uint8_t t = 1; t <= 3u && t <= stack[i]; t++) {
			stack[i] = (uint8_t)(stack[i] - t);
			baseline_seen_mark(seen, KUBO_SEEN_BYTES * 8u, kubo_value());
			stack[i] = (uint8_t)(stack[i] + t);
		}
	}
	for (uint8_t i = 0; i < ENGINE_KUBO_STACKS; i++) {
		for (uint8_t which = 0; which < 2u; which++) {
			uint8_t j = kubo_neighbour(i, which);
			if (j != BASELINE_NO_STACK && stack[i] > 0 && stack[j] > 0) {
				stack[i]--;
				stack[j]--;
				baseline_seen_mark(seen, KUBO_SEEN_BYTES * 8u, kubo_value());
				stack[i]++;
				stack[j]++;
			}
		}
	}
	return (uint8_t)baseline_seen_mex(seen, KUBO_SEEN_BYTES * 8u);
}

void baseline_kubo_solve(const struct position *pos)
{
	memcpy(stack, pos->u.kubo, sizeof stack);
	for (uint8_t i = 0; i < ENGINE_KUBO_STACKS; i++) {
		for (uint8_t t = 1; t <= 3u && t <= stack[i]; t++) {
			stack[i] = (uint8_t)(stack[i] - t);
			uint8_t value = kubo_value();
			stack[i] = (uint8_t)(stack[i] + t);
			if (baseline_consider(value, i, t, BASELINE_NO_STACK, 0)) {
				return;
			}
		}
	}
	for (uint8_t i = 0; i < ENGINE_KUBO_STACKS; i++) {
		for (uint8_t which = 0; which < 2u; which++) {
			uint8_t j = kubo_neighbour(i, which);
			if (j != BASELINE_NO_STACK && stack[i] > 0 && stack[j] > 0) {
				stack[i]--;
				stack[j]--;
				uint8_t value = kubo_value();
				stack[i]++;
				stack[j]++;
				if (baseline_consider(value, i, 1, j, 0)) {
					return;
				}
			}
		}
	}
}
