/*
 * The engine against the brute-force solver: Kayles and the pebble strip
 * (Dawson's chess).
 *
 * Bounds, for each game:
 *   every position of at most 40 cells as a multiset of rows (all
 *   partitions of 0..40, the rows longest first; those of at most 12 cells
 *   also shortest first), every move checked up to 20 cells;
 *   single rows of 0..10000 cells (far past the pre-periods the generator
 *   proves, so its periodicity proofs are checked; every move checked up to
 *   60 cells);
 *   two long rows: every pair of lengths 0, 37, 74, ... up to 3000 with
 *   0, 53, 106, ... up to 3000.
 * Positions above 40 cells are valued by the solver's single-row values
 * (see tests/brute/brute.h).  The long rows above are more than the parser
 * takes (see below): they check the strategy and the tables, which serve
 * any row of 0..65535.
 *
 * At the limit of the position record: the parser must take exactly the
 * positions whose rows can never become more than ENGINE_MAX_ROWS rows, a
 * row of 0 counting 1 (no move removes it), and refuse the others with
 * ENGINE_ERR_ROWS.  The rows a row can become are found here from the
 * solver's moves alone.  Then, for positions that fill all 40 places
 * exactly (every row length that fits, filled up with rows of 0 or of the
 * shortest rows; and random ones) and every position of games played from
 * them (the machine against random moves), each checked by the solver's
 * value of each row, XORed (rows are independent; a whole 40-row position is
 * too big to search): the outcome and the value, the machine's move legal
 * and leaving value 0 when there is a win, and every legal move taken by
 * engine_check_move and played as the rules play it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"
#include "tests/brute/proof.h"

#define PARTITION_CELLS 40
#define PARTITION_MOVES_CELLS 20
#define PARTITION_REVERSED_CELLS 12
#define SINGLE_ROW_MAX 10000
#define SINGLE_ROW_MOVES_MAX 60
#define PAIR_MAX 3000

static struct brute_pos rows(uint8_t game)
{
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = game;
	return pos;
}

static void prove_partition(struct proof *p, const struct brute_pos *pos, uint32_t cells)
{
	proof_position(p, pos, cells <= PARTITION_MOVES_CELLS);
	if (cells <= PARTITION_REVERSED_CELLS && pos->count > 1) {
		struct brute_pos reversed = *pos;
		for (uint8_t i = 0; i < pos->count; i++) {
			reversed.part[i] = pos->part[pos->count - 1 - i];
		}
		proof_position(p, &reversed, true);
	}
}

/* Every partition of at most `left` more cells into rows of at most
 * `largest`, added to `pos`. */
static void prove_partitions(struct proof *p, struct brute_pos *pos, uint32_t cells, uint32_t left, uint32_t largest)
{
	prove_partition(p, pos, cells);
	for (uint32_t row = 1; row <= largest && row <= left; row++) {
		pos->part[pos->count++] = row;
		prove_partitions(p, pos, cells + row, left - row, row);
		pos->count--;
	}
}

static void prove_game(uint8_t game, const char *name)
{
	char title[80];
	struct proof p;
	struct brute_pos pos = rows(game);

	snprintf(title, sizeof(title), "%s, every multiset of rows of 0..%u cells", name, PARTITION_CELLS);
	proof_start(&p, title);
	prove_partitions(&p, &pos, 0, PARTITION_CELLS, PARTITION_CELLS);
	bool ok = proof_finish(&p);

	snprintf(title, sizeof(title), "%s, one row of 0..%u cells", name, SINGLE_ROW_MAX);
	proof_start(&p, title);
	pos = rows(game);
	pos.count = 1;
	for (uint32_t n = 0; n <= SINGLE_ROW_MAX; n++) {
		pos.part[0] = n;
		proof_position(&p, &pos, n <= SINGLE_ROW_MOVES_MAX);
	}
	ok = proof_finish(&p) && ok;

	snprintf(title, sizeof(title), "%s, two rows of up to %u cells", name, PAIR_MAX);
	proof_start(&p, title);
	pos.count = 2;
	for (uint32_t a = 0; a <= PAIR_MAX; a += 37) {
		for (uint32_t b = 0; b <= PAIR_MAX; b += 53) {
			pos.part[0] = a;
			pos.part[1] = b;
			proof_position(&p, &pos, false);
		}
	}
	ok = proof_finish(&p) && ok;
	assert_true(ok);
}

/* ---- at the limit of the position record ---- */

/* Rows up to this length are looked at: past the longest row the parser
 * takes (80 pins, 160 cells) for both games. */
#define LIMIT_ROW_MAX 200
#define LIMIT_RANDOM 300
#define LIMIT_SEED 2463534242u

static uint32_t random_state;

static uint32_t next_random(void)
{
	random_state ^= random_state << 13;
	random_state ^= random_state >> 17;
	random_state ^= random_state << 5;
	return random_state;
}

struct limit_check {
	uint8_t game;
	uint16_t value[LIMIT_ROW_MAX + 1];  /* the solver's value of a row of n */
	uint32_t places[LIMIT_ROW_MAX + 1]; /* the record's rows a row of n can take up */
	uint32_t positions;                 /* positions checked */
	uint32_t moves;                     /* legal moves checked */
	uint32_t failures;
};

static void limit_fail(struct limit_check *c, const struct brute_pos *pos, const char *what)
{
	char text[600];
	brute_format(pos, text, sizeof(text));
	if (c->failures++ < 10) {
		print_message("# MISMATCH %s: %s\n", text, what);
	}
}

/* The most rows a row of n can become: rows are independent, so a row
 * split by a move into two can become as many as the two parts together,
 * and a row can always stay one.  From the solver's moves alone. */
static void count_places(struct limit_check *c)
{
	struct brute_move_list list = { 0 };
	uint32_t most[LIMIT_ROW_MAX + 1];
	most[0] = 0;
	for (uint32_t n = 1; n <= LIMIT_ROW_MAX; n++) {
		struct brute_pos pos = rows(c->game);
		pos.count = 1;
		pos.part[0] = n;
		brute_moves(&pos, &list);
		most[n] = 1;
		for (size_t m = 0; m < list.count; m++) {
			struct brute_pos after = pos;
			brute_apply(&after, &list.move[m]);
			uint32_t parts = 0;
			for (uint8_t i = 0; i < after.count; i++) {
				parts += most[after.part[i]];
			}
			most[n] = parts > most[n] ? parts : most[n];
		}
	}
	brute_move_list_free(&list);
	/* A row of 0 keeps its place in the record. */
	for (uint32_t n = 0; n <= LIMIT_ROW_MAX; n++) {
		c->places[n] = most[n] > 0 ? most[n] : 1;
	}
}

static uint32_t places_of(const struct limit_check *c, const struct brute_pos *pos)
{
	uint32_t places = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		places += c->places[pos->part[i]];
	}
	return places;
}

static uint32_t value_of(const struct limit_check *c, const struct brute_pos *pos)
{
	uint32_t x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		x ^= c->value[pos->part[i]];
	}
	return x;
}

/* The rows as the text the parser reads. */
static void position_text(const struct brute_pos *pos, char *text, size_t size)
{
	size_t n = 0;
	text[0] = '\0';
	for (uint8_t i = 0; i < pos->count && n < size; i++) {
		n += (size_t)snprintf(text + n, size - n, i == 0 ? "%u" : " %u", (unsigned)pos->part[i]);
	}
}

/* The parser takes the position exactly when it fits; the record it makes
 * holds the rows as given.  False when it is refused. */
static bool limit_parse(struct limit_check *c, const struct brute_pos *pos, struct position *epos)
{
	char text[600];
	position_text(pos, text, sizeof(text));
	enum engine_error err = engine_parse_position(epos, c->game, text);
	bool fits = places_of(c, pos) <= ENGINE_MAX_ROWS;
	if (fits && err != ENGINE_OK) {
		limit_fail(c, pos, "refused, yet every position it reaches fits");
	} else if (!fits && err != ENGINE_ERR_ROWS) {
		limit_fail(c, pos, "not refused with ENGINE_ERR_ROWS, yet it could need more rows");
	}
	if (err != ENGINE_OK) {
		return false;
	}
	struct brute_pos back;
	if (!brute_from_position(&back, epos) || back.count != pos->count ||
	    memcmp(back.part, pos->part, pos->count * sizeof(*pos->part)) != 0) {
		limit_fail(c, pos, "parsed into other rows");
	}
	return true;
}

/* One position: outcome, value, the machine's move, every legal move.
 * Returns the machine's move in *best when it has one. */
static bool limit_position(struct limit_check *c, const struct brute_pos *pos, const struct position *epos,
			   struct brute_move_list *list, struct brute_move *best)
{
	char what[200];
	uint32_t x = value_of(c, pos);
	c->positions++;
	if (epos->count > ENGINE_MAX_ROWS) {
		limit_fail(c, pos, "more rows than the record holds");
		return false;
	}
	if (engine_outcome(epos) != (x != 0 ? OUTCOME_N : OUTCOME_P) || engine_grundy(epos) != (int32_t)x) {
		snprintf(what, sizeof(what), "outcome %d value %ld, the rows' values XOR to %u",
			 (int)engine_outcome(epos), (long)engine_grundy(epos), (unsigned)x);
		limit_fail(c, pos, what);
	}
	brute_moves(pos, list);
	for (size_t m = 0; m < list->count; m++) {
		struct move em;
		brute_move_to_engine(&em, epos, &list->move[m]);
		if (engine_check_move(epos, &em) != ENGINE_OK) {
			limit_fail(c, pos, "a legal move is refused");
			break;
		}
		c->moves++;
	}
	struct move em;
	memset(&em, 0, sizeof(em));
	bool has = engine_best_move(epos, &em);
	if (has != (list->count > 0)) {
		limit_fail(c, pos, "engine_best_move says wrongly whether a move exists");
		return false;
	}
	if (!has) {
		return false;
	}
	brute_move_from_engine(best, epos, &em);
	if (!brute_is_legal(pos, best) || engine_check_move(epos, &em) != ENGINE_OK) {
		limit_fail(c, pos, "the machine's move is illegal");
		return false;
	}
	struct brute_pos after = *pos;
	brute_apply(&after, best);
	if (x != 0 && value_of(c, &after) != 0) {
		limit_fail(c, pos, "the machine's move does not win");
	}
	return true;
}

/* A game from `pos` to its end, the machine against random moves (its
 * move every other turn, a random legal one between), every position
 * checked and each move played by the engine and by the rules alike. */
static void limit_play(struct limit_check *c, struct brute_pos pos, struct position epos)
{
	struct brute_move_list list = { 0 };
	for (bool machine = true;; machine = !machine) {
		struct brute_move mv;
		if (!limit_position(c, &pos, &epos, &list, &mv)) {
			break;
		}
		if (!machine) {
			mv = list.move[next_random() % list.count];
		}
		struct move em;
		brute_move_to_engine(&em, &epos, &mv);
		engine_apply_move(&epos, &em);
		brute_apply(&pos, &mv);
		struct brute_pos got;
		if (!brute_from_position(&got, &epos) || !brute_same(&got, &pos)) {
			limit_fail(c, &pos, "the engine played a move otherwise than the rules");
			break;
		}
		/* The engine's record keeps its rows of 0, the solver's does not:
		 * go on from the engine's. */
		pos = got;
	}
	brute_move_list_free(&list);
}

/* A position at the limit: checked and played out; and one place over it
 * (its first row made one that can take one more place), which must be
 * refused.  Counts both. */
static void limit_case(struct limit_check *c, const struct brute_pos *pos, uint32_t *at_limit, uint32_t *over)
{
	struct position epos;
	assert_true(places_of(c, pos) == ENGINE_MAX_ROWS);
	if (limit_parse(c, pos, &epos)) {
		limit_play(c, *pos, epos);
	}
	(*at_limit)++;
	struct brute_pos more = *pos;
	uint32_t want = c->places[pos->part[0]] + 1;
	for (more.part[0] = 0; c->places[more.part[0]] != want; more.part[0]++) {
	}
	if (limit_parse(c, &more, &epos)) {
		/* Taken: see what comes of it. */
		limit_play(c, more, epos);
	} else {
		(*over)++;
	}
}

/* The longest row that takes `places` places at most. */
static uint32_t longest_row(const struct limit_check *c, uint32_t places)
{
	uint32_t n = 0;
	while (n < LIMIT_ROW_MAX && c->places[n + 1] <= places) {
		n++;
	}
	return n;
}

static void prove_limit(uint8_t game, const char *name)
{
	static struct limit_check c;
	memset(&c, 0, sizeof(c));
	c.game = game;
	random_state = LIMIT_SEED;
	brute_strip_values(game, c.value, LIMIT_ROW_MAX);
	count_places(&c);

	/* The closed form the engine and docs/playing.md state: a row of n pins
	 * becomes at most ceil(n/2) rows, a strip of n cells ceil(n/4). */
	uint32_t step = game == GAME_KAYLES ? 2 : 4;
	for (uint32_t n = 1; n <= LIMIT_ROW_MAX; n++) {
		if (c.places[n] != (n + step - 1) / step) {
			fail_msg("%s: a row of %u can become %u rows, not ceil(%u/%u)", name, n, c.places[n], n, step);
		}
	}
	print_message("# %s: the rows a row of 0..%u can become, from the solver's moves: ceil(n/%u)\n", name,
		      LIMIT_ROW_MAX, step);

	/* Single rows, up to and past the longest the parser takes. */
	uint32_t taken = 0, refused = 0, longest_taken = 0;
	struct brute_pos pos = rows(game);
	pos.count = 1;
	for (uint32_t n = 0; n <= LIMIT_ROW_MAX; n++) {
		struct position epos;
		pos.part[0] = n;
		if (limit_parse(&c, &pos, &epos)) {
			taken++;
			longest_taken = n;
		} else {
			refused++;
		}
	}
	print_message("# %s: one row of 0..%u: %u taken (the longest %u), %u refused\n", name, LIMIT_ROW_MAX, taken,
		      longest_taken, refused);

	/* Every row length that fits, as many of it as fit, the places left
	 * filled with rows of 0 or of the shortest rows (one place each), in
	 * both orders. */
	uint32_t at_limit = 0, over = 0;
	uint32_t longest = longest_row(&c, ENGINE_MAX_ROWS);
	uint32_t filler_longest = longest_row(&c, 1);
	for (uint32_t n = 0; n <= longest; n++) {
		for (uint32_t filler = 0; filler <= filler_longest; filler++) {
			for (int order = 0; order < 2; order++) {
				pos = rows(game);
				uint32_t copies = ENGINE_MAX_ROWS / c.places[n];
				uint32_t rest = ENGINE_MAX_ROWS - copies * c.places[n];
				for (uint32_t i = 0; i < copies + rest; i++) {
					bool big = order == 0 ? i < copies : i >= rest;
					pos.part[pos.count++] = big ? n : filler;
				}
				limit_case(&c, &pos, &at_limit, &over);
			}
		}
	}
	/* Random positions at the limit: rows of random lengths, each of at
	 * most the places left, until none is left. */
	for (uint32_t k = 0; k < LIMIT_RANDOM; k++) {
		pos = rows(game);
		uint32_t left = ENGINE_MAX_ROWS;
		while (left > 0) {
			uint32_t n = next_random() % (longest_row(&c, left) + 1);
			pos.part[pos.count++] = n;
			left -= c.places[n];
		}
		limit_case(&c, &pos, &at_limit, &over);
	}
	print_message("# %s: %u positions at the limit of %u rows (%u of them random, seed %u) and every position "
		      "of a game from each: %u positions, %u legal moves checked; %u positions one over the "
		      "limit refused; %u disagreements\n",
		      name, at_limit, ENGINE_MAX_ROWS, LIMIT_RANDOM, LIMIT_SEED, c.positions, c.moves, over,
		      c.failures);
	assert_int_equal(c.failures, 0);
}

/* The positions once answered with a move that did not win, or that the
 * rules did not allow: rows that could need more than the record holds
 * are now refused up front. */
static void test_once_wrong_refused(void **state)
{
	(void)state;
	char text[200];
	struct position pos;
	strcpy(text, "4 7");
	for (int i = 0; i < 38; i++) {
		strcat(text, " 1");
	}
	assert_int_equal(engine_parse_position(&pos, GAME_KAYLES, text), ENGINE_ERR_ROWS);
	strcpy(text, "3 9");
	for (int i = 0; i < 38; i++) {
		strcat(text, " 4");
	}
	assert_int_equal(engine_parse_position(&pos, GAME_PEBBLES, text), ENGINE_ERR_ROWS);
	strcpy(text, "3");
	for (int i = 0; i < 39; i++) {
		strcat(text, " 0");
	}
	assert_int_equal(engine_parse_position(&pos, GAME_KAYLES, text), ENGINE_ERR_ROWS);
}

static void test_kayles_limit(void **state)
{
	(void)state;
	prove_limit(GAME_KAYLES, "kayles");
}

static void test_pebbles_limit(void **state)
{
	(void)state;
	prove_limit(GAME_PEBBLES, "pebbles");
}

static void test_kayles(void **state)
{
	(void)state;
	prove_game(GAME_KAYLES, "kayles");
}

static void test_pebbles(void **state)
{
	(void)state;
	prove_game(GAME_PEBBLES, "pebbles");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kayles),
		cmocka_unit_test(test_pebbles),
		cmocka_unit_test(test_kayles_limit),
		cmocka_unit_test(test_pebbles_limit),
		cmocka_unit_test(test_once_wrong_refused),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
