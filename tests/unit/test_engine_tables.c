/*
 * The engine's closed forms and generated tables against direct
 * computation written here from the rules, far past where the tables end:
 * Kayles and the pebble strip (pre-period and one period in flash) against
 * mex over every move; every subtraction set; the divide-2/3/6 intervals
 * (and the engine's closed form against the generated ones);
 * subtract-a-digit's Grundy pass; Wythoff's integer-only losing pairs
 * against a 64-bit reference, for every heap up to 65535.
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
#include "engine_tables.h"

static struct position parse(uint8_t game, const char *text)
{
	struct position pos;
	if (engine_parse_position(&pos, game, text) != ENGINE_OK) {
		fail_msg("cannot parse %s", text);
	}
	return pos;
}

static int32_t grundy_of(uint8_t game, const char *format, ...)
{
	char text[128];
	va_list args;
	va_start(args, format);
	vsnprintf(text, sizeof text, format, args);
	va_end(args);
	struct position pos = parse(game, text);
	return engine_grundy(&pos);
}

/* Kayles or pebbles rows, the record built directly: the parser takes
 * only rows that can never split into more than the record holds (a row of
 * 80 pins, a strip of 160 cells), but the tables serve any row of 0..65535,
 * and are checked here far past where they end. */
static int32_t rows_grundy(uint8_t game, uint8_t count, uint16_t a, uint16_t b)
{
	struct position pos;
	memset(&pos, 0, sizeof pos);
	pos.game = game;
	pos.count = count;
	pos.u.row[0] = a;
	pos.u.row[1] = b;
	return engine_grundy(&pos);
}

static unsigned mex_of(const uint8_t *seen, unsigned size)
{
	unsigned g = 0;
	while (g < size && seen[g]) {
		g++;
	}
	return g;
}

/* Single rows by mex over the moves as the rules state them. */
#define ROWS_DIRECT 4000

static void kayles_direct(uint8_t *g)
{
	for (unsigned n = 0; n < ROWS_DIRECT; n++) {
		uint8_t seen[64] = { 0 };
		for (unsigned take = 1; take <= 2 && take <= n; take++) {
			for (unsigned left = 0; left + take <= n; left++) {
				seen[g[left] ^ g[n - take - left]] = 1;
			}
		}
		g[n] = (uint8_t)mex_of(seen, 64);
	}
}

static void pebbles_direct(uint8_t *g)
{
	for (unsigned n = 0; n < ROWS_DIRECT; n++) {
		uint8_t seen[64] = { 0 };
		/* A pebble on cell c (0-based) blocks c-1, c, c+1. */
		for (unsigned c = 0; c < n; c++) {
			unsigned left = c >= 1 ? c - 1 : 0;
			unsigned right = c + 2 <= n ? n - c - 2 : 0;
			seen[g[left] ^ g[right]] = 1;
		}
		g[n] = (uint8_t)mex_of(seen, 64);
	}
}

static void test_octal_tables(void **state)
{
	(void)state;
	static uint8_t g[ROWS_DIRECT];
	unsigned long checked = 0;
	for (uint8_t game = GAME_PEBBLES; game <= GAME_KAYLES; game++) {
		if (game == GAME_KAYLES) {
			kayles_direct(g);
		} else {
			pebbles_direct(g);
		}
		for (unsigned n = 0; n < ROWS_DIRECT; n++) {
			if (rows_grundy(game, 1, (uint16_t)n, 0) != g[n]) {
				fail_msg("%s row %u: engine %d, direct %u", game == GAME_KAYLES ? "kayles" : "pebbles",
					 n, (int)rows_grundy(game, 1, (uint16_t)n, 0), g[n]);
			}
			checked++;
		}
		/* Pairs of rows add as Nim heaps. */
		for (unsigned a = 0; a < 200; a += 7) {
			for (unsigned b = 1000; b < ROWS_DIRECT; b += 97) {
				assert_int_equal(rows_grundy(game, 2, (uint16_t)a, (uint16_t)b), g[a] ^ g[b]);
				checked++;
			}
		}
	}
	assert_int_equal(grundy_of(GAME_PEBBLES, "20"), 0);
	printf("# octal tables: %lu values checked against direct mex up to %u\n", checked, ROWS_DIRECT - 1);
}

static void test_subtraction_sets(void **state)
{
	(void)state;
	static uint8_t g[65536];
	unsigned long checked = 0;
	for (unsigned set = 1; set <= 255; set++) {
		char s_text[32];
		int n = snprintf(s_text, sizeof s_text, "S=");
		for (unsigned s = 1; s <= 8; s++) {
			if (set & (1u << (s - 1))) {
				n += snprintf(s_text + n, sizeof s_text - (size_t)n, "%s%u", n > 2 ? "," : "", s);
			}
		}
		/* Every 16th set all the way to 65535, the others to 2000. */
		unsigned last = set % 16 == 1 ? 65535 : 2000;
		for (unsigned h = 0; h <= last; h++) {
			uint8_t seen[16] = { 0 };
			for (unsigned s = 1; s <= 8 && s <= h; s++) {
				if (set & (1u << (s - 1))) {
					seen[g[h - s]] = 1;
				}
			}
			g[h] = (uint8_t)mex_of(seen, 16);
		}
		for (unsigned h = 0; h <= last; h += (h < 2000 ? 1 : 61)) {
			if (grundy_of(GAME_SUBTRACTION, "%s %u", s_text, h) != g[h]) {
				fail_msg("%s heap %u: engine %d, direct %u", s_text, h,
					 (int)grundy_of(GAME_SUBTRACTION, "%s %u", s_text, h), g[h]);
			}
			checked++;
		}
		assert_int_equal(grundy_of(GAME_SUBTRACTION, "%s %u", s_text, last), g[last]);
	}
	printf("# subtraction: all 255 sets, %lu values checked against direct mex\n", checked);
}

static uint8_t mex3(uint8_t a, uint8_t b, uint8_t c)
{
	uint8_t g = 0;
	while (g == a || g == b || g == c) {
		g++;
	}
	return g;
}

/* G(n) for divide 2/3/6 by recursion over the few quotients n / (2^a 3^b). */
static uint8_t divide_recursive(uint32_t n, uint32_t *keys, uint8_t *values, unsigned *used)
{
	if (n == 0) {
		return 0;
	}
	for (unsigned i = 0; i < *used; i++) {
		if (keys[i] == n) {
			return values[i];
		}
	}
	uint8_t g = mex3(divide_recursive(n / 2, keys, values, used), divide_recursive(n / 3, keys, values, used),
			 divide_recursive(n / 6, keys, values, used));
	if (*used < 2048) {
		keys[*used] = n;
		values[*used] = g;
		(*used)++;
	}
	return g;
}

static void test_divide_intervals(void **state)
{
	(void)state;
	enum { DIRECT = 1 << 20 };
	static uint8_t g[DIRECT];
	unsigned long checked = 0;
	g[0] = 0;
	for (uint32_t n = 1; n < DIRECT; n++) {
		g[n] = mex3(g[n / 2], g[n / 3], g[n / 6]);
	}
	for (uint32_t n = 0; n < DIRECT; n += (n < 100000 ? 1 : 13)) {
		if (grundy_of(GAME_DIVIDE, "%u", n) != g[n]) {
			fail_msg("divide %u: engine %d, direct %u", n, (int)grundy_of(GAME_DIVIDE, "%u", n), g[n]);
		}
		checked++;
	}
	/* The interval structure the rulebook notes: 12^k * {1, 2, 4, 6}. */
	static uint32_t keys[2048];
	static uint8_t values[2048];
	for (uint64_t p = 1; p * 12 <= UINT32_MAX; p *= 12) {
		static const unsigned edges[] = { 1, 2, 4, 6, 12 };
		for (unsigned e = 0; e < 5; e++) {
			uint64_t at = p * edges[e];
			for (int64_t d = -1; d <= 1 && at + (uint64_t)(d + 1) <= (uint64_t)UINT32_MAX + 1; d++) {
				uint32_t n = (uint32_t)((int64_t)at + d);
				unsigned used = 0;
				assert_int_equal(grundy_of(GAME_DIVIDE, "%u", n),
						 divide_recursive(n, keys, values, &used));
				checked++;
			}
		}
	}
	for (uint64_t n = 1; n <= UINT32_MAX; n = n * 3 / 2 + 7) {
		unsigned used = 0;
		assert_int_equal(grundy_of(GAME_DIVIDE, "%u", (uint32_t)n),
				 divide_recursive((uint32_t)n, keys, values, &used));
		checked++;
	}
	/* The engine's closed form against the intervals the generator derives
	 * from the rules up to 2^32 - 1: they start at 0 and at 12^k times 1,
	 * 2, 4 and 6, and the engine's value is the interval's at both ends. */
	unsigned interval = 1;
	for (uint64_t p = 1; p <= UINT32_MAX; p *= 12) {
		static const unsigned starts[] = { 1, 2, 4, 6 };
		for (unsigned e = 0; e < 4 && p * starts[e] <= UINT32_MAX; e++) {
			assert_true(interval < DIVIDE_INTERVALS);
			assert_int_equal(divide_starts[interval], p * starts[e]);
			interval++;
		}
	}
	assert_int_equal(interval, DIVIDE_INTERVALS);
	assert_int_equal(divide_starts[0], 0);
	for (unsigned i = 0; i < DIVIDE_INTERVALS; i++) {
		uint32_t last = i + 1 < DIVIDE_INTERVALS ? divide_starts[i + 1] - 1 : UINT32_MAX;
		assert_int_equal(grundy_of(GAME_DIVIDE, "%u", divide_starts[i]), divide_values[i]);
		assert_int_equal(grundy_of(GAME_DIVIDE, "%u", last), divide_values[i]);
		checked += 2;
	}
	unsigned used = 0;
	assert_int_equal(grundy_of(GAME_DIVIDE, "4294967295"), divide_recursive(UINT32_MAX, keys, values, &used));
	assert_int_equal(grundy_of(GAME_DIVIDE, "12 35 7"), g[12] ^ g[35] ^ g[7]);
	printf("# divide 2/3/6: %lu values checked (direct below 2^20, recursion above)\n", checked);
}

static void test_subtract_digit_values(void **state)
{
	(void)state;
	enum { LAST = 100000 };
	static uint8_t g[LAST + 1];
	g[0] = 0;
	for (unsigned n = 1; n <= LAST; n++) {
		uint8_t seen[16] = { 0 };
		for (unsigned m = n; m != 0; m /= 10) {
			if (m % 10 != 0) {
				seen[g[n - m % 10]] = 1;
			}
		}
		g[n] = (uint8_t)mex_of(seen, 16);
		/* Each value costs a pass from 1 to n: check all to 3000, then a spread. */
		if (n <= 3000 || n % 997 == 0 || n > LAST - 20) {
			assert_int_equal(grundy_of(GAME_SUBTRACT_DIGIT, "%u", n), g[n]);
		}
		struct position pos = parse(GAME_SUBTRACT_DIGIT, "0");
		pos.u.number[0] = n;
		assert_int_equal(engine_outcome(&pos) == OUTCOME_P, g[n] == 0);
	}
	assert_int_equal(grundy_of(GAME_SUBTRACT_DIGIT, "100001"), ENGINE_GRUNDY_UNKNOWN);
	printf("# subtract a digit: Grundy values to 100000 checked against direct mex\n");
}

/* floor(k * phi) in 64 bits, the reference: floor((k + k*sqrt(5)) / 2). */
static uint64_t reference_lower(uint64_t k)
{
	uint64_t five = 5 * k * k;
	uint64_t lo = 0, hi = 1ull << 32; /* r*r <= five < hi*hi */
	while (hi - lo > 1) {
		uint64_t mid = (lo + hi) / 2;
		if (mid * mid <= five) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	return (k + lo) / 2;
}

static void test_wythoff_pairs(void **state)
{
	(void)state;
	static uint32_t partner[65536];
	for (unsigned i = 0; i < 65536; i++) {
		partner[i] = UINT32_MAX;
	}
	for (uint64_t k = 0;; k++) {
		uint64_t a = reference_lower(k), b = a + k;
		if (a > 65535) {
			break;
		}
		partner[a] = (uint32_t)b;
		if (b <= 65535) {
			partner[b] = (uint32_t)a;
		}
	}
	unsigned long checked = 0;
	/* For every heap x, the one y that makes (x, y) losing, and its neighbours. */
	for (uint32_t x = 0; x <= 65535; x++) {
		if (partner[x] > 65535) {
			continue;
		}
		uint32_t y = partner[x];
		struct position pos = parse(GAME_WYTHOFF, "0 0");
		pos.u.heap[0] = (uint16_t)x;
		pos.u.heap[1] = (uint16_t)y;
		if (engine_outcome(&pos) != OUTCOME_P) {
			fail_msg("wythoff %u %u should be P", x, y);
		}
		checked++;
		for (int d = -1; d <= 1; d += 2) {
			if ((int64_t)y + d < 0 || (int64_t)y + d > 65535) {
				continue;
			}
			pos.u.heap[1] = (uint16_t)(y + (uint32_t)d);
			assert_int_equal(engine_outcome(&pos), OUTCOME_N);
			struct move mv;
			assert_true(engine_best_move(&pos, &mv));
			assert_int_equal(engine_check_move(&pos, &mv), ENGINE_OK);
			engine_apply_move(&pos, &mv);
			if (engine_outcome(&pos) != OUTCOME_P) {
				fail_msg("wythoff %u %u: best move leaves N", x, y + (uint32_t)d);
			}
			checked++;
		}
	}
	/* Every position up to 300 x 300, and a spread of large ones. */
	for (uint32_t x = 0; x <= 65535; x += (x < 300 ? 1 : 251)) {
		for (uint32_t y = 0; y <= 65535; y += (y < 300 ? 1 : 257)) {
			struct position pos = parse(GAME_WYTHOFF, "0 0");
			pos.u.heap[0] = (uint16_t)x;
			pos.u.heap[1] = (uint16_t)y;
			bool losing = partner[x] == y;
			assert_int_equal(engine_outcome(&pos) == OUTCOME_P, losing);
			struct move mv;
			if (x + y > 0) {
				assert_true(engine_best_move(&pos, &mv));
				assert_int_equal(engine_check_move(&pos, &mv), ENGINE_OK);
				engine_apply_move(&pos, &mv);
				if (!losing && partner[pos.u.heap[0]] != pos.u.heap[1]) {
					fail_msg("wythoff %u %u: best move leaves N", x, y);
				}
			}
			checked++;
		}
	}
	printf("# wythoff: %lu positions checked against the 64-bit reference\n", checked);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_octal_tables),     cmocka_unit_test(test_subtraction_sets),
		cmocka_unit_test(test_divide_intervals), cmocka_unit_test(test_subtract_digit_values),
		cmocka_unit_test(test_wythoff_pairs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
