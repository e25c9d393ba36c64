/*
 * Divide by 2/3/6 for the table generator: the intervals of 0..2^32-1 on
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
				       (uint32_t)(table[i].start + (interval_end(i, (uint64_t)UINT32_MAX + 1) - table[i].start) / 2) };
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

int gen_numbers(FILE *c, FILE *h)
{
	if (build_table() != 0 || check_table() != 0) {
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
