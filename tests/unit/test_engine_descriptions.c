/*
 * The games' descriptions (engine/games.def) against the engine that plays
 * them: every text is well formed and the example is the start position;
 * the ranges the menu offers are accepted at their ends and refused one
 * past them where the position record ends there; the boards' geometry
 * matches the record; a move's part and amount, read and written through
 * the engine, give the same move back; the host holds every game.
 */
#include <ctype.h>
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

static void expect_accepted(uint8_t game, const char *text)
{
	struct position pos;
	enum engine_error err = engine_parse_position(&pos, game, text);
	if (err != ENGINE_OK) {
		fail_msg("%s: \"%s\" refused with error %d", engine_game_name(game), text, err);
	}
	cases_checked++;
}

static void expect_refused(uint8_t game, const char *text)
{
	struct position pos;
	if (engine_parse_position(&pos, game, text) == ENGINE_OK) {
		fail_msg("%s: \"%s\" accepted", engine_game_name(game), text);
	}
	cases_checked++;
}

/* The texts as engine/games.def writes them, by enum engine_text. */
static const char *const written[GAME_COUNT][ENGINE_TEXTS] = {
#define GAME(ID, name, moves, example, summary, ...) { name, moves, example, summary },
#include "engine/games.def"
};

/* A packed text of a game, as the engine prints it (the last call's). */
static const char *game_text(uint8_t game, uint8_t text)
{
	static char printed[256];
	struct buffer_sink b;
	buffer_sink_init(&b, printed, sizeof printed);
	engine_print_game_text(game, text, &b.sink);
	assert_false(b.overflowed);
	return printed;
}

static const char *example_of(uint8_t game)
{
	return game_text(game, ENGINE_TEXT_EXAMPLE);
}

static void test_texts(void **state)
{
	(void)state;
	cases_checked = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		const char *name = engine_game_name(game);
		assert_string_equal(name, written[game][ENGINE_TEXT_NAME]);
		assert_true(strlen(name) > 0);
		for (const char *p = name; *p != '\0'; p++) {
			assert_true(islower((unsigned char)*p) || *p == '-');
		}
		assert_int_equal(engine_find_game(name, (uint8_t)strlen(name)), game);
		/* The packed texts come back as they are written. */
		for (uint8_t text = ENGINE_TEXT_MOVES; text < ENGINE_TEXTS; text++) {
			const char *printed = game_text(game, text);
			assert_string_equal(printed, written[game][text]);
			assert_true(strlen(printed) > 0);
			for (const char *p = printed; *p != '\0'; p++) {
				assert_true(isprint((unsigned char)*p));
			}
		}
		struct engine_facts f = engine_game_facts(game);
		const char *part_word = engine_word(f.word);
		const char *verb = engine_word((uint8_t)(ENGINE_VERB_TAKE + f.verb));
		assert_true(strlen(part_word) > 0 && isupper((unsigned char)part_word[0]));
		assert_true(strlen(verb) > 0 && isupper((unsigned char)verb[0]));

		/* The example fits engine_start_position's buffer, parses, and
		 * is the start position, from which a game can be played. */
		const char *example = example_of(game);
		assert_true(strlen(example) <= ENGINE_EXAMPLE_MAX);
		struct position parsed, start;
		assert_int_equal(engine_parse_position(&parsed, game, example), ENGINE_OK);
		engine_start_position(&start, game);
		char a[256], b[256];
		print_position(&parsed, a, sizeof a);
		print_position(&start, b, sizeof b);
		assert_string_equal(a, b);
		assert_false(engine_game_over(&start));
		cases_checked++;
	}
	/* Every word of the list is reached by some game or summary. */
	assert_true(*engine_word(ENGINE_VERB_ADD) != '\0');
	printf("# %lu games' texts checked\n", cases_checked);
}

/* The example's parameters (the words with '=' in them) and a space, the
 * prefix every position of the game may start with. */
static void parameters_of(uint8_t game, char *prefix, size_t size)
{
	const char *example = example_of(game);
	prefix[0] = '\0';
	const char *p = example;
	while (*p != '\0') {
		const char *end = strchr(p, ' ');
		size_t n = end != NULL ? (size_t)(end - p) : strlen(p);
		if (memchr(p, '=', n) != NULL) {
			size_t used = strlen(prefix);
			assert_true(used + n + 2 < size);
			memcpy(prefix + used, p, n);
			prefix[used + n] = ' ';
			prefix[used + n + 1] = '\0';
		}
		p += n;
		while (*p == ' ') {
			p++;
		}
	}
}

/* `parts` parts of `value` (Matrix Nim: rows of `cols` cells), after the
 * game's parameters. */
static void parts_text(uint8_t game, unsigned parts, unsigned cols, const char *value, char *text, size_t size)
{
	parameters_of(game, text, size);
	for (unsigned i = 0; i < parts; i++) {
		for (unsigned c = 0; c < cols; c++) {
			size_t used = strlen(text);
			const char *gap = i + c == 0 ? "" : cols > 1 && c == 0 ? " / " : " ";
			snprintf(text + used, size - used, "%s%s", gap, value);
		}
	}
}

static void test_ranges(void **state)
{
	(void)state;
	cases_checked = 0;
	char text[512], prefix[64];
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct engine_facts f = engine_game_facts(game);
		const char *example = example_of(game);
		if (f.settings & ENGINE_HAS_LIMIT) {
			/* k at its ends, and one past them. */
			const char *rest = strchr(example, ' ');
			assert_non_null(rest);
			snprintf(text, sizeof text, "k=%u%s", f.limit_least, rest);
			expect_accepted(game, text);
			snprintf(text, sizeof text, "k=%u%s", ENGINE_LIMIT_MOST, rest);
			expect_accepted(game, text);
			snprintf(text, sizeof text, "k=%u%s", ENGINE_LIMIT_MOST + 1u, rest);
			expect_refused(game, text);
			if (f.limit_least > 0) {
				snprintf(text, sizeof text, "k=%u%s", f.limit_least - 1u, rest);
				expect_refused(game, text);
			}
		}
		if (f.settings & ENGINE_HAS_SET) {
			expect_accepted(game, "S=1 5");
			expect_accepted(game, "S=1,2,3,4,5,6,7,8 5");
			expect_refused(game, "S=9 5");
			expect_refused(game, "S=0 5");
		}
		if (f.picture == ENGINE_PICTURE_CHOMP) {
			/* Rows and columns up to the record's board. */
			assert_int_equal(f.rows, ENGINE_CHOMP_ROWS);
			assert_int_equal(f.cols, ENGINE_CHOMP_MAX);
			snprintf(text, sizeof text, "%ux%u", f.rows, f.cols);
			expect_accepted(game, text);
			expect_accepted(game, "1x1");
			snprintf(text, sizeof text, "%ux%u", f.rows + 1u, f.cols);
			expect_refused(game, text);
			snprintf(text, sizeof text, "%ux%u", f.rows, f.cols + 1u);
			expect_refused(game, text);
		} else if (f.settings & ENGINE_HAS_COLS) {
			/* Matrix Nim: the menu sets up to rows x cols; the
			 * record holds up to ENGINE_MATRIX_MAX of each. */
			assert_true(f.rows <= ENGINE_MATRIX_MAX);
			assert_int_equal(f.cols, ENGINE_MATRIX_MAX);
			parts_text(game, f.rows, f.cols, "255", text, sizeof text);
			expect_accepted(game, text);
			parts_text(game, 1, 1, "0", text, sizeof text);
			expect_accepted(game, text);
			parts_text(game, 1, f.cols + 1u, "1", text, sizeof text);
			expect_refused(game, text);
			parts_text(game, 1, 1, "256", text, sizeof text);
			expect_refused(game, text);
		} else if (f.settings & ENGINE_HAS_COUNT) {
			/* 1 to rows parts; one more is refused where the record
			 * holds no more (the heaps and the numbers: the strips'
			 * record holds more than the menu sets up). */
			parts_text(game, 1, 1, "1", text, sizeof text);
			expect_accepted(game, text);
			parts_text(game, f.rows, 1, "1", text, sizeof text);
			expect_accepted(game, text);
			if (f.picture != ENGINE_PICTURE_STRIP) {
				assert_int_equal(f.rows, ENGINE_MAX_HEAPS);
				parts_text(game, f.rows + 1u, 1, "1", text, sizeof text);
				expect_refused(game, text);
			} else {
				assert_true(f.rows <= ENGINE_MAX_ROWS);
			}
		} else if (f.settings & ENGINE_HAS_VALUES) {
			/* As many parts as the game always has. */
			parts_text(game, f.rows, 1, "1", text, sizeof text);
			expect_accepted(game, text);
			parts_text(game, f.rows + 1u, 1, "1", text, sizeof text);
			expect_refused(game, text);
		}
		/* A part's number at the ends of its field, and one past. */
		if ((f.settings & ENGINE_HAS_VALUES) && !(f.settings & ENGINE_HAS_COLS) &&
		    f.picture != ENGINE_PICTURE_STRIP) {
			static const char *const most[] = { "65535", "4294967295", "255", NULL };
			static const char *const past[] = { "65536", "4294967296", "256", NULL };
			assert_non_null(most[f.values]);
			parameters_of(game, prefix, sizeof prefix);
			unsigned others = (f.settings & ENGINE_HAS_COUNT) ? 0u : f.rows - 1u;
			snprintf(text, sizeof text, "%s%s", prefix, most[f.values]);
			for (unsigned i = 0; i < others; i++) {
				strcat(text, " 0");
			}
			expect_accepted(game, text);
			snprintf(text, sizeof text, "%s%s", prefix, past[f.values]);
			for (unsigned i = 0; i < others; i++) {
				strcat(text, " 0");
			}
			expect_refused(game, text);
		}
	}
	printf("# %lu range ends checked\n", cases_checked);
}

/* The boards' rows and columns are the record's, and the start position's
 * text has as many rows. */
static void test_boards(void **state)
{
	(void)state;
	cases_checked = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct engine_facts f = engine_game_facts(game);
		if (f.picture < ENGINE_PICTURE_TAKTIX) {
			continue;
		}
		unsigned places = 0;
		for (unsigned y = 0; y < f.rows; y++) {
			unsigned away = y > f.rows / 2u ? y - f.rows / 2u : f.rows / 2u - y;
			places += f.picture == ENGINE_PICTURE_NINETEEN ? f.cols - away : f.cols;
		}
		switch (f.picture) {
		case ENGINE_PICTURE_TAKTIX:
			assert_int_equal(places, 8 * sizeof(((struct position *)0)->u.taktix));
			break;
		case ENGINE_PICTURE_KUBO:
			assert_int_equal(places, 3u * ENGINE_KUBO_STACKS); /* three places a stack */
			break;
		default:
			assert_int_equal(places, ENGINE_NINETEEN_CELLS);
			break;
		}
		unsigned slashes = 0;
		for (const char *p = example_of(game); *p != '\0'; p++) {
			slashes += *p == '/';
		}
		assert_int_equal(slashes + 1u, f.rows);
		cases_checked++;
	}
	printf("# %lu boards checked\n", cases_checked);
}

/* Every legal move from each start position: its part is one the game has,
 * its amount within the description's most, and a move made of its part
 * and amount is the same move. */
static void test_move_parts(void **state)
{
	(void)state;
	cases_checked = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct engine_facts f = engine_game_facts(game);
		struct position pos;
		engine_start_position(&pos, game);
		struct move mv;
		for (bool more = engine_next_move(&pos, &mv, true); more; more = engine_next_move(&pos, &mv, false)) {
			uint8_t part = engine_move_part(&pos, &mv);
			uint16_t amount = engine_move_amount(&pos, &mv);
			char was[64], made[64];
			print_move(&pos, &mv, was, sizeof was);
			if (f.picture == ENGINE_PICTURE_GRID) {
				assert_true(part < pos.count * pos.cols);
				assert_int_equal(part / pos.cols, mv.u.matrix.row);
				assert_int_not_equal(mv.u.matrix.take[part % pos.cols], 0);
			} else if (f.picture < ENGINE_PICTURE_CHOMP && f.picture != ENGINE_PICTURE_STRIP) {
				/* A line: a heap, number or factor (Wythoff: or both). */
				assert_true(part < pos.count + (game == GAME_WYTHOFF ? 1u : 0u));
				assert_true(amount > 0);
				if (f.amount != 0) {
					assert_true(amount <= f.amount);
				}
				struct move remade;
				memset(&remade, 0, sizeof remade);
				if (game == GAME_POKER_NIM) {
					remade.u.heap.add = mv.u.heap.add; /* kept by engine_move_set */
				}
				engine_move_set(&pos, &remade, part, amount);
				print_move(&pos, &remade, made, sizeof made);
				assert_string_equal(was, made);
			} else if (f.picture == ENGINE_PICTURE_STRIP) {
				/* The pin or cell is the move's own; the row and
				 * the count are the part and the amount. */
				assert_true(part < pos.count);
				assert_true(amount > 0 && amount <= f.amount);
				struct move remade = mv;
				remade.u.strip.row = 0xFFu;
				remade.u.strip.count = 0;
				engine_move_set(&pos, &remade, part, amount);
				print_move(&pos, &remade, made, sizeof made);
				assert_string_equal(was, made);
			} else if (f.picture == ENGINE_PICTURE_KUBO) {
				assert_true(part < pos.count);
			}
			cases_checked++;
		}
		if (f.picture == ENGINE_PICTURE_KUBO) {
			/* Amounts 1 to the most at the centre stack make legal
			 * moves: 1-3 from it, then one each with its
			 * neighbour on the right and below. */
			for (uint16_t amount = 1; amount <= f.amount; amount++) {
				struct move made;
				memset(&made, 0, sizeof made);
				engine_move_set(&pos, &made, 4, amount);
				assert_int_equal(engine_check_move(&pos, &made), ENGINE_OK);
				assert_int_equal(engine_move_part(&pos, &made), 4);
				cases_checked++;
			}
		}
	}
	printf("# %lu moves checked\n", cases_checked);
}

/* The host builds every game: none is left out (engine_game_present), so
 * the host tool and the tests know all of them. */
static void test_every_game_present_on_the_host(void **state)
{
	(void)state;
	unsigned present = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		assert_true(engine_game_present(game));
		present++;
	}
	printf("# %u games present\n", present);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_texts),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_boards),
		cmocka_unit_test(test_move_parts),
		cmocka_unit_test(test_every_game_present_on_the_host),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
