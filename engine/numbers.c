/*
 * Number games: Subtract a digit, Divide 2/3/6 and the Prime-power game.
 *
 * Subtract a digit (n -> n - d, d a nonzero digit of n; reaching 0 wins):
 * n is losing exactly when n is a multiple of 10.  A multiple of 10 can
 * only move to a number ending in a nonzero digit, which moves back to a
 * multiple of 10 by subtracting that last digit, down to 0.  The machine's
 * move is that O(1) rule.  The Grundy value is not a function of the last
 * digit (it depends on the digits of the whole number), so it is computed
 * exactly by a forward mex pass up to n, from the last of the checkpoints
 * tools/gen/numbers.c writes every DIGIT_CHECKPOINT_STEP numbers: at most
 * 10,000 steps.  It is offered for n <= SUBTRACT_DIGIT_GRUNDY_MAX =
 * 100,000, and above it the engine reports no Grundy value (`-`).
 *
 * Divide 2/3/6 (several numbers; n -> n/2, n/3 or n/6, 0 is removed): the
 * Grundy value is constant on intervals that tools/gen/numbers.c derives
 * and checks; sums.c finds a number's value by a binary search in them.
 * A number that reaches 0 stays in the list as a 0, which has no moves, so
 * the other numbers keep their places.
 *
 * Prime-power game (divide n by p^k dividing it; reaching 1 wins): n is
 * factored once, when it is parsed (trial division up to the square root,
 * each trial an exact division by the divisor's inverse rather than a
 * division: see factorise), and the position keeps the factorisation, so
 * no move ever factors again.  The exponents are Nim heaps (sums.c).
 *
 * Text: `1234`; `12 35 7`; `56700`.  Moves: `-7` subtracts the digit 7;
 * `2/3` divides the second number by 3; `/3^2` divides by 3 squared, `/7`
 * by 7.
 */
#include <stddef.h>
#include <string.h>

#include "common/attributes.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine_tables.h"

#define SUBTRACT_DIGIT_GRUNDY_MAX 100000u
_Static_assert(SUBTRACT_DIGIT_GRUNDY_MAX <= (uint32_t)DIGIT_CHECKPOINTS * DIGIT_CHECKPOINT_STEP,
	       "no pass is longer than a checkpoint's step");
_Static_assert(DIGIT_CHECKPOINT_STEP == 10000u, "a checkpoint's digits are 0 but the fifth");

/* ---- Subtract a digit ---- */

/* Bit d set for every nonzero digit d of n.  Out of line: its two callers
 * (the check of a move and the machine's move) share one copy. */
OUT_OF_LINE static uint16_t digit_mask(uint32_t n)
{
	uint16_t mask = 0;
	while (n > UINT16_MAX) {
		mask |= (uint16_t)(1u << (uint8_t)(n % 10u));
		n /= 10u;
	}
	/* The last five digits or fewer by 16-bit division, three times as
	 * fast on the AVR. */
	for (uint16_t low = (uint16_t)n; low != 0; low /= 10u) {
		mask |= (uint16_t)(1u << (uint8_t)(low % 10u));
	}
	return (uint16_t)(mask & ~1u);
}

/*
 * G(n) by a forward pass over m = c + 1..n from the checkpoint c below n;
 * n <= SUBTRACT_DIGIT_GRUNDY_MAX.  The digits of m are kept as a decimal
 * counter, and the values of the last ten numbers in a ring indexed by
 * their last digit, so G(m - d) is found at the last digit of m minus d
 * (mod 10).  A number below 10^6 has at most 6 distinct nonzero digits, so
 * at most 6 moves and G <= 6.  Out of line: inlined, its arrays would
 * push its caller's frame past the 64 bytes the AVR's short instructions
 * reach.
 */
OUT_OF_LINE static uint8_t subtract_digit_value(uint32_t n)
{
	uint8_t checkpoint = (uint8_t)(n / DIGIT_CHECKPOINT_STEP);
	uint16_t steps = (uint16_t)(n % DIGIT_CHECKPOINT_STEP);
	if (checkpoint == DIGIT_CHECKPOINTS) {
		checkpoint--;
		steps += DIGIT_CHECKPOINT_STEP;
	}
	uint32_t values = flash_u32(&digit_checkpoints[checkpoint]);
	uint8_t g = values & 7u; /* G(m), from m = c */
	uint8_t ring[10];        /* 1 << G of the latest number ending in each digit */
	for (uint8_t d = 0; d < 10u; d++) {
		ring[d] = (uint8_t)(1u << (values & 7u));
		values >>= 3;
	}
	uint8_t digit[6] = { 0, 0, 0, 0, checkpoint, 0 }; /* of m, the last first */
	for (; steps != 0; steps--) {
		for (uint8_t i = 0; ++digit[i] == 10u; i++) {
			digit[i] = 0;
		}
		uint8_t last = digit[0];
		uint8_t seen = 0; /* bit v: some move reaches value v */
		for (uint8_t i = 0; i < 6; i++) {
			uint8_t d = digit[i];
			if (d != 0) {
				uint8_t at = (uint8_t)(last - d); /* mod 10, from below 0 too */
				seen |= ring[at < 10u ? at : (uint8_t)(at + 10u)];
			}
		}
		uint8_t bit = 1;
		for (g = 0; seen & bit; g++) {
			bit <<= 1;
		}
		ring[last] = bit;
	}
	return g;
}

static bool is_divisor(uint8_t d)
{
	return d == 2 || d == 3 || d == 6;
}

/* ---- Prime power ---- */

/*
 * True when the odd d divides n, found without dividing: a 32-bit division
 * takes the AVR about 650 cycles, this about 120.  With d^-1, d's inverse
 * modulo 2^16, the quotient n / d is built as if d divided n, a half at a
 * time (exact division).  Its low half is n d^-1 modulo 2^16; that half
 * times d takes n's low half away exactly and leaves `rest`, n's high half
 * less the product's; d divides n when rest is a whole multiple of d: then
 * rest d^-1 modulo 2^16 is rest / d, the quotient's high half, and times d
 * gives rest back.  d^-1 comes from Newton's step x(2 - dx), which doubles
 * the low bits of x that are right, from (3d) XOR 2, right in its low 5
 * bits for every odd d: to 8 bits, then to 16.
 */
static bool divides(uint32_t n, uint16_t d)
{
	uint8_t inverse8 = (uint8_t)((uint8_t)(3u * d) ^ 2u);
	inverse8 = (uint8_t)(inverse8 * (2u - (uint8_t)(d * inverse8)));
	uint16_t inverse = (uint16_t)(inverse8 * (2u - (uint16_t)(d * (unsigned)inverse8)));
	uint16_t low = (uint16_t)((uint16_t)n * (unsigned)inverse);
	uint16_t taken = (uint16_t)(((uint32_t)low * d) >> 16);
	uint16_t rest = (uint16_t)(n >> 16);
	if (taken > rest) {
		return false;
	}
	rest -= taken;
	uint16_t high = (uint16_t)(rest * (unsigned)inverse);
	/* rest / d is at most rest / 3: only a high half that small is worth
	 * the product that settles it. */
	return high <= rest / 2u && (uint32_t)high * d == rest;
}

/* From 7 on, the numbers that neither 2, 3 nor 5 divides come in turns of
 * 30 in eight steps, 4, 2, 4, 2, 4, 6, 2, 6: their halves, two bits each,
 * the first step in the lowest bits. */
#define WHEEL_STEPS 0xDE66u

/*
 * Trial division by 2, 3 and 5, then by the numbers none of them divides
 * (7, 11, 13, 17, 19, 23, 29, 31, 37, ...) while d * d <= n; what is left
 * above 1 is prime.  d * d is compared once a turn of the wheel, at each
 * d = 7 + 30j, so a few divisors past n's root may be tried; none past
 * 65,521, the largest prime below 2^16 (the next turn starts at 65,527, and
 * d's 16 bits never overflow).  At most 9 distinct primes fit in 32 bits.
 * The worst case is a number without a prime factor below 65,521, as a
 * prime near 2^32: every one of the 17,475 divisors up to 65,521 is tried.
 */
static void factorise(struct position *pos, uint32_t n)
{
	pos->u.factors.n = n;
	pos->count = 0;
	uint16_t d = 2, wheel = 0; /* the steps left of the wheel's turn */
	while (n > 1) {
		uint32_t p = n; /* unless a prime up to its root divides it */
		while (wheel != 0 || (d <= 65521u && (uint32_t)d * d <= n)) {
			if (d == 2 ? !(n & 1u) : divides(n, d)) {
				p = d;
				break;
			}
			if (d < 7) {
				d += d == 2 ? 1 : 2;
			} else {
				if (wheel == 0) {
					wheel = WHEEL_STEPS;
				}
				d += (wheel & 3u) << 1;
				wheel >>= 2;
			}
		}
		uint8_t e = 0;
		do {
			n /= p;
			e++;
		} while (n % p == 0);
		pos->u.factors.prime[pos->count] = p;
		pos->u.factors.exponent[pos->count] = e;
		pos->count++;
	}
}

/* ---- the module ---- */

/* The Prime-power game's one number, factorised. */
void numbers_check_list(struct position *pos, struct scanner *in)
{
	if (pos->game == GAME_PRIME_POWER && in->error == ENGINE_OK) {
		uint32_t n = pos->u.number[0];
		if (n == 0) {
			scan_fail(in, ENGINE_ERR_RANGE);
		}
		factorise(pos, n);
	}
}

_Static_assert(offsetof(struct position, u.factors.n) == offsetof(struct position, u.number),
	       "the Prime-power game's number is where the other games' first number is");

void numbers_print(const struct position *pos)
{
	/* The Prime-power game's count is of primes; its text is one number. */
	put_list(pos->u.number, pos->game == GAME_PRIME_POWER ? 1 : pos->count);
}

/* `/P^K`, or `/P` for P^1, P one of n's primes. */
static void prime_parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
	(void)scan_char(in, '/');
	uint32_t p = scan_number(in, UINT32_MAX, ENGINE_ERR_NOT_DIVISOR);
	uint8_t k = 1;
	if (scan_char(in, '^')) {
		k = (uint8_t)scan_u16(in, UINT8_MAX, ENGINE_ERR_NOT_DIVISOR);
	}
	/* A power 0 is refused by numbers_check_move, as taking nothing. */
	if (p == 1) {
		scan_fail(in, ENGINE_ERR_NONE_TAKEN);
	}
	uint8_t i = 0;
	while (i < pos->count && pos->u.factors.prime[i] != p) {
		i++;
	}
	if (i == pos->count) {
		scan_fail(in, ENGINE_ERR_NOT_DIVISOR);
	}
	mv->u.prime.factor = i;
	mv->u.prime.exponent = k;
}

void numbers_parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
	if (pos->game == GAME_PRIME_POWER) {
		prime_parse_move(pos, in, mv);
		return;
	}
	/* `I/D`, or Subtract a digit's `-D` (or `D`); numbers_check_move
	 * refuses what is not a divisor or a digit of n. */
	if (pos->game == GAME_DIVIDE) {
		mv->u.number.index = scan_index(in, pos->count);
		scan_expect(in, '/');
	} else {
		(void)scan_char(in, '-');
	}
	mv->u.number.divisor = (uint8_t)scan_u16(in, UINT8_MAX, ENGINE_ERR_NOT_ALLOWED);
}

void numbers_print_move(const struct position *pos, const struct move *mv)
{
	uint8_t small = mv->u.number.divisor;
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
		put_char('-');
		put_u16(small);
		break;
	case GAME_DIVIDE:
		put_pair(mv->u.number.index + 1u, '/', small);
		break;
	default:
		put_char('/');
		put_u32(pos->u.factors.prime[mv->u.prime.factor]);
		if (small != 1) {
			put_char('^');
			put_u16(small);
		}
		break;
	}
}

/* The three games' moves share a layout: the number or prime in the first
 * byte, the digit, divisor or exponent in the second.  A finished game
 * never gets here (engine.c refuses its moves first), so Subtract a
 * digit's number is not 0. */
_Static_assert(offsetof(struct move, u.number.index) == offsetof(struct move, u.prime.factor) &&
		       offsetof(struct move, u.number.divisor) == offsetof(struct move, u.prime.exponent),
	       "number and prime moves share their layout");

enum engine_error numbers_check_move(const struct position *pos, const struct move *mv)
{
	uint8_t i = mv->u.number.index;
	uint8_t small = mv->u.number.divisor;
	if (pos->game == GAME_DIVIDE) {
		return is_divisor(small) ? ENGINE_OK : ENGINE_ERR_NOT_ALLOWED;
	}
	if (small == 0) {
		return ENGINE_ERR_NONE_TAKEN;
	}
	if (pos->game == GAME_SUBTRACT_DIGIT) {
		return small <= 9 && ((digit_mask(pos->u.number[0]) >> small) & 1u) ? ENGINE_OK
										    : ENGINE_ERR_NOT_ALLOWED;
	}
	return small > pos->u.factors.exponent[i] ? ENGINE_ERR_NOT_DIVISOR : ENGINE_OK;
}

void numbers_apply_move(struct position *pos, const struct move *mv)
{
	uint8_t i = mv->u.number.index;
	uint8_t small = mv->u.number.divisor;
	uint32_t *number = &pos->u.number[i];
	if (pos->game != GAME_PRIME_POWER) {
		*number = pos->game == GAME_DIVIDE ? *number / small : *number - small;
		return;
	}
	uint32_t *prime = pos->u.factors.prime;
	uint8_t *exponent = pos->u.factors.exponent;
	for (uint8_t k = small; k > 0; k--) {
		pos->u.factors.n /= prime[i];
	}
	exponent[i] = (uint8_t)(exponent[i] - small);
	if (exponent[i] == 0) {
		/* The prime goes; the ones after it move down.  The count is
		 * read once: the exponents' bytes could be it, for all the
		 * compiler knows. */
		uint8_t count = (uint8_t)(pos->count - 1u);
		pos->count = count;
		for (; i < count; i++) {
			prime[i] = prime[i + 1u];
			exponent[i] = exponent[i + 1u];
		}
	}
}

/* Orders: digits 1..9; numbers in turn, divisors 2, 3, 6; primes in
 * increasing order, exponents 1 up. */
bool numbers_next_move(const struct position *pos, struct move *mv, bool first)
{
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT: {
		uint16_t mask = digit_mask(pos->u.number[0]);
		for (uint8_t d = first ? 1 : (uint8_t)(mv->u.number.divisor + 1u); d <= 9; d++) {
			if (mask & (1u << d)) {
				mv->u.number.index = 0;
				mv->u.number.divisor = d;
				return true;
			}
		}
		return false;
	}
	case GAME_DIVIDE: {
		uint8_t i = first ? 0 : mv->u.number.index;
		uint8_t d = first ? 2 : (uint8_t)(mv->u.number.divisor == 2 ? 3 : mv->u.number.divisor == 3 ? 6 : 0);
		for (; i < pos->count; i++, d = 2) {
			if (d != 0 && pos->u.number[i] != 0) {
				mv->u.number.index = i;
				mv->u.number.divisor = d;
				return true;
			}
		}
		return false;
	}
	default: {
		uint8_t i = first ? 0 : mv->u.prime.factor;
		uint8_t k = first ? 1 : (uint8_t)(mv->u.prime.exponent + 1u);
		for (; i < pos->count; i++, k = 1) {
			if (k <= pos->u.factors.exponent[i]) {
				mv->u.prime.factor = i;
				mv->u.prime.exponent = k;
				return true;
			}
		}
		return false;
	}
	}
}

bool digit_is_losing(const struct position *pos)
{
	return pos->u.number[0] % 10u == 0;
}

int32_t digit_grundy(const struct position *pos)
{
	if (pos->u.number[0] > SUBTRACT_DIGIT_GRUNDY_MAX) {
		return ENGINE_GRUNDY_UNKNOWN;
	}
	return subtract_digit_value(pos->u.number[0]);
}

/* Back to a multiple of 10 by the last digit; from a multiple of 10 (a
 * losing position), or to keep the game going whatever the position, the
 * smallest digit, to make the game last. */
bool digit_best_move(const struct position *pos, bool keep_going, struct move *mv)
{
	uint32_t n = pos->u.number[0];
	uint8_t d = keep_going ? 0u : (uint8_t)(n % 10u);
	if (d == 0) {
		/* Only here are the digits needed: finding them takes a
		 * division by 10 for each. */
		uint16_t mask = digit_mask(n);
		do {
			d++;
			mask >>= 1;
		} while (d < 9 && !(mask & 1u));
	}
	mv->u.number.index = 0;
	mv->u.number.divisor = d;
	return n != 0;
}

uint16_t numbers_move_amount(const struct move *mv)
{
	return mv->u.number.divisor;
}

void numbers_move_set(struct move *mv, uint8_t part, uint16_t amount)
{
	mv->u.number.index = part;
	mv->u.number.divisor = (uint8_t)amount;
}
