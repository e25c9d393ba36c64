/*
 * The brute-force solver checked against facts that do not come from it:
 * values worked out by hand from the rules, the claims of the rulebook and
 * the texts it restates (docs/rules.md), a literal board of cells
 * for the row games, and its two statements of each rule (the move generator
 * and the legality check) against each other.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/brute/brute.h"

static struct brute_pos make_pos(uint8_t game, bool misere, uint8_t count, ...)
{
	struct brute_pos pos;
	va_list args;
	memset(&pos, 0, sizeof(pos));
	pos.game = game;
	pos.misere = misere;
	pos.count = count;
	va_start(args, count);
	for (uint8_t i = 0; i < count; i++) {
		pos.part[i] = va_arg(args, uint32_t);
	}
	va_end(args);
	return pos;
}

static struct brute_pos board_pos(uint8_t game, uint32_t cells)
{
	struct brute_pos pos = make_pos(game, false, 1, cells);
	return pos;
}

static struct brute_pos kubo_pos(const uint8_t height[9])
{
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = GAME_KUBO;
	pos.count = 9;
	for (uint8_t s = 0; s < 9; s++) {
		pos.part[s] = height[s];
	}
	return pos;
}

/* ---- facts from the rulebook and its sources ---- */

static void test_marienbad_start_is_lost_by_the_player_to_move(void **state)
{
	(void)state;
	struct brute_pos pos = make_pos(GAME_MARIENBAD, true, 4, 1u, 3u, 5u, 7u);
	assert_false(brute_wins(&pos));
	/* In normal play the same rows are lost too: 1^3^5^7 = 0. */
	pos.misere = false;
	assert_false(brute_wins(&pos));
}

static void test_pebble_strip_of_20_is_a_second_player_win(void **state)
{
	(void)state;
	/* The Persian text: G(20) = 0.  Small values worked out by hand:
	 * G(3): a pebble in the middle leaves nothing, at an end one cell. */
	static const uint32_t expected[] = { 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3 };
	struct brute_pos strip20 = make_pos(GAME_PEBBLES, false, 1, 20u);
	assert_int_equal(brute_grundy(&strip20), 0);
	assert_false(brute_wins(&strip20));
	for (uint32_t n = 1; n < sizeof(expected) / sizeof(expected[0]); n++) {
		struct brute_pos pos = make_pos(GAME_PEBBLES, false, 1, n);
		assert_int_equal(brute_grundy(&pos), expected[n]);
	}
	/* The Persian text's options of 20: a pebble on cell 3 (0-based 3)
	 * leaves strips of 2 and 15; one on the first cell leaves 18. */
	struct brute_move mv = { .part = 0, .amount = 1, .second = 3 };
	struct brute_pos after = strip20;
	brute_apply(&after, &mv);
	struct brute_pos expect = make_pos(GAME_PEBBLES, false, 2, 2u, 15u);
	assert_true(brute_same(&after, &expect));
	mv.second = 0;
	after = strip20;
	brute_apply(&after, &mv);
	expect = make_pos(GAME_PEBBLES, false, 1, 18u);
	assert_true(brute_same(&after, &expect));
}

static void test_kayles_small_rows_and_the_polish_start(void **state)
{
	(void)state;
	/* Kayles values of rows 0..12, each checkable by hand from the two
	 * before it: 0 1 2 3 1 4 3 2 1 4 2 6 4. */
	static const uint32_t expected[] = { 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4 };
	for (uint32_t n = 1; n < sizeof(expected) / sizeof(expected[0]); n++) {
		struct brute_pos pos = make_pos(GAME_KAYLES, false, 1, n);
		assert_int_equal(brute_grundy(&pos), expected[n]);
	}
	/* O OOOOOOOOOOOO: rows of 1 and 12, a first-player win. */
	struct brute_pos start = make_pos(GAME_KAYLES, false, 2, 1u, 12u);
	assert_true(brute_wins(&start));
}

static void test_nim_loses_exactly_when_the_nim_sum_is_zero(void **state)
{
	(void)state;
	/* Bouton's theorem, and the misère rule for Nim (docs/rules.md):
	 * with a heap above 1, play as in Nim; with none, the player to move
	 * wins exactly when the number of 1-heaps is even. */
	uint32_t checked = 0;
	for (uint32_t code = 0; code < 8 * 8 * 8 * 8; code++) {
		uint32_t h[4] = { code & 7, (code >> 3) & 7, (code >> 6) & 7, code >> 9 };
		struct brute_pos pos = make_pos(GAME_NIM, false, 4, h[0], h[1], h[2], h[3]);
		uint32_t sum = h[0] ^ h[1] ^ h[2] ^ h[3];
		assert_int_equal(brute_grundy(&pos), sum);
		pos.game = GAME_MISERE_NIM;
		pos.misere = true;
		bool big = h[0] > 1 || h[1] > 1 || h[2] > 1 || h[3] > 1;
		uint32_t ones = (h[0] == 1) + (h[1] == 1) + (h[2] == 1) + (h[3] == 1);
		assert_int_equal(brute_wins(&pos), big ? sum != 0 : ones % 2 == 0);
		checked++;
	}
	print_message("# nim and misere nim: %u positions against Bouton's rules\n", checked);
}

static void test_small_misere_positions_by_hand(void **state)
{
	(void)state;
	struct brute_pos one = make_pos(GAME_MISERE_NIM, true, 1, 1u);
	struct brute_pos two = make_pos(GAME_MISERE_NIM, true, 1, 2u);
	struct brute_pos one_one = make_pos(GAME_MISERE_NIM, true, 2, 1u, 1u);
	struct brute_pos two_two = make_pos(GAME_MISERE_NIM, true, 2, 2u, 2u);
	struct brute_pos empty = make_pos(GAME_MISERE_NIM, true, 1, 0u);
	assert_false(brute_wins(&one));    /* must take the last stone */
	assert_true(brute_wins(&two));     /* takes 1, leaving the last */
	assert_true(brute_wins(&one_one)); /* takes one heap */
	assert_false(brute_wins(&two_two));
	assert_true(brute_wins(&empty)); /* the other player took the last */
}

static void test_limit_nim_heap_value_is_heap_mod_k_plus_1(void **state)
{
	(void)state;
	/* The Polish text's limit game: reduce each heap modulo k+1. */
	for (uint8_t k = 1; k <= 8; k++) {
		for (uint32_t n = 0; n <= 300; n++) {
			struct brute_pos pos = make_pos(GAME_LIMIT_NIM, false, 1, n);
			pos.limit = k;
			assert_int_equal(brute_grundy(&pos), n % (k + 1u));
		}
	}
	/* The Arabic text's example, heaps 3 4 5 with k = 3: 3^0^1 != 0. */
	struct brute_pos example = make_pos(GAME_LIMIT_NIM, false, 3, 3u, 4u, 5u);
	example.limit = 3;
	assert_true(brute_wins(&example));
}

static void test_subtraction_1_3_4_loses_at_0_and_2_mod_7(void **state)
{
	(void)state;
	/* The English text: P = {0, 2, 7, 9, 14, 16, 21, 23, ...}. */
	for (uint32_t n = 0; n <= 2000; n++) {
		struct brute_pos pos = make_pos(GAME_SUBTRACTION, false, 1, n);
		pos.set = 0x0D; /* 1, 3, 4 */
		assert_int_equal(brute_wins(&pos), !(n % 7 == 0 || n % 7 == 2));
	}
}

static void test_subtract_a_digit_loses_at_multiples_of_10(void **state)
{
	(void)state;
	/* The English text (SPOJ NGM): P = the multiples of 10. */
	for (uint32_t n = 0; n <= 100000; n++) {
		struct brute_pos pos = make_pos(GAME_SUBTRACT_DIGIT, false, 1, n);
		assert_int_equal(brute_wins(&pos), n % 10 != 0);
	}
}

static void test_divide_small_values_by_hand(void **state)
{
	(void)state;
	/* 1 -> removed (0); 2 -> 1, 0, 0; 3 -> 1, 1, 0; 4 -> 2, 1, 0;
	 * 5 -> 2, 1, 0; 6 -> 3, 2, 1 with values 2, 2, 1. */
	static const uint32_t expected[] = { 0, 1, 2, 2, 3, 3, 0 };
	for (uint32_t n = 1; n < sizeof(expected) / sizeof(expected[0]); n++) {
		struct brute_pos pos = make_pos(GAME_DIVIDE, false, 1, n);
		assert_int_equal(brute_grundy(&pos), expected[n]);
	}
	/* Two equal numbers: the second player copies the first. */
	struct brute_pos twins = make_pos(GAME_DIVIDE, false, 2, 5u, 5u);
	assert_false(brute_wins(&twins));
	/* A move that makes 0 removes the number. */
	struct brute_pos pos = make_pos(GAME_DIVIDE, false, 2, 1u, 9u);
	struct brute_move mv = { .part = 0, .amount = 2 };
	brute_apply(&pos, &mv);
	struct brute_pos expect = make_pos(GAME_DIVIDE, false, 1, 9u);
	assert_true(brute_same(&pos, &expect));
}

static void test_prime_power_exponents_play_as_nim_heaps(void **state)
{
	(void)state;
	/* Seed 000: 56700 = 2^2 3^4 5^2 7 is Nim with heaps 2 4 2 1. */
	struct brute_pos example = make_pos(GAME_PRIME_POWER, false, 1, 56700u);
	assert_int_equal(brute_grundy(&example), 2 ^ 4 ^ 2 ^ 1);
	for (uint32_t n = 1; n <= 20000; n++) {
		uint32_t sum = 0;
		uint32_t m = n;
		for (uint32_t p = 2; m > 1; p++) {
			uint32_t e = 0;
			for (; m % p == 0; m /= p) {
				e++;
			}
			sum ^= e;
		}
		struct brute_pos pos = make_pos(GAME_PRIME_POWER, false, 1, n);
		assert_int_equal(brute_grundy(&pos), sum);
	}
}

static void test_nimble_coin_on_square_i_is_a_heap_of_i(void **state)
{
	(void)state;
	for (uint32_t code = 0; code < 8 * 8 * 8; code++) {
		uint32_t c[3] = { code & 7, (code >> 3) & 7, code >> 6 };
		struct brute_pos pos = make_pos(GAME_NIMBLE, false, 3, c[0], c[1], c[2]);
		assert_int_equal(brute_grundy(&pos), c[0] ^ c[1] ^ c[2]);
	}
}

static void test_matrix_nim_row_totals_play_as_nim_heaps(void **state)
{
	(void)state;
	/* Seed 000.  Every 3x3 grid of cells 0..2. */
	for (uint32_t code = 0; code < 19683; code++) {
		struct brute_pos pos;
		memset(&pos, 0, sizeof(pos));
		pos.game = GAME_MATRIX_NIM;
		pos.count = 3;
		pos.cols = 3;
		uint32_t total[3] = { 0, 0, 0 };
		for (uint32_t i = 0, c = code; i < 9; i++, c /= 3) {
			pos.part[i] = c % 3;
			total[i / 3] += c % 3;
		}
		assert_int_equal(brute_grundy(&pos), total[0] ^ total[1] ^ total[2]);
	}
}

static void test_poker_nim_is_won_as_nim_is(void **state)
{
	(void)state;
	/* Seed 000: the winner undoes each addition, so the nim-sum decides. */
	for (uint32_t code = 0; code < 4 * 4 * 4 * 4; code++) {
		uint16_t start[2] = { (uint16_t)(code & 3), (uint16_t)((code >> 2) & 3) };
		uint32_t heap[2] = { (code >> 4) & 3, code >> 6 };
		if (heap[0] > start[0] || heap[1] > start[1]) {
			continue;
		}
		for (uint8_t adds = 0; adds < 9; adds++) {
			struct brute_pos pos = make_pos(GAME_POKER_NIM, false, 2, heap[0], heap[1]);
			pos.start[0] = start[0];
			pos.start[1] = start[1];
			pos.adds[0] = adds % 3;
			pos.adds[1] = adds / 3;
			assert_int_equal(brute_wins(&pos), (heap[0] ^ heap[1]) != 0);
		}
	}
	/* All heaps empty is not the end while additions are left. */
	struct brute_pos empty = make_pos(GAME_POKER_NIM, false, 1, 0u);
	struct brute_move_list list = { 0 };
	empty.start[0] = 2;
	empty.adds[0] = 1;
	brute_moves(&empty, &list);
	assert_int_equal(list.count, 2);
	assert_false(brute_wins(&empty));
	brute_move_list_free(&list);
}

static void test_wythoff_losing_positions_follow_the_golden_ratio(void **state)
{
	(void)state;
	/* games.md: a_k = (k + isqrt(5k^2)) / 2, b_k = a_k + k. */
	static bool losing[301][301];
	memset(losing, 0, sizeof(losing));
	for (uint32_t k = 0;; k++) {
		uint32_t s = 0;
		while ((s + 1) * (s + 1) <= 5 * k * k) {
			s++;
		}
		uint32_t a = (k + s) / 2;
		uint32_t b = a + k;
		if (b > 300) {
			break;
		}
		losing[a][b] = losing[b][a] = true;
	}
	for (uint32_t a = 0; a <= 300; a++) {
		for (uint32_t b = 0; b <= 300; b++) {
			struct brute_pos pos = make_pos(GAME_WYTHOFF, false, 2, a, b);
			assert_int_equal(brute_wins(&pos), !losing[a][b]);
		}
	}
}

static void test_chomp_rectangles_are_first_player_wins(void **state)
{
	(void)state;
	for (uint32_t rows = 1; rows <= 8; rows++) {
		for (uint32_t cols = 1; cols <= 8; cols++) {
			struct brute_pos pos = make_pos(GAME_CHOMP, false, (uint8_t)rows, 0u);
			for (uint32_t r = 0; r < rows; r++) {
				pos.part[r] = cols;
			}
			assert_int_equal(brute_wins(&pos), rows * cols > 1);
		}
	}
	/* An L of two arms of equal length: the second player mirrors. */
	struct brute_pos ell = make_pos(GAME_CHOMP, false, 4, 4u, 1u, 1u, 1u);
	assert_false(brute_wins(&ell));
}

static void test_taktix_small_boards_by_hand(void **state)
{
	(void)state;
	/* The full 4x4 board in normal play: the second player answers each
	 * move with its mirror image through the centre, on another line. */
	for (uint8_t variant = 0; variant <= 1; variant++) {
		struct brute_pos full = board_pos(GAME_TAKTIX, 0xFFFF);
		full.variant = variant;
		assert_false(brute_wins(&full));
	}
	/* Two pieces with a gap between them on the top row: in the "any"
	 * variant both may go at once (value 2), in the "adjacent" one not
	 * (each move leaves one piece: value 0). */
	struct brute_pos gap = board_pos(GAME_TAKTIX, 0x5);
	assert_int_equal(brute_grundy(&gap), 2);
	gap.variant = 1;
	assert_int_equal(brute_grundy(&gap), 0);
	/* One row of 3 pieces in the "any" variant is a Nim heap of 3. */
	struct brute_pos row = board_pos(GAME_TAKTIX, 0x7000);
	assert_int_equal(brute_grundy(&row), 3);
	/* Misère: one piece left loses; two pieces on different lines win. */
	struct brute_pos one = board_pos(GAME_TAKTIX, 0x1);
	one.misere = true;
	assert_false(brute_wins(&one));
	struct brute_pos apart = board_pos(GAME_TAKTIX, 0x21);
	apart.misere = true;
	assert_true(brute_wins(&apart));
}

static void test_kubo_small_boards_by_hand(void **state)
{
	(void)state;
	static const uint8_t single[9] = { 0, 0, 0, 0, 3, 0, 0, 0, 0 };
	static const uint8_t pair[9] = { 1, 1, 0, 0, 0, 0, 0, 0, 0 };
	static const uint8_t diagonal[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 0 };
	struct brute_pos pos = kubo_pos(single);
	assert_int_equal(brute_grundy(&pos), 3); /* take 1, 2 or 3 */
	pos = kubo_pos(pair);
	assert_int_equal(brute_grundy(&pos), 2); /* one, the other, or both */
	pos = kubo_pos(diagonal);
	assert_int_equal(brute_grundy(&pos), 0); /* not adjacent: one at a time */
}

static void test_nineteen_shapes_and_small_boards_by_hand(void **state)
{
	(void)state;
	/* Cells: top row 0 1 2, next row 3 4 5 6; 0 touches 1, 3 and 4. */
	assert_int_equal(brute_grundy(&(struct brute_pos){ .game = GAME_NINETEEN, .count = 1, .part = { 0x1 } }), 1);
	struct brute_pos pos = board_pos(GAME_NINETEEN, 0x3); /* 0 and 1 touch */
	assert_int_equal(brute_grundy(&pos), 2);
	pos = board_pos(GAME_NINETEEN, 0x13); /* 0, 1, 4: a small triangle */
	assert_int_equal(brute_grundy(&pos), 3);
	pos = board_pos(GAME_NINETEEN, 0x7); /* the top row: 0-2 do not touch */
	assert_int_equal(brute_grundy(&pos), 3);
	pos = board_pos(GAME_NINETEEN, 0x5); /* 0 and 2 apart */
	assert_int_equal(brute_grundy(&pos), 0);
	pos = board_pos(GAME_NINETEEN, 0x9); /* 0 and 3 touch (row below, left) */
	assert_int_equal(brute_grundy(&pos), 2);
	pos = board_pos(GAME_NINETEEN, 0x21); /* 0 and 5 apart */
	assert_int_equal(brute_grundy(&pos), 0);
	pos = board_pos(GAME_NINETEEN, (1u << 11) | (1u << 15)); /* 11 and 15 touch */
	assert_int_equal(brute_grundy(&pos), 2);
	/* The full board: 19 single cells, 42 pairs and 24 small triangles. */
	struct brute_move_list list = { 0 };
	pos = board_pos(GAME_NINETEEN, 0x7FFFF);
	brute_moves(&pos, &list);
	assert_int_equal(list.count, 19 + 42 + 24);
	brute_move_list_free(&list);
}

/* ---- the row games against a literal board of cells ---- */

static uint16_t literal_value[1u << 16];
static bool literal_known[1u << 16];

/* Kayles on n cells, bit i set when pin i stands; Pebbles on n cells, bit i
 * set when cell i holds a pebble.  Plain recursion over the cells. */
static uint16_t literal_grundy(uint8_t game, uint8_t n, uint32_t mask)
{
	if (literal_known[mask]) {
		return literal_value[mask];
	}
	bool seen[64] = { false };
	for (uint8_t i = 0; i < n; i++) {
		if (game == GAME_KAYLES) {
			if (mask & (1u << i)) {
				seen[literal_grundy(game, n, mask & ~(1u << i))] = true;
				if (i + 1 < n && (mask & (2u << i))) {
					seen[literal_grundy(game, n, mask & ~(3u << i))] = true;
				}
			}
		} else {
			uint32_t around = (7u << i) >> 1; /* cells i-1, i, i+1 */
			if ((mask & around) == 0) {
				seen[literal_grundy(game, n, mask | (1u << i))] = true;
			}
		}
	}
	uint16_t g = 0;
	while (seen[g]) {
		g++;
	}
	literal_known[mask] = true;
	literal_value[mask] = g;
	return g;
}

/* The rows the solver sees on a literal board: runs of standing pins, or
 * runs of cells where a pebble may still go. */
static struct brute_pos rows_of(uint8_t game, uint8_t n, uint32_t mask)
{
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = game;
	uint32_t run = 0;
	for (uint8_t i = 0; i <= n; i++) {
		bool open;
		if (i == n) {
			open = false;
		} else if (game == GAME_KAYLES) {
			open = (mask >> i) & 1;
		} else {
			open = (mask & ((7u << i) >> 1)) == 0;
		}
		if (open) {
			run++;
		} else if (run > 0) {
			pos.part[pos.count++] = run;
			run = 0;
		}
	}
	return pos;
}

static void check_rows_against_board(uint8_t game, uint8_t n)
{
	memset(literal_known, 0, sizeof(literal_known));
	for (uint32_t mask = 0; mask < (1u << n); mask++) {
		if (game == GAME_PEBBLES && (mask & (mask >> 1))) {
			continue; /* pebbles never touch */
		}
		struct brute_pos pos = rows_of(game, n, mask);
		assert_int_equal(brute_grundy(&pos), literal_grundy(game, n, mask));
	}
}

static void test_row_model_matches_a_literal_board(void **state)
{
	(void)state;
	for (uint8_t n = 1; n <= 16; n++) {
		check_rows_against_board(GAME_KAYLES, n);
		check_rows_against_board(GAME_PEBBLES, n);
	}
}

/* Every multiset of rows with `cells` cells at most, each part at most
 * `largest`: the plain search against the values of single rows combined
 * by the Sprague-Grundy theorem. */
static uint32_t check_partitions(uint8_t game, struct brute_pos *pos, uint32_t cells, uint32_t largest,
				 const uint16_t *value, uint32_t sum)
{
	uint32_t checked = 1;
	assert_int_equal(brute_grundy(pos), sum);
	for (uint32_t part = 1; part <= largest && part <= cells; part++) {
		pos->part[pos->count++] = part;
		checked += check_partitions(game, pos, cells - part, part, value, sum ^ value[part]);
		pos->count--;
	}
	return checked;
}

static void test_row_sums_match_single_row_values(void **state)
{
	(void)state;
	uint16_t value[BRUTE_STRIP_TREE_CELLS + 1];
	for (uint8_t g = 0; g < 2; g++) {
		uint8_t game = g ? GAME_KAYLES : GAME_PEBBLES;
		struct brute_pos pos;
		memset(&pos, 0, sizeof(pos));
		pos.game = game;
		brute_strip_values(game, value, BRUTE_STRIP_TREE_CELLS);
		uint32_t checked =
			check_partitions(game, &pos, BRUTE_STRIP_TREE_CELLS, BRUTE_STRIP_TREE_CELLS, value, 0);
		print_message("# %s: %u multisets of rows, plain search = row values\n", g ? "kayles" : "pebbles",
			      checked);
	}
}

/* ---- the move generator and the legality check agree ---- */

static void check_generator(const struct brute_pos *pos)
{
	struct brute_move_list moves = { 0 };
	struct brute_move_list candidates = { 0 };
	brute_moves(pos, &moves);
	brute_candidate_moves(pos, &candidates);
	for (size_t i = 0; i < moves.count; i++) {
		assert_true(brute_is_legal(pos, &moves.move[i]));
		for (size_t j = 0; j < i; j++) {
			assert_false(brute_same_move(pos, &moves.move[i], &moves.move[j]));
		}
	}
	size_t legal = 0;
	for (size_t i = 0; i < candidates.count; i++) {
		bool listed = false;
		for (size_t j = 0; j < moves.count && !listed; j++) {
			listed = brute_same_move(pos, &candidates.move[i], &moves.move[j]);
		}
		if (brute_is_legal(pos, &candidates.move[i]) != listed) {
			char text[200];
			char move[120];
			brute_format(pos, text, sizeof(text));
			brute_format_move(pos, &candidates.move[i], move, sizeof(move));
			fail_msg("%s: %s listed %d", text, move, listed);
		}
		legal += listed;
	}
	brute_move_list_free(&moves);
	brute_move_list_free(&candidates);
	(void)legal;
}

static void test_generator_and_legality_check_agree(void **state)
{
	(void)state;
	uint32_t checked = 0;
	for (uint32_t code = 0; code < 5 * 5 * 5; code++) {
		uint32_t h[3] = { code % 5, code / 5 % 5, code / 25 };
		static const uint8_t games[] = { GAME_NIM,    GAME_MISERE_NIM, GAME_LIMIT_NIM, GAME_SUBTRACTION,
						 GAME_NIMBLE, GAME_DIVIDE,     GAME_KAYLES,    GAME_PEBBLES };
		for (uint8_t g = 0; g < sizeof(games); g++) {
			struct brute_pos pos = make_pos(games[g], games[g] == GAME_MISERE_NIM, 3, h[0], h[1], h[2]);
			pos.limit = 2;
			pos.set = 0x0D;
			check_generator(&pos);
			checked++;
		}
		struct brute_pos poker = make_pos(GAME_POKER_NIM, false, 2, h[0], h[1]);
		poker.start[0] = 4;
		poker.start[1] = (uint16_t)(h[1] + h[2]);
		poker.adds[0] = (uint8_t)(h[2] % 2);
		check_generator(&poker);
		struct brute_pos wythoff = make_pos(GAME_WYTHOFF, false, 2, h[0] + h[2], h[1]);
		check_generator(&wythoff);
		struct brute_pos matrix = make_pos(GAME_MATRIX_NIM, false, 2, h[0], h[1], h[2], 1u, 0u, 2u);
		matrix.cols = 3;
		check_generator(&matrix);
		checked += 3;
	}
	for (uint32_t n = 0; n <= 3000; n++) {
		struct brute_pos digit = make_pos(GAME_SUBTRACT_DIGIT, false, 1, n);
		struct brute_pos prime = make_pos(GAME_PRIME_POWER, false, 1, n + 1);
		check_generator(&digit);
		check_generator(&prime);
		checked += 2;
	}
	for (uint32_t mask = 0; mask < (1u << 16); mask += 97) {
		struct brute_pos any = board_pos(GAME_TAKTIX, mask);
		struct brute_pos adjacent = board_pos(GAME_TAKTIX, mask);
		adjacent.variant = 1;
		struct brute_pos hexagon = board_pos(GAME_NINETEEN, mask * 8 + 5);
		check_generator(&any);
		check_generator(&adjacent);
		check_generator(&hexagon);
		checked += 3;
	}
	for (uint32_t code = 0; code < (1u << 18); code += 331) {
		uint8_t height[9];
		for (uint8_t s = 0; s < 9; s++) {
			height[s] = (code >> (2 * s)) & 3;
		}
		struct brute_pos pos = kubo_pos(height);
		check_generator(&pos);
		checked++;
	}
	for (uint32_t code = 0; code < 9 * 9 * 9; code++) {
		uint32_t r[3] = { code % 9, code / 9 % 9, code / 81 };
		if (r[1] > r[0] || r[2] > r[1] || r[0] == 0) {
			continue;
		}
		struct brute_pos pos = make_pos(GAME_CHOMP, false, 3, r[0], r[1], r[2]);
		pos.count = r[2] ? 3 : r[1] ? 2 : 1;
		check_generator(&pos);
		checked++;
	}
	print_message("# brute rules: %u positions, generator = legality check\n", checked);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_marienbad_start_is_lost_by_the_player_to_move),
		cmocka_unit_test(test_pebble_strip_of_20_is_a_second_player_win),
		cmocka_unit_test(test_kayles_small_rows_and_the_polish_start),
		cmocka_unit_test(test_nim_loses_exactly_when_the_nim_sum_is_zero),
		cmocka_unit_test(test_small_misere_positions_by_hand),
		cmocka_unit_test(test_limit_nim_heap_value_is_heap_mod_k_plus_1),
		cmocka_unit_test(test_subtraction_1_3_4_loses_at_0_and_2_mod_7),
		cmocka_unit_test(test_subtract_a_digit_loses_at_multiples_of_10),
		cmocka_unit_test(test_divide_small_values_by_hand),
		cmocka_unit_test(test_prime_power_exponents_play_as_nim_heaps),
		cmocka_unit_test(test_nimble_coin_on_square_i_is_a_heap_of_i),
		cmocka_unit_test(test_matrix_nim_row_totals_play_as_nim_heaps),
		cmocka_unit_test(test_poker_nim_is_won_as_nim_is),
		cmocka_unit_test(test_wythoff_losing_positions_follow_the_golden_ratio),
		cmocka_unit_test(test_chomp_rectangles_are_first_player_wins),
		cmocka_unit_test(test_taktix_small_boards_by_hand),
		cmocka_unit_test(test_kubo_small_boards_by_hand),
		cmocka_unit_test(test_nineteen_shapes_and_small_boards_by_hand),
		cmocka_unit_test(test_row_model_matches_a_literal_board),
		cmocka_unit_test(test_row_sums_match_single_row_values),
		cmocka_unit_test(test_generator_and_legality_check_agree),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	brute_reset();
	return failed;
}
