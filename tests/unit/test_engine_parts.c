/*
 * The numbers of a position's parts as the menu and the buttons see them
 * (engine/parts.c), checked against the position's text as the engine
 * prints it and parses it, which never goes through them:
 *   - a part set is the number printed at its place (a heap, a number, a
 *     Matrix Nim cell in its row and column, a Chomp row, a Kubo stack,
 *     a Poker Nim heap with its start), cut to what its field holds;
 *   - every part of every game, set to each of a list of numbers from 0
 *     to 2^32 - 1, reads back as set (or cut), and no other part changes;
 *   - the most a move may name at a part: a fixed amount, a factor's
 *     exponent, Wythoff's smaller heap for both, Poker Nim's room to its
 *     start when adding.
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

#define TEXT_MAX 256u

static struct position parsed(uint8_t game, const char *text)
{
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, game, text), ENGINE_OK);
	return pos;
}

static void expect_text(const struct position *pos, const char *expected)
{
	char text[TEXT_MAX];
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, sizeof text);
	engine_print_position(pos, &sink.sink);
	assert_false(sink.overflowed);
	assert_string_equal(text, expected);
}

/* `game` from `start`, part `i` set to `value`: printed as `expected`. */
static void set_and_print(uint8_t game, const char *start, uint8_t i, uint32_t value, const char *expected)
{
	struct position pos = parsed(game, start);
	engine_set_part_value(&pos, i, value);
	expect_text(&pos, expected);
	/* And read back from the text. */
	struct position again = parsed(game, expected);
	assert_int_equal(engine_part_value(&again, i), engine_part_value(&pos, i));
}

static void a_part_set_is_printed_at_its_place(void **state)
{
	(void)state;
	set_and_print(GAME_NIM, "3 4 5", 2, 70000, "3 4 65535");
	set_and_print(GAME_NIM, "3 4 5", 0, 0, "0 4 5");
	set_and_print(GAME_DIVIDE, "12 35 7", 0, UINT32_MAX, "4294967295 35 7");
	set_and_print(GAME_SUBTRACT_DIGIT, "1234", 0, 987654321, "987654321");
	set_and_print(GAME_KAYLES, "1 12", 1, 5, "1 5");
	set_and_print(GAME_NIMBLE, "0 3 3 7", 3, 9, "0 3 3 9");
	set_and_print(GAME_MATRIX_NIM, "1 2 3 / 4 5 6", 4, 9, "1 2 3 / 4 9 6");
	set_and_print(GAME_MATRIX_NIM, "1 2 3 / 4 5 6", 2, 300, "1 2 255 / 4 5 6");
	set_and_print(GAME_MATRIX_NIM, "1 2 3 / 4 5 6", 3, 0, "1 2 3 / 0 5 6");
	set_and_print(GAME_CHOMP, "8 5 2", 1, 4, "8 4 2");
	set_and_print(GAME_KUBO, "333/333/333", 4, 1, "333/313/333");
	set_and_print(GAME_KUBO, "333/333/333", 8, 0, "333/333/330");
	/* Poker Nim: a heap set is its start too. */
	set_and_print(GAME_POKER_NIM, "k=2 3/5 4 5/6", 1, 7, "k=2 3/5 7 5/6");
	set_and_print(GAME_POKER_NIM, "k=2 3/5 4 5/6", 0, 2, "k=2 2 4 5/6");
	struct position pos = parsed(GAME_POKER_NIM, "k=2 3/5 4 5/6");
	assert_int_equal(engine_part_value(&pos, 0), 3);
	assert_int_equal(engine_part_start(&pos, 0), 5);
	assert_int_equal(engine_part_start(&pos, 1), 4);
	/* Prime power: part 0 is n itself, its factors' primes beside it. */
	pos = parsed(GAME_PRIME_POWER, "56700");
	assert_int_equal(engine_part_value(&pos, 0), 56700);
	uint32_t product = 1;
	for (uint8_t f = 0; f < pos.count; f++) {
		uint32_t prime = engine_factor_prime(&pos, f);
		struct move mv;
		memset(&mv, 0, sizeof mv);
		for (uint16_t k = engine_move_most(&pos, &mv, f); k > 0; k--) {
			product *= prime;
		}
	}
	assert_int_equal(product, 56700); /* 2^2 3^4 5^2 7 */
}

/* The parts the menu sets for `pos`: the parts (Matrix Nim's cells, each
 * of its rows' columns), or the rows of a game without a count; Chomp's
 * rows and Kubo's stacks. */
static uint8_t parts_of(const struct position *pos)
{
	struct engine_facts facts = engine_game_facts(pos->game);
	if (facts.values == ENGINE_VALUES_BYTE8) {
		return pos->game == GAME_KUBO ? ENGINE_KUBO_STACKS : pos->count;
	}
	if ((facts.settings & ENGINE_HAS_VALUES) == 0) {
		return 0;
	}
	if ((facts.settings & ENGINE_HAS_COUNT) == 0) {
		return facts.rows;
	}
	return (uint8_t)(pos->count * (facts.settings & ENGINE_HAS_COLS ? pos->cols : 1u));
}

/* What the field of a part of `pos` keeps of `value`. */
static uint32_t kept(const struct position *pos, uint32_t value)
{
	switch (engine_game_facts(pos->game).values) {
	case ENGINE_VALUES_NUMBER32:
		return value;
	case ENGINE_VALUES_HEAP16:
		return value > UINT16_MAX ? UINT16_MAX : value;
	default:
		return value > UINT8_MAX ? UINT8_MAX : value;
	}
}

static void every_part_reads_back_as_set_and_alone(void **state)
{
	(void)state;
	static const uint32_t values[] = { 0, 1, 7, 254, 255, 256, 1000, 65534, 65535, 65536, 123456789, UINT32_MAX };
	unsigned checked = 0, games = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct position start;
		engine_start_position(&start, game);
		uint8_t parts = parts_of(&start);
		if (game == GAME_PRIME_POWER) {
			parts = 1; /* n alone: the factors follow from it */
		}
		games += parts > 0;
		for (uint8_t i = 0; i < parts; i++) {
			for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
				struct position pos = start;
				engine_set_part_value(&pos, i, values[v]);
				assert_int_equal(engine_part_value(&pos, i), kept(&pos, values[v]));
				for (uint8_t j = 0; j < parts; j++) {
					if (j != i) {
						assert_int_equal(engine_part_value(&pos, j),
								 engine_part_value(&start, j));
					}
				}
				checked++;
			}
		}
	}
	print_message("# %u parts set and read back, in %u games, each beside the others unchanged\n", checked, games);
	assert_true(games >= 15);
}

static void the_most_a_move_names_at_a_part(void **state)
{
	(void)state;
	struct move mv;
	memset(&mv, 0, sizeof mv);
	/* A fixed amount, where the part is not empty. */
	struct position pos = parsed(GAME_SUBTRACT_DIGIT, "1234");
	assert_int_equal(engine_move_most(&pos, &mv, 0), 9);
	pos = parsed(GAME_DIVIDE, "12 0 7");
	assert_int_equal(engine_move_most(&pos, &mv, 0), 6);
	assert_int_equal(engine_move_most(&pos, &mv, 1), 0);
	pos = parsed(GAME_KAYLES, "1 12");
	assert_int_equal(engine_move_most(&pos, &mv, 1), 2);
	pos = parsed(GAME_KUBO, "303/333/333");
	assert_int_equal(engine_move_most(&pos, &mv, 0), 5);
	assert_int_equal(engine_move_most(&pos, &mv, 1), 0);
	/* The heap's own number. */
	pos = parsed(GAME_NIM, "3 4 5");
	assert_int_equal(engine_move_most(&pos, &mv, 2), 5);
	pos = parsed(GAME_MATRIX_NIM, "1 2 3 / 4 5 6");
	assert_int_equal(engine_move_most(&pos, &mv, 4), 5);
	/* Wythoff: both heaps at once, the smaller. */
	pos = parsed(GAME_WYTHOFF, "5 9");
	assert_int_equal(engine_move_most(&pos, &mv, 0), 5);
	assert_int_equal(engine_move_most(&pos, &mv, 1), 9);
	assert_int_equal(engine_move_most(&pos, &mv, 2), 5);
	/* Prime power: the factor's exponent. */
	pos = parsed(GAME_PRIME_POWER, "56700");
	assert_int_equal(engine_factor_prime(&pos, 1), 3);
	assert_int_equal(engine_move_most(&pos, &mv, 1), 4);
	/* Poker Nim: taking, the heap; adding, up to its start. */
	pos = parsed(GAME_POKER_NIM, "k=2 3/5 4 5/6");
	assert_int_equal(engine_move_most(&pos, &mv, 0), 3);
	engine_move_set(&pos, &mv, 0, 1);
	mv.u.heap.add = 1;
	assert_int_equal(engine_move_most(&pos, &mv, 0), 2);
	assert_int_equal(engine_move_most(&pos, &mv, 1), 0);
}

/* What is put through the put_* functions by `put` for `pos`. */
static void expect_put(const struct position *pos, const struct move *mv,
		       void (*put)(const struct position *, const struct move *), const char *expected)
{
	char text[TEXT_MAX];
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, sizeof text);
	print_to(&sink.sink);
	put(pos, mv);
	assert_false(sink.overflowed);
	assert_string_equal(text, expected);
}

static void put_part_1(const struct position *pos, const struct move *mv)
{
	(void)mv;
	engine_put_part(pos, 1);
}

static void put_amount_at_1(const struct position *pos, const struct move *mv)
{
	engine_put_move_amount(pos, mv, 1, engine_move_amount(pos, mv));
}

/* What the LCD and the lamps ask of a part, against the position's text:
 * a factor as p^k, a Matrix Nim row's total, a board's cells. */
static void a_part_as_the_lcd_and_the_lamps_show_it(void **state)
{
	(void)state;
	struct move mv;
	memset(&mv, 0, sizeof mv);
	struct position pos = parsed(GAME_PRIME_POWER, "56700"); /* 2^2 3^4 5^2 7 */
	expect_put(&pos, &mv, put_part_1, "3^4");
	assert_int_equal(engine_part_size(&pos, 1), 4);
	pos = parsed(GAME_PRIME_POWER, "14");
	expect_put(&pos, &mv, put_part_1, "7");
	pos = parsed(GAME_DIVIDE, "12 35 7");
	expect_put(&pos, &mv, put_part_1, "35");
	assert_int_equal(engine_part_size(&pos, 1), 35);
	pos = parsed(GAME_MATRIX_NIM, "1 2 3 / 4 5 6");
	assert_int_equal(engine_part_size(&pos, 1), 15);
	pos = parsed(GAME_TAKTIX, "any normal OOOO/O.../..../...O");
	assert_int_equal(engine_board_cells(&pos), 0x801Fu);
	/* Taktix's cells alone, though the record held others before. */
	memset(&pos, 0xFF, sizeof pos);
	assert_int_equal(engine_parse_position(&pos, GAME_TAKTIX, "any normal OOOO/O.../..../...O"), ENGINE_OK);
	assert_int_equal(engine_board_cells(&pos), 0x801Fu);
	pos = parsed(GAME_NINETEEN, "OOO/..../...../..../..O");
	assert_int_equal(engine_board_cells(&pos), 0x40007u);
	pos = parsed(GAME_KAYLES, "1 12 30");
	assert_int_equal(engine_strip_row(&pos, 2), 30);
	pos = parsed(GAME_CHOMP, "8 5 1");
	assert_int_equal(engine_board_part(&pos, 1), 5);
	pos = parsed(GAME_KUBO, "303/120/003");
	assert_int_equal(engine_board_part(&pos, 3), 1);
	assert_int_equal(engine_board_part(&pos, 8), 3);
	pos = parsed(GAME_MARIENBAD, "1 3 5 7");
	assert_true(engine_parts_are_matches(&pos));
	pos = parsed(GAME_NIM, "1 3 5 7");
	assert_false(engine_parts_are_matches(&pos));
	/* This build holds every game, so every picture. */
	for (uint8_t picture = ENGINE_PICTURE_GRID; picture <= ENGINE_PICTURE_NINETEEN; picture++) {
		assert_true(engine_picture_present(picture));
	}
}

/* What the cursor may point at and name, and how the move is said. */
static void what_the_cursor_names(void **state)
{
	(void)state;
	struct move mv;
	memset(&mv, 0, sizeof mv);
	/* Poker Nim: an emptied heap that began with something may grow back. */
	struct position pos = parsed(GAME_POKER_NIM, "k=2 0/5 0 5/6");
	assert_true(engine_moves_add(&pos));
	assert_true(engine_part_in_play(&pos, &mv, 0));
	assert_false(engine_part_in_play(&pos, &mv, 1));
	engine_move_set(&pos, &mv, 0, 2);
	assert_false(engine_move_adds(&pos, &mv));
	mv.u.heap.add = 1;
	assert_true(engine_move_adds(&pos, &mv));
	pos = parsed(GAME_NIM, "0 4 5");
	assert_false(engine_moves_add(&pos));
	assert_false(engine_part_in_play(&pos, &mv, 0));
	assert_true(engine_part_in_play(&pos, &mv, 1));
	assert_false(engine_move_all_parts(&pos));
	pos = parsed(GAME_WYTHOFF, "5 9");
	assert_true(engine_move_all_parts(&pos));
	/* Divide names 2, 3 and 6 only. */
	memset(&mv, 0, sizeof mv);
	pos = parsed(GAME_DIVIDE, "12 35 7");
	assert_int_equal(engine_move_first_amount(&pos, &mv, 0), 2);
	for (uint16_t amount = 0; amount <= 7; amount++) {
		assert_int_equal(engine_move_amount_skipped(&pos, amount), amount == 1 || amount == 4 || amount == 5);
	}
	pos = parsed(GAME_NIM, "3 4 5");
	assert_int_equal(engine_move_first_amount(&pos, &mv, 0), 1);
	assert_false(engine_move_amount_skipped(&pos, 1));
	/* Matrix Nim: a move begun in a row names what it takes at each cell. */
	pos = parsed(GAME_MATRIX_NIM, "1 2 3 / 4 5 6");
	engine_move_none(&pos, &mv);
	assert_int_equal(engine_move_first_amount(&pos, &mv, 4), 1);
	engine_move_set(&pos, &mv, 4, 3);
	engine_move_set(&pos, &mv, 5, 2);
	assert_int_equal(engine_move_first_amount(&pos, &mv, 4), 3);
	assert_int_equal(engine_move_first_amount(&pos, &mv, 3), 0);
	assert_int_equal(engine_move_first_amount(&pos, &mv, 1), 1);
	expect_put(&pos, &mv, put_amount_at_1, "0,3,2");
	/* Nimble: the square the coin moves to; Prime power: p^k. */
	pos = parsed(GAME_NIMBLE, "0 3 3 7");
	engine_move_set(&pos, &mv, 1, 2);
	expect_put(&pos, &mv, put_amount_at_1, "1");
	pos = parsed(GAME_PRIME_POWER, "56700");
	engine_move_set(&pos, &mv, 1, 3);
	expect_put(&pos, &mv, put_amount_at_1, "3^3");
	pos = parsed(GAME_NIM, "3 4 5");
	engine_move_set(&pos, &mv, 1, 3);
	expect_put(&pos, &mv, put_amount_at_1, "3");
	/* Chomp picks one piece; Taktix cells. */
	pos = parsed(GAME_CHOMP, "4x8");
	memset(&mv, 0, sizeof mv);
	engine_move_none(&pos, &mv);
	assert_false(engine_move_picks(&pos, &mv));
	assert_true(engine_move_pick_piece(&pos, &mv, 3, 1));
	assert_true(engine_move_picks(&pos, &mv));
	assert_true(engine_move_pick_piece(&pos, &mv, 3, 1));
	assert_false(engine_move_picks(&pos, &mv));
	pos = parsed(GAME_TAKTIX, "any normal OOOO/OOOO/OOOO/OOOO");
	memset(&mv, 0, sizeof mv);
	engine_move_none(&pos, &mv);
	assert_false(engine_move_pick_piece(&pos, &mv, 3, 1));
	engine_move_pick_cell(&mv, 5);
	assert_true(engine_move_picks(&pos, &mv));
	assert_int_equal(engine_check_move(&pos, &mv), ENGINE_OK);
}

/* A record read back holds a position to print, or is refused. */
/* The menu's bytes, and what follows them. */
static void a_set_up_as_the_menu_changes_it(void **state)
{
	(void)state;
	struct position pos = parsed(GAME_CHOMP, "4x8");
	*engine_setup_cols(&pos) = 3;
	pos.count = 2;
	engine_setup_settle(&pos);
	expect_text(&pos, "2x3");
	pos = parsed(GAME_MATRIX_NIM, "1 2 3 / 4 5 6");
	assert_ptr_equal(engine_setup_cols(&pos), &pos.cols);
	pos = parsed(GAME_POKER_NIM, "k=2 3/5 4 5/6");
	pos.limit = 4;
	engine_setup_settle(&pos);
	expect_text(&pos, "k=4 3/5 4 5/6");
	pos = parsed(GAME_LIMIT_NIM, "k=2 3 4 5");
	pos.limit = 4;
	engine_setup_settle(&pos);
	expect_text(&pos, "k=4 3 4 5");
}

static void a_record_read_back_fits_or_is_refused(void **state)
{
	(void)state;
	struct position pos = parsed(GAME_NIM, "3 4 5");
	assert_true(engine_record_fits(&pos));
	pos.rule = 2;
	assert_false(engine_record_fits(&pos));
	pos = parsed(GAME_NIM, "3 4 5");
	pos.count = ENGINE_MAX_HEAPS + 1;
	assert_false(engine_record_fits(&pos));
	pos.game = GAME_COUNT;
	assert_false(engine_record_fits(&pos));
	pos = parsed(GAME_MATRIX_NIM, "1 2 3 / 4 5 6");
	pos.cols = ENGINE_MATRIX_MAX + 1;
	assert_false(engine_record_fits(&pos));
	/* Kubo's 9 stacks and Prime power's 9 factors are more than 8 parts. */
	pos = parsed(GAME_KUBO, "333/333/333");
	assert_true(engine_record_fits(&pos));
	pos = parsed(GAME_PRIME_POWER, "223092870"); /* 2 3 5 7 11 13 17 19 23 */
	assert_int_equal(pos.count, 9);
	assert_true(engine_record_fits(&pos));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_part_set_is_printed_at_its_place),
		cmocka_unit_test(every_part_reads_back_as_set_and_alone),
		cmocka_unit_test(the_most_a_move_names_at_a_part),
		cmocka_unit_test(a_part_as_the_lcd_and_the_lamps_show_it),
		cmocka_unit_test(what_the_cursor_names),
		cmocka_unit_test(a_set_up_as_the_menu_changes_it),
		cmocka_unit_test(a_record_read_back_fits_or_is_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
