/*
 * The engine's games checked against themselves and against known facts.
 *
 * For every position within small bounds, a memoised game-tree search over
 * the engine's own move generator decides who wins; the engine's outcome,
 * Grundy value (the mex of its children's), best move (legal; winning when
 * one exists) and move text (every enumerated move prints and parses back
 * to the same result) must agree with it.  This checks the strategies and
 * the closed forms against the move rules; the independent brute-force
 * solver (tests/brute) checks the move rules themselves.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/text.h"

/* ---- a memo of outcomes, keyed by the position's text ---- */

#define MEMO_SLOTS (1u << 20)
#define KEY_CHARS 64

struct memo_entry {
	char key[KEY_CHARS];
	int8_t outcome; /* 0 empty, 1 P, 2 N */
};

static struct memo_entry *memo;
static unsigned long positions_checked;

static void position_text(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink b;
	buffer_sink_init(&b, text, (uint16_t)size);
	engine_print_position(pos, &b.sink);
	assert_false(b.overflowed);
}

static int compare_u16(const void *a, const void *b)
{
	return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* The memo's key: the text (which shows the rule where it differs from the
 * game's default), with the rows of Kayles and pebbles sorted and empty
 * ones dropped, since their order does not matter to the game. */
static void position_key(const struct position *pos, char *key, size_t size)
{
	if (pos->game != GAME_KAYLES && pos->game != GAME_PEBBLES) {
		position_text(pos, key, size);
		return;
	}
	uint16_t rows[ENGINE_MAX_ROWS];
	uint8_t count = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		if (pos->u.row[i] != 0) {
			rows[count++] = pos->u.row[i];
		}
	}
	qsort(rows, count, sizeof rows[0], compare_u16);
	size_t n = 0;
	key[0] = '\0';
	for (uint8_t i = 0; i < count; i++) {
		n += (size_t)snprintf(key + n, size - n, "%u ", rows[i]);
		assert_true(n < size);
	}
}

static struct memo_entry *memo_slot(const char *key)
{
	uint32_t h = 2166136261u;
	for (const char *p = key; *p; p++) {
		h = (h ^ (uint8_t)*p) * 16777619u;
	}
	for (uint32_t i = h & (MEMO_SLOTS - 1);; i = (i + 1) & (MEMO_SLOTS - 1)) {
		if (memo[i].outcome == 0 || strcmp(memo[i].key, key) == 0) {
			return &memo[i];
		}
	}
}

static void memo_clear(void)
{
	memset(memo, 0, sizeof(struct memo_entry) * MEMO_SLOTS);
}

/* True when the player to move loses, by search over the engine's moves. */
static bool search_losing(const struct position *pos)
{
	char key[KEY_CHARS];
	position_key(pos, key, sizeof key);
	struct memo_entry *e = memo_slot(key);
	if (e->outcome != 0) {
		return e->outcome == 1;
	}
	bool losing = true;
	struct move mv;
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		struct position after = *pos;
		engine_apply_move(&after, &mv);
		if (search_losing(&after)) {
			losing = false;
			break;
		}
	}
	/* Misere: with no move left, the player to move has won. */
	if (engine_game_over(pos) && pos->rule == RULE_MISERE) {
		losing = false;
	}
	e = memo_slot(key);
	strcpy(e->key, key);
	e->outcome = losing ? 1 : 2;
	return losing;
}

/* Every check of one position. */
static void check_position(const struct position *pos)
{
	char text[KEY_CHARS];
	position_text(pos, text, sizeof text);
	bool losing = search_losing(pos);
	if ((engine_outcome(pos) == OUTCOME_P) != losing) {
		fail_msg("%s: engine says %c", text, engine_outcome(pos) == OUTCOME_P ? 'P' : 'N');
	}

	/* The text parses back to the same position. */
	struct position again;
	assert_int_equal(engine_parse_position(&again, pos->game, text), ENGINE_OK);
	char text_again[KEY_CHARS];
	position_text(&again, text_again, sizeof text_again);
	assert_string_equal(text, text_again);
	assert_int_equal(engine_outcome(&again), engine_outcome(pos));

	int32_t g = engine_grundy(pos);
	uint32_t seen = 0;
	struct move mv;
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		if (engine_check_move(pos, &mv) != ENGINE_OK) {
			fail_msg("%s: enumerated move refused", text);
		}
		struct position after = *pos;
		engine_apply_move(&after, &mv);
		if (g >= 0) {
			int32_t child = engine_grundy(&after);
			assert_true(child >= 0 && child < 32);
			seen |= 1u << child;
		}
		/* The move's text names the same move. */
		char move_text[64];
		struct buffer_sink b;
		buffer_sink_init(&b, move_text, sizeof move_text);
		engine_print_move(pos, &mv, &b.sink);
		struct move parsed;
		if (engine_parse_move(pos, move_text, &parsed) != ENGINE_OK ||
		    engine_check_move(pos, &parsed) != ENGINE_OK) {
			fail_msg("%s: move %s does not parse back", text, move_text);
		}
		struct position after_parsed = *pos;
		engine_apply_move(&after_parsed, &parsed);
		char a[KEY_CHARS], p[KEY_CHARS];
		position_text(&after, a, sizeof a);
		position_text(&after_parsed, p, sizeof p);
		if (strcmp(a, p) != 0) {
			fail_msg("%s: move %s gives %s, parsed back %s", text, move_text, a, p);
		}
	}
	if (g >= 0) {
		int32_t mex = 0;
		while (seen & (1u << mex)) {
			mex++;
		}
		if (g != mex) {
			fail_msg("%s: grundy %d, mex of children %d", text, (int)g, (int)mex);
		}
		assert_int_equal(g == 0, losing);
	}

	bool over = engine_game_over(pos);
	bool has_best = engine_best_move(pos, &mv);
	assert_int_equal(has_best, !over);
	if (has_best) {
		if (engine_check_move(pos, &mv) != ENGINE_OK) {
			fail_msg("%s: best move illegal", text);
		}
		struct position after = *pos;
		engine_apply_move(&after, &mv);
		if (!losing && !search_losing(&after)) {
			fail_msg("%s: best move does not win", text);
		}
	}
	positions_checked++;
}

static void check_text(uint8_t game, const char *text)
{
	struct position pos;
	if (engine_parse_position(&pos, game, text) != ENGINE_OK) {
		fail_msg("cannot parse %s", text);
	}
	check_position(&pos);
}

/* All heap lists of `count` heaps, non-decreasing, each at most `most`. */
static void each_heaps(uint8_t game, const char *prefix, uint8_t count, unsigned most)
{
	unsigned h[8] = { 0 };
	for (;;) {
		char text[KEY_CHARS];
		int n = snprintf(text, sizeof text, "%s", prefix);
		for (uint8_t i = 0; i < count; i++) {
			n += snprintf(text + n, sizeof text - (size_t)n, " %u", h[i]);
		}
		check_text(game, text);
		int i = count - 1;
		while (i >= 0 && h[i] == most) {
			i--;
		}
		if (i < 0) {
			return;
		}
		h[i]++;
		for (int j = i + 1; j < count; j++) {
			h[j] = h[i];
		}
	}
}

static void report(const char *what)
{
	printf("# %s: %lu positions checked\n", what, positions_checked);
	positions_checked = 0;
}

static void test_nim_family(void **state)
{
	(void)state;
	memo_clear();
	for (uint8_t count = 1; count <= 4; count++) {
		each_heaps(GAME_NIM, "", count, 7);
	}
	report("nim, up to 4 heaps of 7");
	memo_clear();
	for (uint8_t count = 1; count <= 4; count++) {
		each_heaps(GAME_MISERE_NIM, "", count, 7);
	}
	report("misere nim, up to 4 heaps of 7");
	memo_clear();
	each_heaps(GAME_MARIENBAD, "", 4, 7);
	each_heaps(GAME_MARIENBAD, "normal", 3, 7);
	report("marienbad, both rules");
}

static void test_limit_and_subtraction(void **state)
{
	(void)state;
	for (unsigned k = 1; k <= 5; k++) {
		char prefix[16];
		snprintf(prefix, sizeof prefix, "k=%u", k);
		memo_clear();
		for (uint8_t count = 1; count <= 3; count++) {
			each_heaps(GAME_LIMIT_NIM, prefix, count, 9);
		}
	}
	report("limit nim, k 1-5, up to 3 heaps of 9");
	for (unsigned set = 1; set <= 255; set++) {
		char prefix[32];
		int n = snprintf(prefix, sizeof prefix, "S=");
		for (unsigned s = 1; s <= 8; s++) {
			if (set & (1u << (s - 1))) {
				n += snprintf(prefix + n, sizeof prefix - (size_t)n, "%s%u", n > 2 ? "," : "", s);
			}
		}
		memo_clear();
		each_heaps(GAME_SUBTRACTION, prefix, 1, 90);
		if (set % 17 == 0) {
			each_heaps(GAME_SUBTRACTION, prefix, 2, 25);
		}
	}
	report("subtraction, all 255 sets, heaps to 90, some pairs");
}

static void test_nimble_and_poker(void **state)
{
	(void)state;
	memo_clear();
	for (uint8_t count = 1; count <= 3; count++) {
		each_heaps(GAME_NIMBLE, "", count, 7);
	}
	report("nimble, up to 3 coins on squares 0-7");
	memo_clear();
	/* Every current/start pair of up to three heaps, k = 0..2, all adds left. */
	static const char *const poker[] = {
		"k=1 0/2 1/2",          "k=2 0/1 0/2 2/3", "k=2 left=1,2 1/3 2/2", "k=2 left=0,2 3/3 0/1",
		"k=1 left=1,0 2/2 2/2", "k=2 1/2 1/2 1/2", "k=0 1/3 2/3 3/3",      "k=2 1 3/4",
	};
	for (size_t i = 0; i < sizeof poker / sizeof poker[0]; i++) {
		check_text(GAME_POKER_NIM, poker[i]);
	}
	for (unsigned a = 0; a <= 3; a++) {
		for (unsigned sa = a; sa <= 3; sa++) {
			for (unsigned b = 0; b <= 3; b++) {
				for (unsigned sb = b; sb <= 3; sb++) {
					for (unsigned k = 0; k <= 2; k++) {
						char text[64];
						snprintf(text, sizeof text, "k=%u %u/%u %u/%u", k, a, sa, b, sb);
						check_text(GAME_POKER_NIM, text);
					}
				}
			}
		}
	}
	report("poker nim, two heaps to 3, k 0-2");
}

static void test_number_games(void **state)
{
	(void)state;
	memo_clear();
	for (unsigned n = 0; n <= 3000; n++) {
		char text[16];
		snprintf(text, sizeof text, "%u", n);
		check_text(GAME_SUBTRACT_DIGIT, text);
	}
	report("subtract a digit, 0-3000");
	memo_clear();
	for (unsigned a = 0; a <= 300; a++) {
		char text[32];
		snprintf(text, sizeof text, "%u", a);
		check_text(GAME_DIVIDE, text);
		if (a <= 60) {
			for (unsigned b = a; b <= 60; b++) {
				snprintf(text, sizeof text, "%u %u", a, b);
				check_text(GAME_DIVIDE, text);
			}
		}
	}
	report("divide 2/3/6, one number to 300, two to 60");
	memo_clear();
	for (unsigned n = 1; n <= 5000; n++) {
		char text[16];
		snprintf(text, sizeof text, "%u", n);
		check_text(GAME_PRIME_POWER, text);
	}
	report("prime power, 1-5000");
}

static void test_matrix(void **state)
{
	(void)state;
	memo_clear();
	for (unsigned code = 0; code < 81; code++) {
		char text[32];
		unsigned c[4] = { code % 3, code / 3 % 3, code / 9 % 3, code / 27 % 3 };
		snprintf(text, sizeof text, "%u %u / %u %u", c[0], c[1], c[2], c[3]);
		check_text(GAME_MATRIX_NIM, text);
	}
	for (unsigned code = 0; code < 64; code++) {
		char text[32];
		snprintf(text, sizeof text, "%u %u %u / %u %u %u", code & 1, code >> 1 & 1, code >> 2 & 1,
			 code >> 3 & 1, code >> 4 & 1, code >> 5 & 1);
		check_text(GAME_MATRIX_NIM, text);
	}
	report("matrix nim, 2x2 cells to 2, 2x3 cells to 1");
}

static void test_rows(void **state)
{
	(void)state;
	for (uint8_t game = GAME_PEBBLES; game <= GAME_KAYLES; game++) {
		memo_clear();
		for (uint8_t count = 1; count <= 3; count++) {
			each_heaps(game, "", count, 12);
		}
		for (unsigned n = 0; n <= 30; n++) {
			char text[16];
			snprintf(text, sizeof text, "%u", n);
			check_text(game, text);
		}
		report(game == GAME_KAYLES ? "kayles, up to 3 rows of 12, one row to 30"
					   : "pebbles, up to 3 strips of 12, one strip to 30");
	}
}

static void test_wythoff(void **state)
{
	(void)state;
	memo_clear();
	for (unsigned a = 0; a <= 40; a++) {
		for (unsigned b = 0; b <= 40; b++) {
			char text[16];
			snprintf(text, sizeof text, "%u %u", a, b);
			check_text(GAME_WYTHOFF, text);
		}
	}
	report("wythoff, 0-40 x 0-40");
}

/* The largest prime the Prime-power game allows, 2^32 - 5: one prime, the
 * whole number, and the machine's move takes it at once.  (Its factoring
 * tries every divisor up to 65,521, the most any number needs: see
 * numbers.c.) */
static void test_prime_power_largest_prime(void **state)
{
	(void)state;
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_PRIME_POWER, "4294967291"), ENGINE_OK);
	assert_int_equal(pos.count, 1);
	assert_int_equal(pos.u.factors.prime[0], 4294967291u);
	assert_int_equal(pos.u.factors.exponent[0], 1);
	assert_int_equal(engine_outcome(&pos), OUTCOME_N);
	struct move mv;
	assert_true(engine_best_move(&pos, &mv));
	assert_int_equal(engine_check_move(&pos, &mv), ENGINE_OK);
	engine_apply_move(&pos, &mv);
	assert_int_equal(pos.count, 0);
	assert_int_equal(pos.u.factors.n, 1);
	assert_true(engine_game_over(&pos));
	/* 2^32 - 1 = 3 * 5 * 17 * 257 * 65537, the largest number. */
	static const uint32_t primes[] = { 3, 5, 17, 257, 65537 };
	assert_int_equal(engine_parse_position(&pos, GAME_PRIME_POWER, "4294967295"), ENGINE_OK);
	assert_int_equal(pos.count, 5);
	for (uint8_t i = 0; i < 5; i++) {
		assert_int_equal(pos.u.factors.prime[i], primes[i]);
		assert_int_equal(pos.u.factors.exponent[i], 1);
	}
}

/* floor(k * phi) = floor((k + sqrt(5 k^2)) / 2), by a 64-bit integer root. */
static uint32_t wythoff_lower(uint32_t k)
{
	uint64_t square = 5u * (uint64_t)k * k, root = 0;
	for (uint64_t bit = 1ull << 20; bit != 0; bit >>= 1) { /* k < 2^16 */
		if ((root + bit) * (root + bit) <= square) {
			root += bit;
		}
	}
	return (uint32_t)((k + root) / 2u);
}

/* The largest heaps, where a partner above 65535 must never pass for one of
 * 65535: every x against 65534 and 65535, in both orders. */
static void test_wythoff_largest_heaps(void **state)
{
	(void)state;
	static uint32_t partner[65536];
	for (uint32_t x = 0; x <= 65535; x++) {
		partner[x] = UINT32_MAX;
	}
	for (uint32_t k = 0; wythoff_lower(k) <= 65535; k++) {
		uint32_t a = wythoff_lower(k);
		partner[a] = a + k;
		if (a + k <= 65535) {
			partner[a + k] = a;
		}
	}
	unsigned long checked = 0;
	for (uint32_t x = 0; x <= 65535; x++) {
		for (uint32_t y = 65534; y <= 65535; y++) {
			for (uint8_t order = 0; order < 2; order++) {
				struct position pos;
				assert_int_equal(engine_parse_position(&pos, GAME_WYTHOFF, "0 0"), ENGINE_OK);
				pos.u.heap[order] = (uint16_t)x;
				pos.u.heap[1u - order] = (uint16_t)y;
				if ((engine_outcome(&pos) == OUTCOME_P) != (partner[x] == y)) {
					fail_msg("wythoff %u %u: wrong outcome", pos.u.heap[0], pos.u.heap[1]);
				}
				checked++;
			}
		}
	}
	printf("# wythoff, every heap against 65534 and 65535: %lu positions\n", checked);
}

static void test_known_facts(void **state)
{
	(void)state;
	static const struct {
		uint8_t game;
		const char *position;
		char outcome;
	} facts[] = {
		{ GAME_PEBBLES, "20", 'P' },        /* the Persian text */
		{ GAME_MARIENBAD, "1 3 5 7", 'P' }, /* the Odra's game: the first player loses */
		{ GAME_KAYLES, "1 12", 'N' },       /* the Polish 13-pin start */
		{ GAME_WYTHOFF, "3 5", 'P' },
		{ GAME_WYTHOFF, "4 7", 'P' },
		{ GAME_SUBTRACTION, "S=1,3,4 21", 'P' }, /* P-positions: 0 and 2 mod 7 */
		{ GAME_SUBTRACTION, "S=1,3,4 20", 'N' },
		{ GAME_LIMIT_NIM, "k=3 3 4 5", 'N' },
		{ GAME_PRIME_POWER, "56700", 'N' },
		{ GAME_SUBTRACT_DIGIT, "1230", 'P' },
		{ GAME_DIVIDE, "6 11", 'P' },
	};
	for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++) {
		struct position pos;
		assert_int_equal(engine_parse_position(&pos, facts[i].game, facts[i].position), ENGINE_OK);
		if ((engine_outcome(&pos) == OUTCOME_P ? 'P' : 'N') != facts[i].outcome) {
			fail_msg("%s: expected %c", facts[i].position, facts[i].outcome);
		}
	}
}

static int setup(void **state)
{
	(void)state;
	memo = calloc(MEMO_SLOTS, sizeof *memo);
	return memo == NULL;
}

static int teardown(void **state)
{
	(void)state;
	free(memo);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nim_family),
		cmocka_unit_test(test_limit_and_subtraction),
		cmocka_unit_test(test_nimble_and_poker),
		cmocka_unit_test(test_number_games),
		cmocka_unit_test(test_matrix),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_wythoff),
		cmocka_unit_test(test_wythoff_largest_heaps),
		cmocka_unit_test(test_prime_power_largest_prime),
		cmocka_unit_test(test_known_facts),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
