/*
 * An independent brute-force solver for every game of the rulebook
 * (docs/rules.md), used on the host to prove the engine right.
 *
 * It is written from the rules alone, apart from the engine and the table
 * generator: its own position and move records, its own move generators, and
 * plain memoised game-tree search.  The value of a position is the mex of the
 * values of the positions its legal moves lead to; the player to move wins
 * when some move leads to a position where the player to move loses.  No
 * nim-sums, no periodicity, no closed forms.
 *
 * The one exception is named where it is used: a single Kayles row or pebble
 * strip of thousands of cells cannot be searched as a whole game, so
 * brute_strip_values() gives each row the mex of the values of the two rows a
 * move leaves, combined by the Sprague-Grundy theorem (the value of two games
 * side by side is the XOR of their values).  Every position of at most
 * BRUTE_STRIP_TREE_CELLS cells is solved by the plain search instead, and the
 * solver's own tests check the two agree there and that the row model agrees
 * with a literal board of cells.
 *
 * Memory is taken from the heap as needed and kept until brute_reset().
 * Costs to keep in mind: Taktix, Kubo and Nineteen solve the whole board on
 * first use (a fraction of a second); Wythoff builds a square table of both
 * heaps, cubic in the larger heap (300 takes about a second under ASan);
 * other games search only the positions reachable from the one asked, so
 * keep heaps small (say Nim heaps summing to 40 or less, Kayles up to 40
 * cells; longer single rows go through brute_strip_values()).
 *
 * tests/brute/proof.h checks one engine position against this solver.
 *
 * Usage, e.g. in an end-to-end test that needs to know who should win:
 *
 *	struct brute_pos bp;
 *	brute_from_position(&bp, &engine_pos);
 *	if (brute_wins(&bp)) { ... the player to move can force a win ... }
 */
#ifndef BRUTE_H
#define BRUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"

#define BRUTE_MAX_PARTS 64        /* heaps, rows, numbers; Matrix Nim: all cells */
#define BRUTE_MAX_HEAPS 8         /* Poker Nim heaps */
#define BRUTE_MATRIX_MAX 8        /* Matrix Nim: cells in a row */
#define BRUTE_NONE 0xFFu          /* Kubo: no second stack */
#define BRUTE_STRIP_TREE_CELLS 40 /* Kayles/pebbles: plain search up to this many cells */

/*
 * A position in the solver's own terms.  `game` is the rulebook's number
 * from 0 (enum engine_game).  What the parts hold:
 *   Nim, Misère Nim, Marienbad, Limit Nim, Subtraction, Poker Nim: heap sizes
 *   Nimble: the square of each coin
 *   Subtract a digit, Prime power: part[0] = n (count 1)
 *   Divide: the integers (a 0 is no integer: it has no moves)
 *   Matrix Nim: `count` rows of `cols` cells, row-major
 *   Kayles: pins in each row; Pebbles: cells of each strip (all empty)
 *   Wythoff: the two heaps
 *   Chomp: pieces in each row, bottom (poison) row first, non-increasing
 *   Taktix: part[0] = pieces, bit 4*row+col, rows from the top
 *   Kubo: the 9 stacks, row-major, 0..3 pieces each
 *   Nineteen: part[0] = pieces, bit i = cell i, rows of 3,4,5,4,3 from the
 *             top, left to right
 */
struct brute_pos {
	uint8_t game;    /* enum engine_game */
	bool misere;     /* the last move loses */
	uint8_t variant; /* Taktix: 0 any pieces of a line, 1 only adjacent pieces */
	uint8_t limit;   /* Limit Nim: the most one move may take (k) */
	uint8_t set;     /* Subtraction: bit i set when i+1 stones may be taken */
	uint8_t cols;    /* Matrix Nim: cells in each row */
	uint8_t count;   /* parts in use (Matrix Nim: rows) */
	uint32_t part[BRUTE_MAX_PARTS];
	uint16_t start[BRUTE_MAX_HEAPS]; /* Poker Nim: no heap may grow above its start */
	uint8_t adds[2];                 /* Poker Nim: additions left to the player to move, to the other */
};

/*
 * A move in the solver's own terms.  Fields a game does not use are 0.
 *   part:   heap, coin, number, row, Matrix row, Chomp row (0 = poison row),
 *           Kubo stack
 *   amount: stones taken or (Poker Nim, `add`) added; Nimble: squares moved
 *           left; Subtract a digit: the digit; Divide: 2, 3 or 6; Prime
 *           power: the exponent k; Kayles: pins knocked (1 or 2); Pebbles: 1;
 *           Kubo: pieces from one stack (1..3), 1 for a pair; Wythoff: taken
 *           from heap 0
 *   second: Wythoff: taken from heap 1; Kayles, Pebbles: first cell from the
 *           row's left end (0-based); Chomp: column; Prime power: the prime;
 *           Kubo: the second stack or BRUTE_NONE
 *   cells:  Taktix, Nineteen: the pieces removed
 *   take:   Matrix Nim: stones from each cell of the row
 */
struct brute_move {
	uint8_t part;
	bool add;
	uint32_t amount;
	uint32_t second;
	uint32_t cells;
	uint8_t take[BRUTE_MATRIX_MAX];
};

struct brute_move_list {
	struct brute_move *move;
	size_t count;
	size_t capacity;
};

/* ---- the rules ---- */

/* Every legal move of `pos`, each once (a Kubo pair with the lower stack in
 * `part`; Nimble coins on one square are alike, so a move from that square
 * names the first of them).  Replaces what `list` held; free it with brute_move_list_free(). */
void brute_moves(const struct brute_pos *pos, struct brute_move_list *list);
void brute_move_list_free(struct brute_move_list *list);
/* Whether `mv` is legal in `pos`, decided straight from the rules (any
 * field values, even nonsense, are allowed).  A Kubo pair may name its two
 * stacks in either order. */
bool brute_is_legal(const struct brute_pos *pos, const struct brute_move *mv);
/* For tests of move checking: every move in a box around the legal ones,
 * legal or not (indices one past the end, amounts 0 and one too many, cells
 * off the board, shapes of every kind).  Replaces what `list` held. */
void brute_candidate_moves(const struct brute_pos *pos, struct brute_move_list *list);
/* Plays a legal move. */
void brute_apply(struct brute_pos *pos, const struct brute_move *mv);
/* The same position as far as the rules can tell: heaps in place (Nim
 * family, Poker Nim, Nimble, Wythoff, Matrix Nim), rows or numbers as a
 * multiset where their order means nothing (Kayles, Pebbles, Divide). */
bool brute_same(const struct brute_pos *a, const struct brute_pos *b);
/* The same move (a Kubo pair in either order; Nimble: a coin from the same
 * square). */
bool brute_same_move(const struct brute_pos *pos, const struct brute_move *a, const struct brute_move *b);
/* One line in plain text for messages, e.g. "Nim normal [1 3 5 7]". */
void brute_format(const struct brute_pos *pos, char *text, size_t size);
void brute_format_move(const struct brute_pos *pos, const struct brute_move *mv, char *text, size_t size);

/* ---- the search ---- */

/* True when the player to move can force a win, under pos->misere. */
bool brute_wins(const struct brute_pos *pos);
/* The normal-play Sprague-Grundy value (pos->misere is ignored). */
uint32_t brute_grundy(const struct brute_pos *pos);
/* Values of single rows of 0..n cells (Kayles or Pebbles), see above. */
void brute_strip_values(uint8_t game, uint16_t *value, uint32_t n);
/* Frees every memo table. */
void brute_reset(void);

/* ---- the engine's records (engine/engine.h), read by their documented meaning ---- */

/* False when the record is malformed (a count too large, factors that do
 * not multiply to n, Chomp rows that grow). */
bool brute_from_position(struct brute_pos *out, const struct position *pos);
void brute_to_position(struct position *out, const struct brute_pos *pos);
/* The move an engine record names in `pos`; a factor index out of range
 * gives prime 0, which no rule allows. */
void brute_move_from_engine(struct brute_move *out, const struct position *pos, const struct move *mv);
void brute_move_to_engine(struct move *out, const struct position *pos, const struct brute_move *mv);
/* Shorthand: whether the player to move in an engine position wins.  A
 * malformed record stops the program with a message. */
bool brute_position_wins(const struct position *pos);

#endif
