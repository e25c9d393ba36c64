/*
 * Keys of board positions: one number per symmetry class, the same for
 * every position of the class, with the classes numbered densely so that
 * the tables that hold them (engine/losing_set.h) stay small.  The table
 * generator (tools/gen/boards.c) computes the keys of the losing positions
 * with these functions and the engine computes the key of the position it
 * looks up with the same functions, so a table is only ever read with the
 * key it was written with.  The few small tables the keys need (which
 * patterns are canonical, which outer rings of the hexagon) are made by
 * the generator too and passed in.  Before any key, the parts of a
 * position of few pieces may decide it (below).
 *
 * Symmetries are applied to rings of cells, where a rotation of the board
 * is a rotation of bits and a reflection a reversal, instead of moving 16
 * or 19 cells one by one.  Square boards (Taktix, Kubo) are written as two
 * bytes of four 2-bit digits, digit k in bits 7-2k and 6-2k, one digit for
 * each corner k (clockwise from the top-left) or each side k (from corner k
 * to corner k+1).
 */
#ifndef BOARD_KEYS_H
#define BOARD_KEYS_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

/* Pieces on a board of up to 24 cells (bit i: cell i). */
uint8_t board_count_cells(uint32_t cells);

/* ---- parts ----
 * Pieces that no move can take together fall into parts: the pieces of
 * Taktix that touch along a row or column (adjacent variant), the pieces of
 * Nineteen that touch.  A position is the sum of its parts, so its Grundy
 * value is the nim-sum of theirs (Sprague-Grundy), and the parts of up to
 * three pieces have the value of their size: one piece 1, two 2, three 3
 * (the options of three are one part of two or one, two single pieces, or
 * nothing).  On the hexagon a part of four cells has 4 when it holds a
 * small triangle, 2 when three of them surround the fourth (a hub: a cell
 * with three neighbours), else 1; a part of five has 5 with a triangle,
 * except the bow tie (two triangles meeting at a cell) with 1, and without
 * one 0 with a hub, else 4.  A part of six to ten cells is valued only
 * when no cell has three neighbours: then it is a path, which plays as
 * Kayles (a move takes one cell or two adjacent ones), or a cycle, which
 * becomes a path one or two cells shorter and so has 0.  The generator
 * proves these values for every position (tools/gen/boards_*.c).
 *
 * The parts are found on the board's rows, one byte a row, where the
 * neighbours of a cell are shifts: along its row, the same column in the
 * rows above and below, and on the hexagon (rows placed in axial
 * coordinates: Nineteen's rows start at columns 2, 1, 0, 0, 0) one column
 * on in the row above and one back in the row below. */

/* What the parts of a position tell: it wins, it loses, or the table says.
 * The parts are looked at only in positions of few pieces, where they
 * decide many; the table holds every losing position of more pieces. */
enum board_verdict { BOARD_WINS, BOARD_LOSES, BOARD_LOOK_UP };
/* Nineteen, up to 10 pieces: decided when every part has a value above. */
enum board_verdict board_nineteen_verdict(uint32_t cells);
/* Taktix, adjacent variant, up to 8 pieces: decided when no part has more
 * than three, under either rule (misere: the parts play as misere Nim heaps
 * of their sizes, so with no part above one piece an odd number of them
 * loses). */
enum board_verdict board_taktix_verdict(uint16_t cells, bool misere);

/* ---- Chomp ----
 * A diagram's code has bit (rows[i] + 7 - i) set for each of the 8
 * possible rows (absent rows have length 0): 8 distinct bits of 16, one per
 * step of the boundary.  Chomp is symmetric under transposition, whose code
 * is the complement of the code reversed; the key is the smaller of the
 * two. */
#define BOARD_CHOMP_UNIVERSE 65536u
uint16_t board_chomp_code(const uint8_t *rows, uint8_t count);
uint16_t board_chomp_key(const uint8_t *rows, uint8_t count);

/* ---- square symmetries ----
 * `classes` (BOARD_SQUARE_CLASSES bytes in flash, from the generator) lists
 * in increasing order the bytes of four digits that are the smallest of
 * their class under the eight symmetries of the square. */
#define BOARD_SQUARE_CLASSES 55u
/* The smallest image of four corner digits under the square's symmetries. */
uint8_t board_square_smallest(uint8_t corners);
/* The number of classes whose smallest byte is below `smallest`. */
uint8_t board_square_rank(const uint8_t *classes, uint8_t smallest);

/* ---- Taktix, any pieces of a row or column ----
 * The game is unchanged by any permutation of the rows, of the columns,
 * and by transposition.  The key is built from two invariants of that
 * group: A, the sum over all eight lines of the square of the number of
 * pieces in the line, and B, the sum over all lines of the square of S,
 * where a row's S is the sum of the squares of the column counts at its
 * pieces (a column's S the same with row counts).  Key = A + B.  It does
 * not tell every class apart, but the generator proves that no winning
 * position shares its key with a losing one, in either rule. */
#define BOARD_TAKTIX_ANY_UNIVERSE (8ul * 64ul * 64ul + 8ul * 16ul + 1ul)
uint16_t board_taktix_any_key(uint16_t cells);

/* ---- Taktix, adjacent pieces ----
 * Corners and the inner 2x2 make one byte (digit k: corner k, then the
 * inner cell next to it), the eight edge cells another (digit k: the two
 * cells of side k, from corner k).  Key = class of the first byte * 256 +
 * the second byte, under the symmetry that makes (first, second) smallest. */
#define BOARD_TAKTIX_ADJACENT_UNIVERSE (BOARD_SQUARE_CLASSES * 256u)
uint16_t board_taktix_adjacent_key(uint16_t cells, const uint8_t *classes);

/* ---- Kubo ----
 * Corners make one byte, edges (the middle of each side) another; the
 * centre is fixed by every symmetry.  A ring's slot numbers the classes of
 * the eight outer stacks densely: the corner classes one after another in
 * the order of `classes`, each taking as many slots as its edges have
 * classes modulo the symmetries that fix the corners.  In a Kubo position
 * at most one height of the centre loses, since a higher centre can be
 * taken down to it; the table keeps that height per slot. */
#define BOARD_KUBO_SLOTS 9100u
uint16_t board_kubo_slot(const uint8_t *stacks, const uint8_t *classes);
/* The slot's entry in the table `heights`: 0 when no height of the centre
 * loses, else 1 + the height.  About two slots in five have none, so the
 * table keeps one flag a slot (does a height lose?) and the heights of the
 * flagged slots only, two bits each, in slot order.  The
 * height of a flagged slot is found by its rank: the flags set before it,
 * counted from a sample of that count kept for every block of
 * BOARD_KUBO_BLOCK slots.  Little-endian, bits least significant first:
 *   samples  u16 each, BOARD_KUBO_BLOCKS of them
 *   flags    one bit a slot, BOARD_KUBO_FLAG_BYTES bytes
 *   heights  two bits a flagged slot */
#define BOARD_KUBO_BLOCK_SHIFT 9u
#define BOARD_KUBO_BLOCK (1u << BOARD_KUBO_BLOCK_SHIFT)
#define BOARD_KUBO_BLOCKS ((BOARD_KUBO_SLOTS + BOARD_KUBO_BLOCK - 1u) / BOARD_KUBO_BLOCK)
#define BOARD_KUBO_FLAG_BYTES ((BOARD_KUBO_SLOTS + 7u) / 8u)
uint8_t board_kubo_entry(const uint8_t *heights, uint16_t slot);

/* ---- Nineteen ----
 * The hexagon's cells as rings: the centre, six inner cells and twelve
 * outer ones, numbered around the centre so that turning the board by 60
 * degrees shifts the inner ring by one and the outer ring by two.
 * Canonical form: the symmetry that makes the outer ring smallest, then
 * the inner ring.  Key = (class of the outer ring * 64 + inner ring) * 2 +
 * centre, the class being the rank of the smallest outer ring among all
 * smallest outer rings: `outer_classes` (in flash, from the generator)
 * holds them as a set (engine/losing_set.h). */
struct board_hexagon {
	uint16_t outer;
	uint8_t inner;
	uint8_t centre;
};
void board_nineteen_canonical(uint32_t cells, struct board_hexagon *ring);
uint16_t board_nineteen_key(uint32_t cells, const uint8_t *outer_classes);

#endif
