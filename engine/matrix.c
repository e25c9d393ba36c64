/*
 * Matrix Nim: a grid of piles; a move takes stones, at least one in all,
 * from any cells of one row.  A row can lose any amount up to its total
 * in one move, so each row is a Nim heap of its total (the strategy is in
 * sums.c).
 *
 * Text: rows separated by `/`, cells by spaces or commas, every row the
 * same length, e.g. `1 2 3 / 4 5 6`.  Moves: `2:0,3,1` takes 0, 3 and 1
 * from the cells of row 2 (cells left out take nothing).
 */
#include <string.h>

#include "engine/flash.h"
#include "engine/games.h"

uint16_t matrix_row_total(const struct position *pos, uint8_t r)
{
	uint16_t total = 0;
	const uint8_t *cell = pos->u.cell[r];
	for (uint8_t c = pos->cols; c != 0; c--) {
		total = (uint16_t)(total + *cell++);
	}
	return total;
}

/* Numbers separated by spaces or commas, up to a `/` or the end; a
 * number above 255 is `too_big`.  Returns how many. */
static uint8_t scan_row(struct scanner *in, uint8_t *cell, enum engine_error too_big)
{
	uint8_t cols = 0;
	do {
		if (cols == ENGINE_MATRIX_MAX) {
			scan_fail(in, ENGINE_ERR_TOO_MANY);
			break;
		}
		cell[cols++] = (uint8_t)scan_u16(in, UINT8_MAX, too_big);
		(void)scan_char(in, ',');
		scan_skip_space(in);
	} while (*in->at >= '0' && *in->at <= '9' && in->error == ENGINE_OK);
	return cols;
}

void matrix_parse(struct position *pos, struct scanner *in)
{
	do {
		if (pos->count == ENGINE_MATRIX_MAX) {
			scan_fail(in, ENGINE_ERR_TOO_MANY);
			break;
		}
		uint8_t cols = scan_row(in, pos->u.cell[pos->count], ENGINE_ERR_RANGE);
		if (pos->count > 0 && cols != pos->cols) {
			scan_fail(in, ENGINE_ERR_SYNTAX); /* rows of different lengths */
		}
		pos->cols = cols;
		pos->count++;
	} while (scan_char(in, '/'));
}

void matrix_print(const struct position *pos)
{
	for (uint8_t r = 0; r < pos->count; r++) {
		if (r > 0) {
			put_flash(ENGINE_FLASH_STR(" / "));
		}
		put_bytes(pos->u.cell[r], pos->cols, ' ');
	}
}

void matrix_parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
	mv->u.matrix.row = scan_index(in, pos->count);
	scan_expect(in, ':');
	if (scan_row(in, mv->u.matrix.take, ENGINE_ERR_TOO_MUCH) > pos->cols) {
		scan_fail(in, ENGINE_ERR_TOO_MANY);
	}
}

void matrix_print_move(const struct position *pos, const struct move *mv)
{
	put_u16(mv->u.matrix.row + 1u);
	put_char(':');
	put_bytes(mv->u.matrix.take, pos->cols, ',');
}

enum engine_error matrix_check_move(const struct position *pos, const struct move *mv)
{
	const uint8_t *cell = pos->u.cell[mv->u.matrix.row];
	uint8_t taken = 0; /* not 0 once a cell gives stones */
	for (uint8_t c = 0; c < ENGINE_MATRIX_MAX; c++) {
		uint8_t take = mv->u.matrix.take[c];
		if (take > (c < pos->cols ? cell[c] : 0)) {
			return ENGINE_ERR_TOO_MUCH;
		}
		taken |= take;
	}
	return taken != 0 ? ENGINE_OK : ENGINE_ERR_NONE_TAKEN;
}

void matrix_apply_move(struct position *pos, const struct move *mv)
{
	uint8_t *cell = pos->u.cell[mv->u.matrix.row];
	const uint8_t *take = mv->u.matrix.take;
	for (uint8_t c = pos->cols; c != 0; c--) {
		*cell = (uint8_t)(*cell - *take++);
		cell++;
	}
}

/* Order: row by row; in a row the amounts count up like a number whose
 * last digit is the last cell, from one stone in the last cell. */
bool matrix_next_move(const struct position *pos, struct move *mv, bool first)
{
	uint8_t r = first ? 0 : mv->u.matrix.row;
	if (first) {
		for (uint8_t c = 0; c < ENGINE_MATRIX_MAX; c++) {
			mv->u.matrix.take[c] = 0;
		}
	}
	while (r < pos->count) {
		mv->u.matrix.row = r;
		uint8_t c = pos->cols;
		while (c > 0) {
			c--;
			if (mv->u.matrix.take[c] < pos->u.cell[r][c]) {
				mv->u.matrix.take[c]++;
				return true;
			}
			mv->u.matrix.take[c] = 0;
		}
		r++; /* every amount of this row done: all back to 0 */
	}
	return false;
}

/* The first cell of its row the move takes from. */
uint8_t matrix_move_part(const struct position *pos, const struct move *mv)
{
	uint8_t column = 0;
	while (column + 1u < pos->cols && mv->u.matrix.take[column] == 0) {
		column++;
	}
	return (uint8_t)(mv->u.matrix.row * pos->cols + column);
}

void matrix_move_set(const struct position *pos, struct move *mv, uint8_t part, uint16_t amount)
{
	/* Both before the memset, which for all the compiler knows changes
	 * pos->cols: one division instead of two. */
	uint8_t row = (uint8_t)(part / pos->cols);
	uint8_t column = (uint8_t)(part % pos->cols);
	if (mv->u.matrix.row != row) {
		memset(mv, 0, sizeof *mv); /* a move takes from one row only */
		mv->u.matrix.row = row;
	}
	mv->u.matrix.take[column] = (uint8_t)amount;
}
