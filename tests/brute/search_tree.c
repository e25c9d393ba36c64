/*
 * The general search: memoised game-tree evaluation over the moves the
 * rules allow (rules.c), for any position of any game.
 *
 * Normal play: the value of a position is the mex (least number not among
 * them) of the values of the positions its moves lead to; the player to move
 * wins when it is not 0.  Misère: the player to move wins when there is no
 * move at all (the opponent made the last move), or when some move leads to
 * a position the player then to move loses.
 *
 * Positions are keyed by a canonical form (parts sorted where the rules
 * treat them alike), so that positions the rules cannot tell apart are
 * searched once.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"
#include "tests/brute/search.h"

#define KEY_MAX (2 + 2 * BRUTE_MAX_PARTS)
#define UNKNOWN_GRUNDY UINT32_MAX

/* ---- the memo: canonical key -> value ---- */

struct memo_entry {
	uint32_t key_at;  /* offset in memo.keys */
	uint16_t key_len; /* 0: the slot is empty */
	int8_t misere;    /* -1 unknown, else whether the player to move wins */
	uint32_t grundy;  /* UNKNOWN_GRUNDY until computed */
};

static struct {
	struct memo_entry *slot;
	size_t size; /* a power of two */
	size_t used;
	uint32_t *keys;
	size_t keys_used;
	size_t keys_capacity;
} memo;

static uint64_t key_hash(const uint32_t *key, uint16_t len)
{
	uint64_t h = 0x9E3779B97F4A7C15u ^ len;
	for (uint16_t i = 0; i < len; i++) {
		h ^= key[i];
		h *= 0xFF51AFD7ED558CCDu;
		h ^= h >> 32;
	}
	return h;
}

static struct memo_entry *memo_slot(const uint32_t *key, uint16_t len)
{
	size_t mask = memo.size - 1;
	for (size_t i = (size_t)key_hash(key, len) & mask;; i = (i + 1) & mask) {
		struct memo_entry *e = &memo.slot[i];
		if (e->key_len == 0 ||
		    (e->key_len == len && memcmp(&memo.keys[e->key_at], key, len * sizeof(*key)) == 0)) {
			return e;
		}
	}
}

static void memo_grow(void)
{
	struct memo_entry *old = memo.slot;
	size_t old_size = memo.size;
	memo.size = old_size ? 2 * old_size : 1u << 16;
	memo.slot = search_calloc(memo.size, sizeof(*memo.slot));
	for (size_t i = 0; i < old_size; i++) {
		if (old[i].key_len != 0) {
			*memo_slot(&memo.keys[old[i].key_at], old[i].key_len) = old[i];
		}
	}
	free(old);
}

/* The entry for a key, added (with nothing known) when it is new.  The
 * pointer holds until the next call. */
static struct memo_entry *memo_find(const uint32_t *key, uint16_t len)
{
	if (2 * (memo.used + 1) > memo.size) {
		memo_grow();
	}
	struct memo_entry *e = memo_slot(key, len);
	if (e->key_len != 0) {
		return e;
	}
	if (memo.keys_used + len > memo.keys_capacity) {
		memo.keys_capacity = memo.keys_capacity ? 2 * memo.keys_capacity : 1u << 20;
		memo.keys = realloc(memo.keys, memo.keys_capacity * sizeof(*memo.keys));
		if (!memo.keys) {
			abort();
		}
	}
	memcpy(&memo.keys[memo.keys_used], key, len * sizeof(*key));
	e->key_at = (uint32_t)memo.keys_used;
	e->key_len = len;
	e->misere = -1;
	e->grundy = UNKNOWN_GRUNDY;
	memo.keys_used += len;
	memo.used++;
	return e;
}

/* ---- canonical keys ---- */

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a;
	uint64_t y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static int compare_matrix_row(const void *a, const void *b)
{
	const uint32_t *x = a;
	const uint32_t *y = b;
	for (uint8_t c = 0; c < BRUTE_MATRIX_MAX; c++) {
		if (x[c] != y[c]) {
			return x[c] < y[c] ? -1 : 1;
		}
	}
	return 0;
}

/* Heaps, rows and numbers that no rule tells apart are sorted, and empty ones
 * dropped: they have no moves and no move reaches them. */
static uint16_t make_key(const struct brute_pos *pos, uint32_t *key)
{
	uint16_t n = 0;
	key[n++] = pos->game | (uint32_t)pos->variant << 8 | (uint32_t)pos->limit << 16 | (uint32_t)pos->set << 24;
	key[n++] = pos->cols | (uint32_t)pos->adds[0] << 8 | (uint32_t)pos->adds[1] << 16;
	switch (pos->game) {
	case GAME_POKER_NIM: {
		uint64_t pair[BRUTE_MAX_HEAPS];
		uint8_t pairs = 0;
		for (uint8_t i = 0; i < pos->count; i++) {
			if (pos->part[i] != 0 || pos->start[i] != 0) {
				pair[pairs++] = (uint64_t)pos->part[i] << 32 | pos->start[i];
			}
		}
		qsort(pair, pairs, sizeof(*pair), compare_u64);
		for (uint8_t i = 0; i < pairs; i++) {
			key[n++] = (uint32_t)(pair[i] >> 32);
			key[n++] = (uint32_t)pair[i];
		}
		break;
	}
	case GAME_MATRIX_NIM: {
		uint32_t row[BRUTE_MATRIX_MAX][BRUTE_MATRIX_MAX];
		uint8_t rows = 0;
		for (uint8_t r = 0; r < pos->count; r++) {
			uint32_t total = 0;
			memset(row[rows], 0, sizeof(row[rows]));
			for (uint8_t c = 0; c < pos->cols; c++) {
				row[rows][c] = pos->part[r * pos->cols + c];
				total += row[rows][c];
			}
			/* Cells of one row are alike: a move may take from any of them. */
			qsort(row[rows], pos->cols, sizeof(uint32_t), rules_compare_u32);
			if (total > 0) {
				rows++;
			}
		}
		qsort(row, rows, sizeof(row[0]), compare_matrix_row);
		for (uint8_t r = 0; r < rows; r++) {
			for (uint8_t c = 0; c < pos->cols; c++) {
				key[n++] = row[r][c];
			}
		}
		break;
	}
	case GAME_CHOMP:
	case GAME_SUBTRACT_DIGIT:
	case GAME_PRIME_POWER:
		for (uint8_t i = 0; i < pos->count; i++) {
			if (pos->part[i] != 0) {
				key[n++] = pos->part[i];
			}
		}
		break;
	default: {
		uint16_t first = n;
		for (uint8_t i = 0; i < pos->count; i++) {
			if (pos->part[i] != 0) {
				key[n++] = pos->part[i];
			}
		}
		qsort(&key[first], n - first, sizeof(*key), rules_compare_u32);
		break;
	}
	}
	return n;
}

/* ---- the general search ---- */

/* Move lists and mex marks for each depth of the recursion, kept from one
 * position to the next rather than allocated for each. */
static struct {
	struct brute_move_list *list;
	bool **seen;
	size_t *seen_size;
	size_t depths;
	size_t depth;
} frames;

static struct brute_move_list *frame_enter(void)
{
	if (frames.depth == frames.depths) {
		size_t depths = frames.depths ? 2 * frames.depths : 64;
		frames.list = realloc(frames.list, depths * sizeof(*frames.list));
		frames.seen = realloc(frames.seen, depths * sizeof(*frames.seen));
		frames.seen_size = realloc(frames.seen_size, depths * sizeof(*frames.seen_size));
		if (!frames.list || !frames.seen || !frames.seen_size) {
			abort();
		}
		for (size_t i = frames.depths; i < depths; i++) {
			memset(&frames.list[i], 0, sizeof(frames.list[i]));
			frames.seen[i] = NULL;
			frames.seen_size[i] = 0;
		}
		frames.depths = depths;
	}
	return &frames.list[frames.depth++];
}

/* Marks for values 0..size-1 at the current depth, all false. */
static bool *frame_seen(size_t size)
{
	size_t d = frames.depth - 1;
	if (frames.seen_size[d] < size) {
		free(frames.seen[d]);
		frames.seen[d] = search_calloc(size, sizeof(bool));
		frames.seen_size[d] = size;
	}
	memset(frames.seen[d], 0, size * sizeof(bool));
	return frames.seen[d];
}

static void frame_leave(void)
{
	frames.depth--;
}

static void frames_free(void)
{
	for (size_t i = 0; i < frames.depths; i++) {
		brute_move_list_free(&frames.list[i]);
		free(frames.seen[i]);
	}
	free(frames.list);
	free(frames.seen);
	free(frames.seen_size);
	memset(&frames, 0, sizeof(frames));
}

uint32_t search_tree_grundy(const struct brute_pos *pos)
{
	uint32_t key[KEY_MAX];
	uint16_t len = make_key(pos, key);
	struct memo_entry *e = memo_find(key, len);
	if (e->grundy != UNKNOWN_GRUNDY) {
		return e->grundy;
	}
	struct brute_move_list *list = frame_enter();
	brute_moves(pos, list);
	/* The mex of n values is at most n. */
	size_t moves = list->count;
	bool *seen = frame_seen(moves + 1);
	for (size_t i = 0; i < moves; i++) {
		struct brute_pos child = *pos;
		brute_apply(&child, &list->move[i]);
		uint32_t g = search_tree_grundy(&child);
		if (g <= moves) {
			seen[g] = true;
		}
	}
	uint32_t g = search_mex(seen, moves + 1);
	frame_leave();
	memo_find(key, len)->grundy = g;
	return g;
}

bool search_tree_misere_wins(const struct brute_pos *pos)
{
	uint32_t key[KEY_MAX];
	uint16_t len = make_key(pos, key);
	struct memo_entry *e = memo_find(key, len);
	if (e->misere >= 0) {
		return e->misere;
	}
	struct brute_move_list *list = frame_enter();
	brute_moves(pos, list);
	bool win = list->count == 0;
	for (size_t i = 0; i < list->count && !win; i++) {
		struct brute_pos child = *pos;
		brute_apply(&child, &list->move[i]);
		win = !search_tree_misere_wins(&child);
	}
	frame_leave();
	memo_find(key, len)->misere = win;
	return win;
}

void search_tree_reset(void)
{
	frames_free();
	free(memo.slot);
	free(memo.keys);
	memset(&memo, 0, sizeof(memo));
}
