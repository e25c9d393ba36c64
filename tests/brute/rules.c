/*
 * The rules of every game, read straight from the rulebook
 * (docs/rules.md): which moves are legal and what they leave.  This file
 * hands each call to the family of the position's game (rules.h names the
 * family files), and holds what is not a rule of one family: move lists,
 * comparing positions and moves, and their text for messages.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"

/* ---- move lists ---- */

void rules_list_push(struct brute_move_list *list, const struct brute_move *mv)
{
	if (list->count == list->capacity) {
		list->capacity = list->capacity ? 2 * list->capacity : 64;
		list->move = realloc(list->move, list->capacity * sizeof(*list->move));
		if (!list->move) {
			abort();
		}
	}
	list->move[list->count++] = *mv;
}

void brute_move_list_free(struct brute_move_list *list)
{
	free(list->move);
	list->move = NULL;
	list->count = 0;
	list->capacity = 0;
}

/* ---- the family of each game ---- */

static const struct rules_family *family_of(uint8_t game)
{
	switch (game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_LIMIT_NIM:
	case GAME_SUBTRACTION:
	case GAME_NIMBLE:
	case GAME_POKER_NIM:
	case GAME_MATRIX_NIM:
	case GAME_WYTHOFF:
		return &rules_heaps;
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
	case GAME_PRIME_POWER:
		return &rules_numbers;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		return &rules_strips;
	case GAME_CHOMP:
	case GAME_TAKTIX:
	case GAME_KUBO:
	case GAME_NINETEEN:
		return &rules_boards;
	default:
		return NULL;
	}
}

void brute_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	const struct rules_family *family = family_of(pos->game);
	list->count = 0;
	if (family) {
		family->moves(pos, list);
	}
}

void brute_candidate_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	const struct rules_family *family = family_of(pos->game);
	list->count = 0;
	if (family) {
		family->candidate_moves(pos, list);
	}
}

bool brute_is_legal(const struct brute_pos *pos, const struct brute_move *mv)
{
	const struct rules_family *family = family_of(pos->game);
	return family && family->is_legal(pos, mv);
}

void brute_apply(struct brute_pos *pos, const struct brute_move *mv)
{
	const struct rules_family *family = family_of(pos->game);
	if (family) {
		family->apply(pos, mv);
	}
}

/* ---- what several families use ---- */

void rules_remove_zero_parts(struct brute_pos *pos)
{
	uint8_t kept = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		if (pos->part[i] != 0) {
			pos->part[kept++] = pos->part[i];
		}
	}
	pos->count = kept;
}

/* ---- comparing ---- */

int rules_compare_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a;
	uint32_t y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* The non-zero parts, sorted; returns how many. */
static uint8_t sorted_nonzero(const struct brute_pos *pos, uint32_t *out)
{
	uint8_t n = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		if (pos->part[i] != 0) {
			out[n++] = pos->part[i];
		}
	}
	qsort(out, n, sizeof(*out), rules_compare_u32);
	return n;
}

bool brute_same(const struct brute_pos *a, const struct brute_pos *b)
{
	if (a->game != b->game || a->misere != b->misere || a->variant != b->variant || a->limit != b->limit ||
	    a->set != b->set || a->cols != b->cols) {
		return false;
	}
	switch (a->game) {
	case GAME_KAYLES:
	case GAME_PEBBLES:
	case GAME_DIVIDE: {
		uint32_t x[BRUTE_MAX_PARTS];
		uint32_t y[BRUTE_MAX_PARTS];
		uint8_t nx = sorted_nonzero(a, x);
		uint8_t ny = sorted_nonzero(b, y);
		return nx == ny && memcmp(x, y, nx * sizeof(*x)) == 0;
	}
	case GAME_CHOMP: {
		uint8_t na = a->count;
		uint8_t nb = b->count;
		while (na > 0 && a->part[na - 1] == 0) {
			na--;
		}
		while (nb > 0 && b->part[nb - 1] == 0) {
			nb--;
		}
		return na == nb && memcmp(a->part, b->part, na * sizeof(*a->part)) == 0;
	}
	case GAME_SUBTRACT_DIGIT:
	case GAME_PRIME_POWER:
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		return a->part[0] == b->part[0];
	case GAME_KUBO:
		return memcmp(a->part, b->part, KUBO_STACKS * sizeof(*a->part)) == 0;
	case GAME_MATRIX_NIM:
		return a->count == b->count &&
		       memcmp(a->part, b->part, (size_t)a->count * a->cols * sizeof(*a->part)) == 0;
	case GAME_POKER_NIM:
		return a->count == b->count && memcmp(a->part, b->part, a->count * sizeof(*a->part)) == 0 &&
		       memcmp(a->start, b->start, a->count * sizeof(*a->start)) == 0 && a->adds[0] == b->adds[0] &&
		       a->adds[1] == b->adds[1];
	default:
		return a->count == b->count && memcmp(a->part, b->part, a->count * sizeof(*a->part)) == 0;
	}
}

bool brute_same_move(const struct brute_pos *pos, const struct brute_move *a, const struct brute_move *b)
{
	switch (pos->game) {
	case GAME_NIMBLE:
		/* Coins on one square are alike. */
		if (a->part < pos->count && b->part < pos->count && pos->part[a->part] == pos->part[b->part]) {
			return a->add == b->add && a->amount == b->amount && a->second == b->second;
		}
		return a->part == b->part && a->add == b->add && a->amount == b->amount && a->second == b->second;
	case GAME_MATRIX_NIM:
		return a->part == b->part && memcmp(a->take, b->take, sizeof(a->take)) == 0;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		return a->cells == b->cells;
	case GAME_KUBO:
		if (a->second != BRUTE_NONE && b->second != BRUTE_NONE) {
			return a->amount == b->amount && ((a->part == b->part && a->second == b->second) ||
							  (a->part == b->second && a->second == b->part));
		}
		return a->part == b->part && a->second == b->second && a->amount == b->amount;
	default:
		return a->part == b->part && a->add == b->add && a->amount == b->amount && a->second == b->second;
	}
}

/* ---- text for messages ---- */

static const char *const game_label[GAME_COUNT] = {
	"Nim",          "Misere Nim",  "Marienbad", "Limit Nim",  "Subtraction", "Subtract a digit",
	"Divide 2/3/6", "Prime power", "Nimble",    "Matrix Nim", "Poker Nim",   "Pebbles",
	"Kayles",       "Wythoff",     "Chomp",     "Taktix",     "Kubo",        "Nineteen",
};

struct text {
	char *at;
	size_t left;
};

static void text_add(struct text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Appends to the text, cutting it short when the buffer is full. */
static void text_add(struct text *t, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	int n = vsnprintf(t->at, t->left, format, args);
	va_end(args);
	if (n < 0) {
		return;
	}
	size_t used = (size_t)n < t->left ? (size_t)n : t->left - 1;
	t->at += used;
	t->left -= used;
}

/* How many parts a position's text shows. */
static uint8_t shown_parts(const struct brute_pos *pos)
{
	switch (pos->game) {
	case GAME_MATRIX_NIM:
		return (uint8_t)(pos->count * pos->cols);
	case GAME_KUBO:
		return KUBO_STACKS;
	case GAME_SUBTRACT_DIGIT:
	case GAME_PRIME_POWER:
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		return 1;
	default:
		return pos->count;
	}
}

void brute_format(const struct brute_pos *pos, char *text, size_t size)
{
	struct text t = { text, size };
	if (size == 0) {
		return;
	}
	text[0] = '\0';
	text_add(&t, "%s %s", pos->game < GAME_COUNT ? game_label[pos->game] : "?", pos->misere ? "misere" : "normal");
	if (pos->game == GAME_TAKTIX) {
		text_add(&t, " %s", pos->variant ? "adjacent" : "any");
	} else if (pos->game == GAME_LIMIT_NIM) {
		text_add(&t, " k=%u", pos->limit);
	} else if (pos->game == GAME_SUBTRACTION) {
		text_add(&t, " S=0x%02x", pos->set);
	} else if (pos->game == GAME_POKER_NIM) {
		text_add(&t, " adds=%u/%u", pos->adds[0], pos->adds[1]);
	}
	text_add(&t, " [");
	for (uint8_t i = 0; i < shown_parts(pos); i++) {
		if (pos->game == GAME_TAKTIX || pos->game == GAME_NINETEEN) {
			text_add(&t, "0x%" PRIx32, pos->part[i]);
			continue;
		}
		if (i > 0) {
			text_add(&t, pos->game == GAME_MATRIX_NIM && i % pos->cols == 0 ? " / " : " ");
		}
		text_add(&t, "%" PRIu32, pos->part[i]);
		if (pos->game == GAME_POKER_NIM) {
			text_add(&t, "(<=%u)", pos->start[i]);
		}
	}
	text_add(&t, "]");
}

void brute_format_move(const struct brute_pos *pos, const struct brute_move *mv, char *text, size_t size)
{
	struct text t = { text, size };
	if (size == 0) {
		return;
	}
	text[0] = '\0';
	switch (pos->game) {
	case GAME_MATRIX_NIM:
		text_add(&t, "row %u take", mv->part);
		for (uint8_t c = 0; c < BRUTE_MATRIX_MAX; c++) {
			text_add(&t, " %u", mv->take[c]);
		}
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		text_add(&t, "cells 0x%" PRIx32, mv->cells);
		break;
	default:
		text_add(&t, "part %u amount %" PRIu32 " second %" PRIu32 "%s", mv->part, mv->amount, mv->second,
			 mv->add ? " add" : "");
		break;
	}
}
