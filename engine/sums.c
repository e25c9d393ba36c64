/*
 * The strategy of every game that is a sum of independent parts: the heap
 * games (Nim, misere Nim, Marienbad, Limit Nim, Subtraction, Nimble, Poker
 * Nim), Divide 2/3/6, the Prime-power game, Matrix Nim, Kayles and the
 * pebble strip.  By the Sprague-Grundy theorem the value of the whole is
 * the XOR of its parts' values, and a winning move lowers one part's value
 * to make that XOR 0.  A part's value depends on its size alone:
 *   Nim, Nimble (a coin on square i is a heap of i), Poker Nim: the heap;
 *   Limit Nim (take 1..k): heap mod (k + 1);
 *   Subtraction (take s in S): the periodic sequence of subtraction.h;
 *   Divide: constant on intervals of n, 12^k times 1, 2, 4, 6, 12;
 *   Prime power: the exponent of each prime;
 *   Matrix Nim: a row can lose any amount up to its total, so the total;
 *   Kayles, pebbles: the generated tables (pre-period and one period,
 *   proved by tools/gen/periodic.c), so any row up to 65535 is one lookup.
 * Misere Nim and Marienbad follow Bouton's rule with the misere twist: play
 * as in normal Nim until the move would leave only heaps of 0 or 1, then
 * leave an odd number of 1-heaps.
 *
 * The rules of each game's moves and its text are in its own module
 * (heaps.c, numbers.c, matrix.c, octal.c).
 */
#include <stddef.h>

#include "common/attributes.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine/subtraction.h"
#include "engine_tables.h"

#define NO_HEAP 0xFFu

/* Subtraction: G(0), G(1), ... for the set of the position at hand, and
 * their period, set by sum_prepare as each call begins (in sum_value).
 * Static, not on the stack: each call then needs no frame, and the
 * functions below only the position. */
static uint8_t sequence[SUBTRACTION_VALUES];
static uint8_t sequence_period;

static void sum_prepare(const struct position *pos)
{
	if (pos->game == GAME_SUBTRACTION) {
		/* The generator proves SUBTRACTION_VALUES is enough for every set. */
		sequence_period = subtraction_solve(pos->set, sequence, SUBTRACTION_VALUES);
	}
}

/* Out of line: one copy for its two callers. */
OUT_OF_LINE static bool is_misere(const struct position *pos)
{
	return pos->game <= GAME_MARIENBAD && pos->rule == RULE_MISERE;
}

/* ---- values ---- */

/*
 * Divide 2/3/6: G(n) is 1, 2, 3 and 0 on [1, 2), [2, 4), [4, 6) and
 * [6, 12) times 12^k, and G(0) = 0: the intervals tools/gen/numbers.c
 * derives from the rules up to 2^32 - 1 (tests/unit/test_engine_tables.c
 * checks this form against them).  Dividing by 12 while n is 12 or more
 * leaves n / 12^k below 12 (floors of floors are the floor of the whole
 * quotient); bits 2m and 2m + 1 of the constant hold the value of m < 6.
 */
static uint8_t divide_value(uint32_t n)
{
	while (n >= 12u) {
		n /= 12u;
	}
	return n < 6u ? (uint8_t)((0xFA4u >> (2u * (uint8_t)n)) & 3u) : 0;
}

/* The value of a part of this size where it is not the size itself.
 * Subtraction, Kayles and pebbles read theirs from a pre-period and one
 * period: Subtraction's in RAM, a byte a value, the others' in flash, two
 * values a byte (engine_tables.h). */
static uint16_t size_value(const struct position *pos, uint32_t size)
{
	uint8_t game = pos->game;
	const uint8_t *table = kayles_values;
	uint8_t values = KAYLES_PRE + KAYLES_PERIOD, period = KAYLES_PERIOD;
	switch (game) {
	case GAME_LIMIT_NIM:
		return (uint16_t)((uint16_t)size % (uint16_t)(pos->limit + 1u));
	case GAME_DIVIDE:
		return divide_value(size);
	case GAME_SUBTRACTION:
		/* Once sum_prepare has run. */
		values = SUBTRACTION_VALUES;
		period = sequence_period;
		break;
	case GAME_PEBBLES:
		table = pebbles_values;
		values = PEBBLES_PRE + PEBBLES_PERIOD;
		period = PEBBLES_PERIOD;
		break;
	case GAME_KAYLES:
		break;
	default:
		/* Nim, Nimble, Poker Nim, exponents, row totals: the size itself. */
		return (uint16_t)size;
	}
	uint16_t at = periodic_index((uint16_t)size, values, period);
	if (game == GAME_SUBTRACTION) {
		return sequence[at];
	}
	uint8_t two = flash_u8(table + at / 2u);
	return (at & 1u) ? two >> 4 : two & 0x0Fu;
}

uint32_t sums_part_size(const struct position *pos, uint8_t i)
{
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
		return pos->u.number[i];
	case GAME_PRIME_POWER:
		return pos->u.factors.exponent[i];
	case GAME_MATRIX_NIM:
		return matrix_row_total(pos, i);
	default:
		return pos->u.heap[i];
	}
}

static uint16_t part_value(const struct position *pos, uint8_t i)
{
	return size_value(pos, sums_part_size(pos, i));
}

/* The value of the whole and the largest part that has a move (the first
 * of equal ones; NO_HEAP when none has): the strategy needs both, the one
 * when the other is 0, so one pass finds them.  Every call of the
 * strategy starts here, so this is where Subtraction's values are
 * prepared. */
struct sum_scan {
	uint16_t x;
	uint8_t largest;
};

static struct sum_scan sum_scan(const struct position *pos)
{
	sum_prepare(pos);
	struct sum_scan s = { 0, NO_HEAP };
	uint32_t largest_size = heaps_least_take(pos) - 1u; /* a part of more has a move */
	for (uint8_t i = 0; i < pos->count; i++) {
		uint32_t size = sums_part_size(pos, i);
		s.x ^= size_value(pos, size);
		if (size > largest_size) {
			s.largest = i;
			largest_size = size;
		}
	}
	return s;
}

static uint16_t sum_value(const struct position *pos)
{
	return sum_scan(pos).x;
}

/* The whole's scan prepares Subtraction's values, and keeps the one call
 * of sum_prepare that it is built into. */
uint16_t sums_value(const struct position *pos, uint8_t part)
{
	sum_scan(pos);
	return part_value(pos, part);
}

/* What Nim, misere Nim and Marienbad need of their heaps, in one pass. */
struct nim_scan {
	uint16_t x;       /* the nim-sum */
	uint8_t big;      /* heaps of 2 or more */
	uint8_t ones;     /* heaps of 1 */
	uint8_t big_heap; /* the last heap of 2 or more */
	uint8_t largest;  /* the first largest heap */
};

static void nim_scan(const struct position *pos, struct nim_scan *s)
{
	*s = (struct nim_scan){ 0 };
	uint16_t largest = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		uint16_t n = pos->u.heap[i];
		s->x ^= n;
		if (n >= 2) {
			s->big++;
			s->big_heap = i;
		} else if (n == 1) {
			s->ones++;
		}
		if (n > largest) {
			largest = n;
			s->largest = i;
		}
	}
}

/* Misere Nim: heaps of 2 or more decide; without them, the parity of 1s. */
static bool misere_is_losing(const struct position *pos)
{
	struct nim_scan s;
	nim_scan(pos, &s);
	if (s.big == 0) {
		return (s.ones & 1u) != 0;
	}
	return s.x == 0;
}

int32_t sums_grundy(const struct position *pos)
{
	if (is_misere(pos)) {
		return ENGINE_GRUNDY_UNKNOWN;
	}
	return sum_value(pos);
}

bool sums_is_losing(const struct position *pos)
{
	if (is_misere(pos)) {
		return misere_is_losing(pos);
	}
	return sum_value(pos) == 0;
}

/* ---- moves ---- */

/*
 * Moves on one part share a shape: the part in the first byte, a small
 * number in the second (Poker Nim's add flag, a divisor, an exponent, the
 * pins a Kayles move knocks) and a 16-bit amount after them (stones taken,
 * the first pin or cell played).  Matrix Nim's moves are the exception.
 */
_Static_assert(offsetof(struct move, u.heap.add) == offsetof(struct move, u.number.divisor) &&
		       offsetof(struct move, u.heap.add) == offsetof(struct move, u.prime.exponent) &&
		       offsetof(struct move, u.heap.add) == offsetof(struct move, u.strip.count) &&
		       offsetof(struct move, u.heap.count) == offsetof(struct move, u.strip.at),
	       "moves on one part share their layout");

/* Out of line: one call is shorter than the three stores at each of its
 * callers. */
OUT_OF_LINE static void set_move(struct move *mv, uint8_t part, uint8_t small, uint16_t amount)
{
	mv->u.heap.heap = part;
	mv->u.heap.add = small;
	mv->u.heap.count = amount;
}

/* Takes `amount` from matrix row r, cell by cell from the left.  Out of
 * line: one copy for its two callers. */
OUT_OF_LINE static void take_from_row(const struct position *pos, uint8_t r, uint16_t amount, struct move *mv)
{
	const uint8_t *cell = pos->u.cell[r];
	mv->u.matrix.row = r;
	for (uint8_t c = 0; c < ENGINE_MATRIX_MAX; c++) {
		uint8_t take = 0;
		if (c < pos->cols) {
			take = amount < cell[c] ? (uint8_t)amount : cell[c];
		}
		mv->u.matrix.take[c] = take;
		amount = (uint16_t)(amount - take);
	}
}

/*
 * Kayles or pebbles: a move in row i that leaves parts whose values XOR to
 * target (it may split the row: the parser's bound leaves room).  Kayles
 * knocks 1 pin, then 2, a pebble goes on 1 cell; each from the left end
 * on.  Past the pre-period the values repeat with the period, so a split
 * whose smaller part is longer than pre + period has the same values as
 * one with a smaller part shorter by a period, and a split is worth as
 * much as its mirror: trying the first pre + period places covers every
 * different split, some 90 per kind of move, whatever the row's length.
 */
static bool row_to_value(const struct position *pos, uint8_t i, uint16_t target, struct move *mv)
{
	bool kayles = pos->game == GAME_KAYLES;
	uint16_t span = kayles ? KAYLES_PRE + KAYLES_PERIOD : PEBBLES_PRE + PEBBLES_PERIOD;
	uint8_t most = kayles ? 2 : 1;
	uint16_t n = pos->u.row[i];
	for (uint8_t count = 1; count <= most; count++) {
		/* Each place where `count` pins (cells) are left to take: the
		 * legal moves of this kind, without asking the rules each time. */
		for (uint16_t at = 0; at < span && at + count <= n; at++) {
			set_move(mv, i, count, at);
			struct row_parts parts = octal_move_parts(pos, mv);
			if ((size_value(pos, parts.left) ^ size_value(pos, parts.right)) == target) {
				return true;
			}
		}
	}
	return false;
}

/* A move in part i that lowers its value so that the whole's value, now
 * x, becomes 0. */
static bool move_to_zero(const struct position *pos, uint8_t i, uint16_t x, struct move *mv)
{
	static const uint8_t divisors[3] ENGINE_FLASH = { 2, 3, 6 };
	uint16_t value = part_value(pos, i);
	uint16_t target = value ^ x;
	if (target >= value) {
		return false;
	}
	/* Heaps: value n goes to target by taking value - target, which for
	 * Limit Nim is at most k since the value is below k + 1.  Prime power:
	 * the exponent goes down as much. */
	uint8_t small = 0;
	uint16_t amount = (uint16_t)(value - target);
	switch (pos->game) {
	case GAME_SUBTRACTION: {
		uint16_t n = pos->u.heap[i];
		uint8_t bits = pos->set; /* bit 0: the amount tried */
		for (amount = 1; !(bits & 1u) || size_value(pos, (uint16_t)(n - amount)) != target; amount++) {
			bits >>= 1;
			if (bits == 0 || amount >= n) {
				return false;
			}
		}
		break;
	}
	case GAME_DIVIDE: {
		uint8_t k = 0;
		while (size_value(pos, pos->u.number[i] / (small = flash_u8(&divisors[k]))) != target) {
			if (++k == 3) {
				return false;
			}
		}
		amount = 0;
		break;
	}
	case GAME_PRIME_POWER:
		small = (uint8_t)amount;
		amount = 0;
		break;
	case GAME_MATRIX_NIM:
		take_from_row(pos, i, amount, mv);
		return true;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		return row_to_value(pos, i, target, mv);
	default:
		break;
	}
	set_move(mv, i, small, amount);
	return true;
}

static bool is_heap_game(const struct position *pos)
{
	return pos->game <= GAME_SUBTRACTION || pos->game == GAME_NIMBLE || pos->game == GAME_POKER_NIM;
}

/* Poker Nim: the first heap an addition may go on, or NO_HEAP. */
static uint8_t poker_room(const struct position *pos)
{
	for (uint8_t i = 0; i < pos->count; i++) {
		if (heaps_add_room(pos, i) != 0) {
			return i;
		}
	}
	return NO_HEAP;
}

/*
 * No winning move: the smallest move the rules allow in the largest part
 * that has a move keeps the game long and gives the opponent the most
 * chances to go wrong: the least amount of a heap, one stone of a matrix
 * row (the leftmost), a halving, one prime factor, one pin or cell at the
 * end of a row (which never splits it).  Poker Nim with every heap empty
 * adds one stone.  False when no part has a move and no heap may grow:
 * the game is over.
 */
static bool keep_going(const struct position *pos, uint8_t largest, struct move *mv)
{
	if (largest == NO_HEAP) {
		/* Poker Nim with no stone to take: one added to the first heap
		 * with room. */
		uint8_t i = poker_room(pos);
		set_move(mv, i, 1, 1);
		return i != NO_HEAP;
	}
	if (pos->game == GAME_MATRIX_NIM) {
		take_from_row(pos, largest, 1, mv);
		return true;
	}
	/* Heaps: the least amount.  Divide by 2; a prime's first power; a
	 * row's first pin or cell. */
	uint8_t small = pos->game == GAME_DIVIDE ? 2 : 1;
	uint16_t amount = 0;
	if (is_heap_game(pos)) {
		small = 0;
		amount = heaps_least_take(pos);
	}
	set_move(mv, largest, small, amount);
	return true;
}

bool sums_keep_going(const struct position *pos, struct move *mv)
{
	return keep_going(pos, sum_scan(pos).largest, mv);
}

/*
 * Nim, misere Nim and Marienbad in one pass over the heaps: the machine's
 * move must stay within about a thousand cycles on the device.  Misere
 * differs only while at most one heap holds 2 or more: with one such heap,
 * empty it or leave 1 in it, whichever leaves an odd number of 1-heaps;
 * with none, every move takes a 1-heap.  From a losing position, one stone
 * from the largest heap keeps the game going longest.
 */
static bool nim_best_move(const struct position *pos, struct move *mv)
{
	const uint16_t *heap = pos->u.heap;
	struct nim_scan s;
	nim_scan(pos, &s);
	if (s.big == 0 && s.ones == 0) {
		return false;
	}
	bool misere = pos->rule == RULE_MISERE;
	uint8_t i = s.largest;
	uint16_t take = 1;
	if (misere && s.big == 1) {
		i = s.big_heap;
		take = (s.ones & 1u) ? heap[i] : (uint16_t)(heap[i] - 1u);
	} else if (s.x != 0 && !(misere && s.big == 0)) {
		for (i = 0; (uint16_t)(heap[i] ^ s.x) >= heap[i]; i++) {
		}
		take = (uint16_t)(heap[i] - (heap[i] ^ s.x));
	}
	set_move(mv, i, 0, take);
	return true;
}

/*
 * Poker Nim tries first the heap the opponent just added to, to take the
 * addition back (that undoes their move and keeps the additions from
 * paying).
 */
bool sums_best_move(const struct position *pos, struct move *mv)
{
	if (pos->game <= GAME_MARIENBAD) {
		return nim_best_move(pos, mv);
	}
	struct sum_scan scan = sum_scan(pos);
	uint16_t x = scan.x;
	if (x != 0) {
		/* Poker Nim tries the heap last added to first; then every
		 * part in turn (in the other games `i` starts at NO_HEAP,
		 * no part, and the first round tries nothing). */
		uint8_t i = pos->game == GAME_POKER_NIM ? pos->u.poker.last_added : NO_HEAP;
		for (uint8_t next = 0; next <= pos->count; next++) {
			if (i < pos->count && move_to_zero(pos, i, x, mv)) {
				return true;
			}
			i = next;
		}
	}
	return keep_going(pos, scan.largest, mv);
}

bool sums_machine_move(const struct position *pos, bool keep_going, struct move *mv)
{
	return keep_going ? sums_keep_going(pos, mv) : sums_best_move(pos, mv);
}

_Static_assert(offsetof(struct move, u.number.index) == 0 && offsetof(struct move, u.prime.factor) == 0 &&
		       offsetof(struct move, u.matrix.row) == 0 && offsetof(struct move, u.strip.row) == 0,
	       "a sum game's move names its part first, as u.heap.heap does");

uint8_t sums_move_part(const struct move *mv)
{
	return mv->u.heap.heap;
}
