/*
 * Wythoff's game: two heaps; a move takes any number from one heap, or the
 * same number from both.
 *
 * The losing positions are the pairs (a_k, b_k) = (floor(k*phi), a_k + k),
 * and every number is exactly one a_k or one b_k.  Integers only, through
 * Zeckendorf representations (x as a sum of non-consecutive Fibonacci
 * numbers 1, 2, 3, 5, 8, ...; f_0 = 1, f_1 = 2): x is an a_k exactly when
 * the smallest term is f_i with i even, and then b_k is x with every f_i
 * replaced by f_(i+1); otherwise x is a b_k and a_k is x with every f_i
 * replaced by f_(i-1).  Likewise floor(d*phi) is d shifted up, less 1 when
 * d's smallest term has an even index.  (The unit tests check all three
 * against floor(k*phi) from a 64-bit integer square root, for every heap up
 * to 65535.)  Everything fits in 32 bits: about 25 steps per number.
 *
 * From (x, y) with x <= y and d = y - x, a winning move is: both heaps
 * down to (a_d, b_d) when a_d < x, or else the larger heap down to the
 * smaller one's partner.
 *
 * Grundy values need a 2-D table, so the engine reports none.
 *
 * Text: `3 5`.  Moves: `3,0` takes 3 from the first heap, `0,2` two from
 * the second, `2,2` two from both.
 */
#include <stddef.h>

#include "engine/games.h"

/*
 * x's Zeckendorf terms moved one place up (*up: every f_i replaced by
 * f_(i+1)) and one down (*down: by f_(i-1), taking f_(-1) = 1), greedily
 * from the largest Fibonacci number not above x.  True when the smallest
 * term's index is even (never for x = 0, which has no terms).
 */
static bool zeckendorf_shift(uint32_t x, uint32_t *up, uint32_t *down)
{
	uint32_t lo = 1, hi = 2; /* f_i and f_(i+1) */
	uint32_t sum_up = 0, sum_down = 0;
	bool lowest_even = false;
	uint8_t i = 0;
	while (hi <= x) {
		uint32_t next = lo + hi;
		lo = hi;
		hi = next;
		i++;
	}
	for (;;) {
		uint32_t below = hi - lo; /* f_(i-1) */
		if (lo <= x) {
			x -= lo;
			sum_up += hi;
			sum_down += below;
			lowest_even = (i & 1u) == 0;
		}
		if (i == 0) {
			*up = sum_up;
			*down = sum_down;
			return lowest_even;
		}
		hi = lo;
		lo = below;
		i--;
	}
}

/* The other number of the losing pair that holds x. */
static uint32_t partner_of(uint32_t x)
{
	uint32_t up, down;
	return zeckendorf_shift(x, &up, &down) ? up : down;
}

/* a_k = floor(k * phi). */
static uint32_t lower_of(uint32_t k)
{
	uint32_t up, down;
	return zeckendorf_shift(k, &up, &down) ? up - 1u : up;
}

void wythoff_parse(struct position *pos, struct scanner *in)
{
	pos->count = scan_list(in, pos->u.heap, false, NULL, 2);
	if (pos->count < 2) {
		scan_fail(in, ENGINE_ERR_NUMBER);
	}
}

void wythoff_print(const struct position *pos)
{
	put_list(pos->u.heap, false, 2);
}

void wythoff_parse_move(struct scanner *in, struct move *mv)
{
	mv->u.wythoff.take[0] = scan_u16(in, UINT16_MAX, ENGINE_ERR_TOO_MUCH);
	scan_expect(in, ',');
	mv->u.wythoff.take[1] = scan_u16(in, UINT16_MAX, ENGINE_ERR_TOO_MUCH);
}

void wythoff_print_move(const struct move *mv)
{
	put_pair(mv->u.wythoff.take[0], ',', mv->u.wythoff.take[1]);
}

enum engine_error wythoff_check_move(const struct position *pos, const struct move *mv)
{
	uint16_t a = mv->u.wythoff.take[0], b = mv->u.wythoff.take[1];
	if (a == 0 && b == 0) {
		return ENGINE_ERR_NONE_TAKEN;
	}
	if (a > pos->u.heap[0] || b > pos->u.heap[1]) {
		return (a > 0 && pos->u.heap[0] == 0) || (b > 0 && pos->u.heap[1] == 0) ? ENGINE_ERR_EMPTY
											: ENGINE_ERR_TOO_MUCH;
	}
	if (a != 0 && b != 0 && a != b) {
		return ENGINE_ERR_NOT_ALLOWED;
	}
	return ENGINE_OK;
}

void wythoff_apply_move(struct position *pos, const struct move *mv)
{
	pos->u.heap[0] = (uint16_t)(pos->u.heap[0] - mv->u.wythoff.take[0]);
	pos->u.heap[1] = (uint16_t)(pos->u.heap[1] - mv->u.wythoff.take[1]);
}

/* Order: from the first heap (1 up), from the second, from both. */
bool wythoff_next_move(const struct position *pos, struct move *mv, bool first)
{
	uint8_t kind = 0; /* 0: first heap, 1: second heap, 2: both */
	uint32_t n = 1;
	if (!first) {
		uint16_t a = mv->u.wythoff.take[0], b = mv->u.wythoff.take[1];
		kind = b == 0 ? 0 : a == 0 ? 1 : 2;
		n = (uint32_t)(a > b ? a : b) + 1u;
	}
	uint16_t x = pos->u.heap[0], y = pos->u.heap[1];
	uint16_t most[3] = { x, y, x < y ? x : y };
	while (kind < 3 && n > most[kind]) {
		kind++;
		n = 1;
	}
	if (kind == 3) {
		return false;
	}
	mv->u.wythoff.take[0] = kind == 1 ? 0 : (uint16_t)n;
	mv->u.wythoff.take[1] = kind == 0 ? 0 : (uint16_t)n;
	return true;
}

bool wythoff_is_losing(const struct position *pos)
{
	return partner_of(pos->u.heap[0]) == pos->u.heap[1];
}

bool wythoff_best_move(const struct position *pos, struct move *mv)
{
	const uint16_t *heap = pos->u.heap;
	uint8_t large = heap[1] >= heap[0]; /* the larger heap, the second if equal */
	uint16_t x = heap[1u - large], y = heap[large];
	uint16_t *take = mv->u.wythoff.take;
	uint32_t a = lower_of((uint16_t)(y - x));
	uint32_t px = partner_of(x);
	take[0] = take[1] = 0;
	if (px == y) {
		/* Losing: take one from the larger heap, the smallest move. */
		take[large] = 1;
	} else if (a < x) {
		take[0] = take[1] = (uint16_t)(x - a);
	} else {
		/* a_d > x, so x's partner is below y: if x = a_k then k < d and
		 * b_k = x + k < y; if x = b_k, a_k < x <= y. */
		take[large] = (uint16_t)(y - px);
	}
	return y != 0;
}
