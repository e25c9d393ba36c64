/*
 * Heap games: Nim, misere Nim, Marienbad, Limit Nim, Subtraction, Nimble
 * and Poker Nim: their moves and their text.  Their strategy is in sums.c.
 *
 * Text: parameters first (`misere`/`normal`, `k=3`, `S=1,3,4`, `left=1,2`:
 * additions left to the player to move and to the other), then the heaps
 * separated by spaces (or commas); Poker Nim heaps are `current/start`, or
 * just `current` when it is the start.  Which heap the last move added to
 * is kept in the position (the machine takes that addition back first) but
 * is not part of the text.  Moves are 1-based: `2-3` takes 3 from heap 2,
 * `2+1` adds one (Poker Nim), `5>2` moves a Nimble coin from square 5 to
 * square 2.
 */
#include <stddef.h>

#include "engine/flash.h"
#include "engine/games.h"

#define NO_HEAP 0xFFu /* Poker Nim: no heap was added to */
#define DEFAULT_LIMIT 3u
#define DEFAULT_SET 0x0Du /* {1, 3, 4}: the English text's example */
#define DEFAULT_POKER_ADDS 2u

/* Poker Nim's heaps are u.poker.heap, which shares its place in the union
 * with u.heap: code for every heap game reads u.heap. */
_Static_assert(offsetof(struct position, u.poker.heap) == offsetof(struct position, u.heap),
	       "Poker Nim's heaps must overlay u.heap");

static bool is_poker(const struct position *pos)
{
	return pos->game == GAME_POKER_NIM;
}
static bool is_nim_family(const struct position *pos)
{
	return pos->game <= GAME_MARIENBAD;
}
static bool has_limit(const struct position *pos)
{
	return pos->game == GAME_LIMIT_NIM || is_poker(pos);
}

static enum engine_rule default_rule(uint8_t game)
{
	return game == GAME_MISERE_NIM || game == GAME_MARIENBAD ? RULE_MISERE : RULE_NORMAL;
}

bool heaps_in_set(uint8_t set, uint16_t s)
{
	return (uint16_t)(s - 1u) < 8u && ((set >> (s - 1u)) & 1u);
}

/* ---- text ---- */

/* `before` and a number in 0..255: the number of k=, and each of left='s
 * two (after `=`, then after `,`). */
static uint8_t scan_setting(struct scanner *in, char before)
{
	scan_expect(in, before);
	return (uint8_t)scan_u16(in, UINT8_MAX, ENGINE_ERR_RANGE);
}

/* S=1,3,4: elements 1..8. */
static uint8_t scan_set(struct scanner *in)
{
	char separator = '=';
	uint8_t set = 0;
	while (scan_char(in, separator)) {
		uint8_t s = (uint8_t)scan_u16(in, 8, ENGINE_ERR_RANGE);
		if (s == 0) {
			scan_fail(in, ENGINE_ERR_RANGE);
		}
		set |= (uint8_t)((1u << s) >> 1);
		separator = ',';
	}
	if (set == 0) {
		scan_fail(in, ENGINE_ERR_SYNTAX);
	}
	return set;
}

/* The words of position_words (text.h) this game's text may start with:
 * bit w for word w. */
static uint8_t words_read(const struct position *pos)
{
	if (is_nim_family(pos)) {
		return 1u << WORD_NORMAL | 1u << WORD_MISERE;
	}
	if (pos->game == GAME_SUBTRACTION) {
		return 1u << WORD_S;
	}
	if (pos->game == GAME_NIMBLE) {
		return 0;
	}
	return (uint8_t)(1u << WORD_K | (is_poker(pos) ? 1u << WORD_LEFT : 0u)); /* Limit Nim, Poker Nim */
}

/* Parameters, in any order. */
uint16_t *heaps_parse_settings(struct position *pos, struct scanner *in)
{
	bool left_given = false;
	uint8_t *left = pos->u.poker.adds_left;
	pos->rule = default_rule(pos->game);
	pos->limit = pos->game == GAME_LIMIT_NIM ? DEFAULT_LIMIT : DEFAULT_POKER_ADDS;
	pos->set = DEFAULT_SET;
	for (;;) {
		uint8_t key = scan_keyword(in, position_words, POSITION_WORDS, words_read(pos));
		if (key == POSITION_WORDS) {
			break;
		}
		if (key <= WORD_MISERE) {
			pos->rule = key;
		} else if (key == WORD_K) {
			pos->limit = scan_setting(in, '=');
			if (pos->limit == 0 && !is_poker(pos)) {
				scan_fail(in, ENGINE_ERR_RANGE);
			}
		} else if (key == WORD_S) {
			pos->set = scan_set(in);
		} else {
			left[0] = scan_setting(in, '=');
			left[1] = scan_setting(in, ',');
			left_given = true;
		}
	}
	if (is_poker(pos)) {
		if (!left_given) {
			left[0] = pos->limit;
			left[1] = pos->limit;
		}
		pos->u.poker.last_added = NO_HEAP;
		if (left[0] > pos->limit || left[1] > pos->limit) {
			scan_fail(in, ENGINE_ERR_RANGE);
		}
	}
	return is_poker(pos) ? pos->u.poker.start : NULL;
}

/* An element of S, from its bit. */
void heaps_print(const struct position *pos)
{
	const uint8_t *left = pos->u.poker.adds_left;
	if (is_nim_family(pos) && pos->rule != default_rule(pos->game)) {
		put_word((enum position_word)pos->rule, ' ');
	}
	if (has_limit(pos)) {
		put_word(WORD_K, '=');
		put_u16(pos->limit);
		put_char(' ');
	}
	if (pos->game == GAME_SUBTRACTION) {
		put_char('S'); /* upper case, as the rules write it */
		put_char('=');
		put_amounts(pos->set);
		put_char(' ');
	}
	if (is_poker(pos) && (left[0] != pos->limit || left[1] != pos->limit)) {
		put_word(WORD_LEFT, '=');
		put_pair(left[0], ',', left[1]);
		put_char(' ');
	}
	heaps_print_list(pos);
}

void heaps_print_list(const struct position *pos)
{
	/* Heaps and rows share their place in the record (u.row is the
	 * longest).  Poker Nim's heaps: `current/start` when they differ. */
	for (uint8_t i = 0; i < pos->count; i++) {
		if (i > 0) {
			put_char(' ');
		}
		put_u16(pos->u.row[i]);
		if (is_poker(pos) && pos->u.poker.start[i] != pos->u.poker.heap[i]) {
			put_char('/');
			put_u16(pos->u.poker.start[i]);
		}
	}
}

/* ---- moves ---- */

/* Nimble: `F>T` names the coin by its square; the first coin there moves. */
static void nimble_parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
	uint16_t from = scan_u16(in, UINT16_MAX, ENGINE_ERR_RANGE);
	scan_expect(in, '>');
	uint16_t to = scan_u16(in, UINT16_MAX, ENGINE_ERR_RANGE);
	uint8_t i = 0;
	while (i < pos->count && pos->u.heap[i] != from) {
		i++;
	}
	/* No coin there (i is past the last): refused as no such part. */
	if (to > from) {
		scan_fail(in, ENGINE_ERR_NOT_ALLOWED);
	}
	mv->u.heap.heap = i;
	mv->u.heap.count = (uint16_t)(from - to);
}

void heaps_parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
	if (pos->game == GAME_NIMBLE) {
		nimble_parse_move(pos, in, mv);
		return;
	}
	mv->u.heap.heap = scan_index(in, pos->count);
	/* Only Poker Nim adds: heaps_check_move refuses the others'. */
	if (scan_char(in, '+')) {
		mv->u.heap.add = 1;
	} else {
		scan_expect(in, '-');
	}
	mv->u.heap.count = scan_u16(in, UINT16_MAX, ENGINE_ERR_TOO_MUCH);
}

void heaps_print_move(const struct position *pos, const struct move *mv)
{
	if (pos->game == GAME_NIMBLE) {
		uint16_t from = pos->u.heap[mv->u.heap.heap];
		put_pair(from, '>', (uint16_t)(from - mv->u.heap.count));
		return;
	}
	put_pair(mv->u.heap.heap + 1u, mv->u.heap.add ? '+' : '-', mv->u.heap.count);
}

/* The most a move may take from a heap of n, the amount aside. */
static uint16_t take_limit(const struct position *pos, uint16_t n)
{
	if (pos->game == GAME_LIMIT_NIM && n > pos->limit) {
		return pos->limit;
	}
	if (pos->game == GAME_SUBTRACTION && n > 8) {
		return 8;
	}
	return n;
}

static bool amount_allowed(const struct position *pos, uint16_t count)
{
	if (pos->game == GAME_LIMIT_NIM) {
		return count <= pos->limit;
	}
	if (pos->game == GAME_SUBTRACTION) {
		return heaps_in_set(pos->set, count);
	}
	return true;
}

uint16_t heaps_add_room(const struct position *pos, uint8_t i)
{
	if (!is_poker(pos) || pos->u.poker.adds_left[0] == 0) {
		return 0;
	}
	return (uint16_t)(pos->u.poker.start[i] - pos->u.poker.heap[i]);
}

enum engine_error heaps_check_move(const struct position *pos, const struct move *mv)
{
	uint8_t i = mv->u.heap.heap;
	uint8_t add = mv->u.heap.add;
	uint16_t count = mv->u.heap.count;
	uint16_t n = pos->u.heap[i];
	if (add != 0) {
		if (add > 1 || !is_poker(pos)) {
			return ENGINE_ERR_NOT_ALLOWED;
		}
		if (pos->u.poker.adds_left[0] == 0) {
			return ENGINE_ERR_NO_ADDS;
		}
	}
	if (count == 0) {
		return ENGINE_ERR_NONE_TAKEN;
	}
	if (add != 0) {
		return count > (uint16_t)(pos->u.poker.start[i] - n) ? ENGINE_ERR_ABOVE_START : ENGINE_OK;
	}
	if (count > n) {
		return ENGINE_ERR_TOO_MUCH;
	}
	return amount_allowed(pos, count) ? ENGINE_OK : ENGINE_ERR_NOT_ALLOWED;
}

void heaps_apply_move(struct position *pos, const struct move *mv)
{
	uint16_t *heap = &pos->u.heap[mv->u.heap.heap];
	uint8_t add = mv->u.heap.add;
	*heap = (uint16_t)(add ? *heap + mv->u.heap.count : *heap - mv->u.heap.count);
	if (is_poker(pos)) {
		/* The other player moves next: their counters come first. */
		uint8_t *left = pos->u.poker.adds_left;
		uint8_t mover_left = (uint8_t)(left[0] - add);
		left[0] = left[1];
		left[1] = mover_left;
		pos->u.poker.last_added = add ? mv->u.heap.heap : NO_HEAP;
	}
}

uint8_t heaps_least_take(const struct position *pos)
{
	/* The parser refuses an empty S and k = 0: one stone, or S's least. */
	uint8_t s = 1;
	if (pos->game == GAME_SUBTRACTION) {
		for (uint8_t bits = pos->set; bits > 1u && !(bits & 1u); bits >>= 1) {
			s++;
		}
	}
	return s;
}

/* Nimble coins on the same square make the same moves: only the first
 * coin there moves, the one `F>T` names. */
static bool nimble_repeat(const struct position *pos, uint8_t i)
{
	if (pos->game != GAME_NIMBLE) {
		return false;
	}
	for (uint8_t j = 0; j < i; j++) {
		if (pos->u.heap[j] == pos->u.heap[i]) {
			return true;
		}
	}
	return false;
}

/* Order: takes from heap 1, 2, ... (1 stone first), then Poker Nim's adds. */
bool heaps_next_move(const struct position *pos, struct move *mv, bool first)
{
	uint8_t i = 0;
	uint8_t add = 0;
	uint32_t count = 1;
	if (!first) {
		i = mv->u.heap.heap;
		add = mv->u.heap.add;
		count = (uint32_t)mv->u.heap.count + 1u;
	}
	const uint16_t *heap = pos->u.heap;
	for (;;) {
		if (i >= pos->count) {
			if (add || !is_poker(pos)) {
				return false;
			}
			add = 1;
			i = 0;
			count = 1;
			continue;
		}
		uint16_t most = add ? heaps_add_room(pos, i) : take_limit(pos, heap[i]);
		if (count > most || nimble_repeat(pos, i)) {
			i++;
			count = 1;
			continue;
		}
		if (add || amount_allowed(pos, (uint16_t)count)) {
			mv->u.heap.heap = i;
			mv->u.heap.add = add;
			mv->u.heap.count = (uint16_t)count;
			return true;
		}
		count++;
	}
}

uint16_t heaps_move_amount(const struct move *mv)
{
	return mv->u.heap.count;
}

void heaps_move_set(struct move *mv, uint8_t part, uint16_t amount)
{
	mv->u.heap.heap = part;
	mv->u.heap.count = amount;
}
