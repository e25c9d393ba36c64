/*
 * Chomp: a rectangle of pieces, the bottom-left one poisoned.  A move picks
 * a piece and removes it with every piece above and to the right of it.
 * Taking the poison is never a legal move: whoever faces the poison alone
 * has no move and has lost, which is the rule "whoever must take the
 * poison loses".
 *
 * Every board up to 4 rows of 8 is answered from the table of losing
 * positions (tools/gen/boards.c), looked up by the diagram's key
 * (board_keys.h).  Flash is what bounds the rows: the table of every board
 * up to 8x8 would be four times the one up to 4x8.
 *
 * Text: `RxC` for a full rectangle of R rows and C columns (`4x8`), or the
 * row lengths from the bottom (poison) row up, never increasing (`8 8 5 2`).
 * A move `R,C` (or `R.C`) picks the piece in row R from the bottom and
 * column C from the left, both from 1; `1,1` is the poison.
 */
#include "engine/board_keys.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine/losing_set.h"
#include "engine_tables.h"

/* `RxC`, or the row lengths, never increasing. */
void chomp_parse(struct position *pos, struct scanner *in)
{
	uint8_t *rows = pos->u.chomp;
	do {
		uint8_t length = (uint8_t)scan_u16(in, ENGINE_CHOMP_MAX, ENGINE_ERR_RANGE);
		if (pos->count == 0 && scan_word(in, ENGINE_FLASH_STR("x"))) {
			uint8_t cols = (uint8_t)scan_u16(in, ENGINE_CHOMP_MAX, ENGINE_ERR_RANGE);
			if (length == 0 || length > ENGINE_CHOMP_ROWS || cols == 0) {
				scan_fail(in, ENGINE_ERR_RANGE);
			}
			pos->count = length;
			while (length > 0) {
				rows[--length] = cols;
			}
			return;
		}
		if (pos->count == ENGINE_CHOMP_ROWS) {
			scan_fail(in, ENGINE_ERR_TOO_MANY);
		} else if (length == 0) {
			scan_fail(in, ENGINE_ERR_RANGE);
		} else if (pos->count > 0 && length > rows[pos->count - 1u]) {
			scan_fail(in, ENGINE_ERR_NOT_ALLOWED);
		}
		if (in->error == ENGINE_OK) {
			rows[pos->count++] = length;
		}
		(void)scan_char(in, ',');
	} while (!scan_at_end(in));
}

void chomp_print(const struct position *pos)
{
	/* The rows never get longer upwards: a rectangle when the top row is
	 * as long as the bottom one. */
	const uint8_t *rows = pos->u.chomp;
	if (pos->count == 0 || rows[pos->count - 1u] == rows[0]) {
		put_pair(pos->count, 'x', pos->u.chomp[0]);
		return;
	}
	put_bytes(pos->u.chomp, pos->count, ' ');
}

/* `R,C` or `R.C`, both from 1.  A row or column 0 comes back as 255,
 * which chomp_check_move refuses as no such piece. */
void chomp_parse_move(struct scanner *in, struct move *mv)
{
	mv->u.chomp.row = scan_index(in, UINT8_MAX);
	if (!scan_char(in, '.')) {
		scan_expect(in, ',');
	}
	mv->u.chomp.col = scan_index(in, UINT8_MAX);
}

void chomp_print_move(const struct move *mv)
{
	put_pair(mv->u.chomp.row + 1u, ',', mv->u.chomp.col + 1u);
}

enum engine_error chomp_check_move(const struct position *pos, const struct move *mv)
{
	uint8_t row = mv->u.chomp.row;
	if (row >= pos->count || mv->u.chomp.col >= pos->u.chomp[row]) {
		return ENGINE_ERR_NO_SUCH;
	}
	if ((row | mv->u.chomp.col) == 0) {
		return ENGINE_ERR_POISON;
	}
	return ENGINE_OK;
}

void chomp_apply_move(struct position *pos, const struct move *mv)
{
	for (uint8_t i = mv->u.chomp.row; i < pos->count; i++) {
		if (pos->u.chomp[i] > mv->u.chomp.col) {
			pos->u.chomp[i] = mv->u.chomp.col;
		}
	}
	/* Rows are never empty: a bite at column 0 takes its row and every
	 * row above, any other bite leaves them all. */
	if (mv->u.chomp.col == 0) {
		pos->count = mv->u.chomp.row;
	}
}

/*
 * Move `index` picks the piece in row 7 - index / 8 from the bottom and
 * column 7 - index % 8: from the top row down, each row from its right
 * end, so the first legal move takes the single top-right piece, the
 * smallest bite there is.
 */
#define LAST (ENGINE_CHOMP_MAX - 1u)

bool chomp_move_at(const struct position *pos, uint8_t index, struct move *mv)
{
	uint8_t row = (uint8_t)(LAST - (index >> 3));
	uint8_t col = (uint8_t)(LAST - (index & 7u));
	mv->u.chomp.row = row;
	mv->u.chomp.col = col;
	return row < pos->count && col < pos->u.chomp[row] && (row | col) != 0;
}

uint8_t chomp_move_index(const struct move *mv)
{
	return (uint8_t)((LAST - mv->u.chomp.row) * 8u + LAST - mv->u.chomp.col);
}

bool chomp_is_losing(const struct position *pos)
{
	uint16_t rank;
	return losing_set_find(chomp_losing, board_chomp_key(pos->u.chomp, pos->count), &rank);
}
