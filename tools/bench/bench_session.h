/*
 * The host's half of the benchmark's protocol (bench.h): the AVR program
 * (bench_avr.c) loaded into libsimavr, sent one command at a time, each
 * timed to the cycle by the markers it writes.  Shared by make bench's
 * runners (bench_run.c, factor_run.c).
 */
#ifndef BENCH_SESSION_H
#define BENCH_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim_avr.h"
#include "sim_elf.h"

#include "tools/bench/bench.h"

#define BENCH_ANSWER_MAX (BENCH_COMMAND_SIZE + 8u)

struct bench_session {
	avr_t *avr;
	elf_firmware_t firmware;
	bool flash_enlarged; /* the ELF outgrew the chip's flash: simavr's was enlarged */
	uint64_t cap;        /* cycles after which a baseline run is given up */
	uint16_t buffer;     /* the command buffer's address, from HELLO */
	/* the command to send at the next REQUEST */
	uint8_t what;
	uint8_t game;
	const char *text;
	bool sent;
	/* bytes since the last marker */
	char bytes[BENCH_ANSWER_MAX];
	size_t length;
	/* what came back */
	uint64_t start;
	uint64_t engine_cycles, baseline_cycles, empty_cycles, parse_cycles;
	char engine_answer[BENCH_ANSWER_MAX];
	char baseline_answer[BENCH_ANSWER_MAX];
	char parse_answer[BENCH_ANSWER_MAX];
	char refusal[BENCH_ANSWER_MAX];
	bool finished, capped, refused;
	char core_error[256];
};

/* Loads the AVR program into a new simulated chip (`mcu` at `f_cpu`);
 * `cap`: the baseline's cycles before it is given up.  Any failure ends
 * the program, its message starting with the program's name. */
void bench_session_open(struct bench_session *s, const char *elf, const char *mcu, uint32_t f_cpu, uint64_t cap);
/* Runs one command (enum bench_command) to its last answer, or until the
 * baseline reaches the cap, which restarts the chip.  `verbose`: each
 * command on stderr first. */
void bench_session_run(struct bench_session *s, uint8_t what, uint8_t game, const char *text, bool verbose);

#endif
