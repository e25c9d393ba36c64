/*
 * The board games' tables, read back: every position of Chomp (up to 4x8),
 * Taktix (both variants, both rules), Kubo and Nineteen is solved here by
 * a retrograde pass written from the rules, and the engine's answer must
 * agree on each one.  Also: every key is the same for all images of a
 * position under the board's symmetries (worked out from coordinates
 * here), and the set decoder agrees with a plain encoder written here on
 * sets of every shape it can be given.
 *
 * The symmetries are written here a second time on purpose, not shared
 * with tools/gen's (boards_square.c, boards_hexagon.c), which checks the
 * keys too as it makes the tables: this copy is an independent oracle, so
 * that a mistake in the generator's symmetries cannot pass its own check
 * and this one at once, and it checks the engine's keys as the tables
 * linked into the engine give them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/board_keys.h"
#include "engine/engine.h"
#include "engine/losing_set.h"
#include "engine_tables.h"

enum { UNKNOWN = 0, LOSES = 1, WINS = 2 };

static struct position board(uint8_t game)
{
	struct position pos;
	memset(&pos, 0, sizeof pos);
	pos.game = game;
	return pos;
}

/* Compares the engine's outcome with the solved one for one position. */
static void expect_outcome(const struct position *pos, uint8_t solved, unsigned long code, const char *game)
{
	enum engine_outcome expected = solved == LOSES ? OUTCOME_P : OUTCOME_N;
	if (engine_outcome(pos) != expected) {
		fail_msg("%s position %lx: engine says %s", game, code, expected == OUTCOME_P ? "N" : "P");
	}
}

/* ---- Chomp ---- */

/* Diagrams as row lengths packed 4 bits each, bottom row lowest. */
static unsigned long binomial(unsigned n, unsigned k)
{
	unsigned long result = 1;
	for (unsigned i = 1; i <= k; i++) {
		result = result * (n - k + i) / i;
	}
	return result;
}

static uint8_t chomp_row(uint32_t diagram, unsigned i)
{
	return (uint8_t)((diagram >> (4u * i)) & 15u);
}

static uint8_t chomp_solve(uint32_t diagram, uint8_t *memo, uint16_t (*index)(uint32_t))
{
	uint8_t *slot = &memo[index(diagram)];
	if (*slot != UNKNOWN) {
		return *slot;
	}
	uint8_t result = LOSES;
	for (unsigned row = 0; row < 8 && result == LOSES; row++) {
		for (unsigned col = row == 0 ? 1u : 0u; col < chomp_row(diagram, row) && result == LOSES; col++) {
			uint32_t after = 0;
			for (unsigned i = 0; i < 8; i++) {
				unsigned length = chomp_row(diagram, i);
				after |= (uint32_t)(i >= row && length > col ? col : length) << (4u * i);
			}
			if (chomp_solve(after, memo, index) == LOSES) {
				result = WINS;
			}
		}
	}
	*slot = result;
	return result;
}

static uint16_t chomp_index(uint32_t diagram)
{
	uint8_t rows[8];
	for (unsigned i = 0; i < 8; i++) {
		rows[i] = chomp_row(diagram, i);
	}
	return board_chomp_code(rows, 8);
}

/* Every diagram with row lengths 8 >= r0 >= r1 >= ... >= r7 >= 0, r0 > 0. */
static void chomp_every_diagram(void (*visit)(uint32_t diagram, void *context), void *context)
{
	unsigned r[8];
	for (r[0] = 1; r[0] <= 8; r[0]++)
		for (r[1] = 0; r[1] <= r[0]; r[1]++)
			for (r[2] = 0; r[2] <= r[1]; r[2]++)
				for (r[3] = 0; r[3] <= r[2]; r[3]++)
					for (r[4] = 0; r[4] <= r[3]; r[4]++)
						for (r[5] = 0; r[5] <= r[4]; r[5]++)
							for (r[6] = 0; r[6] <= r[5]; r[6]++)
								for (r[7] = 0; r[7] <= r[6]; r[7]++) {
									uint32_t diagram = 0;
									for (unsigned i = 0; i < 8; i++) {
										diagram |= (uint32_t)r[i] << (4u * i);
									}
									visit(diagram, context);
								}
}

struct chomp_run {
	uint8_t *memo;
	unsigned long positions, losing;
};

static struct position chomp_position(uint32_t diagram)
{
	struct position pos = board(GAME_CHOMP);
	for (unsigned i = 0; i < 8; i++) {
		pos.u.chomp[i] = chomp_row(diagram, i);
		if (pos.u.chomp[i] > 0) {
			pos.count = (uint8_t)(i + 1u);
		}
	}
	return pos;
}

static void chomp_check(uint32_t diagram, void *context)
{
	struct chomp_run *run = context;
	if (chomp_row(diagram, ENGINE_CHOMP_ROWS) != 0) {
		return; /* more rows than a board the engine takes */
	}
	struct position pos = chomp_position(diagram);
	uint8_t solved = chomp_solve(diagram, run->memo, chomp_index);
	expect_outcome(&pos, solved, diagram, "chomp");
	run->positions++;
	run->losing += solved == LOSES;
}

static void test_chomp_every_diagram_agrees_with_a_retrograde_solve(void **state)
{
	(void)state;
	struct chomp_run run = { calloc(65536, 1), 0, 0 };
	assert_non_null(run.memo);
	chomp_every_diagram(chomp_check, &run);
	free(run.memo);
	print_message("# chomp up to 4x8: %lu positions, %lu losing, all as solved\n", run.positions, run.losing);
	assert_int_equal(run.positions, 494);
	assert_int_equal(run.losing, 38);
}

static void chomp_transpose_check(uint32_t diagram, void *context)
{
	unsigned long *checked = context;
	uint8_t rows[8], cols[8];
	for (unsigned i = 0; i < 8; i++) {
		rows[i] = chomp_row(diagram, i);
	}
	for (unsigned j = 0; j < 8; j++) {
		cols[j] = 0;
		for (unsigned i = 0; i < 8; i++) {
			cols[j] = (uint8_t)(cols[j] + (rows[i] > j));
		}
	}
	assert_int_equal(board_chomp_key(rows, 8), board_chomp_key(cols, 8));
	(*checked)++;
}

static void test_chomp_key_is_the_same_for_the_transposed_diagram(void **state)
{
	(void)state;
	unsigned long checked = 0;
	chomp_every_diagram(chomp_transpose_check, &checked);
	print_message("# chomp: %lu diagrams keyed like their transposes\n", checked);
	/* Diagrams in an 8x8 box are lattice paths: C(16, 8), less the empty one. */
	assert_int_equal(checked, binomial(16, 8) - 1u);
}

/* ---- Taktix ---- */

static uint16_t taktix_line(unsigned line)
{
	return line < 4 ? (uint16_t)(0x000Fu << (4u * line)) : (uint16_t)(0x1111u << (line - 4u));
}

/* True when `take`, within line `line`, has no gap. */
static bool taktix_run(uint16_t take, unsigned line)
{
	unsigned step = line < 4 ? 1u : 4u;
	uint16_t bit = take & (uint16_t)-take;
	while (bit != 0 && (take & bit)) {
		take &= (uint16_t)~bit;
		bit = (uint16_t)(bit << step);
	}
	return take == 0;
}

static void taktix_solve(bool adjacent, bool misere, uint8_t *outcome)
{
	for (uint32_t x = 0; x < 65536; x++) {
		uint8_t result = misere && x == 0 ? WINS : LOSES;
		for (unsigned line = 0; line < 8 && result == LOSES; line++) {
			uint16_t present = (uint16_t)(x & taktix_line(line));
			for (uint16_t take = present; take != 0 && result == LOSES;
			     take = (uint16_t)((take - 1u) & present)) {
				if ((!adjacent || taktix_run(take, line)) && outcome[x & ~(uint32_t)take] == LOSES) {
					result = WINS;
				}
			}
		}
		outcome[x] = result;
	}
}

static void test_taktix_every_position_agrees_with_a_retrograde_solve(void **state)
{
	(void)state;
	static const char *const names[4] = { "any normal", "any misere", "adjacent normal", "adjacent misere" };
	uint8_t *outcome = malloc(65536);
	assert_non_null(outcome);
	for (unsigned v = 0; v < 4; v++) {
		taktix_solve(v >= 2, v & 1u, outcome);
		unsigned long positions = 0, losing = 0;
		for (uint32_t x = 0; x < 65536; x++) {
			struct position pos = board(GAME_TAKTIX);
			pos.variant = v >= 2 ? TAKTIX_ADJACENT : TAKTIX_ANY;
			pos.rule = (v & 1u) ? RULE_MISERE : RULE_NORMAL;
			pos.u.taktix = (uint16_t)x;
			expect_outcome(&pos, outcome[x], x, "taktix");
			positions++;
			losing += outcome[x] == LOSES;
		}
		print_message("# taktix %s: %lu positions, %lu losing, all as solved\n", names[v], positions, losing);
		assert_int_equal(positions, 1ul << 16);
	}
	free(outcome);
}

/* Where each cell of an n x n square goes under symmetry g: the
 * independent oracle's (see the top of this file), not tools/gen's. */
static unsigned square_image(unsigned n, unsigned g, unsigned cell)
{
	unsigned r = cell / n, q = cell % n;
	if (g & 4u) {
		unsigned t = r;
		r = q;
		q = t;
	}
	if (g & 1u) {
		r = n - 1u - r;
	}
	if (g & 2u) {
		q = n - 1u - q;
	}
	return r * n + q;
}

static uint16_t taktix_image(uint16_t cells, unsigned g)
{
	uint16_t out = 0;
	for (unsigned cell = 0; cell < 16; cell++) {
		if (cells & (1u << cell)) {
			out |= (uint16_t)(1u << square_image(4, g, cell));
		}
	}
	return out;
}

/* Any permutation of rows and of columns, as 4-bit digits: p[i] is where
 * row (or column) i goes. */
static uint16_t taktix_permuted(uint16_t cells, const unsigned *rows, const unsigned *cols)
{
	uint16_t out = 0;
	for (unsigned cell = 0; cell < 16; cell++) {
		if (cells & (1u << cell)) {
			out |= (uint16_t)(1u << (4u * rows[cell / 4u] + cols[cell % 4u]));
		}
	}
	return out;
}

static void test_taktix_keys_are_the_same_for_every_symmetric_position(void **state)
{
	(void)state;
	static const unsigned perms[4][4] = { { 1, 0, 2, 3 }, { 1, 2, 3, 0 }, { 0, 1, 2, 3 }, { 3, 2, 1, 0 } };
	unsigned long checked = 0;
	for (uint32_t x = 0; x < 65536; x++) {
		uint16_t cells = (uint16_t)x;
		uint16_t adjacent = board_taktix_adjacent_key(cells, board_square_classes);
		uint16_t any = board_taktix_any_key(cells);
		for (unsigned g = 0; g < 8; g++) {
			assert_int_equal(board_taktix_adjacent_key(taktix_image(cells, g), board_square_classes),
					 adjacent);
			assert_int_equal(board_taktix_any_key(taktix_image(cells, g)), any);
			checked += 2;
		}
		/* Rows and columns permuted: a swap and a cycle generate them all. */
		for (unsigned a = 0; a < 4; a++) {
			for (unsigned b = 0; b < 4; b++) {
				assert_int_equal(board_taktix_any_key(taktix_permuted(cells, perms[a], perms[b])), any);
				checked++;
			}
		}
	}
	print_message("# taktix: %lu keys of symmetric positions compared\n", checked);
	/* Each position: 8 images under two keys, and 16 row and column permutations. */
	assert_int_equal(checked, 65536ul * (8u * 2u + 4u * 4u));
}

/* ---- Kubo ---- */

#define KUBO_CODES ((uint32_t)1 << 18)

static const uint8_t kubo_pairs[12][2] = {
	{ 0, 1 }, { 1, 2 }, { 3, 4 }, { 4, 5 }, { 6, 7 }, { 7, 8 },
	{ 0, 3 }, { 3, 6 }, { 1, 4 }, { 4, 7 }, { 2, 5 }, { 5, 8 },
};

static unsigned kubo_stack(uint32_t code, unsigned i)
{
	return (code >> (2u * i)) & 3u;
}

static struct position kubo_position(uint32_t code)
{
	struct position pos = board(GAME_KUBO);
	pos.count = ENGINE_KUBO_STACKS;
	for (unsigned i = 0; i < ENGINE_KUBO_STACKS; i++) {
		pos.u.kubo[i] = (uint8_t)kubo_stack(code, i);
	}
	return pos;
}

static void test_kubo_every_position_agrees_with_a_retrograde_solve(void **state)
{
	(void)state;
	uint8_t *outcome = malloc(KUBO_CODES);
	assert_non_null(outcome);
	unsigned long positions = 0, losing = 0;
	for (uint32_t x = 0; x < KUBO_CODES; x++) {
		uint8_t result = LOSES;
		for (unsigned i = 0; i < 9 && result == LOSES; i++) {
			for (unsigned take = 1; take <= kubo_stack(x, i); take++) {
				if (outcome[x - (take << (2u * i))] == LOSES) {
					result = WINS;
				}
			}
		}
		for (unsigned p = 0; p < 12 && result == LOSES; p++) {
			unsigned a = kubo_pairs[p][0], b = kubo_pairs[p][1];
			if (kubo_stack(x, a) && kubo_stack(x, b) &&
			    outcome[x - (1u << (2u * a)) - (1u << (2u * b))] == LOSES) {
				result = WINS;
			}
		}
		outcome[x] = result;
		losing += result == LOSES;
		struct position pos = kubo_position(x);
		expect_outcome(&pos, result, x, "kubo");
		positions++;
	}
	free(outcome);
	print_message("# kubo: %lu positions, %lu losing, all as solved\n", positions, losing);
	assert_int_equal(positions, KUBO_CODES);
	assert_int_equal(losing, 38048);
}

static void test_kubo_slots_are_the_same_for_every_symmetric_position(void **state)
{
	(void)state;
	unsigned long checked = 0;
	for (uint32_t x = 0; x < KUBO_CODES; x++) {
		struct position pos = kubo_position(x);
		uint16_t slot = board_kubo_slot(pos.u.kubo, board_square_classes);
		assert_true(slot < BOARD_KUBO_SLOTS);
		for (unsigned g = 1; g < 8; g++) {
			uint8_t image[9];
			for (unsigned i = 0; i < 9; i++) {
				image[square_image(3, g, i)] = pos.u.kubo[i];
			}
			assert_int_equal(board_kubo_slot(image, board_square_classes), slot);
			checked++;
		}
	}
	print_message("# kubo: %lu slots of symmetric positions compared\n", checked);
	assert_int_equal(checked, KUBO_CODES * 7u);
}

/* ---- Nineteen ---- */

#define NINETEEN_CODES ((uint32_t)1 << 19)

/* Axial coordinates: rows r = -2..2 from the top, q increasing rightwards,
 * |q + r| <= 2; cells numbered row by row. */
static int hex_cell(int q, int r)
{
	int cell = 0;
	for (int rr = -2; rr <= 2; rr++) {
		for (int qq = -2; qq <= 2; qq++) {
			if (abs(qq + rr) <= 2) {
				if (qq == q && rr == r) {
					return cell;
				}
				cell++;
			}
		}
	}
	return -1;
}

static void hex_coordinates(unsigned cell, int *q, int *r)
{
	for (int rr = -2; rr <= 2; rr++) {
		for (int qq = -2; qq <= 2; qq++) {
			if (hex_cell(qq, rr) == (int)cell) {
				*q = qq;
				*r = rr;
			}
		}
	}
}

/* Two cells are adjacent when their axial difference is a unit step. */
static bool hex_adjacent(unsigned a, unsigned b)
{
	int qa, ra, qb, rb;
	hex_coordinates(a, &qa, &ra);
	hex_coordinates(b, &qb, &rb);
	int dq = qb - qa, dr = rb - ra;
	return (abs(dq) + abs(dr) + abs(dq + dr)) == 2;
}

/* The moves, from adjacency alone: one cell, two adjacent, three
 * mutually adjacent. */
static unsigned nineteen_moves(uint32_t *moves)
{
	unsigned n = 0;
	for (unsigned a = 0; a < 19; a++) {
		moves[n++] = 1u << a;
		for (unsigned b = a + 1; b < 19; b++) {
			if (!hex_adjacent(a, b)) {
				continue;
			}
			moves[n++] = 1u << a | 1u << b;
			for (unsigned c = b + 1; c < 19; c++) {
				if (hex_adjacent(a, c) && hex_adjacent(b, c)) {
					moves[n++] = 1u << a | 1u << b | 1u << c;
				}
			}
		}
	}
	return n;
}

static void test_nineteen_every_position_agrees_with_a_retrograde_solve(void **state)
{
	(void)state;
	uint32_t moves[100];
	unsigned n = nineteen_moves(moves);
	assert_int_equal(n, 85);
	uint8_t *outcome = malloc(NINETEEN_CODES);
	assert_non_null(outcome);
	unsigned long positions = 0, losing = 0;
	for (uint32_t x = 0; x < NINETEEN_CODES; x++) {
		uint8_t result = LOSES;
		for (unsigned m = 0; m < n && result == LOSES; m++) {
			if ((x & moves[m]) == moves[m] && outcome[x & ~moves[m]] == LOSES) {
				result = WINS;
			}
		}
		outcome[x] = result;
		losing += result == LOSES;
		struct position pos = board(GAME_NINETEEN);
		pos.u.nineteen = x;
		expect_outcome(&pos, result, x, "nineteen");
		positions++;
	}
	free(outcome);
	print_message("# nineteen: %lu positions, %lu losing, all as solved\n", positions, losing);
	assert_int_equal(positions, NINETEEN_CODES);
	assert_int_equal(losing, 53694);
}

static void test_nineteen_keys_are_the_same_for_every_symmetric_position(void **state)
{
	(void)state;
	/* The twelve symmetries in cube coordinates (x, y, z) = (q, -q-r, r):
	 * turns send (x, y, z) to (-z, -x, -y); the reflection swaps x, z. */
	uint8_t image[12][19];
	for (unsigned g = 0; g < 12; g++) {
		for (unsigned cell = 0; cell < 19; cell++) {
			int x, z;
			hex_coordinates(cell, &x, &z);
			int y = -x - z;
			for (unsigned k = 0; k < g % 6u; k++) {
				int nx = -z, ny = -x, nz = -y;
				x = nx;
				y = ny;
				z = nz;
			}
			if (g >= 6) {
				int t = x;
				x = z;
				z = t;
			}
			image[g][cell] = (uint8_t)hex_cell(x, z);
		}
	}
	unsigned long checked = 0;
	for (uint32_t x = 0; x < NINETEEN_CODES; x++) {
		uint16_t key = board_nineteen_key(x, nineteen_outer_classes);
		for (unsigned g = 1; g < 12; g++) {
			uint32_t turned = 0;
			for (unsigned cell = 0; cell < 19; cell++) {
				if (x & (1u << cell)) {
					turned |= 1u << image[g][cell];
				}
			}
			assert_int_equal(board_nineteen_key(turned, nineteen_outer_classes), key);
			checked++;
		}
	}
	print_message("# nineteen: %lu keys of symmetric positions compared\n", checked);
	assert_int_equal(checked, NINETEEN_CODES * 11u);
}

/* ---- the set decoder ---- */

/* Encodes sorted `keys` below `universe` with L low bits and a sample
 * every 2^S buckets, following the layout in losing_set.h. */
static size_t encode(const uint16_t *keys, uint16_t n, uint32_t universe, uint8_t L, uint8_t S, uint8_t *out)
{
	uint32_t buckets = (universe + (1u << L) - 1u) >> L;
	uint32_t samples = ((buckets - 1u) >> S) + 1u;
	uint32_t high = LOSING_SET_HEADER_BYTES + 2u * samples;
	uint32_t low = high + (n + buckets + 7u) / 8u;
	/* The low bits up to the byte after the one where the last key's
	 * start. */
	size_t size = low + (n > 0 ? ((size_t)(n - 1u) * L) / 8u + 2u : 0u);
	memset(out, 0, size);
	uint8_t header[LOSING_SET_HEADER_BYTES] = {
		L,
		S,
		(uint8_t)buckets,
		(uint8_t)(buckets >> 8),
		(uint8_t)high,
		(uint8_t)(high >> 8),
		(uint8_t)low,
		(uint8_t)(low >> 8),
	};
	memcpy(out, header, sizeof header);
	uint32_t i = 0;
	for (uint32_t bucket = 0; bucket < buckets; bucket++) {
		if ((bucket & ((1u << S) - 1u)) == 0) {
			out[LOSING_SET_HEADER_BYTES + 2u * (bucket >> S)] = (uint8_t)i;
			out[LOSING_SET_HEADER_BYTES + 2u * (bucket >> S) + 1u] = (uint8_t)(i >> 8);
		}
		for (; i < n && (uint32_t)(keys[i] >> L) == bucket; i++) {
			uint32_t at = i + bucket;
			out[high + at / 8u] |= (uint8_t)(1u << (at % 8u));
			for (uint32_t b = 0; b < L; b++) {
				if (keys[i] & (1u << b)) {
					at = i * L + b;
					out[low + at / 8u] |= (uint8_t)(1u << (at % 8u));
				}
			}
		}
	}
	return size;
}

/* Every key of the universe (and beyond) answers as the set has it, a key
 * of the set with the number of smaller keys as its rank, and a key not in
 * it leaving the rank alone. */
static void check_set(const uint8_t *set, size_t size, const uint16_t *keys, uint16_t n, uint32_t universe)
{
	/* A copy exactly as long as the set, so reading past it is caught. */
	uint8_t *exact = malloc(size);
	assert_non_null(exact);
	memcpy(exact, set, size);
	uint16_t i = 0;
	for (uint32_t key = 0; key < universe + 64u && key <= 0xFFFFu; key++) {
		bool member = i < n && keys[i] == key;
		uint16_t rank = 0xFFFF;
		bool found = losing_set_find(exact, (uint16_t)key, &rank);
		uint16_t expected_rank = member ? i : 0xFFFFu;
		if (found != member || rank != expected_rank) {
			/* fail_msg does not return: free the copy first. */
			free(exact);
			fail_msg("key %u of %u keys below %u: found %d, rank %u (expected %d, %u)", (unsigned)key, n,
				 (unsigned)universe, found, rank, member, expected_rank);
		}
		if (member) {
			i++;
		}
	}
	free(exact);
}

static void test_set_decoder_agrees_with_a_plain_encoder(void **state)
{
	(void)state;
	static uint16_t keys[4096];
	static uint8_t set[16384];
	unsigned long sets = 0;
	srand(12345);
	/* Densities from empty to full, universes from 1 to 4096 keys, and
	 * every legal pair of parameters. */
	static const uint32_t universes[] = { 1, 2, 7, 64, 255, 1000, 4096 };
	static const unsigned per_mille[] = { 0, 5, 100, 500, 900, 1000 };
	for (size_t u = 0; u < sizeof universes / sizeof universes[0]; u++) {
		for (size_t d = 0; d < sizeof per_mille / sizeof per_mille[0]; d++) {
			uint16_t n = 0;
			for (uint32_t key = 0; key < universes[u]; key++) {
				if ((unsigned)rand() % 1000u < per_mille[d]) {
					keys[n++] = (uint16_t)key;
				}
			}
			for (uint8_t L = 0; L <= LOSING_SET_LOW_BITS_MOST; L += 3) {
				for (uint8_t S = 0; S <= 8; S += 4) {
					if (((universes[u] + (1u << L) - 1u) >> L) == 0) {
						continue;
					}
					size_t size = encode(keys, n, universes[u], L, S, set);
					check_set(set, size, keys, n, universes[u]);
					sets++;
				}
			}
		}
	}
	/* Keys near the top of the 16-bit range. */
	uint16_t top[] = { 65000, 65533, 65534 };
	size_t size = encode(top, 3, 65535, 8, 2, set);
	check_set(set, size, top, 3, 65535);
	sets++;
	print_message("# set decoder: %lu sets read back key by key\n", sets);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_set_decoder_agrees_with_a_plain_encoder),
		cmocka_unit_test(test_chomp_every_diagram_agrees_with_a_retrograde_solve),
		cmocka_unit_test(test_chomp_key_is_the_same_for_the_transposed_diagram),
		cmocka_unit_test(test_taktix_every_position_agrees_with_a_retrograde_solve),
		cmocka_unit_test(test_taktix_keys_are_the_same_for_every_symmetric_position),
		cmocka_unit_test(test_kubo_every_position_agrees_with_a_retrograde_solve),
		cmocka_unit_test(test_kubo_slots_are_the_same_for_every_symmetric_position),
		cmocka_unit_test(test_nineteen_every_position_agrees_with_a_retrograde_solve),
		cmocka_unit_test(test_nineteen_keys_are_the_same_for_every_symmetric_position),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
