/*
 * The engine against the brute-force solver: Wythoff.
 *
 * Bounds: every pair of heaps (a, b) with 0 <= a, b <= 300; every move
 * checked for a, b <= 60.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

#define HEAP_MAX 300
#define MOVES_HEAP_MAX 60

static void test_wythoff(void **state)
{
	(void)state;
	struct proof p;
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = GAME_WYTHOFF;
	pos.count = 2;
	proof_start(&p, "wythoff, every (a, b) of 0..300");
	for (uint32_t a = 0; a <= HEAP_MAX; a++) {
		for (uint32_t b = 0; b <= HEAP_MAX; b++) {
			pos.part[0] = a;
			pos.part[1] = b;
			proof_position(&p, &pos, a <= MOVES_HEAP_MAX && b <= MOVES_HEAP_MAX);
		}
	}
	assert_true(proof_finish(&p));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wythoff),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
