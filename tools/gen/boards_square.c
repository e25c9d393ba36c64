/*
 * Tables of the square boards: Taktix (4x4, both variants, both rules) and
 * Kubo (3x3 stacks of up to 3).  Both share the table of canonical corner
 * bytes (board_keys.h, "square symmetries").
 *
 * Besides the outcome of every position, the keys themselves are checked
 * against the symmetries worked out here independently, from coordinates:
 * a key must not change under any symmetry of the board, and two positions
 * that no symmetry relates must not share a key (Taktix with any pieces is
 * the exception: its key is an invariant shown to separate the outcomes).
 * tests/unit/test_boards_tables checks the engine's keys again against
 * symmetries of its own, written apart from these as an independent oracle.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/board_keys.h"
#include "engine/losing_set.h"
#include "tools/gen/boards.h"

/* ---- symmetries from coordinates ---- */

/* images[g][cell]: where the cell goes under symmetry g of the n x n
 * square (transpose, then flip rows, then flip columns, as bits of g). */
static void square_images(unsigned n, uint8_t images[8][16])
{
	for (unsigned g = 0; g < 8; g++) {
		for (unsigned cell = 0; cell < n * n; cell++) {
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
			images[g][cell] = (uint8_t)(r * n + q);
		}
	}
}

/* The image of a code whose cell i is the `width`-bit digit i. */
static uint32_t image_of(uint32_t code, const uint8_t *image, unsigned cells, unsigned width)
{
	uint32_t out = 0;
	uint32_t mask = (1u << width) - 1u;
	for (unsigned cell = 0; cell < cells; cell++) {
		out |= ((code >> (cell * width)) & mask) << (image[cell] * width);
	}
	return out;
}

static uint32_t smallest_image(uint32_t code, uint8_t images[8][16], unsigned cells, unsigned width)
{
	uint32_t best = code;
	for (unsigned g = 1; g < 8; g++) {
		uint32_t image = image_of(code, images[g], cells, width);
		if (image < best) {
			best = image;
		}
	}
	return best;
}

/*
 * Proves that key_of is a function of the class: equal on the images of
 * every code of the side x side board, and different for codes of
 * different classes.  owner[key] records the class (one more than its
 * smallest code) that first took each key.
 */
static int check_classes(const char *name, unsigned side, unsigned width, uint32_t universe,
			 uint32_t (*key_of)(uint32_t code, const void *context), const void *context)
{
	unsigned cells = side * side;
	uint32_t codes = (uint32_t)1 << (cells * width);
	uint8_t images[8][16];
	square_images(side, images);
	uint32_t *owner = gen_alloc((size_t)universe * sizeof *owner);
	if (owner == NULL) {
		return 1;
	}
	int failed = 0;
	for (uint32_t code = 0; code < codes && !failed; code++) {
		uint32_t key = key_of(code, context);
		uint32_t class = smallest_image(code, images, cells, width) + 1u;
		if (key >= universe) {
			fprintf(stderr, "gen_boards: %s: key %u of %lx is outside the universe\n", name, (unsigned)key,
				(unsigned long)code);
			failed = 1;
		} else if (owner[key] != 0 && owner[key] != class) {
			fprintf(stderr, "gen_boards: %s: %lx and %lx share key %u\n", name, (unsigned long)code,
				(unsigned long)(owner[key] - 1u), (unsigned)key);
			failed = 1;
		} else {
			owner[key] = class;
		}
		for (unsigned g = 1; g < 8 && !failed; g++) {
			if (key_of(image_of(code, images[g], cells, width), context) != key) {
				fprintf(stderr, "gen_boards: %s: key of %lx changes under symmetry %u\n", name,
					(unsigned long)code, g);
				failed = 1;
			}
		}
	}
	free(owner);
	return failed;
}

/* ---- canonical corner bytes ---- */

static void square_classes_build(uint8_t classes[BOARD_SQUARE_CLASSES])
{
	uint8_t count = 0;
	for (unsigned v = 0; v < 256 && count < BOARD_SQUARE_CLASSES; v++) {
		if (board_square_smallest((uint8_t)v) == v) {
			classes[count++] = (uint8_t)v;
		}
	}
}

static int square_classes_check(const uint8_t *classes)
{
	unsigned count = 0;
	for (unsigned v = 0; v < 256; v++) {
		uint8_t smallest = board_square_smallest((uint8_t)v);
		if (board_square_smallest(smallest) != smallest ||
		    board_square_rank(classes, smallest) >= BOARD_SQUARE_CLASSES) {
			fprintf(stderr, "gen_boards: square class of %02x is not canonical\n", v);
			return 1;
		}
		if (smallest == v) {
			if (board_square_rank(classes, smallest) != count) {
				fprintf(stderr, "gen_boards: square class %02x has the wrong rank\n", v);
				return 1;
			}
			count++;
		}
	}
	if (count != BOARD_SQUARE_CLASSES) {
		fprintf(stderr, "gen_boards: %u square classes, not %u\n", count, BOARD_SQUARE_CLASSES);
		return 1;
	}
	return 0;
}

/* ---- losing keys of two rules, proved position by position ---- */

/* Whether the table answers `code` under a rule: always, or when the
 * variant's parts leave it to the table. */
static bool looked_up(enum board_verdict (*decide)(uint16_t cells, bool misere), uint32_t code, unsigned rule)
{
	return decide == NULL || decide((uint16_t)code, rule == 1u) == BOARD_LOOK_UP;
}

/*
 * Collects the keys losing under either rule (outcome[rule][code]) among
 * the positions the table answers (all, or those `decide` leaves to it),
 * encodes them as one set, and for each key (by rank) two bits: losing in
 * normal play, losing under misere.  Proves that every code reads back as
 * solved under both rules, decided or looked up, and writes `name`_losing
 * and `name`_rules.
 */
static int two_rule_table(FILE *c, FILE *h, const char *name, const char *what, uint32_t universe,
			  uint8_t *const outcome[2], uint32_t codes,
			  uint32_t (*key_of)(uint32_t code, const void *context), const void *context,
			  enum board_verdict (*decide)(uint16_t cells, bool misere))
{
	struct key_set set;
	struct encoding enc = { 0 };
	uint8_t *rules = NULL;
	uint32_t rule_bytes = 0;
	if (key_set_init(&set, universe)) {
		return 1;
	}
	uint32_t losing[2] = { 0, 0 };
	int failed = 0;
	for (uint32_t code = 0; code < codes && !failed; code++) {
		losing[0] += outcome[0][code] == LOSING;
		losing[1] += outcome[1][code] == LOSING;
		if ((outcome[0][code] == LOSING && looked_up(decide, code, 0)) ||
		    (outcome[1][code] == LOSING && looked_up(decide, code, 1))) {
			failed = key_set_add(&set, key_of(code, context));
		}
	}
	if (!failed) {
		key_set_finish(&set);
		failed = encode_set(name, &set, MAX_WALK_BITS, &enc);
		rule_bytes = (2u * set.count + 7u) / 8u;
		rules = gen_alloc(rule_bytes + 1u);
		failed = failed || rules == NULL;
	}
	/* A key's bit for a rule: set when a position with that key loses. */
	for (uint32_t code = 0; code < codes && !failed; code++) {
		uint16_t rank;
		if (!losing_set_find(enc.bytes, (uint16_t)key_of(code, context), &rank)) {
			continue;
		}
		for (unsigned rule = 0; rule < 2; rule++) {
			if (outcome[rule][code] == LOSING && looked_up(decide, code, rule)) {
				rules[(2u * rank + rule) / 8u] |= (uint8_t)(1u << ((2u * rank + rule) % 8u));
			}
		}
	}
	for (uint32_t code = 0; code < codes && !failed; code++) {
		uint16_t rank;
		bool found = losing_set_find(enc.bytes, (uint16_t)key_of(code, context), &rank);
		for (unsigned rule = 0; rule < 2 && !failed; rule++) {
			bool read = found && (rules[(2u * rank + rule) / 8u] & (1u << ((2u * rank + rule) % 8u)));
			if (!looked_up(decide, code, rule)) {
				read = decide((uint16_t)code, rule == 1u) == BOARD_LOSES;
			}
			if (read != (outcome[rule][code] == LOSING)) {
				fprintf(stderr, "gen_boards: %s: position %lx reads back wrong (rule %u)\n", name,
					(unsigned long)code, rule);
				failed = 1;
			}
		}
	}
	if (!failed) {
		char set_name[64], rules_name[64], comment[160];
		snprintf(set_name, sizeof set_name, "%s_losing", name);
		snprintf(rules_name, sizeof rules_name, "%s_rules", name);
		snprintf(comment, sizeof comment, "%s: %u positions, %u losing in normal play, %u under misere", what,
			 (unsigned)codes, (unsigned)losing[0], (unsigned)losing[1]);
		write_set(c, h, set_name, comment, &set, &enc);
		snprintf(comment, sizeof comment, "%s: two bits a key, losing in normal play, under misere", what);
		write_bytes(c, h, rules_name, comment, rules, rule_bytes);
	}
	free(rules);
	free(enc.bytes);
	free(set.keys);
	return failed;
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

static uint32_t taktix_any_key_of(uint32_t code, const void *context)
{
	(void)context;
	return board_taktix_any_key((uint16_t)code);
}

static uint32_t taktix_adjacent_key_of(uint32_t code, const void *context)
{
	return board_taktix_adjacent_key((uint16_t)code, context);
}

/* Swapping two rows, two columns, or rows with columns, which generate the
 * symmetries of Taktix with any pieces, leaves its key alone. */
static int taktix_any_key_check(void)
{
	for (uint32_t x = 0; x < TAKTIX_CODES; x++) {
		uint32_t key = board_taktix_any_key((uint16_t)x);
		uint16_t rows_swapped = (uint16_t)((x & 0xFF00u) | (x & 0x000Fu) << 4 | (x & 0x00F0u) >> 4);
		uint16_t rows_turned = (uint16_t)(x >> 4 | x << 12);
		uint16_t cols_swapped = (uint16_t)((x & 0xCCCCu) | (x & 0x1111u) << 1 | (x & 0x2222u) >> 1);
		uint16_t cols_turned = (uint16_t)((x & 0xEEEEu) >> 1 | (x & 0x1111u) << 3);
		uint16_t transposed = 0;
		for (unsigned cell = 0; cell < 16; cell++) {
			if (x & (1u << cell)) {
				transposed |= (uint16_t)(1u << ((cell & 3u) * 4u + (cell >> 2)));
			}
		}
		if (board_taktix_any_key(rows_swapped) != key || board_taktix_any_key(rows_turned) != key ||
		    board_taktix_any_key(cols_swapped) != key || board_taktix_any_key(cols_turned) != key ||
		    board_taktix_any_key(transposed) != key || key >= BOARD_TAKTIX_ANY_UNIVERSE) {
			fprintf(stderr, "gen_boards: taktix: the key of %04lx is not invariant\n", (unsigned long)x);
			return 1;
		}
	}
	return 0;
}

int gen_taktix(FILE *c, FILE *h)
{
	uint8_t classes[BOARD_SQUARE_CLASSES];
	square_classes_build(classes);
	uint8_t *outcome[2] = { gen_alloc(TAKTIX_CODES), gen_alloc(TAKTIX_CODES) };
	int failed = outcome[0] == NULL || outcome[1] == NULL || square_classes_check(classes) ||
		     taktix_any_key_check() ||
		     check_classes("taktix", 4, 1, BOARD_TAKTIX_ADJACENT_UNIVERSE, taktix_adjacent_key_of, classes);
	if (!failed) {
		write_bytes(c, h, "board_square_classes",
			    "The smallest corner bytes of the 55 classes under the square's symmetries", classes,
			    BOARD_SQUARE_CLASSES);
	}
	/* With any pieces, for each rule, the numbers of pieces (bit n of 3
	 * bytes) at which some position loses: any other count is a win at
	 * once. */
	uint8_t counts[2][3];
	memset(counts, 0, sizeof counts);
	for (unsigned adjacent = 0; adjacent < 2 && !failed; adjacent++) {
		taktix_solve(adjacent, false, outcome[0]);
		taktix_solve(adjacent, true, outcome[1]);
		for (uint32_t x = 0; x < TAKTIX_CODES && !adjacent; x++) {
			unsigned n = (unsigned)__builtin_popcount(x);
			for (unsigned rule = 0; rule < 2; rule++) {
				if (outcome[rule][x] == LOSING) {
					counts[rule][n / 8u] |= (uint8_t)(1u << (n % 8u));
				}
			}
		}
		failed = adjacent
				 ? two_rule_table(
					   c, h, "taktix_adjacent",
					   "Taktix, adjacent pieces (the table: positions with a part of four or more)",
					   BOARD_TAKTIX_ADJACENT_UNIVERSE, outcome, TAKTIX_CODES,
					   taktix_adjacent_key_of, classes, board_taktix_verdict)
				 : two_rule_table(c, h, "taktix_any", "Taktix, any pieces", BOARD_TAKTIX_ANY_UNIVERSE,
						  outcome, TAKTIX_CODES, taktix_any_key_of, classes, NULL);
	}
	if (!failed) {
		write_bytes(c, h, "taktix_losing_counts",
			    "Taktix, any pieces: the numbers of pieces at which a position can lose, by rule",
			    &counts[0][0], sizeof counts);
	}
	free(outcome[0]);
	free(outcome[1]);
	return failed;
}

/* ---- Kubo ---- */

#define KUBO_CODES ((uint32_t)1 << 18) /* stack i is the digit at bits 2i */
#define KUBO_RINGS ((uint32_t)1 << 16)
#define KUBO_CENTRE 4u

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

struct kubo_tables {
	uint8_t classes[BOARD_SQUARE_CLASSES];
	uint16_t slots; /* slots of all classes */
};

static uint16_t kubo_slot_of(uint32_t code, const struct kubo_tables *t)
{
	uint8_t stacks[ENGINE_KUBO_STACKS];
	for (unsigned i = 0; i < ENGINE_KUBO_STACKS; i++) {
		stacks[i] = (uint8_t)kubo_stack(code, i);
	}
	return board_kubo_slot(stacks, t->classes);
}

/* The slot and centre of a code, for check_classes: the centre is fixed by
 * every symmetry, so (slot, centre) must number the classes of whole
 * positions. */
static uint32_t kubo_slot_and_centre(uint32_t code, const void *context)
{
	const struct kubo_tables *t = context;
	return kubo_stack(code, KUBO_CENTRE) * (uint32_t)t->slots + kubo_slot_of(code, t);
}

/* The slots the classes take: one more than the largest slot, which must
 * be BOARD_KUBO_SLOTS (check_classes then proves that different classes
 * never share a slot). */
static int kubo_tables_build(struct kubo_tables *t)
{
	square_classes_build(t->classes);
	t->slots = BOARD_KUBO_SLOTS;
	uint32_t slots = 0;
	for (uint32_t code = 0; code < KUBO_CODES; code++) {
		uint32_t slot = kubo_slot_of(code, t);
		if (slot >= slots) {
			slots = slot + 1u;
		}
	}
	if (slots != BOARD_KUBO_SLOTS) {
		fprintf(stderr, "gen_boards: kubo: %u slots, not %u\n", (unsigned)slots, BOARD_KUBO_SLOTS);
		return 1;
	}
	return 0;
}

int gen_kubo(FILE *c, FILE *h)
{
	struct kubo_tables t;
	if (kubo_tables_build(&t)) {
		return 1;
	}
	uint8_t *outcome = gen_alloc(KUBO_CODES);
	uint8_t *entry = gen_alloc(t.slots);
	/* At most every slot flagged. */
	uint32_t size = 2u * BOARD_KUBO_BLOCKS + BOARD_KUBO_FLAG_BYTES + (t.slots + 3u) / 4u;
	uint8_t *packed = gen_alloc(size);
	int failed = outcome == NULL || entry == NULL || packed == NULL ||
		     check_classes("kubo", 3, 2, 4u * t.slots, kubo_slot_and_centre, &t);
	if (!failed) {
		kubo_solve(outcome);
	}
	/* The entry of a slot: 1 + the height of the centre that loses.  Two
	 * losing heights for one slot would break the table's premise. */
	uint32_t losing = 0;
	for (uint32_t x = 0; x < KUBO_CODES && !failed; x++) {
		if (outcome[x] != LOSING) {
			continue;
		}
		losing++;
		uint16_t slot = kubo_slot_of(x, &t);
		uint8_t height = (uint8_t)(1u + kubo_stack(x, KUBO_CENTRE));
		if (entry[slot] != 0 && entry[slot] != height) {
			fprintf(stderr, "gen_boards: kubo: two losing heights of the centre in slot %u\n", slot);
			failed = 1;
		}
		entry[slot] = height;
	}
	/* Samples, flags and the heights of the flagged slots
	 * (board_keys.h). */
	uint32_t flagged = 0;
	for (uint32_t slot = 0; slot < t.slots && !failed; slot++) {
		if (slot % BOARD_KUBO_BLOCK == 0) {
			packed[2u * (slot / BOARD_KUBO_BLOCK)] = (uint8_t)flagged;
			packed[2u * (slot / BOARD_KUBO_BLOCK) + 1u] = (uint8_t)(flagged >> 8);
		}
		if (entry[slot] != 0) {
			packed[2u * BOARD_KUBO_BLOCKS + slot / 8u] |= (uint8_t)(1u << (slot % 8u));
			packed[2u * BOARD_KUBO_BLOCKS + BOARD_KUBO_FLAG_BYTES + flagged / 4u] |=
				(uint8_t)((entry[slot] - 1u) << (2u * (flagged % 4u)));
			flagged++;
		}
	}
	size = 2u * BOARD_KUBO_BLOCKS + BOARD_KUBO_FLAG_BYTES + (flagged + 3u) / 4u;
	/* Every position, through its slot, must read back as solved. */
	for (uint32_t x = 0; x < KUBO_CODES && !failed; x++) {
		uint8_t read = board_kubo_entry(packed, kubo_slot_of(x, &t));
		if ((read == 1u + kubo_stack(x, KUBO_CENTRE)) != (outcome[x] == LOSING)) {
			fprintf(stderr, "gen_boards: kubo: position %05lx reads back wrong\n", (unsigned long)x);
			failed = 1;
		}
	}
	if (!failed) {
		char comment[256];
		snprintf(comment, sizeof comment,
			 "Kubo: %u positions, %u losing; of the %u slots (classes of the eight outer stacks),\n"
			 " * %u with a losing height of the centre: a flag a slot, then their heights, two bits each.",
			 (unsigned)KUBO_CODES, (unsigned)losing, t.slots, (unsigned)flagged);
		write_bytes(c, h, "kubo_centre_heights", comment, packed, size);
	}
	free(packed);
	free(entry);
	free(outcome);
	return failed;
}
