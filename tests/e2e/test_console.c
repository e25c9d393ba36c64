/*
 * The serial console (firmware/console.h) end to end: the real firmware in
 * the simulator, spoken to over its UART at 115200 baud as a script or a
 * terminal would, the LCD read and the buttons pressed through the
 * shield's pins.
 *
 *   - help names every command and gives every game's syntax, as the host
 *     engine has it;
 *   - the analysis line is the host tool's, byte for byte, for positions of
 *     every game: each start, random positions reached by legal play, and
 *     edge positions (largest numbers, longest rows), checked against the
 *     engine's host build and, for some, the `grundy` program itself;
 *   - the longest analyses (about a second on the chip) answer without a
 *     watchdog reset;
 *   - a whole game of every game played by text, with `new` and with `go`,
 *     the machine's replies checked by the brute-force solver, every board
 *     printed checked against the teleprinter picture worked out here, and
 *     the LCD showing the same position;
 *   - the console and the buttons on one game; a game left with the
 *     buttons is said to be left, with its position, in the transcript,
 *     takes no more moves and forgets the board a command waited for;
 *   - the transcript's line of each game says who moves first ("new" or
 *     "go"), whether it began here or with the buttons, and typed back it
 *     begins the same game;
 *   - every kind of bad input gets one error line and leaves the game as it
 *     was, on the console and on the LCD: over-long lines, unknown
 *     commands and games, non-numbers, numbers out of range, illegal moves,
 *     moves out of turn, control and 8-bit bytes, bytes sent back to back
 *     while the chip is busy, and floods of random bytes;
 *   - lines are edited with BS and DEL, and a TAB is a space;
 *   - a row the Odra challenge refuses ends it: the next line is a command,
 *     and every line gets its reply.
 *
 * needs: CONSOLE ANALYSIS TYPED_PLAY ODRA TRANSCRIPT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "hal/uart.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"

#define TEXT_MAX 4096u
#define LINE_MAX_SENT 284u /* CONSOLE_LINE_MAX: new matrix-nim, 8 x 8 cells of 255 */
#define ROW_MATCHES 40u    /* matches drawn in a row at most */
#define RANDOM_POSITIONS_PER_GAME 24u
#define TOOL_CHECKS_PER_GAME 3u
#define TURN_MS 10000u /* the machine's pause and words */
#define QUIET_MS 50u   /* after a reply: no more lines come */
#define BLINK_MS 450u  /* a board's cursor blinks: a whole period of it */
#define ODRA_PROMPT "odra: rows 0-65535, one a line, then an empty line"

/* ---- the engine on the host ---- */

static void position_text(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_position(pos, &sink.sink);
	assert_false(sink.overflowed);
}

/* "GAME POSITION", as typed on the console. */
static void command_text(const struct position *pos, char *text, size_t size)
{
	char position[TEXT_MAX];
	position_text(pos, position, sizeof position);
	snprintf(text, size, "%s %s", engine_game_name(pos->game), position);
}

static void move_text(const struct position *pos, const struct move *mv, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_move(pos, mv, &sink.sink);
	assert_false(sink.overflowed);
}

/* "error: " and the engine's message for `err`. */
static void engine_error_line(enum engine_error err, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	print_flash(&sink.sink, "error: ");
	engine_print_error(err, &sink.sink);
}

static unsigned legal_moves(const struct position *pos)
{
	struct move mv;
	unsigned n = 0;
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		n++;
	}
	return n;
}

/* The `index`-th legal move (in the engine's order) into *mv. */
static void nth_move(const struct position *pos, unsigned index, struct move *mv)
{
	bool more = engine_next_move(pos, mv, true);
	for (unsigned i = 0; i < index && more; i++) {
		more = engine_next_move(pos, mv, false);
	}
	assert_true(more);
}

/* A position reached from the start by up to `steps` random legal moves. */
static void random_position(uint8_t game, uint32_t *seed, unsigned steps, struct position *pos)
{
	engine_start_position(pos, game);
	unsigned n = sim_random(seed) % (steps + 1u);
	for (unsigned i = 0; i < n; i++) {
		unsigned moves = legal_moves(pos);
		if (moves == 0) {
			break;
		}
		struct move mv;
		nth_move(pos, sim_random(seed) % moves, &mv);
		engine_apply_move(pos, &mv);
	}
}

/* "GAME [POSITION]" read on the host as the console reads it. */
static enum engine_error parse_command(const char *command, struct position *pos)
{
	size_t n = strcspn(command, " \t");
	uint8_t game = engine_find_game(command, (uint8_t)n);
	assert_int_not_equal(game, GAME_COUNT);
	if (command[n] == '\0') {
		engine_start_position(pos, game);
		return ENGINE_OK;
	}
	return engine_parse_position_to_analyse(pos, game, command + n + 1);
}

/* The host's line for "GAME [POSITION]": the analysis or the error. */
static void host_line(const char *command, char *text, size_t size)
{
	struct position pos;
	enum engine_error err = parse_command(command, &pos);
	if (err != ENGINE_OK) {
		engine_error_line(err, text, size);
		return;
	}
	e2e_host_analysis(&pos, text, size);
}

/* ---- the teleprinter picture, worked out here ---- */

static void append(char *text, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));
static void append(char *text, size_t size, const char *format, ...)
{
	size_t n = strlen(text);
	va_list args;
	va_start(args, format);
	vsnprintf(text + n, size - n, format, args);
	va_end(args);
}

/* The rows of a board's text ('/' between them), each with its words in
 * lower case left out and single spaces between what stays, labelled from
 * `label` on. */
static void grid_picture(const char *position, char label, char *text, size_t size)
{
	char row[TEXT_MAX] = "";
	for (const char *p = position;; p++) {
		if (*p == '/' || *p == '\0') {
			/* Words of a row: split at spaces, lower-case words dropped. */
			char kept[TEXT_MAX] = "";
			for (char *word = strtok(row, " "); word != NULL; word = strtok(NULL, " ")) {
				if (word[0] >= 'a' && word[0] <= 'z') {
					continue;
				}
				append(kept, sizeof kept, "%s%s", kept[0] != '\0' ? " " : "", word);
			}
			append(text, size, "%c: %s\r\n", label++, kept);
			row[0] = '\0';
			if (*p == '\0') {
				return;
			}
			continue;
		}
		append(row, sizeof row, "%c", *p);
	}
}

/* The board print of `pos`, ending with `status`. */
static void expected_board(const struct position *pos, const char *status, char *text, size_t size)
{
	char position[TEXT_MAX];
	position_text(pos, position, sizeof position);
	snprintf(text, size, "%s %s\r\n", engine_game_name(pos->game), position);
	switch (pos->game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_LIMIT_NIM:
	case GAME_SUBTRACTION:
	case GAME_POKER_NIM:
	case GAME_PEBBLES:
	case GAME_KAYLES:
	case GAME_WYTHOFF:
	case GAME_CHOMP:
		for (uint8_t i = 0; i < pos->count; i++) {
			unsigned size_i = pos->game == GAME_CHOMP       ? pos->u.chomp[i]
					  : pos->game == GAME_POKER_NIM ? pos->u.poker.heap[i]
									: pos->u.row[i];
			append(text, size, "%u: ", i + 1u);
			for (unsigned k = 0; k < size_i && k < ROW_MATCHES; k++) {
				append(text, size, "I");
			}
			append(text, size, "\r\n");
		}
		break;
	case GAME_MATRIX_NIM:
		grid_picture(position, '1', text, size);
		break;
	case GAME_TAKTIX:
	case GAME_KUBO:
	case GAME_NINETEEN:
		grid_picture(position, 'a', text, size);
		break;
	default: /* numbers: the first line says it all */
		break;
	}
	append(text, size, "%s\r\n", status);
}

/* ---- the device ---- */

/* Powers the chip on and waits for the menu; the console is there from the
 * first line the firmware writes. */
static struct sim *boot(void)
{
	struct sim *sim = e2e_boot(0);
	assert_non_null(strstr(sim_uart_output(sim), "grundy-box ready\r\n"));
	sim_uart_clear_output(sim);
	return sim;
}

/* Sends `line`, asserts the reply is exactly the one line `expected`. */
static void expect_reply(struct sim *sim, const char *line, const char *expected)
{
	char reply[TEXT_MAX];
	e2e_serial_ask(sim, line, reply, sizeof reply);
	sim_run_ms(sim, QUIET_MS);
	if (strcmp(reply, expected) != 0 || e2e_serial_lines(sim) != 1) {
		fail_msg("\"%s\":\n  device: %s\n  wanted: %s", line, sim_uart_output(sim), expected);
	}
}

/* Asks the device to analyse `pos` and compares with the host. */
static void check_analysis(struct sim *sim, const struct position *pos, bool with_tool)
{
	char command[TEXT_MAX];
	char expected[TEXT_MAX];
	command_text(pos, command, sizeof command);
	e2e_host_analysis(pos, expected, sizeof expected);
	if (with_tool) {
		char tool[TEXT_MAX];
		e2e_tool_line(command, tool, sizeof tool);
		assert_string_equal(tool, expected);
	}
	expect_reply(sim, command, expected);
}

/* The console's board print of the game in progress, all its lines. */
static void board_print(struct sim *sim, char *text, size_t size)
{
	e2e_serial_ask_all(sim, "board", QUIET_MS);
	snprintf(text, size, "%s", sim_uart_output(sim));
}

static bool output_has(struct sim *sim, void *ctx)
{
	return strstr(sim_uart_output(sim), (const char *)ctx) != NULL;
}

/* Runs until the output holds the line `line` (without CR LF), or fails. */
static void wait_line(struct sim *sim, const char *line, uint32_t timeout_ms)
{
	char whole[256];
	snprintf(whole, sizeof whole, "%s\r\n", line);
	if (!sim_run_until(sim, output_has, whole, timeout_ms)) {
		fail_msg("no line \"%s\" within %u ms; the device wrote:\n%s", line, timeout_ms, sim_uart_output(sim));
	}
}

/* Runs until a board print has ended ("your move" or "game is over"). */
static bool turn_back(struct sim *sim, void *ctx)
{
	(void)ctx;
	const char *text = sim_uart_output(sim);
	return strstr(text, "your move\r\n") != NULL || strstr(text, "game is over\r\n") != NULL;
}

static void wait_turn_back(struct sim *sim)
{
	if (!sim_run_until(sim, turn_back, NULL, TURN_MS)) {
		fail_msg("no board print ending the turn; the device wrote:\n%s", sim_uart_output(sim));
	}
	sim_run_ms(sim, QUIET_MS);
}

static void expect_same_lcd(struct sim *sim, char before[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1])
{
	char now[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, now);
	for (uint8_t row = 0; row < BOARD_LCD_ROWS; row++) {
		if (strcmp(now[row], before[row]) != 0) {
			fail_msg("the LCD changed from |%s|%s| to |%s|%s|", before[0], before[1], now[0], now[1]);
		}
	}
}

/* Reads "WHO MOVE -> POSITION" (the transcript line of a move; WHO is
 * "me" or "you") from the output and plays MOVE on `pos`, checking with
 * the solver that it is legal and that POSITION is what it leaves. */
static void move_from_transcript(struct sim *sim, const char *who, struct position *pos)
{
	const char *text = sim_uart_output(sim);
	size_t n = strlen(who);
	const char *line = text;
	while (line != NULL && !(strncmp(line, who, n) == 0 && line[n] == ' ')) {
		line = strstr(line, "\r\n");
		line = line != NULL ? line + 2 : NULL;
	}
	if (line == NULL) {
		fail_msg("no move of \"%s\" in:\n%s", who, text);
	}
	const char *arrow = strstr(line, " -> ");
	const char *end = strstr(line, "\r\n");
	if (arrow == NULL || end == NULL || arrow > end) {
		fail_msg("the move is not \"%s MOVE -> POSITION\" in:\n%s", who, text);
	}
	char played[64];
	char after_text[TEXT_MAX];
	snprintf(played, sizeof played, "%.*s", (int)(arrow - line - n - 1), line + n + 1);
	snprintf(after_text, sizeof after_text, "%.*s", (int)(end - arrow - 4), arrow + 4);
	struct move mv;
	assert_int_equal(engine_parse_move(pos, played, &mv), ENGINE_OK);
	assert_int_equal(engine_check_move(pos, &mv), ENGINE_OK);
	struct brute_pos before;
	struct brute_move bm;
	assert_true(brute_from_position(&before, pos));
	brute_move_from_engine(&bm, pos, &mv);
	assert_true(brute_is_legal(&before, &bm));
	engine_apply_move(pos, &mv);
	char now[TEXT_MAX];
	position_text(pos, now, sizeof now);
	assert_string_equal(after_text, now);
}

/* The output ends with the board print of `pos` and `status`. */
static void expect_board_print(struct sim *sim, const struct position *pos, const char *status)
{
	char expected[TEXT_MAX];
	expected_board(pos, status, expected, sizeof expected);
	const char *text = sim_uart_output(sim);
	size_t n = strlen(text);
	size_t m = strlen(expected);
	if (n < m || strcmp(text + n - m, expected) != 0) {
		fail_msg("the board print is not\n%s\nthe device wrote:\n%s", expected, text);
	}
}

/* ---- help ---- */

static void help_names_every_command_and_game(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_all(sim, "help", QUIET_MS);
	char first[TEXT_MAX];
	assert_true(e2e_serial_line(sim, 0, first, sizeof first));
	static const char *const commands[] = { "GAME [POSITION]", "new", "go", "MOVE", "board", "odra", "help" };
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strstr(first, commands[i]) == NULL) {
			fail_msg("help does not name \"%s\": %s", commands[i], first);
		}
	}
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		char expected[TEXT_MAX];
		struct buffer_sink sink;
		buffer_sink_init(&sink, expected, sizeof expected);
		engine_print_game_name(game, &sink.sink);
		print_char(&sink.sink, ' ');
		engine_print_game_syntax(game, &sink.sink);
		char line[TEXT_MAX];
		assert_true(e2e_serial_line(sim, 1u + game, line, sizeof line));
		assert_string_equal(line, expected);
	}
	assert_int_equal(e2e_serial_lines(sim), 1u + GAME_COUNT);
	/* Words after `help` change nothing. */
	e2e_serial_ask_all(sim, "HELP nim", QUIET_MS);
	assert_int_equal(e2e_serial_lines(sim), 1u + GAME_COUNT);
	e2e_close(sim);
}

/* ---- analysis ---- */

static void analysis_is_the_host_tools_line(void **state)
{
	(void)state;
	struct sim *sim = boot();
	uint32_t seed = 0x0D7A1003u;
	unsigned checked = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct position pos;
		engine_start_position(&pos, game);
		check_analysis(sim, &pos, true);
		checked++;
		for (unsigned i = 0; i < RANDOM_POSITIONS_PER_GAME; i++) {
			random_position(game, &seed, 12, &pos);
			char command[TEXT_MAX];
			command_text(&pos, command, sizeof command);
			if (strlen(command) > LINE_MAX_SENT) {
				continue;
			}
			check_analysis(sim, &pos, i < TOOL_CHECKS_PER_GAME);
			checked++;
		}
		/* Without a position: the start, as the host tool does; names in
		 * any case. */
		char expected[TEXT_MAX];
		char name[64];
		engine_start_position(&pos, game);
		e2e_host_analysis(&pos, expected, sizeof expected);
		snprintf(name, sizeof name, "%s", engine_game_name(game));
		name[0] = (char)(name[0] - 'a' + 'A');
		expect_reply(sim, name, expected);
	}
	print_message("# %u positions of all %u games: the device's line is the host tool's\n", checked,
		      (unsigned)GAME_COUNT);
	e2e_close(sim);
}

/* Texts at the edges of what each game takes. */
static const char *const edge_commands[] = {
	"nim 65535 65535 65534 1 2 4 8 16",
	"nim misere 1 1 1 1 1 1 1 1",
	"misere-nim 65535",
	"marienbad normal 1 3 5 7",
	"marienbad 0 0 0 1",
	"limit-nim k=255 65535 65534 3",
	"limit-nim k=1 65535 1 0",
	"subtraction S=1,2,3,4,5,6,7,8 65535 65534 65533",
	"subtraction S=8 7 8 65535",
	"subtract-digit 4294967295",
	"subtract-digit 99999",
	"subtract-digit 0",
	"divide 4294967295 4294967294 1 0 2 3 6 7",
	"prime-power 1",
	"prime-power 4294967295",
	"prime-power 2147483648",
	"nimble 65535 65535 0 1 2 3 4 5",
	"matrix-nim 255 255 255 / 255 0 1 / 7 7 7",
	"poker-nim k=255 65535/65535 0/9",
	"pebbles 148 1 2 3", /* rows that can become 40, the most a game's record holds */
	"pebbles 149 1 2 3", /* 41: no game, but analysed */
	"kayles 0 71 3 1",   /* 40 */
	"kayles 0 72 3 1",   /* 41: no game, but analysed */
	/* 40 rows whose winning move splits one: 41 rows after it */
	"kayles 4 7 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1",
	"wythoff 65535 65534",
	"wythoff 0 0",
	"chomp 4x8",
	"chomp 1 1",
	"taktix any normal OOOO/OOOO/OOOO/OOOO",
	"taktix adjacent misere O.O./.O.O/O.O./.O.O",
	"kubo 000/000/001",
	"nineteen ...../OOOO/OOOOO/OOOO/OOO",
	"nineteen O../..../...../..../...",
	"nim\t3 4\t 5",
};

static void analysis_at_the_edges(void **state)
{
	(void)state;
	struct sim *sim = boot();
	for (size_t i = 0; i < sizeof edge_commands / sizeof edge_commands[0]; i++) {
		char expected[TEXT_MAX];
		host_line(edge_commands[i], expected, sizeof expected);
		expect_reply(sim, edge_commands[i], expected);
	}
	print_message("# %zu edge positions: the device's line is the host's\n",
		      sizeof edge_commands / sizeof edge_commands[0]);
	e2e_close(sim);
}

/* Each game's longest position, from the limits docs/playing.md and `grundy
 * --list` state, as a line to analyse: every one is answered with the host
 * tool's line.  The longest of all is Matrix Nim's 8 x 8 cells of 255 after
 * `new`: it begins a game, and one byte more is refused whole. */
#define HEAPS_8(h) h " " h " " h " " h " " h " " h " " h " " h
#define ROWS_40(r) HEAPS_8(r) " " HEAPS_8(r) " " HEAPS_8(r) " " HEAPS_8(r) " " HEAPS_8(r)
#define MATRIX_ROW HEAPS_8("255")
#define MATRIX_8X8                                                                                      \
	MATRIX_ROW " / " MATRIX_ROW " / " MATRIX_ROW " / " MATRIX_ROW " / " MATRIX_ROW " / " MATRIX_ROW \
		   " / " MATRIX_ROW " / " MATRIX_ROW
static const char *const longest_lines[] = {
	"nim misere " HEAPS_8("65535"),
	"misere-nim normal " HEAPS_8("65535"),
	"marienbad normal " HEAPS_8("65535"),
	"limit-nim k=255 " HEAPS_8("65535"),
	"subtraction S=1,2,3,4,5,6,7,8 " HEAPS_8("65535"),
	"subtract-digit 4294967295",
	"divide " HEAPS_8("4294967295"),
	"prime-power 4294967295",
	"nimble " HEAPS_8("65535"),
	"matrix-nim " MATRIX_8X8,
	"poker-nim k=255 left=255,255 " HEAPS_8("65534/65535"),
	"pebbles " ROWS_40("65535"),
	"kayles " ROWS_40("65535"),
	"wythoff 65535 65535",
	"chomp 8 8 8 8",
	"taktix adjacent misere OOOO/OOOO/OOOO/OOOO",
	"kubo 333/333/333",
	"nineteen OOO/OOOO/OOOOO/OOOO/OOO",
};

static void the_longest_line_of_every_game(void **state)
{
	(void)state;
	_Static_assert(sizeof longest_lines / sizeof longest_lines[0] == GAME_COUNT, "a line for every game");
	struct sim *sim = boot();
	size_t longest = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		const char *line = longest_lines[game];
		size_t n = strlen(engine_game_name(game));
		assert_true(strncmp(line, engine_game_name(game), n) == 0 && line[n] == ' ');
		char expected[TEXT_MAX];
		host_line(line, expected, sizeof expected);
		assert_true(strncmp(expected, "game=", 5) == 0); /* legal */
		if (!e2e_game_in_firmware(game)) {
			continue;
		}
		expect_reply(sim, line, expected);
		longest = strlen(line) > longest ? strlen(line) : longest;
	}
	print_message("# every game's longest position answered, the longest line to analyse %zu characters\n",
		      longest);
	/* The longest line of all begins a game of it. */
	const char *game_line = "new matrix-nim " MATRIX_8X8;
	e2e_serial_ask_until(sim, game_line, "your move", TURN_MS);
	char first[TEXT_MAX];
	assert_true(e2e_serial_line(sim, 0, first, sizeof first));
	assert_string_equal(first, game_line);
	/* One byte more (a space before it, which a line may have) is too long. */
	char over[TEXT_MAX] = " ";
	strcat(over, game_line);
	expect_reply(sim, over, "error: line too long");
	print_message("# \"new matrix-nim\" with 8 x 8 cells of 255: %zu characters taken, %zu refused\n",
		      strlen(game_line), strlen(over));
	e2e_close(sim);
}

/* The longest computing on the chip (Prime power's trial division of a
 * prime near 2^32, Subtract a digit's pass from its checkpoint): the chip
 * answers and never resets. */
static void longest_analyses_answer_without_a_watchdog_reset(void **state)
{
	(void)state;
	struct sim *sim = boot();
	static const char *const slow[] = {
		"subtract-digit 100000",
		"subtract-digit 99999",
		"prime-power 4294967291", /* the largest prime below 2^32 */
		"prime-power 4294967279",
	};
	for (size_t i = 0; i < sizeof slow / sizeof slow[0]; i++) {
		char expected[TEXT_MAX];
		host_line(slow[i], expected, sizeof expected);
		uint64_t start = sim_cycles(sim);
		expect_reply(sim, slow[i], expected);
		double ms = (double)(sim_cycles(sim) - start) / (BOARD_F_CPU / 1000.0) - QUIET_MS;
		print_message("# \"%s\": the reply after %.0f ms\n", slow[i], ms);
	}
	/* A new game of it: the machine's first move is as slow (and wins). */
	e2e_serial_ask_until(sim, "go prime-power 4294967291", "game is over", TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "me /4294967291 -> 1\r\nwinner me\r\n"));
	assert_int_equal(sim_watchdog_resets(sim), 0);
	e2e_close(sim);
}

/* ---- playing by text ---- */

/* A move for the person: a winning one when `perfect` and there is one
 * (the solver says which), else a random legal one. */
static void choose_person_move(const struct position *pos, bool perfect, uint32_t *seed, struct move *mv)
{
	unsigned moves = legal_moves(pos);
	assert_true(moves > 0);
	if (perfect) {
		for (unsigned i = 0; i < moves; i++) {
			nth_move(pos, i, mv);
			struct position after = *pos;
			engine_apply_move(&after, mv);
			if (!brute_position_wins(&after)) {
				return;
			}
		}
	}
	nth_move(pos, sim_random(seed) % moves, mv);
}

/* Plays a whole game typed on the console from `start_text` ("GAME
 * [POSITION]"), the person moving first (`new`) or the machine (`go`), and
 * checks every step: the machine's moves are legal, every board printed
 * is the picture of the position the moves give, the LCD shows it on the
 * person's turn, the winner named is the one the rule gives, and the
 * machine wins whenever the person could not force a win.  Returns true
 * when the person won. */
static bool play_by_text(struct sim *sim, const char *start_text, bool machine_first, bool perfect, uint32_t seed)
{
	struct position pos;
	assert_int_equal(parse_command(start_text, &pos), ENGINE_OK);
	bool person_can_win = brute_position_wins(&pos) != machine_first;
	char command[TEXT_MAX];
	snprintf(command, sizeof command, "%s %s", machine_first ? "go" : "new", start_text);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, command);
	wait_turn_back(sim);
	/* The transcript's first line is the command that starts this game
	 * (the start's position written out). */
	char expected[TEXT_MAX + 8];
	char position[TEXT_MAX];
	command_text(&pos, position, sizeof position);
	snprintf(expected, sizeof expected, "%s %s\r\n", machine_first ? "go" : "new", position);
	assert_true(strncmp(sim_uart_output(sim), expected, strlen(expected)) == 0);
	bool person_moved_last = false;
	if (machine_first) {
		move_from_transcript(sim, "me", &pos);
		person_moved_last = false;
	}
	unsigned moves = 0;
	while (!engine_game_over(&pos)) {
		expect_board_print(sim, &pos, "your move");
		sim_run_ms(sim, BLINK_MS);
		e2e_expect_position(sim, &pos, command);
		assert_true(++moves < 500u);
		struct move mv;
		choose_person_move(&pos, perfect, &seed, &mv);
		move_text(&pos, &mv, command, sizeof command);
		sim_uart_clear_output(sim);
		e2e_serial_send(sim, command);
		wait_turn_back(sim);
		move_from_transcript(sim, "you", &pos);
		person_moved_last = true;
		if (!engine_game_over(&pos)) {
			move_from_transcript(sim, "me", &pos);
			person_moved_last = false;
		}
	}
	expect_board_print(sim, &pos, "game is over");
	bool person_won = person_moved_last != (pos.rule == RULE_MISERE);
	assert_non_null(strstr(sim_uart_output(sim), person_won ? "winner you\r\n" : "winner me\r\n"));
	if (!person_can_win) {
		assert_false(person_won); /* the machine never lets a won game go */
	}
	if (person_can_win && perfect) {
		assert_true(person_won);
	}
	/* Nothing more to play. */
	expect_reply(sim, command, "error: no game");
	return person_won;
}

static void a_whole_game_of_every_game_by_text(void **state)
{
	(void)state;
	struct sim *sim = boot();
	unsigned won = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		/* The rulebook's start; Chomp on a smaller board, so that the
		 * person sometimes wins. */
		const char *start = game == GAME_CHOMP ? "chomp 3x4" : engine_game_name(game);
		won += play_by_text(sim, start, game % 2u == 1u, game % 3u == 0u, 100u + game);
	}
	/* Marienbad from 1 3 5 7 loses for the player to move: the machine wins. */
	assert_false(play_by_text(sim, "marienbad", false, true, 12));
	/* A perfect person wins Nim from 3 4 5, and misère Nim from 1 2 3 second. */
	assert_true(play_by_text(sim, "nim 3 4 5", false, true, 13));
	assert_true(play_by_text(sim, "nim misere 1 1 1", true, true, 14));
	print_message("# a whole game of each of the %u games by text (the person won %u)\n", (unsigned)GAME_COUNT,
		      won);
	e2e_close(sim);
}

static void boards_print_as_a_teleprinter(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_until(sim, "new marienbad", "your move", TURN_MS);
	assert_string_equal(sim_uart_output(sim), "new marienbad 1 3 5 7\r\n"
						  "marienbad 1 3 5 7\r\n"
						  "1: I\r\n"
						  "2: III\r\n"
						  "3: IIIII\r\n"
						  "4: IIIIIII\r\n"
						  "your move\r\n");
	static const char *const starts[] = {
		"nim 100 0 41",
		"kayles 45 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1",
		"chomp 8 5 5 1",
		"taktix adjacent misere O.O./.O.O/OOOO/OOOO",
		"matrix-nim 1 2 3 / 4 5 6",
		"kubo 123/000/321",
		"nineteen OOO/O..O/OO.OO/OOOO/.OO",
		"divide 12 35 7",
		"nimble 0 3 3 7",
	};
	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		char command[TEXT_MAX];
		snprintf(command, sizeof command, "new %s", starts[i]);
		e2e_serial_ask_until(sim, command, "your move", TURN_MS);
		struct position pos;
		assert_int_equal(parse_command(starts[i], &pos), ENGINE_OK);
		expect_board_print(sim, &pos, "your move");
		/* `board` prints the same. */
		char board[TEXT_MAX];
		board_print(sim, board, sizeof board);
		char expected[TEXT_MAX];
		expected_board(&pos, "your move", expected, sizeof expected);
		assert_string_equal(board, expected);
	}
	/* A taste of the pictures, written out. */
	e2e_serial_ask_until(sim, "new taktix", "your move", TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "\r\na: OOOO\r\nb: OOOO\r\nc: OOOO\r\nd: OOOO\r\nyour move\r\n"));
	e2e_serial_ask_until(sim, "new matrix-nim 1 2 3 / 4 5 6", "your move", TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "\r\n1: 1 2 3\r\n2: 4 5 6\r\nyour move\r\n"));
	e2e_serial_ask_until(sim, "new nim 100 0", "your move", TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "\r\n1: IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII\r\n2: \r\n"));
	e2e_close(sim);
}

/* `go` lets the machine move first; while it thinks, a move is refused. */
static void go_lets_the_machine_move_first(void **state)
{
	(void)state;
	struct sim *sim = boot();
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "go nim 1 2 4");
	wait_line(sim, "go nim 1 2 4", 1000);
	expect_reply(sim, "1-1", "error: not your turn");
	sim_uart_clear_output(sim);
	wait_turn_back(sim);
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_NIM, "1 2 4"), ENGINE_OK);
	move_from_transcript(sim, "me", &pos);
	assert_false(brute_position_wins(&pos)); /* 1 2 4 wins: the machine left a losing position */
	expect_board_print(sim, &pos, "your move");
	char reply[TEXT_MAX];
	e2e_serial_ask(sim, "go", reply, sizeof reply);
	assert_string_equal(reply, "error: unknown game");
	e2e_close(sim);
}

/* The console and the buttons play one game. */
static void console_and_buttons_share_the_game(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_until(sim, "new nim 3 4 5", "your move", TURN_MS);
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_NIM, "3 4 5"), ENGINE_OK);
	sim_run_ms(sim, 100);
	e2e_expect_position(sim, &pos, "after new");

	/* The person confirms with SELECT the move the buttons' screen offers:
	 * the transcript says which, the machine replies, and the console's
	 * board follows. */
	sim_uart_clear_output(sim);
	e2e_press(sim, BUTTON_SELECT);
	char machine_line[] = "\r\nme ";
	if (!sim_run_until(sim, output_has, machine_line, TURN_MS)) {
		fail_msg("the machine did not reply; the device wrote:\n%s", sim_uart_output(sim));
	}
	sim_run_ms(sim, 100);
	move_from_transcript(sim, "you", &pos);
	move_from_transcript(sim, "me", &pos);
	char board[TEXT_MAX];
	board_print(sim, board, sizeof board);
	char expected[TEXT_MAX];
	expected_board(&pos, "your move", expected, sizeof expected);
	assert_string_equal(board, expected);

	/* A move typed here shows on the LCD. */
	struct move mv;
	nth_move(&pos, legal_moves(&pos) - 1u, &mv);
	char typed[64];
	move_text(&pos, &mv, typed, sizeof typed);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, typed);
	wait_turn_back(sim);
	move_from_transcript(sim, "you", &pos);
	if (!engine_game_over(&pos)) {
		move_from_transcript(sim, "me", &pos);
	}
	if (!engine_game_over(&pos)) {
		sim_run_ms(sim, BLINK_MS);
		e2e_expect_position(sim, &pos, "after a move typed on the console");
	}
	e2e_close(sim);
}

/* A game left with the buttons while the machine thinks over a move typed
 * here: the transcript says it was left, and where; the game is over for
 * the console too (no move is taken), and the board that move waited for
 * is not printed in the next game. */
static void a_game_left_takes_its_board_along(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_until(sim, "new nim 3 4 5", "your move", TURN_MS);
	/* SELECT held from before the move, long enough to leave the game
	 * during the machine's pause. */
	sim_button_down(sim, BUTTON_SELECT);
	sim_run_ms(sim, 700);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "1-2");
	e2e_expect_menu(sim, 1000);
	sim_button_up(sim);
	sim_run_ms(sim, 100);
	/* The winning move, which no edition marks as a slip. */
	assert_string_equal(sim_uart_output(sim), "you 1-2 -> 1 4 5\r\nleft nim 1 4 5\r\n");
	expect_reply(sim, "1-1", "error: no game");

	/* The menu's game (Marienbad, the person first): its line only. */
	sim_uart_clear_output(sim);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 0, "U/D=where", 1000);
	sim_run_ms(sim, 500);
	assert_string_equal(sim_uart_output(sim), "new marienbad 1 3 5 7\r\n");
	e2e_close(sim);
}

/* The transcript's line of a new game says who moves first as the console
 * would be told it: "new GAME POSITION" when the person does, "go GAME
 * POSITION" when the machine does, whether the game began here or with
 * the buttons; typed back, that line begins the same game again. */
static void the_transcript_says_who_moves_first(void **state)
{
	(void)state;
	struct sim *sim = boot();
	/* With the buttons: the menu's Marienbad, the machine first. */
	struct e2e_setup setup = e2e_start(GAME_MARIENBAD, true);
	e2e_menu_set(sim, &setup);
	sim_uart_clear_output(sim);
	e2e_press(sim, BUTTON_SELECT);
	wait_line(sim, "go marienbad 1 3 5 7", 1000);
	char machine_line[] = "\r\nme ";
	if (!sim_run_until(sim, output_has, machine_line, TURN_MS)) {
		fail_msg("the machine did not move first; the device wrote:\n%s", sim_uart_output(sim));
	}
	sim_run_ms(sim, QUIET_MS);
	struct e2e_transcript transcript;
	e2e_check_transcript(sim, &transcript);
	assert_int_equal(transcript.games, 1);
	assert_int_equal(transcript.moves, 1);

	/* Each line typed back: the same game, the same player first. */
	static const char *const starts[] = { "go marienbad 1 3 5 7", "new marienbad 1 3 5 7", "go nim 1 2 4",
					      "new kayles 1 12" };
	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		sim_uart_clear_output(sim);
		e2e_serial_send(sim, starts[i]);
		wait_turn_back(sim);
		char line[TEXT_MAX];
		assert_true(e2e_serial_line(sim, 0, line, sizeof line));
		assert_string_equal(line, starts[i]);
		e2e_check_transcript(sim, &transcript);
		assert_int_equal(transcript.games, 1);
		assert_int_equal(transcript.moves, starts[i][0] == 'g' ? 1u : 0u);
	}
	e2e_close(sim);
}

/* ---- bad input ---- */

struct bad_line {
	const char *sent;
	size_t length;     /* 0: strlen */
	const char *reply; /* NULL: the engine's refusal, worked out on the host */
};

/* Sent during "new nim 3 4 5" after the person's 1-1 and the machine's
 * reply; moves are checked against the host engine's refusals. */
static const struct bad_line bad_lines[] = {
	{ "xyzzy", 0, "error: unknown command" },
	{ "  Boardgame", 0, "error: unknown command" },
	{ "new nosuchgame", 0, "error: unknown game" },
	{ "new", 0, "error: unknown game" },
	{ "go", 0, "error: unknown game" },
	{ "new nimble x", 0, "error: not a number" },
	{ "nim x", 0, "error: not a number" },
	{ "nim 70000", 0, "error: out of range" },
	{ "nim 1 2 3 4 5 6 7 8 9", 0, "error: too many parts" },
	{ "subtract-digit 4294967296", 0, "error: out of range" },
	{ "taktix OOOO", 0, "error: bad syntax" },
	{ "new nim 0 0", 0, "error: game is over" },
	{ "9-1", 0, NULL },
	{ "2-99", 0, NULL },
	{ "1-0", 0, NULL },
	{ "1+1", 0, NULL },
	{ "-", 0, NULL },
	{ "3-1 2-1", 0, NULL },
	{ "99999999999-1", 0, NULL },
	{ "a1", 0, NULL },
	{ "nim\0 3", 6, "error: not text" },
	{ "\377\376help", 6, "error: not text" },
	{ "\033[A", 3, "error: not text" },
	{ "1\001-1", 4, "error: not text" },
};

/* The game in progress as the console prints it and as the LCD shows it. */
struct snapshot {
	char board[TEXT_MAX];
	char lcd[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
};

static void take_snapshot(struct sim *sim, struct snapshot *snap)
{
	board_print(sim, snap->board, sizeof snap->board);
	sim_lcd_lines(sim, snap->lcd);
}

static void expect_snapshot(struct sim *sim, struct snapshot *snap)
{
	char board[TEXT_MAX];
	board_print(sim, board, sizeof board);
	assert_string_equal(board, snap->board);
	expect_same_lcd(sim, snap->lcd);
}

/* A Nim game with the person to move, its position in *pos. */
static struct sim *boot_into_a_game(struct position *pos, struct snapshot *snap)
{
	struct sim *sim = boot();
	e2e_serial_ask_until(sim, "new nim 3 4 5", "your move", TURN_MS);
	assert_int_equal(engine_parse_position(pos, GAME_NIM, "3 4 5"), ENGINE_OK);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "1-1");
	wait_turn_back(sim);
	move_from_transcript(sim, "you", pos);
	move_from_transcript(sim, "me", pos);
	sim_run_ms(sim, 3000); /* the LCD settles on the person's turn */
	take_snapshot(sim, snap);
	return sim;
}

static void each_bad_line_gets_one_error_and_changes_nothing(void **state)
{
	(void)state;
	struct position pos;
	struct snapshot snap;
	struct sim *sim = boot_into_a_game(&pos, &snap);

	for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++) {
		const struct bad_line *bad = &bad_lines[i];
		size_t length = bad->length != 0 ? bad->length : strlen(bad->sent);
		char expected[TEXT_MAX];
		if (bad->reply != NULL) {
			snprintf(expected, sizeof expected, "%s", bad->reply);
		} else {
			struct move mv;
			enum engine_error err = engine_parse_move(&pos, bad->sent, &mv);
			if (err == ENGINE_OK) {
				err = engine_check_move(&pos, &mv);
			}
			assert_int_not_equal(err, ENGINE_OK);
			engine_error_line(err, expected, sizeof expected);
		}
		sim_uart_clear_output(sim);
		sim_uart_send(sim, bad->sent, length);
		sim_uart_send(sim, "\r\n", 2);
		assert_true(e2e_serial_wait_lines(sim, 1, E2E_SERIAL_REPLY_MS));
		sim_run_ms(sim, QUIET_MS);
		char reply[TEXT_MAX];
		assert_true(e2e_serial_line(sim, 0, reply, sizeof reply));
		assert_string_equal(reply, expected);
		assert_int_equal(e2e_serial_lines(sim), 1);
	}

	/* A line of 285 characters and one of 1,000: one error each. */
	char long_line[1001];
	for (size_t length = LINE_MAX_SENT + 1u; length <= 1000u; length += 1000u - LINE_MAX_SENT - 1u) {
		memset(long_line, '1', length);
		long_line[length] = '\0';
		expect_reply(sim, long_line, "error: line too long");
	}
	/* 284 characters are taken: spaces before a command are allowed. */
	memset(long_line, ' ', LINE_MAX_SENT);
	strcpy(long_line + LINE_MAX_SENT - 5, "nim 6");
	char nim6[TEXT_MAX];
	host_line("nim 6", nim6, sizeof nim6);
	expect_reply(sim, long_line, nim6);

	expect_snapshot(sim, &snap);
	print_message("# %zu bad lines and 2 over-long ones: one error line each, the game unchanged\n",
		      sizeof bad_lines / sizeof bad_lines[0]);
	e2e_close(sim);
}

/* Line ends of every kind, and backspace. */
static void any_line_end_and_backspace(void **state)
{
	(void)state;
	struct sim *sim = boot();
	char nim6[TEXT_MAX];
	host_line("nim 6", nim6, sizeof nim6);
	static const char *const sent[] = { "nim 6\r",      "nim 6\n",      "nim 6\r\n",  "\r\n\r\n\n\rnim 6\n\n",
					    "nimx\b 6\r\n", "nim 66\177\n", "\b\bnim 6\r" };
	for (size_t i = 0; i < sizeof sent / sizeof sent[0]; i++) {
		sim_uart_clear_output(sim);
		sim_uart_send(sim, sent[i], strlen(sent[i]));
		assert_true(e2e_serial_wait_lines(sim, 1, E2E_SERIAL_REPLY_MS));
		sim_run_ms(sim, QUIET_MS);
		char reply[TEXT_MAX];
		assert_true(e2e_serial_line(sim, 0, reply, sizeof reply));
		assert_string_equal(reply, nim6);
		assert_int_equal(e2e_serial_lines(sim), 1);
	}
	e2e_close(sim);
}

/* A line is edited as a terminal with local echo shows it: BS and DEL
 * erase the last character (none left: nothing), a TAB counts as a space;
 * every other control byte, and every 8-bit byte, has its line refused
 * with one error line, and erasing it afterwards does not save the line. */
static void line_editing_and_other_control_bytes(void **state)
{
	(void)state;
	struct sim *sim = boot();
	char nim6[TEXT_MAX];
	host_line("nim 6", nim6, sizeof nim6);
	static const char *const edited[] = {
		"nim 7\b6",
		"nim 7\1776",
		"nim 6\t\b",
		"\177nim 6",
		"kayles\b\b\b\b\b\b\bnim 6",
		"nim\t6",
		"\tnim \t 6\t",
		"nim 65\b",
		"NIM 6\b\b\b\b\bnim 6",
	};
	for (size_t i = 0; i < sizeof edited / sizeof edited[0]; i++) {
		expect_reply(sim, edited[i], nim6);
	}
	/* Editing a line down to nothing leaves an empty line: no reply. */
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "help\b\b\b\b");
	sim_run_ms(sim, 200);
	assert_int_equal(e2e_serial_lines(sim), 0);

	unsigned refused = 0;
	for (unsigned byte = 0; byte < 256u; byte++) {
		bool text = byte >= ' ' && byte <= '~';
		bool editing = byte == '\b' || byte == '\t' || byte == 0x7Fu;
		bool line_end = byte == '\r' || byte == '\n';
		/* XON and XOFF are the terminal's flow control, dropped by the
		 * UART (test_flow_control). */
		bool flow = byte == 0x11u || byte == 0x13u;
		/* Of the 8-bit bytes, a sample: the first and last, and a few. */
		bool sampled = byte < 0x80u || byte == 0x80u || byte == 0xA0u || byte == 0xC3u || byte == 0xFEu ||
			       byte == 0xFFu;
		if (text || editing || line_end || flow || !sampled) {
			continue;
		}
		char line[] = { 'n', 'i', 'm', (char)byte, ' ', '6' };
		sim_uart_clear_output(sim);
		sim_uart_send(sim, line, sizeof line);
		sim_uart_send(sim, "\r\n", 2);
		assert_true(e2e_serial_wait_lines(sim, 1, E2E_SERIAL_REPLY_MS));
		sim_run_ms(sim, QUIET_MS);
		char reply[TEXT_MAX];
		assert_true(e2e_serial_line(sim, 0, reply, sizeof reply));
		if (strcmp(reply, "error: not text") != 0 || e2e_serial_lines(sim) != 1) {
			fail_msg("byte 0x%02X in a line: the device wrote:\n%s", byte, sim_uart_output(sim));
		}
		refused++;
	}
	expect_reply(sim, "nim\001\b 6", "error: not text");
	expect_reply(sim, "nim 6", nim6);
	print_message("# %zu edited lines read as typed; %u other control and 8-bit bytes each refused their line\n",
		      sizeof edited / sizeof edited[0], refused);
	e2e_close(sim);
}

/* After the Odra challenge refuses a row, the console is itself again:
 * the refusal ends the challenge, and the next line is a command with its
 * own reply; every line after the refused row gets its reply, sent one by
 * one or back to back. */
static void a_refused_odra_row_leaves_the_console_ready(void **state)
{
	(void)state;
	struct sim *sim = boot();
	char reply[TEXT_MAX];
	e2e_serial_ask(sim, "odra", reply, sizeof reply);
	assert_true(strncmp(reply, "odra: ", 6) == 0);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "3");
	sim_run_ms(sim, 300);
	assert_int_equal(e2e_serial_lines(sim), 0); /* a good row has no reply of its own */
	expect_reply(sim, "help", "error: row 2: not a number");
	char nim345[TEXT_MAX];
	host_line("nim 3 4 5", nim345, sizeof nim345);
	expect_reply(sim, "nim 3 4 5", nim345);
	e2e_serial_ask_until(sim, "new nim 3 4 5", "your move", TURN_MS);
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_NIM, "3 4 5"), ENGINE_OK);
	assert_true(strncmp(sim_uart_output(sim), "new nim 3 4 5\r\n", 15) == 0);
	sim_run_ms(sim, 100);
	e2e_expect_position(sim, &pos, "after new, after the challenge");
	char board[TEXT_MAX];
	char expected[TEXT_MAX];
	board_print(sim, board, sizeof board);
	expected_board(&pos, "your move", expected, sizeof expected);
	assert_string_equal(board, expected);

	/* Every way a row is refused ends the challenge the same way. */
	static const struct {
		const char *row;
		const char *error;
	} bad[] = {
		{ "nim 3 4 5", "error: row 1: line too long" },
		{ "70000", "error: row 1: out of range" },
		{ "1\0012", "error: row 1: not text" },
		{ "", NULL }, /* an empty line ends the challenge with its answer */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		e2e_serial_ask(sim, "odra", reply, sizeof reply);
		if (bad[i].error != NULL) {
			expect_reply(sim, bad[i].row, bad[i].error);
		} else {
			e2e_serial_ask(sim, bad[i].row, reply, sizeof reply);
			assert_true(strncmp(reply, "odra rows=0 ", 12) == 0);
		}
		board_print(sim, board, sizeof board);
		assert_string_equal(board, expected);
	}

	/* Back to back: the rows, a refused one, then three commands; each
	 * line from the refused one on gets its reply, in order. */
	char nim6[TEXT_MAX];
	host_line("nim 6", nim6, sizeof nim6);
	sim_uart_clear_output(sim);
	const char *burst = "odra\r\n1\r\n2\r\nx\r\nnim 6\r\nboard\r\n9-9\r\n";
	sim_uart_send(sim, burst, strlen(burst));
	sim_run_ms(sim, 1000);
	char lines[3 * TEXT_MAX];
	snprintf(lines, sizeof lines, "%s\r\nerror: row 3: not a number\r\n%s\r\n%serror: no such heap/row\r\n",
		 ODRA_PROMPT, nim6, expected);
	assert_string_equal(sim_uart_output(sim), lines);
	e2e_close(sim);
}

/* The firmware's receive buffer (hal/uart.h's UART_RX_BUFFER, which an
 * edition may choose), read from the ELF's symbols. */
static unsigned rx_buffer_size;

static void read_rx_buffer_size(const char *argv0)
{
	const char *override = getenv("GRUNDY_BOX_ELF");
	const char *slash = strrchr(argv0, '/');
	char elf[4096];
	if (override != NULL && *override != '\0') {
		snprintf(elf, sizeof elf, "%s", override);
	} else {
		snprintf(elf, sizeof elf, "%.*s/../../grundy-box.elf", slash != NULL ? (int)(slash - argv0) : 1,
			 slash != NULL ? argv0 : ".");
	}
	char command[4200];
	snprintf(command, sizeof command,
		 "avr-nm -S '%s' | sed -n 's/^[0-9a-f]* \\([0-9a-f]*\\) [Bb] "
		 "rx_buffer\\(\\.lto_priv\\.[0-9]*\\)*$/\\1/p'",
		 elf);
	FILE *pipe = popen(command, "r");
	if (pipe == NULL || fscanf(pipe, "%x", &rx_buffer_size) != 1) {
		rx_buffer_size = 0;
	}
	if (pipe != NULL) {
		pclose(pipe);
	}
}

/* Lines sent back to back while the chip computes for a second, by a
 * sender that ignores XOFF: the receive buffer (UART_RX_BUFFER) fills and
 * the rest is lost.  The lines received whole before the loss are
 * answered; the line the loss cuts is refused with one error line when
 * its end comes (here an empty line sent after the burst); then the
 * console reads as usual. */
static void bytes_lost_while_busy_are_reported(void **state)
{
	(void)state;
	struct position pos;
	struct snapshot snap;
	assert_true(rx_buffer_size >= 16u && rx_buffer_size <= 128u);
	struct sim *sim = boot_into_a_game(&pos, &snap);

	sim_uart_set_flow(sim, false, 0);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "subtract-digit 100000");
	/* The console starts the analysis at the CR; the buffer then takes
	 * the LF and the bytes after it, the last one it keeps marking the
	 * loss: the lines whose CR comes before the mark are answered. */
	unsigned kept = 1u;
	unsigned answered = 0;
	for (int i = 0; i < 30; i++) {
		const char *line = i % 2 == 0 ? "nim 6" : "9-9";
		e2e_serial_send(sim, line);
		kept += (unsigned)strlen(line) + 1u;
		if (kept <= rx_buffer_size - 1u) {
			answered++;
		}
		kept++;
	}
	assert_true(answered > 2u && answered < 30u);
	sim_run_ms(sim, 3000);
	char expected[TEXT_MAX];
	host_line("subtract-digit 100000", expected, sizeof expected);
	char nim6[TEXT_MAX];
	host_line("nim 6", nim6, sizeof nim6);
	char line[TEXT_MAX];
	assert_true(e2e_serial_line(sim, 0, line, sizeof line));
	assert_string_equal(line, expected);
	for (unsigned i = 0; i < answered; i++) {
		assert_true(e2e_serial_line(sim, 1 + i, line, sizeof line));
		assert_string_equal(line, i % 2 == 0 ? nim6 : "error: no such heap/row");
	}
	if (e2e_serial_lines(sim) != 1u + answered) {
		fail_msg("%u replies before the cut line ends, not %u:\n%s", e2e_serial_lines(sim), 1u + answered,
			 sim_uart_output(sim));
	}
	expect_reply(sim, "", "error: input lost");
	expect_reply(sim, "nim 6", nim6);
	expect_snapshot(sim, &snap);
	print_message("# %u-byte buffer: %u of 30 lines answered, the rest refused as lost\n", rx_buffer_size,
		      answered);
	e2e_close(sim);
}

/* Random bytes at full speed, then the console still answers and the game
 * is as it was. */
static void random_bytes_change_nothing(void **state)
{
	(void)state;
	struct position pos;
	struct snapshot snap;
	struct sim *sim = boot_into_a_game(&pos, &snap);

	uint32_t seed = 0xBADC0DEu;
	size_t total = 0;
	for (int burst = 0; burst < 8; burst++) {
		char noise[2048];
		size_t n = 256u + sim_random(&seed) % (sizeof noise - 256u);
		for (size_t i = 0; i < n; i++) {
			/* Mostly bytes that are not line ends, so that lines grow
			 * long; some line ends, digits and signs, so that some
			 * lines are moves. */
			uint32_t r = sim_random(&seed);
			noise[i] = (char)((r & 0x700u) == 0 ? "\r\n-0123456789"[r % 13u] : (char)(r & 0xFFu));
		}
		sim_uart_clear_output(sim);
		sim_uart_send(sim, noise, n);
		total += n;
		while (sim_uart_pending(sim) > 0) {
			sim_run_ms(sim, 10);
		}
		/* An empty line ends whatever half line the noise left. */
		sim_uart_send(sim, "\r\n", 2);
		sim_run_ms(sim, 500);
		const char *text = sim_uart_output(sim);
		for (const char *p = text; *p != '\0'; p++) {
			assert_true((*p >= ' ' && *p <= '~') || *p == '\r' || *p == '\n');
		}
		/* Whatever the noise held, only errors came back: no line of it
		 * was a command or a legal move. */
		for (unsigned i = 0; i < e2e_serial_lines(sim); i++) {
			char line[TEXT_MAX];
			assert_true(e2e_serial_line(sim, i, line, sizeof line));
			if (strncmp(line, "error: ", 7) != 0) {
				fail_msg("the noise got the reply \"%s\"", line);
			}
		}
	}
	char nim6[TEXT_MAX];
	host_line("nim 6", nim6, sizeof nim6);
	expect_reply(sim, "nim 6", nim6);
	expect_snapshot(sim, &snap);
	print_message("# %zu random bytes in 8 bursts: the game and the LCD unchanged\n", total);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	read_rx_buffer_size(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(help_names_every_command_and_game),
		cmocka_unit_test(analysis_is_the_host_tools_line),
		cmocka_unit_test(analysis_at_the_edges),
		cmocka_unit_test(the_longest_line_of_every_game),
		cmocka_unit_test(longest_analyses_answer_without_a_watchdog_reset),
		cmocka_unit_test(boards_print_as_a_teleprinter),
		cmocka_unit_test(a_whole_game_of_every_game_by_text),
		cmocka_unit_test(go_lets_the_machine_move_first),
		cmocka_unit_test(console_and_buttons_share_the_game),
		cmocka_unit_test(a_game_left_takes_its_board_along),
		cmocka_unit_test(the_transcript_says_who_moves_first),
		cmocka_unit_test(each_bad_line_gets_one_error_and_changes_nothing),
		cmocka_unit_test(any_line_end_and_backspace),
		cmocka_unit_test(line_editing_and_other_control_bytes),
		cmocka_unit_test(a_refused_odra_row_leaves_the_console_ready),
		cmocka_unit_test(bytes_lost_while_busy_are_reported),
		cmocka_unit_test(random_bytes_change_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
