/*
 * The textbook baseline (see baseline.h): Grundy values by recursion with
 * mex, computed when the machine must move, the way the textbook tutorials
 * compute them.
 *
 * Sums of independent parts (heaps, rows, strips, numbers, a prime's
 * exponent, a matrix row): the tutorial's calculateGrundy(n), a recursion
 * over the part's moves with a memo array indexed by the part's state
 * (Grundy[n]), cleared at every move; the position's value is the XOR of
 * its parts' values, and a winning move is a move of one part to the value
 * that makes the XOR 0.  On a 2 KB chip a recursion n calls deep does not
 * fit, so where every smaller state is an option (heaps, strips, numbers
 * counting down) the memo is filled by calling calculateGrundy(0), (1),
 * ..., (n) in turn: each call then finds its options in the memo and the
 * stack stays one call deep.  The memo and the work are the tutorial's.
 *
 * Games that are not sums (misere play, Poker Nim with its additions, the
 * board games): the recursive mex over the moves of the whole position,
 * with no memo, as the tutorials do it for a single game.  Under misere
 * play a position without moves is worth 1 (the player to move has won),
 * so the value is Conway's misere Grundy value; its being 0 still means
 * the player to move loses.  Wythoff, two heaps that move together, is one
 * part whose state is the pair, memoised like a heap.
 *
 * The work area holds the memo; the stack may grow down to just above the
 * part in use.  Every recursive call checks that it has not gone below,
 * and the search gives up (BASELINE_NO_RAM) when it would.
 */
#include "tools/bench/baseline.h"

#include <setjmp.h>
#include <stddef.h>
#include <string.h>

#include "engine/text.h"

#define UNKNOWN8 0xFFu
#define UNKNOWN16 0xFFFFu
/* Room below the last checked frame for the calls it still makes. */
#define STACK_MARGIN 64u
/* Values a whole-position search can tell apart (more options than this
 * and it needs a larger set than a frame can hold). */
#define WHOLE_SEEN_BYTES 16u
#define TAKTIX_SEEN_BYTES 14u   /* up to 104 moves */
#define NINETEEN_SEEN_BYTES 11u /* 85 groups */
#define KUBO_SEEN_BYTES 5u      /* 27 takes and 12 pairs */
#define CHOMP_SEEN_BYTES 8u     /* up to 63 pieces */
#define NINETEEN_CELLS 19u
#define NO_STACK 0xFFu

static jmp_buf failure;
static struct baseline_answer *found;
static uint8_t *work;
static uint16_t work_size;
static uint16_t work_used;
static uintptr_t stack_floor;

/* ---- memory ---- */

static void give_up(void)
{
	longjmp(failure, 1);
}

static void check_stack(void)
{
	uint8_t here;
	if ((uintptr_t)&here < stack_floor) {
		give_up();
	}
}

static void release_work(void)
{
	work_used = 0;
	stack_floor = (uintptr_t)work + STACK_MARGIN;
}

/* The next `bytes` of the work area; gives up when they do not fit. */
static void *claim_work(uint32_t bytes)
{
	if (bytes > (uint32_t)(work_size - work_used)) {
		give_up();
	}
	uint8_t *p = work + work_used;
	work_used = (uint16_t)(work_used + bytes);
	stack_floor = (uintptr_t)(work + work_used) + STACK_MARGIN;
	check_stack();
	return p;
}

/* ---- mex ---- */

/* A set of values 0..bits-1 as bits; larger values cannot be the mex of
 * fewer than `bits` options and are left out. */
static void seen_mark(uint8_t *seen, uint16_t bits, uint16_t value)
{
	if (value < bits) {
		seen[value >> 3] |= (uint8_t)(1u << (value & 7u));
	}
}

static uint16_t seen_mex(const uint8_t *seen, uint16_t bits)
{
	uint16_t v = 0;
	while (v < bits && (seen[v >> 3] & (1u << (v & 7u)))) {
		v++;
	}
	if (v == bits) {
		give_up(); /* more values than the set holds */
	}
	return v;
}

/* Small values (at most 31) as bits of one word. */
static uint32_t mask_of(uint8_t value)
{
	if (value >= 32u) {
		give_up();
	}
	return (uint32_t)1 << value;
}

static uint8_t mask_mex(uint32_t seen)
{
	uint8_t v = 0;
	while (seen & 1u) {
		seen >>= 1;
		v++;
	}
	return v;
}

/* ---- answers ---- */

static void answer_move(uint8_t part, uint16_t a, uint16_t b)
{
	found->has_move = true;
	found->part = part;
	found->a = a;
	found->b = b;
}

/* Called for each move in order with the value it leaves: keeps the first
 * move, and the first that leaves 0.  True once a winning move is found. */
static bool consider(uint16_t value_after, uint8_t part, uint16_t a, uint16_t b, uint32_t cells)
{
	if (!found->has_move || value_after == 0) {
		answer_move(part, a, b);
		found->cells = cells;
	}
	if (value_after == 0) {
		found->outcome = OUTCOME_N;
		return true;
	}
	return false;
}

/* ---- heaps with large values: Nim, Nimble, Limit Nim ---- */

static uint16_t *memo16;
static uint8_t *scratch;   /* the options' values while one value is found */
static uint16_t take_most; /* Limit Nim's k; 0 for any number */

static uint16_t largest16(const uint16_t *list, uint8_t count)
{
	uint16_t most = 0;
	for (uint8_t i = 0; i < count; i++) {
		if (list[i] > most) {
			most = list[i];
		}
	}
	return most;
}

static uint16_t fewest_taken(uint16_t n)
{
	return take_most != 0 && n > take_most ? (uint16_t)(n - take_most) : 0;
}

/* calculateGrundy(n): a heap of n (a Nimble coin on square n moves to any
 * square to its left, the same game). */
static uint16_t heap_grundy(uint16_t n)
{
	if (memo16[n] != UNKNOWN16) {
		return memo16[n];
	}
	check_stack();
	uint16_t lowest = fewest_taken(n);
	uint16_t bits = (uint16_t)(n - lowest + 1u);
	memset(scratch, 0, bits / 8u + 1u);
	for (uint16_t m = lowest; m < n; m++) {
		seen_mark(scratch, bits, heap_grundy(m));
	}
	memo16[n] = seen_mex(scratch, bits);
	return memo16[n];
}

static void heaps_prepare(uint16_t most)
{
	uint32_t entries = (uint32_t)most + 1u;
	memo16 = claim_work(entries * 2u);
	uint32_t options = take_most != 0 && take_most < most ? take_most : most;
	scratch = claim_work(options / 8u + 2u);
	memset(memo16, 0xFF, (size_t)entries * 2u);
	for (uint16_t n = 0;; n++) {
		(void)heap_grundy(n);
		if (n == most) {
			break;
		}
	}
}

static void heaps_solve(const struct position *pos, bool nimble)
{
	const uint16_t *heap = pos->u.heap;
	take_most = pos->game == GAME_LIMIT_NIM ? pos->limit : 0;
	heaps_prepare(largest16(heap, pos->count));
	uint16_t x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		x ^= heap_grundy(heap[i]);
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		uint16_t target = (uint16_t)(heap_grundy(heap[i]) ^ x);
		for (uint16_t m = heap[i]; m-- > fewest_taken(heap[i]);) {
			uint16_t after = heap_grundy(m) == target ? 0 : 1;
			if (nimble ? consider(after, i, heap[i], m, 0)
				   : consider(after, i, (uint16_t)(heap[i] - m), 0, 0)) {
				return;
			}
		}
	}
}

/* ---- parts with small values: Subtraction, Kayles, pebbles, Subtract a
 * digit, Divide 2/3/6, a prime's exponent ---- */

static uint8_t *memo8;
static uint16_t memo8_entries;
static uint8_t subtraction_set;

static void memo8_prepare(uint32_t entries)
{
	memo8 = claim_work(entries);
	memo8_entries = (uint16_t)entries;
	memset(memo8, 0xFF, (size_t)entries);
}

static uint8_t subtraction_grundy(uint16_t n)
{
	if (memo8[n] != UNKNOWN8) {
		return memo8[n];
	}
	check_stack();
	uint32_t seen = 0;
	for (uint8_t s = 1; s <= 8u && s <= n; s++) {
		if (subtraction_set & (1u << (s - 1u))) {
			seen |= mask_of(subtraction_grundy((uint16_t)(n - s)));
		}
	}
	memo8[n] = mask_mex(seen);
	return memo8[n];
}

/* Kayles: knocking pin `at` (0-based) of a row of n leaves rows of at and
 * n - at - 1; two pins from `at` leave at and n - at - 2. */
static uint8_t kayles_grundy(uint16_t n)
{
	if (memo8[n] != UNKNOWN8) {
		return memo8[n];
	}
	check_stack();
	uint32_t seen = 0;
	for (uint16_t at = 0; at < n; at++) {
		seen |= mask_of((uint8_t)(kayles_grundy(at) ^ kayles_grundy((uint16_t)(n - at - 1u))));
		if ((uint32_t)at + 2u <= n) {
			seen |= mask_of((uint8_t)(kayles_grundy(at) ^ kayles_grundy((uint16_t)(n - at - 2u))));
		}
	}
	memo8[n] = mask_mex(seen);
	return memo8[n];
}

/* The pebble strip: a pebble on cell `at` of n free cells makes that cell
 * and its neighbours unusable, leaving at - 1 cells on the left (none at
 * the end) and n - at - 2 on the right. */
static uint16_t pebble_left(uint16_t at)
{
	return at > 0 ? (uint16_t)(at - 1u) : 0;
}

static uint16_t pebble_right(uint16_t n, uint16_t at)
{
	return (uint32_t)at + 2u <= n ? (uint16_t)(n - at - 2u) : 0;
}

static uint8_t pebbles_grundy(uint16_t n)
{
	if (memo8[n] != UNKNOWN8) {
		return memo8[n];
	}
	check_stack();
	uint32_t seen = 0;
	for (uint16_t at = 0; at < n; at++) {
		seen |= mask_of((uint8_t)(pebbles_grundy(pebble_left(at)) ^ pebbles_grundy(pebble_right(n, at))));
	}
	memo8[n] = mask_mex(seen);
	return memo8[n];
}

typedef uint8_t part_grundy_fn(uint16_t n);

/* Fills the memo from 0 up to `most`. */
static void parts_prepare(part_grundy_fn *grundy, uint16_t most)
{
	memo8_prepare((uint32_t)most + 1u);
	for (uint16_t n = 0;; n++) {
		(void)grundy(n);
		if (n == most) {
			break;
		}
	}
}

static void subtraction_solve(const struct position *pos)
{
	const uint16_t *heap = pos->u.heap;
	subtraction_set = pos->set;
	parts_prepare(subtraction_grundy, largest16(heap, pos->count));
	uint8_t x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		x ^= subtraction_grundy(heap[i]);
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		uint8_t target = (uint8_t)(subtraction_grundy(heap[i]) ^ x);
		for (uint8_t s = 1; s <= 8u && s <= heap[i]; s++) {
			if ((subtraction_set & (1u << (s - 1u))) &&
			    consider(subtraction_grundy((uint16_t)(heap[i] - s)) == target ? 0 : 1, i, s, 0, 0)) {
				return;
			}
		}
	}
}

static void strips_solve(const struct position *pos)
{
	bool kayles = pos->game == GAME_KAYLES;
	part_grundy_fn *grundy = kayles ? kayles_grundy : pebbles_grundy;
	const uint16_t *row = pos->u.row;
	parts_prepare(grundy, largest16(row, pos->count));
	uint8_t x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		x ^= grundy(row[i]);
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		uint16_t n = row[i];
		uint8_t target = (uint8_t)(grundy(n) ^ x);
		for (uint16_t at = 0; at < n; at++) {
			uint8_t value = kayles ? (uint8_t)(grundy(at) ^ grundy((uint16_t)(n - at - 1u)))
					       : (uint8_t)(grundy(pebble_left(at)) ^ grundy(pebble_right(n, at)));
			if (consider(value == target ? 0 : 1, i, at, 1, 0)) {
				return;
			}
			if (kayles && (uint32_t)at + 2u <= n &&
			    consider((uint8_t)(grundy(at) ^ grundy((uint16_t)(n - at - 2u))) == target ? 0 : 1, i, at,
				     2, 0)) {
				return;
			}
		}
	}
}

static uint8_t digit_grundy(uint16_t n)
{
	if (memo8[n] != UNKNOWN8) {
		return memo8[n];
	}
	check_stack();
	uint32_t seen = 0;
	for (uint16_t rest = n; rest != 0; rest /= 10u) {
		uint8_t d = (uint8_t)(rest % 10u);
		if (d != 0) {
			seen |= mask_of(digit_grundy((uint16_t)(n - d)));
		}
	}
	memo8[n] = mask_mex(seen);
	return memo8[n];
}

static void digit_solve(const struct position *pos)
{
	uint32_t n = pos->u.number[0];
	if (n >= work_size) {
		give_up(); /* a memo of n + 1 values does not fit */
	}
	parts_prepare(digit_grundy, (uint16_t)n);
	for (uint32_t rest = n; rest != 0; rest /= 10u) {
		uint8_t d = (uint8_t)(rest % 10u);
		if (d != 0 && consider(digit_grundy((uint16_t)(n - d)), 0, d, 0, 0)) {
			return;
		}
	}
}

/* Divide 2/3/6: a number that reaches 0 is removed, so 0 has no moves.
 * Numbers below the memo's size are memoised; the recursion is only as
 * deep as the number has bits. */
static uint8_t divide_grundy(uint32_t n)
{
	if (n == 0) {
		return 0;
	}
	if (n < memo8_entries && memo8[n] != UNKNOWN8) {
		return memo8[n];
	}
	check_stack();
	uint32_t seen =
		mask_of(divide_grundy(n / 2u)) | mask_of(divide_grundy(n / 3u)) | mask_of(divide_grundy(n / 6u));
	uint8_t value = mask_mex(seen);
	if (n < memo8_entries) {
		memo8[n] = value;
	}
	return value;
}

/* 2, 3 and 6, computed: a constant array here could be merged by the
 * link-time optimiser with the engine's identical one in flash, which
 * then moves to RAM and reads wrong on the AVR. */
static uint8_t divisor(uint8_t k)
{
	return k == 0 ? 2u : k == 1 ? 3u : 6u;
}

static void divide_solve(const struct position *pos)
{
	const uint32_t *number = pos->u.number;
	uint32_t most = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		if (number[i] > most) {
			most = number[i];
		}
	}
	/* Half the work area for the memo, the rest for 33 calls of stack. */
	uint32_t entries = most + 1u < work_size / 2u ? most + 1u : work_size / 2u;
	memo8_prepare(entries);
	uint8_t x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		x ^= divide_grundy(number[i]);
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		if (number[i] == 0) {
			continue;
		}
		uint8_t target = (uint8_t)(divide_grundy(number[i]) ^ x);
		for (uint8_t k = 0; k < 3u; k++) {
			if (consider(divide_grundy(number[i] / divisor(k)) == target ? 0 : 1, i, divisor(k), 0, 0)) {
				return;
			}
		}
	}
}

/* The prime-power game: dividing by p^k takes k from p's exponent, so a
 * prime's exponent e is a heap whose options are e - 1, ..., 0. */
static uint8_t exponent_grundy(uint16_t e)
{
	if (memo8[e] != UNKNOWN8) {
		return memo8[e];
	}
	check_stack();
	uint32_t seen = 0;
	for (uint16_t k = 1; k <= e; k++) {
		seen |= mask_of(exponent_grundy((uint16_t)(e - k)));
	}
	memo8[e] = mask_mex(seen);
	return memo8[e];
}

static void prime_power_solve(const struct position *pos)
{
	uint32_t prime[ENGINE_MAX_FACTORS];
	uint8_t exponent[ENGINE_MAX_FACTORS];
	uint8_t count = 0;
	uint32_t n = pos->u.factors.n;
	/* Trial division by 2, 3, 4, ...: the textbook factorisation. */
	for (uint32_t d = 2; d < 65536u && d * d <= n; d++) {
		if (n % d == 0) {
			prime[count] = d;
			exponent[count] = 0;
			while (n % d == 0) {
				n /= d;
				exponent[count]++;
			}
			count++;
		}
	}
	if (n > 1) {
		prime[count] = n;
		exponent[count] = 1;
		count++;
	}
	memo8_prepare(33u);
	uint8_t x = 0;
	for (uint8_t i = 0; i < count; i++) {
		x ^= exponent_grundy(exponent[i]);
	}
	for (uint8_t i = 0; i < count; i++) {
		uint8_t target = (uint8_t)(exponent_grundy(exponent[i]) ^ x);
		for (uint8_t k = 1; k <= exponent[i]; k++) {
			if (consider(exponent_grundy((uint16_t)(exponent[i] - k)) == target ? 0 : 1, i, k, 0,
				     prime[i])) {
				return;
			}
		}
	}
}

/* ---- Matrix Nim: each row is a part, its state the cells' stones ---- */

static uint8_t matrix_cols;
static uint16_t radix[ENGINE_MATRIX_MAX]; /* a cell's stones in the row being solved, plus one (up to 256) */

/* Mixed-radix index of a row state, the first cell most significant. */
static uint16_t row_index(const uint8_t *cell)
{
	uint16_t index = 0;
	for (uint8_t j = 0; j < matrix_cols; j++) {
		index = (uint16_t)(index * radix[j] + cell[j]);
	}
	return index;
}

static void row_cells(uint16_t index, uint8_t *cell)
{
	for (uint8_t j = matrix_cols; j-- > 0;) {
		cell[j] = (uint8_t)(index % radix[j]);
		index = (uint16_t)(index / radix[j]);
	}
}

/* The next state below `limit` cell by cell, counting like an odometer;
 * false after the last. */
static bool odometer_next(uint8_t *state, const uint8_t *limit)
{
	for (uint8_t j = matrix_cols; j-- > 0;) {
		if (state[j] < limit[j]) {
			state[j]++;
			return true;
		}
		state[j] = 0;
	}
	return false;
}

/* calculateGrundy(row): the options take at least one stone from any
 * cells of the row; every option has a smaller index. */
static uint16_t row_grundy(uint16_t index)
{
	if (memo16[index] != UNKNOWN16) {
		return memo16[index];
	}
	check_stack();
	uint8_t cell[ENGINE_MATRIX_MAX], option[ENGINE_MATRIX_MAX];
	row_cells(index, cell);
	uint16_t bits = (uint16_t)(index + 1u); /* more than the options */
	memset(scratch, 0, bits / 8u + 1u);
	memset(option, 0, matrix_cols);
	do {
		uint16_t at = row_index(option);
		if (at != index) {
			seen_mark(scratch, bits, row_grundy(at));
		}
	} while (odometer_next(option, cell));
	memo16[index] = seen_mex(scratch, bits);
	return memo16[index];
}

/* Solves the states of one row's box; returns the row's index. */
static uint16_t row_solve(const uint8_t *row)
{
	release_work();
	uint32_t states = 1;
	for (uint8_t j = 0; j < matrix_cols; j++) {
		radix[j] = (uint16_t)(row[j] + 1u);
		states *= radix[j];
		if (states > work_size) {
			give_up();
		}
	}
	memo16 = claim_work(states * 2u);
	scratch = claim_work(states / 8u + 1u);
	memset(memo16, 0xFF, (size_t)states * 2u);
	for (uint16_t index = 0; index < states; index++) {
		(void)row_grundy(index);
	}
	return (uint16_t)(states - 1u);
}

static void matrix_solve(const struct position *pos)
{
	matrix_cols = pos->cols;
	uint16_t x = 0;
	for (uint8_t r = 0; r < pos->count; r++) {
		uint16_t index = row_solve(pos->u.cell[r]);
		x ^= memo16[index];
	}
	for (uint8_t r = 0; r < pos->count; r++) {
		const uint8_t *row = pos->u.cell[r];
		uint16_t index = row_solve(row);
		uint16_t target = (uint16_t)(memo16[index] ^ x);
		uint8_t option[ENGINE_MATRIX_MAX];
		memset(option, 0, matrix_cols);
		do {
			uint16_t at = row_index(option);
			if (at == index) {
				continue;
			}
			bool wins = memo16[at] == target;
			if (!found->has_move || wins) {
				answer_move(r, 0, 0);
				for (uint8_t j = 0; j < matrix_cols; j++) {
					found->take[j] = (uint8_t)(row[j] - option[j]);
				}
			}
			if (wins) {
				found->outcome = OUTCOME_N;
				return;
			}
		} while (odometer_next(option, row));
	}
}

/* ---- Wythoff: one part, the pair of heaps ---- */

static uint16_t wythoff_columns;

static uint16_t wythoff_grundy(uint16_t x, uint16_t y)
{
	uint16_t i = (uint16_t)(x * wythoff_columns + y);
	if (memo16[i] != UNKNOWN16) {
		return memo16[i];
	}
	check_stack();
	uint16_t both = x < y ? x : y;
	uint16_t bits = (uint16_t)(x + y + both + 1u);
	memset(scratch, 0, bits / 8u + 1u);
	for (uint16_t k = 1; k <= x; k++) {
		seen_mark(scratch, bits, wythoff_grundy((uint16_t)(x - k), y));
	}
	for (uint16_t k = 1; k <= y; k++) {
		seen_mark(scratch, bits, wythoff_grundy(x, (uint16_t)(y - k)));
	}
	for (uint16_t k = 1; k <= both; k++) {
		seen_mark(scratch, bits, wythoff_grundy((uint16_t)(x - k), (uint16_t)(y - k)));
	}
	memo16[i] = seen_mex(scratch, bits);
	return memo16[i];
}

static void wythoff_solve(const struct position *pos)
{
	uint16_t a = pos->u.heap[0], b = pos->u.heap[1];
	uint32_t states = ((uint32_t)a + 1u) * ((uint32_t)b + 1u);
	if (states > work_size) {
		give_up();
	}
	wythoff_columns = (uint16_t)(b + 1u);
	memo16 = claim_work(states * 2u);
	scratch = claim_work(((uint32_t)a + b + (a < b ? a : b)) / 8u + 2u);
	memset(memo16, 0xFF, (size_t)states * 2u);
	for (uint16_t x = 0; x <= a; x++) {
		for (uint16_t y = 0; y <= b; y++) {
			(void)wythoff_grundy(x, y);
		}
	}
	for (uint16_t k = 1; k <= a; k++) {
		if (consider(wythoff_grundy((uint16_t)(a - k), b), 0, k, 0, 0)) {
			return;
		}
	}
	for (uint16_t k = 1; k <= b; k++) {
		if (consider(wythoff_grundy(a, (uint16_t)(b - k)), 0, 0, k, 0)) {
			return;
		}
	}
	for (uint16_t k = 1; k <= a && k <= b; k++) {
		if (consider(wythoff_grundy((uint16_t)(a - k), (uint16_t)(b - k)), 0, k, k, 0)) {
			return;
		}
	}
}

/* ---- whole positions: misere Nim, Poker Nim ---- */

static uint16_t heap[ENGINE_MAX_HEAPS];
static uint16_t heap_start[ENGINE_MAX_HEAPS];
static uint8_t heap_count;
static uint8_t adds_left[2]; /* Poker: the player to move's, the other's */

static uint8_t misere_value(void)
{
	check_stack();
	uint8_t seen[WHOLE_SEEN_BYTES];
	memset(seen, 0, sizeof seen);
	bool moved = false;
	for (uint8_t i = 0; i < heap_count; i++) {
		for (uint16_t t = 1; t <= heap[i]; t++) {
			heap[i] = (uint16_t)(heap[i] - t);
			seen_mark(seen, WHOLE_SEEN_BYTES * 8u, misere_value());
			heap[i] = (uint16_t)(heap[i] + t);
			moved = true;
		}
	}
	return moved ? (uint8_t)seen_mex(seen, WHOLE_SEEN_BYTES * 8u) : 1u;
}

static void misere_solve(const struct position *pos)
{
	heap_count = pos->count;
	memcpy(heap, pos->u.heap, sizeof heap);
	found->outcome = OUTCOME_N; /* with no move left, the player to move has won */
	for (uint8_t i = 0; i < heap_count; i++) {
		for (uint16_t t = 1; t <= heap[i]; t++) {
			found->outcome = OUTCOME_P;
			heap[i] = (uint16_t)(heap[i] - t);
			uint8_t value = misere_value();
			heap[i] = (uint16_t)(heap[i] + t);
			if (consider(value, i, t, 0, 0)) {
				return;
			}
		}
	}
}

static void poker_swap_turn(void)
{
	uint8_t mover = adds_left[0];
	adds_left[0] = adds_left[1];
	adds_left[1] = mover;
}

/* Poker Nim: take from a heap, or add to one (never above its start) while
 * the player to move has additions left. */
static uint8_t poker_value(void)
{
	check_stack();
	uint8_t seen[WHOLE_SEEN_BYTES];
	memset(seen, 0, sizeof seen);
	for (uint8_t i = 0; i < heap_count; i++) {
		for (uint16_t t = 1; t <= heap[i]; t++) {
			heap[i] = (uint16_t)(heap[i] - t);
			poker_swap_turn();
			seen_mark(seen, WHOLE_SEEN_BYTES * 8u, poker_value());
			poker_swap_turn();
			heap[i] = (uint16_t)(heap[i] + t);
		}
	}
	if (adds_left[0] > 0) {
		for (uint8_t i = 0; i < heap_count; i++) {
			for (uint16_t t = 1; t <= heap_start[i] - heap[i]; t++) {
				heap[i] = (uint16_t)(heap[i] + t);
				adds_left[0]--;
				poker_swap_turn();
				seen_mark(seen, WHOLE_SEEN_BYTES * 8u, poker_value());
				poker_swap_turn();
				adds_left[0]++;
				heap[i] = (uint16_t)(heap[i] - t);
			}
		}
	}
	return (uint8_t)seen_mex(seen, WHOLE_SEEN_BYTES * 8u);
}

static void poker_solve(const struct position *pos)
{
	heap_count = pos->count;
	memcpy(heap, pos->u.poker.heap, sizeof heap);
	memcpy(heap_start, pos->u.poker.start, sizeof heap_start);
	adds_left[0] = pos->u.poker.adds_left[0];
	adds_left[1] = pos->u.poker.adds_left[1];
	for (uint8_t i = 0; i < heap_count; i++) {
		for (uint16_t t = 1; t <= heap[i]; t++) {
			heap[i] = (uint16_t)(heap[i] - t);
			poker_swap_turn();
			uint8_t value = poker_value();
			poker_swap_turn();
			heap[i] = (uint16_t)(heap[i] + t);
			if (consider(value, i, t, 0, 0)) {
				return;
			}
		}
	}
	if (adds_left[0] == 0) {
		return;
	}
	for (uint8_t i = 0; i < heap_count; i++) {
		for (uint16_t t = 1; t <= heap_start[i] - heap[i]; t++) {
			heap[i] = (uint16_t)(heap[i] + t);
			adds_left[0]--;
			poker_swap_turn();
			uint8_t value = poker_value();
			poker_swap_turn();
			adds_left[0]++;
			heap[i] = (uint16_t)(heap[i] - t);
			if (consider(value, i, t, 1, 0)) {
				return;
			}
		}
	}
}

/* ---- whole positions: Chomp ---- */

static uint8_t chomp_row[ENGINE_CHOMP_MAX]; /* pieces in each row, bottom (poison) row first */
static uint8_t chomp_rows;

/* Picking (row, col) removes it and every piece above and to the right. */
static void chomp_bite(uint8_t row, uint8_t col)
{
	for (uint8_t r = row; r < chomp_rows; r++) {
		if (chomp_row[r] > col) {
			chomp_row[r] = col;
		}
	}
}

/* Every piece but the poison (row 0, column 0) may be picked; with only the
 * poison left the player to move has no move and loses. */
static uint8_t chomp_value(void)
{
	check_stack();
	uint8_t seen[CHOMP_SEEN_BYTES];
	uint8_t saved[ENGINE_CHOMP_MAX];
	memset(seen, 0, sizeof seen);
	memcpy(saved, chomp_row, chomp_rows);
	for (uint8_t r = 0; r < chomp_rows; r++) {
		for (uint8_t c = r == 0 ? 1u : 0u; c < saved[r]; c++) {
			chomp_bite(r, c);
			seen_mark(seen, CHOMP_SEEN_BYTES * 8u, chomp_value());
			memcpy(chomp_row, saved, chomp_rows);
		}
	}
	return (uint8_t)seen_mex(seen, CHOMP_SEEN_BYTES * 8u);
}

static void chomp_solve(const struct position *pos)
{
	chomp_rows = pos->count;
	memcpy(chomp_row, pos->u.chomp, chomp_rows);
	uint8_t saved[ENGINE_CHOMP_MAX];
	memcpy(saved, chomp_row, chomp_rows);
	for (uint8_t r = 0; r < chomp_rows; r++) {
		for (uint8_t c = r == 0 ? 1u : 0u; c < saved[r]; c++) {
			chomp_bite(r, c);
			uint8_t value = chomp_value();
			memcpy(chomp_row, saved, chomp_rows);
			if (consider(value, r, c, 0, 0)) {
				return;
			}
		}
	}
}

/* ---- whole positions: Taktix and Nineteen, boards of cells ---- */

static uint16_t *taktix_moves; /* cell masks of every move on the full board */
static uint8_t taktix_move_count;
static uint8_t empty_board_value; /* misere: the player to move has won */

static uint8_t taktix_value(uint16_t board)
{
	if (board == 0) {
		return empty_board_value;
	}
	check_stack();
	uint8_t seen[TAKTIX_SEEN_BYTES];
	memset(seen, 0, sizeof seen);
	for (uint8_t k = 0; k < taktix_move_count; k++) {
		uint16_t cells = taktix_moves[k];
		if ((board & cells) == cells) {
			seen_mark(seen, TAKTIX_SEEN_BYTES * 8u, taktix_value((uint16_t)(board & ~cells)));
		}
	}
	return (uint8_t)seen_mex(seen, TAKTIX_SEEN_BYTES * 8u);
}

/* The cells of line `line` (rows 0-3 from the top, then columns 0-3) that
 * `pattern` picks, bit k being the k-th cell along the line. */
static uint16_t taktix_line_cells(uint8_t line, uint8_t pattern)
{
	uint16_t cells = 0;
	for (uint8_t k = 0; k < 4u; k++) {
		if (pattern & (1u << k)) {
			uint8_t cell = line < 4u ? (uint8_t)(line * 4u + k) : (uint8_t)(k * 4u + (line - 4u));
			cells |= (uint16_t)(1u << cell);
		}
	}
	return cells;
}

/* Pieces next to each other: the pattern's bits are one run. */
static bool is_run(uint8_t pattern)
{
	while (!(pattern & 1u)) {
		pattern >>= 1;
	}
	return (pattern & (pattern + 1u)) == 0;
}

/* Any pieces of one row or column (adjacent variant: a run of them); a
 * single piece is one move, listed with its row. */
static void taktix_list_moves(bool adjacent)
{
	taktix_moves = claim_work(2u * 8u * 15u);
	taktix_move_count = 0;
	for (uint8_t line = 0; line < 8u; line++) {
		for (uint8_t pattern = 1; pattern < 16u; pattern++) {
			bool single = (pattern & (pattern - 1u)) == 0;
			if ((adjacent && !is_run(pattern)) || (line >= 4u && single)) {
				continue;
			}
			taktix_moves[taktix_move_count++] = taktix_line_cells(line, pattern);
		}
	}
}

static void taktix_solve(const struct position *pos)
{
	taktix_list_moves(pos->variant == TAKTIX_ADJACENT);
	empty_board_value = pos->rule == RULE_MISERE ? 1u : 0u;
	uint16_t board = pos->u.taktix;
	found->outcome = board == 0 && pos->rule == RULE_MISERE ? OUTCOME_N : OUTCOME_P;
	for (uint8_t k = 0; k < taktix_move_count; k++) {
		uint16_t cells = taktix_moves[k];
		if ((board & cells) == cells && consider(taktix_value((uint16_t)(board & ~cells)), 0, 0, 0, cells)) {
			return;
		}
	}
}

static uint32_t *nineteen_groups; /* cell masks of every move on the full board */
static uint8_t nineteen_group_count;

static uint8_t nineteen_value(uint32_t board)
{
	check_stack();
	uint8_t seen[NINETEEN_SEEN_BYTES];
	memset(seen, 0, sizeof seen);
	for (uint8_t k = 0; k < nineteen_group_count; k++) {
		uint32_t cells = nineteen_groups[k];
		if ((board & cells) == cells) {
			seen_mark(seen, NINETEEN_SEEN_BYTES * 8u, nineteen_value(board & ~cells));
		}
	}
	return (uint8_t)seen_mex(seen, NINETEEN_SEEN_BYTES * 8u);
}

/* Rows of 3, 4, 5, 4 and 3 cells (computed, for the reason given at
 * divisor()). */
static uint8_t hexagon_row_length(uint8_t row)
{
	return (uint8_t)(row <= 2u ? 3u + row : 7u - row);
}

/* Axial coordinates (q, r) of a cell of the hexagon of radius 2, cells
 * numbered row by row from the top: row r holds q from max(-2, -2 - r) to
 * min(2, 2 - r). */
static void hexagon_coordinates(uint8_t cell, int8_t *q, int8_t *r)
{
	uint8_t row = 0;
	while (cell >= hexagon_row_length(row)) {
		cell = (uint8_t)(cell - hexagon_row_length(row));
		row++;
	}
	*r = (int8_t)(row - 2);
	*q = (int8_t)((*r < 0 ? -2 - *r : -2) + cell);
}

static int8_t absolute(int8_t v)
{
	return v < 0 ? (int8_t)-v : v;
}

/* Neighbours on the hexagonal grid: at distance 1. */
static bool hexagon_adjacent(uint8_t a, uint8_t b)
{
	int8_t qa, ra, qb, rb;
	hexagon_coordinates(a, &qa, &ra);
	hexagon_coordinates(b, &qb, &rb);
	int8_t dq = (int8_t)(qb - qa), dr = (int8_t)(rb - ra);
	return absolute(dq) + absolute(dr) + absolute((int8_t)(dq + dr)) == 2;
}

/* One piece, two adjacent pieces, or three mutually adjacent ones. */
static void nineteen_list_groups(void)
{
	nineteen_groups = claim_work(4u * 90u);
	nineteen_group_count = 0;
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		nineteen_groups[nineteen_group_count++] = (uint32_t)1 << a;
	}
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		for (uint8_t b = (uint8_t)(a + 1u); b < NINETEEN_CELLS; b++) {
			if (hexagon_adjacent(a, b)) {
				nineteen_groups[nineteen_group_count++] = (uint32_t)1 << a | (uint32_t)1 << b;
			}
		}
	}
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		for (uint8_t b = (uint8_t)(a + 1u); b < NINETEEN_CELLS; b++) {
			for (uint8_t c = (uint8_t)(b + 1u); c < NINETEEN_CELLS; c++) {
				if (hexagon_adjacent(a, b) && hexagon_adjacent(a, c) && hexagon_adjacent(b, c)) {
					nineteen_groups[nineteen_group_count++] =
						(uint32_t)1 << a | (uint32_t)1 << b | (uint32_t)1 << c;
				}
			}
		}
	}
}

static void nineteen_solve(const struct position *pos)
{
	nineteen_list_groups();
	uint32_t board = pos->u.nineteen;
	for (uint8_t k = 0; k < nineteen_group_count; k++) {
		uint32_t cells = nineteen_groups[k];
		if ((board & cells) == cells && consider(nineteen_value(board & ~cells), 0, 0, 0, cells)) {
			return;
		}
	}
}

/* ---- whole positions: Kubo ---- */

static uint8_t stack[ENGINE_KUBO_STACKS]; /* row by row from the top */

/* The stack right of `i`, then the one below, if any. */
static uint8_t kubo_neighbour(uint8_t i, uint8_t which)
{
	if (which == 0) {
		return i % 3u != 2u ? (uint8_t)(i + 1u) : NO_STACK;
	}
	return i + 3u < ENGINE_KUBO_STACKS ? (uint8_t)(i + 3u) : NO_STACK;
}

static uint8_t kubo_value(void)
{
	check_stack();
	uint8_t seen[KUBO_SEEN_BYTES];
	memset(seen, 0, sizeof seen);
	for (uint8_t i = 0; i < ENGINE_KUBO_STACKS; i++) {
		for (uint8_t t = 1; t <= 3u && t <= stack[i]; t++) {
			stack[i] = (uint8_t)(stack[i] - t);
			seen_mark(seen, KUBO_SEEN_BYTES * 8u, kubo_value());
			stack[i] = (uint8_t)(stack[i] + t);
		}
	}
	for (uint8_t i = 0; i < ENGINE_KUBO_STACKS; i++) {
		for (uint8_t which = 0; which < 2u; which++) {
			uint8_t j = kubo_neighbour(i, which);
			if (j != NO_STACK && stack[i] > 0 && stack[j] > 0) {
				stack[i]--;
				stack[j]--;
				seen_mark(seen, KUBO_SEEN_BYTES * 8u, kubo_value());
				stack[i]++;
				stack[j]++;
			}
		}
	}
	return (uint8_t)seen_mex(seen, KUBO_SEEN_BYTES * 8u);
}

static void kubo_solve(const struct position *pos)
{
	memcpy(stack, pos->u.kubo, sizeof stack);
	for (uint8_t i = 0; i < ENGINE_KUBO_STACKS; i++) {
		for (uint8_t t = 1; t <= 3u && t <= stack[i]; t++) {
			stack[i] = (uint8_t)(stack[i] - t);
			uint8_t value = kubo_value();
			stack[i] = (uint8_t)(stack[i] + t);
			if (consider(value, i, t, NO_STACK, 0)) {
				return;
			}
		}
	}
	for (uint8_t i = 0; i < ENGINE_KUBO_STACKS; i++) {
		for (uint8_t which = 0; which < 2u; which++) {
			uint8_t j = kubo_neighbour(i, which);
			if (j != NO_STACK && stack[i] > 0 && stack[j] > 0) {
				stack[i]--;
				stack[j]--;
				uint8_t value = kubo_value();
				stack[i]++;
				stack[j]++;
				if (consider(value, i, 1, j, 0)) {
					return;
				}
			}
		}
	}
}

/* ---- the entry points ---- */

static bool is_misere_heaps(const struct position *pos)
{
	return (pos->game == GAME_NIM || pos->game == GAME_MISERE_NIM || pos->game == GAME_MARIENBAD) &&
	       pos->rule == RULE_MISERE;
}

static void solve(const struct position *pos)
{
	switch (pos->game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
		if (is_misere_heaps(pos)) {
			misere_solve(pos);
		} else {
			heaps_solve(pos, false);
		}
		break;
	case GAME_LIMIT_NIM:
		heaps_solve(pos, false);
		break;
	case GAME_NIMBLE:
		heaps_solve(pos, true);
		break;
	case GAME_SUBTRACTION:
		subtraction_solve(pos);
		break;
	case GAME_SUBTRACT_DIGIT:
		digit_solve(pos);
		break;
	case GAME_DIVIDE:
		divide_solve(pos);
		break;
	case GAME_PRIME_POWER:
		prime_power_solve(pos);
		break;
	case GAME_MATRIX_NIM:
		matrix_solve(pos);
		break;
	case GAME_POKER_NIM:
		poker_solve(pos);
		break;
	case GAME_PEBBLES:
	case GAME_KAYLES:
		strips_solve(pos);
		break;
	case GAME_WYTHOFF:
		wythoff_solve(pos);
		break;
	case GAME_CHOMP:
		chomp_solve(pos);
		break;
	case GAME_TAKTIX:
		taktix_solve(pos);
		break;
	case GAME_KUBO:
		kubo_solve(pos);
		break;
	default:
		nineteen_solve(pos);
		break;
	}
}

void baseline_best_move(const struct position *pos, uint8_t *area, uint16_t size, struct baseline_answer *answer)
{
	memset(answer, 0, sizeof *answer);
	answer->outcome = OUTCOME_P; /* until a move to a position of value 0 turns up */
	found = answer;
	work = area;
	work_size = size;
	release_work();
	if (setjmp(failure) != 0) {
		found->status = BASELINE_NO_RAM;
		found->has_move = false;
		return;
	}
	solve(pos);
}

/* ---- the move as text ---- */

static void print_cells(struct text_sink *out, uint32_t cells, bool hexagon)
{
	bool first = true;
	for (uint8_t cell = 0; cell < 32u; cell++) {
		if (!(cells & ((uint32_t)1 << cell))) {
			continue;
		}
		if (!first) {
			print_char(out, ',');
		}
		first = false;
		if (hexagon) {
			uint8_t row = 0, at = cell;
			while (at >= hexagon_row_length(row)) {
				at = (uint8_t)(at - hexagon_row_length(row));
				row++;
			}
			print_char(out, (char)('a' + row));
			print_u32(out, at + 1u);
		} else {
			print_char(out, (char)('a' + cell % 4u));
			print_u32(out, cell / 4u + 1u);
		}
	}
}

static void print_stack(struct text_sink *out, uint8_t i)
{
	print_char(out, (char)('a' + i % 3u));
	print_u32(out, i / 3u + 1u);
}

void baseline_print_move(const struct position *pos, const struct baseline_answer *answer, struct text_sink *out)
{
	if (!answer->has_move) {
		print_char(out, '-');
		return;
	}
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
		print_char(out, '-');
		print_u32(out, answer->a);
		break;
	case GAME_DIVIDE:
		print_u32(out, answer->part + 1u);
		print_char(out, '/');
		print_u32(out, answer->a);
		break;
	case GAME_PRIME_POWER:
		print_char(out, '/');
		print_u32(out, answer->cells);
		if (answer->a > 1) {
			print_char(out, '^');
			print_u32(out, answer->a);
		}
		break;
	case GAME_NIMBLE:
		print_u32(out, answer->a);
		print_char(out, '>');
		print_u32(out, answer->b);
		break;
	case GAME_MATRIX_NIM:
		print_u32(out, answer->part + 1u);
		print_char(out, ':');
		for (uint8_t j = 0; j < pos->cols; j++) {
			if (j > 0) {
				print_char(out, ',');
			}
			print_u32(out, answer->take[j]);
		}
		break;
	case GAME_PEBBLES:
	case GAME_KAYLES:
		print_u32(out, answer->part + 1u);
		print_char(out, '.');
		print_u32(out, answer->a + 1u);
		if (answer->b == 2) {
			print_char(out, '-');
			print_u32(out, answer->a + 2u);
		}
		break;
	case GAME_WYTHOFF:
		print_u32(out, answer->a);
		print_char(out, ',');
		print_u32(out, answer->b);
		break;
	case GAME_CHOMP:
		print_u32(out, answer->part + 1u);
		print_char(out, ',');
		print_u32(out, answer->a + 1u);
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		print_cells(out, answer->cells, pos->game == GAME_NINETEEN);
		break;
	case GAME_KUBO:
		print_stack(out, answer->part);
		if (answer->b == NO_STACK) {
			print_char(out, '-');
			print_u32(out, answer->a);
		} else {
			print_char(out, '+');
			print_stack(out, (uint8_t)answer->b);
		}
		break;
	default: /* heaps: Nim, misere Nim, Marienbad, Limit, Subtraction, Poker */
		print_u32(out, answer->part + 1u);
		print_char(out, answer->b ? '+' : '-');
		print_u32(out, answer->a);
		break;
	}
}
