/* Parts and canonical keys of board positions; see board_keys.h. */
#include "engine/board_keys.h"

#include "common/attributes.h"

#include "engine/flash.h"
#include "engine/losing_set.h"

uint8_t board_count_cells(uint32_t cells)
{
	return (uint8_t)(losing_set_ones((uint8_t)cells) + losing_set_ones((uint8_t)(cells >> 8)) +
			 losing_set_ones((uint8_t)(cells >> 16)));
}

/* ---- parts ---- */

/* The boards as rows of cells, one byte a row (bit c: column c), between
 * two rows that stay empty so that every row has one above and below. */
#define GRID_ROWS 7u
#define NINETEEN_PARTS_MOST 10u
#define TAKTIX_PARTS_MOST 8u

/* Moves into `part` every cell of `grid` joined to it, and counts them.
 * On the grid a cell's neighbours are the cells before and after it in its
 * row and the cells of its column in the rows above and below; on the
 * hexagon also the cell after its column in the row above and the one
 * before it in the row below. */
static uint8_t grid_grow(uint8_t *grid, uint8_t *part, bool hexagon)
{
	uint8_t joined = 0;
	for (bool grew = true; grew;) {
		grew = false;
		for (uint8_t r = 1; r < GRID_ROWS - 1u; r++) {
			uint8_t up = part[r - 1u], here = part[r], down = part[r + 1u];
			uint8_t next = (uint8_t)(here << 1 | here >> 1 | up | down);
			if (hexagon) {
				next |= (uint8_t)(up >> 1 | down << 1);
			}
			next &= grid[r];
			if (next != 0) {
				grid[r] ^= next;
				part[r] |= next;
				joined = (uint8_t)(joined + losing_set_ones(next));
				grew = true;
			}
		}
	}
	return joined;
}

/*
 * The Grundy value of a part (board_keys.h).  In a
 * row of the grid a cell's neighbours are its next (here >> 1) and previous
 * (here << 1); in the row above, the same column (up) and the next (up >>
 * 1); in the row below, the same column (down) and the previous (down <<
 * 1).  A triangle: a cell with its next and the one below, or with the two
 * below; a branch: a cell with three or more neighbours (without a
 * triangle, exactly three, no two of which touch: the hub of
 * board_keys.h); a bow tie: a cell with two pairs of neighbours on opposite
 * sides.  A part of four or more cells without a branch (hence without a
 * triangle, which in a part that size has a cell with a third neighbour)
 * is a path or, from six cells, a cycle: a move takes one cell or two
 * adjacent ones, so a path plays as Kayles (path_values, from four cells)
 * and a cycle becomes a path of one or two cells fewer (for 6-10 cells its
 * value is 0).  With a branch only parts of four and five cells have
 * known values; else PART_UNKNOWN.
 */
#define PART_UNKNOWN 0xFFu
static const uint8_t path_values[NINETEEN_PARTS_MOST - 3u] ENGINE_FLASH = { 1, 4, 3, 2, 1, 4, 2 };

static uint8_t majority(uint8_t x, uint8_t y, uint8_t z)
{
	return (uint8_t)((x & y) | (z & (x | y)));
}

static uint8_t part_value(const uint8_t *part, uint8_t size)
{
	if (size < 4) {
		return size;
	}
	uint8_t triangle = 0, bow = 0, branch = 0, end = 0;
	for (uint8_t r = 1; r < GRID_ROWS - 1u; r++) {
		uint8_t up = part[r - 1u], here = part[r], down = part[r + 1u];
		uint8_t next = here >> 1, previous = (uint8_t)(here << 1), above_next = up >> 1,
			below_previous = (uint8_t)(down << 1);
		triangle |= here & down & (next | below_previous);
		bow |= here & ((next & previous & above_next & below_previous) |
			       (above_next & up & below_previous & down) | (up & down & previous & next));
		/* The six neighbours counted in two triples, each a sum bit
		 * and a carry: three or more, and fewer than two. */
		uint8_t sum1 = next ^ previous ^ up, carry1 = majority(next, previous, up);
		uint8_t sum2 = above_next ^ down ^ below_previous, carry2 = majority(above_next, down, below_previous);
		branch |= here & ((carry1 & carry2) | ((carry1 | carry2) & (sum1 | sum2)));
		end |= here & (uint8_t) ~(carry1 | carry2 | (sum1 & sum2));
	}
	if (!branch) {
		return end ? flash_u8(&path_values[size - 4u]) : 0;
	}
	if (size == 4) {
		return triangle ? 4 : 2;
	}
	if (size == 5) {
		return triangle ? (bow ? 1 : 5) : 0;
	}
	return PART_UNKNOWN;
}

/*
 * The verdict of a board's parts (board_keys.h), taking the grid of its
 * `pieces` apart from the top: parts of up to `small` cells (ten on the
 * hexagon, three on the square) may have known values, and a bigger part,
 * or one that part_value cannot value, leaves the position to the table.
 * Under misere the parts are single pieces exactly when there are as many
 * parts as pieces.
 */
static enum board_verdict grid_verdict(uint8_t *grid, uint8_t small, bool misere, uint8_t pieces)
{
	bool hexagon = small > 3u;
	uint8_t value = 0, count = 0;
	for (uint8_t r = 1; r < GRID_ROWS - 1u; r++) {
		while (grid[r] != 0) {
			uint8_t part[GRID_ROWS] = { 0 };
			part[r] = grid[r] & (uint8_t)-grid[r];
			grid[r] ^= part[r];
			uint8_t size = (uint8_t)(1u + grid_grow(grid, part, hexagon));
			uint8_t part_grundy = part_value(part, size);
			if (size > small || part_grundy == PART_UNKNOWN) {
				return BOARD_LOOK_UP;
			}
			count++;
			value ^= part_grundy;
		}
	}
	bool loses = misere && count == pieces ? (count & 1u) != 0 : value == 0;
	return loses ? BOARD_LOSES : BOARD_WINS;
}

enum board_verdict board_nineteen_verdict(uint32_t cells)
{
	uint8_t pieces = board_count_cells(cells);
	if (pieces > NINETEEN_PARTS_MOST) {
		return BOARD_LOOK_UP;
	}
	uint8_t low = (uint8_t)cells;
	uint8_t grid[GRID_ROWS] = {
		0,
		(uint8_t)(low << 2) & 0x1Cu,
		(low >> 2) & 0x1Eu,
		(uint8_t)((uint16_t)cells >> 7) & 0x1Fu,
		(uint8_t)((uint16_t)cells >> 12),
		(uint8_t)(cells >> 16) & 0x07u,
		0,
	};
	return grid_verdict(grid, NINETEEN_PARTS_MOST, false, pieces);
}

enum board_verdict board_taktix_verdict(uint16_t cells, bool misere)
{
	uint8_t pieces = board_count_cells(cells);
	if (pieces > TAKTIX_PARTS_MOST) {
		return BOARD_LOOK_UP;
	}
	uint8_t grid[GRID_ROWS] = { 0 };
	for (uint8_t r = 1; r <= 4; r++, cells >>= 4) {
		grid[r] = cells & 0x0Fu;
	}
	return grid_verdict(grid, 3, misere, pieces);
}

/* ---- Chomp ---- */

uint16_t board_chomp_code(const uint8_t *rows, uint8_t count)
{
	uint16_t code = 0;
	for (uint8_t i = 0; i < ENGINE_CHOMP_MAX; i++) {
		uint8_t length = i < count ? rows[i] : 0;
		code |= (uint16_t)(1u << (length + (ENGINE_CHOMP_MAX - 1u) - i));
	}
	return code;
}

/* The low `bits` bits of x in the opposite order; one copy for its three
 * callers, not inlined. */
OUT_OF_LINE static uint16_t reversed(uint16_t x, uint8_t bits)
{
	uint16_t out = 0;
	for (; bits > 0; bits--, x >>= 1) {
		out = (uint16_t)(out << 1 | (x & 1u));
	}
	return out;
}

uint16_t board_chomp_key(const uint8_t *rows, uint8_t count)
{
	uint16_t code = board_chomp_code(rows, count);
	uint16_t transposed = reversed((uint16_t)~code, 16);
	return code < transposed ? code : transposed;
}

/* ---- square symmetries ---- */

/* Turned a quarter clockwise: digit k moves to k + 1. */
static uint8_t turned(uint8_t digits)
{
	return (uint8_t)(digits >> 2 | digits << 6);
}

/* Digit k moves to 3 - k. */
static uint8_t digits_reversed(uint8_t digits)
{
	digits = (uint8_t)(digits >> 4 | digits << 4);
	return (uint8_t)((digits & 0x33u) << 2 | ((digits >> 2) & 0x33u));
}

/*
 * The smallest (corners << 8 | sides) over the eight symmetries.  The
 * reflection used is the one through corners 0 and 2: corner k goes to -k,
 * side k (from corner k to k + 1) to side -1 - k, and the two cells of a
 * side change places when `side_cells` (Taktix: two cells per side).
 */
static uint16_t square_smallest_pair(uint8_t corners, uint8_t sides, bool side_cells)
{
	uint16_t best = 0xFFFFu;
	for (uint8_t face = 0; face < 2; face++) {
		for (uint8_t turn = 0; turn < 4; turn++) {
			uint16_t image = (uint16_t)corners << 8 | sides;
			if (image < best) {
				best = image;
			}
			corners = turned(corners);
			sides = turned(sides);
		}
		corners = turned(digits_reversed(corners));
		sides = digits_reversed(sides);
		if (side_cells) {
			sides = (uint8_t)((sides & 0x55u) << 1 | ((sides >> 1) & 0x55u));
		}
	}
	return best;
}

uint8_t board_square_smallest(uint8_t corners)
{
	return (uint8_t)(square_smallest_pair(corners, 0, false) >> 8);
}

uint8_t board_square_rank(const uint8_t *classes, uint8_t smallest)
{
	uint8_t rank = 0;
	while (rank < BOARD_SQUARE_CLASSES && flash_u8(classes + rank) < smallest) {
		rank++;
	}
	return rank;
}

/* ---- Taktix ---- */

/* Lines 0-3 are the rows, 4-7 the columns.  Two passes of one update:
 * each piece adds to the totals of its row and of its column the weight
 * of the other line, first 1 (the totals count the pieces of each line),
 * then the squared counts (the totals are the sums S).  The key adds up
 * the squared totals of both passes. */
uint16_t board_taktix_any_key(uint16_t cells)
{
	uint8_t weight[8], total[8] = { 0 };
	uint16_t key = 0;
	for (uint8_t line = 0; line < 8; line++) {
		weight[line] = 1;
	}
	for (uint8_t pass = 0; pass < 2; pass++) {
		uint16_t rest = cells;
		for (uint8_t cell = 0; cell < 16; cell++, rest >>= 1) {
			if (rest & 1u) {
				uint8_t row = cell >> 2, col = (uint8_t)(4u + (cell & 3u));
				total[row] = (uint8_t)(total[row] + weight[col]);
				total[col] = (uint8_t)(total[col] + weight[row]);
			}
		}
		for (uint8_t line = 0; line < 8; line++) {
			uint16_t square = (uint16_t)total[line] * total[line];
			key = (uint16_t)(key + square);
			weight[line] = (uint8_t)square; /* a count squared: at most 16 */
			total[line] = 0;
		}
	}
	return key;
}

/*
 * The 4x4 board as two bytes (see board_keys.h).  Corners clockwise from
 * the top-left: a1 d1 d4 a4, inner cells b2 c2 c3 b3, and the sides from
 * each corner: b1 c1, d2 d3, c4 b4, a3 a2.  Cells a1-d1 are bits 0-3 of
 * the position, a2-d2 bits 4-7, and so on: ring_cells lists the cells of
 * (corners << 8 | sides) from its top bit down.
 */
static const uint8_t ring_cells[16] ENGINE_FLASH = { 0, 5, 3, 6, 15, 10, 12, 9, 1, 2, 7, 11, 14, 13, 8, 4 };

static uint16_t taktix_rings(uint16_t cells)
{
	uint16_t ring = 0;
	for (const uint8_t *cell = ring_cells; cell < ring_cells + 16; cell++) {
		ring = (uint16_t)(ring << 1 | (cells >> flash_u8(cell) & 1u));
	}
	return ring;
}

uint16_t board_taktix_adjacent_key(uint16_t cells, const uint8_t *classes)
{
	uint16_t ring = taktix_rings(cells);
	uint16_t smallest = square_smallest_pair((uint8_t)(ring >> 8), (uint8_t)ring, true);
	return (uint16_t)(board_square_rank(classes, (uint8_t)(smallest >> 8)) * 256u + (uint8_t)smallest);
}

/* ---- Kubo ---- */

/*
 * Which symmetries fix a smallest corner byte, and so how its edges are
 * counted: all eight (every corner the same), the half turn with the two
 * diagonal reflections (opposite corners equal), the reflection through
 * corners 0 and 2 (corners 1 and 3 equal), the one through corners 1 and
 * 3, or the one between corners 0 and 1 (0 equal to 1 and 2 to 3); the
 * reflection between corners 0 and 3 never fixes a smallest byte.
 */
enum corner_symmetry { FIXED_BY_ALL, FIXED_BY_HALF_TURN, FIXED_ACROSS_0, FIXED_ACROSS_1, FIXED_BETWEEN, FREE };

static enum corner_symmetry corner_symmetry(uint8_t corners)
{
	/* Digit k against digit k + 2: the 2-bit fields of `across` are
	 * (digit 0 ^ digit 2, digit 1 ^ digit 3) twice; digit 0 against 1 and
	 * 2 against 3 in `beside`. */
	uint8_t across = (uint8_t)(corners ^ (corners >> 4 | corners << 4));
	uint8_t beside = (corners ^ corners >> 2) & 0x33u;
	if (across == 0) {
		return beside == 0 ? FIXED_BY_ALL : FIXED_BY_HALF_TURN;
	}
	if (!(across & 0x03u)) {
		return FIXED_ACROSS_0;
	}
	if (!(across & 0x0Cu)) {
		return FIXED_ACROSS_1;
	}
	return beside == 0 ? FIXED_BETWEEN : FREE;
}

/*
 * The edges, smallest under the symmetries that fix the corners, counted
 * modulo them.  A reflection (or the half turn) swaps two pairs of edges,
 * or between corners one pair: the edges are read in the order `orders`
 * gives (digit k of the order: which edge comes k-th), so that the swap
 * exchanges the two halves, or the last two digits, and the smaller half
 * comes first; an unordered pair of halves, or of digits, is counted once.
 */
static const uint8_t orders[] ENGINE_FLASH = { 0x1B, 0x1E, 0x27, 0x27 };

static uint16_t kubo_edge_index(const uint8_t *classes, uint8_t corners, uint8_t edges)
{
	enum corner_symmetry symmetry = corner_symmetry(corners);
	if (symmetry == FIXED_BY_ALL) {
		return board_square_rank(classes, edges);
	}
	if (symmetry == FREE) {
		return edges;
	}
	uint8_t order = flash_u8(&orders[symmetry - FIXED_BY_HALF_TURN]);
	uint8_t read = 0;
	for (uint8_t k = 0; k < 4; k++, order <<= 2) {
		read = (uint8_t)(read << 2 | (edges >> (6u - 2u * (order >> 6)) & 3u));
	}
	/* The pairs a <= b before (a, b): b (b + 1) / 2 + a of them; between
	 * corners the pair is of the last two digits, after ten for each value
	 * of the first two. */
	uint8_t a = read >> 4, b = read & 0x0Fu;
	uint16_t before = 0;
	if (symmetry == FIXED_BETWEEN) {
		before = (uint16_t)(a * 10u);
		a = b >> 2;
		b &= 3u;
	}
	return (uint16_t)(before + (uint8_t)(b * (b + 1u)) / 2u + a);
}

/* How many slots the ring classes of a corner class take, less one, by the
 * symmetries that fix the corners. */
static const uint8_t class_slots[] ENGINE_FLASH = { BOARD_SQUARE_CLASSES - 1u, 135, 135, 135, 159, 255 };

/* The stacks of the ring in digit order: the corners clockwise from the
 * top-left, then the edges clockwise from the top. */
static const uint8_t ring_stacks[8] ENGINE_FLASH = { 0, 2, 8, 6, 1, 5, 7, 3 };

uint16_t board_kubo_slot(const uint8_t *stacks, const uint8_t *classes)
{
	uint16_t ring = 0;
	for (const uint8_t *stack = ring_stacks; stack < ring_stacks + 8; stack++) {
		ring = (uint16_t)(ring << 2 | stacks[flash_u8(stack)]);
	}
	uint16_t smallest = square_smallest_pair((uint8_t)(ring >> 8), (uint8_t)ring, false);
	uint8_t corners = (uint8_t)(smallest >> 8);
	uint16_t slot = kubo_edge_index(classes, corners, (uint8_t)smallest);
	for (uint8_t other; (other = flash_u8(classes++)) < corners;) {
		slot = (uint16_t)(slot + flash_u8(&class_slots[corner_symmetry(other)]) + 1u);
	}
	return slot;
}

uint8_t board_kubo_entry(const uint8_t *heights, uint16_t slot)
{
	/* The slot's flag to the top bit, the flags before it in its byte
	 * below. */
	const uint8_t *flags = heights + 2u * BOARD_KUBO_BLOCKS;
	const uint8_t *own = flags + (slot >> 3);
	uint8_t bits = (uint8_t)(flash_u8(own) << (7u - (slot & 7u)));
	if (!(bits & 0x80u)) {
		return 0;
	}
	/* Its rank: the flags set before it in its byte, in the whole bytes of
	 * its block before that one, and in the blocks before (the sample). */
	const uint8_t *sample = heights + 2u * (slot >> BOARD_KUBO_BLOCK_SHIFT);
	uint16_t rank = (uint16_t)(flash_u8(sample) | flash_u8(sample + 1) << 8);
	rank = (uint16_t)(rank + losing_set_ones(bits) - 1u);
	for (const uint8_t *byte = own - (slot >> 3 & (BOARD_KUBO_BLOCK / 8u - 1u)); byte < own; byte++) {
		rank = (uint16_t)(rank + losing_set_ones(flash_u8(byte)));
	}
	uint8_t four = flash_u8(flags + BOARD_KUBO_FLAG_BYTES + (rank >> 2));
	for (uint8_t k = rank & 3u; k > 0; k--) {
		four >>= 2;
	}
	return (uint8_t)(1u + (four & 3u));
}

/* ---- Nineteen ---- */

/*
 * The hexagon as rings.  Outer cell j runs clockwise from the top-left
 * corner (cell 0): 0 1 2 6 11 15 18 17 16 12 7 3, so even j are the corners
 * and odd j the cells between them; inner cell k is the one in the same
 * direction as corner 2k: 4 5 10 14 13 8.  Turning the board clockwise by
 * 60 degrees then sends outer j to j + 2 and inner k to k + 1.  Cells 0-7,
 * 8-15 and 16-18 are the bits of the three bytes of a position.
 */
static void hexagon_rings(uint32_t cells, uint16_t *outer, uint8_t *inner, uint8_t *centre)
{
	uint8_t b0 = (uint8_t)cells, b1 = (uint8_t)(cells >> 8), b2 = (uint8_t)(cells >> 16);
	uint8_t low = b0 & 0x07u;  /* outer 0-2: cells 0-2 */
	uint8_t high = b2 & 0x01u; /* outer 8: cell 16 */
	if (b0 & 0x40u) {
		low |= 0x08u; /* outer 3: cell 6 */
	}
	if (b1 & 0x08u) {
		low |= 0x10u; /* outer 4: cell 11 */
	}
	if (b1 & 0x80u) {
		low |= 0x20u; /* outer 5: cell 15 */
	}
	if (b2 & 0x04u) {
		low |= 0x40u; /* outer 6: cell 18 */
	}
	if (b2 & 0x02u) {
		low |= 0x80u; /* outer 7: cell 17 */
	}
	if (b1 & 0x10u) {
		high |= 0x02u; /* outer 9: cell 12 */
	}
	if (b0 & 0x80u) {
		high |= 0x04u; /* outer 10: cell 7 */
	}
	if (b0 & 0x08u) {
		high |= 0x08u; /* outer 11: cell 3 */
	}
	uint8_t in = (uint8_t)((b0 >> 4) & 0x03u); /* inner 0-1: cells 4, 5 */
	if (b1 & 0x04u) {
		in |= 0x04u; /* inner 2: cell 10 */
	}
	if (b1 & 0x40u) {
		in |= 0x08u; /* inner 3: cell 14 */
	}
	if (b1 & 0x20u) {
		in |= 0x10u; /* inner 4: cell 13 */
	}
	if (b1 & 0x01u) {
		in |= 0x20u; /* inner 5: cell 8 */
	}
	*outer = (uint16_t)((uint16_t)high << 8 | low);
	*inner = in;
	*centre = (uint8_t)((b1 >> 1) & 1u); /* cell 9 */
}

/* Turned by 60 degrees: inner k to k + 1, outer j to j + 2. */
static uint8_t inner_turned(uint8_t inner)
{
	return (uint8_t)(((inner << 1) | (inner >> 5)) & 0x3Fu);
}

static uint16_t outer_turned(uint16_t outer)
{
	return (uint16_t)(((outer << 2) | (outer >> 10)) & 0x0FFFu);
}

void board_nineteen_canonical(uint32_t cells, struct board_hexagon *ring)
{
	uint16_t outer;
	uint8_t inner;
	hexagon_rings(cells, &outer, &inner, &ring->centre);
	uint16_t best_outer = outer;
	uint8_t best_inner = inner;
	for (uint8_t face = 0; face < 2; face++) {
		for (uint8_t turn = 0; turn < 6; turn++) {
			if (outer < best_outer || (outer == best_outer && inner < best_inner)) {
				best_outer = outer;
				best_inner = inner;
			}
			outer = outer_turned(outer);
			inner = inner_turned(inner);
		}
		/* Reflected through the line of corner 0: bit k goes to -k. */
		inner = (uint8_t)((inner & 1u) | reversed(inner >> 1, 5) << 1);
		outer = (uint16_t)((outer & 1u) | reversed(outer >> 1, 11) << 1);
	}
	ring->outer = best_outer;
	ring->inner = best_inner;
}

uint16_t board_nineteen_key(uint32_t cells, const uint8_t *outer_classes)
{
	struct board_hexagon ring;
	board_nineteen_canonical(cells, &ring);
	uint16_t class;
	(void)losing_set_find(outer_classes, ring.outer, &class);
	return (uint16_t)(((class * 64u) | ring.inner) * 2u + ring.centre);
}
