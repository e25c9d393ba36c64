/*
 * Each position timed on the AVR (the protocol is in bench.h), and every
 * answer checked on the host: the AVR's move must be the host engine's,
 * legal, and winning wherever the position is won; the baseline's outcome
 * must be the engine's, and its move legal and winning too.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "tools/bench/bench_run.h"
#include "tools/bench/common.h"

struct check_counts checks;

void check_failed(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	fputs("bench_run: CHECK FAILED: ", stderr);
	vfprintf(stderr, format, args);
	fputc('\n', stderr);
	va_end(args);
}

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

uint64_t time_engine(const struct form *f, const char *text)
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

void time_both(const struct form *f, struct result *r)
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

unsigned checks_failed(void)
{
	return checks.engine_failures + checks.baseline_failures + checks.flash_failures;
}
