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
 *     end to end: the positions at the limits, the ones the engine's
 *     methods find hardest and random ones (tools/bench/console_positions.h);
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
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/lcd_keypad_shield.h"
#include "engine/engine.h"
#include "engine/text.h"
#include "sim/harness.h"
#include "tools/bench/common.h"
#include "tools/bench/console_positions.h"
#include "tools/bench/console_time.h"

#define GOAL_MS 250u
#define TEXT_MAX CONSOLE_POSITION_MAX
#define BOOT_MS 500u
#define REPLY_MS 5000u
#define PAUSE_MS 600u /* the machine's deliberate pause (firmware/play.c) */
#define QUIET_MS 10u  /* the LCD unchanged this long: a screen is drawn (a marquee's steps come later) */
#define MOVES_KEPT 3u /* of each game's slowest machine moves found by the cycle runner */
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

static double ms_of(uint64_t cycles)
{
	return (double)cycles * 1000.0 / BOARD_F_CPU;
}

static struct sim *boot(void)
{
	struct sim *sim = sim_open(&(struct sim_options){ .elf = options.elf });
	if (sim == NULL || !sim_wait_uart(sim, "grundy-box ready\r\n", BOOT_MS)) {
		bench_fatal("the firmware %s did not start", options.elf);
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
		bench_fatal("%s %s: the host engine refuses it (%d)", engine_game_name(game), position, (int)err);
	}
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, size);
	engine_print_analysis(&pos, &sink.sink);
}

static void time_answer(void *ctx, uint8_t game, const char *position)
{
	struct sim *sim = ctx;
	char line[TEXT_MAX + 32], expected[4 * TEXT_MAX];
	snprintf(line, sizeof line, "%s %s", engine_game_name(game), position);
	host_analysis(game, position, expected, sizeof expected);
	struct console_timing t;
	if (!console_time_line(sim, line, 1, REPLY_MS, &t)) {
		bench_fatal("\"%s\": no reply (%s)", line, t.reply);
	}
	if (strcmp(t.reply, expected) != 0) {
		bench_fatal("\"%s\": the device answers \"%s\", the host \"%s\"", line, t.reply, expected);
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
		bench_fatal("\"%s\": the machine does not think (%s)", line, sim_uart_output(sim));
	}
	uint64_t pause_end = sim_lcd_last_change(sim) + (uint64_t)PAUSE_MS * BOARD_F_CPU / 1000u;
	if (!lcd_settles_after(sim, pause_end)) {
		bench_fatal("\"%s\": no move on the LCD", line);
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

/* make bench's names of games (tools/bench/bench_positions.c) that are not the
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
		bench_fatal("cannot read %s (make bench's cycle runner writes it)", options.positions);
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
			bench_fatal("%s: no game named \"%s\"", options.positions, label);
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
			ms_of(a->cycles), bench_grouped(a->cycles), cut(a->text, 42, line, sizeof line), m->timed,
			ms_of(m->cycles), bench_grouped(m->cycles), cut(m->text, 40, move, sizeof move));
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
		bench_fatal("cannot read %s", options.measured);
	}
	static char text[1u << 20];
	size_t length = fread(text, 1, sizeof text - 1u, file);
	fclose(file);
	text[length] = '\0';
	char *begin = strstr(text, MEASURED_BEGIN), *end = begin ? strstr(begin, MEASURED_END) : NULL;
	if (begin == NULL || end == NULL) {
		bench_fatal("%s has no \"%s\" ... \"%s\" block", options.measured, MEASURED_BEGIN, MEASURED_END);
	}
	file = fopen(options.measured, "w");
	if (file == NULL) {
		bench_fatal("cannot write %s", options.measured);
	}
	fwrite(text, 1, (size_t)(begin - text) + strlen(MEASURED_BEGIN), file);
	fputs("\n```\n", file);
	print_table(file);
	fputs("```\n", file);
	fputs(end, file);
	if (fclose(file) != 0) {
		bench_fatal("cannot write %s", options.measured);
	}
}

/* ---- main ---- */

/* make test's check: the slowest lines and moves make bench has found. */
static void check_known_hardest(struct sim *sim)
{
	char rows[TEXT_MAX];
	console_positions_largest(rows, sizeof rows, ENGINE_MAX_ROWS);
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
			bench_fatal("usage: console_run [--check] [--out FILE] [--measured FILE] [--positions FILE] "
				    "[--factors FILE] "
				    "FIRMWARE.ELF");
		}
	}
	if (options.elf == NULL || (!options.check && options.positions == NULL)) {
		bench_fatal("usage: console_run [--check] [--out FILE] [--measured FILE] [--positions FILE] [--factors "
			    "FILE] "
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
		console_positions_search(game, options.factors, time_answer, sim);
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
			bench_fatal("cannot append to %s", options.out);
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
