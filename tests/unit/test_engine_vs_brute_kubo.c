/*
 * The engine against the brute-force solver: Kubo.
 *
 * Bounds: every position (all 4^9 = 262,144 ways to fill the 9 stacks with
 * 0..3 pieces); every move checked for positions of at most MOVES_PIECES
 * pieces and for every 7th position besides.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

#define MOVES_PIECES 5
#define MOVES_EVERY 7

static void test_kubo(void **state)
{
	(void)state;
	struct proof p;
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = GAME_KUBO;
	pos.count = 9;
	proof_start(&p, "kubo, every position");
	for (uint32_t code = 0; code < (1u << 18); code++) {
		uint32_t pieces = 0;
		for (uint8_t s = 0; s < 9; s++) {
			pos.part[s] = (code >> (2 * s)) & 3;
			pieces += pos.part[s];
		}
		proof_position(&p, &pos, pieces <= MOVES_PIECES || code % MOVES_EVERY == 0);
	}
	assert_true(proof_finish(&p));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kubo),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
