/*
 * How the benchmark's two halves talk: bench_avr.c, built for the
 * ATmega328P and run in simavr, and bench_run.c, the host program that
 * drives it through libsimavr.
 *
 * The AVR program writes markers to GPIOR0 and bytes to GPIOR1, two
 * general-purpose I/O registers nothing else uses.  The runner hooks both
 * registers: a byte is kept until the next marker, which says what the
 * bytes kept since the last marker mean.  simavr calls the hook during the
 * OUT instruction, so the runner reads the cycle counter at the very
 * instruction that writes a marker: the cycles between a START and an END
 * marker are exact.
 *
 * Commands go the other way through RAM: the AVR program announces the
 * address and size of its command buffer (HELLO), and before every command
 * writes REQUEST; the runner, inside that hook, writes the next command
 * into the buffer, and the program reads it on the next instruction.
 */
#ifndef BENCH_H
#define BENCH_H

/* Data-space addresses of GPIOR0 and GPIOR1 on the ATmega328P. */
#define BENCH_MARK_REGISTER 0x3Eu
#define BENCH_BYTE_REGISTER 0x4Au

/* Markers (GPIOR0), and the bytes sent before each. */
enum bench_mark {
	BENCH_MARK_NONE = 0,
	BENCH_MARK_HELLO,          /* bytes: buffer address, buffer size (16 bits each, low byte first) */
	BENCH_MARK_REQUEST,        /* the runner writes the next command now */
	BENCH_MARK_REFUSED,        /* bytes: why engine_parse_position refused the position */
	BENCH_MARK_ENGINE_START,   /* just before engine_best_move */
	BENCH_MARK_ENGINE_END,     /* just after it returned */
	BENCH_MARK_ENGINE_ANSWER,  /* bytes: 'N' or 'P' (engine_outcome), then the move or "-" */
	BENCH_MARK_BASELINE_START, /* just before the baseline */
	BENCH_MARK_BASELINE_END,
	BENCH_MARK_BASELINE_ANSWER, /* bytes: 'D' done or 'R' out of RAM, 'N' or 'P', then the move or "-" */
	BENCH_MARK_EMPTY_START,     /* around a call of a function that does nothing: the call's own cost */
	BENCH_MARK_EMPTY_END,
	BENCH_MARK_PARSE_START,  /* just before engine_parse_position */
	BENCH_MARK_PARSE_END,    /* just after it returned */
	BENCH_MARK_PARSE_ANSWER, /* bytes: the Prime-power game's primes, `P^K ` each; or why it refused */
};

/* A command: what to run, the game (enum engine_game), then the position
 * in the engine's text form, NUL-terminated. */
enum bench_command {
	BENCH_RUN_EMPTY = 1, /* time the empty call */
	BENCH_RUN_ENGINE,    /* time engine_best_move on the position */
	BENCH_RUN_BOTH,      /* the engine, then the baseline, on the position */
	BENCH_RUN_PARSE,     /* time engine_parse_position alone (the Prime-power game's factoring) */
};

#define BENCH_COMMAND_WHAT 0u
#define BENCH_COMMAND_GAME 1u
#define BENCH_COMMAND_TEXT 2u
#define BENCH_COMMAND_SIZE 320u /* the longest text: an 8x8 Matrix Nim of 255s, 269 characters */

#endif
