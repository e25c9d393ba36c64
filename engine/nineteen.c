/*
 * Dziewietnascie ("Nineteen"): 19 pieces in a regular hexagon, rows of 3, 4,
 * 5, 4 and 3 cells.  A move takes one piece, two adjacent pieces, or three
 * mutually adjacent pieces (a small triangle).  Normal play: the last piece
 * wins.
 *
 * Every position is answered from the table of losing positions made by
 * tools/gen/boards_hexagon.c, looked up by key (board_keys.h).
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
#define ALL_CELLS 0x7FFFFul
#define NONE 0xFFu
#define MAX_TAKE 3u

static const uint8_t row_length[ROWS] ENGINE_FLASH = { 3, 4, 5, 4, 3 };
static const uint8_t row_start[ROWS + 1] ENGINE_FLASH = { 0, 3, 7, 12, 16, ENGINE_NINETEEN_CELLS };

/* Each cell's neighbours to the right, below left and below right (NONE at
 * the edge): every adjacent pair is a cell and one of these. */
static const uint8_t neighbour[ENGINE_NINETEEN_CELLS][3] ENGINE_FLASH = {
	{ 1, 3, 4 }, { 2, 4, 5 }, { NONE, 5, 6 },
	{ 4, 7, 8 }, { 5, 8, 9 }, { 6, 9, 10 }, { NONE, 10, 11 },
	{ 8, NONE, 12 }, { 9, 12, 13 }, { 10, 13, 14 }, { 11, 14, 15 }, { NONE, 15, NONE },
	{ 13, NONE, 16 }, { 14, 16, 17 }, { 15, 17, 18 }, { NONE, 18, NONE },
	{ 17, NONE, NONE }, { 18, NONE, NONE }, { NONE, NONE, NONE },
};

/*
 * The groups a move takes, each named by its first cell (the top-most,
 * then left-most) and a kind: 0 the cell alone; 1-3 the cell and its
 * neighbour right, below left or below right; 4 the triangle pointing down
 * (the cell, the one on its right, and the one below both); 5 the triangle
 * pointing up (the cell and the two below it).  Kinds of one size run from
 * kind_start[size] up to kind_start[size + 1].
 */
static const uint8_t kind_start[MAX_TAKE + 2] ENGINE_FLASH = { 0, 0, 1, 4, 6 };

/* The bit of a cell, built from its byte: a 32-bit shift by a variable
 * amount is a slow loop on the AVR. */
static uint32_t bit(uint8_t cell)
{
	uint8_t in_byte = (uint8_t)(1u << (cell & 7u));
	if (cell < 8) {
		return in_byte;
	}
	if (cell < 16) {
		return (uint32_t)in_byte << 8;
	}
	return (uint32_t)in_byte << 16;
}

/* The cells of group (cell, kind), or 0 when it runs off the board;
 * `cell_bit` is bit(cell), and a neighbour's bit is that one shifted by
 * the few places between them. */
static uint32_t group(uint8_t cell, uint8_t kind, uint32_t cell_bit)
{
	const uint8_t *next = neighbour[cell];
	uint32_t cells = cell_bit;
	if (kind == 0) {
		return cells;
	}
	uint8_t other[2];
	if (kind <= 3) {
		other[0] = flash_u8(next + kind - 1u);
		other[1] = cell;
	} else {
		other[0] = flash_u8(next + (kind == 4 ? 0u : 1u));
		other[1] = flash_u8(next + 2);
	}
	for (uint8_t k = 0; k < 2; k++) {
		if (other[k] == NONE) {
			return 0;
		}
		uint32_t b = cell_bit;
		for (uint8_t places = (uint8_t)(other[k] - cell); places > 0; places--) {
			b <<= 1;
		}
		cells |= b;
	}
	return cells;
}

static uint8_t count_bits(uint32_t cells)
{
	uint8_t n = 0;
	for (; cells != 0; cells &= cells - 1u) {
		n++;
	}
	return n;
}

/* The first cell of a nonempty set of cells. */
static uint8_t lowest_cell(uint32_t cells)
{
	uint8_t cell = 0;
	while (!(cells & 0xFFu)) {
		cells >>= 8;
		cell = (uint8_t)(cell + 8u);
	}
	for (uint8_t byte = (uint8_t)cells; !(byte & 1u); byte >>= 1) {
		cell++;
	}
	return cell;
}

/* ---- positions ---- */

void nineteen_parse(struct position *pos, struct scanner *in)
{
	pos->u.nineteen = board_scan_rows(in, row_length, ROWS);
}

void nineteen_print(const struct position *pos, struct text_sink *out)
{
	board_print_rows(out, row_length, ROWS, pos->u.nineteen);
}

/* ---- moves ---- */

void nineteen_parse_move(struct scanner *in, struct move *mv)
{
	uint32_t cells = 0;
	uint8_t listed = 0;
	do {
		uint8_t place;
		uint8_t row = board_scan_name(in, ROWS, 5, &place);
		if (in->error == ENGINE_OK && place >= flash_u8(&row_length[row])) {
			scan_fail(in, ENGINE_ERR_NO_SUCH);
		}
		if (++listed > MAX_TAKE) {
			scan_fail(in, ENGINE_ERR_TOO_MANY);
		}
		if (in->error == ENGINE_OK) {
			cells |= bit((uint8_t)(flash_u8(&row_start[row]) + place));
		}
	} while (scan_char(in, ','));
	mv->u.cells = cells;
}

static void print_cell(struct text_sink *out, uint8_t cell)
{
	uint8_t row = 0;
	while (cell >= flash_u8(&row_start[row + 1u])) {
		row++;
	}
	board_print_name(out, row, (uint8_t)(cell - flash_u8(&row_start[row]) + 1u));
}

void nineteen_print_move(const struct move *mv, struct text_sink *out)
{
	board_print_cells(out, mv->u.cells, print_cell);
}

enum engine_error nineteen_check_move(const struct position *pos, const struct move *mv)
{
	uint32_t cells = mv->u.cells;
	if (cells == 0) {
		return ENGINE_ERR_NONE_TAKEN;
	}
	if (cells > ALL_CELLS) {
		return ENGINE_ERR_NO_SUCH;
	}
	if (count_bits(cells) > MAX_TAKE) {
		return ENGINE_ERR_TOO_MANY;
	}
	if (cells & ~pos->u.nineteen) {
		return ENGINE_ERR_EMPTY;
	}
	/* The cells are all there: they make a group exactly when they are
	 * one of the moves of this position. */
	struct move listed;
	for (bool more = nineteen_next_move(pos, &listed, true); more; more = nineteen_next_move(pos, &listed, false)) {
		if (listed.u.cells == cells) {
			return ENGINE_OK;
		}
	}
	return ENGINE_ERR_NOT_ADJACENT;
}

/* Moves by size (single pieces first), then first cell, then kind. */
bool nineteen_next_move(const struct position *pos, struct move *mv, bool first)
{
	uint8_t size = 1, cell = 0, kind = 0;
	if (!first) {
		uint32_t cells = mv->u.cells;
		size = count_bits(cells);
		if (size == 0 || size > MAX_TAKE) {
			return false;
		}
		cell = lowest_cell(cells);
		kind = flash_u8(&kind_start[size]);
		while (kind < flash_u8(&kind_start[size + 1u]) && group(cell, kind, bit(cell)) != cells) {
			kind++;
		}
		kind++;
	}
	for (; size <= MAX_TAKE; size++, cell = 0, kind = flash_u8(&kind_start[size])) {
		uint8_t end = flash_u8(&kind_start[size + 1u]);
		uint32_t cell_bit = bit(cell);
		for (; cell < ENGINE_NINETEEN_CELLS; cell++, cell_bit <<= 1, kind = flash_u8(&kind_start[size])) {
			if (!(pos->u.nineteen & cell_bit)) {
				continue;
			}
			for (; kind < end; kind++) {
				uint32_t cells = group(cell, kind, cell_bit);
				if (cells != 0 && (pos->u.nineteen & cells) == cells) {
					mv->u.cells = cells;
					return true;
				}
			}
		}
	}
	return false;
}

/* Some numbers of pieces never lose (1, 3, 17, 19): those are wins at
 * once, without a key. */
bool nineteen_is_losing(const struct position *pos)
{
	uint8_t pieces = board_count_cells(pos->u.nineteen);
	if (!(flash_u8(nineteen_losing_counts + (pieces >> 3)) & (1u << (pieces & 7u)))) {
		return false;
	}
	return losing_set_contains(nineteen_losing, board_nineteen_key(pos->u.nineteen, nineteen_outer_classes));
}
