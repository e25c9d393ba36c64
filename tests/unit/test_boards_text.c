/*
 * The board games' text and moves: Chomp, Taktix, Kubo and Nineteen
 * positions print in the syntax they are parsed from, moves likewise; every
 * error code each game can give, for positions and for moves; and every
 * move the engine lists is legal, listed once, and fewest pieces first.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "tests/unit/support/engine_text.h"

static unsigned long texts_checked, moves_listed;

/* `text` parses and prints as `printed`, which parses to the same. */
static void check_round_trip(uint8_t game, const char *text, const char *printed)
{
	char out[128], again_out[128];
	struct position pos = parse(game, text);
	print_position(&pos, out, sizeof out);
	if (strcmp(out, printed) != 0) {
		fail_msg("\"%s\" printed as \"%s\", expected \"%s\"", text, out, printed);
	}
	struct position again = parse(game, out);
	print_position(&again, again_out, sizeof again_out);
	assert_string_equal(out, again_out);
	assert_int_equal(engine_outcome(&pos), engine_outcome(&again));
	texts_checked++;
}

static void check_position_error(uint8_t game, const char *text, enum engine_error expected)
{
	struct position pos;
	memset(&pos, 0x5A, sizeof pos);
	enum engine_error err = engine_parse_position(&pos, game, text);
	if (err != expected) {
		fail_msg("\"%s\": error %d, expected %d", text, err, expected);
	}
	texts_checked++;
}

/* In position `where`, the move `text` parses, checks as `expected`, and
 * when legal prints as `printed`. */
static void check_move(uint8_t game, const char *where, const char *text, enum engine_error expected,
		       const char *printed)
{
	struct position pos = parse(game, where);
	struct move mv;
	memset(&mv, 0, sizeof mv);
	enum engine_error err = engine_parse_move(&pos, text, &mv);
	if (err == ENGINE_OK) {
		err = engine_check_move(&pos, &mv);
	}
	if (err != expected) {
		fail_msg("move \"%s\" in \"%s\": error %d, expected %d", text, where, err, expected);
	}
	texts_checked++;
	if (err == ENGINE_OK && printed != NULL) {
		char out[64];
		print_move(&pos, &mv, out, sizeof out);
		assert_string_equal(out, printed);
		struct move again;
		assert_int_equal(engine_parse_move(&pos, out, &again), ENGINE_OK);
		struct position a = pos, b = pos;
		engine_apply_move(&a, &mv);
		engine_apply_move(&b, &again);
		char out_a[128], out_b[128];
		print_position(&a, out_a, sizeof out_a);
		print_position(&b, out_b, sizeof out_b);
		assert_string_equal(out_a, out_b);
	}
}

/* The move `text` in `where` leaves `after`. */
static void check_play(uint8_t game, const char *where, const char *text, const char *after)
{
	struct position pos = parse(game, where);
	struct move mv;
	assert_int_equal(engine_parse_move(&pos, text, &mv), ENGINE_OK);
	assert_int_equal(engine_check_move(&pos, &mv), ENGINE_OK);
	engine_apply_move(&pos, &mv);
	char out[128];
	print_position(&pos, out, sizeof out);
	assert_string_equal(out, after);
}

/*
 * Lists every move of `pos`: each must check as legal, differ from the
 * others, and (given `pieces`) take no fewer pieces than the one before.
 * Returns how many there are.
 */
static unsigned check_listed_moves(const struct position *pos,
				   unsigned (*pieces)(const struct position *, const struct move *))
{
	static struct move seen[128];
	unsigned n = 0, last = 0;
	struct move mv;
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		assert_true(n < 128);
		assert_int_equal(engine_check_move(pos, &mv), ENGINE_OK);
		struct position after = *pos;
		engine_apply_move(&after, &mv);
		if (pieces != NULL) {
			unsigned taken = pieces(pos, &mv);
			assert_true(taken >= last);
			last = taken;
		}
		for (unsigned i = 0; i < n; i++) {
			assert_memory_not_equal(&seen[i], &mv, sizeof mv);
		}
		seen[n++] = mv;
	}
	moves_listed += n;
	return n;
}

/* ---- Chomp ---- */

static unsigned chomp_pieces(const struct position *pos)
{
	unsigned n = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		n += pos->u.chomp[i];
	}
	return n;
}

static void test_chomp_text(void **state)
{
	(void)state;
	check_round_trip(GAME_CHOMP, "4x8", "4x8");
	check_round_trip(GAME_CHOMP, "  3X5 ", "3x5");
	check_round_trip(GAME_CHOMP, "8 8 5 2", "8 8 5 2");
	check_round_trip(GAME_CHOMP, "8,8,5,2", "8 8 5 2");
	check_round_trip(GAME_CHOMP, "6 6", "2x6");
	check_round_trip(GAME_CHOMP, "1", "1x1");
	check_round_trip(GAME_CHOMP, "8 7 6 5", "8 7 6 5");
	check_round_trip(GAME_CHOMP, "4X1", "4x1");
	struct position start;
	engine_start_position(&start, GAME_CHOMP);
	char out[64];
	print_position(&start, out, sizeof out);
	assert_string_equal(out, "4x8");

	check_position_error(GAME_CHOMP, "", ENGINE_ERR_NUMBER);
	check_position_error(GAME_CHOMP, "x8", ENGINE_ERR_NUMBER);
	check_position_error(GAME_CHOMP, "4x", ENGINE_ERR_NUMBER);
	check_position_error(GAME_CHOMP, "9x2", ENGINE_ERR_RANGE);
	check_position_error(GAME_CHOMP, "2x9", ENGINE_ERR_RANGE);
	check_position_error(GAME_CHOMP, "0x3", ENGINE_ERR_RANGE);
	check_position_error(GAME_CHOMP, "9", ENGINE_ERR_RANGE);
	check_position_error(GAME_CHOMP, "3 0", ENGINE_ERR_RANGE);
	check_position_error(GAME_CHOMP, "2 3", ENGINE_ERR_NOT_ALLOWED);
	check_position_error(GAME_CHOMP, "5x8", ENGINE_ERR_RANGE); /* 4 rows at most */
	check_position_error(GAME_CHOMP, "8x8", ENGINE_ERR_RANGE);
	check_position_error(GAME_CHOMP, "1 1 1 1 1", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_CHOMP, "4x8 2", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_CHOMP, "3 2 z", ENGINE_ERR_NUMBER);

	check_move(GAME_CHOMP, "4x8", "2,4", ENGINE_OK, "2,4");
	check_move(GAME_CHOMP, "4x8", "2.4", ENGINE_OK, "2,4");
	check_move(GAME_CHOMP, "4x8", "4,8", ENGINE_OK, "4,8");
	check_move(GAME_CHOMP, "4x8", "1,2", ENGINE_OK, "1,2");
	check_move(GAME_CHOMP, "4x8", "1,1", ENGINE_ERR_POISON, NULL);
	check_move(GAME_CHOMP, "4x8", "5,1", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_CHOMP, "4x8", "1,9", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_CHOMP, "4x8", "0,3", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_CHOMP, "4x8", "300,3", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_CHOMP, "8 2", "2,3", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_CHOMP, "4x8", "2", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_CHOMP, "4x8", "a,1", ENGINE_ERR_NUMBER, NULL);
	check_move(GAME_CHOMP, "4x8", "2,", ENGINE_ERR_NUMBER, NULL);
	check_move(GAME_CHOMP, "1", "1,1", ENGINE_ERR_GAME_OVER, NULL);
	check_play(GAME_CHOMP, "4x8", "2,4", "8 3 3 3");
	check_play(GAME_CHOMP, "4x8", "1,2", "4x1");
	check_play(GAME_CHOMP, "8 8 5 2", "4,1", "8 8 5");
	check_play(GAME_CHOMP, "2x2", "2,2", "2 1");

	/* Every piece but the poison, the top-right one first. */
	struct position pos = parse(GAME_CHOMP, "8 8 5 2");
	assert_int_equal(check_listed_moves(&pos, NULL), 22);
	struct move first;
	assert_true(engine_next_move(&pos, &first, true));
	struct position after = pos;
	engine_apply_move(&after, &first);
	assert_int_equal(chomp_pieces(&pos) - chomp_pieces(&after), 1);
	pos = parse(GAME_CHOMP, "1");
	assert_int_equal(check_listed_moves(&pos, NULL), 0);
	assert_true(engine_game_over(&pos));
	/* Only the poison left: the player to move must take it and loses. */
	assert_int_equal(engine_outcome(&pos), OUTCOME_P);
}

/* ---- Taktix ---- */

static unsigned cells_taken(const struct position *pos, const struct move *mv)
{
	(void)pos;
	return (unsigned)__builtin_popcountl((unsigned long)mv->u.cells);
}

static void test_taktix_text(void **state)
{
	(void)state;
	check_round_trip(GAME_TAKTIX, "OOOO/OOOO/OOOO/OOOO", "any normal OOOO/OOOO/OOOO/OOOO");
	check_round_trip(GAME_TAKTIX, "adjacent misere OOOO/OOOO/O.OO/OOOO", "adjacent misere OOOO/OOOO/O.OO/OOOO");
	check_round_trip(GAME_TAKTIX, "MISERE  Adjacent oooo/....  /.o.o/ o..o", "adjacent misere OOOO/..../.O.O/O..O");
	check_round_trip(GAME_TAKTIX, "any ..../..../..../....", "any normal ..../..../..../....");
	check_round_trip(GAME_TAKTIX, "misere .O../..../..../....", "any misere .O../..../..../....");
	struct position start;
	engine_start_position(&start, GAME_TAKTIX);
	char out[64];
	print_position(&start, out, sizeof out);
	/* The start is Piet Hein's Tac Tix; typed words default to the Polish
	 * text's rule. */
	assert_string_equal(out, "adjacent misere OOOO/OOOO/OOOO/OOOO");

	check_position_error(GAME_TAKTIX, "", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_TAKTIX, "OOO/OOOO/OOOO/OOOO", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_TAKTIX, "OOOO/OOOO/OOOO", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_TAKTIX, "OOOO OOOO/OOOO/OOOO", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_TAKTIX, "OOxO/OOOO/OOOO/OOOO", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_TAKTIX, "sideways OOOO/OOOO/OOOO/OOOO", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_TAKTIX, "OOOOO/OOOO/OOOO/OOOO", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_TAKTIX, "OOOO/OOOO/OOOO/OOOO/OOOO", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_TAKTIX, "OOOO/OOOO/OOOO/OOOO x", ENGINE_ERR_SYNTAX);

	const char *full = "OOOO/OOOO/OOOO/OOOO";
	const char *adjacent = "adjacent OOOO/OOOO/OOOO/OOOO";
	check_move(GAME_TAKTIX, full, "a1", ENGINE_OK, "a1");
	check_move(GAME_TAKTIX, full, "D4", ENGINE_OK, "d4");
	check_move(GAME_TAKTIX, full, "a1,a2,a4", ENGINE_OK, "a1,a2,a4");
	check_move(GAME_TAKTIX, full, "a4,a1,a2", ENGINE_OK, "a1,a2,a4");
	check_move(GAME_TAKTIX, full, "b1-b3", ENGINE_OK, "b1-b3");
	check_move(GAME_TAKTIX, full, "b3-b1", ENGINE_OK, "b1-b3");
	check_move(GAME_TAKTIX, full, "b1,b2,b3", ENGINE_OK, "b1-b3");
	check_move(GAME_TAKTIX, full, "a4-d4", ENGINE_OK, "a4-d4");
	check_move(GAME_TAKTIX, full, "a2, c2-d2", ENGINE_OK, "a2,c2,d2");
	check_move(GAME_TAKTIX, adjacent, "b1-b3", ENGINE_OK, "b1-b3");
	check_move(GAME_TAKTIX, adjacent, "a1,a2,a4", ENGINE_ERR_NOT_ADJACENT, NULL);
	/* A cell named twice is not the move of the cells named once. */
	check_move(GAME_TAKTIX, full, "a1,a1", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_TAKTIX, full, "b1-b3,b2", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_TAKTIX, full, "b1-b2,b3-b2", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_TAKTIX, full, "a1,b2", ENGINE_ERR_NOT_IN_LINE, NULL);
	check_move(GAME_TAKTIX, full, "a1-b2", ENGINE_ERR_NOT_IN_LINE, NULL);
	check_move(GAME_TAKTIX, ".OOO/OOOO/OOOO/OOOO", "a1", ENGINE_ERR_EMPTY, NULL);
	check_move(GAME_TAKTIX, ".OOO/OOOO/OOOO/OOOO", "a1-d1", ENGINE_ERR_EMPTY, NULL);
	check_move(GAME_TAKTIX, full, "e1", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_TAKTIX, full, "a5", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_TAKTIX, full, "a0", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_TAKTIX, full, "a999", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_TAKTIX, full, "a", ENGINE_ERR_NUMBER, NULL);
	check_move(GAME_TAKTIX, full, "1a", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_TAKTIX, full, "", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_TAKTIX, full, "a1,", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_TAKTIX, "..../..../..../....", "a1", ENGINE_ERR_GAME_OVER, NULL);
	check_play(GAME_TAKTIX, full, "b1-b3", "any normal O.OO/O.OO/O.OO/OOOO");

	/* A move that takes nothing cannot be written, but is refused. */
	struct position pos = parse(GAME_TAKTIX, full);
	struct move none;
	memset(&none, 0, sizeof none);
	assert_int_equal(engine_check_move(&pos, &none), ENGINE_ERR_NONE_TAKEN);
	none.u.cells = 0x10000u;
	assert_int_equal(engine_check_move(&pos, &none), ENGINE_ERR_NO_SUCH);

	/* Full board: every nonempty part of a line (singles once): 16 + 8 *
	 * (6 + 4 + 1) with any pieces, 16 + 8 * (3 + 2 + 1) adjacent ones. */
	assert_int_equal(check_listed_moves(&pos, cells_taken), 104);
	pos = parse(GAME_TAKTIX, adjacent);
	assert_int_equal(check_listed_moves(&pos, cells_taken), 64);
	pos = parse(GAME_TAKTIX, "adjacent misere O.OO/..../O..O/OOOO");
	check_listed_moves(&pos, cells_taken);
	/* Misere: the empty board is won by the player to move. */
	pos = parse(GAME_TAKTIX, "misere ..../..../..../....");
	assert_int_equal(engine_outcome(&pos), OUTCOME_N);
	pos = parse(GAME_TAKTIX, "normal ..../..../..../....");
	assert_int_equal(engine_outcome(&pos), OUTCOME_P);
}

/* ---- Kubo ---- */

static unsigned kubo_taken(const struct position *pos, const struct move *mv)
{
	(void)pos;
	return mv->u.kubo.other != 0xFFu ? 2u : mv->u.kubo.count;
}

static void test_kubo_text(void **state)
{
	(void)state;
	check_round_trip(GAME_KUBO, "333/333/333", "333/333/333");
	check_round_trip(GAME_KUBO, "333 333 333", "333/333/333");
	check_round_trip(GAME_KUBO, "012301230", "012/301/230");
	check_round_trip(GAME_KUBO, " 000 / 000 / 001", "000/000/001");
	struct position start;
	engine_start_position(&start, GAME_KUBO);
	char out[64];
	print_position(&start, out, sizeof out);
	assert_string_equal(out, "333/333/333");

	check_position_error(GAME_KUBO, "", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_KUBO, "33/333/333", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_KUBO, "3a3/333/333", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_KUBO, "343/333/333", ENGINE_ERR_RANGE);
	check_position_error(GAME_KUBO, "333/333/3333", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_KUBO, "333/333/333/3", ENGINE_ERR_TOO_MANY);

	const char *full = "333/333/333";
	check_move(GAME_KUBO, full, "b2-3", ENGINE_OK, "b2-3");
	check_move(GAME_KUBO, full, "A1-1", ENGINE_OK, "a1-1");
	check_move(GAME_KUBO, full, "a1+a2", ENGINE_OK, "a1+a2");
	check_move(GAME_KUBO, full, "c3+b3", ENGINE_OK, "c3+b3");
	check_move(GAME_KUBO, full, "a1+c3", ENGINE_ERR_NOT_ADJACENT, NULL);
	check_move(GAME_KUBO, full, "a1+b2", ENGINE_ERR_NOT_ADJACENT, NULL);
	check_move(GAME_KUBO, full, "c1+a2", ENGINE_ERR_NOT_ADJACENT, NULL);
	check_move(GAME_KUBO, full, "b2+b2", ENGINE_ERR_NOT_ADJACENT, NULL);
	check_move(GAME_KUBO, "033/333/333", "a1+b1", ENGINE_ERR_EMPTY, NULL);
	check_move(GAME_KUBO, "033/333/333", "a1-1", ENGINE_ERR_EMPTY, NULL);
	check_move(GAME_KUBO, "233/333/333", "a1-3", ENGINE_ERR_TOO_MUCH, NULL);
	check_move(GAME_KUBO, full, "b2-4", ENGINE_ERR_TOO_MUCH, NULL);
	check_move(GAME_KUBO, full, "b2-0", ENGINE_ERR_NONE_TAKEN, NULL);
	check_move(GAME_KUBO, full, "d1-1", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_KUBO, full, "a4-1", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_KUBO, full, "a1+a4", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_KUBO, full, "b2", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_KUBO, full, "2b-1", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_KUBO, full, "b2-x", ENGINE_ERR_NUMBER, NULL);
	check_move(GAME_KUBO, "000/000/000", "b2-1", ENGINE_ERR_GAME_OVER, NULL);
	check_play(GAME_KUBO, full, "b2-3", "333/303/333");
	check_play(GAME_KUBO, full, "a1+a2", "233/233/333");

	/* Full board: 9 stacks by 1, 12 pairs, 9 by 2, 9 by 3. */
	struct position pos = parse(GAME_KUBO, full);
	assert_int_equal(check_listed_moves(&pos, kubo_taken), 39);
	pos = parse(GAME_KUBO, "102/030/211");
	check_listed_moves(&pos, kubo_taken);
}

/* ---- Nineteen ---- */

static void test_nineteen_text(void **state)
{
	(void)state;
	check_round_trip(GAME_NINETEEN, "OOO/OOOO/OOOOO/OOOO/OOO", "OOO/OOOO/OOOOO/OOOO/OOO");
	check_round_trip(GAME_NINETEEN, " o.o / .... / ..O.. / o..o / ...", "O.O/..../..O../O..O/...");
	check_round_trip(GAME_NINETEEN, ".../..../...../..../...", ".../..../...../..../...");
	struct position start;
	engine_start_position(&start, GAME_NINETEEN);
	char out[64];
	print_position(&start, out, sizeof out);
	assert_string_equal(out, "OOO/OOOO/OOOOO/OOOO/OOO");

	check_position_error(GAME_NINETEEN, "", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_NINETEEN, "OOO/OOO/OOOOO/OOOO/OOO", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_NINETEEN, "OOO/OOOO/OOOOO/OOOO", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_NINETEEN, "OOO/OOOO/OO*OO/OOOO/OOO", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_NINETEEN, "OOOO/OOOO/OOOOO/OOOO/OOO", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_NINETEEN, "OOO/OOOO/OOOOO/OOOO/OOO/O", ENGINE_ERR_TOO_MANY);

	const char *full = "OOO/OOOO/OOOOO/OOOO/OOO";
	check_move(GAME_NINETEEN, full, "c3", ENGINE_OK, "c3");
	check_move(GAME_NINETEEN, full, "C3,c4", ENGINE_OK, "c3,c4");
	check_move(GAME_NINETEEN, full, "c3,c4,b3", ENGINE_OK, "b3,c3,c4");
	check_move(GAME_NINETEEN, full, "a1,b1,b2", ENGINE_OK, "a1,b1,b2");
	check_move(GAME_NINETEEN, full, "c1,d1", ENGINE_OK, "c1,d1");
	check_move(GAME_NINETEEN, full, "e3,d4", ENGINE_OK, "d4,e3");
	check_move(GAME_NINETEEN, full, "a1,a3", ENGINE_ERR_NOT_ADJACENT, NULL);
	check_move(GAME_NINETEEN, full, "a1,c1", ENGINE_ERR_NOT_ADJACENT, NULL);
	check_move(GAME_NINETEEN, full, "a1,a2,a3", ENGINE_ERR_NOT_ADJACENT, NULL);
	check_move(GAME_NINETEEN, full, "c2,c3,c4", ENGINE_ERR_NOT_ADJACENT, NULL);
	check_move(GAME_NINETEEN, full, "a1,a2,b1,b2", ENGINE_ERR_TOO_MANY, NULL);
	/* A cell named twice is not the move of the cells named once. */
	check_move(GAME_NINETEEN, full, "a1,a1", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_NINETEEN, full, "c3,c4,c3", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_NINETEEN, full, "a1,a2,a1,a2", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_NINETEEN, ".OO/OOOO/OOOOO/OOOO/OOO", "a1", ENGINE_ERR_EMPTY, NULL);
	check_move(GAME_NINETEEN, ".OO/OOOO/OOOOO/OOOO/OOO", "a1,a2", ENGINE_ERR_EMPTY, NULL);
	check_move(GAME_NINETEEN, full, "a4", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_NINETEEN, full, "c6", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_NINETEEN, full, "f1", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_NINETEEN, full, "c0", ENGINE_ERR_NO_SUCH, NULL);
	check_move(GAME_NINETEEN, full, "c", ENGINE_ERR_NUMBER, NULL);
	check_move(GAME_NINETEEN, full, "3c", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_NINETEEN, full, "c3;c4", ENGINE_ERR_SYNTAX, NULL);
	check_move(GAME_NINETEEN, ".../..../...../..../...", "c3", ENGINE_ERR_GAME_OVER, NULL);
	check_play(GAME_NINETEEN, full, "c3,c4,b3", "OOO/OO.O/OO..O/OOOO/OOO");

	struct position pos = parse(GAME_NINETEEN, full);
	struct move none;
	memset(&none, 0, sizeof none);
	assert_int_equal(engine_check_move(&pos, &none), ENGINE_ERR_NONE_TAKEN);
	none.u.cells = 1ul << 19;
	assert_int_equal(engine_check_move(&pos, &none), ENGINE_ERR_NO_SUCH);

	/* Full board: 19 single cells, 42 pairs, 24 triangles. */
	assert_int_equal(check_listed_moves(&pos, cells_taken), 85);
	pos = parse(GAME_NINETEEN, "O.O/.OO./O.O.O/..OO/O.O");
	check_listed_moves(&pos, cells_taken);
}

static void test_counts(void **state)
{
	(void)state;
	print_message("# board games: %lu texts and moves checked, %lu listed moves checked\n", texts_checked,
		      moves_listed);
	assert_true(texts_checked > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chomp_text), cmocka_unit_test(test_taktix_text),
		cmocka_unit_test(test_kubo_text),  cmocka_unit_test(test_nineteen_text),
		cmocka_unit_test(test_counts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
