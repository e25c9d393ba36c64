/*
 * The Odra challenge (firmware/odra.h) played on the real firmware in the
 * simulator, and its answer checked against the rules' known answer: the
 * end-to-end test (tests/e2e/test_odra.c) and make bench's figures
 * (tools/bench/odra_run.c) both run it through here, so they measure the
 * same thing.  Nothing here asserts: each step says what went wrong.
 */
#ifndef ODRA_CHALLENGE_H
#define ODRA_CHALLENGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/harness.h"

#define ODRA_CHALLENGE_PROMPT "odra: rows 0-65535, one a line, then an empty line"

struct odra_rows {
	uint16_t *size;
	uint32_t count;
};

struct odra_answer {
	char prompt[128];
	char line[256]; /* the answer line, without its CR LF */
	uint32_t rows;
	char normal[32];
	char misere[32];
	uint32_t ms;              /* the device's own time, from its prompt to its answer */
	size_t bytes_sent;        /* from the first byte timed: the first row's, or `odra`'s in a file */
	uint64_t cycles;          /* from the first byte timed (sent) to the answer's end */
	uint64_t awake_cycles;    /* of those, not asleep */
	uint64_t delivery_cycles; /* until the chip had taken the last byte */
	uint32_t overruns;        /* bytes the chip's receive buffer lost (sim_uart_overruns) */
};

/* Sends `odra`, waits for the prompt, then sends the rows as text, one a
 * line, lines ending in `line_end`, back to back, then an empty line, and
 * reads the answer.  NULL when an answer came (`answer` filled in), else
 * why not; `answer->line` then holds what the device wrote, if anything. */
const char *odra_challenge_run(struct sim *sim, const struct odra_rows *rows, const char *line_end,
			       struct odra_answer *answer);
/* The same sent as one file, `odra`, the rows and the empty line back to
 * back with no wait for the prompt, as `cat rows.txt > /dev/ttyACM0`
 * sends it: the prompt goes out while the rows come in. */
const char *odra_challenge_run_file(struct sim *sim, const struct odra_rows *rows, const char *line_end,
				    struct odra_answer *answer);

/* Whether the player to move in `rows` has no winning move: Bouton's
 * nim-sum, and for misère with no row above 1, the rows of 1 being odd.
 * With no row left there is no move at all. */
bool odra_player_to_move_loses(const struct odra_rows *rows, bool misere);

/* The device's MOVE ("R-N" or "-") for one rule: NULL when it is "-"
 * exactly where the player to move loses, else a legal move after which
 * the opponent loses; otherwise what is wrong with it. */
const char *odra_check_move(const struct odra_rows *rows, bool misere, const char *move);

#endif
