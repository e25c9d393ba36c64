/*
 * Taktix on a 4x4 square of pieces.  A move takes one or more pieces from
 * one row or one column: any of them (TAKTIX_ANY, the Polish text's rule),
 * or only pieces next to each other with no gap between them
 * (TAKTIX_ADJACENT, Piet Hein's Tac Tix).  Either variant is played in
 * normal play (the last piece wins) or misere (the last piece loses, the
 * traditional rule).
 *
 * Every position of each variant and rule is answered from the tables of
 * losing positions made by tools/gen/boards_square.c, looked up by key
 * (board_keys.h).
 *
 * Text: the words `any` or `adjacent` and `normal` or `misere`, each
 * optional (typed without them, a position is `any normal`; the game
 * starts as Tac Tix, `adjacent misere`), then the rows from the top,
 * separated by `/`, with `O` for a piece and `.` for an empty cell:
 * `adjacent misere OOOO/OOOO/O.OO/OOOO`.  Cells are named by column a-d and
 * row 1-4 from the top, so a1 is the top-left cell.  A move lists cells and
 * ranges separated by commas: `b2`, `a1,a2,a4`, `b1-b3`, `a4-d4`.
 */
#include "engine/board_keys.h"
#include "engine/board_text.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine/losing_set.h"
#include "engine_tables.h"

#define LINES 8u /* rows 0-3, then columns 0-3 */

/* ---- lines ---- */

/* The board turned over its diagonal from a1, row k becoming column k:
 * cell 4r + c of the result is cell 4c + r. */
static uint16_t transposed(uint16_t cells)
{
	uint16_t out = 0;
	for (uint8_t cell = 16; cell-- > 0;) {
		out = (uint16_t)(out << 1 | ((cells >> (4u * (cell & 3u) + (cell >> 2))) & 1u));
	}
	return out;
}

/* The cells of line `line` (rows 0-3 from the top, then columns 0-3)
 * picked by the 4-bit `pattern` (bit k: the k-th cell from the left or the
 * top): a column is the row of the same number, transposed. */
static uint16_t line_cells(uint8_t line, uint8_t pattern)
{
	uint16_t cells = (uint16_t)((uint16_t)pattern << (4u * (line & 3u)));
	return line < 4 ? cells : transposed(cells);
}

static uint8_t pattern_of(uint8_t line, uint16_t cells)
{
	if (line >= 4) {
		cells = transposed(cells);
	}
	return (uint8_t)(cells >> (4u * (line & 3u))) & 0x0Fu;
}

/* The line holding every cell of `cells` (rows first), or LINES when they
 * are not in one row or column. */
static uint8_t line_of(uint16_t cells)
{
	uint8_t line = 0;
	while (line < LINES && line_cells(line, pattern_of(line, cells)) != cells) {
		line++;
	}
	return line;
}

/* True for a nonempty pattern without gaps: filling the 0s below its
 * lowest 1 and adding one clears every bit of a run and of nothing more. */
static bool is_run(uint8_t pattern)
{
	return pattern != 0 && ((uint8_t)((pattern | (pattern - 1u)) + 1u) & pattern) == 0;
}

/* ---- positions ---- */

static const uint8_t row_length[4] ENGINE_FLASH = { 4, 4, 4, 4 };

/* A position's words name the values they stand for in their order. */
_Static_assert(WORD_ADJACENT - WORD_ANY == TAKTIX_ADJACENT - TAKTIX_ANY && TAKTIX_ANY == 0,
	       "Taktix's variant words are in the order of the variants");

/* The rule and the variant, in either order, then the rows. */
void taktix_parse(struct position *pos, struct scanner *in)
{
	for (uint8_t word = 0; word < 2; word++) {
		/* The words are the first four of position_words. */
		uint8_t k = scan_keyword(in, position_words, WORD_ADJACENT + 1u, (1u << (WORD_ADJACENT + 1u)) - 1u);
		if (k <= WORD_MISERE) {
			pos->rule = k;
		} else if (k <= WORD_ADJACENT) {
			pos->variant = (uint8_t)(k - WORD_ANY);
		}
	}
	pos->u.taktix = (uint16_t)board_scan_rows(in, row_length, 4);
}

void taktix_print(const struct position *pos)
{
	put_word((enum position_word)(WORD_ANY + pos->variant), ' ');
	put_word((enum position_word)pos->rule, ' ');
	board_print_rows(row_length, 4, pos->u.taktix);
}

/* ---- moves ---- */

/* `from-to`: every cell from one to the other along a row or column. */
static uint16_t range_cells(struct scanner *in, uint8_t from, uint8_t to)
{
	if (in->error != ENGINE_OK) {
		return 0;
	}
	uint16_t ends = (uint16_t)(1u << from | 1u << to);
	uint8_t line = line_of(ends);
	if (line == LINES) {
		scan_fail(in, ENGINE_ERR_NOT_IN_LINE);
		return 0;
	}
	/* The ends are the lowest and highest bits of the line's pattern (one
	 * bit when they are the same cell); the run from one to the other is
	 * twice the highest less the lowest. */
	uint8_t pattern = pattern_of(line, ends);
	uint8_t lowest = pattern & (uint8_t)-pattern;
	uint8_t highest = pattern == lowest ? lowest : (uint8_t)(pattern ^ lowest);
	return line_cells(line, (uint8_t)((highest << 1) - lowest));
}

void taktix_parse_move(struct scanner *in, struct move *mv)
{
	uint16_t cells = 0;
	do {
		/* Cells are named such as `b3`: column a-d, row 1-4 from the
		 * top. */
		uint8_t from = board_scan_square(in, 4);
		uint16_t more = (uint16_t)(1u << (from & 15u));
		if (scan_char(in, '-')) {
			more = range_cells(in, from, board_scan_square(in, 4));
		}
		cells = (uint16_t)board_add_cells(in, cells, more);
	} while (scan_char(in, ','));
	mv->u.cells = cells;
}

static void print_cell(uint8_t cell)
{
	board_print_square(cell, 4);
}

/* A run of two or more cells as its ends, `b1-b3`; others cell by cell. */
void taktix_print_move(const struct move *mv)
{
	uint16_t cells = (uint16_t)mv->u.cells;
	uint8_t line = line_of(cells);
	uint8_t pattern = pattern_of(line, cells);
	if ((cells & (cells - 1u)) != 0 && line < LINES && is_run(pattern)) {
		/* A run's highest bit is half the sum of the run and its lowest. */
		uint8_t lowest = pattern & (uint8_t)-pattern;
		cells = line_cells(line, lowest);
		put_members(cells, print_cell);
		put_char('-');
		cells = line_cells(line, (uint8_t)((pattern + lowest) >> 1));
	}
	put_members(cells, print_cell);
}

enum engine_error taktix_check_move(const struct position *pos, const struct move *mv)
{
	uint16_t cells = (uint16_t)mv->u.cells;
	uint8_t line = line_of(cells);
	if (line == LINES) {
		return ENGINE_ERR_NOT_IN_LINE;
	}
	if (pos->variant == TAKTIX_ADJACENT && !is_run(pattern_of(line, cells))) {
		return ENGINE_ERR_NOT_ADJACENT;
	}
	return ENGINE_OK;
}

/* The patterns of a line's cells, fewest cells first, and where each
 * pattern stands in that order. */
#define PATTERNS 15u
static const uint8_t patterns[PATTERNS] ENGINE_FLASH = { 1, 2, 4, 8, 3, 5, 6, 9, 10, 12, 7, 11, 13, 14, 15 };
static const uint8_t pattern_order[16] ENGINE_FLASH = { 0, 0, 1, 4, 2, 5, 6, 10, 3, 7, 8, 11, 9, 12, 13, 14 };

/*
 * Moves by pattern (single pieces first, then pairs, and so on), then line
 * (rows before columns; a single piece is taken from its row only): moves
 * 0-15 take one piece, 16 + 8 * (at - 4) + line the pattern `at` of line.
 */
bool taktix_move_at(const struct position *pos, uint8_t index, struct move *mv)
{
	uint8_t at, line;
	if (index < 16) {
		at = index >> 2;
		line = index & 3u;
	} else {
		at = (uint8_t)(4u + ((index - 16u) >> 3));
		line = index & 7u;
	}
	uint8_t pattern = flash_u8(&patterns[at]);
	uint16_t cells = line_cells(line, pattern);
	mv->u.cells = cells;
	return (pos->u.taktix & cells) == cells && (pos->variant != TAKTIX_ADJACENT || is_run(pattern));
}

uint8_t taktix_move_index(const struct move *mv)
{
	uint16_t cells = (uint16_t)mv->u.cells;
	uint8_t line = line_of(cells);
	uint8_t at = flash_u8(&pattern_order[pattern_of(line, cells) & 0x0Fu]);
	return (uint8_t)(at < 4 ? 4u * at + line : 8u * at - 16u + line);
}

/*
 * The keys losing under either rule are one set; two bits for each, by
 * rank, say under which (board_keys.h, tools/gen/boards_square.c).  With
 * any pieces, many numbers of pieces never lose (no losing position has an
 * odd count above 3 in normal play), so the count is looked at first; in
 * the adjacent variant the parts of the position decide it when none has
 * more than three pieces, and the table holds only the others.
 */
bool taktix_is_losing(const struct position *pos)
{
	uint16_t cells = pos->u.taktix;
	bool misere = pos->rule == RULE_MISERE;
	const uint8_t *set = taktix_any_losing, *rules = taktix_any_rules;
	uint16_t key;
	if (pos->variant != TAKTIX_ADJACENT) {
		uint8_t pieces = board_count_cells(cells);
		if (!(flash_u8(taktix_losing_counts + 3u * misere + (pieces >> 3)) & (1u << (pieces & 7u)))) {
			return false;
		}
		key = board_taktix_any_key(cells);
	} else {
		enum board_verdict verdict = board_taktix_verdict(cells, misere);
		if (verdict != BOARD_LOOK_UP) {
			return verdict == BOARD_LOSES;
		}
		set = taktix_adjacent_losing;
		rules = taktix_adjacent_rules;
		key = board_taktix_adjacent_key(cells, board_square_classes);
	}
	uint16_t rank;
	if (!losing_set_find(set, key, &rank)) {
		return false;
	}
	uint16_t bit = (uint16_t)(2u * rank + misere);
	return (flash_u8(rules + (bit >> 3)) >> (bit & 7u)) & 1u;
}
