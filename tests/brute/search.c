/*
 * The search: memoised game-tree evaluation over the moves rules.c allows.
 *
 * Normal play: the value of a position is the mex (least number not among
 * them) of the values of the positions its moves lead to; the player to move
 * wins when it is not 0.  Misère: the player to move wins when there is no
 * move at all (the opponent made the last move), or when some move leads to
 * a position the player then to move loses.
 *
 * Most games go through one general search keyed by a canonical form of the
 * position (parts sorted where the rules treat them alike).  The games with
 * large position counts use dense tables filled in order, every move leading
 * to a smaller index: the boards (pieces only ever leave), Wythoff, and
 * subtract-a-digit and single heaps of subtraction games and limit Nim,
 * whose chains of moves are too long for recursion.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"

#define KEY_MAX (2 + 2 * BRUTE_MAX_PARTS)
#define UNKNOWN_GRUNDY UINT32_MAX

static void *checked_calloc(size_t count, size_t size)
{
	void *p = calloc(count, size);
	if (!p) {
		abort();
	}
	return p;
}

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
	memo.slot = checked_calloc(memo.size, sizeof(*memo.slot));
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

static int compare_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a;
	uint32_t y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

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
			qsort(row[rows], pos->cols, sizeof(uint32_t), compare_u32);
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
		qsort(&key[first], n - first, sizeof(*key), compare_u32);
		break;
	}
	}
	return n;
}

/* ---- the general search ---- */

static uint32_t mex(const bool *seen, size_t size)
{
	uint32_t m = 0;
	while (m < size && seen[m]) {
		m++;
	}
	return m;
}

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
		frames.seen[d] = checked_calloc(size, sizeof(bool));
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

static uint32_t search_grundy(const struct brute_pos *pos)
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
		uint32_t g = search_grundy(&child);
		if (g <= moves) {
			seen[g] = true;
		}
	}
	uint32_t g = mex(seen, moves + 1);
	frame_leave();
	memo_find(key, len)->grundy = g;
	return g;
}

static bool search_misere(const struct brute_pos *pos)
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
		win = !search_misere(&child);
	}
	frame_leave();
	memo_find(key, len)->misere = win;
	return win;
}

/* ---- dense tables ---- */

struct dense {
	uint8_t *grundy;
	bool *misere;
	size_t size;
};

static struct dense taktix_table[2];
static struct dense kubo_table;
static struct dense nineteen_table;

static void dense_alloc(struct dense *t, size_t size)
{
	t->grundy = checked_calloc(size, sizeof(*t->grundy));
	t->misere = checked_calloc(size, sizeof(*t->misere));
	t->size = size;
}

static void dense_free(struct dense *t)
{
	free(t->grundy);
	free(t->misere);
	memset(t, 0, sizeof(*t));
}

/* Records one position from the values of its children. */
static void dense_set(struct dense *t, size_t index, const size_t *child, size_t children)
{
	bool seen[256] = { false };
	bool win = children == 0;
	for (size_t i = 0; i < children; i++) {
		seen[t->grundy[child[i]]] = true;
		if (!t->misere[child[i]]) {
			win = true;
		}
	}
	uint32_t g = mex(seen, sizeof(seen));
	if (g > UINT8_MAX) {
		abort();
	}
	t->grundy[index] = (uint8_t)g;
	t->misere[index] = win;
}

/* Taktix and Nineteen: a position is the set of pieces on the board, and a
 * move takes a shape whose every piece is there. */
static void shape_table(struct dense *t, unsigned bits, const uint32_t *shape, size_t shapes)
{
	size_t *child = checked_calloc(shapes, sizeof(*child));
	dense_alloc(t, (size_t)1 << bits);
	for (uint32_t mask = 0; mask < t->size; mask++) {
		size_t children = 0;
		for (size_t i = 0; i < shapes; i++) {
			if ((mask & shape[i]) == shape[i]) {
				child[children++] = mask & ~shape[i];
			}
		}
		dense_set(t, mask, child, children);
	}
	free(child);
}

static struct dense *taktix(uint8_t variant)
{
	struct dense *t = &taktix_table[variant ? 1 : 0];
	if (!t->size) {
		size_t shapes;
		const uint32_t *shape = rules_taktix_shapes(variant, &shapes);
		shape_table(t, 16, shape, shapes);
	}
	return t;
}

static struct dense *nineteen(void)
{
	if (!nineteen_table.size) {
		size_t shapes;
		const uint32_t *shape = rules_nineteen_shapes(&shapes);
		shape_table(&nineteen_table, 19, shape, shapes);
	}
	return &nineteen_table;
}

/* Kubo: stack s holds digit s of the index in base 4. */
static size_t kubo_index(const struct brute_pos *pos)
{
	size_t index = 0;
	for (int s = 8; s >= 0; s--) {
		index = index * 4 + pos->part[s];
	}
	return index;
}

static struct dense *kubo(void)
{
	if (kubo_table.size) {
		return &kubo_table;
	}
	size_t pairs;
	const uint8_t(*pair)[2] = rules_kubo_pairs(&pairs);
	dense_alloc(&kubo_table, (size_t)1 << 18);
	for (size_t index = 0; index < kubo_table.size; index++) {
		size_t child[9 * 3 + 16];
		size_t children = 0;
		size_t place[9];
		uint32_t height[9];
		for (uint8_t s = 0; s < 9; s++) {
			place[s] = (size_t)1 << (2 * s);
			height[s] = (uint32_t)(index >> (2 * s)) & 3;
			for (uint32_t k = 1; k <= height[s]; k++) {
				child[children++] = index - k * place[s];
			}
		}
		for (size_t i = 0; i < pairs; i++) {
			if (height[pair[i][0]] > 0 && height[pair[i][1]] > 0) {
				child[children++] = index - place[pair[i][0]] - place[pair[i][1]];
			}
		}
		dense_set(&kubo_table, index, child, children);
	}
	return &kubo_table;
}

/* ---- Wythoff: a square table of both heaps, rebuilt larger when needed ---- */

static struct {
	uint16_t *grundy;
	bool *misere;
	uint32_t side; /* heaps 0..side-1 */
} wythoff;

static void wythoff_build(uint32_t side)
{
	free(wythoff.grundy);
	free(wythoff.misere);
	wythoff.side = side;
	wythoff.grundy = checked_calloc((size_t)side * side, sizeof(*wythoff.grundy));
	wythoff.misere = checked_calloc((size_t)side * side, sizeof(*wythoff.misere));
	uint32_t *mark = checked_calloc(3 * (size_t)side + 1, sizeof(*mark));
	uint32_t stamp = 0;
	for (uint32_t a = 0; a < side; a++) {
		for (uint32_t b = 0; b < side; b++) {
			/* Moves: from heap 0, from heap 1, or the same from both. */
			bool win = a == 0 && b == 0;
			stamp++;
			for (uint32_t take = 1; take <= a || take <= b; take++) {
				size_t child[3];
				uint8_t children = 0;
				if (take <= a) {
					child[children++] = (size_t)(a - take) * side + b;
				}
				if (take <= b) {
					child[children++] = (size_t)a * side + (b - take);
				}
				if (take <= a && take <= b) {
					child[children++] = (size_t)(a - take) * side + (b - take);
				}
				for (uint8_t i = 0; i < children; i++) {
					mark[wythoff.grundy[child[i]]] = stamp;
					win = win || !wythoff.misere[child[i]];
				}
			}
			uint32_t g = 0;
			while (mark[g] == stamp) {
				g++;
			}
			wythoff.grundy[(size_t)a * side + b] = (uint16_t)g;
			wythoff.misere[(size_t)a * side + b] = win;
		}
	}
	free(mark);
}

static size_t wythoff_index(const struct brute_pos *pos)
{
	uint32_t need = (pos->part[0] > pos->part[1] ? pos->part[0] : pos->part[1]) + 1;
	if (need > wythoff.side) {
		wythoff_build((need + 31) / 32 * 32);
	}
	return (size_t)pos->part[0] * wythoff.side + pos->part[1];
}

/* ---- subtract a digit: n from 0 upwards ---- */

static struct {
	uint8_t *grundy;
	bool *misere;
	uint32_t known; /* values of 0..known-1 are filled in */
	uint32_t capacity;
} digit;

static void digit_fill(uint32_t n)
{
	if (n < digit.known) {
		return;
	}
	if (n >= digit.capacity) {
		uint32_t capacity = digit.capacity ? digit.capacity : 1024;
		while (capacity <= n) {
			capacity *= 2;
		}
		digit.grundy = realloc(digit.grundy, capacity);
		digit.misere = realloc(digit.misere, capacity * sizeof(*digit.misere));
		if (!digit.grundy || !digit.misere) {
			abort();
		}
		digit.capacity = capacity;
	}
	struct brute_move_list list = { 0 };
	struct brute_pos pos;
	memset(&pos, 0, sizeof(pos));
	pos.game = GAME_SUBTRACT_DIGIT;
	pos.count = 1;
	for (uint32_t m = digit.known; m <= n; m++) {
		bool seen[11] = { false };
		pos.part[0] = m;
		brute_moves(&pos, &list);
		bool win = list.count == 0;
		for (size_t i = 0; i < list.count; i++) {
			struct brute_pos child = pos;
			brute_apply(&child, &list.move[i]);
			seen[digit.grundy[child.part[0]]] = true;
			win = win || !digit.misere[child.part[0]];
		}
		digit.grundy[m] = (uint8_t)mex(seen, sizeof(seen));
		digit.misere[m] = win;
	}
	digit.known = n + 1;
	brute_move_list_free(&list);
}

/* ---- one heap of a subtraction game or limit Nim: 0 upwards ---- */

struct single_heap {
	uint8_t *grundy;
	bool *misere;
	uint32_t known; /* values of heaps 0..known-1 are filled in */
};

static struct single_heap single_heap[2][256]; /* [limit Nim][S or k] */

static bool is_single_heap(const struct brute_pos *pos)
{
	if (pos->game != GAME_SUBTRACTION && pos->game != GAME_LIMIT_NIM) {
		return false;
	}
	uint8_t heaps = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		heaps += pos->part[i] != 0;
	}
	return heaps <= 1;
}

/* The table of the position's game, filled up to its heap; the heap's
 * index is returned in *heap. */
static struct single_heap *single_heap_fill(const struct brute_pos *pos, uint32_t *heap)
{
	bool limit = pos->game == GAME_LIMIT_NIM;
	struct single_heap *t = &single_heap[limit][limit ? pos->limit : pos->set];
	*heap = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		*heap += pos->part[i];
	}
	if (*heap < t->known) {
		return t;
	}
	uint32_t size = *heap + 1 > 2 * t->known ? *heap + 1 : 2 * t->known;
	t->grundy = realloc(t->grundy, size);
	t->misere = realloc(t->misere, size * sizeof(*t->misere));
	if (!t->grundy || !t->misere) {
		abort();
	}
	struct brute_move_list list = { 0 };
	struct brute_pos one = *pos;
	one.count = 1;
	one.misere = false;
	for (uint32_t n = t->known; n < size; n++) {
		bool seen[257] = { false }; /* at most 255 moves (k) */
		one.part[0] = n;
		brute_moves(&one, &list);
		bool win = list.count == 0;
		for (size_t i = 0; i < list.count; i++) {
			struct brute_pos child = one;
			brute_apply(&child, &list.move[i]);
			seen[t->grundy[child.part[0]]] = true;
			win = win || !t->misere[child.part[0]];
		}
		t->grundy[n] = (uint8_t)mex(seen, sizeof(seen));
		t->misere[n] = win;
	}
	t->known = size;
	brute_move_list_free(&list);
	return t;
}

/* ---- single Kayles rows and pebble strips ---- */

static struct {
	uint16_t *value;
	uint32_t known;
} strip[2];

/* The values of single rows of 0..n cells, computed once and kept. */
static const uint16_t *strip_table(uint8_t game, uint32_t n)
{
	uint8_t which = game == GAME_KAYLES ? 1 : 0;
	if (n < strip[which].known) {
		return strip[which].value;
	}
	strip[which].value = realloc(strip[which].value, (n + 1) * sizeof(uint16_t));
	if (!strip[which].value) {
		abort();
	}
	uint16_t *g = strip[which].value;
	uint8_t most = game == GAME_KAYLES ? 2 : 1;
	size_t size = 2 * (size_t)n + 2;
	bool *seen = checked_calloc(size, sizeof(*seen));
	for (uint32_t length = strip[which].known; length <= n; length++) {
		memset(seen, 0, size * sizeof(*seen));
		for (uint32_t count = 1; count <= most; count++) {
			for (uint32_t at = 0; at + count <= length; at++) {
				uint32_t left;
				uint32_t right;
				rules_split_row(game, length, at, count, &left, &right);
				/* The Sprague-Grundy theorem: two rows side by side. */
				uint32_t v = (uint32_t)(g[left] ^ g[right]);
				if (v < size) {
					seen[v] = true;
				}
			}
		}
		g[length] = (uint16_t)mex(seen, size);
	}
	free(seen);
	strip[which].known = n + 1;
	return g;
}

void brute_strip_values(uint8_t game, uint16_t *value, uint32_t n)
{
	memcpy(value, strip_table(game, n), (n + 1) * sizeof(uint16_t));
}

static uint32_t strip_cells(const struct brute_pos *pos)
{
	uint32_t cells = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		cells += pos->part[i];
	}
	return cells;
}

static uint32_t strip_sum_value(const struct brute_pos *pos)
{
	uint32_t longest = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		longest = pos->part[i] > longest ? pos->part[i] : longest;
	}
	const uint16_t *value = strip_table(pos->game, longest);
	uint32_t g = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		g ^= value[pos->part[i]];
	}
	return g;
}

/* ---- the public entry points ---- */

uint32_t brute_grundy(const struct brute_pos *pos)
{
	switch (pos->game) {
	case GAME_TAKTIX:
		return taktix(pos->variant)->grundy[pos->part[0] & 0xFFFF];
	case GAME_NINETEEN:
		return nineteen()->grundy[pos->part[0] & 0x7FFFF];
	case GAME_KUBO:
		return kubo()->grundy[kubo_index(pos)];
	case GAME_WYTHOFF: {
		size_t index = wythoff_index(pos); /* may rebuild the table */
		return wythoff.grundy[index];
	}
	case GAME_SUBTRACT_DIGIT:
		digit_fill(pos->part[0]);
		return digit.grundy[pos->part[0]];
	case GAME_SUBTRACTION:
	case GAME_LIMIT_NIM:
		if (is_single_heap(pos)) {
			uint32_t heap;
			return single_heap_fill(pos, &heap)->grundy[heap];
		}
		return search_grundy(pos);
	case GAME_KAYLES:
	case GAME_PEBBLES:
		if (strip_cells(pos) > BRUTE_STRIP_TREE_CELLS) {
			return strip_sum_value(pos);
		}
		return search_grundy(pos);
	default:
		return search_grundy(pos);
	}
}

bool brute_wins(const struct brute_pos *pos)
{
	if (!pos->misere) {
		return brute_grundy(pos) != 0;
	}
	switch (pos->game) {
	case GAME_TAKTIX:
		return taktix(pos->variant)->misere[pos->part[0] & 0xFFFF];
	case GAME_NINETEEN:
		return nineteen()->misere[pos->part[0] & 0x7FFFF];
	case GAME_KUBO:
		return kubo()->misere[kubo_index(pos)];
	case GAME_WYTHOFF: {
		size_t index = wythoff_index(pos); /* may rebuild the table */
		return wythoff.misere[index];
	}
	case GAME_SUBTRACT_DIGIT:
		digit_fill(pos->part[0]);
		return digit.misere[pos->part[0]];
	case GAME_SUBTRACTION:
	case GAME_LIMIT_NIM:
		if (is_single_heap(pos)) {
			uint32_t heap;
			return single_heap_fill(pos, &heap)->misere[heap];
		}
		return search_misere(pos);
	default:
		return search_misere(pos);
	}
}

void brute_reset(void)
{
	frames_free();
	free(memo.slot);
	free(memo.keys);
	memset(&memo, 0, sizeof(memo));
	dense_free(&taktix_table[0]);
	dense_free(&taktix_table[1]);
	dense_free(&kubo_table);
	dense_free(&nineteen_table);
	free(wythoff.grundy);
	free(wythoff.misere);
	memset(&wythoff, 0, sizeof(wythoff));
	free(digit.grundy);
	free(digit.misere);
	memset(&digit, 0, sizeof(digit));
	for (uint8_t i = 0; i < 2; i++) {
		for (uint16_t j = 0; j < 256; j++) {
			free(single_heap[i][j].grundy);
			free(single_heap[i][j].misere);
			memset(&single_heap[i][j], 0, sizeof(single_heap[i][j]));
		}
		free(strip[i].value);
		memset(&strip[i], 0, sizeof(strip[i]));
	}
}
