/*
 * make bench's report of the cycles: the header that says how they were
 * measured, the table of every form's engine and baseline cycles against
 * its goal, each form's slowest position, the tables in flash and the
 * checks, written to the terminal and --out (make bench puts it into
 * docs/measured.md); every position with its cycles to --positions; and,
 * with --tap, a TAP line per goal and per kind of check instead.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tools/bench/bench_run.h"
#include "tools/bench/common.h"

#define CHIP_FLASH 32768u

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
	for (size_t i = 0; i < form_count; i++) {
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
	for (size_t i = 0; i < form_count; i++) {
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

unsigned report_write(void)
{
	bench_say_to(options.out, "w", !options.tap);
	print_header();
	unsigned missed = print_table();
	print_slowest();
	tables_print();
	print_checks();
	unsigned failures = checks_failed();
	if (missed > 0 || failures > 0) {
		bench_say("\nNOT MET: %u goal(s) missed, %u check(s) failed.\n", missed, failures);
	} else {
		bench_say("\nEvery goal met; every check passed.\n");
	}
	bench_say_close();
	return missed;
}

/* Every position of the table, with where it comes from and its cycles. */
void report_write_positions(void)
{
	static const char *const sources[] = { "start", "slowest", "game" };
	FILE *file = fopen(options.positions, "w");
	if (file == NULL) {
		bench_fatal("cannot write %s", options.positions);
	}
	fprintf(file, "# game | source | engine cycles | baseline: cycles done, > cap, or RAM | position\n");
	for (size_t i = 0; i < form_count; i++) {
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

void report_print_tap(void)
{
	unsigned n = 0;
	char what[256];
	for (size_t i = 0; i < form_count; i++) {
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
