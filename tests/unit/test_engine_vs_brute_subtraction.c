/*
 * The engine against the brute-force solver: subtraction games.
 *
 * Bounds, for every S, a non-empty subset of {1..8} (all 255):
 *   one heap of 0..2000 stones (far past any pre-period the generator
 *   proves, so its periodicity claims are checked; every move checked up to
 *   60 stones), and by outcome and value (the best move too at every 101st),
 *   every heap up to 65535 (the engine's whole range); two heaps of 0..10
 *   and three heaps of 0..6 (every move);
 * and for S = {1,3,4} (the rulebook's example), {2,5,8} and {1..8}: four
 * heaps of 0..7 (every move).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

#define SINGLE_HEAP_MAX 2000
#define SINGLE_HEAP_MOVES_MAX 60

static struct brute_pos subtraction(uint8_t set, uint8_t count)
{
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = GAME_SUBTRACTION;
	pos.set = set;
	pos.count = count;
	return pos;
}

/* Every tuple of `count` heaps of 0..largest. */
static void prove_heaps(struct proof *p, uint8_t set, uint8_t count, uint32_t largest)
{
	struct brute_pos pos = subtraction(set, count);
	for (;;) {
		proof_position(p, &pos, true);
		uint8_t i = 0;
		while (i < count && pos.part[i] == largest) {
			pos.part[i] = 0;
			i++;
		}
		if (i == count) {
			return;
		}
		pos.part[i]++;
	}
}

static void test_single_heaps_of_every_set(void **state)
{
	(void)state;
	struct proof p;
	proof_start(&p, "subtraction, one heap of 0..2000, all 255 sets");
	for (uint32_t set = 1; set <= 255; set++) {
		struct brute_pos pos = subtraction((uint8_t)set, 1);
		/* Upwards, so the solver's recursion stays shallow. */
		for (uint32_t n = 0; n <= SINGLE_HEAP_MAX; n++) {
			pos.part[0] = n;
			proof_position(&p, &pos, n <= SINGLE_HEAP_MOVES_MAX);
		}
	}
	assert_true(proof_finish(&p));
}

static void test_every_heap_size_of_every_set(void **state)
{
	(void)state;
	struct proof p;
	proof_start(&p, "subtraction, one heap of 2001..65535, all 255 sets");
	for (uint32_t set = 1; set <= 255; set++) {
		struct brute_pos pos = subtraction((uint8_t)set, 1);
		for (uint32_t n = SINGLE_HEAP_MAX + 1; n <= UINT16_MAX; n++) {
			pos.part[0] = n;
			if (n % 101 == 0) {
				proof_position(&p, &pos, false); /* and the best move */
			} else {
				proof_value(&p, &pos);
			}
		}
	}
	assert_true(proof_finish(&p));
}

static void test_sums_of_every_set(void **state)
{
	(void)state;
	struct proof p;
	proof_start(&p, "subtraction, 2 heaps of 0..10 and 3 of 0..6, all 255 sets");
	for (uint32_t set = 1; set <= 255; set++) {
		prove_heaps(&p, (uint8_t)set, 2, 10);
		prove_heaps(&p, (uint8_t)set, 3, 6);
	}
	assert_true(proof_finish(&p));
}

static void test_four_heaps(void **state)
{
	(void)state;
	static const uint8_t sets[] = { 0x0D, 0x92, 0xFF }; /* {1,3,4}, {2,5,8}, {1..8} */
	struct proof p;
	proof_start(&p, "subtraction, 4 heaps of 0..7");
	for (uint8_t i = 0; i < sizeof(sets); i++) {
		prove_heaps(&p, sets[i], 4, 7);
	}
	assert_true(proof_finish(&p));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_single_heaps_of_every_set),
		cmocka_unit_test(test_every_heap_size_of_every_set),
		cmocka_unit_test(test_sums_of_every_set),
		cmocka_unit_test(test_four_heaps),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
