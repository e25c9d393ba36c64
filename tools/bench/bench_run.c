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
 *
 * This file: the command line and the run's order.  The parts are named in
 * bench_run.h.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tools/bench/bench_run.h"
#include "tools/bench/common.h"

struct options options = {
	.cap = 32000000u,
	.games = 3,
	.plies = 16,
	.cflags = "",
	.mcu = "atmega328p",
	.f_cpu = 16000000u,
};

struct bench_session session;

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
	for (size_t i = 0; i < form_count; i++) {
		struct form *f = &forms[i];
		struct timespec start;
		clock_gettime(CLOCK_MONOTONIC, &start);
		form_collect(f);
		for (size_t k = 0; k < f->count; k++) {
			time_both(f, &f->results[k]);
		}
		fprintf(stderr, "  BENCH   %-22s %3zu positions, %5.1f s\n", f->label, f->count, seconds_since(&start));
	}
	tables_check_in_flash();
	tables_read();
	unsigned missed = report_write();
	if (options.positions != NULL) {
		report_write_positions();
	}
	if (options.tap) {
		report_print_tap();
	}
	return missed > 0 || checks_failed() > 0 ? 1 : 0;
}
