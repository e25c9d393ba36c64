/*
 * Runs tools/textpack/avr/cycles.c in simavr and prints the cycles each
 * packed text takes to print, against the same text stored plain:
 *
 *   cycles_run PROGRAM.elf
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "packed_tables.h"
#include "sim_avr.h"
#include "sim_elf.h"
#include "sim_io.h"
#include "tools/textpack/cycles.h"

#define CPU_HZ 16000000u
#define TIMES (2u * (PACKED_ERRORS_COUNT + PACKED_CONSOLE_COUNT + PACKED_GAMES_COUNT))
#define CYCLES_MAX 100000000u

/* Kept to the end, where simavr's own allocations are still reachable. */
static elf_firmware_t firmware;
static avr_t *avr;

struct run {
	uint64_t started;
	uint64_t times[TIMES];
	unsigned count;
	int done;
};

static void on_mark(struct avr_t *core, avr_io_addr_t addr, uint8_t value, void *param)
{
	(void)addr;
	struct run *run = param;
	if (value == CYCLES_MARK_START) {
		run->started = core->cycle;
	} else if (value == CYCLES_MARK_END && run->count < TIMES) {
		run->times[run->count++] = core->cycle - run->started;
	} else if (value == CYCLES_MARK_DONE) {
		run->done = 1;
	}
}

/* simavr's messages: its "Loaded ..." lines kept off the report, and an
 * error only noted (the run then stops short, which main reports). */
static void quiet_log(avr_t *core, const int level, const char *format, va_list args)
{
	(void)core;
	(void)format;
	(void)args;
	if (level <= LOG_ERROR) {
		fputs("simavr reported an error\n", stderr);
	}
}

/* The worst and the mean of a table's texts, packed and plain. */
static void report(const char *what, const uint64_t *times, unsigned count)
{
	uint64_t worst[2] = { 0, 0 };
	uint64_t total[2] = { 0, 0 };
	unsigned worst_text = 0;
	for (unsigned i = 0; i < count; i++) {
		for (unsigned form = 0; form < 2; form++) {
			uint64_t t = times[2u * i + form];
			total[form] += t;
			if (t > worst[form]) {
				worst[form] = t;
				worst_text = form == 0 ? i : worst_text;
			}
		}
	}
	printf("%-15s %2u texts: packed worst %6llu cycles (%.1f ms, text %u), mean %6llu; plain worst %5llu, mean %5llu\n",
	       what, count, (unsigned long long)worst[0], (double)worst[0] * 1000.0 / CPU_HZ, worst_text,
	       (unsigned long long)(total[0] / count), (unsigned long long)worst[1],
	       (unsigned long long)(total[1] / count));
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: cycles_run PROGRAM.elf\n");
		return 2;
	}
	avr_global_logger_set(quiet_log);
	if (elf_read_firmware(argv[1], &firmware) != 0 || firmware.flashsize == 0) {
		fprintf(stderr, "error: simavr cannot load %s\n", argv[1]);
		return 1;
	}
	avr = avr_make_mcu_by_name("atmega328p");
	if (avr == NULL) {
		return 1;
	}
	firmware.frequency = CPU_HZ;
	avr_init(avr);
	avr->log = LOG_NONE;
	avr_load_firmware(avr, &firmware);
	static struct run run;
	avr_register_io_write(avr, CYCLES_MARK_REGISTER, on_mark, &run);
	while (!run.done) {
		int state = avr_run(avr);
		if (state == cpu_Done || state == cpu_Crashed || avr->cycle > CYCLES_MAX) {
			fprintf(stderr, "error: %s stopped before its last text\n", argv[1]);
			return 1;
		}
	}
	if (run.count != TIMES) {
		fprintf(stderr, "error: %u texts timed, %u expected\n", run.count / 2u, TIMES / 2u);
		return 1;
	}
	printf("Cycles to print a text (simavr, ATmega328P at 16 MHz), packed and stored plain:\n");
	report("error messages", run.times, PACKED_ERRORS_COUNT);
	report("console texts", run.times + 2u * PACKED_ERRORS_COUNT, PACKED_CONSOLE_COUNT);
	static const char *const game_texts[] = { "game summaries", "game examples", "game moves" };
	_Static_assert(PACKED_GAMES_COUNT == 3u * PACKED_GAMES_GROUPS, "three texts a game");
	for (unsigned text = 0; text < 3u; text++) {
		report(game_texts[text], run.times + 2u * (PACKED_ERRORS_COUNT + PACKED_CONSOLE_COUNT + text * PACKED_GAMES_GROUPS),
		       PACKED_GAMES_GROUPS);
	}
	return 0;
}
