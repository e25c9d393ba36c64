/*
 * The engine against the brute-force solver: subtract a digit.
 *
 * Bounds: every n of 0..100000 (every move up to 3000), and by outcome and
 * value every n of 100001..1000000, where the value may be unknown (the
 * engine computes it up to 100,000, the lead's bound; above, it must be
 * right when given).  Every n up to the bound is checked, so every one of
 * the checkpoints the engine's pass starts from (tools/gen/numbers.c) and
 * every length of pass from each.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

static void test_subtract_a_digit(void **state)
{
	(void)state;
	struct proof p;
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = GAME_SUBTRACT_DIGIT;
	pos.count = 1;
	proof_start(&p, "subtract a digit, n of 0..100000");
	for (uint32_t n = 0; n <= 100000; n++) {
		pos.part[0] = n;
		proof_position(&p, &pos, n <= 3000);
	}
	bool ok = proof_finish(&p);
	proof_start(&p, "subtract a digit, n of 100001..1000000");
	p.unknown_allowed = true;
	for (uint32_t n = 100001; n <= 1000000; n++) {
		pos.part[0] = n;
		proof_value(&p, &pos);
	}
	assert_true(proof_finish(&p) && ok);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_subtract_a_digit),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
