/*
 * What the textbook baseline's parts share (see baseline.h for what it
 * is, baseline.c for the method): the work area, mex and the answer being
 * built (baseline_work.c), and each family's solver, which baseline.c
 * calls by the position's game (the choice and the move as text are
 * baseline.c's, linked last): heaps with large values
 * (baseline_heaps.c), sums with small values (baseline_parts.c), sums
 * whose part is several numbers (baseline_tuples.c), whole positions of
 * heaps (baseline_whole.c) and the board games (baseline_boards.c).
 *
 * mk/bench.mk links these files in the order named here, which is the
 * order of the functions within the baseline: the link-time optimiser
 * splits the bench program into partitions in link order, and the
 * partitions shape the code of the engine as well as the baseline's (its
 * calls, its registers), so another order changes the cycles measured.
 */
#ifndef TOOLS_BENCH_BASELINE_SOLVERS_H
#define TOOLS_BENCH_BASELINE_SOLVERS_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "tools/bench/baseline.h"

/* A memo16 entry not yet computed. */
#define BASELINE_UNKNOWN16 0xFFFFu
/* Kubo's move from one stack, in the answer's `b`: no second stack. */
#define BASELINE_NO_STACK 0xFFu

/* ---- the work area, mex and the answer (baseline_work.c) ---- */

/* Where baseline_give_up returns to: baseline_best_move's setjmp. */
extern jmp_buf baseline_failure;
/* The answer being built. */
extern struct baseline_answer *baseline_found;
/* The work area the caller lends, and its size in bytes. */
extern uint8_t *baseline_work;
extern uint16_t baseline_work_size;

/* Ends the search: the position needs more RAM than it has. */
void baseline_give_up(void);
/* Gives up when the stack has grown down into the part of the work area
 * in use; every recursive call checks it first. */
void baseline_check_stack(void);
/* Frees the whole work area. */
void baseline_release_work(void);
/* The next `bytes` of the work area; gives up when they do not fit. */
void *baseline_claim_work(uint32_t bytes);

/* A set of values 0..bits-1 as bits; larger values cannot be the mex of
 * fewer than `bits` options and are left out. */
void baseline_seen_mark(uint8_t *seen, uint16_t bits, uint16_t value);
/* The least value not in the set; gives up when all `bits` are in it. */
uint16_t baseline_seen_mex(const uint8_t *seen, uint16_t bits);
/* Small values (at most 31) as bits of one word; gives up on a larger. */
uint32_t baseline_mask_of(uint8_t value);
uint8_t baseline_mask_mex(uint32_t seen);

/* Sets the answer's move. */
void baseline_answer_move(uint8_t part, uint16_t a, uint16_t b);
/* Called for each move in order with the value it leaves: keeps the first
 * move, and the first that leaves 0.  True once a winning move is found. */
bool baseline_consider(uint16_t value_after, uint8_t part, uint16_t a, uint16_t b, uint32_t cells);

/* ---- the families' solvers: the outcome and a move into baseline_found ---- */

/* Heaps with large values (baseline_heaps.c): the memo of 16-bit values
 * and the set of the options' values while one value is found, which
 * baseline_tuples.c uses too; the largest of `count` heaps. */
extern uint16_t *baseline_memo16;
extern uint8_t *baseline_scratch;
uint16_t baseline_largest16(const uint16_t *list, uint8_t count);
void baseline_heaps_solve(const struct position *pos, bool nimble);

/* Sums with small values (baseline_parts.c). */
void baseline_subtraction_solve(const struct position *pos);
void baseline_strips_solve(const struct position *pos);
void baseline_digit_solve(const struct position *pos);
void baseline_divide_solve(const struct position *pos);
void baseline_prime_power_solve(const struct position *pos);

/* Sums whose part is several numbers (baseline_tuples.c). */
void baseline_matrix_solve(const struct position *pos);
void baseline_wythoff_solve(const struct position *pos);

/* Whole positions of heaps (baseline_whole.c). */
void baseline_misere_solve(const struct position *pos);
void baseline_poker_solve(const struct position *pos);

/* The board games (baseline_boards.c). */
void baseline_chomp_solve(const struct position *pos);
void baseline_taktix_solve(const struct position *pos);
void baseline_nineteen_solve(const struct position *pos);
void baseline_kubo_solve(const struct position *pos);

/* The cells in row `row` of Nineteen's hexagon, from the top: 3, 4, 5, 4, 3. */
uint8_t baseline_hexagon_row_length(uint8_t row);

#endif
