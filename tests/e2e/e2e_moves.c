/* Moves: choosing them, entering them with the buttons, and the illegal
 * entries a person can make.  See e2e.h. */
#include "tests/e2e/e2e_internal.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/text.h"

/* ---- moves ---- */

void e2e_move_text(const struct position *pos, const struct move *mv, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_move(pos, mv, &sink.sink);
}

/* The host engine's legal moves. */
static size_t legal_moves(const struct position *pos, struct move *moves, size_t most)
{
	size_t count = 0;
	struct move mv;
	memset(&mv, 0, sizeof mv);
	for (bool more = engine_next_move(pos, &mv, true); more && count < most;
	     more = engine_next_move(pos, &mv, false)) {
		moves[count++] = mv;
	}
	return count;
}

unsigned e2e_legal_move_count(const struct position *pos)
{
	struct move mv;
	unsigned n = 0;
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		n++;
	}
	return n;
}

void e2e_nth_move(const struct position *pos, unsigned index, struct move *mv)
{
	bool more = engine_next_move(pos, mv, true);
	for (unsigned i = 0; i < index && more; i++) {
		more = engine_next_move(pos, mv, false);
	}
	assert_true(more);
}

#define E2E_MOST_MOVES 4096u

void e2e_choose_random(const struct position *pos, struct move *mv, void *ctx)
{
	static struct move moves[E2E_MOST_MOVES];
	size_t count = legal_moves(pos, moves, E2E_MOST_MOVES);
	assert_true(count > 0);
	*mv = moves[sim_random(ctx) % count];
}

void e2e_choose_perfect(const struct position *pos, struct move *mv, void *ctx)
{
	(void)ctx;
	static struct move moves[E2E_MOST_MOVES];
	size_t count = legal_moves(pos, moves, E2E_MOST_MOVES);
	assert_true(count > 0);
	*mv = moves[0];
	for (size_t i = 0; i < count; i++) {
		struct position after = *pos;
		engine_apply_move(&after, &moves[i]);
		if (!brute_position_wins(&after)) {
			*mv = moves[i];
			return;
		}
	}
}

/* What the person's cursor must come to for a move of the games that say
 * where and how much: the part (line: which of the numbers, Wythoff 2 for
 * both heaps; strip: the row and the pin; Kubo: the stack) and the amount
 * (Poker Nim: negative to add; Kubo: 1-3, 4 a pair with the stack on the
 * right, 5 with the one below). */
struct target {
	int part;
	int at;
	long amount;
};

static struct target target_of(const struct position *pos, const struct move *mv)
{
	struct target t = { 0, 0, 0 };
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
		t.part = mv->u.number.index;
		t.amount = mv->u.number.divisor;
		break;
	case GAME_PRIME_POWER:
		t.part = mv->u.prime.factor;
		t.amount = mv->u.prime.exponent;
		break;
	case GAME_PEBBLES:
	case GAME_KAYLES:
		t.part = mv->u.strip.row;
		t.at = mv->u.strip.at;
		t.amount = mv->u.strip.count;
		break;
	case GAME_WYTHOFF:
		t.part = mv->u.wythoff.take[0] == 0 ? 1 : mv->u.wythoff.take[1] == 0 ? 0 : 2;
		t.amount = mv->u.wythoff.take[t.part & 1];
		break;
	case GAME_KUBO: {
		uint8_t a = mv->u.kubo.stack, b = mv->u.kubo.other;
		if (b == 0xFF) {
			t.part = a;
			t.amount = mv->u.kubo.count;
		} else {
			if (b < a) {
				uint8_t swap = a;
				a = b;
				b = swap;
			}
			t.part = a;
			t.amount = b == a + 1 ? 4 : b == a + 3 ? 5 : 6;
		}
		break;
	}
	default:
		t.part = mv->u.heap.heap;
		t.amount = mv->u.heap.add ? -(long)mv->u.heap.count : (long)mv->u.heap.count;
		break;
	}
	return t;
}

/* The last word of the person's words, and what it says of the amount. */
static long words_amount(struct sim *sim, const struct position *pos, int part)
{
	char words[40];
	e2e_words(sim, pos->game, words, sizeof words);
	const char *last = strrchr(words, ' ');
	last = last != NULL ? last + 1 : words;
	switch (pos->game) {
	case GAME_MARIENBAD: {
		/* "Take 3 matches", "Take 1 match": the number, then the word
		 * its number asks for. */
		unsigned n = 0;
		char noun[16] = "";
		if (sscanf(words, "%*s %u %15s", &n, noun) != 2 || strcmp(noun, n == 1 ? "match" : "matches") != 0) {
			return -1;
		}
		return (long)n;
	}
	case GAME_PRIME_POWER: {
		const char *hat = strchr(last, '^');
		return hat != NULL ? strtol(hat + 1, NULL, 10) : -1;
	}
	case GAME_NIMBLE:
		return (long)pos->u.heap[part] - strtol(last, NULL, 10);
	case GAME_POKER_NIM:
		return e2e_starts(words, "Add") ? -strtol(last, NULL, 10) : strtol(last, NULL, 10);
	case GAME_KUBO: {
		/* "b2-3", or "b2+c2"; the second stack may lie off the board
		 * (a pair below the bottom row, which the engine refuses). */
		struct move mv;
		memset(&mv, 0, sizeof mv);
		mv.u.kubo.other = 0xFF;
		mv.u.kubo.count = 1;
		if (strlen(last) < 4 || last[0] < 'a' || last[1] < '1') {
			return -1;
		}
		mv.u.kubo.stack = (uint8_t)((last[1] - '1') * 3 + (last[0] - 'a'));
		if (last[2] == '-') {
			mv.u.kubo.count = (uint8_t)strtoul(last + 3, NULL, 10);
		} else if (last[2] == '+' && strlen(last) >= 5) {
			mv.u.kubo.other = (uint8_t)((last[4] - '1') * 3 + (last[3] - 'a'));
		} else {
			return -1;
		}
		return target_of(pos, &mv).amount;
	}
	case GAME_MATRIX_NIM: {
		/* "Take 0,2,1": the cursor's cell's share. */
		for (int i = 0; i < part % pos->cols && last != NULL; i++) {
			last = strchr(last, ',');
			last = last != NULL ? last + 1 : NULL;
		}
		return last != NULL ? strtol(last, NULL, 10) : -1;
	}
	default:
		return strtol(last, NULL, 10);
	}
}

/* Where the cursor is, from the LCD: the bracketed number, the underlined
 * pin, or (Kubo) the stack the words name. */
static void read_cursor(struct sim *sim, const struct position *pos, int *part, int *at)
{
	*at = 0;
	if (pos->game == GAME_KUBO) {
		char words[40];
		e2e_words(sim, pos->game, words, sizeof words);
		const char *last = strrchr(words, ' ');
		if (last == NULL || last[1] < 'a' || last[1] > 'c' || last[2] < '1' || last[2] > '3') {
			e2e_fail_with_screen(sim, "Kubo's words name no stack");
		}
		*part = (last[2] - '1') * 3 + (last[1] - 'a');
		return;
	}
	struct e2e_view view;
	if (!e2e_read_view(sim, pos->game, &view)) {
		e2e_fail_with_screen(sim, "no cursor to be seen");
	}
	if (e2e_kind_of(pos->game) == KIND_STRIP) {
		*part = view.cursor_row;
		*at = view.cursor_at;
		/* Rows are shown without the empty ones: count them back in. */
		for (int row = 0; row < pos->count && row <= *part; row++) {
			if (pos->u.row[row] == 0) {
				(*part)++;
			}
		}
		return;
	}
	int offset = 0;
	if (view.scrolled) {
		/* A window of the line: where its numbers begin among the position's. */
		struct e2e_view all;
		e2e_expected_view(pos, &all);
		for (offset = 0; offset + view.parts <= all.parts; offset++) {
			bool same = true;
			for (int i = 0; same && i < view.parts; i++) {
				same = strcmp(view.part[i], all.part[offset + i]) == 0;
			}
			if (same) {
				break;
			}
		}
		if (offset + view.parts > all.parts) {
			e2e_fail_with_screen(sim, "a window of the line that is not the position's");
		}
	}
	*part = pos->game == GAME_WYTHOFF && view.marked_first != view.marked_last ? 2 : offset + view.marked_first;
}

/* The line, strip and Kubo: UP and DOWN to the part, LEFT and RIGHT to the amount. */
static void enter_amount_move(struct sim *sim, const struct position *pos, const struct move *mv)
{
	struct target t = target_of(pos, mv);
	/* Matrix Nim: each cell of the row, in turn. */
	uint8_t cells = pos->game == GAME_MATRIX_NIM ? pos->cols : 1u;
	for (uint8_t cell = 0; cell < cells; cell++) {
		long amount = t.amount;
		int part = t.part;
		if (pos->game == GAME_MATRIX_NIM) {
			part = mv->u.matrix.row * pos->cols + cell;
			amount = mv->u.matrix.take[cell];
			if (pos->u.cell[mv->u.matrix.row][cell] == 0) {
				continue; /* the cursor passes by empty cells; nothing is taken there */
			}
		}
		int now, at;
		read_cursor(sim, pos, &now, &at);
		for (int presses = 0; now != part || (e2e_kind_of(pos->game) == KIND_STRIP && at != t.at); presses++) {
			if (presses > 200) {
				e2e_fail_with_screen(sim, "the cursor never reached its place");
			}
			e2e_press(sim, BUTTON_DOWN);
			read_cursor(sim, pos, &now, &at);
		}
		long shown = words_amount(sim, pos, part);
		for (int presses = 0; shown != amount; presses++) {
			if (presses > 300) {
				e2e_fail_with_screen(sim, "the amount never reached its value");
			}
			/* Poker Nim counts additions below zero. */
			e2e_press(sim, shown < amount ? BUTTON_RIGHT : BUTTON_LEFT);
			long before = shown;
			shown = words_amount(sim, pos, part);
			if (shown == before) {
				e2e_fail_with_screen(sim, "an arrow did not change the amount");
			}
		}
	}
}

/* The board's places a move takes (Chomp: the piece picked). */
static void move_places(const struct position *pos, const struct move *mv, int places[20], int *count)
{
	*count = 0;
	if (pos->game == GAME_CHOMP) {
		places[(*count)++] = mv->u.chomp.row * 16 + mv->u.chomp.col;
		return;
	}
	for (uint8_t y = 0; y < e2e_board_height(pos); y++) {
		for (uint8_t x = 0; x < e2e_board_width(pos, y); x++) {
			uint8_t cell = e2e_board_cell(pos, x, y);
			if (mv->u.cells >> cell & 1u) {
				places[(*count)++] = y * 16 + x;
			}
		}
	}
}

/* The cursor of a board: pressing an arrow draws it inverted at once. */
static int find_board_cursor(struct sim *sim, const struct position *pos)
{
	int look[8][16];
	int cursor;
	if (!e2e_read_board(sim, pos, look, &cursor) || cursor < 0) {
		e2e_fail_with_screen(sim, "no cursor on the board");
	}
	return cursor;
}

/* Chomp, Taktix, Nineteen: the arrows to each place of `mv` and SELECT
 * on each, which picks it (or unpicks it). */
void e2e_toggle_places(struct sim *sim, const struct position *pos, const struct move *mv)
{
	int places[20], count;
	move_places(pos, mv, places, &count);
	/* A key the board ignores for moving (LEFT at the left edge is
	 * harmless anywhere: it may move, then we look). */
	e2e_press(sim, BUTTON_LEFT);
	e2e_settle(sim, E2E_QUIET_MS);
	int cursor = find_board_cursor(sim, pos);
	for (int i = 0; i < count; i++) {
		int x = places[i] % 16, y = places[i] / 16;
		for (int presses = 0; cursor != places[i]; presses++) {
			if (presses > 40) {
				e2e_fail_with_screen(sim, "the board's cursor never reached its place");
			}
			int cx = cursor % 16, cy = cursor / 16;
			enum board_button button;
			if (cy != y) {
				bool up = pos->game == GAME_CHOMP ? y > cy : y < cy;
				button = up ? BUTTON_UP : BUTTON_DOWN;
			} else {
				button = x > cx ? BUTTON_RIGHT : BUTTON_LEFT;
			}
			e2e_press(sim, button);
			e2e_settle(sim, E2E_QUIET_MS);
			cursor = find_board_cursor(sim, pos);
		}
		e2e_press(sim, BUTTON_SELECT);
		e2e_settle(sim, E2E_QUIET_MS);
	}
}

/* Picks the move's places; the SELECT that confirms follows. */
static void enter_cells_move(struct sim *sim, const struct position *pos, const struct move *mv)
{
	e2e_toggle_places(sim, pos, mv);
	char words[40], expected[40], text[32];
	e2e_move_text(pos, mv, text, sizeof text);
	snprintf(expected, sizeof expected, "Take %s", text);
	e2e_words(sim, pos->game, words, sizeof words);
	if (strcmp(words, expected) != 0) {
		char what[128];
		snprintf(what, sizeof what, "the words are not \"%s\"", expected);
		e2e_fail_with_screen(sim, what);
	}
}

/* The confirming press: returns the cycle SELECT was let go. */
static uint64_t confirm(struct sim *sim)
{
	e2e_button_down(sim, BUTTON_SELECT);
	e2e_button_up(sim, BUTTON_SELECT);
	return sim_cycles(sim);
}

uint64_t e2e_enter_move(struct sim *sim, const struct position *pos, const struct move *mv, bool confirm_it)
{
	if (e2e_picks_cells(pos->game)) {
		enter_cells_move(sim, pos, mv);
	} else {
		enter_amount_move(sim, pos, mv);
	}
	return confirm_it ? confirm(sim) : 0;
}

/* ---- illegal entries ---- */

/* Whether the person's cursor can describe `mv`: within the parts and the
 * amounts the arrows offer (see firmware/view.c). */
static bool enterable(const struct position *pos, const struct move *mv)
{
	struct target t = target_of(pos, mv);
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
		return t.part == 0 && t.amount <= 9;
	case GAME_DIVIDE:
		return t.part < pos->count && pos->u.number[t.part] != 0 &&
		       (t.amount == 0 || t.amount == 2 || t.amount == 3 || t.amount == 6);
	case GAME_PRIME_POWER:
		return t.part < pos->count && t.amount <= pos->u.factors.exponent[t.part];
	case GAME_PEBBLES:
	case GAME_KAYLES:
		return t.part < pos->count && t.at < pos->u.row[t.part] &&
		       t.amount <= (pos->game == GAME_KAYLES ? 2 : 1);
	case GAME_WYTHOFF: {
		uint16_t most = t.part == 2 ? (pos->u.heap[0] < pos->u.heap[1] ? pos->u.heap[0] : pos->u.heap[1])
					    : pos->u.heap[t.part];
		/* Both heaps: the cursor takes the same from each. */
		bool same = t.part != 2 || mv->u.wythoff.take[0] == mv->u.wythoff.take[1];
		return most != 0 && t.amount <= most && same;
	}
	case GAME_MATRIX_NIM:
		if (mv->u.matrix.row >= pos->count) {
			return false;
		}
		for (uint8_t c = 0; c < ENGINE_MATRIX_MAX; c++) {
			if (mv->u.matrix.take[c] > (c < pos->cols ? pos->u.cell[mv->u.matrix.row][c] : 0)) {
				return false;
			}
		}
		return true;
	case GAME_KUBO:
		/* 1-3 from the stack, or one each from it and its right or lower neighbour. */
		return t.part < 9 && pos->u.kubo[t.part] != 0 && t.amount <= 5 &&
		       (mv->u.kubo.other == 0xFF ? mv->u.kubo.count <= 3 : mv->u.kubo.count == 1);
	case GAME_CHOMP:
		return mv->u.chomp.row < pos->count && mv->u.chomp.col < pos->u.chomp[0];
	/* The words beside the board, two rows of 11 characters, name at
	 * most 6 cells ("Take a1,b1," "c1,d1,a2,b2"): a larger pick could not
	 * be checked on the screen. */
	case GAME_TAKTIX:
		return mv->u.cells != 0 && mv->u.cells <= 0xFFFFu && __builtin_popcountl(mv->u.cells) <= 6;
	case GAME_NINETEEN:
		return mv->u.cells != 0 && mv->u.cells < (1ul << ENGINE_NINETEEN_CELLS) &&
		       __builtin_popcountl(mv->u.cells) <= 6;
	case GAME_POKER_NIM:
		if (t.part >= pos->count) {
			return false;
		}
		if (mv->u.heap.add) {
			uint16_t room = (uint16_t)(pos->u.poker.start[t.part] - pos->u.heap[t.part]);
			return mv->u.heap.count >= 1 && mv->u.heap.count <= room;
		}
		return pos->u.heap[t.part] != 0 && t.amount <= pos->u.heap[t.part];
	default:
		return t.part < pos->count && pos->u.heap[t.part] != 0 && t.amount >= 0 &&
		       t.amount <= pos->u.heap[t.part];
	}
}

/* An illegal move the person can enter, chosen at random; false when the
 * position offers none. */
bool e2e_choose_illegal(const struct position *pos, struct move *mv, uint32_t *seed)
{
	struct brute_pos bp;
	assert_true(brute_from_position(&bp, pos));
	struct brute_move_list list = { 0 };
	brute_candidate_moves(&bp, &list);
	size_t found = 0;
	for (size_t i = 0; i < list.count; i++) {
		struct move candidate;
		memset(&candidate, 0, sizeof candidate);
		brute_move_to_engine(&candidate, pos, &list.move[i]);
		if (pos->game == GAME_KUBO && candidate.u.kubo.other != 0xFF && candidate.u.kubo.count != 1) {
			continue; /* the cursor names pairs of 1 only */
		}
		if (engine_check_move(pos, &candidate) != ENGINE_OK && !brute_is_legal(&bp, &list.move[i]) &&
		    enterable(pos, &candidate)) {
			/* Reservoir sampling: each one alike. */
			found++;
			if (sim_random(seed) % found == 0) {
				*mv = candidate;
			}
		}
	}
	brute_move_list_free(&list);
	return found > 0;
}
