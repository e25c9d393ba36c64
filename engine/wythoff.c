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
 * d's smallest term has an even index.  Since f_(i+1) = f_i + f_(i-1), x
 * shifted up is x plus x shifted down, so only the shift down is computed,
 * in 16 bits, from the largest Fibonacci number below 65536 down: 23 steps
 * per number.  (The unit tests check the outcome and the moves against
 * floor(k*phi) from a 64-bit integer square root, for every heap up to
 * 65535.)
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

#include "common/attributes.h"
#include "engine/games.h"

#define FIB_TOP_INDEX 22u
#define FIB_TOP 46368u   /* f_22, the largest Fibonacci number below 65536 */
#define FIB_BELOW 28657u /* f_21 */

/*
 * From x's Zeckendorf terms moved one place down (every f_i replaced by
 * f_(i-1), taking f_(-1) = 1, greedily from f_22), and whether the
 * smallest term's index is even (never for x = 0, which has no terms):
 * x's partner in its losing pair, or, for x = k, a_k = floor(k * phi),
 * which is k shifted up, less 1 when the smallest index is even.
 */
enum zeckendorf_use { PARTNER_OF, LOWER_OF };

static uint16_t zeckendorf(uint16_t x, enum zeckendorf_use use)
{
	uint16_t f = FIB_TOP, below = FIB_BELOW; /* f_i and f_(i-1) */
	uint16_t rest = x, down = 0;
	bool even = false;
	for (uint8_t i = FIB_TOP_INDEX;; i--) {
		if (f <= rest) {
			rest = (uint16_t)(rest - f);
			down = (uint16_t)(down + below);
			even = (i & 1u) == 0;
		}
		if (i == 0) {
			break;
		}
		uint16_t next = (uint16_t)(f - below); /* f_(i-2) */
		f = below;
		below = next;
	}
	/* x shifted up, 65535 when that is more: then it is above every heap
	 * it is compared with (wythoff_is_losing asks for the larger heap's
	 * partner; in wythoff_best_move an a_d above 65535 is above x, and x's
	 * partner is asked for only where it is below y). */
	uint16_t up = (uint16_t)(x + down);
	if (up < x) {
		up = UINT16_MAX;
	}
	if (use == LOWER_OF) {
		return (uint16_t)(up - even);
	}
	return even ? up : down;
}

/* Both heaps. */
void wythoff_check_list(const struct position *pos, struct scanner *in)
{
	if (pos->count < 2) {
		scan_fail(in, ENGINE_ERR_NUMBER);
	}
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
	const uint16_t most[3] = { x, y, x < y ? x : y };
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

/* Losing when the larger heap's partner is the smaller heap.  The larger
 * heap's partner is asked for: when it is above the heap it may be above
 * 65535, and then comes back as 65535, which only a smaller heap of 65535
 * would equal, and (65535, 65535) is no losing pair. */
bool wythoff_is_losing(const struct position *pos)
{
	uint16_t x = pos->u.heap[0], y = pos->u.heap[1];
	uint16_t smaller = x < y ? x : y;
	uint16_t larger = (uint16_t)(x ^ y ^ smaller); /* the other heap */
	return smaller != UINT16_MAX && zeckendorf(larger, PARTNER_OF) == smaller;
}

OUT_OF_LINE bool wythoff_best_move(const struct position *pos, bool keep_going, struct move *mv)
{
	const uint16_t *heap = pos->u.heap;
	uint8_t large = heap[1] >= heap[0]; /* the larger heap, the second if equal */
	uint16_t x = heap[1u - large], y = heap[large];
	uint16_t *take = mv->u.wythoff.take;
	uint16_t a = zeckendorf((uint16_t)(y - x), LOWER_OF);
	take[0] = take[1] = 0;
	if (a == x || keep_going) {
		/* Losing, or asked to keep the game going: take one from the
		 * larger heap, the smallest move. */
		take[large] = 1;
	} else if (a < x) {
		take[0] = take[1] = (uint16_t)(x - a);
	} else {
		/* a_d > x, so x's partner is below y: if x = a_k then k < d and
		 * b_k = x + k < y; if x = b_k, a_k < x <= y. */
		take[large] = (uint16_t)(y - zeckendorf(x, PARTNER_OF));
	}
	return y != 0;
}

uint16_t wythoff_partner(uint16_t x)
{
	return zeckendorf(x, PARTNER_OF);
}

uint16_t wythoff_lower(uint16_t d)
{
	return zeckendorf(d, LOWER_OF);
}

/* Part 0 or 1 takes from that heap alone, part 2 from both. */
uint8_t wythoff_move_part(const struct move *mv)
{
	return mv->u.wythoff.take[0] == 0 ? 1u : mv->u.wythoff.take[1] == 0 ? 0u : 2u;
}

uint16_t wythoff_move_amount(const struct move *mv)
{
	/* One of them is 0, or both are the same. */
	uint16_t first = mv->u.wythoff.take[0];
	return first != 0 ? first : mv->u.wythoff.take[1];
}

void wythoff_move_set(struct move *mv, uint8_t part, uint16_t amount)
{
	mv->u.wythoff.take[0] = mv->u.wythoff.take[1] = amount;
	if (part != 2) {
		mv->u.wythoff.take[part ^ 1u] = 0;
	}
}
