/*
 * Octal games on rows: Kayles (0.77: knock down one pin or two adjacent
 * pins) and the pebble strip, Dawson's chess (0.137).
 *
 * A position is a list of rows (Kayles: pins standing side by side;
 * pebbles: strips of free cells, where a pebble may still go).  A pebble on
 * cell c of a strip of n blocks c and its neighbours: at an end it leaves
 * one strip of n - 2, inside it leaves two strips summing to n - 3, and a
 * strip of 1 is used up.  The strategy is in sums.c.
 *
 * A move that leaves two rows where there was one inserts the right part
 * after the left one; an emptied row is removed (a position with no row
 * left prints as `0`).  The record holds ENGINE_MAX_ROWS rows.  So that no
 * game from a position can ever need more, the parser refuses a position
 * to play (ENGINE_ERR_ROWS) whose rows could between them become more:
 * a row of n pins can become at most ceil(n/2) rows (each part but the
 * last needs a fallen pin after it), a strip of n cells at most ceil(n/4)
 * (a pebble between two parts takes its cell and both neighbours), and a
 * row of 0, which no move touches and none removes, keeps its place.
 * Every move the rules allow then fits, and none is refused for want of
 * room.  A position to analyse may hold any rows the record does; the one
 * after its move is printed, not played (octal_print_after).
 *
 * Text: rows separated by spaces, e.g. `1 12`.  Moves, 1-based: Kayles
 * `2.5` knocks pin 5 of row 2, `2.5-6` pins 5 and 6 (`2.6-5` too: two
 * pins in either order, as Taktix's `b3-b1` is `b1-b3`); pebbles `1.4`
 * plays cell 4 of strip 1.
 */
#include <stddef.h>

#include "engine/games.h"

static bool is_kayles(const struct position *pos)
{
	return pos->game == GAME_KAYLES;
}

void octal_check_list(const struct position *pos, struct scanner *in)
{
	uint8_t count = pos->count;
	const uint16_t *row = pos->u.row;
	uint8_t left = ENGINE_MAX_ROWS; /* places no row has claimed yet */
	while (count-- > 0) {
		/* One less than the rows a row of n can become: ceil(n / 2) - 1
		 * (Kayles) or ceil(n / 4) - 1 (pebbles), and 0 for a row of 0. */
		uint16_t more = *row++;
		if (more != 0) {
			more--;
		}
		more >>= 1;
		if (!is_kayles(pos)) {
			more >>= 1;
		}
		if (more >= left) {
			scan_fail(in, ENGINE_ERR_ROWS);
			break;
		}
		left = (uint8_t)(left - more - 1u);
	}
}

void octal_print(const struct position *pos)
{
	if (pos->count == 0) {
		put_char('0');
	}
	heaps_print_list(pos);
}

/* The rows after a move, as octal_apply_move leaves them, printed from
 * the position and the move: a split while all ENGINE_MAX_ROWS rows are
 * in use leaves one more than the record holds.  Place j of the list after
 * it is row j before the moved row, its left part at the moved row, its
 * right part next, then row j - 1; a part of 0 is left out, and a row of
 * 0 that no move touched stays. */
void octal_print_after(const struct position *pos, const struct move *mv)
{
	struct row_parts parts = octal_move_parts(pos, mv);
	uint8_t moved = mv->u.strip.row;
	bool none = true;
	for (uint8_t j = 0; j <= pos->count; j++) {
		uint16_t size = pos->u.row[j - (j > moved)];
		uint8_t part = (uint8_t)(j - moved); /* 0: the left part, 1: the right */
		if (part < 2u) {
			size = part == 0 ? parts.left : parts.right;
			if (size == 0) {
				continue;
			}
		}
		if (!none) {
			put_char(' ');
		}
		none = false;
		put_u16(size);
	}
	if (none) {
		put_char('0');
	}
}

/* `R.P` or, for Kayles, `R.P-Q` with Q next to P.  A pin or cell 0 (at
 * 65535 here) is refused by octal_check_move, as any beyond the row. */
void octal_parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
	mv->u.strip.row = scan_index(in, pos->count);
	scan_expect(in, '.');
	uint16_t at = scan_u16(in, UINT16_MAX, ENGINE_ERR_NO_SUCH);
	mv->u.strip.count = 1;
	if (scan_char(in, '-')) {
		/* Only Kayles knocks two: octal_check_move refuses the pebbles'. */
		uint16_t second = scan_u16(in, UINT16_MAX, ENGINE_ERR_NO_SUCH);
		if (second == (uint16_t)(at - 1u)) {
			at = second;
		} else if (second != (uint16_t)(at + 1u)) {
			scan_fail(in, ENGINE_ERR_NOT_ADJACENT);
		}
		mv->u.strip.count = 2;
	}
	mv->u.strip.at = (uint16_t)(at - 1u);
}

void octal_print_move(const struct move *mv)
{
	put_pair(mv->u.strip.row + 1u, '.', mv->u.strip.at + 1u);
	if (mv->u.strip.count == 2) {
		put_char('-');
		put_u16(mv->u.strip.at + 2u);
	}
}

struct row_parts octal_move_parts(const struct position *pos, const struct move *mv)
{
	uint16_t at = mv->u.strip.at;
	struct row_parts parts = { at, (uint16_t)(pos->u.row[mv->u.strip.row] - at - mv->u.strip.count) };
	if (!is_kayles(pos)) {
		/* A pebble blocks the cells next to it too. */
		parts.left = parts.left > 0 ? (uint16_t)(parts.left - 1u) : 0;
		parts.right = parts.right > 0 ? (uint16_t)(parts.right - 1u) : 0;
	}
	return parts;
}

enum engine_error octal_check_move(const struct position *pos, const struct move *mv)
{
	uint16_t n = pos->u.row[mv->u.strip.row];
	uint8_t most = is_kayles(pos) ? 2 : 1;
	if (mv->u.strip.count == 0) {
		return ENGINE_ERR_NONE_TAKEN;
	}
	if (mv->u.strip.count > most) {
		return ENGINE_ERR_NOT_ALLOWED;
	}
	uint16_t at = mv->u.strip.at;
	if (at >= n || mv->u.strip.count > (uint16_t)(n - at)) {
		return ENGINE_ERR_NO_SUCH;
	}
	return ENGINE_OK;
}

void octal_apply_move(struct position *pos, const struct move *mv)
{
	struct row_parts parts = octal_move_parts(pos, mv);
	uint8_t i = mv->u.strip.row;
	uint16_t *row = pos->u.row;
	/* The row keeps its left part, or else its right part; a right part
	 * beside a left one goes in after it (the parser's bound leaves room),
	 * and a row with no part left goes.  The count is kept apart from the
	 * record while the rows move, and stored once. */
	uint8_t count = pos->count;
	row[i] = parts.left != 0 ? parts.left : parts.right;
	if (parts.left != 0 && parts.right != 0) {
		for (uint8_t j = count; j > i + 1u; j--) {
			row[j] = row[j - 1u];
		}
		row[i + 1u] = parts.right;
		count++;
	}
	if (row[i] == 0) {
		count--;
		for (uint8_t j = i; j < count; j++) {
			row[j] = row[j + 1u];
		}
	}
	pos->count = count;
}

/* Order: row by row; in each row every single pin (or cell) from the left,
 * then for Kayles every pair from the left. */
bool octal_next_move(const struct position *pos, struct move *mv, bool first)
{
	uint8_t row = 0, count = 1;
	uint32_t at = 0;
	if (!first) {
		row = mv->u.strip.row;
		count = mv->u.strip.count;
		at = (uint32_t)mv->u.strip.at + 1u;
	}
	uint8_t most = is_kayles(pos) ? 2 : 1;
	while (row < pos->count) {
		if (at + count <= pos->u.row[row]) {
			mv->u.strip.row = row;
			mv->u.strip.count = count;
			mv->u.strip.at = (uint16_t)at;
			if (octal_check_move(pos, mv) == ENGINE_OK) {
				return true;
			}
			at++;
		} else if (count < most) {
			count++;
			at = 0;
		} else {
			row++;
			count = 1;
			at = 0;
		}
	}
	return false;
}

uint16_t octal_move_amount(const struct move *mv)
{
	return mv->u.strip.count;
}

void octal_move_set(struct move *mv, uint8_t part, uint16_t amount)
{
	mv->u.strip.row = part;
	mv->u.strip.count = (uint8_t)amount;
}
