/*
 * Dense tables for the games whose positions are too many, or whose chains
 * of moves are too long, for the general search (search_tree.c): each
 * table is filled in order, every move leading to a smaller index, from the
 * moves the rules allow.  The boards (Taktix, Nineteen, Kubo: pieces only
 * ever leave) are solved whole on first use; Wythoff's square of both
 * heaps, Subtract a digit and one heap of a subtraction game or Limit Nim
 * grow as larger positions are asked.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"
#include "tests/brute/search.h"

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
	t->grundy = search_calloc(size, sizeof(*t->grundy));
	t->misere = search_calloc(size, sizeof(*t->misere));
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
	uint32_t g = search_mex(seen, sizeof(seen));
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
	size_t *child = search_calloc(shapes, sizeof(*child));
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
	wythoff.grundy = search_calloc((size_t)side * side, sizeof(*wythoff.grundy));
	wythoff.misere = search_calloc((size_t)side * side, sizeof(*wythoff.misere));
	uint32_t *mark = search_calloc(3 * (size_t)side + 1, sizeof(*mark));
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
		digit.grundy[m] = (uint8_t)search_mex(seen, sizeof(seen));
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
		t->grundy[n] = (uint8_t)search_mex(seen, sizeof(seen));
		t->misere[n] = win;
	}
	t->known = size;
	brute_move_list_free(&list);
	return t;
}

/* ---- which table holds a position ---- */

bool search_tables_value(const struct brute_pos *pos, uint32_t *grundy, bool *misere_wins)
{
	const struct dense *board;
	size_t index;
	switch (pos->game) {
	case GAME_TAKTIX:
		board = taktix(pos->variant);
		index = pos->part[0] & 0xFFFF;
		break;
	case GAME_NINETEEN:
		board = nineteen();
		index = pos->part[0] & 0x7FFFF;
		break;
	case GAME_KUBO:
		board = kubo();
		index = kubo_index(pos);
		break;
	case GAME_WYTHOFF:
		index = wythoff_index(pos); /* may rebuild the table */
		*grundy = wythoff.grundy[index];
		*misere_wins = wythoff.misere[index];
		return true;
	case GAME_SUBTRACT_DIGIT:
		digit_fill(pos->part[0]);
		*grundy = digit.grundy[pos->part[0]];
		*misere_wins = digit.misere[pos->part[0]];
		return true;
	case GAME_SUBTRACTION:
	case GAME_LIMIT_NIM: {
		if (!is_single_heap(pos)) {
			return false;
		}
		uint32_t heap;
		const struct single_heap *t = single_heap_fill(pos, &heap);
		*grundy = t->grundy[heap];
		*misere_wins = t->misere[heap];
		return true;
	}
	default:
		return false;
	}
	*grundy = board->grundy[index];
	*misere_wins = board->misere[index];
	return true;
}

void search_tables_reset(void)
{
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
	}
}
