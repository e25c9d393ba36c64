/*
 * The console lines make bench times for each game (tools/bench/
 * console_run.c); see console_positions.h.
 */
#include "tools/bench/console_positions.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "sim/harness.h"
#include "tools/bench/common.h"

#define RANDOM_LINES 24u /* random positions at the limits, per game */

static uint32_t seed = 1003u; /* fixed: the same positions at every run */
static console_position_timer *timer;
static void *timer_ctx;
static const char *factors_file;

static void time_position(uint8_t game, const char *position)
{
	timer(timer_ctx, game, position);
}

/* `count` numbers below 2^16 (or `large`: 2^32) joined by spaces: all the
 * largest, or at random. */
static void numbers(char *text, size_t size, unsigned count, bool large, bool random)
{
	text[0] = '\0';
	for (unsigned i = 0; i < count; i++) {
		uint32_t n = random ? sim_random(&seed) : UINT32_MAX;
		size_t at = strlen(text);
		snprintf(text + at, size - at, "%s%lu", i ? " " : "", (unsigned long)(large ? n : n & 0xFFFFu));
	}
}

static void time_heaps(uint8_t game, const char *settings)
{
	char text[CONSOLE_POSITION_MAX], position[CONSOLE_POSITION_MAX];
	numbers(text, sizeof text, ENGINE_MAX_HEAPS, false, false);
	snprintf(position, sizeof position, "%s%s", settings, text);
	time_position(game, position);
	for (unsigned i = 0; i < RANDOM_LINES; i++) {
		numbers(text, sizeof text, 1u + sim_random(&seed) % ENGINE_MAX_HEAPS, false, true);
		snprintf(position, sizeof position, "%s%s", settings, text);
		time_position(game, position);
	}
}

/* The numbers factor_run found slowest to factor, "CYCLES NUMBER" a line. */
static void time_slowest_factors(void)
{
	if (factors_file == NULL) {
		return;
	}
	FILE *file = fopen(factors_file, "r");
	if (file == NULL) {
		bench_fatal("cannot read %s (make bench's factoring search writes it)", factors_file);
	}
	char line[64];
	unsigned read = 0;
	while (fgets(line, sizeof line, file)) {
		unsigned long long cycles, number;
		if (sscanf(line, "%llu %llu", &cycles, &number) != 2 || number == 0 || number > UINT32_MAX) {
			bench_fatal("%s: not \"CYCLES NUMBER\": %s", factors_file, line);
		}
		char text[16];
		snprintf(text, sizeof text, "%llu", number);
		time_position(GAME_PRIME_POWER, text);
		read++;
	}
	fclose(file);
	if (read == 0) {
		bench_fatal("%s holds no numbers", factors_file);
	}
}

static void time_numbers(uint8_t game)
{
	char text[CONSOLE_POSITION_MAX];
	if (game == GAME_DIVIDE) {
		numbers(text, sizeof text, ENGINE_MAX_HEAPS, true, false);
		time_position(game, text);
		for (unsigned i = 0; i < RANDOM_LINES; i++) {
			numbers(text, sizeof text, 1u + sim_random(&seed) % ENGINE_MAX_HEAPS, true, true);
			time_position(game, text);
		}
		return;
	}
	if (game == GAME_SUBTRACT_DIGIT) {
		/* The pass is longest just below each checkpoint of 10,000. */
		static const uint32_t hard[] = { 9999,  19999, 29999, 39999,  49999,  59999,      69999,
						 79999, 89999, 99999, 100000, 100001, 4294967295u };
		for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
			snprintf(text, sizeof text, "%lu", (unsigned long)hard[i]);
			time_position(game, text);
		}
		for (unsigned i = 0; i < RANDOM_LINES; i++) {
			snprintf(text, sizeof text, "%lu", (unsigned long)(sim_random(&seed) % 100001u));
			time_position(game, text);
		}
		return;
	}
	/* Prime power: the largest primes, products of two large primes and
	 * of a large prime by a small one, powers of 2, then random numbers. */
	unsigned primes = 0;
	for (uint32_t n = UINT32_MAX; primes < 3; n--) {
		if (bench_is_prime(n)) {
			snprintf(text, sizeof text, "%lu", (unsigned long)n);
			time_position(game, text);
			primes++;
		}
	}
	static const uint32_t hard[] = { 4292870399u /* 65519 * 65521 */,
					 4294049777u /* 65521 * 65537 */,
					 2147483647u,
					 2147483648u,
					 4294967295u,
					 4294967294u,
					 223092870u };
	for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
		snprintf(text, sizeof text, "%lu", (unsigned long)hard[i]);
		time_position(game, text);
	}
	for (unsigned i = 0; i < RANDOM_LINES; i++) {
		snprintf(text, sizeof text, "%lu", (unsigned long)(sim_random(&seed) | 1u));
		time_position(game, text);
	}
	time_slowest_factors();
}

static void time_rows(uint8_t game)
{
	char text[CONSOLE_POSITION_MAX];
	numbers(text, sizeof text, ENGINE_MAX_ROWS, false, false);
	time_position(game, text);
	time_position(game, "65535");
	/* 39 rows of 65535 and one more: its move may split a row of 65535. */
	for (unsigned i = 0; i < RANDOM_LINES; i++) {
		numbers(text, sizeof text, ENGINE_MAX_ROWS - 1u, false, false);
		size_t at = strlen(text);
		snprintf(text + at, sizeof text - at, " %lu", (unsigned long)(sim_random(&seed) & 0xFFFFu));
		time_position(game, text);
		numbers(text, sizeof text, 1u + sim_random(&seed) % ENGINE_MAX_ROWS, false, true);
		time_position(game, text);
	}
}

static void time_matrix(void)
{
	for (unsigned k = 0; k <= RANDOM_LINES; k++) {
		char text[CONSOLE_POSITION_MAX] = "";
		for (unsigned r = 0; r < ENGINE_MATRIX_MAX; r++) {
			for (unsigned c = 0; c < ENGINE_MATRIX_MAX; c++) {
				unsigned cell = k == 0 ? 255u : sim_random(&seed) & 0xFFu;
				size_t at = strlen(text);
				snprintf(text + at, sizeof text - at, "%s%u",
					 r + c == 0 ? ""
					 : c == 0   ? " / "
						    : " ",
					 cell);
			}
		}
		time_position(GAME_MATRIX_NIM, text);
	}
}

static void time_boards(uint8_t game)
{
	static const char *const full[GAME_COUNT] = {
		[GAME_WYTHOFF] = "65535 65535",
		[GAME_CHOMP] = "8 8 8 8",
		[GAME_TAKTIX] = "OOOO/OOOO/OOOO/OOOO",
		[GAME_KUBO] = "333/333/333",
		[GAME_NINETEEN] = "OOO/OOOO/OOOOO/OOOO/OOO",
	};
	static const char *const taktix_words[] = { "any normal ", "any misere ", "adjacent normal ",
						    "adjacent misere " };
	char text[CONSOLE_POSITION_MAX];
	for (unsigned i = 0; i < (game == GAME_TAKTIX ? 4u : 1u); i++) {
		snprintf(text, sizeof text, "%s%s", game == GAME_TAKTIX ? taktix_words[i] : "", full[game]);
		time_position(game, text);
	}
	for (unsigned i = 0; i < RANDOM_LINES; i++) {
		uint32_t r = sim_random(&seed);
		switch (game) {
		case GAME_WYTHOFF:
			snprintf(text, sizeof text, "%lu %lu", (unsigned long)(r & 0xFFFFu), (unsigned long)(r >> 16));
			break;
		case GAME_CHOMP: { /* rows from the bottom, none longer than the one below */
			unsigned a = 1u + r % 8u, b = 1u + (r >> 3) % a, c = 1u + (r >> 6) % b;
			snprintf(text, sizeof text, "8 %u %u %u", a, b, c);
			break;
		}
		case GAME_KUBO:
			snprintf(text, sizeof text, "%lu%lu%lu/%lu%lu%lu/%lu%lu%lu", (unsigned long)(r & 3u),
				 (unsigned long)(r >> 2 & 3u), (unsigned long)(r >> 4 & 3u),
				 (unsigned long)(r >> 6 & 3u), (unsigned long)(r >> 8 & 3u),
				 (unsigned long)(r >> 10 & 3u), (unsigned long)(r >> 12 & 3u),
				 (unsigned long)(r >> 14 & 3u), (unsigned long)(r >> 16 & 3u));
			break;
		default: { /* Taktix, Nineteen: cells present at random */
			static const uint8_t taktix_rows[] = { 4, 4, 4, 4 }, nineteen_rows[] = { 3, 4, 5, 4, 3 };
			const uint8_t *rows = game == GAME_TAKTIX ? taktix_rows : nineteen_rows;
			unsigned count = game == GAME_TAKTIX ? 4u : 5u, at = 0;
			if (game == GAME_TAKTIX) {
				at = (unsigned)snprintf(text, sizeof text, "%s", taktix_words[r % 4u]);
			}
			for (unsigned row = 0; row < count; row++) {
				for (unsigned c = 0; c < rows[row]; c++) {
					text[at++] = (sim_random(&seed) & 3u) ? 'O' : '.';
				}
				text[at++] = row + 1u < count ? '/' : '\0';
			}
			break;
		}
		}
		time_position(game, text);
	}
}

void console_positions_largest(char *text, size_t size, unsigned count)
{
	numbers(text, size, count, false, false);
}

void console_positions_search(uint8_t game, const char *factors, console_position_timer *time, void *ctx)
{
	static const char *const heap_settings[GAME_COUNT] = {
		[GAME_NIM] = "misere ",
		[GAME_MISERE_NIM] = "",
		[GAME_MARIENBAD] = "normal ",
		[GAME_LIMIT_NIM] = "k=255 ",
		[GAME_SUBTRACTION] = "S=1,2,3,4,5,6,7,8 ",
		[GAME_NIMBLE] = "",
		[GAME_POKER_NIM] = "k=255 left=255,255 ",
	};
	timer = time;
	timer_ctx = ctx;
	factors_file = factors;
	switch (game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_LIMIT_NIM:
	case GAME_SUBTRACTION:
	case GAME_NIMBLE:
	case GAME_POKER_NIM:
		time_heaps(game, heap_settings[game]);
		if (game == GAME_LIMIT_NIM) {
			time_heaps(game, "k=1 ");
		}
		break;
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
	case GAME_PRIME_POWER:
		time_numbers(game);
		break;
	case GAME_MATRIX_NIM:
		time_matrix();
		break;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		time_rows(game);
		break;
	default:
		time_boards(game);
		break;
	}
}
