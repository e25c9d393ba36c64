/*
 * The engine against the brute-force solver: Kayles and the pebble strip
 * (Dawson's chess).
 *
 * Bounds, for each game:
 *   every position of at most 40 cells as a multiset of rows (all
 *   partitions of 0..40, the rows longest first; those of at most 12 cells
 *   also shortest first), every move checked up to 20 cells;
 *   single rows of 0..10000 cells (far past the pre-periods the generator
 *   proves, so its periodicity proofs are checked; every move checked up to
 *   60 cells);
 *   two long rows: every pair of lengths 0, 37, 74, ... up to 3000 with
 *   0, 53, 106, ... up to 3000.
 * Positions above 40 cells are valued by the solver's single-row values
 * (see tests/brute/brute.h).
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

#define PARTITION_CELLS 40
#define PARTITION_MOVES_CELLS 20
#define PARTITION_REVERSED_CELLS 12
#define SINGLE_ROW_MAX 10000
#define SINGLE_ROW_MOVES_MAX 60
#define PAIR_MAX 3000

static struct brute_pos rows(uint8_t game)
{
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = game;
	return pos;
}

static void prove_partition(struct proof *p, const struct brute_pos *pos, uint32_t cells)
{
	proof_position(p, pos, cells <= PARTITION_MOVES_CELLS);
	if (cells <= PARTITION_REVERSED_CELLS && pos->count > 1) {
		struct brute_pos reversed = *pos;
		for (uint8_t i = 0; i < pos->count; i++) {
			reversed.part[i] = pos->part[pos->count - 1 - i];
		}
		proof_position(p, &reversed, true);
	}
}

/* Every partition of at most `left` more cells into rows of at most
 * `largest`, added to `pos`. */
static void prove_partitions(struct proof *p, struct brute_pos *pos, uint32_t cells, uint32_t left,
			     uint32_t largest)
{
	prove_partition(p, pos, cells);
	for (uint32_t row = 1; row <= largest && row <= left; row++) {
		pos->part[pos->count++] = row;
		prove_partitions(p, pos, cells + row, left - row, row);
		pos->count--;
	}
}

static void prove_game(uint8_t game, const char *name)
{
	char title[80];
	struct proof p;
	struct brute_pos pos = rows(game);

	snprintf(title, sizeof(title), "%s, every multiset of rows of 0..%u cells", name,
		 PARTITION_CELLS);
	proof_start(&p, title);
	prove_partitions(&p, &pos, 0, PARTITION_CELLS, PARTITION_CELLS);
	bool ok = proof_finish(&p);

	snprintf(title, sizeof(title), "%s, one row of 0..%u cells", name, SINGLE_ROW_MAX);
	proof_start(&p, title);
	pos = rows(game);
	pos.count = 1;
	for (uint32_t n = 0; n <= SINGLE_ROW_MAX; n++) {
		pos.part[0] = n;
		proof_position(&p, &pos, n <= SINGLE_ROW_MOVES_MAX);
	}
	ok = proof_finish(&p) && ok;

	snprintf(title, sizeof(title), "%s, two rows of up to %u cells", name, PAIR_MAX);
	proof_start(&p, title);
	pos.count = 2;
	for (uint32_t a = 0; a <= PAIR_MAX; a += 37) {
		for (uint32_t b = 0; b <= PAIR_MAX; b += 53) {
			pos.part[0] = a;
			pos.part[1] = b;
			proof_position(&p, &pos, false);
		}
	}
	ok = proof_finish(&p) && ok;
	assert_true(ok);
}

static void test_kayles(void **state)
{
	(void)state;
	prove_game(GAME_KAYLES, "kayles");
}

static void test_pebbles(void **state)
{
	(void)state;
	prove_game(GAME_PEBBLES, "pebbles");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kayles),
		cmocka_unit_test(test_pebbles),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
