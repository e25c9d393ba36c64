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

static bool is_poker(const struct position *pos) { return pos->game == GAME_POKER_NIM; }

static bool is_nim_family(const struct position *pos)
{
	return pos->game == GAME_NIM || pos->game == GAME_MISERE_NIM || pos->game == GAME_MARIENBAD;
}

static enum engine_rule default_rule(uint8_t game)
{
	return game == GAME_MISERE_NIM || game == GAME_MARIENBAD ? RULE_MISERE : RULE_NORMAL;
}

static bool in_set(uint8_t set, uint16_t s)
{
	return s >= 1 && s <= 8 && (set & (1u << (s - 1u)));
}

/* ---- start, text ---- */

/* `=` and a number in 0..255. */
static enum engine_error scan_setting(struct scanner *in, uint8_t *value)
{
	return scan_char(in, '=') ? scan_u8(in, UINT8_MAX, value) : ENGINE_ERR_SYNTAX;
}

/* S=1,3,4: elements 1..8. */
static enum engine_error scan_set(struct scanner *in, uint8_t *set)
{
	char separator = '=';
	*set = 0;
	while (scan_char(in, separator)) {
		uint8_t s;
		enum engine_error err = scan_u8(in, 8, &s);
		if (err == ENGINE_OK && s == 0) {
			err = ENGINE_ERR_RANGE;
		}
		if (err != ENGINE_OK) {
			return err;
		}
		*set |= (uint8_t)(1u << (s - 1u));
		separator = ',';
	}
	return *set != 0 ? ENGINE_OK : ENGINE_ERR_SYNTAX;
}

/* Parameters, in any order, before the heaps. */
static enum engine_error scan_settings(struct position *pos, struct scanner *in)
{
	bool left_given = false;
	pos->rule = default_rule(pos->game);
	pos->limit = pos->game == GAME_LIMIT_NIM ? DEFAULT_LIMIT : DEFAULT_POKER_ADDS;
	pos->set = DEFAULT_SET;
	for (;;) {
		enum engine_error err = ENGINE_OK;
		if (is_nim_family(pos) && scan_word(in, ENGINE_FLASH_STR("normal"))) {
			pos->rule = RULE_NORMAL;
		} else if (is_nim_family(pos) && scan_word(in, ENGINE_FLASH_STR("misere"))) {
			pos->rule = RULE_MISERE;
		} else if ((pos->game == GAME_LIMIT_NIM || is_poker(pos)) && scan_word(in, ENGINE_FLASH_STR("k"))) {
			err = scan_setting(in, &pos->limit);
			if (err == ENGINE_OK && pos->limit == 0 && !is_poker(pos)) {
				err = ENGINE_ERR_RANGE;
			}
		} else if (pos->game == GAME_SUBTRACTION && scan_word(in, ENGINE_FLASH_STR("s"))) {
			err = scan_set(in, &pos->set);
		} else if (is_poker(pos) && scan_word(in, ENGINE_FLASH_STR("left"))) {
			err = scan_setting(in, &pos->u.poker.adds_left[0]);
			if (err == ENGINE_OK) {
				err = scan_char(in, ',') ? scan_u8(in, UINT8_MAX, &pos->u.poker.adds_left[1])
							 : ENGINE_ERR_SYNTAX;
			}
			left_given = true;
		} else {
			break;
		}
		if (err != ENGINE_OK) {
			return err;
		}
	}
	if (!is_poker(pos)) {
		return ENGINE_OK;
	}
	if (!left_given) {
		pos->u.poker.adds_left[0] = pos->limit;
		pos->u.poker.adds_left[1] = pos->limit;
	}
	pos->u.poker.last_added = NO_HEAP;
	if (pos->u.poker.adds_left[0] > pos->limit || pos->u.poker.adds_left[1] > pos->limit) {
		return ENGINE_ERR_RANGE;
	}
	return ENGINE_OK;
}

/* Poker Nim heaps: `current/start`, or `current` at its start. */
static enum engine_error scan_poker_heaps(struct position *pos, struct scanner *in)
{
	do {
		if (pos->count == ENGINE_MAX_HEAPS) {
			return ENGINE_ERR_TOO_MANY;
		}
		uint16_t *heap = &pos->u.poker.heap[pos->count];
		uint16_t *start = &pos->u.poker.start[pos->count];
		enum engine_error err = scan_u16(in, UINT16_MAX, heap);
		*start = *heap;
		if (err == ENGINE_OK && scan_char(in, '/')) {
			err = scan_u16(in, UINT16_MAX, start);
			if (err == ENGINE_OK && *start < *heap) {
				err = ENGINE_ERR_ABOVE_START;
			}
		}
		if (err != ENGINE_OK) {
			return err;
		}
		pos->count++;
		(void)scan_char(in, ',');
	} while (!scan_at_end(in));
	return ENGINE_OK;
}

enum engine_error heaps_parse(struct position *pos, struct scanner *in)
{
	enum engine_error err = scan_settings(pos, in);
	if (err != ENGINE_OK) {
		return err;
	}
	if (is_poker(pos)) {
		return scan_poker_heaps(pos, in);
	}
	return scan_list16(in, pos->u.heap, ENGINE_MAX_HEAPS, &pos->count);
}

static void print_setting(struct text_sink *out, const char *flash_key, uint8_t value)
{
	print_flash(out, flash_key);
	print_u32(out, value);
	print_char(out, ' ');
}

void heaps_print(const struct position *pos, struct text_sink *out)
{
	if (is_nim_family(pos) && pos->rule != default_rule(pos->game)) {
		print_flash(out, pos->rule == RULE_MISERE ? ENGINE_FLASH_STR("misere ") : ENGINE_FLASH_STR("normal "));
	}
	if (pos->game == GAME_LIMIT_NIM || is_poker(pos)) {
		print_setting(out, ENGINE_FLASH_STR("k="), pos->limit);
	}
	if (pos->game == GAME_SUBTRACTION) {
		char separator = '=';
		print_char(out, 'S');
		for (uint8_t s = 1; s <= 8; s++) {
			if (in_set(pos->set, s)) {
				print_char(out, separator);
				print_u32(out, s);
				separator = ',';
			}
		}
		print_char(out, ' ');
	}
	if (!is_poker(pos)) {
		print_list16(out, pos->u.heap, pos->count);
		return;
	}
	if (pos->u.poker.adds_left[0] != pos->limit || pos->u.poker.adds_left[1] != pos->limit) {
		print_flash(out, ENGINE_FLASH_STR("left="));
		print_pair(out, pos->u.poker.adds_left[0], ',', pos->u.poker.adds_left[1]);
		print_char(out, ' ');
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		if (i > 0) {
			print_char(out, ' ');
		}
		if (pos->u.poker.start[i] != pos->u.poker.heap[i]) {
			print_pair(out, pos->u.poker.heap[i], '/', pos->u.poker.start[i]);
		} else {
			print_u32(out, pos->u.poker.heap[i]);
		}
	}
}

/* ---- moves ---- */

/* Nimble: `F>T` names the coin by its square; the first coin there moves. */
static enum engine_error nimble_parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
	uint16_t from, to;
	enum engine_error err = scan_u16(in, UINT16_MAX, &from);
	if (err != ENGINE_OK) {
		return err;
	}
	if (!scan_char(in, '>')) {
		return ENGINE_ERR_SYNTAX;
	}
	err = scan_u16(in, UINT16_MAX, &to);
	if (err != ENGINE_OK) {
		return err;
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		if (pos->u.heap[i] == from) {
			if (to > from) {
				return ENGINE_ERR_NOT_ALLOWED;
			}
			mv->u.heap.heap = i;
			mv->u.heap.add = 0;
			mv->u.heap.count = (uint16_t)(from - to);
			return ENGINE_OK;
		}
	}
	return ENGINE_ERR_NO_SUCH;
}

enum engine_error heaps_parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
	if (pos->game == GAME_NIMBLE) {
		return nimble_parse_move(pos, in, mv);
	}
	enum engine_error err = scan_index(in, pos->count, &mv->u.heap.heap);
	if (err != ENGINE_OK) {
		return err;
	}
	if (scan_char(in, '-')) {
		mv->u.heap.add = 0;
	} else if (scan_char(in, '+')) {
		if (!is_poker(pos)) {
			return ENGINE_ERR_NOT_ALLOWED;
		}
		mv->u.heap.add = 1;
	} else {
		return ENGINE_ERR_SYNTAX;
	}
	err = scan_u16(in, UINT16_MAX, &mv->u.heap.count);
	return err == ENGINE_ERR_RANGE ? ENGINE_ERR_TOO_MUCH : err;
}

void heaps_print_move(const struct position *pos, const struct move *mv, struct text_sink *out)
{
	if (pos->game == GAME_NIMBLE) {
		uint16_t from = pos->u.heap[mv->u.heap.heap];
		print_pair(out, from, '>', (uint16_t)(from - mv->u.heap.count));
		return;
	}
	print_pair(out, mv->u.heap.heap + 1u, mv->u.heap.add ? '+' : '-', mv->u.heap.count);
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
		return in_set(pos->set, count);
	}
	return true;
}

/* Room for additions on heap i: 0 when the mover has no adds left. */
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
	uint16_t count = mv->u.heap.count;
	if (i >= pos->count) {
		return ENGINE_ERR_NO_SUCH;
	}
	if (mv->u.heap.add > 1) {
		return ENGINE_ERR_NOT_ALLOWED;
	}
	if (mv->u.heap.add) {
		if (!is_poker(pos)) {
			return ENGINE_ERR_NOT_ALLOWED;
		}
		if (pos->u.poker.adds_left[0] == 0) {
			return ENGINE_ERR_NO_ADDS;
		}
		if (count == 0) {
			return ENGINE_ERR_NONE_TAKEN;
		}
		return count > heaps_add_room(pos, i) ? ENGINE_ERR_ABOVE_START : ENGINE_OK;
	}
	uint16_t n = pos->u.heap[i];
	if (n == 0) {
		return ENGINE_ERR_EMPTY;
	}
	if (count == 0) {
		return ENGINE_ERR_NONE_TAKEN;
	}
	if (count > n) {
		return ENGINE_ERR_TOO_MUCH;
	}
	return amount_allowed(pos, count) ? ENGINE_OK : ENGINE_ERR_NOT_ALLOWED;
}

void heaps_apply_move(struct position *pos, const struct move *mv)
{
	uint16_t *heap = pos->u.heap;
	uint8_t i = mv->u.heap.heap;
	if (mv->u.heap.add) {
		heap[i] = (uint16_t)(heap[i] + mv->u.heap.count);
	} else {
		heap[i] = (uint16_t)(heap[i] - mv->u.heap.count);
	}
	if (is_poker(pos)) {
		/* The other player moves next: their counters come first. */
		uint8_t mover_left = pos->u.poker.adds_left[0];
		if (mv->u.heap.add) {
			mover_left--;
		}
		pos->u.poker.adds_left[0] = pos->u.poker.adds_left[1];
		pos->u.poker.adds_left[1] = mover_left;
		pos->u.poker.last_added = mv->u.heap.add ? i : NO_HEAP;
	}
}

uint16_t heaps_least_take(const struct position *pos, uint16_t n)
{
	uint16_t most = take_limit(pos, n);
	for (uint16_t s = 1; s <= most; s++) {
		if (amount_allowed(pos, s)) {
			return s;
		}
	}
	return 0;
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
