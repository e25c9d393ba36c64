/* The benchmark's simavr session; see bench_session.h. */
#include "tools/bench/bench_session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_cycle_timers.h"
#include "sim_io.h"

#include "engine/engine.h"
#include "tools/bench/common.h"

#define ENGINE_CYCLES_MAX 200000000u /* an engine call longer than this has hung */

static struct bench_session *current; /* the session simavr's log reports on */

/* simavr's errors, and its core's "***" reports (a bad opcode, a read or
 * write outside RAM), mean the program crashed; the rest is chatter. */
__attribute__((format(printf, 3, 0))) static void bench_log(avr_t *avr, const int level, const char *format,
							    va_list args)
{
	(void)avr;
	if (level > LOG_WARNING || current == NULL) {
		return;
	}
	char text[256];
	vsnprintf(text, sizeof text, format, args);
	if (level > LOG_ERROR && !strstr(text, "CORE: ***")) {
		return;
	}
	if (!current->core_error[0]) {
		snprintf(current->core_error, sizeof current->core_error, "%s", text);
	}
}

static void keep_bytes(struct bench_session *s, char *to)
{
	memcpy(to, s->bytes, s->length);
	to[s->length] = '\0';
}

static avr_cycle_count_t on_cap(avr_t *avr, avr_cycle_count_t when, void *param)
{
	struct bench_session *s = param;
	(void)when;
	s->capped = true;
	avr->run_cycle_count = 0;
	return 0;
}

static void on_byte(avr_t *avr, avr_io_addr_t addr, uint8_t value, void *param)
{
	struct bench_session *s = param;
	avr->data[addr] = value;
	if (s->length < sizeof s->bytes - 1u) {
		s->bytes[s->length++] = (char)value;
	}
}

/* Written while the AVR executes its REQUEST marker: it reads the buffer
 * at its next instruction.  With nothing to send, command 0 makes it ask
 * again. */
static void send_command(struct bench_session *s)
{
	uint8_t *at = s->avr->data + s->buffer;
	if (s->sent || s->what == 0) {
		at[BENCH_COMMAND_WHAT] = 0;
		return;
	}
	at[BENCH_COMMAND_WHAT] = s->what;
	at[BENCH_COMMAND_GAME] = s->game;
	memcpy(at + BENCH_COMMAND_TEXT, s->text, strlen(s->text) + 1u);
	s->sent = true;
}

static void on_mark(avr_t *avr, avr_io_addr_t addr, uint8_t mark, void *param)
{
	struct bench_session *s = param;
	avr->data[addr] = mark;
	switch (mark) {
	case BENCH_MARK_HELLO:
		if (s->length != 4u ||
		    (uint16_t)((uint8_t)s->bytes[2] | (uint8_t)s->bytes[3] << 8) != BENCH_COMMAND_SIZE) {
			bench_fatal("the AVR program's greeting is not the one bench.h describes");
		}
		s->buffer = (uint16_t)((uint8_t)s->bytes[0] | (uint8_t)s->bytes[1] << 8);
		if ((uint32_t)s->buffer + BENCH_COMMAND_SIZE > (uint32_t)avr->ramend + 1u) {
			bench_fatal("the AVR program's command buffer is outside RAM");
		}
		break;
	case BENCH_MARK_REQUEST:
		send_command(s);
		break;
	case BENCH_MARK_REFUSED:
		keep_bytes(s, s->refusal);
		s->refused = true;
		s->finished = true;
		break;
	case BENCH_MARK_ENGINE_START:
	case BENCH_MARK_EMPTY_START:
	case BENCH_MARK_PARSE_START:
		s->start = avr->cycle;
		break;
	case BENCH_MARK_BASELINE_START:
		s->start = avr->cycle;
		avr_cycle_timer_register(avr, s->cap, on_cap, s);
		break;
	case BENCH_MARK_ENGINE_END:
		s->engine_cycles = avr->cycle - s->start;
		break;
	case BENCH_MARK_BASELINE_END:
		s->baseline_cycles = avr->cycle - s->start;
		avr_cycle_timer_cancel(avr, on_cap, s);
		break;
	case BENCH_MARK_EMPTY_END:
		s->empty_cycles = avr->cycle - s->start;
		s->finished = true;
		break;
	case BENCH_MARK_PARSE_END:
		s->parse_cycles = avr->cycle - s->start;
		break;
	case BENCH_MARK_ENGINE_ANSWER:
		keep_bytes(s, s->engine_answer);
		s->finished = s->what == BENCH_RUN_ENGINE;
		break;
	case BENCH_MARK_BASELINE_ANSWER:
		keep_bytes(s, s->baseline_answer);
		s->finished = true;
		break;
	case BENCH_MARK_PARSE_ANSWER:
		keep_bytes(s, s->parse_answer);
		s->finished = true;
		break;
	default:
		bench_fatal("unknown marker %u from the AVR program", mark);
	}
	s->length = 0;
	if (s->finished) {
		avr->run_cycle_count = 0; /* back to the runner before the next request */
	}
}

void bench_session_open(struct bench_session *s, const char *elf, const char *mcu, uint32_t f_cpu, uint64_t cap)
{
	current = s;
	s->cap = cap;
	avr_global_logger_set(bench_log);
	if (elf_read_firmware(elf, &s->firmware) != 0 || s->firmware.flashsize == 0) {
		bench_fatal("simavr cannot load %s", elf);
	}
	/* The link drops the .mmcu section; the Makefile names the chip. */
	snprintf(s->firmware.mmcu, sizeof s->firmware.mmcu, "%s", mcu);
	s->firmware.frequency = f_cpu;
	s->avr = avr_make_mcu_by_name(mcu);
	if (s->avr == NULL) {
		bench_fatal("simavr does not know the chip %s", mcu);
	}
	if (s->firmware.flashsize > (uint32_t)s->avr->flashend + 1u) {
		/* Same core, same 16-bit program counter: only the size differs. */
		if (s->firmware.flashsize > 0x10000u) {
			bench_fatal("%s is larger than 64 KB", elf);
		}
		s->avr->flashend = 0xFFFFu;
		s->flash_enlarged = true;
	}
	avr_init(s->avr);
	s->avr->log = LOG_NONE;
	avr_load_firmware(s->avr, &s->firmware);
	avr_register_io_write(s->avr, BENCH_MARK_REGISTER, on_mark, s);
	avr_register_io_write(s->avr, BENCH_BYTE_REGISTER, on_byte, s);
}

void bench_session_run(struct bench_session *s, uint8_t what, uint8_t game, const char *text, bool verbose)
{
	static const char *const names[] = {
		[BENCH_RUN_EMPTY] = "empty",
		[BENCH_RUN_ENGINE] = "engine",
		[BENCH_RUN_BOTH] = "both",
		[BENCH_RUN_PARSE] = "parse",
	};
	s->what = what;
	s->game = game;
	s->text = text;
	s->sent = false;
	s->finished = s->capped = s->refused = false;
	s->engine_answer[0] = s->baseline_answer[0] = s->parse_answer[0] = '\0';
	if (verbose) {
		fprintf(stderr, "  %s %s: %s\n", names[what], engine_game_name(game), text);
	}
	uint64_t give_up = s->avr->cycle + ENGINE_CYCLES_MAX + s->cap;
	while (!s->finished && !s->capped) {
		int state = avr_run(s->avr);
		if (state == cpu_Done || state == cpu_Crashed || s->core_error[0] || s->avr->cycle > give_up) {
			bench_fatal("the AVR program stopped (%s) on %s \"%s\"",
				    s->core_error[0] ? s->core_error : "no answer", engine_game_name(game), text);
		}
	}
	if (s->capped) {
		avr_reset(s->avr);
	}
	s->what = 0;
}
