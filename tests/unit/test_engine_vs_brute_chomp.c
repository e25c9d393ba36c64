/*
 * The engine against the brute-force solver: Chomp.
 *
 * Bounds: every position of every board the engine takes, up to
 * ENGINE_CHOMP_ROWS rows of ENGINE_CHOMP_MAX columns (4 x 8): every Young
 * diagram in the box that still holds the poisoned piece, 494 of them,
 * every move checked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

/* Every diagram whose rows from `row` up are at most `widest` long. */
static void prove_diagrams(struct proof *p, struct brute_pos *pos, uint8_t row, uint32_t widest)
{
	if (row > 0) {
		pos->count = row;
		proof_position(p, pos, true);
	}
	if (row == ENGINE_CHOMP_ROWS) {
		return;
	}
	for (uint32_t width = 1; width <= widest; width++) {
		pos->part[row] = width;
		prove_diagrams(p, pos, (uint8_t)(row + 1), width);
	}
	pos->part[row] = 0;
}

static void test_chomp(void **state)
{
	(void)state;
	struct proof p;
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = GAME_CHOMP;
	proof_start(&p, "chomp, every position within 4 x 8");
	prove_diagrams(&p, &pos, 0, ENGINE_CHOMP_MAX);
	assert_int_equal(p.positions, 494); /* C(12, 4) diagrams, less the empty one */
	assert_true(proof_finish(&p));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chomp),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
