/*
 * Dziewietnascie ("Nineteen"): 19 pieces in a regular hexagon, rows of 3, 4,
 * 5, 4 and 3 cells.  A move takes one piece, two adjacent pieces, or three
 * mutually adjacent pieces (a small triangle).  Normal play: the last piece
 * wins.
 *
 * Every position is answered from the table of losing positions made by
 * tools/gen/boards_hexagon.c, looked up by key (board_keys.h).  The same
 * generator lists every move, in the order the engine tries them.
 *
 * Text: the rows from the top, separated by `/`, with `O` for a piece and
 * `.` for an empty cell: `OOO/OOOO/OOOOO/OOOO/OOO`.  Cells are named by row
 * a-e from the top and position 1-5 from the left, so c3 is the centre.  A
 * move lists its cells separated by commas: `c3`, `c3,c4`, `c3,c4,b3`.
 */
#include "engine/board_keys.h"
#include "engine/board_text.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine/losing_set.h"
#include "engine_tables.h"

#define ROWS 5u

static const uint8_t row_length[ROWS] ENGINE_FLASH = { 3, 4, 5, 4, 3 };
static const uint8_t row_start[ROWS + 1] ENGINE_FLASH = { 0, 3, 7, 12, 16, ENGINE_NINETEEN_CELLS };

/*
 * The cells of move `index` of the list.  Move c (c < 19) is cell c alone;
 * the table holds the others, each as its first cell a and which of a + 1
 * (the next in the row), a + d and a + d + 1 (the two below it) it also
 * takes, where d is 4 in the rows that start at cells 3 and 7 and 3
 * elsewhere (the generator checks every move against the board's
 * geometry).
 */
static uint32_t move_cells(uint8_t index)
{
	uint8_t form = index;
	if (index >= ENGINE_NINETEEN_CELLS) {
		form = flash_u8(&nineteen_move_forms[index - ENGINE_NINETEEN_CELLS]);
	}
	uint8_t first = form & 0x1Fu;
	uint8_t below = first >= 3u && first < 12u ? 4u : 3u;
	uint32_t cells = 1u | (form >> 4 & 2u) | (uint32_t)(form >> 6) << below;
	return cells << first;
}

/* ---- positions ---- */

void nineteen_parse(struct position *pos, struct scanner *in)
{
	pos->u.nineteen = board_scan_rows(in, row_length, ROWS);
}

void nineteen_print(const struct position *pos)
{
	board_print_rows(row_length, ROWS, pos->u.nineteen);
}

/* ---- moves ---- */

void nineteen_parse_move(struct scanner *in, struct move *mv)
{
	/* More than three cells are refused by engine_check_move. */
	uint32_t cells = 0;
	do {
		uint8_t place;
		uint8_t row = board_scan_name(in, ROWS, 5, &place);
		if (in->error == ENGINE_OK && place >= flash_u8(&row_length[row])) {
			scan_fail(in, ENGINE_ERR_NO_SUCH);
		}
		if (in->error == ENGINE_OK) {
			cells = board_add_cells(in, cells, move_cells((uint8_t)(flash_u8(&row_start[row]) + place)));
		}
	} while (scan_char(in, ','));
	mv->u.cells = cells;
}

static void print_cell(uint8_t cell)
{
	uint8_t row = 0;
	while (cell >= flash_u8(&row_start[row + 1u])) {
		row++;
	}
	board_print_name(row, (uint8_t)(cell - flash_u8(&row_start[row]) + 1u));
}

void nineteen_print_move(const struct move *mv)
{
	put_members(mv->u.cells, print_cell);
}

uint8_t nineteen_move_index(const struct move *mv)
{
	uint8_t index = 0;
	while (index < NINETEEN_MOVES && move_cells(index) != mv->u.cells) {
		index++;
	}
	return index;
}

enum engine_error nineteen_check_move(const struct move *mv)
{
	/* The cells are all there: they make a move exactly when they are
	 * one of the list. */
	return nineteen_move_index(mv) < NINETEEN_MOVES ? ENGINE_OK : ENGINE_ERR_NOT_ADJACENT;
}

bool nineteen_move_at(const struct position *pos, uint8_t index, struct move *mv)
{
	uint32_t cells = move_cells(index);
	mv->u.cells = cells;
	return (pos->u.nineteen & cells) == cells;
}

/* The parts decide, or the table (board_keys.h). */
bool nineteen_is_losing(const struct position *pos)
{
	uint32_t cells = pos->u.nineteen;
	enum board_verdict verdict = board_nineteen_verdict(cells);
	if (verdict != BOARD_LOOK_UP) {
		return verdict == BOARD_LOSES;
	}
	uint16_t rank;
	return losing_set_find(nineteen_losing, board_nineteen_key(cells, nineteen_outer_classes), &rank);
}
