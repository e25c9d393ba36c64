/*
 * The Prime-power game's factorisation (engine/numbers.c: trial division
 * where each trial is an exact division by the divisor's inverse modulo
 * 2^16, not a division) against the plain way, written here: trial
 * division by every prime up to the square root, with `%`.  The primes and
 * exponents the parser puts in the position must be exactly those, in
 * increasing order, and their product the number.
 *
 * Numbers: every n of 1..EVERY_UP_TO; every n of the top NEAR_TOP below
 * 2^32 and of NEAR_HALF either side of 2^31; every square of a prime below
 * 2^16, and each times the largest prime that keeps it in 32 bits; every
 * cube and higher power of a prime below 2^32, and each times the largest
 * prime that fits; every product of two primes from the LARGEST_PRIMES
 * largest below 2^16, and of the primes in a window above 2^16 with those
 * below it; and random 32-bit numbers and random products of two primes
 * (fixed seeds).  Each test prints how many numbers it checked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"

#define EVERY_UP_TO (1ul << 24)
#define NEAR_TOP (1ul << 18)  /* every n of [2^32 - NEAR_TOP, 2^32) */
#define NEAR_HALF (1ul << 16) /* every n of [2^31 - NEAR_HALF, 2^31 + NEAR_HALF) */
#define LARGEST_PRIMES 600u   /* every pair of the largest primes below 2^16 */
#define ABOVE_2_16 2000u      /* primes above 2^16 paired with the largest below */
#define RANDOM_NUMBERS 300000u
#define RANDOM_PAIRS 100000u
#define SEED 2463534242u

static uint16_t primes[6542]; /* every prime below 2^16 */
static unsigned prime_count;
static uint32_t random_state = SEED;

struct tally {
	unsigned long checked;
	unsigned long failures;
};

struct factors {
	uint8_t count;
	uint32_t prime[ENGINE_MAX_FACTORS];
	uint8_t exponent[ENGINE_MAX_FACTORS];
};

static uint32_t next_random(void)
{
	random_state ^= random_state << 13;
	random_state ^= random_state >> 17;
	random_state ^= random_state << 5;
	return random_state;
}

static void sieve(void)
{
	static uint8_t composite[1u << 16];
	prime_count = 0;
	for (uint32_t i = 2; i < (1u << 16); i++) {
		if (composite[i]) {
			continue;
		}
		primes[prime_count++] = (uint16_t)i;
		for (uint32_t j = i * i; j < (1u << 16); j += i) {
			composite[j] = 1;
		}
	}
	assert_int_equal(prime_count, 6542);
}

/* The plain way: every prime up to the square root divides what is left. */
static void trial_division(uint32_t n, struct factors *f)
{
	f->count = 0;
	for (unsigned i = 0; i < prime_count && (uint32_t)primes[i] * primes[i] <= n; i++) {
		uint8_t e = 0;
		while (n % primes[i] == 0) {
			n /= primes[i];
			e++;
		}
		if (e != 0) {
			f->prime[f->count] = primes[i];
			f->exponent[f->count++] = e;
		}
	}
	if (n > 1) {
		f->prime[f->count] = n;
		f->exponent[f->count++] = 1;
	}
}

static bool is_prime(uint32_t n)
{
	struct factors f;
	trial_division(n, &f);
	return f.count == 1 && f.exponent[0] == 1;
}

/* The largest prime q with q * m below 2^32 and q > above, or 0. */
static uint32_t largest_prime_times(uint64_t m, uint32_t above)
{
	for (uint32_t q = (uint32_t)(UINT32_MAX / m); q > above; q--) {
		if (is_prime(q)) {
			return q;
		}
	}
	return 0;
}

static void check(struct tally *t, uint32_t n)
{
	char text[16];
	snprintf(text, sizeof text, "%lu", (unsigned long)n);
	struct position pos;
	t->checked++;
	if (engine_parse_position(&pos, GAME_PRIME_POWER, text) != ENGINE_OK) {
		if (t->failures++ < 10) {
			print_message("# MISMATCH %s refused\n", text);
		}
		return;
	}
	struct factors want;
	trial_division(n, &want);
	bool same = pos.count == want.count && pos.u.factors.n == n;
	for (uint8_t i = 0; same && i < want.count; i++) {
		same = pos.u.factors.prime[i] == want.prime[i] && pos.u.factors.exponent[i] == want.exponent[i];
	}
	if (!same && t->failures++ < 10) {
		print_message("# MISMATCH %s: %u primes, the first %lu^%u; trial division: %u, the first %lu^%u\n",
			      text, pos.count, (unsigned long)(pos.count ? pos.u.factors.prime[0] : 0),
			      pos.count ? pos.u.factors.exponent[0] : 0, want.count, (unsigned long)want.prime[0],
			      want.exponent[0]);
	}
}

static void report(const struct tally *t, const char *what)
{
	print_message("# %s: %lu numbers checked, %lu disagreements\n", what, t->checked, t->failures);
	assert_int_equal(t->failures, 0);
}

static void test_every_number_up_to_2_24(void **state)
{
	(void)state;
	struct tally t = { 0, 0 };
	for (uint32_t n = 1; n <= EVERY_UP_TO; n++) {
		check(&t, n);
	}
	report(&t, "every n of 1..2^24");
}

static void test_near_2_32_and_2_31(void **state)
{
	(void)state;
	struct tally t = { 0, 0 };
	unsigned primes_near = 0;
	for (uint32_t n = UINT32_MAX; n >= UINT32_MAX - (NEAR_TOP - 1u); n--) {
		check(&t, n);
		primes_near += is_prime(n);
	}
	report(&t, "every n of 2^32 - 2^18 .. 2^32 - 1");
	print_message("# of which %u primes\n", primes_near);
	struct tally half = { 0, 0 };
	for (uint32_t n = (1ul << 31) - NEAR_HALF; n < (1ul << 31) + NEAR_HALF; n++) {
		check(&half, n);
	}
	report(&half, "every n of 2^31 - 2^16 .. 2^31 + 2^16 - 1");
}

/* p^k for k >= 2, each prime p below 2^16, and each times the largest
 * prime that keeps it in 32 bits: every square, cube and higher power of a
 * prime that 32 bits hold. */
static void test_prime_powers(void **state)
{
	(void)state;
	struct tally squares = { 0, 0 }, higher = { 0, 0 };
	for (unsigned i = 0; i < prime_count; i++) {
		for (uint64_t power = (uint64_t)primes[i] * primes[i]; power <= UINT32_MAX; power *= primes[i]) {
			struct tally *t = power == (uint64_t)primes[i] * primes[i] ? &squares : &higher;
			check(t, (uint32_t)power);
			uint32_t q = largest_prime_times(power, primes[i]);
			if (q != 0) {
				check(t, (uint32_t)power * q);
			}
		}
	}
	report(&squares, "p^2 for every prime p below 2^16, and each times the largest prime that fits");
	report(&higher, "every p^k, k >= 3, below 2^32, and each times the largest prime that fits");
}

static void test_products_of_two_large_primes(void **state)
{
	(void)state;
	struct tally t = { 0, 0 };
	for (unsigned i = prime_count - LARGEST_PRIMES; i < prime_count; i++) {
		for (unsigned j = i; j < prime_count; j++) {
			check(&t, (uint32_t)primes[i] * primes[j]);
		}
	}
	report(&t, "p*q for every pair of the 600 largest primes below 2^16");
	/* The primes just above 2^16 with the largest below it whose product
	 * fits: the last divisor tried divides them. */
	struct tally above = { 0, 0 };
	unsigned found = 0;
	for (uint32_t q = 65537u; found < ABOVE_2_16; q += 2u) {
		if (!is_prime(q)) {
			continue;
		}
		found++;
		unsigned paired = 0;
		for (unsigned i = prime_count; i-- > 0 && paired < 8u;) {
			if ((uint64_t)primes[i] * q <= UINT32_MAX) {
				check(&above, primes[i] * q);
				paired++;
			}
		}
	}
	report(&above, "p*q, the 2000 primes q above 2^16 each with the 8 largest primes p below 2^16 that fit");
}

static void test_random_numbers(void **state)
{
	(void)state;
	struct tally t = { 0, 0 };
	for (unsigned k = 0; k < RANDOM_NUMBERS; k++) {
		check(&t, next_random());
	}
	report(&t, "random 32-bit numbers (seeded)");
	struct tally pairs = { 0, 0 };
	for (unsigned k = 0; k < RANDOM_PAIRS; k++) {
		uint32_t p = primes[next_random() % prime_count];
		uint32_t q;
		do {
			q = p + next_random() % (UINT32_MAX / p - p + 1u);
		} while (!is_prime(q));
		check(&pairs, p * q);
	}
	report(&pairs, "random p*q below 2^32, p a prime below 2^16 and q >= p (seeded)");
}

static int setup(void **state)
{
	(void)state;
	sieve();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_number_up_to_2_24),
		cmocka_unit_test(test_near_2_32_and_2_31),
		cmocka_unit_test(test_prime_powers),
		cmocka_unit_test(test_products_of_two_large_primes),
		cmocka_unit_test(test_random_numbers),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
