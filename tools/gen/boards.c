/*
 * Tables of the board games: every position of each game is solved here,
 * the keys (engine/board_keys.h) of the losing positions are collected, and
 * the set of keys is written compactly: an Elias-Fano set
 * (engine/losing_set.h) for Chomp, Taktix and Nineteen, and for Kubo a
 * packed table of the one losing height of the centre for each class of
 * the eight stacks around it (tools/gen/boards_square.c).  Before anything
 * is written, the table is read back with the engine's own decoder and
 * keys: every position of the game must come out exactly as solved, or the
 * build fails.  This file holds the encoding and Chomp; boards_square.c
 * Taktix and Kubo; boards_hexagon.c Nineteen.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board_keys.h"
#include "engine/losing_set.h"
#include "tools/gen/boards.h"
#include "tools/gen/gen.h"

/* Universes up to this size are read back key by key. */
#define FULL_CHECK_UNIVERSE ((uint32_t)1 << 20)

void *gen_alloc(size_t size)
{
	void *p = calloc(size, 1);
	if (p == NULL) {
		fprintf(stderr, "gen_boards: out of memory\n");
	}
	return p;
}

/* ---- sets of keys ---- */

int key_set_init(struct key_set *set, uint32_t universe)
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

int key_set_add(struct key_set *set, uint32_t key)
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

void key_set_finish(struct key_set *set)
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

static void put_bit(uint8_t *bytes, uint32_t at)
{
	bytes[at >> 3] |= (uint8_t)(1u << (at & 7u));
}

/* Buckets of the finished set with `low_bits` low bits: enough for its
 * largest key (a key past them reads as absent, like any key not held). */
static uint32_t bucket_count(const struct key_set *set, uint8_t low_bits)
{
	uint32_t span = set->count > 0 ? set->keys[set->count - 1u] + 1u : 1u;
	return (span + ((uint32_t)1 << low_bits) - 1u) >> low_bits;
}

/* The low bits of every key, up to the byte after the one where the last
 * key's start (losing_set.h). */
static uint32_t low_bytes(const struct key_set *set, uint8_t low_bits)
{
	return set->count > 0 ? ((set->count - 1u) * low_bits >> 3) + 2u : 0u;
}

/* Size in bytes and longest walk of the set with these parameters, or 0
 * when the parameters do not fit the decoder's 16-bit counters. */
static uint32_t encoded_size(const struct key_set *set, uint8_t low_bits, uint8_t sample_shift, uint32_t *walk_bits)
{
	uint32_t buckets = bucket_count(set, low_bits);
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
	return LOSING_SET_HEADER_BYTES + 2u * samples + (set->count + buckets + 7u) / 8u + low_bytes(set, low_bits);
}

/* The smallest encoding whose lookups walk at most `max_walk` bits. */
static int encode(const struct key_set *set, uint32_t max_walk, struct encoding *out)
{
	uint32_t best = 0;
	if (set->universe > 65536u) {
		fprintf(stderr, "gen_boards: keys must have 16 bits, not a universe of %u\n", (unsigned)set->universe);
		return 1;
	}
	for (uint8_t low_bits = 0; low_bits <= LOSING_SET_LOW_BITS_MOST; low_bits++) {
		for (uint8_t shift = 0; shift <= 8; shift++) {
			uint32_t walk = 0;
			uint32_t size = encoded_size(set, low_bits, shift, &walk);
			if (size != 0 && walk <= max_walk && (best == 0 || size < best)) {
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
	uint32_t buckets = bucket_count(set, low_bits);
	uint32_t samples = ((buckets - 1u) >> shift) + 1u;
	uint8_t *b = out->bytes;
	uint8_t *high = b + LOSING_SET_HEADER_BYTES + 2u * samples;
	uint8_t *low = high + (set->count + buckets + 7u) / 8u;
	b[0] = low_bits;
	b[1] = shift;
	b[2] = (uint8_t)buckets;
	b[3] = (uint8_t)(buckets >> 8);
	b[4] = (uint8_t)(high - b);
	b[5] = (uint8_t)((high - b) >> 8);
	b[6] = (uint8_t)(low - b);
	b[7] = (uint8_t)((low - b) >> 8);
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

bool set_has(const uint8_t *set, uint32_t key)
{
	uint16_t rank;
	return losing_set_find(set, (uint16_t)key, &rank);
}

/* Reads the set back through the engine's decoder: every stored key, and
 * every key of the universe when it is small enough to walk. */
static int check_decoding(const char *name, const struct key_set *set, const struct encoding *enc)
{
	for (uint32_t i = 0; i < set->count; i++) {
		if (!set_has(enc->bytes, set->keys[i])) {
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
		if (set_has(enc->bytes, key) != member) {
			fprintf(stderr, "gen_boards: %s: key %u decodes as %s\n", name, (unsigned)key,
				member ? "absent" : "present");
			return 1;
		}
	}
	return 0;
}

int encode_set(const char *name, const struct key_set *set, uint32_t max_walk, struct encoding *enc)
{
	return encode(set, max_walk, enc) || check_decoding(name, set, enc);
}

void write_bytes(FILE *c, FILE *h, const char *name, const char *comment, const uint8_t *bytes, uint32_t size)
{
	char macro[64];
	size_t n = 0;
	for (; name[n] != '\0' && n + 1 < sizeof macro; n++) {
		macro[n] = (char)toupper((unsigned char)name[n]);
	}
	macro[n] = '\0';
	fprintf(h, "/* %s */\n#define %s_BYTES %uu\n", comment, macro, (unsigned)size);
	fprintf(h, "extern const uint8_t %s[%s_BYTES] ENGINE_FLASH;\n\n", name, macro);
	fprintf(c, "const uint8_t %s[%s_BYTES] ENGINE_FLASH = {", name, macro);
	for (uint32_t i = 0; i < size; i++) {
		fprintf(c, "%s0x%02x,", i % 12u == 0 ? "\n\t" : " ", bytes[i]);
	}
	fprintf(c, "\n};\n\n");
}

void write_set(FILE *c, FILE *h, const char *name, const char *what, const struct key_set *set,
	       const struct encoding *enc)
{
	char comment[256];
	snprintf(comment, sizeof comment,
		 "%s: %u keys below %u; Elias-Fano, %u low bits, a sample every %u buckets,\n"
		 " * lookups walk at most %u bits.",
		 what, (unsigned)set->count, (unsigned)set->universe, enc->low_bits, 1u << enc->sample_shift,
		 (unsigned)enc->walk_bits);
	write_bytes(c, h, name, comment, enc->bytes, enc->size);
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

int gen_chomp(FILE *c, FILE *h)
{
	uint8_t *outcome = gen_alloc(BOARD_CHOMP_UNIVERSE);
	struct key_set set;
	struct encoding enc = { 0 };
	if (outcome == NULL || key_set_init(&set, BOARD_CHOMP_UNIVERSE)) {
		free(outcome);
		return 1;
	}
	uint32_t positions = 0;
	uint32_t losing = 0;
	int failed = 0;
	for (uint32_t code = 0; code < BOARD_CHOMP_UNIVERSE && !failed; code++) {
		uint8_t rows[ENGINE_CHOMP_MAX];
		uint8_t count;
		if (__builtin_popcount(code) != ENGINE_CHOMP_MAX ||
		    (count = chomp_rows_of_code((uint16_t)code, rows)) == 0 || count > ENGINE_CHOMP_ROWS) {
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
		failed = encode_set("chomp_losing", &set, MAX_WALK_BITS, &enc);
	}
	/* Every diagram, through its key, must read back as solved. */
	for (uint32_t code = 0; code < BOARD_CHOMP_UNIVERSE && !failed; code++) {
		uint8_t rows[ENGINE_CHOMP_MAX];
		uint8_t count;
		if (__builtin_popcount(code) != ENGINE_CHOMP_MAX ||
		    (count = chomp_rows_of_code((uint16_t)code, rows)) == 0 || count > ENGINE_CHOMP_ROWS) {
			continue;
		}
		bool stored = set_has(enc.bytes, board_chomp_key(rows, count));
		if (stored != (outcome[code] == LOSING)) {
			fprintf(stderr, "gen_boards: chomp: diagram %04x reads back wrong\n", (unsigned)code);
			failed = 1;
		}
	}
	if (!failed) {
		char what[96];
		snprintf(what, sizeof what, "Chomp, every board up to %ux%u: %u diagrams, %u losing", ENGINE_CHOMP_ROWS,
			 ENGINE_CHOMP_MAX, (unsigned)positions, (unsigned)losing);
		write_set(c, h, "chomp_losing", what, &set, &enc);
	}
	free(enc.bytes);
	free(set.keys);
	free(outcome);
	return failed;
}

int gen_boards(FILE *c, FILE *h)
{
	return gen_chomp(c, h) || gen_taktix(c, h) || gen_kubo(c, h) || gen_nineteen(c, h);
}
