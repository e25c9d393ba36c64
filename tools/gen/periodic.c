/*
 * Periodic games for the table generator: Kayles and the pebble strip
 * (octal games), and the check of the device's subtraction-game algorithm.
 *
 * Octal games: the Grundy sequence is computed directly by mex far enough
 * to see a period, and the period is then proved with the Guy-Smith
 * theorem: if G(n + p) = G(n) for every n0 <= n < 2*n0 + p + t, where t is
 * the most pieces one move removes, then G(n + p) = G(n) for every n >= n0.
 * Only the pre-period G(0..n0-1) and one period G(n0..n0+p-1) go to flash.
 *
 * Subtraction games: the device finds each set's period on the fly
 * (engine/subtraction.c, linked here unchanged).  This runs that code for
 * all 255 sets S within 1..8, checks every answer against direct mex far
 * past the period, and emits the smallest buffer size that serves all sets.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/subtraction.h"
#include "tools/gen/gen.h"

/* Values computed directly: well past 2*n0 + 2p + t for both games. */
#define OCTAL_LENGTH 3000
#define OCTAL_MAX_PERIOD 500
#define SUBTRACTION_CHECK_LENGTH 2000

struct octal_game {
	const char *name;  /* the table's name, e.g. kayles_values */
	const char *macro; /* prefix of its constants, e.g. KAYLES_PRE */
	const char *code;  /* octal code after "0.", digit j for removing j pieces */
};

static unsigned mex(const uint8_t *seen, unsigned size)
{
	unsigned g = 0;
	while (g < size && seen[g]) {
		g++;
	}
	return g;
}

/*
 * Digit d_j of an octal code says what removing j pieces may leave:
 * bit 0 nothing (the whole heap), bit 1 one heap, bit 2 two heaps.
 */
static void octal_values(const char *code, uint8_t *g, unsigned length)
{
	unsigned t = 0;
	while (code[t] != '\0') {
		t++;
	}
	for (unsigned n = 0; n < length; n++) {
		uint8_t seen[256] = { 0 };
		for (unsigned j = 1; j <= t && j <= n; j++) {
			unsigned d = (unsigned)(code[j - 1] - '0');
			unsigned rest = n - j;
			if ((d & 1u) && rest == 0) {
				seen[0] = 1;
			}
			if ((d & 2u) && rest > 0) {
				seen[g[rest]] = 1;
			}
			if (d & 4u) {
				for (unsigned a = 1; a + 1 <= rest && a <= rest - a; a++) {
					seen[g[a] ^ g[rest - a]] = 1;
				}
			}
		}
		g[n] = (uint8_t)mex(seen, 256);
		if (g[n] > 250) {
			fprintf(stderr, "gen_periodic: octal 0.%s values grow past a byte\n", code);
			exit(1);
		}
	}
}

/* The smallest period p (and its pre-period) that holds over the whole
 * computed range; then the Guy-Smith condition, which must fit inside it. */
static int octal_prove(const struct octal_game *game, const uint8_t *g, unsigned length, unsigned *pre,
		       unsigned *period)
{
	unsigned t = 0;
	while (game->code[t] != '\0') {
		t++;
	}
	for (unsigned p = 1; p <= OCTAL_MAX_PERIOD; p++) {
		/* The last n where G(n + p) != G(n), looking back from the end. */
		unsigned n0 = 0;
		for (unsigned n = length - p; n-- > 0;) {
			if (g[n + p] != g[n]) {
				n0 = n + 1;
				break;
			}
		}
		if (n0 + 2 * p > length / 2) {
			continue; /* not seen to repeat long enough to be a candidate */
		}
		unsigned bound = 2 * n0 + p + t;
		if (bound + p > length) {
			fprintf(stderr, "gen_periodic: 0.%s: computed range too short for the proof\n", game->code);
			return 1;
		}
		for (unsigned n = n0; n < bound; n++) {
			if (g[n + p] != g[n]) {
				fprintf(stderr, "gen_periodic: 0.%s: Guy-Smith proof fails at %u\n", game->code, n);
				return 1;
			}
		}
		*pre = n0;
		*period = p;
		return 0;
	}
	fprintf(stderr, "gen_periodic: 0.%s: no period found\n", game->code);
	return 1;
}

/* Two values a byte (every value is below 16): value n in the low half of
 * byte n / 2 when n is even, in the high half when it is odd. */
static int emit_nibbles(FILE *c, const struct octal_game *game, const uint8_t *v, unsigned count)
{
	fprintf(c, "const uint8_t %s[%u] ENGINE_FLASH = {", game->name, (count + 1u) / 2u);
	for (unsigned i = 0; i < count; i += 2) {
		unsigned high = i + 1u < count ? v[i + 1u] : 0u;
		if (v[i] > 15u || high > 15u) {
			fprintf(stderr, "gen_periodic: 0.%s: a value above 15 does not fit half a byte\n", game->code);
			return 1;
		}
		fprintf(c, "%s0x%02x,", i % 24u == 0 ? "\n\t" : " ", (unsigned)(v[i] | high << 4));
	}
	fprintf(c, "\n};\n\n");
	return 0;
}

static int gen_octal(FILE *c, FILE *h, const struct octal_game *game)
{
	static uint8_t g[OCTAL_LENGTH];
	unsigned pre, period;
	octal_values(game->code, g, OCTAL_LENGTH);
	if (octal_prove(game, g, OCTAL_LENGTH, &pre, &period) != 0) {
		return 1;
	}
	fprintf(h,
		"/* Octal 0.%s: G(n) for n < %s_PRE, then one period, proved by\n"
		" * Guy-Smith from n = %u with period %u; two values a byte, G(n) in\n"
		" * the low half of byte n / 2 for even n, in the high half for odd n. */\n",
		game->code, game->macro, pre, period);
	fprintf(h, "#define %s_PRE %uu\n#define %s_PERIOD %uu\n", game->macro, pre, game->macro, period);
	fprintf(h, "extern const uint8_t %s[%u] ENGINE_FLASH;\n\n", game->name, (pre + period + 1u) / 2u);
	return emit_nibbles(c, game, g, pre + period);
}

/* ---- subtraction games ---- */

static void subtraction_direct(unsigned set, uint8_t *g, unsigned length)
{
	for (unsigned n = 0; n < length; n++) {
		uint8_t seen[16] = { 0 };
		for (unsigned s = 1; s <= 8 && s <= n; s++) {
			if (set & (1u << (s - 1))) {
				seen[g[n - s]] = 1;
			}
		}
		g[n] = (uint8_t)mex(seen, 16);
	}
}

/* The device's answers for one set, computing `size` values, checked
 * against direct mex far past the period; the period, or 0 if wrong. */
static unsigned subtraction_check(unsigned set, uint8_t size, const uint8_t *g)
{
	uint8_t device[255];
	uint8_t period = subtraction_solve((uint8_t)set, device, size);
	if (period == 0) {
		return 0;
	}
	for (unsigned n = 0; n < SUBTRACTION_CHECK_LENGTH; n++) {
		if (subtraction_value(device, size, period, (uint16_t)n) != g[n]) {
			return 0;
		}
	}
	return period;
}

/* The smallest number of values that gives every set its period. */
static int gen_subtraction(FILE *h)
{
	static uint8_t g[255][SUBTRACTION_CHECK_LENGTH];
	for (unsigned set = 1; set <= 255; set++) {
		subtraction_direct(set, g[set - 1], SUBTRACTION_CHECK_LENGTH);
	}
	for (unsigned size = 9; size <= 255; size++) {
		unsigned longest = 0, set = 1;
		for (; set <= 255; set++) {
			unsigned period = subtraction_check(set, (uint8_t)size, g[set - 1]);
			if (period == 0) {
				break;
			}
			longest = period > longest ? period : longest;
		}
		if (set > 255) {
			fprintf(h,
				"/* Subtraction games: values the device computes to find the period of\n"
				" * any S within 1..8 (checked for all 255 sets against direct mex up to\n"
				" * %u; the longest period is %u). */\n",
				SUBTRACTION_CHECK_LENGTH - 1, longest);
			fprintf(h, "#define SUBTRACTION_VALUES %uu\n\n", size);
			return 0;
		}
	}
	fprintf(stderr, "gen_periodic: subtraction: no number of values up to 255 finds every period\n");
	return 1;
}

int gen_periodic(FILE *c, FILE *h)
{
	static const struct octal_game kayles = { "kayles_values", "KAYLES", "77" };
	static const struct octal_game pebbles = { "pebbles_values", "PEBBLES", "137" };
	return gen_octal(c, h, &kayles) || gen_octal(c, h, &pebbles) || gen_subtraction(h);
}
