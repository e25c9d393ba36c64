/*
 * The analysis line of Kayles and pebbles positions to analyse
 * (engine_parse_position_to_analyse): any position the record holds, up
 * to 40 rows of 0..65535, is answered with the true outcome and value and
 * a winning move, and the position after it, which may hold 41 rows, is
 * printed as the rules leave it.  A position to play (engine_parse_position)
 * keeps its bound (ENGINE_ERR_ROWS).
 *
 * What is right comes from the brute-force solver (tests/brute/): the
 * value of every row of 0..400 (brute_strip_values), and beyond, the
 * period those values show, checked here against the Guy-Smith
 * periodicity theorem (an octal game whose moves take at most t cells, and
 * whose values repeat with period p from n0 on for every n up to
 * 2 n0 + p + t, repeats for ever), so that a row of 65,535 has a value the
 * engine's tables did not give.  A position's value is the XOR of its
 * rows' (the Sprague-Grundy theorem), a move is legal when the solver
 * says so, and the rows after it are the solver's.
 *
 * Positions: every single row of 0..400; one row of 65,535 down to
 * 65,496; 40 rows of 65,535; 39 rows of 65,535 with one row of 0..400
 * last and first (a winning move there may split it into 41 rows); and
 * random positions of 40 rows of 0..65,535.
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
#include "tests/brute/brute.h"

#define BRUTE_ROWS 400u
#define LONGEST 65535u
#define RANDOM_POSITIONS 500u
#define SEED 2463534242u
#define TEXT_MAX 1024u

struct values {
	uint8_t game;
	uint16_t value[BRUTE_ROWS + 1];
	uint32_t start, period; /* the values repeat with `period` from `start` on */
	uint32_t checked, failures;
	uint32_t forty_one; /* positions whose move leaves 41 rows */
};

static uint32_t random_state = SEED;

static uint32_t next_random(void)
{
	random_state ^= random_state << 13;
	random_state ^= random_state >> 17;
	random_state ^= random_state << 5;
	return random_state;
}

/* The smallest period, and from where, that the solver's values show, and
 * whether the Guy-Smith theorem makes it hold for ever. */
static void find_period(struct values *v, const char *name)
{
	brute_strip_values(v->game, v->value, BRUTE_ROWS);
	uint32_t most_taken = v->game == GAME_KAYLES ? 2u : 3u; /* a pebble takes its cell and two neighbours */
	for (uint32_t p = 1; p <= BRUTE_ROWS / 4u; p++) {
		uint32_t start = BRUTE_ROWS - p; /* the first n from which v[n] = v[n + p] holds to the end */
		while (start > 0 && v->value[start - 1u] == v->value[start - 1u + p]) {
			start--;
		}
		if (BRUTE_ROWS >= 2u * start + p + most_taken) {
			v->start = start;
			v->period = p;
			print_message("# %s: the solver's values of rows 0..%u repeat with period %u from %u on, for "
				      "ever by Guy-Smith (%u >= 2*%u + %u + %u)\n",
				      name, BRUTE_ROWS, p, start, BRUTE_ROWS, start, p, most_taken);
			return;
		}
	}
	fail_msg("%s: no period proved from the solver's values of 0..%u", name, BRUTE_ROWS);
}

static uint32_t row_value(const struct values *v, uint32_t n)
{
	if (n > BRUTE_ROWS) {
		n = v->start + (n - v->start) % v->period;
	}
	return v->value[n];
}

static uint32_t rows_value(const struct values *v, const struct brute_pos *pos)
{
	uint32_t x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		x ^= row_value(v, pos->part[i]);
	}
	return x;
}

static void rows_text(const struct brute_pos *pos, char *text, size_t size)
{
	size_t at = 0;
	text[0] = '\0';
	for (uint8_t i = 0; i < pos->count && at < size; i++) {
		at += (size_t)snprintf(text + at, size - at, i == 0 ? "%u" : " %u", (unsigned)pos->part[i]);
	}
}

static int compare_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* The rows of `text` that are not 0, sorted, into `rows`; how many. */
static unsigned nonzero_rows(const char *text, uint32_t *rows, unsigned most)
{
	unsigned count = 0;
	for (char *end; *text != '\0'; text = end) {
		unsigned long n = strtoul(text, &end, 10);
		if (end == text) {
			return most + 1u;
		}
		if (n != 0 && count < most) {
			rows[count] = (uint32_t)n;
		}
		count += n != 0;
	}
	qsort(rows, count < most ? count : most, sizeof *rows, compare_u32);
	return count;
}

static void mismatch(struct values *v, const char *position, const char *line, const char *what)
{
	if (v->failures++ < 10u) {
		print_message("# MISMATCH %s %s: %s (%s)\n", engine_game_name(v->game), position, what, line);
	}
}

/* One position: parsed as a position to analyse, its analysis line
 * checked field by field against the solver. */
static void check_position(struct values *v, const struct brute_pos *pos)
{
	static char text[TEXT_MAX], line[2 * TEXT_MAX];
	rows_text(pos, text, sizeof text);
	v->checked++;
	struct position epos;
	if (engine_parse_position_to_analyse(&epos, v->game, text) != ENGINE_OK) {
		mismatch(v, text, "", "refused");
		return;
	}
	struct buffer_sink sink;
	buffer_sink_init(&sink, line, sizeof line);
	engine_print_analysis(&epos, &sink.sink);
	uint32_t x = rows_value(v, pos);
	char want[64];
	snprintf(want, sizeof want, "game=%s outcome=%c grundy=%u move=", engine_game_name(v->game), x != 0 ? 'N' : 'P',
		 (unsigned)x);
	if (sink.overflowed || strncmp(line, want, strlen(want)) != 0) {
		mismatch(v, text, line, "outcome or value not the solver's");
		return;
	}
	char *move = line + strlen(want);
	char *after = strstr(move, " after=");
	if (after == NULL) {
		mismatch(v, text, line, "no after=");
		return;
	}
	*after = '\0';
	after += strlen(" after=");
	/* In both games a row of a pin or a cell or more has a move (listing
	 * the moves of 40 rows of 65535 would take long). */
	bool has_move = false;
	for (uint8_t i = 0; i < pos->count; i++) {
		has_move = has_move || pos->part[i] != 0;
	}
	if (!has_move) {
		if (strcmp(move, "-") != 0 || strcmp(after, "-") != 0) {
			mismatch(v, text, line, "a move where there is none");
		}
		return;
	}
	struct move em;
	if (engine_parse_move(&epos, move, &em) != ENGINE_OK || engine_check_move(&epos, &em) != ENGINE_OK) {
		mismatch(v, text, line, "the move does not read as a legal move");
		return;
	}
	struct brute_move bm;
	brute_move_from_engine(&bm, &epos, &em);
	if (!brute_is_legal(pos, &bm)) {
		mismatch(v, text, line, "the move is not legal by the rules");
		return;
	}
	struct brute_pos next = *pos;
	brute_apply(&next, &bm);
	if (x != 0 && rows_value(v, &next) != 0) {
		mismatch(v, text, line, "the move does not win");
	}
	/* The rows after it: the solver's, rows of 0 aside (the solver drops
	 * them, the engine keeps those no move touched). */
	uint32_t want_rows[ENGINE_MAX_ROWS + 1], got_rows[ENGINE_MAX_ROWS + 1];
	unsigned want_count = 0;
	for (uint8_t i = 0; i < next.count; i++) {
		if (next.part[i] != 0) {
			want_rows[want_count++] = next.part[i];
		}
	}
	qsort(want_rows, want_count, sizeof *want_rows, compare_u32);
	unsigned printed = 0;
	for (const char *c = after; *c != '\0'; c++) {
		printed += *c == ' ';
	}
	v->forty_one += printed == ENGINE_MAX_ROWS;
	unsigned got_count = nonzero_rows(after, got_rows, ENGINE_MAX_ROWS + 1);
	if (got_count != want_count || memcmp(got_rows, want_rows, want_count * sizeof *got_rows) != 0) {
		mismatch(v, text, line, "after= is not the rows the move leaves");
	}
	if (engine_outcome_after(&epos, &em) != (rows_value(v, &next) != 0 ? OUTCOME_N : OUTCOME_P)) {
		mismatch(v, text, line, "engine_outcome_after is not the outcome the move leaves");
	}
}

static struct brute_pos rows_of(uint8_t game, uint8_t count, uint32_t size)
{
	struct brute_pos pos;
	memset(&pos, 0, sizeof pos);
	pos.game = game;
	pos.count = count;
	for (uint8_t i = 0; i < count; i++) {
		pos.part[i] = size;
	}
	return pos;
}

static void check_game(uint8_t game, const char *name)
{
	static struct values v;
	memset(&v, 0, sizeof v);
	v.game = game;
	find_period(&v, name);

	for (uint32_t n = 0; n <= BRUTE_ROWS; n++) {
		struct brute_pos pos = rows_of(game, 1, n);
		check_position(&v, &pos);
	}
	print_message("# %s: every single row of 0..%u analysed: %u positions\n", name, BRUTE_ROWS, v.checked);

	uint32_t before = v.checked;
	for (uint32_t n = LONGEST; n > LONGEST - 40u; n--) {
		struct brute_pos pos = rows_of(game, 1, n);
		check_position(&v, &pos);
	}
	struct brute_pos full = rows_of(game, ENGINE_MAX_ROWS, LONGEST);
	check_position(&v, &full);
	for (uint32_t n = 0; n <= BRUTE_ROWS; n++) {
		struct brute_pos pos = full;
		pos.part[ENGINE_MAX_ROWS - 1] = n;
		check_position(&v, &pos);
		pos = full;
		pos.part[0] = n;
		check_position(&v, &pos);
	}
	for (uint32_t k = 0; k < RANDOM_POSITIONS; k++) {
		struct brute_pos pos = rows_of(game, ENGINE_MAX_ROWS, 0);
		for (uint8_t i = 0; i < ENGINE_MAX_ROWS; i++) {
			pos.part[i] = next_random() % (LONGEST + 1u);
		}
		check_position(&v, &pos);
	}
	print_message("# %s: %u positions at the record's limits analysed (rows of 65496..65535, 40 rows of "
		      "65535, 39 of them with a row of 0..400, %u random ones of 40 rows, seed %u), %u of them "
		      "answered with a move that leaves 41 rows; %u disagreements\n",
		      name, v.checked - before, RANDOM_POSITIONS, SEED, v.forty_one, v.failures);
	assert_int_equal(v.failures, 0);
}

static void test_kayles_analysed_at_every_size(void **state)
{
	(void)state;
	check_game(GAME_KAYLES, "kayles");
}

static void test_pebbles_analysed_at_every_size(void **state)
{
	(void)state;
	check_game(GAME_PEBBLES, "pebbles");
}

/* A position to play keeps its bound; the same text is analysed. */
static void test_only_a_game_to_play_is_bounded(void **state)
{
	(void)state;
	static const struct {
		uint8_t game;
		const char *text;
	} cases[] = {
		{ GAME_KAYLES, "81" },
		{ GAME_KAYLES, "65535" },
		{ GAME_PEBBLES, "161" },
		{ GAME_PEBBLES, "65535 65535" },
		{ GAME_KAYLES, "3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct position pos;
		assert_int_equal(engine_parse_position(&pos, cases[i].game, cases[i].text), ENGINE_ERR_ROWS);
		assert_int_equal(engine_parse_position_to_analyse(&pos, cases[i].game, cases[i].text), ENGINE_OK);
	}
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_KAYLES, "80"), ENGINE_OK);
	assert_int_equal(engine_parse_position(&pos, GAME_PEBBLES, "160"), ENGINE_OK);
	print_message("# %u texts refused as a game to play and analysed\n",
		      (unsigned)(sizeof cases / sizeof cases[0]));
}

/* A move that splits a row while all 40 are in use does not fit; every
 * other move of the same position does, and a move from a position to
 * play always does. */
static void test_which_moves_fit(void **state)
{
	(void)state;
	char text[200] = "12";
	for (int i = 1; i < ENGINE_MAX_ROWS; i++) {
		strcat(text, " 0");
	}
	struct position pos;
	assert_int_equal(engine_parse_position_to_analyse(&pos, GAME_KAYLES, text), ENGINE_OK);
	unsigned fit = 0, split = 0;
	struct move mv;
	for (bool more = engine_next_move(&pos, &mv, true); more; more = engine_next_move(&pos, &mv, false)) {
		bool splits = mv.u.strip.at > 0 && mv.u.strip.at + mv.u.strip.count < 12u;
		assert_true(engine_move_fits(&pos, &mv) == !splits);
		fit += !splits;
		split += splits;
	}
	assert_int_equal(fit, 4);
	assert_int_equal(split, 19);
	text[strlen(text) - 2] = '\0'; /* 39 rows: room for a split */
	assert_int_equal(engine_parse_position_to_analyse(&pos, GAME_KAYLES, text), ENGINE_OK);
	for (bool more = engine_next_move(&pos, &mv, true); more; more = engine_next_move(&pos, &mv, false)) {
		assert_true(engine_move_fits(&pos, &mv));
	}
	print_message("# kayles 12 and 39 rows of 0: %u moves fit, %u splits do not; with 38 rows of 0 all fit\n", fit,
		      split);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kayles_analysed_at_every_size),
		cmocka_unit_test(test_pebbles_analysed_at_every_size),
		cmocka_unit_test(test_only_a_game_to_play_is_bounded),
		cmocka_unit_test(test_which_moves_fit),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
