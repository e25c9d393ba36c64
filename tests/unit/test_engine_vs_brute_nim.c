/*
 * The engine against the brute-force solver: the Nim family.
 *
 * Bounds (every position within them, every move of each checked):
 *   Nim, normal and misère (as Nim with the misère rule and as Misère Nim):
 *     1 to 4 heaps of 0..7 stones, in every order; also 3 heaps of 0..15
 *     and 2 heaps of 0..63, so that heaps of more bits are played, and
 *     8 heaps (the most a position holds) of 0..2;
 *   Marienbad: every position reachable from 1 3 5 7, misère (its rule) and
 *     normal play (which the engine also keeps in pos->rule);
 *   Limit Nim: k = 1, 2, 3, 5, 8 with 1 to 3 heaps of 0..9, and with 4 heaps
 *     of 0..5; one heap of every size 0..65535 for k = 1..8, 100 and 255
 *     (outcome and value, the best move too at every 101st);
 *   Nimble: 1 to 4 coins on squares 0..7;
 *   Poker Nim: 1 to 3 heaps with starts 0..3, every heap size up to its
 *     start, 0..2 additions left to each player; 4 heaps with starts 0..2
 *     and 0..1 additions left to each;
 *   Matrix Nim: grids 1x4 (cells 0..4), 2x2 (0..4), 2x3 (0..2), 3x2 (0..2),
 *     3x3 (0..1), 4x2 (0..2).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

static struct brute_pos base(uint8_t game, bool misere)
{
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = game;
	pos.misere = misere;
	return pos;
}

/* Every tuple of `count` parts of 0..top[i]; `pos` holds the rest. */
static void prove_tuples(struct proof *p, struct brute_pos pos, uint8_t count, const uint32_t *top)
{
	pos.count = count;
	memset(pos.part, 0, sizeof(pos.part));
	for (;;) {
		proof_position(p, &pos, true);
		uint8_t i = 0;
		while (i < count && pos.part[i] == top[i]) {
			pos.part[i] = 0;
			i++;
		}
		if (i == count) {
			return;
		}
		pos.part[i]++;
	}
}

static void prove_heaps(struct proof *p, struct brute_pos pos, uint8_t most_heaps, uint32_t largest)
{
	uint32_t top[8];
	for (uint8_t i = 0; i < 8; i++) {
		top[i] = largest;
	}
	for (uint8_t count = 1; count <= most_heaps; count++) {
		prove_tuples(p, pos, count, top);
	}
}

static void prove_wider(struct proof *p, struct brute_pos pos)
{
	static const uint32_t three[3] = { 15, 15, 15 };
	static const uint32_t two[2] = { 63, 63 };
	static const uint32_t eight[8] = { 2, 2, 2, 2, 2, 2, 2, 2 };
	prove_tuples(p, pos, 3, three);
	prove_tuples(p, pos, 2, two);
	prove_tuples(p, pos, 8, eight);
}

static void test_nim_normal(void **state)
{
	(void)state;
	struct proof p;
	proof_start(&p, "nim");
	prove_heaps(&p, base(GAME_NIM, false), 4, 7);
	prove_wider(&p, base(GAME_NIM, false));
	assert_true(proof_finish(&p));
}

static void test_nim_misere_rule(void **state)
{
	(void)state;
	struct proof p;
	proof_start(&p, "nim with the misere rule");
	prove_heaps(&p, base(GAME_NIM, true), 4, 7);
	prove_wider(&p, base(GAME_NIM, true));
	assert_true(proof_finish(&p));
}

static void test_misere_nim(void **state)
{
	(void)state;
	struct proof p;
	proof_start(&p, "misere nim");
	prove_heaps(&p, base(GAME_MISERE_NIM, true), 4, 7);
	prove_wider(&p, base(GAME_MISERE_NIM, true));
	assert_true(proof_finish(&p));
}

static void test_marienbad(void **state)
{
	(void)state;
	static const uint32_t start[4] = { 1, 3, 5, 7 };
	struct proof p;
	proof_start(&p, "marienbad");
	prove_tuples(&p, base(GAME_MARIENBAD, true), 4, start);
	bool misere_ok = proof_finish(&p);
	proof_start(&p, "marienbad in normal play");
	prove_tuples(&p, base(GAME_MARIENBAD, false), 4, start);
	assert_true(proof_finish(&p) && misere_ok);
}

static void test_limit_nim(void **state)
{
	(void)state;
	static const uint8_t limits[] = { 1, 2, 3, 5, 8 };
	struct proof p;
	proof_start(&p, "limit nim");
	for (uint8_t i = 0; i < sizeof(limits); i++) {
		struct brute_pos pos = base(GAME_LIMIT_NIM, false);
		pos.limit = limits[i];
		prove_heaps(&p, pos, 3, 9);
		uint32_t top[4] = { 5, 5, 5, 5 };
		prove_tuples(&p, pos, 4, top);
	}
	assert_true(proof_finish(&p));
}

static void test_limit_nim_single_heaps(void **state)
{
	(void)state;
	static const uint8_t limits[] = { 1, 2, 3, 4, 5, 6, 7, 8, 100, 255 };
	struct proof p;
	proof_start(&p, "limit nim, one heap of 0..65535");
	for (uint8_t i = 0; i < sizeof(limits); i++) {
		struct brute_pos pos = base(GAME_LIMIT_NIM, false);
		pos.limit = limits[i];
		pos.count = 1;
		for (uint32_t n = 0; n <= UINT16_MAX; n++) {
			pos.part[0] = n;
			if (n % 101 == 0) {
				proof_position(&p, &pos, false);
			} else {
				proof_value(&p, &pos);
			}
		}
	}
	assert_true(proof_finish(&p));
}

static void test_nimble(void **state)
{
	(void)state;
	struct proof p;
	proof_start(&p, "nimble");
	prove_heaps(&p, base(GAME_NIMBLE, false), 4, 7);
	assert_true(proof_finish(&p));
}

/* Every start vector, every heap vector under it, every additions left. */
static void prove_poker(struct proof *p, uint8_t count, uint16_t largest_start, uint8_t most_adds)
{
	struct brute_pos pos = base(GAME_POKER_NIM, false);
	pos.count = count;
	uint32_t start_top[8];
	for (uint8_t i = 0; i < count; i++) {
		start_top[i] = largest_start;
	}
	uint32_t start[8] = { 0 };
	for (;;) {
		for (uint8_t i = 0; i < count; i++) {
			pos.start[i] = (uint16_t)start[i];
		}
		for (uint8_t adds = 0; adds < (most_adds + 1) * (most_adds + 1); adds++) {
			pos.adds[0] = adds % (most_adds + 1);
			pos.adds[1] = adds / (most_adds + 1);
			prove_tuples(p, pos, count, start);
		}
		uint8_t i = 0;
		while (i < count && start[i] == start_top[i]) {
			start[i] = 0;
			i++;
		}
		if (i == count) {
			return;
		}
		start[i]++;
	}
}

static void test_poker_nim(void **state)
{
	(void)state;
	struct proof p;
	proof_start(&p, "poker nim");
	for (uint8_t count = 1; count <= 3; count++) {
		prove_poker(&p, count, 3, 2);
	}
	prove_poker(&p, 4, 2, 1);
	assert_true(proof_finish(&p));
}

static void test_matrix_nim(void **state)
{
	(void)state;
	static const struct {
		uint8_t rows, cols;
		uint32_t largest;
	} grids[] = { { 1, 4, 4 }, { 2, 2, 4 }, { 2, 3, 2 }, { 3, 2, 2 }, { 3, 3, 1 }, { 4, 2, 2 } };
	struct proof p;
	proof_start(&p, "matrix nim");
	for (uint8_t g = 0; g < sizeof(grids) / sizeof(grids[0]); g++) {
		struct brute_pos pos = base(GAME_MATRIX_NIM, false);
		uint32_t top[BRUTE_MAX_PARTS];
		for (uint8_t i = 0; i < BRUTE_MAX_PARTS; i++) {
			top[i] = grids[g].largest;
		}
		pos.cols = grids[g].cols;
		/* The parts are the cells, row-major; count is rows. */
		uint8_t cells = (uint8_t)(grids[g].rows * grids[g].cols);
		memset(pos.part, 0, sizeof(pos.part));
		pos.count = grids[g].rows;
		for (;;) {
			proof_position(&p, &pos, true);
			uint8_t i = 0;
			while (i < cells && pos.part[i] == top[i]) {
				pos.part[i] = 0;
				i++;
			}
			if (i == cells) {
				break;
			}
			pos.part[i]++;
		}
	}
	assert_true(proof_finish(&p));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nim_normal), cmocka_unit_test(test_nim_misere_rule),
		cmocka_unit_test(test_misere_nim), cmocka_unit_test(test_marienbad),
		cmocka_unit_test(test_limit_nim),  cmocka_unit_test(test_limit_nim_single_heaps),
		cmocka_unit_test(test_nimble),     cmocka_unit_test(test_poker_nim),
		cmocka_unit_test(test_matrix_nim),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
