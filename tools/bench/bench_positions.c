/*
 * The positions make bench times, per form (a game, or one of Taktix's
 * variant and rule pairs): the start, the slowest known (the largest the
 * parser takes), the slowest found by searching (bench_slowest.c), and
 * every position of a few games from the start, played on the host with
 * the same engine.  Also the host engine's text for positions and moves.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "tools/bench/bench_run.h"
#include "tools/bench/common.h"

/* Kayles and pebbles at the limit of what the parser takes: rows that can
 * become 40, the most the record holds (a row of n pins can become ceil(n/2)
 * rows, a strip of n cells ceil(n/4)): the longest row, the most rows, and
 * rows of every length up to the limit. */
#define REPEAT_10(s) s " " s " " s " " s " " s " " s " " s " " s " " s " " s
#define KAYLES_40_ROWS REPEAT_10("2") " " REPEAT_10("2") " " REPEAT_10("2") " " REPEAT_10("2")
#define PEBBLES_40_ROWS REPEAT_10("4") " " REPEAT_10("4") " " REPEAT_10("4") " " REPEAT_10("4")

/* ---- the forms and their slowest known positions ---- */

static const char *const nim_slowest[] = {
	HEAPS_MAX_8,
	"1 1 1 1 1 1 1 65535",
	"65534 65535 65535 65535 65535 65535 65535 65535",
	NULL,
};
static const char *const misere_slowest[] = {
	HEAPS_MAX_8, "1 1 1 1 1 1 1 65535", "65534 65535 65535 65535 65535 65535 65535 65535", "1 1 1 1 1 1 1 1", NULL,
};
static const char *const digit_slowest[] = { "4294967295", "4294967290", "1000000000", NULL };
static const char *const divide_slowest[] = {
	"4294967295 4294967295 4294967295 4294967295 4294967295 4294967295 4294967295 4294967295",
	"4294967295 4294967294 4294967293 4294967292 4294967291 4294967290 4294967289 4294967288",
	NULL,
};
static const char *const prime_slowest[] = { "223092870", "2147483648", "4294967291", NULL };
static const char *const nimble_slowest[] = {
	HEAPS_MAX_8,
	"65535 65534 65533 65532 65531 65530 65529 65528",
	"1 1 1 1 1 1 1 65535",
	NULL,
};
static const char *const matrix_slowest[] = {
	"255 255 255 255 255 255 255 255 / 255 255 255 255 255 255 255 255 / 255 255 255 255 255 255 255 255 / "
	"255 255 255 255 255 255 255 255 / 255 255 255 255 255 255 255 255 / 255 255 255 255 255 255 255 255 / "
	"255 255 255 255 255 255 255 255 / 255 255 255 255 255 255 255 254",
	NULL,
};
static const char *const poker_slowest[] = {
	"k=255 " HEAPS_MAX_8,
	"k=255 0/65535 0/65535 0/65535 0/65535 0/65535 0/65535 0/65535 1/65535",
	NULL,
};
static const char *const kayles_slowest[] = { "80", KAYLES_40_ROWS, "1 2 3 4 5 6 7 8 9 10 11 2 2 2 2", NULL };
static const char *const pebbles_slowest[] = { "160", PEBBLES_40_ROWS, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16", NULL };
static const char *const wythoff_slowest[] = { "65535 65535", "65534 65535", "40503 65535", "1 65535", NULL };
static const char *const chomp_slowest[] = { "4x8", "8 8 8 1", NULL };
static const char *const no_slowest[] = { NULL };

#define FORM(label, game, words, goal, slowest, search)               \
	{                                                             \
		label, game, words, goal, slowest, search, NULL, 0, 0 \
	}

struct form forms[] = {
	FORM("nim", GAME_NIM, NULL, NIM_FAMILY_GOAL, nim_slowest, SEARCH_NONE),
	FORM("misere nim", GAME_MISERE_NIM, NULL, NIM_FAMILY_GOAL, misere_slowest, SEARCH_NONE),
	FORM("marienbad", GAME_MARIENBAD, NULL, NIM_FAMILY_GOAL, misere_slowest, SEARCH_NONE),
	FORM("limit nim", GAME_LIMIT_NIM, NULL, GAME_GOAL, no_slowest, SEARCH_LIMIT),
	FORM("subtraction", GAME_SUBTRACTION, NULL, GAME_GOAL, no_slowest, SEARCH_SET),
	FORM("subtract a digit", GAME_SUBTRACT_DIGIT, NULL, GAME_GOAL, digit_slowest, SEARCH_NONE),
	FORM("divide 2/3/6", GAME_DIVIDE, NULL, GAME_GOAL, divide_slowest, SEARCH_NONE),
	FORM("prime power", GAME_PRIME_POWER, NULL, GAME_GOAL, prime_slowest, SEARCH_NONE),
	FORM("nimble", GAME_NIMBLE, NULL, GAME_GOAL, nimble_slowest, SEARCH_NONE),
	FORM("matrix nim", GAME_MATRIX_NIM, NULL, GAME_GOAL, matrix_slowest, SEARCH_NONE),
	FORM("poker nim", GAME_POKER_NIM, NULL, GAME_GOAL, poker_slowest, SEARCH_NONE),
	FORM("pebble strip", GAME_PEBBLES, NULL, GAME_GOAL, pebbles_slowest, SEARCH_NONE),
	FORM("kayles", GAME_KAYLES, NULL, GAME_GOAL, kayles_slowest, SEARCH_NONE),
	FORM("wythoff", GAME_WYTHOFF, NULL, GAME_GOAL, wythoff_slowest, SEARCH_NONE),
	FORM("chomp", GAME_CHOMP, NULL, GAME_GOAL, chomp_slowest, SEARCH_BOARD),
	FORM("taktix any normal", GAME_TAKTIX, "any normal", GAME_GOAL, no_slowest, SEARCH_BOARD),
	FORM("taktix any misere", GAME_TAKTIX, "any misere", GAME_GOAL, no_slowest, SEARCH_BOARD),
	FORM("taktix adjacent normal", GAME_TAKTIX, "adjacent normal", GAME_GOAL, no_slowest, SEARCH_BOARD),
	FORM("taktix adjacent misere", GAME_TAKTIX, "adjacent misere", GAME_GOAL, no_slowest, SEARCH_BOARD),
	FORM("kubo", GAME_KUBO, NULL, GAME_GOAL, no_slowest, SEARCH_BOARD),
	FORM("nineteen", GAME_NINETEEN, NULL, GAME_GOAL, no_slowest, SEARCH_BOARD),
};

const size_t form_count = sizeof forms / sizeof forms[0];

/* ---- the host engine ---- */

void position_text(const struct position *pos, char *text)
{
	struct buffer_sink b;
	buffer_sink_init(&b, text, TEXT_MAX);
	engine_print_position(pos, &b.sink);
	if (b.overflowed) {
		bench_fatal("a position does not fit in %u characters", TEXT_MAX);
	}
}

void move_text(const struct position *pos, const struct move *mv, char *text)
{
	struct buffer_sink b;
	buffer_sink_init(&b, text, TEXT_MAX);
	engine_print_move(pos, mv, &b.sink);
}

void form_parse(const struct form *f, const char *text, struct position *pos)
{
	char full[TEXT_MAX];
	snprintf(full, sizeof full, "%s%s%s", f->words ? f->words : "", f->words ? " " : "", text);
	enum engine_error err = engine_parse_position(pos, f->game, full);
	if (err != ENGINE_OK) {
		bench_fatal("%s: the engine refuses the position \"%s\" (error %d)", f->label, full, (int)err);
	}
}

void parse_printed(const struct form *f, const char *text, struct position *pos)
{
	if (engine_parse_position(pos, f->game, text) != ENGINE_OK) {
		bench_fatal("%s: the engine refuses its own text \"%s\"", f->label, text);
	}
}

static void form_start(const struct form *f, struct position *pos)
{
	if (f->game == GAME_TAKTIX) {
		form_parse(f, "OOOO/OOOO/OOOO/OOOO", pos); /* the rulebook's full board, in this form */
	} else {
		engine_start_position(pos, f->game);
	}
}

void form_add(struct form *f, const struct position *pos, uint8_t source)
{
	char text[TEXT_MAX];
	position_text(pos, text);
	for (size_t i = 0; i < f->count; i++) {
		if (strcmp(f->results[i].text, text) == 0) {
			return;
		}
	}
	f->results = realloc(f->results, (f->count + 1u) * sizeof *f->results);
	if (f->results == NULL) {
		bench_fatal("out of memory");
	}
	struct result *r = &f->results[f->count++];
	memset(r, 0, sizeof *r);
	memcpy(r->text, text, sizeof text);
	r->source = source;
}

static uint32_t random_next(uint32_t *state)
{
	*state = *state * 1664525u + 1013904223u;
	return *state >> 8;
}

static unsigned count_moves(const struct position *pos)
{
	struct move mv;
	unsigned count = 0;
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		count++;
	}
	return count;
}

static void random_move(const struct position *pos, struct move *mv, uint32_t *state)
{
	unsigned pick = random_next(state) % count_moves(pos);
	bool more = engine_next_move(pos, mv, true);
	while (more && pick-- > 0) {
		more = engine_next_move(pos, mv, false);
	}
}

/* Games from the start: the machine (engine_best_move) against a player
 * who picks legal moves at random; the machine starts the odd games. */
static void form_play_games(struct form *f)
{
	for (unsigned game = 1; game <= options.games; game++) {
		uint32_t state = game * 7919u + f->game * 104729u + (f->words ? (uint32_t)strlen(f->words) : 0u);
		struct position pos;
		form_start(f, &pos);
		bool machine = game % 2u == 1u;
		for (unsigned ply = 0; ply < options.plies && !engine_game_over(&pos); ply++) {
			form_add(f, &pos, SOURCE_GAME);
			struct move mv;
			if (machine) {
				(void)engine_best_move(&pos, &mv);
			} else {
				random_move(&pos, &mv, &state);
			}
			engine_apply_move(&pos, &mv);
			machine = !machine;
		}
	}
}

void form_collect(struct form *f)
{
	struct position pos;
	form_start(f, &pos);
	form_add(f, &pos, SOURCE_START);
	for (const char *const *text = f->slowest; *text != NULL; text++) {
		form_parse(f, *text, &pos);
		form_add(f, &pos, SOURCE_SLOWEST);
	}
	slowest_search(f);
	form_play_games(f);
}
