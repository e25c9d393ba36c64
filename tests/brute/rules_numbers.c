/*
 * The rules of the number games, read straight from the rulebook
 * (docs/rules.md): Subtract a digit (take one of n's non-zero digits from
 * n), Divide (replace one number n by n/2, n/3 or n/6, rounded down) and
 * Prime power (divide n by a prime power that divides it).
 */
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"

uint32_t rules_smallest_prime_factor(uint32_t n)
{
	for (uint32_t d = 2; d <= n / d; d++) {
		if (n % d == 0) {
			return d;
		}
	}
	return n;
}

static bool has_digit(uint32_t n, uint32_t digit)
{
	for (; n > 0; n /= 10) {
		if (n % 10 == digit) {
			return true;
		}
	}
	return false;
}

/* p^k when it divides n, else 0. */
static uint32_t prime_power_dividing(uint32_t n, uint32_t p, uint32_t k)
{
	uint32_t power = 1;
	for (uint32_t i = 0; i < k; i++) {
		if (n % p != 0) {
			return 0;
		}
		n /= p;
		power *= p;
	}
	return power;
}

static bool is_prime(uint32_t p)
{
	return p >= 2 && rules_smallest_prime_factor(p) == p;
}

static void numbers_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
		for (mv.amount = 1; mv.amount <= 9; mv.amount++) {
			if (has_digit(pos->part[0], mv.amount)) {
				rules_list_push(list, &mv);
			}
		}
		break;
	case GAME_DIVIDE:
		for (uint8_t i = 0; i < pos->count; i++) {
			static const uint8_t divisor[3] = { 2, 3, 6 };
			for (uint8_t d = 0; d < 3 && pos->part[i] > 0; d++) {
				mv.part = i;
				mv.amount = divisor[d];
				rules_list_push(list, &mv);
			}
		}
		break;
	case GAME_PRIME_POWER:
		for (uint32_t n = pos->part[0]; n > 1;) {
			uint32_t p = rules_smallest_prime_factor(n);
			mv.second = p;
			for (mv.amount = 1; n % p == 0; mv.amount++) {
				n /= p;
				rules_list_push(list, &mv);
			}
		}
		break;
	default:
		break;
	}
}

/* Prime power: small numbers prime or not, n's own primes, a prime past
 * them. */
static void candidates_prime_power(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	uint32_t base[] = { 0, 1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 4294967291u };
	uint32_t prime[sizeof(base) / sizeof(base[0]) + ENGINE_MAX_FACTORS];
	uint8_t primes = 0;
	for (uint8_t i = 0; i < sizeof(base) / sizeof(base[0]); i++) {
		prime[primes++] = base[i];
	}
	for (uint32_t n = pos->part[0]; n > 1;) {
		uint32_t p = rules_smallest_prime_factor(n);
		for (; n % p == 0; n /= p) {
		}
		if (p > 13) {
			prime[primes++] = p;
		}
	}
	for (uint8_t i = 0; i < primes; i++) {
		mv.second = prime[i];
		for (mv.amount = 0; mv.amount <= 33; mv.amount++) {
			rules_list_push(list, &mv);
		}
	}
}

static void numbers_candidate_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
		for (mv.part = 0; mv.part <= 1; mv.part++) {
			for (mv.amount = 0; mv.amount <= 10; mv.amount++) {
				rules_list_push(list, &mv);
			}
		}
		break;
	case GAME_DIVIDE:
		for (mv.part = 0; mv.part <= pos->count; mv.part++) {
			for (mv.amount = 0; mv.amount <= 7; mv.amount++) {
				rules_list_push(list, &mv);
			}
		}
		break;
	case GAME_PRIME_POWER:
		candidates_prime_power(pos, list);
		break;
	default:
		break;
	}
}

static bool numbers_is_legal(const struct brute_pos *pos, const struct brute_move *mv)
{
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
		return mv->part == 0 && mv->amount >= 1 && mv->amount <= 9 && has_digit(pos->part[0], mv->amount);
	case GAME_DIVIDE:
		return mv->part < pos->count && pos->part[mv->part] > 0 &&
		       (mv->amount == 2 || mv->amount == 3 || mv->amount == 6);
	case GAME_PRIME_POWER:
		return mv->amount >= 1 && mv->amount <= 32 && mv->second >= 2 &&
		       prime_power_dividing(pos->part[0], mv->second, mv->amount) != 0 && is_prime(mv->second);
	default:
		return false;
	}
}

static void numbers_apply(struct brute_pos *pos, const struct brute_move *mv)
{
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
		pos->part[0] -= mv->amount;
		break;
	case GAME_DIVIDE:
		pos->part[mv->part] /= mv->amount;
		rules_remove_zero_parts(pos);
		break;
	case GAME_PRIME_POWER:
		pos->part[0] /= prime_power_dividing(pos->part[0], mv->second, mv->amount);
		break;
	default:
		break;
	}
}

const struct rules_family rules_numbers = {
	.moves = numbers_moves,
	.candidate_moves = numbers_candidate_moves,
	.is_legal = numbers_is_legal,
	.apply = numbers_apply,
};
