/*
 * make bench's table of the slowest answers, as a person sees them: the
 * real firmware in simavr (sim/harness.h), each game's slowest console
 * answer (the line's last byte in to the reply's last byte out,
 * tools/bench/console_time.h) and its slowest machine move on the LCD.
 *
 * usage: console_run [--check] [--out FILE] [--measured FILE]
 *                    [--positions FILE] [--factors FILE] FIRMWARE.ELF
 *
 * The slowest are searched for, not guessed:
 *   - console answers: for every game, many analysis lines, each timed
 *     end to end: the positions at the limits `grundy --list` states (the
 *     most parts, the largest numbers, every parameter at both ends), the
 *     ones the engine's methods find hardest (Subtract a digit just below
 *     each of its checkpoints and at 100,000; the largest primes below
 *     2^32, products of two large primes, powers of 2, and the numbers
 *     make bench's factoring search (tools/bench/factor_run.c, --factors)
 *     found slowest to factor on the AVR; Kayles and pebbles
 *     rows of 65,535 whose move splits one of 40), and random positions at
 *     the limits (fixed seeds);
 *   - machine moves: the positions where make bench's cycle runner
 *     (tools/bench/bench_run.c, --positions) found the engine's move
 *     slowest, the 3 slowest of each game, each begun with `go` and timed
 *     on the LCD from "Thinking..." to the move drawn, less the machine's
 *     deliberate 600 ms pause.
 * The table goes to the terminal, is appended to --out, and replaces what
 * stands between its markers in the page of measured figures (--measured,
 * docs/measured.md).
 *
 * --check (make test): only the known hardest lines, each must be answered
 * within CONSOLE_GOAL_MS; TAP output.  Exit status 0 when every answer and
 * move is within the goal.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/lcd_keypad_shield.h"
#include "engine/engine.h"
#include "engine/text.h"
#include "sim/harness.h"
#include "tools/bench/console_time.h"

#define GOAL_MS 250u
#define TEXT_MAX 320u
#define BOOT_MS 500u
#define REPLY_MS 5000u
#define PAUSE_MS 600u    /* the machine's deliberate pause (firmware/play.c) */
#define QUIET_MS 10u     /* the LCD unchanged this long: a screen is drawn (a marquee's steps come later) */
#define RANDOM_LINES 24u /* random positions at the limits, per game */
#define MOVES_KEPT 3u    /* of each game's slowest machine moves found by the cycle runner */
#define MEASURED_BEGIN "<!-- begin slowest-answers: written by make bench (tools/bench/console_run.c) -->"
#define MEASURED_END "<!-- end slowest-answers -->"

static struct {
	bool check;
	const char *out, *measured, *positions, *factors, *elf;
} options;

struct worst {
	uint64_t cycles;
	unsigned timed;
	char text[TEXT_MAX + 32];
};

static struct worst answers[GAME_COUNT], moves[GAME_COUNT];
static unsigned over_goal;
static uint32_t seed = 1003u;

__attribute__((format(printf, 1, 2), noreturn)) static void fatal(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	fputs("console_run: ", stderr);
	vfprintf(stderr, format, args);
	fputc('\n', stderr);
	va_end(args);
	exit(2);
}

static double ms_of(uint64_t cycles)
{
	return (double)cycles * 1000.0 / BOARD_F_CPU;
}

static struct sim *boot(void)
{
	struct sim *sim = sim_open(&(struct sim_options){ .elf = options.elf });
	if (sim == NULL || !sim_wait_uart(sim, "grundy-box ready\r\n", BOOT_MS)) {
		fatal("the firmware %s did not start", options.elf);
	}
	sim_run_ms(sim, BOOT_MS);
	return sim;
}

/* ---- console answers ---- */

/* The host engine's analysis line, which the device's must equal. */
static void host_analysis(uint8_t game, const char *position, char *text, size_t size)
{
	struct position pos;
	enum engine_error err = engine_parse_position_to_analyse(&pos, game, position);
	if (err != ENGINE_OK) {
		fatal("%s %s: the host engine refuses it (%d)", engine_game_name(game), position, (int)err);
	}
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, size);
	engine_print_analysis(&pos, &sink.sink);
}

static void time_answer(struct sim *sim, uint8_t game, const char *position)
{
	char line[TEXT_MAX + 32], expected[4 * TEXT_MAX];
	snprintf(line, sizeof line, "%s %s", engine_game_name(game), position);
	host_analysis(game, position, expected, sizeof expected);
	struct console_timing t;
	if (!console_time_line(sim, line, 1, REPLY_MS, &t)) {
		fatal("\"%s\": no reply (%s)", line, t.reply);
	}
	if (strcmp(t.reply, expected) != 0) {
		fatal("\"%s\": the device answers \"%s\", the host \"%s\"", line, t.reply, expected);
	}
	struct worst *w = &answers[game];
	w->timed++;
	if (t.cycles > w->cycles) {
		w->cycles = t.cycles;
		snprintf(w->text, sizeof w->text, "%s", line);
	}
	if (options.check) {
		bool ok = t.ms <= GOAL_MS;
		over_goal += !ok;
		printf("%s - \"%.60s%s\" answered in %.1f ms (%" PRIu64 " cycles), goal %u ms\n", ok ? "ok" : "not ok",
		       line, strlen(line) > 60 ? "..." : "", t.ms, t.cycles, GOAL_MS);
	}
	sim_run_ms(sim, 20);
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

static void time_heaps(struct sim *sim, uint8_t game, const char *settings)
{
	char text[TEXT_MAX], position[TEXT_MAX];
	numbers(text, sizeof text, ENGINE_MAX_HEAPS, false, false);
	snprintf(position, sizeof position, "%s%s", settings, text);
	time_answer(sim, game, position);
	for (unsigned i = 0; i < RANDOM_LINES; i++) {
		numbers(text, sizeof text, 1u + sim_random(&seed) % ENGINE_MAX_HEAPS, false, true);
		snprintf(position, sizeof position, "%s%s", settings, text);
		time_answer(sim, game, position);
	}
}

static bool is_prime(uint32_t n)
{
	if (n < 2) {
		return false;
	}
	for (uint32_t d = 2; d <= n / d; d++) {
		if (n % d == 0) {
			return false;
		}
	}
	return true;
}

/* The numbers factor_run found slowest to factor, "CYCLES NUMBER" a line. */
static void time_slowest_factors(struct sim *sim)
{
	if (options.factors == NULL) {
		return;
	}
	FILE *file = fopen(options.factors, "r");
	if (file == NULL) {
		fatal("cannot read %s (make bench's factoring search writes it)", options.factors);
	}
	char line[64];
	unsigned read = 0;
	while (fgets(line, sizeof line, file)) {
		unsigned long long cycles, number;
		if (sscanf(line, "%llu %llu", &cycles, &number) != 2 || number == 0 || number > UINT32_MAX) {
			fatal("%s: not \"CYCLES NUMBER\": %s", options.factors, line);
		}
		char text[16];
		snprintf(text, sizeof text, "%llu", number);
		time_answer(sim, GAME_PRIME_POWER, text);
		read++;
	}
	fclose(file);
	if (read == 0) {
		fatal("%s holds no numbers", options.factors);
	}
}

static void time_numbers(struct sim *sim, uint8_t game)
{
	char text[TEXT_MAX];
	if (game == GAME_DIVIDE) {
		numbers(text, sizeof text, ENGINE_MAX_HEAPS, true, false);
		time_answer(sim, game, text);
		for (unsigned i = 0; i < RANDOM_LINES; i++) {
			numbers(text, sizeof text, 1u + sim_random(&seed) % ENGINE_MAX_HEAPS, true, true);
			time_answer(sim, game, text);
		}
		return;
	}
	if (game == GAME_SUBTRACT_DIGIT) {
		/* The pass is longest just below each checkpoint of 10,000. */
		static const uint32_t hard[] = { 9999,  19999, 29999, 39999,  49999,  59999,      69999,
						 79999, 89999, 99999, 100000, 100001, 4294967295u };
		for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
			snprintf(text, sizeof text, "%lu", (unsigned long)hard[i]);
			time_answer(sim, game, text);
		}
		for (unsigned i = 0; i < RANDOM_LINES; i++) {
			snprintf(text, sizeof text, "%lu", (unsigned long)(sim_random(&seed) % 100001u));
			time_answer(sim, game, text);
		}
		return;
	}
	/* Prime power: the largest primes, products of two large primes and
	 * of a large prime by a small one, powers of 2, then random numbers. */
	unsigned primes = 0;
	for (uint32_t n = UINT32_MAX; primes < 3; n--) {
		if (is_prime(n)) {
			snprintf(text, sizeof text, "%lu", (unsigned long)n);
			time_answer(sim, game, text);
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
		time_answer(sim, game, text);
	}
	for (unsigned i = 0; i < RANDOM_LINES; i++) {
		snprintf(text, sizeof text, "%lu", (unsigned long)(sim_random(&seed) | 1u));
		time_answer(sim, game, text);
	}
	time_slowest_factors(sim);
}

static void time_rows(struct sim *sim, uint8_t game)
{
	char text[TEXT_MAX];
	numbers(text, sizeof text, ENGINE_MAX_ROWS, false, false);
	time_answer(sim, game, text);
	time_answer(sim, game, "65535");
	/* 39 rows of 65535 and one more: its move may split a row of 65535. */
	for (unsigned i = 0; i < RANDOM_LINES; i++) {
		numbers(text, sizeof text, ENGINE_MAX_ROWS - 1u, false, false);
		size_t at = strlen(text);
		snprintf(text + at, sizeof text - at, " %lu", (unsigned long)(sim_random(&seed) & 0xFFFFu));
		time_answer(sim, game, text);
		numbers(text, sizeof text, 1u + sim_random(&seed) % ENGINE_MAX_ROWS, false, true);
		time_answer(sim, game, text);
	}
}

static void time_matrix(struct sim *sim)
{
	for (unsigned k = 0; k <= RANDOM_LINES; k++) {
		char text[TEXT_MAX] = "";
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
		time_answer(sim, GAME_MATRIX_NIM, text);
	}
}

static void time_boards(struct sim *sim, uint8_t game)
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
	char text[TEXT_MAX];
	for (unsigned i = 0; i < (game == GAME_TAKTIX ? 4u : 1u); i++) {
		snprintf(text, sizeof text, "%s%s", game == GAME_TAKTIX ? taktix_words[i] : "", full[game]);
		time_answer(sim, game, text);
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
		time_answer(sim, game, text);
	}
}

static void time_game(struct sim *sim, uint8_t game)
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
	switch (game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_LIMIT_NIM:
	case GAME_SUBTRACTION:
	case GAME_NIMBLE:
	case GAME_POKER_NIM:
		time_heaps(sim, game, heap_settings[game]);
		if (game == GAME_LIMIT_NIM) {
			time_heaps(sim, game, "k=1 ");
		}
		break;
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
	case GAME_PRIME_POWER:
		time_numbers(sim, game);
		break;
	case GAME_MATRIX_NIM:
		time_matrix(sim);
		break;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		time_rows(sim, game);
		break;
	default:
		time_boards(sim, game);
		break;
	}
}

/* ---- machine moves ---- */

static bool thinking(struct sim *sim, void *ctx)
{
	(void)ctx;
	return sim_led_thinking(sim);
}

/* Runs until the LCD has been still for QUIET_MS after a change past
 * `after`; false when none comes within REPLY_MS. */
static bool lcd_settles_after(struct sim *sim, uint64_t after)
{
	uint64_t quiet = (uint64_t)QUIET_MS * BOARD_F_CPU / 1000u;
	for (uint32_t waited = 0; waited < REPLY_MS; waited++) {
		sim_run_ms(sim, 1);
		uint64_t last = sim_lcd_last_change(sim);
		if (last > after && sim_cycles(sim) - last >= quiet) {
			return true;
		}
	}
	return false;
}

/* `go GAME POSITION`: the machine moves first.  From "Thinking..." drawn
 * to its move drawn, less the pause it waits on purpose. */
static void time_move(struct sim *sim, uint8_t game, const char *position)
{
	char line[TEXT_MAX + 32];
	snprintf(line, sizeof line, "go %s %s", engine_game_name(game), position);
	sim_uart_clear_output(sim);
	sim_uart_send(sim, line, strlen(line));
	sim_uart_send(sim, "\r", 1);
	if (!sim_run_until(sim, thinking, NULL, REPLY_MS) || !lcd_settles_after(sim, sim_cycles(sim))) {
		fatal("\"%s\": the machine does not think (%s)", line, sim_uart_output(sim));
	}
	uint64_t pause_end = sim_lcd_last_change(sim) + (uint64_t)PAUSE_MS * BOARD_F_CPU / 1000u;
	if (!lcd_settles_after(sim, pause_end)) {
		fatal("\"%s\": no move on the LCD", line);
	}
	uint64_t cycles = sim_lcd_last_change(sim) - pause_end;
	struct worst *w = &moves[game];
	w->timed++;
	if (cycles > w->cycles) {
		w->cycles = cycles;
		snprintf(w->text, sizeof w->text, "%s", position);
	}
	if (options.check) {
		bool ok = ms_of(cycles) <= GOAL_MS;
		over_goal += !ok;
		printf("%s - the machine's move in \"%.50s\" drawn %.1f ms after its pause\n", ok ? "ok" : "not ok",
		       line, ms_of(cycles));
	}
	/* Its words stay 1.5 s; the next `go` replaces the game. */
	sim_run_ms(sim, 1600);
}

/* make bench's names of games (tools/bench/bench_run.c) that are not the
 * engine's own with spaces for dashes. */
static uint8_t game_of_label(const char *label)
{
	static const struct {
		const char *label;
		uint8_t game;
	} others[] = { { "subtract a digit", GAME_SUBTRACT_DIGIT },
		       { "divide 2/3/6", GAME_DIVIDE },
		       { "pebble strip", GAME_PEBBLES },
		       { "taktix", GAME_TAKTIX } };
	for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
		if (strncmp(label, others[i].label, strlen(others[i].label)) == 0) {
			return others[i].game;
		}
	}
	char name[64];
	snprintf(name, sizeof name, "%s", label);
	for (char *c = name; *c != '\0'; c++) {
		*c = *c == ' ' ? '-' : *c;
	}
	return engine_find_game(name, (uint8_t)strlen(name));
}

/* The cycle runner's slowest MOVES_KEPT positions of each game, timed on
 * the LCD. */
static void time_moves(struct sim *sim)
{
	FILE *file = fopen(options.positions, "r");
	if (file == NULL) {
		fatal("cannot read %s (make bench's cycle runner writes it)", options.positions);
	}
	static struct {
		uint64_t cycles;
		char text[TEXT_MAX];
	} kept[GAME_COUNT][MOVES_KEPT];
	char line[1024];
	while (fgets(line, sizeof line, file)) {
		char label[64], source[16], position[TEXT_MAX];
		unsigned long long cycles;
		if (line[0] == '#' ||
		    sscanf(line, "%63[^|]| %15s | %llu | %*[^|]| %319[^\n]", label, source, &cycles, position) != 4) {
			continue;
		}
		label[strcspn(label, "|")] = '\0';
		for (size_t n = strlen(label); n > 0 && label[n - 1] == ' '; n--) {
			label[n - 1] = '\0';
		}
		uint8_t game = game_of_label(label);
		if (game == GAME_COUNT) {
			fatal("%s: no game named \"%s\"", options.positions, label);
		}
		/* The slowest kept, slowest first. */
		for (unsigned i = 0; i < MOVES_KEPT; i++) {
			if (cycles > kept[game][i].cycles) {
				memmove(&kept[game][i + 1], &kept[game][i], (MOVES_KEPT - 1 - i) * sizeof kept[0][0]);
				kept[game][i].cycles = cycles;
				snprintf(kept[game][i].text, TEXT_MAX, "%s", position);
				break;
			}
		}
	}
	fclose(file);
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		for (unsigned i = 0; i < MOVES_KEPT && kept[game][i].cycles != 0; i++) {
			time_move(sim, game, kept[game][i].text);
		}
	}
}

/* ---- the table ---- */

/* A number with its thousands separated by commas, in one of a few
 * buffers that take turns. */
static const char *grouped(uint64_t value)
{
	static char buffers[4][32];
	static unsigned turn;
	char *out = buffers[turn++ % 4u], digits[24];
	int n = snprintf(digits, sizeof digits, "%" PRIu64, value), at = 0;
	for (int i = 0; i < n; i++) {
		if (i > 0 && (n - i) % 3 == 0) {
			out[at++] = ',';
		}
		out[at++] = digits[i];
	}
	out[at] = '\0';
	return out;
}

/* A text cut to `width` characters, "..." marking the cut. */
static const char *cut(const char *text, size_t width, char *room, size_t size)
{
	if (strlen(text) <= width) {
		return text;
	}
	snprintf(room, size, "%.*s...", (int)(width - 3u), text);
	return room;
}

static void print_table(FILE *to)
{
	fprintf(to,
		"Each game's slowest answer on the serial console (the line's last byte in to the reply's last "
		"byte out)\nand slowest machine move on the LCD (from \"Thinking...\" drawn to the move drawn, "
		"less the 600 ms pause),\nthe firmware in simavr at 16 MHz; goal %u ms:\n\n",
		GOAL_MS);
	fprintf(to, "%-14s %5s %9s %11s  %-42s %5s %8s %9s  %s\n", "game", "lines", "slowest", "cycles", "its line",
		"moves", "slowest", "cycles", "its position");
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		const struct worst *a = &answers[game], *m = &moves[game];
		if (a->timed == 0 && m->timed == 0) {
			continue;
		}
		char line[64], move[64];
		fprintf(to, "%-14s %5u %6.1f ms %11s  %-42s %5u %5.1f ms %9s  %s\n", engine_game_name(game), a->timed,
			ms_of(a->cycles), grouped(a->cycles), cut(a->text, 42, line, sizeof line), m->timed,
			ms_of(m->cycles), grouped(m->cycles), cut(m->text, 40, move, sizeof move));
	}
	const char *over = "\nOver the goal:";
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		if (ms_of(answers[game].cycles) > GOAL_MS) {
			fprintf(to, "%s %s's answer (%.1f ms)", over, engine_game_name(game),
				ms_of(answers[game].cycles));
			over = ",";
		}
		if (ms_of(moves[game].cycles) > GOAL_MS) {
			fprintf(to, "%s %s's move (%.1f ms)", over, engine_game_name(game), ms_of(moves[game].cycles));
			over = ",";
		}
	}
	fprintf(to, "%s\n", over[0] == ',' ? "." : "\nEvery answer and move within the goal.");
}

/* The table in a code block, between its markers in the page of measured
 * figures. */
static void write_measured(void)
{
	FILE *file = fopen(options.measured, "r");
	if (file == NULL) {
		fatal("cannot read %s", options.measured);
	}
	static char text[1u << 20];
	size_t length = fread(text, 1, sizeof text - 1u, file);
	fclose(file);
	text[length] = '\0';
	char *begin = strstr(text, MEASURED_BEGIN), *end = begin ? strstr(begin, MEASURED_END) : NULL;
	if (begin == NULL || end == NULL) {
		fatal("%s has no \"%s\" ... \"%s\" block", options.measured, MEASURED_BEGIN, MEASURED_END);
	}
	file = fopen(options.measured, "w");
	if (file == NULL) {
		fatal("cannot write %s", options.measured);
	}
	fwrite(text, 1, (size_t)(begin - text) + strlen(MEASURED_BEGIN), file);
	fputs("\n```\n", file);
	print_table(file);
	fputs("```\n", file);
	fputs(end, file);
	if (fclose(file) != 0) {
		fatal("cannot write %s", options.measured);
	}
}

/* ---- main ---- */

/* make test's check: the slowest lines and moves make bench has found. */
static void check_known_hardest(struct sim *sim)
{
	char rows[TEXT_MAX];
	numbers(rows, sizeof rows, ENGINE_MAX_ROWS, false, false);
	time_answer(sim, GAME_SUBTRACT_DIGIT, "99999");
	time_answer(sim, GAME_SUBTRACT_DIGIT, "100000");
	time_answer(sim, GAME_PRIME_POWER, "4294967291");
	time_answer(sim, GAME_PRIME_POWER, "4294964257"); /* factor_run's slowest to factor */
	time_answer(sim, GAME_PRIME_POWER, "4292870399");
	time_answer(sim, GAME_KAYLES, rows);
	time_answer(sim, GAME_PEBBLES, rows);
	time_answer(sim, GAME_MATRIX_NIM,
		    "255 255 255 255 255 255 255 255 / 255 255 255 255 255 255 255 255 / "
		    "255 255 255 255 255 255 255 255 / 255 255 255 255 255 255 255 255 / "
		    "255 255 255 255 255 255 255 255 / 255 255 255 255 255 255 255 255 / "
		    "255 255 255 255 255 255 255 255 / 255 255 255 255 255 255 255 255");
	time_move(sim, GAME_NINETEEN, "OOO/OOOO/OOOOO/OO.O/OO.");
	time_move(sim, GAME_TAKTIX, "adjacent normal OOOO/OOOO/.OOO/OOO.");
	time_move(sim, GAME_KUBO, "322/313/333");
}

static void parse_options(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		bool value = i + 1 < argc;
		if (strcmp(argv[i], "--check") == 0) {
			options.check = true;
		} else if (strcmp(argv[i], "--out") == 0 && value) {
			options.out = argv[++i];
		} else if (strcmp(argv[i], "--measured") == 0 && value) {
			options.measured = argv[++i];
		} else if (strcmp(argv[i], "--positions") == 0 && value) {
			options.positions = argv[++i];
		} else if (strcmp(argv[i], "--factors") == 0 && value) {
			options.factors = argv[++i];
		} else if (argv[i][0] != '-' && options.elf == NULL) {
			options.elf = argv[i];
		} else {
			fatal("usage: console_run [--check] [--out FILE] [--measured FILE] [--positions FILE] "
			      "[--factors FILE] "
			      "FIRMWARE.ELF");
		}
	}
	if (options.elf == NULL || (!options.check && options.positions == NULL)) {
		fatal("usage: console_run [--check] [--out FILE] [--measured FILE] [--positions FILE] [--factors FILE] "
		      "FIRMWARE.ELF");
	}
}

int main(int argc, char **argv)
{
	parse_options(argc, argv);
	struct sim *sim = boot();
	if (options.check) {
		check_known_hardest(sim);
		printf("1..%u\n", answers[GAME_SUBTRACT_DIGIT].timed + answers[GAME_PRIME_POWER].timed +
					  answers[GAME_KAYLES].timed + answers[GAME_PEBBLES].timed +
					  answers[GAME_MATRIX_NIM].timed + moves[GAME_NINETEEN].timed +
					  moves[GAME_TAKTIX].timed + moves[GAME_KUBO].timed);
		sim_close(sim);
		return over_goal == 0 ? 0 : 1;
	}
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		time_game(sim, game);
		fprintf(stderr, "  CONSOLE %-14s %3u lines, the slowest %.1f ms\n", engine_game_name(game),
			answers[game].timed, ms_of(answers[game].cycles));
	}
	time_moves(sim);
	sim_close(sim);
	printf("\n");
	print_table(stdout);
	if (options.out != NULL) {
		FILE *file = fopen(options.out, "a");
		if (file == NULL) {
			fatal("cannot append to %s", options.out);
		}
		fputc('\n', file);
		print_table(file);
		fclose(file);
	}
	if (options.measured != NULL) {
		write_measured();
	}
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		over_goal += ms_of(answers[game].cycles) > GOAL_MS || ms_of(moves[game].cycles) > GOAL_MS;
	}
	return over_goal == 0 ? 0 : 1;
}
