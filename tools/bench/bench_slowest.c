/*
 * The search for each form's slowest positions, timed on the AVR: Limit
 * Nim's k and Subtraction's sets S, all 255 of them with 8 heaps of
 * 65535; and for the board games (Chomp, Taktix, Kubo, Nineteen) every
 * position of the board, ranked on the host by the moves the engine tries
 * before the winning one, the most costly timed.  The slowest are added to
 * the form.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "tools/bench/bench_run.h"
#include "tools/bench/common.h"

struct candidate {
	char text[TEXT_MAX];
	uint64_t cost; /* trials (host) or cycles (AVR) */
};

static int by_cost_down(const void *a, const void *b)
{
	uint64_t x = ((const struct candidate *)a)->cost, y = ((const struct candidate *)b)->cost;
	return x < y ? 1 : x > y ? -1 : 0;
}

/* Times each candidate's engine move on the AVR and adds the `keep`
 * slowest to the form. */
static void keep_slowest(struct form *f, struct candidate *list, size_t count, size_t keep)
{
	checks.searching = true;
	for (size_t i = 0; i < count; i++) {
		list[i].cost = time_engine(f, list[i].text);
	}
	checks.searching = false;
	qsort(list, count, sizeof *list, by_cost_down);
	for (size_t i = 0; i < keep && i < count; i++) {
		struct position pos;
		form_parse(f, list[i].text, &pos);
		form_add(f, &pos, SOURCE_SLOWEST);
	}
}

static void search_parameters(struct form *f)
{
	struct candidate *list = calloc(255, sizeof *list);
	if (list == NULL) {
		bench_fatal("out of memory");
	}
	for (unsigned k = 1; k <= 255u; k++) {
		if (f->search == SEARCH_LIMIT) {
			snprintf(list[k - 1u].text, TEXT_MAX, "k=%u " HEAPS_MAX_8, k);
			continue;
		}
		/* Subtraction: the set whose mask is k. */
		char set[32] = "S";
		char separator = '=';
		for (unsigned s = 1; s <= 8u; s++) {
			if (k & (1u << (s - 1u))) {
				size_t at = strlen(set);
				snprintf(set + at, sizeof set - at, "%c%u", separator, s);
				separator = ',';
			}
		}
		snprintf(list[k - 1u].text, TEXT_MAX, "%s " HEAPS_MAX_8, set);
	}
	keep_slowest(f, list, 255, SEARCH_KEEP);
	free(list);
}

/* Board positions from their cells (Taktix: 16 cells; Nineteen: 19; Kubo:
 * 9 stacks of 0-3 as base-4 digits), as text. */
static void board_text(const struct form *f, uint32_t index, char *text)
{
	static const uint8_t taktix_rows[] = { 4, 4, 4, 4 };
	static const uint8_t hexagon_rows[] = { 3, 4, 5, 4, 3 };
	if (f->game == GAME_KUBO) {
		for (unsigned i = 0; i < 9u; i++) {
			text[i + i / 3u] = (char)('0' + (index >> (2u * i) & 3u));
			if (i % 3u == 2u) {
				text[i + i / 3u + 1u] = i == 8u ? '\0' : '/';
			}
		}
		return;
	}
	const uint8_t *rows = f->game == GAME_TAKTIX ? taktix_rows : hexagon_rows;
	unsigned count = f->game == GAME_TAKTIX ? 4u : 5u;
	unsigned at = 0, cell = 0;
	for (unsigned r = 0; r < count; r++) {
		if (r > 0) {
			text[at++] = '/';
		}
		for (unsigned k = 0; k < rows[r]; k++, cell++) {
			text[at++] = (index >> cell & 1u) ? 'O' : '.';
		}
	}
	text[at] = '\0';
}

/* Chomp boards: row lengths from the bottom, non-increasing, up to 4x8. */
static size_t chomp_boards(char (*texts)[TEXT_MAX], size_t at, uint8_t *rows, uint8_t count, uint8_t most)
{
	if (count > 0) {
		char *text = texts[at++];
		text[0] = '\0';
		for (uint8_t i = 0; i < count; i++) {
			size_t length = strlen(text);
			snprintf(text + length, TEXT_MAX - length, "%s%u", i > 0 ? " " : "", rows[i]);
		}
	}
	if (count == ENGINE_CHOMP_ROWS) {
		return at;
	}
	for (uint8_t length = 1; length <= most; length++) {
		rows[count] = length;
		at = chomp_boards(texts, at, rows, (uint8_t)(count + 1u), length);
	}
	return at;
}

/* How many moves engine_best_move tries before the winning one: the board
 * games' cost, as the engine tries moves in engine_next_move's order.  Lost
 * positions cost no trial. */
static unsigned trials(const struct position *pos, const uint8_t *lost, uint32_t (*index_of)(const struct position *))
{
	if (lost ? lost[index_of(pos)] : engine_outcome(pos) == OUTCOME_P) {
		return 0;
	}
	struct move mv;
	unsigned count = 0;
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		count++;
		struct position after = *pos;
		engine_apply_move(&after, &mv);
		if (lost ? lost[index_of(&after)] : engine_outcome(&after) == OUTCOME_P) {
			break;
		}
	}
	return count;
}

static uint32_t cells_index(const struct position *pos)
{
	return pos->game == GAME_TAKTIX ? pos->u.taktix : pos->u.nineteen;
}

static uint32_t kubo_index(const struct position *pos)
{
	uint32_t index = 0;
	for (unsigned i = 0; i < 9u; i++) {
		index |= (uint32_t)pos->u.kubo[i] << (2u * i);
	}
	return index;
}

/* Every position of the board, ranked by trials on the host; the most
 * costly are timed on the AVR. */
static void search_board(struct form *f)
{
	size_t total;
	char(*texts)[TEXT_MAX] = NULL;
	if (f->game == GAME_CHOMP) {
		texts = calloc(13000, TEXT_MAX);
		if (texts == NULL) {
			bench_fatal("out of memory");
		}
		uint8_t rows[ENGINE_CHOMP_MAX];
		total = chomp_boards(texts, 0, rows, 0, ENGINE_CHOMP_MAX);
	} else {
		total = f->game == GAME_TAKTIX ? 1u << 16 : f->game == GAME_KUBO ? 1u << 18 : 1u << 19;
	}
	uint32_t (*index_of)(const struct position *) = f->game == GAME_KUBO ? kubo_index : cells_index;
	uint8_t *lost = NULL;
	struct position pos;
	char text[TEXT_MAX];
	if (texts == NULL) {
		lost = calloc(total, 1);
		if (lost == NULL) {
			bench_fatal("out of memory");
		}
		for (size_t i = 0; i < total; i++) {
			board_text(f, (uint32_t)i, text);
			form_parse(f, text, &pos);
			lost[index_of(&pos)] = engine_outcome(&pos) == OUTCOME_P;
		}
	}
	struct candidate best[BOARD_CANDIDATES];
	memset(best, 0, sizeof best);
	for (size_t i = 0; i < total; i++) {
		if (texts != NULL) {
			snprintf(text, sizeof text, "%s", texts[i]);
		} else {
			board_text(f, (uint32_t)i, text);
		}
		form_parse(f, text, &pos);
		unsigned cost = trials(&pos, lost, index_of);
		if (cost > best[BOARD_CANDIDATES - 1u].cost) {
			snprintf(best[BOARD_CANDIDATES - 1u].text, TEXT_MAX, "%s", text);
			best[BOARD_CANDIDATES - 1u].cost = cost;
			qsort(best, BOARD_CANDIDATES, sizeof best[0], by_cost_down);
		}
	}
	free(lost);
	free(texts);
	size_t found = 0;
	while (found < BOARD_CANDIDATES && best[found].cost > 0) {
		found++;
	}
	keep_slowest(f, best, found, BOARD_KEEP);
}

void slowest_search(struct form *f)
{
	if (f->search == SEARCH_LIMIT || f->search == SEARCH_SET) {
		search_parameters(f);
	} else if (f->search == SEARCH_BOARD) {
		search_board(f);
	}
}
