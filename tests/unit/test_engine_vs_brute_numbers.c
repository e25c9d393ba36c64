/*
 * The engine against the brute-force solver: Divide 2/3/6 and the
 * prime-power game (subtract a digit has its own program: its values cost
 * the engine a pass over 0..n each).
 *
 * Bounds:
 *   Divide 2/3/6: every single number of 1..100000 (every move up to 2000),
 *     the empty position, every pair of 1..60, every triple of 1..16 and
 *     every four numbers of 1..7 (every move); single numbers around every
 *     power of 2, 3 and 6 below 2^32 (p-2 .. p+2) and 3000 numbers spread
 *     over 100001..2^32-1;
 *   Prime power: every n of 1..100000 (every move up to 5000), and numbers
 *     with large primes and many factors up to 2^32-1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

static struct brute_pos numbers(uint8_t game, uint8_t count)
{
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = game;
	pos.count = count;
	return pos;
}

static void test_divide_single_numbers(void **state)
{
	(void)state;
	struct proof p;
	struct brute_pos pos = numbers(GAME_DIVIDE, 1);
	proof_start(&p, "divide 2/3/6, one number of 1..100000");
	for (uint32_t n = 1; n <= 100000; n++) {
		pos.part[0] = n;
		proof_position(&p, &pos, n <= 2000);
	}
	bool ok = proof_finish(&p);

	proof_start(&p, "divide 2/3/6, one number near powers of 2, 3, 6 and spread to 2^32-1");
	static const uint32_t bases[] = { 2, 3, 6 };
	for (uint8_t b = 0; b < 3; b++) {
		for (uint64_t power = 1; power <= UINT32_MAX; power *= bases[b]) {
			for (int64_t n = (int64_t)power - 2; n <= (int64_t)power + 2; n++) {
				if (n >= 1 && n <= UINT32_MAX) {
					pos.part[0] = (uint32_t)n;
					proof_position(&p, &pos, true);
				}
			}
		}
	}
	for (uint32_t i = 0; i < 3000; i++) {
		pos.part[0] = 100001 + (uint32_t)((uint64_t)i * (UINT32_MAX - 100001) / 2999);
		proof_position(&p, &pos, true);
	}
	assert_true(proof_finish(&p) && ok);
}

static void test_divide_several_numbers(void **state)
{
	(void)state;
	struct proof p;
	proof_start(&p, "divide 2/3/6, no number, pairs of 1..60, triples of 1..16, fours of 1..7");
	struct brute_pos pos = numbers(GAME_DIVIDE, 0);
	proof_position(&p, &pos, true);
	pos.count = 2;
	for (uint32_t a = 1; a <= 60; a++) {
		for (uint32_t b = 1; b <= 60; b++) {
			pos.part[0] = a;
			pos.part[1] = b;
			proof_position(&p, &pos, true);
		}
	}
	pos.count = 3;
	for (uint32_t a = 1; a <= 16; a++) {
		for (uint32_t b = 1; b <= 16; b++) {
			for (uint32_t c = 1; c <= 16; c++) {
				pos.part[0] = a;
				pos.part[1] = b;
				pos.part[2] = c;
				proof_position(&p, &pos, true);
			}
		}
	}
	pos.count = 4;
	for (uint32_t code = 0; code < 7 * 7 * 7 * 7; code++) {
		for (uint32_t i = 0, c = code; i < 4; i++, c /= 7) {
			pos.part[i] = 1 + c % 7;
		}
		proof_position(&p, &pos, true);
	}
	assert_true(proof_finish(&p));
}

static void test_prime_power(void **state)
{
	(void)state;
	struct proof p;
	struct brute_pos pos = numbers(GAME_PRIME_POWER, 1);
	proof_start(&p, "prime power, n of 1..100000");
	for (uint32_t n = 1; n <= 100000; n++) {
		pos.part[0] = n;
		proof_position(&p, &pos, n <= 5000);
	}
	bool ok = proof_finish(&p);

	/* The rulebook's 56700, primes near 2^32, 2^31, 3^20, products of the
	 * first primes (9 distinct: the most a 32-bit number has), squares of
	 * large primes. */
	static const uint32_t large[] = {
		56700u,           4294967291u,     4294967279u,
		2147483648u,      3486784401u,     4294967295u,
		223092870u,       2 * 223092870u,  3 * 223092870u,
		4294836225u,      65521u * 65521u, 65521u * 65519u,
		2u * 3u * 65537u, 1u << 31 | 1u,   3u * 7u * 11u * 13u * 17u * 19u * 23u * 29u,
	};
	proof_start(&p, "prime power, large n");
	for (uint8_t i = 0; i < sizeof(large) / sizeof(large[0]); i++) {
		pos.part[0] = large[i];
		proof_position(&p, &pos, true);
	}
	assert_true(proof_finish(&p) && ok);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_divide_single_numbers),
		cmocka_unit_test(test_divide_several_numbers),
		cmocka_unit_test(test_prime_power),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
