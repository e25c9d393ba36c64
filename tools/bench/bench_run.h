/*
 * What the parts of make bench's cycle runner share (bench_run.c): the
 * games' forms and the positions timed in each (bench_positions.c, with
 * the search for the slowest in bench_slowest.c), their timing on the AVR
 * and the checks of every answer (bench_check.c), the generated tables in
 * flash (bench_flash_tables.c), and the report (bench_report.c).
 */
#ifndef TOOLS_BENCH_BENCH_RUN_H
#define TOOLS_BENCH_BENCH_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "tools/bench/bench.h"
#include "tools/bench/bench_session.h"

#define TEXT_MAX BENCH_COMMAND_SIZE
#define NIM_FAMILY_GOAL 1000u
#define GAME_GOAL 320000u
#define SEARCH_KEEP 2u       /* slowest Limit Nim k and Subtraction sets kept */
#define BOARD_CANDIDATES 12u /* board positions with the most trials, timed on the AVR */
#define BOARD_KEEP 3u        /* of which the slowest are kept */
#define HEAPS_MAX_8 "65535 65535 65535 65535 65535 65535 65535 65535"

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

/* Every form, in the table's order (bench_positions.c). */
extern struct form forms[];
extern const size_t form_count;

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

/* The command line's (bench_run.c). */
extern struct options options;

/* The AVR program in simavr, open for the whole run (bench_run.c). */
extern struct bench_session session;

/* What the checks found (bench_check.c).  The engine's answers: [0] on the
 * table's positions, [1] on those timed while searching for the slowest. */
struct check_counts {
	bool searching;
	unsigned engine_checked[2];
	unsigned engine_right[2]; /* equal to the host engine's, legal, winning where won */
	unsigned baseline_done;
	unsigned baseline_outcomes;   /* equal to the engine's */
	unsigned baseline_moves;      /* legal and winning where won */
	unsigned baseline_unplayable; /* a move the position record cannot hold (all 40 rows in use) */
	unsigned engine_failures, baseline_failures, flash_failures;
};
extern struct check_counts checks;

/* ---- the positions (bench_positions.c, bench_slowest.c) ---- */

/* The position as the engine prints it, in `text` of TEXT_MAX bytes. */
void position_text(const struct position *pos, char *text);
/* The move as the engine prints it, in `text` of TEXT_MAX bytes. */
void move_text(const struct position *pos, const struct move *mv, char *text);
/* Parses a position of the form (Taktix's variant and rule words put
 * first); bench_fatal when the engine refuses it. */
void form_parse(const struct form *f, const char *text, struct position *pos);
/* Parses a position as the engine printed it (Taktix's words included). */
void parse_printed(const struct form *f, const char *text, struct position *pos);
/* Adds a position to the form's results unless it is there already. */
void form_add(struct form *f, const struct position *pos, uint8_t source);
/* Every position of the form that is timed: the start, the slowest known,
 * the slowest found by searching, and those of games from the start. */
void form_collect(struct form *f);
/* The form's slowest positions found by its search (enum search), each
 * timed on the AVR, the slowest added to the form. */
void slowest_search(struct form *f);

/* ---- timing on the AVR and checking (bench_check.c) ---- */

/* A failed check, on stderr. */
__attribute__((format(printf, 1, 2))) void check_failed(const char *format, ...);
/* Times engine_best_move alone; checks it; returns the cycles. */
uint64_t time_engine(const struct form *f, const char *text);
/* Times the engine and the baseline on the result's position, checks
 * both, and keeps their cycles in it. */
void time_both(const struct form *f, struct result *r);
/* How many checks failed, of every kind. */
unsigned checks_failed(void);

/* ---- the generated tables in flash (bench_flash_tables.c) ---- */

/* Fails the run's flash check when an engine flash table sits in RAM. */
void tables_check_in_flash(void);
/* The generated tables: their names, sizes and the forms using them. */
void tables_read(void);
/* Their list with their sizes, by bench_say. */
void tables_print(void);

/* ---- the report (bench_report.c) ---- */

/* The table, the slowest positions, the tables in flash and the checks,
 * to the terminal (unless --tap) and --out; returns the goals missed. */
unsigned report_write(void);
/* Every position of the table, with its cycles, to --positions. */
void report_write_positions(void);
/* One TAP line per goal and per kind of check, on the terminal. */
void report_print_tap(void);

#endif
