/*
 * The engine's text: positions and moves of the heap, number, matrix, row
 * and Wythoff games print in the syntax they are parsed from; game names
 * (the other names are the host tool's); every error code reachable from bad text, each with a
 * message that fits the 16-column LCD; the limits of the position record.
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

static unsigned long cases_checked;

/* `text` parses and prints as `printed`, which parses to itself. */
static void check_round_trip(uint8_t game, const char *text, const char *printed)
{
	char out[512];
	struct position pos = parse(game, text);
	print_position(&pos, out, sizeof out);
	if (strcmp(out, printed) != 0) {
		fail_msg("\"%s\" printed as \"%s\", expected \"%s\"", text, out, printed);
	}
	struct position again = parse(game, out);
	char out_again[512];
	print_position(&again, out_again, sizeof out_again);
	assert_string_equal(out, out_again);
	cases_checked++;
}

static void check_position_error(uint8_t game, const char *text, enum engine_error expected)
{
	struct position pos;
	memset(&pos, 0x5A, sizeof pos);
	struct position before = pos;
	enum engine_error err = engine_parse_position(&pos, game, text);
	if (err != expected) {
		fail_msg("\"%s\": error %d, expected %d", text, err, expected);
	}
	/* A refused text leaves the position as it was. */
	assert_memory_equal(&pos, &before, sizeof pos);
	cases_checked++;
}

/* The move parses (or not) and is legal (or not): the first error met. */
static void check_move_error(uint8_t game, const char *position, const char *move, enum engine_error expected)
{
	struct position pos = parse(game, position);
	struct move mv;
	enum engine_error err = engine_parse_move(&pos, move, &mv);
	if (err == ENGINE_OK) {
		err = engine_check_move(&pos, &mv);
	}
	if (err != expected) {
		fail_msg("%s, move \"%s\": error %d, expected %d", position, move, err, expected);
	}
	cases_checked++;
}

/* The move is legal, prints as `printed` and leaves `after`. */
static void check_move(uint8_t game, const char *position, const char *move, const char *printed, const char *after)
{
	struct position pos = parse(game, position);
	struct move mv;
	assert_int_equal(engine_parse_move(&pos, move, &mv), ENGINE_OK);
	assert_int_equal(engine_check_move(&pos, &mv), ENGINE_OK);
	char out[512];
	struct buffer_sink b;
	buffer_sink_init(&b, out, sizeof out);
	engine_print_move(&pos, &mv, &b.sink);
	assert_string_equal(out, printed);
	engine_apply_move(&pos, &mv);
	print_position(&pos, out, sizeof out);
	assert_string_equal(out, after);
	cases_checked++;
}

static void report(const char *what)
{
	printf("# %s: %lu cases\n", what, cases_checked);
	cases_checked = 0;
}

static void test_game_names(void **state)
{
	(void)state;
	static const struct {
		const char *name;
		uint8_t game;
	} names[] = {
		{ "nim", GAME_NIM },
		{ "NIM", GAME_NIM },
		{ "misere-nim", GAME_MISERE_NIM },
		{ "Misere_Nim", GAME_MISERE_NIM },
		{ "marienbad", GAME_MARIENBAD },
		{ "MarienBad", GAME_MARIENBAD },
		{ "limit-nim", GAME_LIMIT_NIM },
		{ "subtraction", GAME_SUBTRACTION },
		{ "subtract-digit", GAME_SUBTRACT_DIGIT },
		{ "divide", GAME_DIVIDE },
		{ "prime-power", GAME_PRIME_POWER },
		{ "nimble", GAME_NIMBLE },
		{ "matrix-nim", GAME_MATRIX_NIM },
		{ "poker-nim", GAME_POKER_NIM },
		{ "pebbles", GAME_PEBBLES },
		{ "kayles", GAME_KAYLES },
		{ "wythoff", GAME_WYTHOFF },
		{ "chomp", GAME_CHOMP },
		{ "taktix", GAME_TAKTIX },
		{ "kubo", GAME_KUBO },
		{ "nineteen", GAME_NINETEEN },
		{ "1", GAME_COUNT },
		{ "nimm", GAME_COUNT },
		{ "ni", GAME_COUNT },
		{ "", GAME_COUNT },
		{ "nim,", GAME_COUNT },
		{ "misere-nim-", GAME_COUNT },
		/* The other names are the host tool's (tests/scripts/cli.sh). */
		{ "dawson", GAME_COUNT },
		{ "odra", GAME_COUNT },
		/* No name is found in the syntax or the example that follow it. */
		{ "H-N", GAME_COUNT },
		{ "20", GAME_COUNT },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		uint8_t found = engine_find_game(names[i].name, (uint8_t)strlen(names[i].name));
		if (found != names[i].game) {
			fail_msg("\"%s\" found as %u, expected %u", names[i].name, found, names[i].game);
		}
	}
	/* A name followed by more text is found by its length alone. */
	assert_int_equal(engine_find_game("kayles 1 12", 6), GAME_KAYLES);
	/* Every game's own name and example parse back. */
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		char name[32], example[128];
		struct buffer_sink b;
		buffer_sink_init(&b, name, sizeof name);
		engine_print_game_name(game, &b.sink);
		assert_string_equal(name, engine_game_name(game));
		assert_int_equal(engine_find_game(name, (uint8_t)strlen(name)), game);
		buffer_sink_init(&b, example, sizeof example);
		engine_print_game_example(game, &b.sink);
		struct position pos;
		if (engine_parse_position(&pos, game, example) != ENGINE_OK) {
			fail_msg("%s: example \"%s\" does not parse", name, example);
		}
		/* The example is the start position, read from flash into a
		 * buffer of 40 characters. */
		assert_true(strlen(example) <= 40);
		char example_again[128];
		struct position start_pos;
		engine_start_position(&start_pos, game);
		print_position(&start_pos, example_again, sizeof example_again);
		print_position(&pos, example, sizeof example);
		assert_string_equal(example, example_again);
		/* The start position prints in a form that parses back. */
		engine_start_position(&pos, game);
		char start[256];
		print_position(&pos, start, sizeof start);
		struct position again;
		if (engine_parse_position(&again, game, start) != ENGINE_OK) {
			fail_msg("%s: start \"%s\" does not parse", name, start);
		}
		char start_again[256];
		print_position(&again, start_again, sizeof start_again);
		assert_string_equal(start, start_again);
	}
}

static void test_heap_positions(void **state)
{
	(void)state;
	check_round_trip(GAME_NIM, "3 4 5", "3 4 5");
	check_round_trip(GAME_NIM, "  3,4 ,5  ", "3 4 5");
	check_round_trip(GAME_NIM, "misere 1 2", "misere 1 2");
	check_round_trip(GAME_NIM, "NORMAL 1 2", "1 2");
	check_round_trip(GAME_NIM, "misere normal 1", "1");
	check_round_trip(GAME_MISERE_NIM, "normal 1 2", "normal 1 2");
	check_round_trip(GAME_MARIENBAD, "1 3 5 7", "1 3 5 7");
	check_round_trip(GAME_MARIENBAD, "misere 1 3 5 7", "1 3 5 7");
	check_round_trip(GAME_NIM, "0", "0");
	check_round_trip(GAME_NIM, "65535 65535 65535 65535 65535 65535 65535 65535",
			 "65535 65535 65535 65535 65535 65535 65535 65535");
	check_round_trip(GAME_LIMIT_NIM, "3 4 5", "k=3 3 4 5");
	check_round_trip(GAME_LIMIT_NIM, "K=255 300", "k=255 300");
	check_round_trip(GAME_LIMIT_NIM, "k = 1 2", "k=1 2");
	check_round_trip(GAME_SUBTRACTION, "21", "S=1,3,4 21");
	check_round_trip(GAME_SUBTRACTION, "s=8,2,2 10 11", "S=2,8 10 11");
	check_round_trip(GAME_SUBTRACTION, "S=1,2,3,4,5,6,7,8 65535", "S=1,2,3,4,5,6,7,8 65535");
	check_round_trip(GAME_NIMBLE, "0 3 3 7", "0 3 3 7");
	check_round_trip(GAME_POKER_NIM, "3 4 5", "k=2 3 4 5");
	check_round_trip(GAME_POKER_NIM, "k=2 3/5 4/4 5/6", "k=2 3/5 4 5/6");
	check_round_trip(GAME_POKER_NIM, "k=3 left=1,3 0/1 2/9", "k=3 left=1,3 0/1 2/9");
	check_round_trip(GAME_POKER_NIM, "left=0,1 k=1 3", "k=1 left=0,1 3");
	check_round_trip(GAME_POKER_NIM, "k=0 1", "k=0 1");
	report("heap game positions");
}

static void test_other_positions(void **state)
{
	(void)state;
	check_round_trip(GAME_SUBTRACT_DIGIT, "1234", "1234");
	check_round_trip(GAME_SUBTRACT_DIGIT, "4294967295", "4294967295");
	check_round_trip(GAME_SUBTRACT_DIGIT, "0", "0");
	check_round_trip(GAME_DIVIDE, "12 35 7", "12 35 7");
	check_round_trip(GAME_DIVIDE, "1 2 3 4 5 6 7 4294967295", "1 2 3 4 5 6 7 4294967295");
	check_round_trip(GAME_PRIME_POWER, "56700", "56700");
	check_round_trip(GAME_PRIME_POWER, "1", "1");
	check_round_trip(GAME_PRIME_POWER, "4294967295", "4294967295");
	check_round_trip(GAME_MATRIX_NIM, "1 2 3 / 4 5 6", "1 2 3 / 4 5 6");
	check_round_trip(GAME_MATRIX_NIM, "1,2,3/4,5,6", "1 2 3 / 4 5 6");
	check_round_trip(GAME_MATRIX_NIM, "255", "255");
	check_round_trip(GAME_PEBBLES, "20", "20");
	check_round_trip(GAME_KAYLES, "1 12", "1 12");
	check_round_trip(GAME_KAYLES, "0", "0");
	check_round_trip(GAME_WYTHOFF, "3 5", "3 5");
	check_round_trip(GAME_WYTHOFF, "65535,0", "65535 0");

	/* 40 rows, the most a position holds, of the longest rows that never
	 * split. */
	char rows[512] = "";
	for (int i = 0; i < ENGINE_MAX_ROWS; i++) {
		strcat(rows, i == 0 ? "2" : " 2");
	}
	check_round_trip(GAME_KAYLES, rows, rows);
	strcat(rows, " 1");
	check_position_error(GAME_KAYLES, rows, ENGINE_ERR_TOO_MANY);
	for (int i = 0; rows[i] != '\0'; i++) {
		rows[i] = rows[i] == '2' ? '4' : rows[i];
	}
	rows[strlen(rows) - 2] = '\0';
	check_round_trip(GAME_PEBBLES, rows, rows);
	/* Rows that could split into more rows than the record holds: a row
	 * of n pins can become ceil(n/2) rows, a strip of n cells ceil(n/4),
	 * a row of 0 stays. */
	check_round_trip(GAME_KAYLES, "80", "80");
	check_position_error(GAME_KAYLES, "81", ENGINE_ERR_ROWS);
	check_round_trip(GAME_PEBBLES, "160", "160");
	check_position_error(GAME_PEBBLES, "161", ENGINE_ERR_ROWS);
	check_position_error(GAME_KAYLES, "65535", ENGINE_ERR_ROWS);
	check_position_error(GAME_PEBBLES, "65535 65535", ENGINE_ERR_ROWS);
	check_round_trip(GAME_KAYLES, "0 0 76", "0 0 76");
	check_position_error(GAME_KAYLES, "0 0 77", ENGINE_ERR_ROWS);
	check_round_trip(GAME_PEBBLES, "5 5 0 0 0 0 128", "5 5 0 0 0 0 128");
	check_position_error(GAME_PEBBLES, "5 5 0 0 0 0 129", ENGINE_ERR_ROWS);

	/* An 8x8 matrix, the largest. */
	char grid[512] = "";
	for (int r = 0; r < ENGINE_MATRIX_MAX; r++) {
		strcat(grid, r == 0 ? "" : " / ");
		strcat(grid, "255 255 255 255 255 255 255 255");
	}
	check_round_trip(GAME_MATRIX_NIM, grid, grid);

	/* The factorisation is kept: 9 distinct primes, the most in 32 bits. */
	struct position pos = parse(GAME_PRIME_POWER, "223092870");
	assert_int_equal(pos.count, 9);
	pos = parse(GAME_PRIME_POWER, "4294967291"); /* the largest 32-bit prime */
	assert_int_equal(pos.count, 1);
	assert_int_equal(pos.u.factors.prime[0], 4294967291u);
	pos = parse(GAME_PRIME_POWER, "4294967295"); /* 3 * 5 * 17 * 257 * 65537 */
	assert_int_equal(pos.count, 5);
	assert_int_equal(pos.u.factors.prime[4], 65537u);
	pos = parse(GAME_PRIME_POWER, "56700");
	assert_int_equal(pos.count, 4);
	assert_int_equal(pos.u.factors.exponent[1], 4);
	pos = parse(GAME_PRIME_POWER, "4294836225"); /* 65535^2 = (3 * 5 * 17 * 257)^2 */
	assert_int_equal(pos.count, 4);
	assert_int_equal(pos.u.factors.exponent[3], 2);
	report("number, matrix, row and Wythoff positions");
}

static void test_moves(void **state)
{
	(void)state;
	check_move(GAME_NIM, "3 4 5", "2-3", "2-3", "3 1 5");
	check_move(GAME_NIM, "3 4 5", " 1 - 3 ", "1-3", "0 4 5");
	check_move(GAME_LIMIT_NIM, "k=3 3 4 5", "3-3", "3-3", "k=3 3 4 2");
	check_move(GAME_SUBTRACTION, "S=1,3,4 21", "1-4", "1-4", "S=1,3,4 17");
	check_move(GAME_NIMBLE, "0 3 3 7", "7>2", "7>2", "0 3 3 2");
	check_move(GAME_NIMBLE, "0 3 3 7", "3>0", "3>0", "0 0 3 7");
	check_move(GAME_POKER_NIM, "k=2 3/5 4 5/6", "1+2", "1+2", "k=2 left=2,1 5 4 5/6");
	check_move(GAME_POKER_NIM, "k=2 left=2,1 5 4 5/6", "1-2", "1-2", "k=2 left=1,2 3/5 4 5/6");
	{
		/* After an addition, the machine takes it back (taking 2 from
		 * the first heap would win too). */
		struct position pos = parse(GAME_POKER_NIM, "k=2 4 3/5 7");
		struct move mv;
		assert_int_equal(engine_parse_move(&pos, "2+2", &mv), ENGINE_OK);
		engine_apply_move(&pos, &mv);
		assert_true(engine_best_move(&pos, &mv));
		char text[16];
		struct buffer_sink b;
		buffer_sink_init(&b, text, sizeof text);
		engine_print_move(&pos, &mv, &b.sink);
		assert_string_equal(text, "2-2");
	}
	check_move(GAME_SUBTRACT_DIGIT, "1234", "-4", "-4", "1230");
	check_move(GAME_SUBTRACT_DIGIT, "1234", "2", "-2", "1232");
	check_move(GAME_DIVIDE, "12 35 7", "2/3", "2/3", "12 11 7");
	check_move(GAME_DIVIDE, "12 35 1", "3/6", "3/6", "12 35 0");
	check_move(GAME_PRIME_POWER, "56700", "/3^2", "/3^2", "6300");
	check_move(GAME_PRIME_POWER, "56700", "7", "/7", "8100");
	check_move(GAME_PRIME_POWER, "56700", "/3^4", "/3^4", "700");
	check_move(GAME_PRIME_POWER, "4294967291", "/4294967291", "/4294967291", "1");
	check_move(GAME_MATRIX_NIM, "1 2 3 / 4 5 6", "2:0,3,1", "2:0,3,1", "1 2 3 / 4 2 5");
	check_move(GAME_MATRIX_NIM, "1 2 3 / 4 5 6", "1:1", "1:1,0,0", "0 2 3 / 4 5 6");
	check_move(GAME_KAYLES, "1 12", "2.5", "2.5", "1 4 7");
	check_move(GAME_KAYLES, "1 12", "2.5-6", "2.5-6", "1 4 6");
	/* Two pins may be named in either order, as Taktix's ranges may. */
	check_move(GAME_KAYLES, "1 12", "2.6-5", "2.5-6", "1 4 6");
	check_move(GAME_KAYLES, "5", "1.3-2", "1.2-3", "1 2");
	check_move(GAME_KAYLES, "1 12", "1.1", "1.1", "12");
	check_move(GAME_KAYLES, "1 12", "2.11-12", "2.11-12", "1 10");
	check_move(GAME_KAYLES, "2", "1.1-2", "1.1-2", "0");
	check_move(GAME_PEBBLES, "20", "1.1", "1.1", "18");
	check_move(GAME_PEBBLES, "20", "1.20", "1.20", "18");
	check_move(GAME_PEBBLES, "20", "1.2", "1.2", "17");
	check_move(GAME_PEBBLES, "20", "1.5", "1.5", "3 14");
	check_move(GAME_PEBBLES, "3 1", "2.1", "2.1", "3");
	check_move(GAME_WYTHOFF, "3 5", "3,0", "3,0", "0 5");
	check_move(GAME_WYTHOFF, "3 5", "2,2", "2,2", "1 3");
	check_move(GAME_WYTHOFF, "3 5", "0, 5", "0,5", "3 0");
	report("moves");
}

static void test_position_errors(void **state)
{
	(void)state;
	check_position_error(GAME_NIM, "", ENGINE_ERR_NUMBER);
	check_position_error(GAME_NIM, "3 x 5", ENGINE_ERR_NUMBER);
	check_position_error(GAME_NIM, "3 -4", ENGINE_ERR_NUMBER);
	check_position_error(GAME_NIM, "65536", ENGINE_ERR_RANGE);
	check_position_error(GAME_NIM, "99999999999999999999", ENGINE_ERR_RANGE);
	check_position_error(GAME_NIM, "1 2 3 4 5 6 7 8 9", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_LIMIT_NIM, "k=0 3", ENGINE_ERR_RANGE);
	check_position_error(GAME_LIMIT_NIM, "k=256 3", ENGINE_ERR_RANGE);
	check_position_error(GAME_LIMIT_NIM, "k 3", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_LIMIT_NIM, "k=", ENGINE_ERR_NUMBER);
	check_position_error(GAME_SUBTRACTION, "S=1,9 3", ENGINE_ERR_RANGE);
	check_position_error(GAME_SUBTRACTION, "S=0 3", ENGINE_ERR_RANGE);
	check_position_error(GAME_SUBTRACTION, "S=1, 3", ENGINE_ERR_NUMBER);
	check_position_error(GAME_POKER_NIM, "5/3", ENGINE_ERR_ABOVE_START);
	check_position_error(GAME_POKER_NIM, "k=1 left=2,1 3", ENGINE_ERR_RANGE);
	check_position_error(GAME_POKER_NIM, "k=1 left=1 3", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_POKER_NIM, "last=3 1 2", ENGINE_ERR_NUMBER);
	check_position_error(GAME_SUBTRACTION, "S 3", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_POKER_NIM, "3/", ENGINE_ERR_NUMBER);
	check_position_error(GAME_SUBTRACT_DIGIT, "4294967296", ENGINE_ERR_RANGE);
	check_position_error(GAME_SUBTRACT_DIGIT, "12 13", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_DIVIDE, "1 2 3 4 5 6 7 8 9", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_PRIME_POWER, "0", ENGINE_ERR_RANGE);
	check_position_error(GAME_PRIME_POWER, "12 13", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_PRIME_POWER, "12x", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_MATRIX_NIM, "1 2 / 3", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_MATRIX_NIM, "256", ENGINE_ERR_RANGE);
	check_position_error(GAME_MATRIX_NIM, "1 2 3 4 5 6 7 8 9", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_MATRIX_NIM, "1/2/3/4/5/6/7/8/9", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_MATRIX_NIM, "1 2 /", ENGINE_ERR_NUMBER);
	check_position_error(GAME_KAYLES, "65536", ENGINE_ERR_RANGE);
	check_position_error(GAME_WYTHOFF, "3", ENGINE_ERR_NUMBER);
	check_position_error(GAME_WYTHOFF, "3 5 7", ENGINE_ERR_TOO_MANY);
	check_position_error(GAME_WYTHOFF, "3 5 x", ENGINE_ERR_SYNTAX);
	check_position_error(GAME_COUNT, "3", ENGINE_ERR_UNKNOWN_GAME);
	report("position errors");
}

static void test_move_errors(void **state)
{
	(void)state;
	check_move_error(GAME_NIM, "3 0 5", "2x3", ENGINE_ERR_SYNTAX);
	check_move_error(GAME_NIM, "3 0 5", "2-3 4", ENGINE_ERR_SYNTAX);
	check_move_error(GAME_NIM, "3 0 5", "x", ENGINE_ERR_NUMBER);
	check_move_error(GAME_NIM, "3 0 5", "", ENGINE_ERR_NUMBER);
	check_move_error(GAME_NIM, "3 0 5", "2-", ENGINE_ERR_NUMBER);
	check_move_error(GAME_NIM, "3 0 5", "4-1", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_NIM, "3 0 5", "0-1", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_NIM, "3 0 5", "300-1", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_NIM, "3 0 5", "2-1", ENGINE_ERR_EMPTY);
	check_move_error(GAME_NIM, "3 0 5", "1-0", ENGINE_ERR_NONE_TAKEN);
	check_move_error(GAME_NIM, "3 0 5", "1-4", ENGINE_ERR_TOO_MUCH);
	check_move_error(GAME_NIM, "3 0 5", "1-70000", ENGINE_ERR_TOO_MUCH);
	check_move_error(GAME_NIM, "3 0 5", "1+1", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_NIM, "0 0", "1-1", ENGINE_ERR_GAME_OVER);
	check_move_error(GAME_LIMIT_NIM, "k=3 9", "1-4", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_SUBTRACTION, "S=1,3,4 21", "1-2", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_SUBTRACTION, "S=1,3,4 21", "1-9", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_SUBTRACTION, "S=1,3,4 2 5", "1-3", ENGINE_ERR_TOO_MUCH);
	check_move_error(GAME_NIMBLE, "0 3 3 7", "4>1", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_NIMBLE, "0 3 3 7", "3>5", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_NIMBLE, "0 3 3 7", "3>3", ENGINE_ERR_NONE_TAKEN);
	check_move_error(GAME_NIMBLE, "0 3 3 7", "3-1", ENGINE_ERR_SYNTAX);
	check_move_error(GAME_POKER_NIM, "k=2 3/5 4", "2+1", ENGINE_ERR_ABOVE_START);
	check_move_error(GAME_POKER_NIM, "k=2 3/5 4", "1+3", ENGINE_ERR_ABOVE_START);
	check_move_error(GAME_POKER_NIM, "k=2 3/5 4", "1+0", ENGINE_ERR_NONE_TAKEN);
	check_move_error(GAME_POKER_NIM, "k=2 left=0,2 3/5 4", "1+1", ENGINE_ERR_NO_ADDS);
	check_move_error(GAME_SUBTRACT_DIGIT, "1234", "-5", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_SUBTRACT_DIGIT, "1234", "-0", ENGINE_ERR_NONE_TAKEN);
	check_move_error(GAME_SUBTRACT_DIGIT, "1234", "-10", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_SUBTRACT_DIGIT, "0", "-1", ENGINE_ERR_GAME_OVER);
	{
		/* A move record naming a second number (there is only one). */
		struct position pos = parse(GAME_SUBTRACT_DIGIT, "12");
		struct move mv;
		memset(&mv, 0, sizeof mv);
		mv.u.number.index = 1;
		mv.u.number.divisor = 2;
		assert_int_equal(engine_check_move(&pos, &mv), ENGINE_ERR_NO_SUCH);
	}
	check_move_error(GAME_DIVIDE, "12 0 7", "2/2", ENGINE_ERR_EMPTY);
	check_move_error(GAME_DIVIDE, "12 0 7", "4/2", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_DIVIDE, "12 0 7", "1/4", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_DIVIDE, "12 0 7", "1/300", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_DIVIDE, "12 0 7", "1 2", ENGINE_ERR_SYNTAX);
	check_move_error(GAME_PRIME_POWER, "56700", "/11", ENGINE_ERR_NOT_DIVISOR);
	check_move_error(GAME_PRIME_POWER, "56700", "/2^3", ENGINE_ERR_NOT_DIVISOR);
	check_move_error(GAME_PRIME_POWER, "56700", "/9", ENGINE_ERR_NOT_DIVISOR);
	check_move_error(GAME_PRIME_POWER, "56700", "/6", ENGINE_ERR_NOT_DIVISOR);
	check_move_error(GAME_PRIME_POWER, "56700", "/0", ENGINE_ERR_NOT_DIVISOR);
	check_move_error(GAME_PRIME_POWER, "56700", "/1", ENGINE_ERR_NONE_TAKEN);
	check_move_error(GAME_PRIME_POWER, "56700", "/2^0", ENGINE_ERR_NONE_TAKEN);
	check_move_error(GAME_PRIME_POWER, "56700", "/2^", ENGINE_ERR_NUMBER);
	check_move_error(GAME_PRIME_POWER, "1", "/2", ENGINE_ERR_GAME_OVER);
	check_move_error(GAME_MATRIX_NIM, "1 2 3 / 0 0 0", "2:1", ENGINE_ERR_EMPTY);
	check_move_error(GAME_MATRIX_NIM, "1 2 3 / 0 0 0", "1:0,0,0", ENGINE_ERR_NONE_TAKEN);
	check_move_error(GAME_MATRIX_NIM, "1 2 3 / 0 0 0", "1:2", ENGINE_ERR_TOO_MUCH);
	check_move_error(GAME_MATRIX_NIM, "1 2 3 / 0 0 0", "1:1,1,1,1", ENGINE_ERR_TOO_MANY);
	check_move_error(GAME_MATRIX_NIM, "1 2 3 / 0 0 0", "3:1", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_MATRIX_NIM, "1 2 3 / 0 0 0", "1 1", ENGINE_ERR_SYNTAX);
	check_move_error(GAME_KAYLES, "1 12", "1.2", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_KAYLES, "1 12", "2.0", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_KAYLES, "1 12", "2.12-13", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_KAYLES, "1 12", "2.5-7", ENGINE_ERR_NOT_ADJACENT);
	check_move_error(GAME_KAYLES, "1 12", "2.5-5", ENGINE_ERR_NOT_ADJACENT);
	check_move_error(GAME_KAYLES, "1 12", "3.1", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_KAYLES, "1 12", "2", ENGINE_ERR_SYNTAX);
	check_move_error(GAME_PEBBLES, "20", "1.3-4", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_PEBBLES, "20", "1.21", ENGINE_ERR_NO_SUCH);
	check_move_error(GAME_WYTHOFF, "3 5", "0,0", ENGINE_ERR_NONE_TAKEN);
	check_move_error(GAME_WYTHOFF, "3 5", "1,2", ENGINE_ERR_NOT_ALLOWED);
	check_move_error(GAME_WYTHOFF, "3 5", "4,0", ENGINE_ERR_TOO_MUCH);
	check_move_error(GAME_WYTHOFF, "0 5", "1,0", ENGINE_ERR_EMPTY);
	check_move_error(GAME_WYTHOFF, "3 5", "3", ENGINE_ERR_SYNTAX);

	/* At the limit, a split that fills the record's 40th row is played
	 * (the sanitizers watch the row after the last). */
	char rows[512] = "";
	for (int i = 0; i < ENGINE_MAX_ROWS - 2; i++) {
		strcat(rows, i == 0 ? "1" : " 1");
	}
	char position[600], after[600];
	snprintf(position, sizeof position, "%s 3", rows);
	snprintf(after, sizeof after, "%s 1 1", rows);
	check_move(GAME_KAYLES, position, "39.2", "39.2", after);
	snprintf(position, sizeof position, "%s 5", rows);
	check_move(GAME_PEBBLES, position, "39.3", "39.3", after);
	report("move errors");
}

static void test_error_messages(void **state)
{
	(void)state;
	for (int err = 0; err <= ENGINE_ERR_COUNT; err++) {
		char text[64];
		struct buffer_sink b;
		buffer_sink_init(&b, text, sizeof text);
		engine_print_error((enum engine_error)err, &b.sink);
		assert_true(strlen(text) > 0);
		if (strlen(text) > 16) {
			fail_msg("error %d: \"%s\" is wider than the LCD", err, text);
		}
	}
}

static void test_analysis_line(void **state)
{
	(void)state;
	static const struct {
		uint8_t game;
		const char *position;
		const char *line;
	} lines[] = {
		{ GAME_NIM, "3 4 5", "game=nim outcome=N grundy=2 move=1-2 after=1 4 5" },
		{ GAME_NIM, "0 0", "game=nim outcome=P grundy=0 move=- after=-" },
		{ GAME_MISERE_NIM, "0 0", "game=misere-nim outcome=N grundy=- move=- after=-" },
		{ GAME_MARIENBAD, "1 3 5 7", "game=marienbad outcome=P grundy=- move=4-1 after=1 3 5 6" },
		{ GAME_PEBBLES, "20", "game=pebbles outcome=P grundy=0 move=1.1 after=18" },
		{ GAME_WYTHOFF, "3 5", "game=wythoff outcome=P grundy=- move=0,1 after=3 4" },
		{ GAME_SUBTRACT_DIGIT, "200000", "game=subtract-digit outcome=P grundy=- move=-2 after=199998" },
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		struct position pos = parse(lines[i].game, lines[i].position);
		char text[256];
		struct buffer_sink b;
		buffer_sink_init(&b, text, sizeof text);
		engine_print_analysis(&pos, &b.sink);
		assert_string_equal(text, lines[i].line);
	}
}

/* A fixed pseudo-random sequence (xorshift), so a failure can be replayed. */
static uint32_t random_state = 2463534242u;

static uint32_t next_random(void)
{
	random_state ^= random_state << 13;
	random_state ^= random_state >> 17;
	random_state ^= random_state << 5;
	return random_state;
}

/* Text shaped like the syntax: a few numbers (small, or now and then
 * large) with separators, sometimes after a parameter; or, a quarter of
 * the time, characters the syntax uses and now and then any byte. */
static void random_text(char *text, size_t size)
{
	if (next_random() % 4 != 0) {
		static const char *const prefixes[] = { "",         "",       "",          "k=2 ",    "k=1 ",
							"S=1,3,4 ", "S=2,5 ", "left=1,2 ", "misere ", "normal ",
							"-",        "/",      "1:",        "2:" };
		static const char separators[] = "      ,/-+.:>^x";
		size_t n = (size_t)snprintf(text, size, "%s", prefixes[next_random() % 14]);
		unsigned parts = 1 + next_random() % 6;
		for (unsigned i = 0; i < parts && n + 14 < size; i++) {
			uint32_t r = next_random();
			uint32_t value = r % 8 == 0 ? next_random() : r % 8 == 1 ? next_random() % 70000 : r % 13;
			n += (size_t)snprintf(text + n, size - n, "%lu", (unsigned long)value);
			if (i + 1 < parts) {
				text[n++] = separators[next_random() % (sizeof separators - 1)];
				text[n] = '\0';
			}
		}
		return;
	}
	static const char alphabet[] = "0123456789 ,/-+.:>^=kKsSleftmisornalO0000111229";
	size_t length = next_random() % (size - 1);
	for (size_t i = 0; i < length; i++) {
		uint32_t r = next_random();
		text[i] = (r & 0xF00) == 0 ? (char)(1 + r % 255) : alphabet[r % (sizeof alphabet - 1)];
	}
	text[length] = '\0';
}

/* Whatever text arrives, the engine answers without a crash or an overflow
 * (the sanitizers watch), and whatever it accepts prints in a form that
 * parses back to the same text; for the games of this module the analysis
 * runs and any move text it accepts as legal can be played. */
static void test_random_text(void **state)
{
	(void)state;
	unsigned long accepted = 0, moves = 0, tried = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		bool analyse = game < GAME_CHOMP;
		for (int i = 0; i < 60000; i++) {
			char text[64], printed[512], again[512];
			random_text(text, sizeof text);
			struct position pos;
			tried++;
			if (engine_parse_position(&pos, game, text) != ENGINE_OK) {
				continue;
			}
			accepted++;
			print_position(&pos, printed, sizeof printed);
			struct position reparsed = parse(game, printed);
			print_position(&reparsed, again, sizeof again);
			if (strcmp(printed, again) != 0) {
				fail_msg("game %u: \"%s\" printed \"%s\", then \"%s\"", game, text, printed, again);
			}
			if (!analyse) {
				continue;
			}
			char line[1024];
			struct buffer_sink b;
			buffer_sink_init(&b, line, sizeof line);
			engine_print_analysis(&pos, &b.sink);
			for (int m = 0; m < 60; m++) {
				char move_text[24];
				random_text(move_text, sizeof move_text);
				struct move mv;
				if (engine_parse_move(&pos, move_text, &mv) == ENGINE_OK &&
				    engine_check_move(&pos, &mv) == ENGINE_OK) {
					struct position after = pos;
					engine_apply_move(&after, &mv);
					print_position(&after, again, sizeof again);
					(void)parse(game, again);
					moves++;
				}
			}
		}
	}
	printf("# random text: %lu positions tried, %lu accepted and round-tripped, %lu random legal moves played\n",
	       tried, accepted, moves);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_game_names),      cmocka_unit_test(test_heap_positions),
		cmocka_unit_test(test_other_positions), cmocka_unit_test(test_moves),
		cmocka_unit_test(test_position_errors), cmocka_unit_test(test_move_errors),
		cmocka_unit_test(test_error_messages),  cmocka_unit_test(test_analysis_line),
		cmocka_unit_test(test_random_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
