/*
 * Dziewietnascie ("Nineteen"): 19 pieces in a regular hexagon, rows of 3, 4,
 * 5, 4 and 3 cells.  A move takes one piece, two adjacent pieces, or three
 * mutually adjacent pieces (a small triangle).  Normal play: the last piece
 * wins.
 *
 * Every position is answered from the table of losing positions
 * (tools/gen/boards.c), looked up by key (board_keys.h).
 *
 * Text: the rows from the top, separated by `/`, with `O` for a piece and
 * `.` for an empty cell: `OOO/OOOO/OOOOO/OOOO/OOO`.  Cells are named by row
 * a-e from the top and position 1-5 from the left, so c3 is the centre.  A
 * move lists its cells separated by commas: `c3`, `c3,c4`, `c3,c4,b3`.
 */
#include "engine/board_keys.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine/losing_set.h"
#include "engine_tables.h"

#define ROWS 5u
#define ALL_CELLS 0x7FFFFul
#define NONE 0xFFu
#define MAX_TAKE 3u

enum direction { RIGHT, DOWN_LEFT, DOWN_RIGHT, DIRECTIONS };

static const uint8_t row_length[ROWS] ENGINE_FLASH = { 3, 4, 5, 4, 3 };
static const uint8_t row_start[ROWS] ENGINE_FLASH = { 0, 3, 7, 12, 16 };

/* Each cell's neighbours to the right and in the row below (NONE at the
 * edge): every adjacent pair is a cell and one of these. */
static const uint8_t neighbour[ENGINE_NINETEEN_CELLS][DIRECTIONS] ENGINE_FLASH = {
	{ 1, 3, 4 }, { 2, 4, 5 }, { NONE, 5, 6 },
	{ 4, 7, 8 }, { 5, 8, 9 }, { 6, 9, 10 }, { NONE, 10, 11 },
	{ 8, NONE, 12 }, { 9, 12, 13 }, { 10, 13, 14 }, { 11, 14, 15 }, { NONE, 15, NONE },
	{ 13, NONE, 16 }, { 14, 16, 17 }, { 15, 17, 18 }, { NONE, 18, NONE },
	{ 17, NONE, NONE }, { 18, NONE, NONE }, { NONE, NONE, NONE },
};

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

static uint8_t next_to(uint8_t cell, uint8_t direction)
{
	return flash_u8(&neighbour[cell][direction]);
}

/*
 * The small triangles, each named by its first cell (the top-most, then
 * left-most): shape 0 points down (the cell, its right neighbour and the
 * cell below both), shape 1 points up (the cell and the two below it).
 * Returns 0 when the triangle runs off the board.
 */
static uint32_t triangle(uint8_t cell, uint8_t shape)
{
	uint8_t second = next_to(cell, shape == 0 ? RIGHT : DOWN_LEFT);
	uint8_t third = next_to(cell, DOWN_RIGHT);
	if (second == NONE || third == NONE) {
		return 0;
	}
	return bit(cell) | bit(second) | bit(third);
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

enum engine_error nineteen_parse(struct position *pos, struct scanner *in)
{
	uint32_t cells = 0;
	for (uint8_t row = 0; row < ROWS; row++) {
		if (row > 0 && !scan_char(in, '/')) {
			return ENGINE_ERR_SYNTAX;
		}
		scan_skip_space(in);
		uint8_t start = flash_u8(&row_start[row]);
		uint8_t length = flash_u8(&row_length[row]);
		for (uint8_t k = 0; k < length; k++) {
			char c = *in->at;
			if (c == 'O' || c == 'o') {
				cells |= bit((uint8_t)(start + k));
			} else if (c != '.') {
				return ENGINE_ERR_SYNTAX;
			}
			in->at++;
		}
		char next = *in->at;
		if (next == 'O' || next == 'o' || next == '.') {
			return ENGINE_ERR_TOO_MANY;
		}
	}
	if (scan_char(in, '/')) {
		return ENGINE_ERR_TOO_MANY;
	}
	pos->u.nineteen = cells;
	return ENGINE_OK;
}

void nineteen_print(const struct position *pos, struct text_sink *out)
{
	for (uint8_t row = 0; row < ROWS; row++) {
		if (row > 0) {
			print_char(out, '/');
		}
		uint8_t start = flash_u8(&row_start[row]);
		uint8_t length = flash_u8(&row_length[row]);
		for (uint8_t k = 0; k < length; k++) {
			print_char(out, (pos->u.nineteen & bit((uint8_t)(start + k))) ? 'O' : '.');
		}
	}
}

/* ---- moves ---- */

/* A cell name such as `c3`: row a-e from the top, position from 1. */
static enum engine_error scan_cell(struct scanner *in, uint8_t *cell)
{
	scan_skip_space(in);
	char row = *in->at;
	if (row >= 'A' && row <= 'Z') {
		row = (char)(row - 'A' + 'a');
	}
	if (row < 'a' || row > 'z') {
		return ENGINE_ERR_SYNTAX;
	}
	in->at++;
	uint8_t position;
	enum engine_error err = scan_u8(in, UINT8_MAX, &position);
	if (err == ENGINE_ERR_RANGE) {
		return ENGINE_ERR_NO_SUCH;
	}
	if (err != ENGINE_OK) {
		return err;
	}
	uint8_t r = (uint8_t)(row - 'a');
	if (r >= ROWS || position < 1 || position > flash_u8(&row_length[r])) {
		return ENGINE_ERR_NO_SUCH;
	}
	*cell = (uint8_t)(flash_u8(&row_start[r]) + position - 1u);
	return ENGINE_OK;
}

enum engine_error nineteen_parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
	(void)pos;
	uint32_t cells = 0;
	uint8_t listed = 0;
	do {
		uint8_t cell = 0;
		enum engine_error err = scan_cell(in, &cell);
		if (err != ENGINE_OK) {
			return err;
		}
		if (++listed > MAX_TAKE) {
			return ENGINE_ERR_TOO_MANY;
		}
		cells |= bit(cell);
	} while (scan_char(in, ','));
	mv->u.cells = cells;
	return ENGINE_OK;
}

static void print_cell(struct text_sink *out, uint8_t cell)
{
	uint8_t row = 0;
	while (row + 1u < ROWS && cell >= flash_u8(&row_start[row + 1u])) {
		row++;
	}
	print_char(out, (char)('a' + row));
	print_u32(out, (uint32_t)(cell - flash_u8(&row_start[row]) + 1u));
}

void nineteen_print_move(const struct position *pos, const struct move *mv, struct text_sink *out)
{
	(void)pos;
	bool more = false;
	for (uint8_t cell = 0; cell < ENGINE_NINETEEN_CELLS; cell++) {
		if (mv->u.cells & bit(cell)) {
			if (more) {
				print_char(out, ',');
			}
			print_cell(out, cell);
			more = true;
		}
	}
}

/* True when `cells` (one, two or three of them) may be taken together. */
static bool is_group(uint32_t cells)
{
	uint8_t first = lowest_cell(cells);
	switch (count_bits(cells)) {
	case 1:
		return true;
	case 2:
		for (uint8_t d = 0; d < DIRECTIONS; d++) {
			uint8_t other = next_to(first, d);
			if (other != NONE && cells == (bit(first) | bit(other))) {
				return true;
			}
		}
		return false;
	case 3:
		return cells == triangle(first, 0) || cells == triangle(first, 1);
	default:
		return false;
	}
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
	return is_group(cells) ? ENGINE_OK : ENGINE_ERR_NOT_ADJACENT;
}

void nineteen_apply_move(struct position *pos, const struct move *mv)
{
	pos->u.nineteen &= ~mv->u.cells;
}

/*
 * Moves in rounds, fewest pieces first: single pieces, then pairs (a cell
 * and one of its neighbours right or below), then triangles.  Within a
 * round, by first cell and then direction or shape.
 */
bool nineteen_next_move(const struct position *pos, struct move *mv, bool first)
{
	uint8_t size = 1, cell = 0, kind = 0;
	if (!first) {
		uint32_t cells = mv->u.cells;
		size = count_bits(cells);
		cell = lowest_cell(cells);
		if (size == 2) {
			while (kind < DIRECTIONS &&
			       (next_to(cell, kind) == NONE || !(cells & bit(next_to(cell, kind))))) {
				kind++;
			}
		} else if (size == 3) {
			kind = cells == triangle(cell, 0) ? 0 : 1;
		}
		/* Step past the previous move. */
		if (size == 1 || ++kind == (size == 2 ? DIRECTIONS : 2u)) {
			kind = 0;
			cell++;
		}
	}
	uint32_t here = pos->u.nineteen;
	for (; size <= MAX_TAKE; size++, cell = 0, kind = 0) {
		uint8_t kinds = size == 1 ? 1u : size == 2 ? DIRECTIONS : 2u;
		for (; cell < ENGINE_NINETEEN_CELLS; cell++, kind = 0) {
			for (; kind < kinds; kind++) {
				uint32_t cells = bit(cell);
				if (size == 2) {
					uint8_t other = next_to(cell, kind);
					cells = other == NONE ? 0 : cells | bit(other);
				} else if (size == 3) {
					cells = triangle(cell, kind);
				}
				if (cells != 0 && (here & cells) == cells) {
					mv->u.cells = cells;
					return true;
				}
			}
		}
	}
	return false;
}

bool nineteen_is_losing(const struct position *pos)
{
	return losing_set_contains(nineteen_losing, board_nineteen_key(pos->u.nineteen, nineteen_outer_classes));
}
