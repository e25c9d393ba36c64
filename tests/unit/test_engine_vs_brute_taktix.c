/*
 * The engine against the brute-force solver: Taktix on the 4 x 4 board.
 *
 * Bounds: every position (all 65,536 sets of pieces) of each variant (any
 * pieces of a row or column / only adjacent ones) under each rule (normal,
 * misère); every move checked for positions of at most MOVES_PIECES pieces
 * and for every 7th position besides.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

#define MOVES_PIECES 6
#define MOVES_EVERY 7

static bool prove_taktix(uint8_t variant, bool misere)
{
	char title[80];
	struct proof p;
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = GAME_TAKTIX;
	pos.variant = variant;
	pos.misere = misere;
	pos.count = 1;
	snprintf(title, sizeof(title), "taktix %s %s, every position", variant == TAKTIX_ADJACENT ? "adjacent" : "any",
		 misere ? "misere" : "normal");
	proof_start(&p, title);
	for (uint32_t cells = 0; cells < (1u << 16); cells++) {
		pos.part[0] = cells;
		proof_position(&p, &pos, __builtin_popcount(cells) <= MOVES_PIECES || cells % MOVES_EVERY == 0);
	}
	return proof_finish(&p);
}

static void test_taktix_any_normal(void **state)
{
	(void)state;
	assert_true(prove_taktix(TAKTIX_ANY, false));
}

static void test_taktix_any_misere(void **state)
{
	(void)state;
	assert_true(prove_taktix(TAKTIX_ANY, true));
}

static void test_taktix_adjacent_normal(void **state)
{
	(void)state;
	assert_true(prove_taktix(TAKTIX_ADJACENT, false));
}

static void test_taktix_adjacent_misere(void **state)
{
	(void)state;
	assert_true(prove_taktix(TAKTIX_ADJACENT, true));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_taktix_any_normal),
		cmocka_unit_test(test_taktix_any_misere),
		cmocka_unit_test(test_taktix_adjacent_normal),
		cmocka_unit_test(test_taktix_adjacent_misere),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
