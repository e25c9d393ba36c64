/*
 * The reason why (engine_print_why), read back and checked against what is
 * computed here independently, over every position of random games from
 * each game's start and every Nim position of up to 4 heaps of 0-7:
 *   - Nim and its kin: every heap's binary groups are distinct powers of 2,
 *     largest first, summing to the heap; the unpaired groups are the bits
 *     of the heaps' XOR, computed here; the misere note shows exactly when
 *     misere play has at most one heap of 2 or more;
 *   - the other sums: each part's value is the engine_grundy of a position
 *     holding that part alone, and the XOR printed is theirs and the
 *     whole's engine_grundy;
 *   - Wythoff: both cold pairs are losing, ordered, the first holds the
 *     smaller heap and the second differs as the heaps do;
 *   - the boards: the count is of the winning moves, enumerated here;
 *   - Subtract a digit: the rule of the multiples of 10.
 * The parts of a position are also the engine's own sums_value, tested
 * against engine_grundy the same way.
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
#include "engine/games.h"
#include "engine/text.h"
#include "tests/unit/support/engine_text.h"

#define GAMES_PER_START 40u

static unsigned long nim_checked, sums_checked, parts_checked, wythoff_checked, boards_checked, digit_checked;

static void why_text(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_why(pos, &sink.sink);
	assert_false(sink.overflowed);
}

static void fail_why(const struct position *pos, const char *text, const char *problem)
{
	char printed[512];
	print_position(pos, printed, sizeof printed);
	fail_msg("%s %s: \"%s\": %s", engine_game_name(pos->game), printed, text, problem);
}

/* Reads "G+G+..." (powers of 2) at *at; their sum, or fails. */
static unsigned long read_groups(const struct position *pos, const char *text, const char **at)
{
	unsigned long sum = 0, last = 0;
	do {
		char *end;
		unsigned long group = strtoul(*at, &end, 10);
		if (end == *at || group == 0 || (group & (group - 1u)) != 0) {
			fail_why(pos, text, "a group is not a power of 2");
		}
		if (last != 0 && group >= last) {
			fail_why(pos, text, "the groups are not largest first, each once");
		}
		last = group;
		sum += group;
		*at = end;
	} while (**at == '+' && (*at)++);
	return sum;
}

static bool is_nim_kin(uint8_t game)
{
	return game == GAME_NIM || game == GAME_MISERE_NIM || game == GAME_MARIENBAD || game == GAME_POKER_NIM;
}

static void check_nim(const struct position *pos, const char *text)
{
	const char *at = text;
	if (strncmp(at, "groups", 6) != 0) {
		fail_why(pos, text, "no \"groups\"");
	}
	at += 6;
	unsigned x = 0, big = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		unsigned heap = pos->u.heap[i];
		x ^= heap;
		big += heap >= 2;
		char *end;
		if (*at++ != ' ' || strtoul(at, &end, 10) != heap) {
			fail_why(pos, text, "a heap is not its size");
		}
		at = end;
		bool many = (heap & (heap - 1u)) != 0;
		if (many != (*at == '=')) {
			fail_why(pos, text, "groups shown for a single group, or none for several");
		}
		if (many) {
			at++;
			if (read_groups(pos, text, &at) != heap) {
				fail_why(pos, text, "a heap's groups do not sum to it");
			}
		}
	}
	if (strncmp(at, ", unpaired ", 11) != 0) {
		fail_why(pos, text, "no \", unpaired \"");
	}
	at += 11;
	if (x == 0) {
		if (strcmp(at, "none") != 0) {
			fail_why(pos, text, "unpaired groups where the XOR is 0");
		}
	} else {
		if (read_groups(pos, text, &at) != x) {
			fail_why(pos, text, "the unpaired groups are not the heaps' XOR");
		}
		bool end_rule = pos->game != GAME_POKER_NIM && pos->rule == RULE_MISERE && big <= 1;
		if (strcmp(at, end_rule ? ", misere: leave odd 1s" : "") != 0) {
			fail_why(pos, text, "the misere note is wrong or something follows");
		}
	}
	nim_checked++;
}

/* Part i of a sum alone, as a position of its own. */
static struct position part_alone(const struct position *pos, uint8_t i)
{
	struct position one = *pos;
	one.count = 1;
	switch (pos->game) {
	case GAME_DIVIDE:
		one.u.number[0] = pos->u.number[i];
		break;
	case GAME_PRIME_POWER:
		one.u.factors.prime[0] = pos->u.factors.prime[i];
		one.u.factors.exponent[0] = pos->u.factors.exponent[i];
		break;
	case GAME_MATRIX_NIM:
		memcpy(one.u.cell[0], pos->u.cell[i], sizeof one.u.cell[0]);
		break;
	default:
		one.u.heap[0] = pos->u.heap[i]; /* heaps and rows share their place */
		break;
	}
	return one;
}

static void check_sum(const struct position *pos, const char *text)
{
	const char *at = text;
	if (strncmp(at, "grundy", 6) != 0) {
		fail_why(pos, text, "no \"grundy\"");
	}
	at += 6;
	long x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		struct position one = part_alone(pos, i);
		long value = engine_grundy(&one);
		assert_true(value >= 0);
		assert_int_equal(sums_value(pos, i), value);
		parts_checked++;
		x ^= value;
		char *end;
		if (*at++ != ' ' || strtoul(at, &end, 10) != sums_part_size(pos, i) || *end != ':') {
			fail_why(pos, text, "a part is not its size");
		}
		at = end + 1;
		if (strtol(at, &end, 10) != value) {
			fail_why(pos, text, "a part's value is not the Grundy value of that part alone");
		}
		at = end;
	}
	char expected[32];
	snprintf(expected, sizeof expected, ", xor %ld", x);
	if (strcmp(at, expected) != 0 || engine_grundy(pos) != x) {
		fail_why(pos, text, "the XOR is not the parts' or the whole's Grundy value");
	}
	sums_checked++;
}

static bool losing_pair(unsigned a, unsigned b)
{
	struct position pair;
	char text[32];
	snprintf(text, sizeof text, "%u %u", a, b);
	pair = parse(GAME_WYTHOFF, text);
	return engine_outcome(&pair) == OUTCOME_P;
}

static void check_wythoff(const struct position *pos, const char *text)
{
	unsigned a, b, c, d;
	if (sscanf(text, "cold pairs %u,%u %u,%u", &a, &b, &c, &d) != 4) {
		fail_why(pos, text, "not two cold pairs");
	}
	unsigned x = pos->u.heap[0], y = pos->u.heap[1];
	unsigned smaller = x < y ? x : y, gap = x > y ? x - y : y - x;
	if (a > b || c > d || !losing_pair(a, b) || !losing_pair(c, d)) {
		fail_why(pos, text, "a pair is not cold, or not ordered");
	}
	if ((a != smaller && b != smaller) || d - c != gap) {
		fail_why(pos, text, "the pairs are not the smaller heap's and the difference's");
	}
	wythoff_checked++;
}

static void check_board(const struct position *pos, const char *text)
{
	unsigned winning = 0;
	struct move mv;
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		struct position after = *pos;
		engine_apply_move(&after, &mv);
		winning += engine_outcome(&after) == OUTCOME_P;
	}
	char expected[48];
	snprintf(expected, sizeof expected, "winning moves %u", winning);
	if (strcmp(text, expected) != 0) {
		fail_why(pos, text, expected);
	}
	boards_checked++;
}

static void check_position(const struct position *pos)
{
	char text[1024];
	why_text(pos, text, sizeof text);
	if (is_nim_kin(pos->game)) {
		check_nim(pos, text);
	} else if (pos->game == GAME_SUBTRACT_DIGIT) {
		assert_string_equal(text, "multiples of 10 lose");
		digit_checked++;
	} else if (pos->game == GAME_WYTHOFF) {
		check_wythoff(pos, text);
	} else if (pos->game >= GAME_CHOMP) {
		check_board(pos, text);
	} else {
		check_sum(pos, text);
	}
}

static uint32_t next_random(uint32_t *seed)
{
	*seed ^= *seed << 13;
	*seed ^= *seed >> 17;
	*seed ^= *seed << 5;
	return *seed;
}

/* Every position of games of random legal moves from each game's start. */
static void test_random_games(void **state)
{
	(void)state;
	uint32_t seed = 12345;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		for (unsigned g = 0; g < GAMES_PER_START; g++) {
			struct position pos;
			engine_start_position(&pos, game);
			for (unsigned turn = 0; turn < 400 && !engine_game_over(&pos); turn++) {
				check_position(&pos);
				unsigned count = 0;
				struct move mv;
				for (bool more = engine_next_move(&pos, &mv, true); more && count < 2000;
				     more = engine_next_move(&pos, &mv, false)) {
					count++;
				}
				unsigned pick = next_random(&seed) % count;
				engine_next_move(&pos, &mv, true);
				for (unsigned i = 0; i < pick; i++) {
					engine_next_move(&pos, &mv, false);
				}
				engine_apply_move(&pos, &mv);
			}
			check_position(&pos);
		}
	}
	printf("# random games: %lu Nim-kin positions, %lu sums (%lu parts), %lu Wythoff, %lu boards, %lu "
	       "Subtract a digit\n",
	       nim_checked, sums_checked, parts_checked, wythoff_checked, boards_checked, digit_checked);
	assert_true(nim_checked > 0 && sums_checked > 0 && wythoff_checked > 0 && boards_checked > 0 &&
		    digit_checked > 0);
}

/* Every Nim position of 1-4 heaps of 0-7, in both rules. */
static void test_every_small_nim(void **state)
{
	(void)state;
	unsigned long before = nim_checked;
	for (uint8_t rule = RULE_NORMAL; rule <= RULE_MISERE; rule++) {
		for (uint8_t heaps = 1; heaps <= 4; heaps++) {
			unsigned total = 1u << (3u * heaps);
			for (unsigned code = 0; code < total; code++) {
				struct position pos;
				memset(&pos, 0, sizeof pos);
				pos.game = GAME_NIM;
				pos.rule = rule;
				pos.count = heaps;
				for (uint8_t i = 0; i < heaps; i++) {
					pos.u.heap[i] = (uint16_t)(code >> (3u * i) & 7u);
				}
				check_position(&pos);
			}
		}
	}
	printf("# every Nim position of 1-4 heaps of 0-7, both rules: %lu checked\n", nim_checked - before);
}

/* The rulebook's examples, as a reader sees them. */
static void test_examples(void **state)
{
	(void)state;
	static const struct {
		uint8_t game;
		const char *position, *why;
	} examples[] = {
		{ GAME_NIM, "3 4 5", "groups 3=2+1 4 5=4+1, unpaired 2" },
		{ GAME_NIM, "5 7 9", "groups 5=4+1 7=4+2+1 9=8+1, unpaired 8+2+1" },
		{ GAME_MARIENBAD, "1 3 5 7", "groups 1 3=2+1 5=4+1 7=4+2+1, unpaired none" },
		{ GAME_MISERE_NIM, "1 1 3", "groups 1 1 3=2+1, unpaired 2+1, misere: leave odd 1s" },
		{ GAME_KAYLES, "1 12", "grundy 1:1 12:4, xor 5" },
		{ GAME_PEBBLES, "20", "grundy 20:0, xor 0" },
		{ GAME_WYTHOFF, "5 9", "cold pairs 3,5 6,10" },
		{ GAME_SUBTRACT_DIGIT, "1234", "multiples of 10 lose" },
	};
	for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
		struct position pos = parse(examples[i].game, examples[i].position);
		char text[256];
		why_text(&pos, text, sizeof text);
		assert_string_equal(text, examples[i].why);
		check_position(&pos);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_examples),
		cmocka_unit_test(test_every_small_nim),
		cmocka_unit_test(test_random_games),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
