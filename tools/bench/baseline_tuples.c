/*
 * The textbook baseline's sums whose part is several numbers at once (see
 * baseline.c for the method): a row of Matrix Nim, its state the cells'
 * stones, and Wythoff's pair of heaps, each part's values memoised in
 * baseline_memo16 by the state's index.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "engine/engine.h"
#include "tools/bench/baseline_solvers.h"

/* ---- Matrix Nim: each row is a part, its state the cells' stones ---- */

static uint8_t matrix_cols;
static uint16_t radix[ENGINE_MATRIX_MAX]; /* a cell's stones in the row being solved, plus one (up to 256) */

/* Mixed-radix index of a row state, the first cell most significant. */
static uint16_t row_index(const uint8_t *cell)
{
	uint16_t index = 0;
	for (uint8_t j = 0; j < matrix_cols; j++) {
		index = (uint16_t)(index * radix[j] + cell[j]);
	}
	return index;
}

static void row_cells(uint16_t index, uint8_t *cell)
{
	for (uint8_t j = matrix_cols; j-- > 0;) {
		cell[j] = (uint8_t)(index % radix[j]);
		index = (uint16_t)(index / radix[j]);
	}
}

/* The next state below `limit` cell by cell, counting like an odometer;
 * false after the last. */
static bool odometer_next(uint8_t *state, const uint8_t *limit)
{
	for (uint8_t j = matrix_cols; j-- > 0;) {
		if (state[j] < limit[j]) {
			state[j]++;
			return true;
		}
		state[j] = 0;
	}
	return false;
}

/* calculateGrundy(row): the options take at least one stone from any
 * cells of the row; every option has a smaller index. */
static uint16_t row_grundy(uint16_t index)
{
	if (baseline_memo16[index] != BASELINE_UNKNOWN16) {
		return baseline_memo16[index];
	}
	baseline_check_stack();
	uint8_t cell[ENGINE_MATRIX_MAX], option[ENGINE_MATRIX_MAX];
	row_cells(index, cell);
	uint16_t bits = (uint16_t)(index + 1u); /* more than the options */
	memset(baseline_scratch, 0, bits / 8u + 1u);
	memset(option, 0, matrix_cols);
	do {
		uint16_t at = row_index(option);
		if (at != index) {
			baseline_seen_mark(baseline_scratch, bits, row_grundy(at));
		}
	} while (odometer_next(option, cell));
	baseline_memo16[index] = baseline_seen_mex(baseline_scratch, bits);
	return baseline_memo16[index];
}

/* Solves the states of one row's box; returns the row's index. */
static uint16_t row_solve(const uint8_t *row)
{
	baseline_release_work();
	uint32_t states = 1;
	for (uint8_t j = 0; j < matrix_cols; j++) {
		radix[j] = (uint16_t)(row[j] + 1u);
		states *= radix[j];
		if (states > baseline_work_size) {
			baseline_give_up();
		}
	}
	baseline_memo16 = baseline_claim_work(states * 2u);
	baseline_scratch = baseline_claim_work(states / 8u + 1u);
	memset(baseline_memo16, 0xFF, (size_t)states * 2u);
	for (uint16_t index = 0; index < states; index++) {
		(void)row_grundy(index);
	}
	return (uint16_t)(states - 1u);
}

void baseline_matrix_solve(const struct position *pos)
{
	matrix_cols = pos->cols;
	uint16_t x = 0;
	for (uint8_t r = 0; r < pos->count; r++) {
		uint16_t index = row_solve(pos->u.cell[r]);
		x ^= baseline_memo16[index];
	}
	for (uint8_t r = 0; r < pos->count; r++) {
		const uint8_t *row = pos->u.cell[r];
		uint16_t index = row_solve(row);
		uint16_t target = (uint16_t)(baseline_memo16[index] ^ x);
		uint8_t option[ENGINE_MATRIX_MAX];
		memset(option, 0, matrix_cols);
		do {
			uint16_t at = row_index(option);
			if (at == index) {
				continue;
			}
			bool wins = baseline_memo16[at] == target;
			if (!baseline_found->has_move || wins) {
				baseline_answer_move(r, 0, 0);
				for (uint8_t j = 0; j < matrix_cols; j++) {
					baseline_found->take[j] = (uint8_t)(row[j] - option[j]);
				}
			}
			if (wins) {
				baseline_found->outcome = OUTCOME_N;
				return;
			}
		} while (odometer_next(option, row));
	}
}

/* ---- Wythoff: one part, the pair of heaps ---- */

static uint16_t wythoff_columns;

static uint16_t wythoff_grundy(uint16_t x, uint16_t y)
{
	uint16_t i = (uint16_t)(x * wythoff_columns + y);
	if (baseline_memo16[i] != BASELINE_UNKNOWN16) {
		return baseline_memo16[i];
	}
	baseline_check_stack();
	uint16_t both = x < y ? x : y;
	uint16_t bits = (uint16_t)(x + y + both + 1u);
	memset(baseline_scratch, 0, bits / 8u + 1u);
	for (uint16_t k = 1; k <= x; k++) {
		baseline_seen_mark(baseline_scratch, bits, wythoff_grundy((uint16_t)(x - k), y));
	}
	for (uint16_t k = 1; k <= y; k++) {
		baseline_seen_mark(baseline_scratch, bits, wythoff_grundy(x, (uint16_t)(y - k)));
	}
	for (uint16_t k = 1; k <= both; k++) {
		baseline_seen_mark(baseline_scratch, bits, wythoff_grundy((uint16_t)(x - k), (uint16_t)(y - k)));
	}
	baseline_memo16[i] = baseline_seen_mex(baseline_scratch, bits);
	return baseline_memo16[i];
}

void baseline_wythoff_solve(const struct position *pos)
{
	uint16_t a = pos->u.heap[0], b = pos->u.heap[1];
	uint32_t states = ((uint32_t)a + 1u) * ((uint32_t)b + 1u);
	if (states > baseline_work_size) {
		baseline_give_up();
	}
	wythoff_columns = (uint16_t)(b + 1u);
	baseline_memo16 = baseline_claim_work(states * 2u);
	baseline_scratch = baseline_claim_work(((uint32_t)a + b + (a < b ? a : b)) / 8u + 2u);
	memset(baseline_memo16, 0xFF, (size_t)states * 2u);
	for (uint16_t x = 0; x <= a; x++) {
		for (uint16_t y = 0; y <= b; y++) {
			(void)wythoff_grundy(x, y);
		}
	}
	for (uint16_t k = 1; k <= a; k++) {
		if (baseline_consider(wythoff_grundy((uint16_t)(a - k), b), 0, k, 0, 0)) {
			return;
		}
	}
	for (uint16_t k = 1; k <= b; k++) {
		if (baseline_consider(wythoff_grundy(a, (uint16_t)(b - k)), 0, 0, k, 0)) {
			return;
		}
	}
	for (uint16_t k = 1; k <= a && k <= b; k++) {
		if (baseline_consider(wythoff_grundy((uint16_t)(a - k), (uint16_t)(b - k)), 0, k, k, 0)) {
			return;
		}
	}
}
