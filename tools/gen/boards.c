/*
 * Tables of the board games: every position of each game is solved here,
 * the keys (engine/board_keys.h) of the losing positions are collected, and
 * the set of keys is written as an Elias-Fano set (engine/losing_set.h).
 * Before anything is written, the set is read back with the engine's own
 * decoder: every key of the universe, and every position of the game
 * through its key, must come out exactly as solved, or the build fails.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board_keys.h"
#include "engine/losing_set.h"
#include "tools/gen/gen.h"

/* The most bits a lookup may walk in the unary part: it bounds the time of
 * a lookup on the device (about 10 cycles a bit). */
#define MAX_WALK_BITS 96u

/* Universes up to this size are read back key by key. */
#define FULL_CHECK_UNIVERSE ((uint32_t)1 << 20)

/* ---- sets of keys ---- */

struct key_set {
	uint32_t *keys;
	uint32_t count;
	uint32_t capacity;
	uint32_t universe; /* every key is below it */
};

static int key_set_init(struct key_set *set, uint32_t universe)
{
	set->count = 0;
	set->capacity = 1024;
	set->universe = universe;
	set->keys = malloc(set->capacity * sizeof set->keys[0]);
	if (set->keys == NULL) {
		fprintf(stderr, "gen_boards: out of memory\n");
		return 1;
	}
	return 0;
}

static int key_set_add(struct key_set *set, uint32_t key)
{
	if (set->count == set->capacity) {
		uint32_t *grown = realloc(set->keys, 2u * set->capacity * sizeof set->keys[0]);
		if (grown == NULL) {
			fprintf(stderr, "gen_boards: out of memory\n");
			return 1;
		}
		set->keys = grown;
		set->capacity *= 2u;
	}
	set->keys[set->count++] = key;
	return 0;
}

static int compare_keys(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a;
	uint32_t y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* Sorts the keys and drops repeats (positions of one class share a key). */
static void key_set_finish(struct key_set *set)
{
	qsort(set->keys, set->count, sizeof set->keys[0], compare_keys);
	uint32_t kept = 0;
	for (uint32_t i = 0; i < set->count; i++) {
		if (kept == 0 || set->keys[kept - 1] != set->keys[i]) {
			set->keys[kept++] = set->keys[i];
		}
	}
	set->count = kept;
}

/* ---- Elias-Fano encoding ---- */

struct encoding {
	uint8_t *bytes;
	uint32_t size;
	uint8_t low_bits;
	uint8_t sample_shift;
	uint32_t walk_bits; /* the longest walk a lookup makes */
};

static void put_bit(uint8_t *bytes, uint32_t at)
{
	bytes[at >> 3] |= (uint8_t)(1u << (at & 7u));
}

/* Size in bytes and longest walk of the set with these parameters, or 0
 * when the parameters do not fit the decoder's 16-bit counters. */
static uint32_t encoded_size(const struct key_set *set, uint8_t low_bits, uint8_t sample_shift,
			     uint32_t *walk_bits)
{
	uint32_t buckets = (uint32_t)(((uint64_t)set->universe + ((uint64_t)1 << low_bits) - 1u) >> low_bits);
	uint32_t samples = ((buckets - 1u) >> sample_shift) + 1u;
	if (buckets > 0xFFFFu || set->count + buckets > 0xFFFFu || set->count * low_bits > 0xFFFFu ||
	    set->count > 0xFFFFu) {
		return 0;
	}
	/* The walk to bucket h passes every bucket from the sampled one up
	 * to h: one 0 for each and one 1 for each key in them. */
	uint32_t longest = 0;
	uint32_t walk = 0;
	uint32_t next = 0;
	for (uint32_t bucket = 0; bucket < buckets; bucket++) {
		if ((bucket & ((1u << sample_shift) - 1u)) == 0) {
			walk = 0;
		}
		walk++;
		while (next < set->count && (set->keys[next] >> low_bits) == bucket) {
			walk++;
			next++;
		}
		if (walk > longest) {
			longest = walk;
		}
	}
	*walk_bits = longest;
	return LOSING_SET_HEADER_BYTES + 2u * samples + (set->count + buckets + 7u) / 8u +
	       (set->count * low_bits + 7u) / 8u;
}

/* The smallest encoding whose lookups walk at most MAX_WALK_BITS. */
static int encode(const struct key_set *set, struct encoding *out)
{
	uint32_t best = 0;
	for (uint8_t low_bits = 0; low_bits <= 16; low_bits++) {
		for (uint8_t shift = 0; shift <= 15; shift++) {
			uint32_t walk = 0;
			uint32_t size = encoded_size(set, low_bits, shift, &walk);
			if (size != 0 && walk <= MAX_WALK_BITS && (best == 0 || size < best)) {
				best = size;
				out->low_bits = low_bits;
				out->sample_shift = shift;
				out->walk_bits = walk;
			}
		}
	}
	if (best == 0) {
		fprintf(stderr, "gen_boards: no encoding fits %u keys in %u\n", (unsigned)set->count,
			(unsigned)set->universe);
		return 1;
	}
	out->size = best;
	out->bytes = calloc(best, 1);
	if (out->bytes == NULL) {
		fprintf(stderr, "gen_boards: out of memory\n");
		return 1;
	}
	uint8_t low_bits = out->low_bits;
	uint8_t shift = out->sample_shift;
	uint32_t buckets = (uint32_t)(((uint64_t)set->universe + ((uint64_t)1 << low_bits) - 1u) >> low_bits);
	uint32_t samples = ((buckets - 1u) >> shift) + 1u;
	uint8_t *b = out->bytes;
	b[0] = (uint8_t)set->count;
	b[1] = (uint8_t)(set->count >> 8);
	b[2] = (uint8_t)buckets;
	b[3] = (uint8_t)(buckets >> 8);
	b[4] = low_bits;
	b[5] = shift;
	uint8_t *high = b + LOSING_SET_HEADER_BYTES + 2u * samples;
	uint8_t *low = high + (set->count + buckets + 7u) / 8u;
	uint32_t next = 0;
	for (uint32_t bucket = 0; bucket < buckets; bucket++) {
		if ((bucket & ((1u << shift) - 1u)) == 0) {
			uint8_t *sample = b + LOSING_SET_HEADER_BYTES + 2u * (bucket >> shift);
			sample[0] = (uint8_t)next;
			sample[1] = (uint8_t)(next >> 8);
		}
		while (next < set->count && (set->keys[next] >> low_bits) == bucket) {
			put_bit(high, next + bucket);
			uint32_t value = set->keys[next] & ((1u << low_bits) - 1u);
			for (uint8_t bit = 0; bit < low_bits; bit++) {
				if (value & (1u << bit)) {
					put_bit(low, next * low_bits + bit);
				}
			}
			next++;
		}
	}
	return 0;
}

/* Reads the set back through the engine's decoder: every stored key, and
 * every key of the universe when it is small enough to walk. */
static int check_decoding(const char *name, const struct key_set *set, const struct encoding *enc)
{
	for (uint32_t i = 0; i < set->count; i++) {
		if (!losing_set_contains(enc->bytes, set->keys[i])) {
			fprintf(stderr, "gen_boards: %s: key %u decodes as absent\n", name, (unsigned)set->keys[i]);
			return 1;
		}
	}
	if (set->universe > FULL_CHECK_UNIVERSE) {
		return 0;
	}
	uint32_t next = 0;
	for (uint32_t key = 0; key < set->universe; key++) {
		bool member = next < set->count && set->keys[next] == key;
		if (member) {
			next++;
		}
		if (losing_set_contains(enc->bytes, key) != member) {
			fprintf(stderr, "gen_boards: %s: key %u decodes as %s\n", name, (unsigned)key,
				member ? "absent" : "present");
			return 1;
		}
	}
	return 0;
}

static void write_set(FILE *c, FILE *h, const char *name, const char *macro, const struct key_set *set,
		      const struct encoding *enc)
{
	fprintf(h, "/* %s: %u keys below %u; Elias-Fano, %u low bits, a sample every %u buckets,\n"
		   " * lookups walk at most %u bits. */\n",
		name, (unsigned)set->count, (unsigned)set->universe, enc->low_bits, 1u << enc->sample_shift,
		(unsigned)enc->walk_bits);
	fprintf(h, "#define %s_BYTES %uu\n", macro, (unsigned)enc->size);
	fprintf(h, "extern const uint8_t %s[%s_BYTES] ENGINE_FLASH;\n\n", name, macro);
	fprintf(c, "const uint8_t %s[%s_BYTES] ENGINE_FLASH = {", name, macro);
	for (uint32_t i = 0; i < enc->size; i++) {
		fprintf(c, "%s0x%02x,", i % 12u == 0 ? "\n\t" : " ", enc->bytes[i]);
	}
	fprintf(c, "\n};\n\n");
}

/* ---- Chomp ---- */

/* Row lengths, bottom row first, of a diagram's code (board_chomp_code). */
static uint8_t chomp_rows_of_code(uint16_t code, uint8_t rows[ENGINE_CHOMP_MAX])
{
	uint8_t i = 0;
	uint8_t count = 0;
	for (int bit = 15; bit >= 0; bit--) {
		if (code & (1u << bit)) {
			rows[i] = (uint8_t)(bit - (ENGINE_CHOMP_MAX - 1) + i);
			if (rows[i] > 0) {
				count = (uint8_t)(i + 1u);
			}
			i++;
		}
	}
	return count;
}

enum { UNSOLVED = 0, LOSING = 1, WINNING = 2 };

/* Outcome of the diagram `code`; the board with only the poison left is
 * losing, since the only piece left to take is the poison. */
static uint8_t chomp_solve(uint16_t code, uint8_t *outcome)
{
	if (outcome[code] != UNSOLVED) {
		return outcome[code];
	}
	uint8_t rows[ENGINE_CHOMP_MAX];
	uint8_t count = chomp_rows_of_code(code, rows);
	uint8_t result = LOSING;
	for (uint8_t row = 0; row < count && result == LOSING; row++) {
		for (uint8_t col = row == 0 ? 1 : 0; col < rows[row] && result == LOSING; col++) {
			uint8_t after[ENGINE_CHOMP_MAX];
			for (uint8_t i = 0; i < ENGINE_CHOMP_MAX; i++) {
				after[i] = (i >= row && rows[i] > col) ? col : rows[i];
			}
			if (chomp_solve(board_chomp_code(after, ENGINE_CHOMP_MAX), outcome) == LOSING) {
				result = WINNING;
			}
		}
	}
	outcome[code] = result;
	return result;
}

static int gen_chomp(FILE *c, FILE *h)
{
	uint8_t *outcome = calloc(BOARD_CHOMP_UNIVERSE, 1);
	struct key_set set;
	struct encoding enc = {0};
	int failed = outcome == NULL || key_set_init(&set, BOARD_CHOMP_UNIVERSE);
	if (outcome == NULL) {
		fprintf(stderr, "gen_boards: out of memory\n");
	}
	if (failed) {
		free(outcome);
		return 1;
	}
	uint32_t positions = 0;
	uint32_t losing = 0;
	for (uint32_t code = 0; code < BOARD_CHOMP_UNIVERSE && !failed; code++) {
		uint8_t rows[ENGINE_CHOMP_MAX];
		if (__builtin_popcount(code) != ENGINE_CHOMP_MAX ||
		    chomp_rows_of_code((uint16_t)code, rows) == 0) {
			continue;
		}
		positions++;
		if (chomp_solve((uint16_t)code, outcome) == LOSING) {
			losing++;
			failed = key_set_add(&set, board_chomp_key(rows, ENGINE_CHOMP_MAX));
		}
	}
	if (!failed) {
		key_set_finish(&set);
		failed = encode(&set, &enc) || check_decoding("chomp_losing", &set, &enc);
	}
	/* Every diagram, through its key, must read back as solved. */
	for (uint32_t code = 0; code < BOARD_CHOMP_UNIVERSE && !failed; code++) {
		uint8_t rows[ENGINE_CHOMP_MAX];
		uint8_t count;
		if (__builtin_popcount(code) != ENGINE_CHOMP_MAX ||
		    (count = chomp_rows_of_code((uint16_t)code, rows)) == 0) {
			continue;
		}
		bool stored = losing_set_contains(enc.bytes, board_chomp_key(rows, count));
		if (stored != (outcome[code] == LOSING)) {
			fprintf(stderr, "gen_boards: chomp: diagram %04x reads back wrong\n", (unsigned)code);
			failed = 1;
		}
	}
	if (!failed) {
		fprintf(h, "/* Chomp on every board up to %ux%u: %u diagrams, %u losing. */\n", ENGINE_CHOMP_MAX,
			ENGINE_CHOMP_MAX, (unsigned)positions, (unsigned)losing);
		write_set(c, h, "chomp_losing", "CHOMP_LOSING", &set, &enc);
	}
	free(enc.bytes);
	free(set.keys);
	free(outcome);
	return failed;
}

/* ---- the other boards: outcomes of every code, then the losing keys ---- */

/* Sorts, encodes and checks the keys collected in `set`, then proves that
 * every position reads back as solved: `outcome[code]` is LOSING or
 * WINNING for each of the `codes` codes, and key_of(code) is its key (a
 * code whose outcome is UNSOLVED is not a position). */
static int finish_table(FILE *c, FILE *h, const char *name, const char *macro, struct key_set *set,
			const uint8_t *outcome, uint32_t codes, uint32_t (*key_of)(uint32_t code))
{
	struct encoding enc = {0};
	key_set_finish(set);
	int failed = encode(set, &enc) || check_decoding(name, set, &enc);
	for (uint32_t code = 0; code < codes && !failed; code++) {
		if (outcome[code] == UNSOLVED) {
			continue;
		}
		if (losing_set_contains(enc.bytes, key_of(code)) != (outcome[code] == LOSING)) {
			fprintf(stderr, "gen_boards: %s: position %lx reads back wrong\n", name, (unsigned long)code);
			failed = 1;
		}
	}
	if (!failed) {
		write_set(c, h, name, macro, set, &enc);
	}
	free(enc.bytes);
	return failed;
}

/* Collects the keys of the losing codes and writes their table. */
static int losing_table(FILE *c, FILE *h, const char *name, const char *macro, uint32_t universe,
			const uint8_t *outcome, uint32_t codes, uint32_t (*key_of)(uint32_t code))
{
	struct key_set set;
	if (key_set_init(&set, universe)) {
		return 1;
	}
	uint32_t positions = 0;
	uint32_t losing = 0;
	int failed = 0;
	for (uint32_t code = 0; code < codes && !failed; code++) {
		if (outcome[code] == UNSOLVED) {
			continue;
		}
		positions++;
		if (outcome[code] == LOSING) {
			losing++;
			failed = key_set_add(&set, key_of(code));
		}
	}
	if (!failed) {
		fprintf(h, "/* %s: %u positions, %u losing. */\n", name, (unsigned)positions, (unsigned)losing);
		failed = finish_table(c, h, name, macro, &set, outcome, codes, key_of);
	}
	free(set.keys);
	return failed;
}

static uint8_t *outcomes_alloc(uint32_t codes)
{
	uint8_t *outcome = calloc(codes, 1);
	if (outcome == NULL) {
		fprintf(stderr, "gen_boards: out of memory\n");
	}
	return outcome;
}

/* ---- Taktix ---- */

#define TAKTIX_CODES 65536u

/* The cells of row or column `line` (rows 0-3, then columns). */
static uint16_t taktix_line(unsigned line)
{
	return line < 4 ? (uint16_t)(0x000Fu << (4u * line)) : (uint16_t)(0x1111u << (line - 4u));
}

/* True when the cells `take` of one line have no gap between them. */
static bool taktix_is_run(uint16_t take, unsigned line)
{
	unsigned step = line < 4 ? 1u : 4u;
	unsigned first = (unsigned)__builtin_ctz(take);
	unsigned n = (unsigned)__builtin_popcount(take);
	for (unsigned k = 0; k < n; k++) {
		if (!(take & (1u << (first + k * step)))) {
			return false;
		}
	}
	return true;
}

/* Codes are the 16 cells; every move clears bits, so each code's
 * successors are smaller and are solved before it. */
static void taktix_solve(bool adjacent, bool misere, uint8_t *outcome)
{
	for (uint32_t x = 0; x < TAKTIX_CODES; x++) {
		/* The empty board: under misere the player to move has won. */
		uint8_t result = misere && x == 0 ? WINNING : LOSING;
		for (unsigned line = 0; line < 8 && result == LOSING; line++) {
			uint16_t present = (uint16_t)(x & taktix_line(line));
			for (uint16_t take = present; take != 0 && result == LOSING;
			     take = (uint16_t)((take - 1u) & present)) {
				if (adjacent && !taktix_is_run(take, line)) {
					continue;
				}
				if (outcome[x & ~(uint32_t)take] == LOSING) {
					result = WINNING;
				}
			}
		}
		outcome[x] = result;
	}
}

static uint32_t taktix_any_key_of(uint32_t code)
{
	return board_taktix_any_key((uint16_t)code);
}

static uint32_t taktix_adjacent_key_of(uint32_t code)
{
	return board_taktix_adjacent_key((uint16_t)code);
}

static int gen_taktix(FILE *c, FILE *h)
{
	static const char *const names[4][2] = {
		{ "taktix_any_normal_losing", "TAKTIX_ANY_NORMAL_LOSING" },
		{ "taktix_any_misere_losing", "TAKTIX_ANY_MISERE_LOSING" },
		{ "taktix_adjacent_normal_losing", "TAKTIX_ADJACENT_NORMAL_LOSING" },
		{ "taktix_adjacent_misere_losing", "TAKTIX_ADJACENT_MISERE_LOSING" },
	};
	uint8_t *outcome = outcomes_alloc(TAKTIX_CODES);
	int failed = outcome == NULL;
	for (unsigned v = 0; v < 4 && !failed; v++) {
		bool adjacent = v >= 2;
		memset(outcome, UNSOLVED, TAKTIX_CODES);
		taktix_solve(adjacent, v & 1u, outcome);
		failed = losing_table(c, h, names[v][0], names[v][1],
				      adjacent ? BOARD_TAKTIX_ADJACENT_UNIVERSE : BOARD_TAKTIX_ANY_UNIVERSE, outcome,
				      TAKTIX_CODES, adjacent ? taktix_adjacent_key_of : taktix_any_key_of);
	}
	free(outcome);
	return failed;
}

/* ---- Kubo ---- */

#define KUBO_CODES ((uint32_t)1 << 18) /* stack i is the digit at bits 2i */

static const uint8_t kubo_pairs[12][2] = {
	{ 0, 1 }, { 1, 2 }, { 3, 4 }, { 4, 5 }, { 6, 7 }, { 7, 8 },
	{ 0, 3 }, { 3, 6 }, { 1, 4 }, { 4, 7 }, { 2, 5 }, { 5, 8 },
};

static unsigned kubo_stack(uint32_t code, unsigned i)
{
	return (code >> (2u * i)) & 3u;
}

/* Every move lowers digits, so successors are smaller codes. */
static void kubo_solve(uint8_t *outcome)
{
	for (uint32_t x = 0; x < KUBO_CODES; x++) {
		uint8_t result = LOSING;
		for (unsigned i = 0; i < ENGINE_KUBO_STACKS && result == LOSING; i++) {
			for (unsigned take = 1; take <= kubo_stack(x, i) && result == LOSING; take++) {
				if (outcome[x - (take << (2u * i))] == LOSING) {
					result = WINNING;
				}
			}
		}
		for (unsigned p = 0; p < 12 && result == LOSING; p++) {
			unsigned a = kubo_pairs[p][0], b = kubo_pairs[p][1];
			if (kubo_stack(x, a) > 0 && kubo_stack(x, b) > 0 &&
			    outcome[x - (1u << (2u * a)) - (1u << (2u * b))] == LOSING) {
				result = WINNING;
			}
		}
		outcome[x] = result;
	}
}

static uint32_t kubo_key_of(uint32_t code)
{
	uint8_t stacks[ENGINE_KUBO_STACKS];
	for (unsigned i = 0; i < ENGINE_KUBO_STACKS; i++) {
		stacks[i] = (uint8_t)kubo_stack(code, i);
	}
	return board_kubo_key(stacks);
}

static int gen_kubo(FILE *c, FILE *h)
{
	uint8_t *outcome = outcomes_alloc(KUBO_CODES);
	if (outcome == NULL) {
		return 1;
	}
	kubo_solve(outcome);
	int failed = losing_table(c, h, "kubo_losing", "KUBO_LOSING", BOARD_KUBO_UNIVERSE, outcome, KUBO_CODES,
				  kubo_key_of);
	free(outcome);
	return failed;
}

/* ---- Nineteen ---- */

#define NINETEEN_CODES ((uint32_t)1 << ENGINE_NINETEEN_CELLS)

/* The hexagon in axial coordinates (q, r), rows r = -2..2 from the top and
 * q increasing to the right; cells are numbered row by row. */
static int nineteen_cell_at(int q, int r)
{
	int cell = 0;
	for (int rr = -2; rr <= 2; rr++) {
		for (int qq = -2; qq <= 2; qq++) {
			if (abs(qq + rr) > 2) {
				continue;
			}
			if (qq == q && rr == r) {
				return cell;
			}
			cell++;
		}
	}
	return -1;
}

/* The 85 moves: single cells, adjacent pairs, small triangles. */
static unsigned nineteen_moves(uint32_t *moves)
{
	static const int step[3][2] = { { 1, 0 }, { 0, 1 }, { -1, 1 } };
	unsigned n = 0;
	for (int r = -2; r <= 2; r++) {
		for (int q = -2; q <= 2; q++) {
			int cell = nineteen_cell_at(q, r);
			if (cell < 0) {
				continue;
			}
			moves[n++] = 1u << cell;
			for (unsigned d = 0; d < 3; d++) {
				int other = nineteen_cell_at(q + step[d][0], r + step[d][1]);
				if (other >= 0) {
					moves[n++] = 1u << cell | 1u << other;
				}
			}
			/* Triangles: the cell, its right neighbour, and the cell
			 * adjacent to both below or above. */
			int right = nineteen_cell_at(q + 1, r);
			int below = nineteen_cell_at(q, r + 1);
			int above = nineteen_cell_at(q + 1, r - 1);
			if (right >= 0 && below >= 0) {
				moves[n++] = 1u << cell | 1u << right | 1u << below;
			}
			if (right >= 0 && above >= 0) {
				moves[n++] = 1u << cell | 1u << right | 1u << above;
			}
		}
	}
	return n;
}

static int nineteen_solve(uint8_t *outcome)
{
	uint32_t moves[96];
	unsigned n = nineteen_moves(moves);
	if (n != 85) {
		fprintf(stderr, "gen_boards: nineteen: %u moves, not 85\n", n);
		return 1;
	}
	for (uint32_t x = 0; x < NINETEEN_CODES; x++) {
		uint8_t result = LOSING;
		for (unsigned m = 0; m < n && result == LOSING; m++) {
			if ((x & moves[m]) == moves[m] && outcome[x & ~moves[m]] == LOSING) {
				result = WINNING;
			}
		}
		outcome[x] = result;
	}
	return 0;
}

static uint32_t nineteen_key_of(uint32_t code)
{
	return board_nineteen_key(code);
}

static int gen_nineteen(FILE *c, FILE *h)
{
	uint8_t *outcome = outcomes_alloc(NINETEEN_CODES);
	if (outcome == NULL) {
		return 1;
	}
	int failed = nineteen_solve(outcome) ||
		     losing_table(c, h, "nineteen_losing", "NINETEEN_LOSING", BOARD_NINETEEN_UNIVERSE, outcome,
				  NINETEEN_CODES, nineteen_key_of);
	free(outcome);
	return failed;
}

int gen_boards(FILE *c, FILE *h)
{
	return gen_chomp(c, h) || gen_taktix(c, h) || gen_kubo(c, h) || gen_nineteen(c, h);
}
