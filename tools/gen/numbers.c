/*
 * The number games' tables.
 *
 * Subtract a digit: checkpoints of the Grundy values, so that the engine's
 * forward pass (engine/numbers.c) starts at the last checkpoint below n
 * instead of at 0.  G(n) is the mex of G(n - d) over the nonzero digits d
 * of n, so what the pass carries from one number to the next is the values
 * of the last ten numbers; at a multiple c of DIGIT_CHECKPOINT_STEP (a
 * multiple of 10) that is the value of c and of c - 9 .. c - 1, 3 bits each
 * (a number below 10^6 has at most 6 nonzero digits, so G <= 6), by last
 * digit, in one 32-bit word.  They are found here by the same pass over
 * 0..c, written separately from the engine's; tests/unit's proof checks
 * the engine's value of every n up to its limit against the brute-force
 * solver.
 *
 * Divide by 2/3/6: the intervals of 0..2^32-1 on
 * which the Grundy value is constant.
 *
 * G(0) = 0 (a number that reaches 0 is gone) and
 * G(n) = mex{G(n/2), G(n/3), G(n/6)} with integer division.  The intervals
 * are built in increasing order: on [n, m) the three quotients each stay
 * inside one interval already built as long as m is at most 2, 3 and 6
 * times the end of the quotient's interval, so G is constant there.  This
 * covers every 32-bit number exactly, with no guessing.  The table is then
 * checked against direct mex for every n below 2^21, and against a
 * memoised recursion for numbers spread over the whole 32-bit range.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tools/gen/gen.h"

#define MAX_INTERVALS 256
#define DIRECT_CHECK (1u << 21)

struct interval {
	uint64_t start; /* first n; the interval runs to the next start */
	uint8_t value;
};

static struct interval table[MAX_INTERVALS];
static unsigned intervals;

/* Index of the interval holding n (n already covered). */
static unsigned interval_of(uint64_t n)
{
	unsigned lo = 0, hi = intervals;
	while (hi - lo > 1) {
		unsigned mid = (lo + hi) / 2;
		if (table[mid].start <= n) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	return lo;
}

static uint64_t interval_end(unsigned i, uint64_t covered)
{
	return i + 1 < intervals ? table[i + 1].start : covered;
}

static uint8_t mex3(uint8_t a, uint8_t b, uint8_t c)
{
	uint8_t g = 0;
	while (g == a || g == b || g == c) {
		g++;
	}
	return g;
}

static int build_table(void)
{
	/* 0 is the removed number. */
	table[0] = (struct interval){ 0, 0 };
	intervals = 1;
	uint64_t n = 1; /* everything below n is covered */
	while (n <= UINT32_MAX) {
		static const unsigned divisors[3] = { 2, 3, 6 };
		uint8_t v[3];
		uint64_t end = (uint64_t)UINT32_MAX + 1;
		for (unsigned d = 0; d < 3; d++) {
			uint64_t q = n / divisors[d];
			unsigned i = interval_of(q);
			v[d] = table[i].value;
			/* Quotients stay in q's interval (or, for the last one, in
			 * its part below n, which is all built) until this limit. */
			uint64_t limit = interval_end(i, n) * divisors[d];
			if (limit < end) {
				end = limit;
			}
		}
		uint8_t g = mex3(v[0], v[1], v[2]);
		if (table[intervals - 1].value != g) {
			if (intervals == MAX_INTERVALS) {
				fprintf(stderr, "gen_numbers: more than %u intervals\n", MAX_INTERVALS);
				return 1;
			}
			table[intervals++] = (struct interval){ n, g };
		}
		n = end;
	}
	return 0;
}

static uint8_t table_value(uint32_t n)
{
	return table[interval_of(n)].value;
}

/* G(n) the slow way, memoised over the few quotients n / (2^a 3^b). */
struct memo {
	uint32_t key[4096];
	uint8_t value[4096];
	unsigned used;
};

static uint8_t recursive_value(struct memo *m, uint32_t n)
{
	if (n == 0) {
		return 0;
	}
	for (unsigned i = 0; i < m->used; i++) {
		if (m->key[i] == n) {
			return m->value[i];
		}
	}
	uint8_t g = mex3(recursive_value(m, n / 2), recursive_value(m, n / 3), recursive_value(m, n / 6));
	if (m->used < 4096) {
		m->key[m->used] = n;
		m->value[m->used] = g;
		m->used++;
	}
	return g;
}

static int check_table(void)
{
	static uint8_t direct[DIRECT_CHECK];
	direct[0] = 0;
	for (uint32_t n = 1; n < DIRECT_CHECK; n++) {
		direct[n] = mex3(direct[n / 2], direct[n / 3], direct[n / 6]);
		if (table_value(n) != direct[n]) {
			fprintf(stderr, "gen_numbers: divide table wrong at %u\n", n);
			return 1;
		}
	}
	/* Both ends of every interval, and a spread of numbers between. */
	static struct memo memo;
	for (unsigned i = 1; i < intervals; i++) {
		uint32_t probes[3] = { (uint32_t)table[i].start, (uint32_t)(table[i].start - 1),
				       (uint32_t)(table[i].start +
						  (interval_end(i, (uint64_t)UINT32_MAX + 1) - table[i].start) / 2) };
		for (unsigned k = 0; k < 3; k++) {
			memo.used = 0;
			if (recursive_value(&memo, probes[k]) != table_value(probes[k])) {
				fprintf(stderr, "gen_numbers: divide table wrong at %u\n", probes[k]);
				return 1;
			}
		}
	}
	for (uint64_t n = 7; n <= UINT32_MAX; n = n * 7 / 5 + 1) {
		memo.used = 0;
		if (recursive_value(&memo, (uint32_t)n) != table_value((uint32_t)n)) {
			fprintf(stderr, "gen_numbers: divide table wrong at %u\n", (uint32_t)n);
			return 1;
		}
	}
	return 0;
}

/* ---- Subtract a digit's checkpoints ---- */

/* A step of 10,000: a checkpoint's digits are 0 but its fifth, which
 * engine/numbers.c sets from the checkpoint's number alone. */
#define DIGIT_STEP 10000u
#define DIGIT_CHECKPOINTS 10u
#define DIGIT_VALUE_MOST 6u

static int gen_digit_checkpoints(FILE *c, FILE *h)
{
	uint32_t checkpoint[DIGIT_CHECKPOINTS];
	uint8_t latest[10] = { 0 }; /* G of the latest number ending in each digit */
	for (uint32_t m = 0; m <= (DIGIT_CHECKPOINTS - 1u) * DIGIT_STEP; m++) {
		if (m > 0) {
			unsigned seen = 0;
			for (uint32_t rest = m; rest != 0; rest /= 10u) {
				uint32_t d = rest % 10u;
				if (d != 0) {
					seen |= 1u << latest[(m - d) % 10u];
				}
			}
			uint8_t g = 0;
			while (seen & (1u << g)) {
				g++;
			}
			if (g > DIGIT_VALUE_MOST) {
				fprintf(stderr, "gen_numbers: subtract a digit's G(%u) = %u needs more than 3 bits\n",
					m, g);
				return 1;
			}
			latest[m % 10u] = g;
		}
		if (m % DIGIT_STEP == 0) {
			uint32_t word = 0;
			for (unsigned d = 10; d-- > 0;) {
				word = word << 3 | latest[d];
			}
			checkpoint[m / DIGIT_STEP] = word;
		}
	}
	fprintf(h, "/* Subtract a digit: digit_checkpoints[i] holds, 3 bits each from bit 0,\n"
		   " * the Grundy value of the latest number up to i * DIGIT_CHECKPOINT_STEP\n"
		   " * that ends in digit 0, 1, ... 9. */\n");
	fprintf(h, "#define DIGIT_CHECKPOINT_STEP %uu\n#define DIGIT_CHECKPOINTS %uu\n", DIGIT_STEP, DIGIT_CHECKPOINTS);
	fprintf(h, "extern const uint32_t digit_checkpoints[%u] ENGINE_FLASH;\n\n", DIGIT_CHECKPOINTS);
	fprintf(c, "const uint32_t digit_checkpoints[%u] ENGINE_FLASH = {", DIGIT_CHECKPOINTS);
	for (unsigned i = 0; i < DIGIT_CHECKPOINTS; i++) {
		fprintf(c, "%s0x%08xu,", i % 5 == 0 ? "\n\t" : " ", (unsigned)checkpoint[i]);
	}
	fprintf(c, "\n};\n\n");
	return 0;
}

int gen_numbers(FILE *c, FILE *h)
{
	if (gen_digit_checkpoints(c, h) != 0 || build_table() != 0 || check_table() != 0) {
		return 1;
	}
	fprintf(h, "/* Divide 2/3/6: G(n) = divide_values[i] for divide_starts[i] <= n <\n"
		   " * divide_starts[i + 1] (the last interval runs to 2^32 - 1). */\n");
	fprintf(h, "#define DIVIDE_INTERVALS %uu\n", intervals);
	fprintf(h, "extern const uint32_t divide_starts[%u] ENGINE_FLASH;\n", intervals);
	fprintf(h, "extern const uint8_t divide_values[%u] ENGINE_FLASH;\n\n", intervals);
	fprintf(c, "const uint32_t divide_starts[%u] ENGINE_FLASH = {", intervals);
	for (unsigned i = 0; i < intervals; i++) {
		fprintf(c, "%s%lluu,", i % 6 == 0 ? "\n\t" : " ", (unsigned long long)table[i].start);
	}
	fprintf(c, "\n};\n\nconst uint8_t divide_values[%u] ENGINE_FLASH = {", intervals);
	for (unsigned i = 0; i < intervals; i++) {
		fprintf(c, "%s%u,", i % 20 == 0 ? "\n\t" : " ", table[i].value);
	}
	fprintf(c, "\n};\n\n");
	return 0;
}
