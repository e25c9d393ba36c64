/*
 * Wythoff's game: two heaps; a move takes any number from one heap, or the
 * same number from both.
 *
 * The losing positions are the pairs (a_k, b_k) = (floor(k*phi), a_k + k),
 * and every number is exactly one a_k or one b_k.  Integers only:
 * floor(k*phi) = (k + floor(k*sqrt(5))) / 2 and floor(k*sqrt(5)) is the
 * integer square root of 5k^2, taken bit by bit in 64 bits (5 * 65535^2
 * needs 35).  From (x, y) with x <= y and d = y - x, a winning move is one
 * of: both heaps down to (a_d, b_d) when a_d < x, or else the larger heap
 * down to the smaller one's partner.
 *
 * Grundy values need a 2-D table, so the engine reports none.
 *
 * Text: `3 5`.  Moves: `3,0` takes 3 from the first heap, `0,2` two from
 * the second, `2,2` two from both.
 */
#include "engine/games.h"

static uint32_t isqrt64(uint64_t n)
{
	uint64_t root = 0;
	uint64_t bit = (uint64_t)1 << 36; /* the highest power of 4 we need */
	while (bit > n) {
		bit >>= 2;
	}
	while (bit != 0) {
		if (n >= root + bit) {
			n -= root + bit;
			root = (root >> 1) + bit;
		} else {
			root >>= 1;
		}
		bit >>= 2;
	}
	return (uint32_t)root;
}

/* a_k = floor(k * phi). */
static uint32_t lower_of(uint32_t k)
{
	return (k + isqrt64((uint64_t)5 * k * k)) / 2u;
}

/* The other number of the losing pair that holds x. */
static uint32_t partner_of(uint32_t x)
{
	/* k = floor(x / phi); x is a_k or a_(k+1), or else b_j with j near x - k. */
	uint32_t k = (isqrt64((uint64_t)5 * x * x) - x) / 2u;
	for (uint32_t j = k; j <= k + 1u; j++) {
		if (lower_of(j) == x) {
			return x + j;
		}
	}
	for (int32_t j = (int32_t)(x - k) + 1; j >= (int32_t)(x - k) - 1 && j >= 0; j--) {
		if (lower_of((uint32_t)j) + (uint32_t)j == x) {
			return lower_of((uint32_t)j);
		}
	}
	return x; /* not reached: every number is in one pair */
}

void wythoff_start(struct position *pos)
{
	pos->count = 2;
	pos->u.heap[0] = 5;
	pos->u.heap[1] = 9;
}

enum engine_error wythoff_parse(struct position *pos, struct scanner *in)
{
	for (uint8_t i = 0; i < 2; i++) {
		enum engine_error err = scan_u16(in, UINT16_MAX, &pos->u.heap[i]);
		if (err != ENGINE_OK) {
			return err;
		}
		(void)scan_char(in, ',');
	}
	pos->count = 2;
	if (!scan_at_end(in)) {
		uint16_t more;
		return scan_u16(in, UINT16_MAX, &more) == ENGINE_ERR_NUMBER ? ENGINE_ERR_SYNTAX : ENGINE_ERR_TOO_MANY;
	}
	return ENGINE_OK;
}

void wythoff_print(const struct position *pos, struct text_sink *out)
{
	print_u32(out, pos->u.heap[0]);
	print_char(out, ' ');
	print_u32(out, pos->u.heap[1]);
}

enum engine_error wythoff_parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
	(void)pos;
	for (uint8_t i = 0; i < 2; i++) {
		if (i == 1 && !scan_char(in, ',')) {
			return ENGINE_ERR_SYNTAX;
		}
		enum engine_error err = scan_u16(in, UINT16_MAX, &mv->u.wythoff.take[i]);
		if (err != ENGINE_OK) {
			return err == ENGINE_ERR_RANGE ? ENGINE_ERR_TOO_MUCH : err;
		}
	}
	return ENGINE_OK;
}

void wythoff_print_move(const struct position *pos, const struct move *mv, struct text_sink *out)
{
	(void)pos;
	print_u32(out, mv->u.wythoff.take[0]);
	print_char(out, ',');
	print_u32(out, mv->u.wythoff.take[1]);
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

static void set_take(struct move *mv, uint16_t a, uint16_t b)
{
	mv->u.wythoff.take[0] = a;
	mv->u.wythoff.take[1] = b;
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
	set_take(mv, kind == 1 ? 0 : (uint16_t)n, kind == 0 ? 0 : (uint16_t)n);
	return true;
}

bool wythoff_is_losing(const struct position *pos)
{
	uint16_t x = pos->u.heap[0], y = pos->u.heap[1];
	return partner_of(x) == y;
}

bool wythoff_best_move(const struct position *pos, struct move *mv)
{
	uint16_t heap[2] = { pos->u.heap[0], pos->u.heap[1] };
	uint8_t small = heap[1] < heap[0] ? 1 : 0;
	uint8_t large = (uint8_t)(1u - small);
	uint16_t x = heap[small], y = heap[large];
	if (y == 0) {
		return false;
	}
	uint16_t take[2] = { 0, 0 };
	uint32_t d = (uint32_t)(y - x);
	uint32_t a = lower_of(d);
	uint32_t px = partner_of(x);
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
	set_take(mv, take[0], take[1]);
	return true;
}
