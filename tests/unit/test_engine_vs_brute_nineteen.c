/*
 * The engine against the brute-force solver: Nineteen (Dziewiętnaście).
 *
 * Bounds: every position (all 2^19 = 524,288 sets of pieces on the
 * hexagon); every move checked for positions of at most MOVES_PIECES pieces
 * and for every 31st position besides.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

#define MOVES_PIECES 4
#define MOVES_EVERY 31

static void test_nineteen(void **state)
{
	(void)state;
	struct proof p;
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = GAME_NINETEEN;
	pos.count = 1;
	proof_start(&p, "nineteen, every position");
	for (uint32_t cells = 0; cells < (1u << ENGINE_NINETEEN_CELLS); cells++) {
		pos.part[0] = cells;
		proof_position(&p, &pos, __builtin_popcount(cells) <= MOVES_PIECES || cells % MOVES_EVERY == 0);
	}
	assert_true(proof_finish(&p));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nineteen),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
