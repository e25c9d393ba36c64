/*
 * The textbook baseline the benchmark times next to the engine: the
 * machine's move found the way the textbooks find
 * it, by computing Sprague-Grundy values recursively with mex at move
 * time.  Written from the rules of docs/rules.md, not from the
 * engine: it reads the engine's position record (the input) and writes its
 * move in the engine's move syntax (the output), nothing else.
 *
 * It runs on the AVR next to the engine, in whatever RAM is left: the
 * caller lends it a work area (memo tables, then stack).  When a position
 * needs more memory than that, it gives up and says so.
 */
#ifndef BASELINE_H
#define BASELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

enum baseline_status {
	BASELINE_DONE = 0,
	BASELINE_NO_RAM, /* the memo or the recursion does not fit in the RAM left */
};

/* What the baseline found; the move in a compact form of its own, printed
 * by baseline_print_move. */
struct baseline_answer {
	uint8_t status;  /* enum baseline_status */
	uint8_t outcome; /* enum engine_outcome */
	bool has_move;   /* false when the game is over */
	uint8_t part;    /* heap, coin, number, row, strip, matrix row, Chomp row, Kubo stack */
	uint16_t a;      /* stones taken or added, digit, divisor, exponent, cell, pin, square from, Chomp column */
	uint16_t
		b; /* Poker: 1 for an addition; Nimble: square to; Kayles: pins; Wythoff: from the second heap; Kubo: second stack */
	uint32_t cells;                  /* Taktix and Nineteen: the cells taken; Prime power: the prime */
	uint8_t take[ENGINE_MATRIX_MAX]; /* Matrix Nim: taken from each cell of the row */
};

/*
 * Finds the outcome of `pos` and a move: a winning one when there is one,
 * else the first legal move.  `work` and `size` are the RAM it may use; the
 * stack grows down towards the work area and the search gives up before
 * it reaches the part in use.
 */
void baseline_best_move(const struct position *pos, uint8_t *work, uint16_t size, struct baseline_answer *answer);

/* The move in the engine's text syntax for the game (`2-3`, `a1,a2`, ...). */
void baseline_print_move(const struct position *pos, const struct baseline_answer *answer, struct text_sink *out);

#endif
