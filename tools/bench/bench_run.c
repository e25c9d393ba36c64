/*
 * make bench: cycles of the machine's move in every game of the rulebook,
 * measured on the ATmega328P in simavr, next to a textbook baseline, as a
 * text table written into docs/measured.md.
 *
 * usage: bench_run [--cap CYCLES] [--games N] [--plies N] [--out FILE]
 *                  [--positions FILE] [--cflags FLAGS] [--mcu NAME]
 *                  [--f-cpu HZ] [--verbose] [--tap]
 *                  BENCH.ELF TABLES.O ENGINE-OBJECT...
 *
 * BENCH.ELF is tools/bench/bench_avr.c with the engine and the baseline,
 * built like the firmware; this program loads it into libsimavr and sends
 * it one position at a time (the protocol is in bench.h).  The positions
 * come from the host build of the same engine: each game's start, its
 * slowest known positions, and every position of a few games played from
 * the start.  Every answer is checked: the AVR's move must be the host
 * engine's, legal, and winning wherever the position is won; the
 * baseline's outcome must be the engine's, and its move legal and winning
 * too.  TABLES.O and the engine objects name the generated tables and who
 * uses them (avr-nm); the ELF gives their sizes.
 *
 * --positions writes every position timed, with its cycles, one a line.
 * The exit status is 0 when every goal is met and every check passes.
 * With --tap the terminal gets one TAP line per goal and per kind of check
 * instead of the table (tests/scripts/bench.sh).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "tools/bench/bench.h"
#include "tools/bench/bench_session.h"
#include "tools/bench/common.h"

#define TEXT_MAX BENCH_COMMAND_SIZE
#define NIM_FAMILY_GOAL 1000u
#define GAME_GOAL 320000u
#define CHIP_FLASH 32768u
#define SEARCH_KEEP 2u       /* slowest Limit Nim k and Subtraction sets kept */
#define BOARD_CANDIDATES 12u /* board positions with the most trials, timed on the AVR */
#define BOARD_KEEP 3u        /* of which the slowest are kept */
#define HEAPS_MAX_8 "65535 65535 65535 65535 65535 65535 65535 65535"
/* Kayles and pebbles at the limit of what the parser takes: rows that can
 * become 40, the most the record holds (a row of n pins can become ceil(n/2)
 * rows, a strip of n cells ceil(n/4)): the longest row, the most rows, and
 * rows of every length up to the limit. */
#define REPEAT_10(s) s " " s " " s " " s " " s " " s " " s " " s " " s " " s
#define KAYLES_40_ROWS REPEAT_10("2") " " REPEAT_10("2") " " REPEAT_10("2") " " REPEAT_10("2")
#define PEBBLES_40_ROWS REPEAT_10("4") " " REPEAT_10("4") " " REPEAT_10("4") " " REPEAT_10("4")

/* ---- what is measured ---- */

enum source { SOURCE_START, SOURCE_SLOWEST, SOURCE_GAME };
enum baseline_end { BASELINE_FINISHED, BASELINE_CAPPED, BASELINE_OUT_OF_RAM };
enum search { SEARCH_NONE, SEARCH_LIMIT, SEARCH_SET, SEARCH_BOARD };

struct result {
	char text[TEXT_MAX];  /* the position, as the engine prints it */
	uint8_t source;       /* enum source */
	uint64_t engine;      /* cycles of engine_best_move */
	uint64_t baseline;    /* cycles of the baseline; the cap when it was stopped */
	uint8_t baseline_end; /* enum baseline_end */
};

/* A row of the table: a game, or one of Taktix's variant and rule pairs. */
struct form {
	const char *label;
	uint8_t game;
	const char *words; /* put before every position: Taktix's variant and rule */
	uint32_t goal;
	const char *const *slowest;
	uint8_t search; /* enum search: how more slow positions are found */
	struct result *results;
	size_t count;
	uint32_t table_bytes;
};

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

static struct form forms[] = {
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

#define FORM_COUNT (sizeof forms / sizeof forms[0])

struct options {
	uint64_t cap;
	unsigned games;
	unsigned plies;
	bool verbose;
	bool tap;
	const char *out;
	const char *positions;
	const char *cflags;
	const char *mcu;
	uint32_t f_cpu;
	const char *elf;
	const char *tables;
	char **objects;
	int object_count;
};

static struct options options = {
	.cap = 32000000u,
	.games = 3,
	.plies = 16,
	.cflags = "",
	.mcu = "atmega328p",
	.f_cpu = 16000000u,
};

/* What the checks found.  The engine's answers: [0] on the table's
 * positions, [1] on those timed while searching for the slowest. */
static struct {
	bool searching;
	unsigned engine_checked[2];
	unsigned engine_right[2]; /* equal to the host engine's, legal, winning where won */
	unsigned baseline_done;
	unsigned baseline_outcomes;   /* equal to the engine's */
	unsigned baseline_moves;      /* legal and winning where won */
	unsigned baseline_unplayable; /* a move the position record cannot hold (all 40 rows in use) */
	unsigned engine_failures, baseline_failures, flash_failures;
} checks;

/* ---- output ---- */

__attribute__((format(printf, 1, 2))) static void check_failed(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	fputs("bench_run: CHECK FAILED: ", stderr);
	vfprintf(stderr, format, args);
	fputc('\n', stderr);
	va_end(args);
}

/* ---- the host engine ---- */

static void position_text(const struct position *pos, char *text)
{
	struct buffer_sink b;
	buffer_sink_init(&b, text, TEXT_MAX);
	engine_print_position(pos, &b.sink);
	if (b.overflowed) {
		bench_fatal("a position does not fit in %u characters", TEXT_MAX);
	}
}

static void move_text(const struct position *pos, const struct move *mv, char *text)
{
	struct buffer_sink b;
	buffer_sink_init(&b, text, TEXT_MAX);
	engine_print_move(pos, mv, &b.sink);
}

/* The form's text for a position: Taktix's variant and rule words first. */
static void form_parse(const struct form *f, const char *text, struct position *pos)
{
	char full[TEXT_MAX];
	snprintf(full, sizeof full, "%s%s%s", f->words ? f->words : "", f->words ? " " : "", text);
	enum engine_error err = engine_parse_position(pos, f->game, full);
	if (err != ENGINE_OK) {
		bench_fatal("%s: the engine refuses the position \"%s\" (error %d)", f->label, full, (int)err);
	}
}

/* A position as the engine printed it (Taktix's words included). */
static void parse_printed(const struct form *f, const char *text, struct position *pos)
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

static void form_add(struct form *f, const struct position *pos, uint8_t source)
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

/* ---- simavr ---- */

static struct bench_session session;

/* ---- checks ---- */

/* A move's text, checked on the host: legal, and from a won position it
 * must leave a lost one.  ENGINE_OK when it is right. */
static enum engine_error move_check(const struct position *pos, const char *text)
{
	struct move mv;
	enum engine_error err = engine_parse_move(pos, text, &mv);
	if (err == ENGINE_OK) {
		err = engine_check_move(pos, &mv);
	}
	if (err != ENGINE_OK) {
		return err;
	}
	struct position after = *pos;
	engine_apply_move(&after, &mv);
	if (engine_outcome(pos) == OUTCOME_N && engine_outcome(&after) != OUTCOME_P) {
		return ENGINE_ERR_COUNT; /* legal, but not winning */
	}
	return ENGINE_OK;
}

static void check_engine(const struct form *f, const struct position *pos, const char *answer)
{
	struct move mv;
	char expected[TEXT_MAX] = "-";
	if (engine_best_move(pos, &mv)) {
		move_text(pos, &mv, expected);
	}
	char outcome = engine_outcome(pos) == OUTCOME_N ? 'N' : 'P';
	checks.engine_checked[checks.searching]++;
	if (answer[0] != outcome || strcmp(answer + 1, expected) != 0) {
		check_failed("%s \"%s\": the AVR answers %s, the host engine %c%s", f->label, session.text, answer,
			     outcome, expected);
		checks.engine_failures++;
		return;
	}
	if (strcmp(expected, "-") != 0 && move_check(pos, expected) != ENGINE_OK) {
		check_failed("%s \"%s\": the engine's move %s is not legal and winning", f->label, session.text,
			     expected);
		checks.engine_failures++;
		return;
	}
	checks.engine_right[checks.searching]++;
}

static void check_baseline(const struct form *f, const struct position *pos, const char *answer)
{
	char outcome = engine_outcome(pos) == OUTCOME_N ? 'N' : 'P';
	if (answer[0] != 'D') {
		return; /* it gave up: nothing to check */
	}
	checks.baseline_done++;
	if (answer[1] != outcome) {
		check_failed("%s \"%s\": the baseline finds %c, the engine %c", f->label, session.text, answer[1],
			     outcome);
		checks.baseline_failures++;
		return;
	}
	checks.baseline_outcomes++;
	const char *move = answer + 2;
	if (strcmp(move, "-") == 0) {
		if (!engine_game_over(pos)) {
			check_failed("%s \"%s\": the baseline finds no move", f->label, session.text);
			checks.baseline_failures++;
		}
		return;
	}
	enum engine_error err = move_check(pos, move);
	if (err == ENGINE_ERR_TOO_MANY) {
		checks.baseline_unplayable++;
	} else if (err != ENGINE_OK) {
		check_failed("%s \"%s\": the baseline's move %s is not legal and winning (%d)", f->label, session.text,
			     move, (int)err);
		checks.baseline_failures++;
	} else {
		checks.baseline_moves++;
	}
}

/* Times engine_best_move alone; checks it; returns the cycles. */
static uint64_t time_engine(const struct form *f, const char *text)
{
	struct position pos;
	form_parse(f, text, &pos);
	char full[TEXT_MAX];
	position_text(&pos, full);
	bench_session_run(&session, BENCH_RUN_ENGINE, f->game, full, options.verbose);
	if (session.refused) {
		bench_fatal("%s: the AVR refuses \"%s\": %s", f->label, full, session.refusal);
	}
	check_engine(f, &pos, session.engine_answer);
	return session.engine_cycles;
}

static void time_both(const struct form *f, struct result *r)
{
	struct position pos;
	parse_printed(f, r->text, &pos);
	bench_session_run(&session, BENCH_RUN_BOTH, f->game, r->text, options.verbose);
	if (session.refused) {
		bench_fatal("%s: the AVR refuses \"%s\": %s", f->label, r->text, session.refusal);
	}
	r->engine = session.engine_cycles;
	check_engine(f, &pos, session.engine_answer);
	if (session.capped) {
		r->baseline = options.cap;
		r->baseline_end = BASELINE_CAPPED;
		return;
	}
	r->baseline = session.baseline_cycles;
	r->baseline_end = session.baseline_answer[0] == 'D' ? BASELINE_FINISHED : BASELINE_OUT_OF_RAM;
	check_baseline(f, &pos, session.baseline_answer);
}

/* ---- the slowest positions ---- */

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

static void form_collect(struct form *f)
{
	struct position pos;
	form_start(f, &pos);
	form_add(f, &pos, SOURCE_START);
	for (const char *const *text = f->slowest; *text != NULL; text++) {
		form_parse(f, *text, &pos);
		form_add(f, &pos, SOURCE_SLOWEST);
	}
	if (f->search == SEARCH_LIMIT || f->search == SEARCH_SET) {
		search_parameters(f);
	} else if (f->search == SEARCH_BOARD) {
		search_board(f);
	}
	form_play_games(f);
}

/* ---- the tables in flash ---- */

/* The part of a symbol's name before any suffix the compiler adds. */
static void base_name(char *name)
{
	char *dot = strchr(name, '.');
	if (dot != NULL) {
		*dot = '\0';
	}
}

struct table {
	char name[128];
	uint32_t bytes;
	char users[160]; /* the forms using it */
};

static struct table *tables;
static size_t table_count;

static FILE *open_nm(const char *arguments)
{
	char command[8192];
	snprintf(command, sizeof command, "avr-nm %s", arguments);
	FILE *p = popen(command, "r");
	if (p == NULL) {
		bench_fatal("cannot run %s", command);
	}
	return p;
}

/* The generated tables: the data symbols of TABLES.O. */
static void tables_read_names(void)
{
	char arguments[4096], line[512];
	snprintf(arguments, sizeof arguments, "--defined-only -g %s", options.tables);
	FILE *p = open_nm(arguments);
	while (fgets(line, sizeof line, p)) {
		char type, name[128];
		if (sscanf(line, "%*s %c %127s", &type, name) == 2 && (type == 'R' || type == 'D' || type == 'T') &&
		    strncmp(name, "__", 2) != 0) {
			tables = realloc(tables, (table_count + 1u) * sizeof *tables);
			if (tables == NULL) {
				bench_fatal("out of memory");
			}
			memset(&tables[table_count], 0, sizeof *tables);
			snprintf(tables[table_count++].name, sizeof tables->name, "%s", name);
		}
	}
	pclose(p);
}

/* Their sizes in the linked program (link-time optimisation may add a
 * suffix such as .lto_priv.3 to a name). */
static void tables_read_sizes(void)
{
	char arguments[4096], line[512];
	snprintf(arguments, sizeof arguments, "-S --defined-only %s", options.elf);
	FILE *p = open_nm(arguments);
	while (fgets(line, sizeof line, p)) {
		char name[128];
		unsigned long size;
		if (sscanf(line, "%*x %lx %*c %127s", &size, name) != 2) {
			continue;
		}
		base_name(name);
		for (size_t i = 0; i < table_count; i++) {
			if (strcmp(tables[i].name, name) == 0) {
				tables[i].bytes = (uint32_t)size;
			}
		}
	}
	pclose(p);
}

/* A game's name as a prefix of table names: `misere-nim` is misere_nim. */
static bool name_starts_with_game(const char *name, uint8_t game)
{
	const char *g = engine_game_name(game);
	size_t i = 0;
	for (; g[i] != '\0'; i++) {
		char c = g[i] == '-' ? '_' : g[i];
		if (name[i] != c) {
			return false;
		}
	}
	return name[i] == '_';
}

static void table_add_user(struct table *t, struct form *f)
{
	size_t at = strlen(t->users);
	snprintf(t->users + at, sizeof t->users - at, "%s%s", at > 0 ? ", " : "", f->label);
	f->table_bytes += t->bytes;
}

/* Replaces the first `from` in `text` (of `size` bytes) by `to`. */
static void replace_once(char *text, size_t size, const char *from, const char *to)
{
	char *at = strstr(text, from);
	if (at == NULL) {
		return;
	}
	char rest[256];
	snprintf(rest, sizeof rest, "%s", at + strlen(from));
	snprintf(at, size - (size_t)(at - text), "%s%s", to, rest);
}

/* Taktix's forms named together when a table serves both rules or all. */
static void users_compact(struct table *t)
{
	replace_once(t->users, sizeof t->users, "taktix any normal, taktix any misere", "taktix any");
	replace_once(t->users, sizeof t->users, "taktix adjacent normal, taktix adjacent misere", "taktix adjacent");
	replace_once(t->users, sizeof t->users, "taktix any, taktix adjacent", "taktix (all four)");
}

/* A table belongs to the game it is named after (Taktix's `any` and
 * `adjacent` tables to those forms only); a table named after no game, to
 * the games whose engine module refers to it (avr-nm -u). */
static void tables_attribute(void)
{
	char arguments[8192] = "-A -u";
	for (int i = 0; i < options.object_count; i++) {
		size_t at = strlen(arguments);
		snprintf(arguments + at, sizeof arguments - at, " %s", options.objects[i]);
	}
	for (size_t t = 0; t < table_count; t++) {
		struct table *table = &tables[t];
		bool named = false;
		for (size_t i = 0; i < FORM_COUNT; i++) {
			struct form *f = &forms[i];
			if (!name_starts_with_game(table->name, f->game)) {
				continue;
			}
			named = true;
			bool any = strstr(table->name, "_any_") != NULL,
			     adjacent = strstr(table->name, "_adjacent_") != NULL;
			const char *words = f->words ? f->words : "";
			if ((any && strncmp(words, "any", 3) != 0) ||
			    (adjacent && strncmp(words, "adjacent", 8) != 0)) {
				continue;
			}
			table_add_user(table, f);
		}
		if (named) {
			users_compact(table);
			continue;
		}
		FILE *p = open_nm(arguments);
		char line[512];
		while (fgets(line, sizeof line, p)) {
			char object[400], name[128];
			if (sscanf(line, "%399[^:]: U %127s", object, name) != 2 || strcmp(name, table->name) != 0) {
				continue;
			}
			const char *base = strrchr(object, '/');
			base = base ? base + 1 : object;
			for (size_t i = 0; i < FORM_COUNT; i++) {
				size_t n = strlen(engine_game_name(forms[i].game));
				if (strncmp(base, engine_game_name(forms[i].game), n) == 0 &&
				    strcmp(base + n, ".o") == 0) {
					table_add_user(table, &forms[i]);
				}
			}
		}
		pclose(p);
		users_compact(table);
		size_t at = strlen(table->users);
		snprintf(table->users + at, sizeof table->users - at, "%s",
			 at == 0 ? "(no game module refers to it)" : " (their modules refer to it)");
	}
}

/*
 * The engine's flash data must stay in flash.  Link-time optimisation may
 * fold a flash table into an identical constant of the bench program that
 * lives in RAM, and the engine then reads it wrong on the AVR (seen here
 * with a table of 2, 3, 6): such a program measures something else than
 * the firmware, and the run fails.
 */
static void check_flash_data(void)
{
	char command[8192] = "avr-objdump -t";
	for (int i = 0; i < options.object_count; i++) {
		size_t at = strlen(command);
		snprintf(command + at, sizeof command - at, " %s", options.objects[i]);
	}
	FILE *p = popen(command, "r");
	if (p == NULL) {
		bench_fatal("cannot run %s", command);
	}
	char(*names)[128] = NULL;
	size_t count = 0;
	char line[512];
	while (fgets(line, sizeof line, p)) {
		char section[256], name[128];
		if (sscanf(line, "%*x %*[^.]%255s %*x %127s", section, name) == 2 &&
		    strncmp(section, ".progmem", 8) == 0) {
			names = realloc(names, (count + 1u) * sizeof *names);
			if (names == NULL) {
				bench_fatal("out of memory");
			}
			base_name(name);
			snprintf(names[count++], sizeof *names, "%s", name);
		}
	}
	pclose(p);
	char arguments[4096];
	snprintf(arguments, sizeof arguments, "--defined-only %s", options.elf);
	p = open_nm(arguments);
	while (fgets(line, sizeof line, p)) {
		unsigned long address;
		char name[128];
		if (sscanf(line, "%lx %*c %127s", &address, name) != 2 || address < 0x800000ul ||
		    address >= 0x810000ul) {
			continue;
		}
		base_name(name);
		for (size_t i = 0; i < count; i++) {
			if (strcmp(names[i], name) == 0) {
				check_failed("the engine's flash table %s is in RAM in %s (merged with a constant?)",
					     name, options.elf);
				checks.flash_failures++;
				break;
			}
		}
	}
	pclose(p);
	free(names);
}

/* ---- the table ---- */

struct summary {
	uint64_t engine_worst, engine_sum;
	size_t worst_at;
	uint64_t baseline_worst, baseline_sum, engine_sum_ran, baseline_sum_ran;
	unsigned finished, capped, no_ram;
};

static void summarise(const struct form *f, struct summary *s)
{
	memset(s, 0, sizeof *s);
	for (size_t i = 0; i < f->count; i++) {
		const struct result *r = &f->results[i];
		s->engine_sum += r->engine;
		if (r->engine > s->engine_worst) {
			s->engine_worst = r->engine;
			s->worst_at = i;
		}
		if (r->baseline_end == BASELINE_OUT_OF_RAM) {
			s->no_ram++;
			continue;
		}
		if (r->baseline_end == BASELINE_CAPPED) {
			s->capped++;
		} else {
			s->finished++;
			s->baseline_sum += r->baseline;
			if (r->baseline > s->baseline_worst) {
				s->baseline_worst = r->baseline;
			}
		}
		s->engine_sum_ran += r->engine;
		s->baseline_sum_ran += r->baseline;
	}
}

/* A paragraph of the header: the first line starts with its label, the
 * rest are indented; lines break between words before column 100 (a `~`
 * is a space that does not break). */
__attribute__((format(printf, 1, 2))) static void paragraph(const char *format, ...)
{
	char text[4096];
	va_list args;
	va_start(args, format);
	vsnprintf(text, sizeof text, format, args);
	va_end(args);
	const size_t width = 100;
	const char *at = text;
	size_t indent = 0;
	while (*at != '\0') {
		size_t room = width - indent, length = strlen(at);
		if (length > room) {
			length = room;
			while (length > 0 && at[length] != ' ') {
				length--;
			}
		}
		char line[128];
		snprintf(line, sizeof line, "%.*s", (int)length, at);
		for (char *c = line; *c != '\0'; c++) {
			*c = *c == '~' ? ' ' : *c;
		}
		bench_say("%*s%s\n", (int)indent, "", line);
		at += length;
		while (*at == ' ') {
			at++;
		}
		indent = 2;
	}
}

/* The compiler flags that shape the code, each once: warnings, include
 * paths and debug information left out. */
static void code_flags(char *flags, size_t size)
{
	char all[4096];
	snprintf(all, sizeof all, "%s", options.cflags);
	flags[0] = '\0';
	for (char *word = strtok(all, " "); word != NULL; word = strtok(NULL, " ")) {
		char padded[256];
		snprintf(padded, sizeof padded, " %s ", word);
		char have[4096];
		snprintf(have, sizeof have, " %s ", flags);
		if (strncmp(word, "-W", 2) == 0 || strncmp(word, "-I", 2) == 0 || strcmp(word, "-g") == 0 ||
		    strstr(have, padded) != NULL) {
			continue;
		}
		size_t at = strlen(flags);
		snprintf(flags + at, size - at, "%s%s", at > 0 ? " " : "", word);
	}
}

static void print_header(void)
{
	char version[64] = "?";
	FILE *p = popen("avr-gcc -dumpversion 2>/dev/null", "r");
	if (p != NULL) {
		if (fgets(version, sizeof version, p)) {
			version[strcspn(version, "\n")] = '\0';
		}
		pclose(p);
	}
	char flags[2048];
	code_flags(flags, sizeof flags);
	char enlarged[256] = "";
	if (session.flash_enlarged) {
		snprintf(enlarged, sizeof enlarged,
			 " The bench program (engine, tables, baseline) is %s bytes, more than the chip's %s, so "
			 "simavr's %s is given 64 KB of flash for it: same core, same cycle counts.",
			 bench_grouped(session.firmware.flashsize), bench_grouped(CHIP_FLASH), options.mcu);
	}
	bench_say("Grundy Box benchmark: the machine's move (engine_best_move) on the %s at %g MHz\n\n", options.mcu,
		  options.f_cpu / 1e6);
	paragraph(
		"How: the engine and a textbook baseline compiled as the firmware is (avr-gcc %s, AVR_CFLAGS "
		"without warnings and include paths: %s) and linked as it is, its functions in the order "
		"tools/link_order chooses, run in simavr by tools/bench/bench_run. Each call is "
		"timed in simulated cycles, exactly: from the instruction that writes a marker before the call to "
		"the one after it returns (the call itself, timed on an empty function, costs %s cycles); %s~cycles~= "
		"1~ms.%s",
		version, flags, bench_grouped(session.empty_cycles), bench_grouped(options.f_cpu / 1000u), enlarged);
	paragraph("Positions, per game: the start (the rulebook's; Taktix: the full board in each form); the "
		  "slowest known positions: the largest (8 heaps of 65535, 40 rows, 4x8, full boards), the %u "
		  "slowest k of Limit Nim and sets S of Subtraction (all 255 timed on the AVR with 8 heaps of "
		  "65535), and for each board game the %u slowest on the AVR of the %u positions, among all "
		  "positions of the board, where the engine tries the most moves before the winning one; and every "
		  "position of %u game%s from the start in which the machine plays one side and the other picks "
		  "legal moves at random (fixed seeds; at most %u moves a game; the machine starts the odd games). "
		  "make bench lists every position with its cycles in BUILD/bench/positions.txt.",
		  SEARCH_KEEP, BOARD_KEEP, BOARD_CANDIDATES, options.games, options.games == 1 ? "" : "s",
		  options.plies);
	paragraph("Baseline (tools/bench/baseline.c): Grundy values computed at move time by recursion with mex, "
		  "as the textbooks do: calculateGrundy(n) with a memo array for each part of a sum "
		  "(heap, row, strip, number, exponent, matrix row; Wythoff's pair), XOR of the parts, then a move "
		  "to XOR 0; for misere play, Poker Nim and the board games, a recursive mex over the moves of the "
		  "whole position, no memo. It runs on the same chip, in the RAM the engine leaves (memo, then "
		  "stack). done: it finished, and its outcome equals the engine's and its move is legal and winning "
		  "(checked on the host); cap: stopped at %s cycles (%g s); RAM: its memo or recursion does not fit.",
		  bench_grouped(options.cap), (double)options.cap / options.f_cpu);
	paragraph("Means: the engine's over all the positions, the baseline's over those it finished. Ratio: "
		  "baseline cycles / engine cycles, summed over the positions the baseline ran (done or cap; with "
		  "a cap the ratio is a lower bound: \">\").");
	paragraph("Goals: Nim family (Nim, misere Nim, Marienbad) <= %s cycles a move; every game <= %s (%g~ms).",
		  bench_grouped(NIM_FAMILY_GOAL), bench_grouped(GAME_GOAL), GAME_GOAL * 1e3 / options.f_cpu);
	bench_say("\n");
}

/* Returns the number of goals missed. */
static unsigned print_table(void)
{
	unsigned missed = 0;
	bench_say("                              ------------ engine ------------  -------------- baseline "
		  "--------------    "
		  " ratio  tables\n");
	bench_say("game                    pos     worst     mean     goal           worst         mean done  cap  RAM "
		  "      "
		  "      bytes\n");
	for (size_t i = 0; i < FORM_COUNT; i++) {
		const struct form *f = &forms[i];
		struct summary s;
		summarise(f, &s);
		bool met = s.engine_worst <= f->goal;
		missed += !met;
		char worst[32], mean[32], ratio[32];
		if (s.capped > 0) {
			snprintf(worst, sizeof worst, "> %s", bench_grouped(options.cap));
		} else if (s.finished > 0) {
			snprintf(worst, sizeof worst, "%s", bench_grouped(s.baseline_worst));
		} else {
			snprintf(worst, sizeof worst, "-");
		}
		if (s.finished > 0) {
			snprintf(mean, sizeof mean, "%s", bench_grouped(s.baseline_sum / s.finished));
		} else {
			snprintf(mean, sizeof mean, "-");
		}
		if (s.engine_sum_ran > 0) {
			snprintf(ratio, sizeof ratio, "%s%s", s.capped > 0 ? "> " : "",
				 bench_grouped((s.baseline_sum_ran + s.engine_sum_ran / 2u) / s.engine_sum_ran));
		} else {
			snprintf(ratio, sizeof ratio, "-");
		}
		bench_say("%-22s %4zu %9s %8s %8s %-2s %14s %12s %4u %4u %4u %9s %7s\n", f->label, f->count,
			  bench_grouped(s.engine_worst), bench_grouped(f->count ? s.engine_sum / f->count : 0),
			  bench_grouped(f->goal), met ? "ok" : "NO", worst, mean, s.finished, s.capped, s.no_ram, ratio,
			  bench_grouped(f->table_bytes));
	}
	return missed;
}

static void print_slowest(void)
{
	bench_say(
		"\nThe slowest position of each game for the engine (cycles; the position as the engine writes it):\n");
	for (size_t i = 0; i < FORM_COUNT; i++) {
		const struct form *f = &forms[i];
		struct summary s;
		summarise(f, &s);
		const char *text = f->results[s.worst_at].text;
		if (f->words != NULL && strncmp(text, f->words, strlen(f->words)) == 0) {
			text += strlen(f->words) + 1u;
		}
		if (strlen(text) > 70u) {
			bench_say("  %-22s %9s  %.50s ... (%zu characters)\n", f->label, bench_grouped(s.engine_worst),
				  text, strlen(text));
		} else {
			bench_say("  %-22s %9s  %s\n", f->label, bench_grouped(s.engine_worst), text);
		}
	}
}

static void print_tables(void)
{
	uint32_t total = 0;
	bench_say("\nFlash of the generated tables (avr-nm -S of the bench program; the firmware links the same):\n");
	for (size_t t = 0; t < table_count; t++) {
		bench_say("  %-26s %6s  %s\n", tables[t].name, bench_grouped(tables[t].bytes), tables[t].users);
		total += tables[t].bytes;
	}
	bench_say("  %-26s %6s\n", "total", bench_grouped(total));
}

static void print_checks(void)
{
	char unplayable[160] = "";
	if (checks.baseline_unplayable > 0) {
		snprintf(unplayable, sizeof unplayable,
			 " (and %u moves that split a row while all 40 rows are in use, which the position record "
			 "cannot hold)",
			 checks.baseline_unplayable);
	}
	bench_say("\n");
	paragraph("Checks: the AVR's outcome and move equal the host engine's, and the move is legal and winning "
		  "wherever the position is won, on %u of the %u positions above (and on %u of the %u timed while "
		  "searching for the slowest); the baseline finished on %u positions, finds the engine's outcome on "
		  "%u of them and a legal, winning move on %u%s.",
		  checks.engine_right[0], checks.engine_checked[0], checks.engine_right[1], checks.engine_checked[1],
		  checks.baseline_done, checks.baseline_outcomes, checks.baseline_moves, unplayable);
}

/* Every position of the table, with where it comes from and its cycles. */
static void write_positions(void)
{
	static const char *const sources[] = { "start", "slowest", "game" };
	FILE *file = fopen(options.positions, "w");
	if (file == NULL) {
		bench_fatal("cannot write %s", options.positions);
	}
	fprintf(file, "# game | source | engine cycles | baseline: cycles done, > cap, or RAM | position\n");
	for (size_t i = 0; i < FORM_COUNT; i++) {
		const struct form *f = &forms[i];
		for (size_t k = 0; k < f->count; k++) {
			const struct result *r = &f->results[k];
			char baseline[32];
			if (r->baseline_end == BASELINE_FINISHED) {
				snprintf(baseline, sizeof baseline, "%" PRIu64, r->baseline);
			} else {
				snprintf(baseline, sizeof baseline, "%s",
					 r->baseline_end == BASELINE_CAPPED ? "> cap" : "RAM");
			}
			fprintf(file, "%s | %s | %" PRIu64 " | %s | %s\n", f->label, sources[r->source], r->engine,
				baseline, r->text);
		}
	}
	if (fclose(file) != 0) {
		bench_fatal("cannot write %s", options.positions);
	}
}

static void tap_line(unsigned *n, bool ok, const char *what)
{
	printf("%s %u - %s\n", ok ? "ok" : "not ok", ++*n, what);
}

static void print_tap(void)
{
	unsigned n = 0;
	char what[256];
	for (size_t i = 0; i < FORM_COUNT; i++) {
		const struct form *f = &forms[i];
		struct summary s;
		summarise(f, &s);
		snprintf(what, sizeof what, "%s: the machine's move within %s cycles (worst %s on %zu positions)",
			 f->label, bench_grouped(f->goal), bench_grouped(s.engine_worst), f->count);
		tap_line(&n, s.engine_worst <= f->goal, what);
	}
	snprintf(what, sizeof what, "the AVR's answers equal the host engine's, legal and winning (%u positions)",
		 checks.engine_checked[0] + checks.engine_checked[1]);
	tap_line(&n, checks.engine_failures == 0, what);
	snprintf(what, sizeof what,
		 "the baseline's outcomes equal the engine's, its moves legal and winning (%u positions)",
		 checks.baseline_done);
	tap_line(&n, checks.baseline_failures == 0, what);
	tap_line(&n, checks.flash_failures == 0, "the engine's flash tables stay in flash in the bench program");
	printf("1..%u\n", n);
}

/* ---- main ---- */

static void parse_options(int argc, char **argv)
{
	int i = 1;
	for (; i < argc && strncmp(argv[i], "--", 2) == 0; i += 2) {
		if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "--tap") == 0) {
			*(argv[i][2] == 'v' ? &options.verbose : &options.tap) = true;
			i--;
			continue;
		}
		if (i + 1 >= argc) {
			bench_fatal("%s needs a value", argv[i]);
		}
		const char *value = argv[i + 1];
		if (strcmp(argv[i], "--cap") == 0) {
			options.cap = strtoull(value, NULL, 10);
		} else if (strcmp(argv[i], "--games") == 0) {
			options.games = (unsigned)strtoul(value, NULL, 10);
		} else if (strcmp(argv[i], "--plies") == 0) {
			options.plies = (unsigned)strtoul(value, NULL, 10);
		} else if (strcmp(argv[i], "--out") == 0) {
			options.out = value;
		} else if (strcmp(argv[i], "--positions") == 0) {
			options.positions = value;
		} else if (strcmp(argv[i], "--cflags") == 0) {
			options.cflags = value;
		} else if (strcmp(argv[i], "--mcu") == 0) {
			options.mcu = value;
		} else if (strcmp(argv[i], "--f-cpu") == 0) {
			options.f_cpu = (uint32_t)strtoul(value, NULL, 10);
		} else {
			bench_fatal("unknown option %s", argv[i]);
		}
	}
	if (argc - i < 3 || options.cap == 0 || options.f_cpu < 1000u) {
		fprintf(stderr,
			"usage: bench_run [--cap CYCLES] [--games N] [--plies N] [--out FILE] [--positions FILE]\n"
			"                 [--cflags FLAGS] [--mcu NAME] [--f-cpu HZ] [--verbose] [--tap] BENCH.ELF "
			"TABLES.O ENGINE-OBJECT...\n");
		exit(2);
	}
	options.elf = argv[i];
	options.tables = argv[i + 1];
	options.objects = argv + i + 2;
	options.object_count = argc - i - 2;
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

int main(int argc, char **argv)
{
	parse_options(argc, argv);
	bench_session_open(&session, options.elf, options.mcu, options.f_cpu, options.cap);
	bench_session_run(&session, BENCH_RUN_EMPTY, 0, "", options.verbose);
	for (size_t i = 0; i < FORM_COUNT; i++) {
		struct form *f = &forms[i];
		struct timespec start;
		clock_gettime(CLOCK_MONOTONIC, &start);
		form_collect(f);
		for (size_t k = 0; k < f->count; k++) {
			time_both(f, &f->results[k]);
		}
		fprintf(stderr, "  BENCH   %-22s %3zu positions, %5.1f s\n", f->label, f->count, seconds_since(&start));
	}
	check_flash_data();
	tables_read_names();
	tables_read_sizes();
	tables_attribute();
	bench_say_to(options.out, "w", !options.tap);
	print_header();
	unsigned missed = print_table();
	print_slowest();
	print_tables();
	print_checks();
	unsigned failures = checks.engine_failures + checks.baseline_failures + checks.flash_failures;
	if (missed > 0 || failures > 0) {
		bench_say("\nNOT MET: %u goal(s) missed, %u check(s) failed.\n", missed, failures);
	} else {
		bench_say("\nEvery goal met; every check passed.\n");
	}
	bench_say_close();
	if (options.positions != NULL) {
		write_positions();
	}
	if (options.tap) {
		print_tap();
	}
	return missed > 0 || failures > 0 ? 1 : 0;
}
