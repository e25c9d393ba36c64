/*
 * The boards' geometry, from the rulebook (docs/rules.md): the sets of
 * pieces one Taktix or Nineteen move may take, and Kubo's adjacent stacks.
 * The boards' rules (rules_boards.c) and the search's dense board tables
 * (search_tables.c) both read them.
 */
#include "tests/brute/rules.h"

static uint32_t taktix_shape[2][128];
static size_t taktix_shape_count[2];
static uint32_t nineteen_shape[128];
static size_t nineteen_shape_count;
static uint8_t kubo_pair[16][2];
static size_t kubo_pair_count;
static bool shapes_ready;

uint8_t rules_taktix_cell(uint8_t line, uint8_t i)
{
	if (line < TAKTIX_SIDE) {
		return (uint8_t)(line * TAKTIX_SIDE + i);
	}
	return (uint8_t)(i * TAKTIX_SIDE + (line - TAKTIX_SIDE));
}

static void taktix_make_shapes(void)
{
	for (uint8_t line = 0; line < 2 * TAKTIX_SIDE; line++) {
		/* Any non-empty set of the line's pieces.  A single piece lies on
		 * a row and a column: list it with its row only. */
		for (uint32_t subset = 1; subset < (1u << TAKTIX_SIDE); subset++) {
			uint32_t cells = 0;
			uint8_t size = 0;
			for (uint8_t i = 0; i < TAKTIX_SIDE; i++) {
				if (subset & (1u << i)) {
					cells |= 1u << rules_taktix_cell(line, i);
					size++;
				}
			}
			if (size > 1 || line < TAKTIX_SIDE) {
				taktix_shape[0][taktix_shape_count[0]++] = cells;
			}
		}
		/* Runs of adjacent places along the line. */
		for (uint8_t first = 0; first < TAKTIX_SIDE; first++) {
			uint32_t cells = 0;
			for (uint8_t last = first; last < TAKTIX_SIDE; last++) {
				cells |= 1u << rules_taktix_cell(line, last);
				if (last > first || line < TAKTIX_SIDE) {
					taktix_shape[1][taktix_shape_count[1]++] = cells;
				}
			}
		}
	}
}

/*
 * The hexagon in axial coordinates (q, r), r = -2..2 the rows from the top,
 * q rising from left to right: row r holds the q with |q|, |r|, |q + r| all
 * at most 2, giving rows of 3, 4, 5, 4, 3 cells.  Two cells touch when their
 * coordinates differ by one of the six hexagonal steps.
 */
static void nineteen_make_shapes(void)
{
	int8_t q[NINETEEN_CELLS];
	int8_t r[NINETEEN_CELLS];
	uint8_t n = 0;
	for (int8_t row = -2; row <= 2; row++) {
		for (int8_t col = -2; col <= 2; col++) {
			int8_t s = (int8_t)(-row - col);
			if (s >= -2 && s <= 2) {
				q[n] = col;
				r[n] = row;
				n++;
			}
		}
	}
	bool touch[NINETEEN_CELLS][NINETEEN_CELLS];
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		for (uint8_t b = 0; b < NINETEEN_CELLS; b++) {
			int dq = q[b] - q[a];
			int dr = r[b] - r[a];
			touch[a][b] = (dq == 1 && dr == 0) || (dq == -1 && dr == 0) || (dq == 0 && dr == 1) ||
				      (dq == 0 && dr == -1) || (dq == 1 && dr == -1) || (dq == -1 && dr == 1);
		}
	}
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		nineteen_shape[nineteen_shape_count++] = 1u << a;
	}
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		for (uint8_t b = (uint8_t)(a + 1); b < NINETEEN_CELLS; b++) {
			if (touch[a][b]) {
				nineteen_shape[nineteen_shape_count++] = (1u << a) | (1u << b);
			}
		}
	}
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		for (uint8_t b = (uint8_t)(a + 1); b < NINETEEN_CELLS; b++) {
			for (uint8_t c = (uint8_t)(b + 1); c < NINETEEN_CELLS; c++) {
				if (touch[a][b] && touch[a][c] && touch[b][c]) {
					nineteen_shape[nineteen_shape_count++] = (1u << a) | (1u << b) | (1u << c);
				}
			}
		}
	}
}

static void kubo_make_pairs(void)
{
	for (uint8_t s = 0; s < KUBO_STACKS; s++) {
		if (s % KUBO_SIDE + 1 < KUBO_SIDE) {
			kubo_pair[kubo_pair_count][0] = s;
			kubo_pair[kubo_pair_count][1] = (uint8_t)(s + 1);
			kubo_pair_count++;
		}
		if (s + KUBO_SIDE < KUBO_STACKS) {
			kubo_pair[kubo_pair_count][0] = s;
			kubo_pair[kubo_pair_count][1] = (uint8_t)(s + KUBO_SIDE);
			kubo_pair_count++;
		}
	}
}

static void shapes_prepare(void)
{
	if (!shapes_ready) {
		taktix_make_shapes();
		nineteen_make_shapes();
		kubo_make_pairs();
		shapes_ready = true;
	}
}

const uint32_t *rules_taktix_shapes(uint8_t variant, size_t *count)
{
	shapes_prepare();
	*count = taktix_shape_count[variant ? 1 : 0];
	return taktix_shape[variant ? 1 : 0];
}

const uint32_t *rules_nineteen_shapes(size_t *count)
{
	shapes_prepare();
	*count = nineteen_shape_count;
	return nineteen_shape;
}

const uint8_t (*rules_kubo_pairs(size_t *count))[2]
{
	shapes_prepare();
	*count = kubo_pair_count;
	return kubo_pair;
}
