/*
 * The benchmark's AVR program: the engine and the textbook baseline
 * (baseline.c), built for the ATmega328P with the firmware's flags and run
 * in simavr by tools/bench/bench_run.c, which sends it positions and times
 * each call by the markers this program writes (see bench.h).
 *
 * For each position: parse it (not timed), time engine_best_move, report
 * the outcome and the move (not timed), then, when asked, time the
 * baseline on the same position and report its answer.  Or, when asked,
 * time the parse alone: the Prime-power game's factoring (factor_run.c).
 */
#include <avr/io.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "tools/bench/baseline.h"
#include "tools/bench/bench.h"

/* Room between the baseline's work area and the stack pointer at the call,
 * for the call itself. */
#define BENCH_CALL_ROOM 32u

/* The end of static RAM (avr-libc's linker script): free RAM runs from here
 * up to the stack.  It holds the command, and afterwards the baseline's
 * memo tables. */
extern uint8_t __heap_start;

typedef bool best_move_fn(const struct position *pos, struct move *mv);
typedef enum engine_error parse_fn(struct position *pos, uint8_t game, const char *text);
typedef void baseline_fn(const struct position *pos, uint8_t *work, uint16_t size, struct baseline_answer *answer);

static bool bench_nothing(const struct position *pos, struct move *mv)
{
	(void)pos;
	(void)mv;
	return false;
}

/* Every timed call goes through one of these pointers, read from RAM at
 * run time: the compiler can neither inline the engine into this program
 * (its code stays the firmware's) nor move work across the markers. */
static best_move_fn *volatile engine_call = engine_best_move;
static best_move_fn *volatile empty_call = bench_nothing;
static baseline_fn *volatile baseline_call = baseline_best_move;
static parse_fn *volatile parse_call = engine_parse_position;

static struct position position;
static struct move move;
static struct baseline_answer answer;

/* The barriers keep every memory access on its side of the marker. */
static void bench_mark(uint8_t mark)
{
	__asm__ __volatile__("" ::: "memory");
	GPIOR0 = mark;
	__asm__ __volatile__("" ::: "memory");
}

static void bench_put(struct text_sink *sink, char c)
{
	(void)sink;
	GPIOR1 = (uint8_t)c;
}

static struct text_sink bench_out = { bench_put };

static void bench_put_u16(uint16_t value)
{
	GPIOR1 = (uint8_t)value;
	GPIOR1 = (uint8_t)(value >> 8);
}

static void bench_time_empty(void)
{
	best_move_fn *call = empty_call;
	bench_mark(BENCH_MARK_EMPTY_START);
	(void)call(&position, &move);
	bench_mark(BENCH_MARK_EMPTY_END);
}

static void bench_time_engine(void)
{
	best_move_fn *call = engine_call;
	bench_mark(BENCH_MARK_ENGINE_START);
	bool moved = call(&position, &move);
	bench_mark(BENCH_MARK_ENGINE_END);
	bench_put(&bench_out, engine_outcome(&position) == OUTCOME_N ? 'N' : 'P');
	if (moved) {
		engine_print_move(&position, &move, &bench_out);
	} else {
		bench_put(&bench_out, '-');
	}
	bench_mark(BENCH_MARK_ENGINE_ANSWER);
}

static void bench_time_baseline(void)
{
	baseline_fn *call = baseline_call;
	uint8_t *work = &__heap_start;
	uint16_t size = (uint16_t)(SP - (uint16_t)(uintptr_t)work - BENCH_CALL_ROOM);
	bench_mark(BENCH_MARK_BASELINE_START);
	call(&position, work, size, &answer);
	bench_mark(BENCH_MARK_BASELINE_END);
	bench_put(&bench_out, answer.status == BASELINE_DONE ? 'D' : 'R');
	bench_put(&bench_out, answer.outcome == OUTCOME_N ? 'N' : 'P');
	baseline_print_move(&position, &answer, &bench_out);
	bench_mark(BENCH_MARK_BASELINE_ANSWER);
}

/* The parse alone, and for the Prime-power game the factorisation it made. */
static void bench_time_parse(const char *command)
{
	parse_fn *call = parse_call;
	bench_mark(BENCH_MARK_PARSE_START);
	enum engine_error err = call(&position, (uint8_t)command[BENCH_COMMAND_GAME], command + BENCH_COMMAND_TEXT);
	bench_mark(BENCH_MARK_PARSE_END);
	if (err != ENGINE_OK) {
		engine_print_error(err, &bench_out);
	} else if (position.game == GAME_PRIME_POWER) {
		print_to(&bench_out);
		for (uint8_t i = 0; i < position.count; i++) {
			put_pair(position.u.factors.prime[i], '^', position.u.factors.exponent[i]);
			put_char(' ');
		}
	}
	bench_mark(BENCH_MARK_PARSE_ANSWER);
}

static void bench_run(const char *command)
{
	uint8_t what = (uint8_t)command[BENCH_COMMAND_WHAT];
	if (what == BENCH_RUN_EMPTY) {
		bench_time_empty();
		return;
	}
	if (what == BENCH_RUN_PARSE) {
		bench_time_parse(command);
		return;
	}
	enum engine_error err =
		engine_parse_position(&position, (uint8_t)command[BENCH_COMMAND_GAME], command + BENCH_COMMAND_TEXT);
	if (err != ENGINE_OK) {
		engine_print_error(err, &bench_out);
		bench_mark(BENCH_MARK_REFUSED);
		return;
	}
	bench_time_engine();
	if (what == BENCH_RUN_BOTH) {
		bench_time_baseline();
	}
}

int main(void)
{
	bench_put_u16((uint16_t)(uintptr_t)&__heap_start);
	bench_put_u16(BENCH_COMMAND_SIZE);
	bench_mark(BENCH_MARK_HELLO);
	for (;;) {
		bench_mark(BENCH_MARK_REQUEST);
		bench_run((const char *)&__heap_start);
	}
}
