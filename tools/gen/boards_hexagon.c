/*
 * Tables of Dziewietnascie (Nineteen): the losing positions of the hexagon
 * of 19 cells that their parts do not decide (board_nineteen_verdict) as an
 * Elias-Fano set of keys, and the set of canonical outer rings those keys
 * are numbered by (board_keys.h).
 *
 * The geometry is worked out here from axial coordinates, apart from the
 * engine's ring tables: the moves the solver uses and the twelve symmetries
 * every key is checked against.  tests/unit/test_boards_tables checks the
 * keys again against symmetries of its own, an independent oracle.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/board_keys.h"
#include "engine/losing_set.h"
#include "tools/gen/boards.h"

#define CODES ((uint32_t)1 << ENGINE_NINETEEN_CELLS)
#define MOVES 85u
#define SYMMETRIES 12u
#define OUTER_RINGS 4096u

/* Cells numbered row by row from the top: rows r = -2..2, and in each row
 * q increasing to the right with |q + r| <= 2. */
static int cell_at(int q, int r)
{
	int cell = 0;
	for (int rr = -2; rr <= 2; rr++) {
		for (int qq = -2; qq <= 2; qq++) {
			if (abs(qq + rr) > 2) {
				continue;
			}
			if (qq == q && rr == r) {
				return cell;
			}
			cell++;
		}
	}
	return -1;
}

static void coordinates(int cell, int *q, int *r)
{
	for (int rr = -2; rr <= 2; rr++) {
		for (int qq = -2; qq <= 2; qq++) {
			if (cell_at(qq, rr) == cell) {
				*q = qq;
				*r = rr;
				return;
			}
		}
	}
}

/* The moves: single cells, adjacent pairs, small triangles. */
static unsigned list_moves(uint32_t *moves)
{
	static const int step[3][2] = { { 1, 0 }, { 0, 1 }, { -1, 1 } };
	unsigned n = 0;
	for (int cell = 0; cell < ENGINE_NINETEEN_CELLS; cell++) {
		int q, r;
		coordinates(cell, &q, &r);
		moves[n++] = 1u << cell;
		for (unsigned d = 0; d < 3; d++) {
			int other = cell_at(q + step[d][0], r + step[d][1]);
			if (other >= 0) {
				moves[n++] = 1u << cell | 1u << other;
			}
		}
		/* The cell, its right neighbour, and the cell next to both
		 * below or above. */
		int right = cell_at(q + 1, r);
		int below = cell_at(q, r + 1);
		int above = cell_at(q + 1, r - 1);
		if (right >= 0 && below >= 0) {
			moves[n++] = 1u << cell | 1u << right | 1u << below;
		}
		if (right >= 0 && above >= 0) {
			moves[n++] = 1u << cell | 1u << right | 1u << above;
		}
	}
	return n;
}

/* images[g][cell] for the six turns and six reflections, in cube
 * coordinates (x, y, z) = (q, -q - r, r). */
static void symmetry_images(uint8_t images[SYMMETRIES][ENGINE_NINETEEN_CELLS])
{
	for (unsigned g = 0; g < SYMMETRIES; g++) {
		for (int cell = 0; cell < ENGINE_NINETEEN_CELLS; cell++) {
			int x, z;
			coordinates(cell, &x, &z);
			int y = -x - z;
			for (unsigned k = 0; k < g % 6u; k++) {
				int nx = -z, ny = -x, nz = -y;
				x = nx;
				y = ny;
				z = nz;
			}
			if (g >= 6) {
				int t = x;
				x = z;
				z = t;
			}
			images[g][cell] = (uint8_t)cell_at(x, z);
		}
	}
}

static unsigned lowest_cell(uint32_t cells)
{
	return (unsigned)__builtin_ctz(cells);
}

/* The engine's order of moves: fewest pieces first, then by the first
 * (top-most, left-most) cell, then by the other cells. */
static int compare_moves(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int size = __builtin_popcount(x) - __builtin_popcount(y);
	if (size != 0) {
		return size;
	}
	if (lowest_cell(x) != lowest_cell(y)) {
		return lowest_cell(x) < lowest_cell(y) ? -1 : 1;
	}
	return x < y ? -1 : x > y;
}

/*
 * Every move as one byte, in the engine's order (nineteen.c, move_cells):
 * its first cell a in bits 0-4, and in bits 5-7 which of the cells a + 1,
 * a + d and a + d + 1 it also takes, where a + d is the first cell's
 * neighbour down and to the left in the row-by-row numbering: d is 4 from
 * the second and third rows (cells 3-11) and 3 from the others.  Each move
 * is decoded back and compared with the one worked out from coordinates.
 */
static int write_moves(FILE *c, FILE *h)
{
	uint32_t moves[MOVES + 8];
	uint8_t bytes[MOVES];
	unsigned n = list_moves(moves);
	qsort(moves, n, sizeof moves[0], compare_moves);
	for (unsigned m = 0; m < n; m++) {
		unsigned a = lowest_cell(moves[m]);
		unsigned d = a >= 3u && a < 12u ? 4u : 3u;
		uint32_t rest = moves[m] >> a;
		unsigned others = (rest >> 1 & 1u) | (rest >> d & 3u) << 1;
		bytes[m] = (uint8_t)(a | others << 5);
		if ((1u | (others & 1u) << 1 | (uint32_t)(others >> 1) << d) << a != moves[m] ||
		    (m < ENGINE_NINETEEN_CELLS && bytes[m] != m)) {
			fprintf(stderr, "gen_boards: nineteen: move %05lx has no one-byte form\n",
				(unsigned long)moves[m]);
			return 1;
		}
	}
	/* Move c < 19 is cell c alone, whose form is c: only the others are
	 * written. */
	fprintf(h, "#define NINETEEN_MOVES %uu\n", n);
	write_bytes(c, h, "nineteen_move_forms",
		    "Nineteen: every move of two or three pieces (two adjacent, a small triangle) as its first cell "
		    "and which of three cells beyond it it takes, fewest pieces first, then by the first cell",
		    bytes + ENGINE_NINETEEN_CELLS, n - ENGINE_NINETEEN_CELLS);
	return 0;
}

static uint32_t image_of(uint32_t cells, const uint8_t *image)
{
	uint32_t out = 0;
	for (unsigned cell = 0; cell < ENGINE_NINETEEN_CELLS; cell++) {
		if (cells & (1u << cell)) {
			out |= 1u << image[cell];
		}
	}
	return out;
}

static int solve(uint8_t *outcome)
{
	uint32_t moves[MOVES + 8];
	unsigned n = list_moves(moves);
	if (n != MOVES) {
		fprintf(stderr, "gen_boards: nineteen: %u moves, not %u\n", n, MOVES);
		return 1;
	}
	/* Every move clears bits, so successors are smaller codes. */
	for (uint32_t x = 0; x < CODES; x++) {
		uint8_t result = LOSING;
		for (unsigned m = 0; m < n && result == LOSING; m++) {
			if ((x & moves[m]) == moves[m] && outcome[x & ~moves[m]] == LOSING) {
				result = WINNING;
			}
		}
		outcome[x] = result;
	}
	return 0;
}

/* The canonical outer rings (the outer ring of every canonical form), as
 * the set board_nineteen_key ranks them in; *count is how many there are.
 * Each key looks one up: its lookups walk at most OUTER_WALK_BITS. */
#define OUTER_WALK_BITS 192u

static int outer_classes(struct encoding *enc, uint32_t *count)
{
	uint8_t *seen = gen_alloc(OUTER_RINGS);
	struct key_set set;
	if (seen == NULL || key_set_init(&set, OUTER_RINGS)) {
		free(seen);
		return 1;
	}
	int failed = 0;
	for (uint32_t x = 0; x < CODES && !failed; x++) {
		struct board_hexagon ring;
		board_nineteen_canonical(x, &ring);
		if (ring.outer >= OUTER_RINGS || ring.inner >= 64u || ring.centre > 1u) {
			fprintf(stderr, "gen_boards: nineteen: bad ring form of %05lx\n", (unsigned long)x);
			failed = 1;
		} else if (!seen[ring.outer]) {
			seen[ring.outer] = 1;
			failed = key_set_add(&set, ring.outer);
		}
	}
	if (!failed) {
		key_set_finish(&set);
		failed = encode_set("nineteen_outer_classes", &set, OUTER_WALK_BITS, enc);
		*count = set.count;
	}
	/* Each class's rank, read back. */
	for (uint32_t i = 0; i < set.count && !failed; i++) {
		uint16_t rank;
		if (!losing_set_find(enc->bytes, (uint16_t)set.keys[i], &rank) || rank != i) {
			fprintf(stderr, "gen_boards: nineteen: outer class %03x reads back wrong\n",
				(unsigned)set.keys[i]);
			failed = 1;
		}
	}
	free(set.keys);
	free(seen);
	return failed;
}

/* Proves that the key is a function of the class (the same for all twelve
 * images of a position) and tells classes apart. */
static int check_keys(const uint8_t *outer, uint32_t universe)
{
	uint8_t images[SYMMETRIES][ENGINE_NINETEEN_CELLS];
	symmetry_images(images);
	uint32_t *owner = gen_alloc((size_t)universe * sizeof *owner);
	if (owner == NULL) {
		return 1;
	}
	int failed = 0;
	for (uint32_t x = 0; x < CODES && !failed; x++) {
		uint32_t key = board_nineteen_key(x, outer);
		uint32_t class = x;
		for (unsigned g = 1; g < SYMMETRIES && !failed; g++) {
			uint32_t image = image_of(x, images[g]);
			if (image < class) {
				class = image;
			}
			if (board_nineteen_key(image, outer) != key) {
				fprintf(stderr, "gen_boards: nineteen: key of %05lx changes under symmetry %u\n",
					(unsigned long)x, g);
				failed = 1;
			}
		}
		if (failed) {
			break;
		}
		if (key >= universe) {
			fprintf(stderr, "gen_boards: nineteen: key %lu is outside the universe\n", (unsigned long)key);
			failed = 1;
		} else if (owner[key] != 0 && owner[key] != class + 1u) {
			fprintf(stderr, "gen_boards: nineteen: %05lx and %05lx share a key\n", (unsigned long)x,
				(unsigned long)(owner[key] - 1u));
			failed = 1;
		} else {
			owner[key] = class + 1u;
		}
	}
	free(owner);
	return failed;
}

int gen_nineteen(FILE *c, FILE *h)
{
	struct key_set set = { 0 };
	struct encoding enc = { 0 }, outer_enc = { 0 };
	uint32_t classes = 0;
	uint8_t *outcome = gen_alloc(CODES);
	int failed = outcome == NULL || outer_classes(&outer_enc, &classes);
	const uint8_t *outer = outer_enc.bytes;
	uint32_t universe = classes * 128u;
	failed = failed || check_keys(outer, universe) || solve(outcome) || key_set_init(&set, universe);
	uint32_t losing = 0;
	/* The table holds the losing positions the parts do not decide
	 * (board_nineteen_verdict). */
	for (uint32_t x = 0; x < CODES && !failed; x++) {
		if (outcome[x] == LOSING) {
			losing++;
			if (board_nineteen_verdict(x) == BOARD_LOOK_UP) {
				failed = key_set_add(&set, board_nineteen_key(x, outer));
			}
		}
	}
	if (!failed) {
		key_set_finish(&set);
		failed = encode_set("nineteen_losing", &set, NINETEEN_WALK_BITS, &enc);
	}
	/* Every position, as the engine reads it, must come out as solved. */
	for (uint32_t x = 0; x < CODES && !failed; x++) {
		enum board_verdict verdict = board_nineteen_verdict(x);
		bool loses = verdict == BOARD_LOOK_UP ? set_has(enc.bytes, board_nineteen_key(x, outer))
						      : verdict == BOARD_LOSES;
		if (loses != (outcome[x] == LOSING)) {
			fprintf(stderr, "gen_boards: nineteen: position %05lx reads back wrong\n", (unsigned long)x);
			failed = 1;
		}
	}
	if (!failed) {
		char what[160];
		snprintf(what, sizeof what, "Nineteen: the %u smallest outer rings of their classes, as a set",
			 (unsigned)classes);
		write_bytes(c, h, "nineteen_outer_classes", what, outer, outer_enc.size);
		snprintf(what, sizeof what,
			 "Nineteen: %u positions, %u losing; the keys of those the parts leave to the table",
			 (unsigned)CODES, (unsigned)losing);
		write_set(c, h, "nineteen_losing", what, &set, &enc);
		failed = write_moves(c, h);
	}
	free(enc.bytes);
	free(set.keys);
	free(outer_enc.bytes);
	free(outcome);
	return failed;
}
