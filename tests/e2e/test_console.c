/*
 * The serial console (firmware/console.h) end to end: the real firmware in
 * the simulator, spoken to over its UART at 115200 baud as a script or a
 * terminal would, the LCD and the buttons read and pressed through the
 * shield's pins.
 *
 *   - help and games;
 *   - the analysis line is the host tool's, byte for byte, for positions of
 *     every game: each start, random positions reached by legal play, and
 *     edge positions (largest numbers, longest rows), checked against the
 *     engine's host build and, for some, the `grundy` program itself;
 *   - the longest analyses (about a second on the chip) answer without a
 *     watchdog reset;
 *   - whole games played by text, the machine's replies checked by the
 *     brute-force solver, the board printed and the LCD following them;
 *   - the console and the buttons on one game;
 *   - every kind of bad input gets one error line and leaves the game as it
 *     was, on the console and on the LCD: over-long lines, unknown
 *     commands, non-numbers, numbers out of range, illegal moves, control
 *     and 8-bit bytes, bytes sent back to back while the chip is busy, and
 *     a flood of random bytes.
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
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"

#define TEXT_MAX 512u
#define LINE_MAX_SENT 120u /* CONSOLE_LINE_MAX */
#define RANDOM_POSITIONS_PER_GAME 24u
#define TOOL_CHECKS_PER_GAME 3u
#define TURN_MS 10000u /* the machine's pause and words, and the play screen's help page */

static char tool_path[4096];
static char elf_path[4096];

static uint32_t next_random(uint32_t *state)
{
	uint32_t x = *state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

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

static void host_analysis(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_analysis(pos, &sink.sink);
	assert_false(sink.overflowed);
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

/* Plays the `index`-th legal move (in the engine's order) into *mv. */
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
	unsigned n = next_random(seed) % (steps + 1u);
	for (unsigned i = 0; i < n; i++) {
		unsigned moves = legal_moves(pos);
		if (moves == 0) {
			break;
		}
		struct move mv;
		nth_move(pos, next_random(seed) % moves, &mv);
		engine_apply_move(pos, &mv);
	}
}

/* The `grundy` program's line for `command` ("GAME POSITION"). */
static void tool_analysis(const char *command, char *text, size_t size)
{
	char shell[TEXT_MAX + 4200];
	snprintf(shell, sizeof shell, "'%s' %s 2>&1", tool_path, command);
	FILE *pipe = popen(shell, "r");
	assert_non_null(pipe);
	assert_non_null(fgets(text, (int)size, pipe));
	pclose(pipe);
	text[strcspn(text, "\n")] = '\0';
}

/* ---- the device ---- */

/* Powers the chip on; the console is there from the first line the
 * firmware writes, whatever the buttons' screens show. */
static struct sim *boot(void)
{
	struct sim_options options = { .elf = elf_path, .shield = 0, .realtime = false, .eeprom = NULL };
	struct sim *sim = sim_open(&options);
	assert_non_null(sim);
	assert_true(sim_wait_uart(sim, "grundy-box ready\r\n", 1000));
	sim_run_ms(sim, 100);
	sim_uart_clear_output(sim);
	return sim;
}

/* Asks the device to analyse `pos` and compares with the host. */
static void check_analysis(struct sim *sim, const struct position *pos, bool with_tool)
{
	char command[TEXT_MAX];
	char expected[TEXT_MAX];
	char reply[TEXT_MAX];
	command_text(pos, command, sizeof command);
	host_analysis(pos, expected, sizeof expected);
	if (with_tool) {
		char tool[TEXT_MAX];
		tool_analysis(command, tool, sizeof tool);
		assert_string_equal(tool, expected);
	}
	e2e_serial_ask(sim, command, reply, sizeof reply);
	if (strcmp(reply, expected) != 0) {
		fail_msg("\"%s\":\n  device: %s\n  host:   %s", command, reply, expected);
	}
}

/* The console's board print of the game in progress, all its lines. */
static void board_print(struct sim *sim, char *text, size_t size)
{
	e2e_serial_ask_all(sim, "board", 30);
	snprintf(text, size, "%s", sim_uart_output(sim));
}

static void lcd_snapshot(struct sim *sim, char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1])
{
	sim_lcd_lines(sim, lines);
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

/* ---- help and games ---- */

/* `word` starts a line of `text` or follows ", ", and a space, a comma or
 * the line's end follows it. */
static bool lists_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = strstr(text, word); p != NULL; p = strstr(p + 1, word)) {
		bool starts = p == text || p[-1] == '\n' || (p - text >= 2 && strncmp(p - 2, ", ", 2) == 0);
		bool ends = p[n] == ' ' || p[n] == ',' || p[n] == '\r';
		if (starts && ends) {
			return true;
		}
	}
	return false;
}

static void help_lists_every_command(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_all(sim, "help", 30);
	const char *text = sim_uart_output(sim);
	static const char *const commands[] = { "help", "games", "GAME", "analyse", "new",
						"go", "MOVE", "board", "score", "odra" };
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (!lists_word(text, commands[i])) {
			fail_msg("help does not list \"%s\":\n%s", commands[i], text);
		}
	}
	assert_null(strstr(text, "error"));

	char reply[TEXT_MAX];
	e2e_serial_ask(sim, "help marienbad", reply, sizeof reply);
	assert_string_equal(reply, "marienbad: [normal] HEAP...; move H-N; e.g. 1 3 5 7");
	e2e_serial_ask(sim, "help nosuchgame", reply, sizeof reply);
	assert_string_equal(reply, "error: unknown game");
	e2e_close(sim);
}

static void games_names_every_game(void **state)
{
	(void)state;
	struct sim *sim = boot();
	char expected[TEXT_MAX] = "";
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		if (game > 0) {
			strcat(expected, " ");
		}
		strcat(expected, engine_game_name(game));
	}
	char reply[TEXT_MAX];
	e2e_serial_ask(sim, "games", reply, sizeof reply);
	assert_string_equal(reply, expected);
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
	}
	/* Without a position: the start, as the host tool does. */
	char reply[TEXT_MAX];
	char expected[TEXT_MAX];
	struct position start;
	engine_start_position(&start, GAME_KUBO);
	host_analysis(&start, expected, sizeof expected);
	e2e_serial_ask(sim, "kubo", reply, sizeof reply);
	assert_string_equal(reply, expected);
	e2e_serial_ask(sim, "analyse kubo", reply, sizeof reply);
	assert_string_equal(reply, expected);
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
	"pebbles 65535 65534 1 2 3",
	"kayles 65535 65535 71 70 12",
	"wythoff 65535 65534",
	"wythoff 0 0",
	"chomp 8x8",
	"chomp 1 1",
	"taktix any normal OOOO/OOOO/OOOO/OOOO",
	"taktix adjacent misere O.O./.O.O/O.O./.O.O",
	"kubo 000/000/001",
	"nineteen ...../OOOO/OOOOO/OOOO/OOO",
	"nineteen O../..../...../..../...",
};

/* "GAME [POSITION]" read on the host as the console reads it. */
static enum engine_error parse_command(const char *command, struct position *pos)
{
	size_t n = strcspn(command, " ");
	uint8_t game = engine_find_game(command, (uint8_t)n);
	assert_int_not_equal(game, GAME_COUNT);
	if (command[n] == '\0') {
		engine_start_position(pos, game);
		return ENGINE_OK;
	}
	return engine_parse_position(pos, game, command + n + 1);
}

/* The host's line for a command, from the engine (which the host tool uses). */
static bool host_line(const char *command, char *text, size_t size)
{
	struct position pos;
	enum engine_error err = parse_command(command, &pos);
	if (err != ENGINE_OK) {
		struct buffer_sink sink;
		buffer_sink_init(&sink, text, (uint16_t)size);
		print_flash(&sink.sink, "error: ");
		engine_print_error(err, &sink.sink);
		return false;
	}
	host_analysis(&pos, text, size);
	return true;
}

static void analysis_at_the_edges(void **state)
{
	(void)state;
	struct sim *sim = boot();
	for (size_t i = 0; i < sizeof edge_commands / sizeof edge_commands[0]; i++) {
		char expected[TEXT_MAX];
		char reply[TEXT_MAX];
		host_line(edge_commands[i], expected, sizeof expected);
		e2e_serial_ask(sim, edge_commands[i], reply, sizeof reply);
		if (strcmp(reply, expected) != 0) {
			fail_msg("\"%s\":\n  device: %s\n  host:   %s", edge_commands[i], reply, expected);
		}
	}
	print_message("# %zu edge positions: the device's line is the host's\n",
		      sizeof edge_commands / sizeof edge_commands[0]);
	e2e_close(sim);
}

/* About a second of computing on the chip: the console gives the watchdog
 * a longer period for it, so the chip answers and never resets. */
static void longest_analyses_answer_without_a_watchdog_reset(void **state)
{
	(void)state;
	struct sim *sim = boot();
	static const char *const slow[] = {
		"subtract-digit 100000",
		"subtract-digit 99999",
		"prime-power 4294967291", /* the largest prime below 2^32 */
		"prime-power 4294967279",
		"new prime-power 4294967291",
	};
	for (size_t i = 0; i < sizeof slow / sizeof slow[0]; i++) {
		char reply[TEXT_MAX];
		uint64_t start = sim_cycles(sim);
		e2e_serial_ask(sim, slow[i], reply, sizeof reply);
		double ms = (double)(sim_cycles(sim) - start) / (BOARD_F_CPU / 1000.0);
		if (strncmp(slow[i], "new ", 4) == 0) {
			assert_string_equal(reply, "new prime-power 4294967291");
		} else {
			char expected[TEXT_MAX];
			host_line(slow[i], expected, sizeof expected);
			assert_string_equal(reply, expected);
		}
		print_message("# \"%s\": the reply after %.0f ms\n", slow[i], ms);
	}
	assert_int_equal(sim_watchdog_resets(sim), 0);
	e2e_close(sim);
}

/* ---- playing by text ---- */

/* Reads "WHO MOVE -> POSITION" (the transcript line of a move; WHO is
 * "me" or "you") from the output and plays MOVE on `pos`, checking it is
 * legal and that POSITION is what it leaves. */
static void move_from_transcript(struct sim *sim, const char *who, struct position *pos, struct move *mv)
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
	char move_text[64];
	char after_text[TEXT_MAX];
	const char *arrow = strstr(line, " -> ");
	const char *end = strstr(line, "\r\n");
	if (arrow == NULL || end == NULL || arrow > end) {
		fail_msg("the move is not \"%s MOVE -> POSITION\" in:\n%s", who, text);
	}
	snprintf(move_text, sizeof move_text, "%.*s", (int)(arrow - line - n - 1), line + n + 1);
	snprintf(after_text, sizeof after_text, "%.*s", (int)(end - arrow - 4), arrow + 4);
	assert_int_equal(engine_parse_move(pos, move_text, mv), ENGINE_OK);
	assert_int_equal(engine_check_move(pos, mv), ENGINE_OK);
	struct brute_pos before;
	struct brute_move bm;
	assert_true(brute_from_position(&before, pos));
	brute_move_from_engine(&bm, pos, mv);
	assert_true(brute_is_legal(&before, &bm));
	engine_apply_move(pos, mv);
	char now[TEXT_MAX];
	position_text(pos, now, sizeof now);
	assert_string_equal(after_text, now);
}

/* A whole line "me ..." in the output. */
static bool machine_moved(struct sim *sim, void *ctx)
{
	(void)ctx;
	for (const char *line = sim_uart_output(sim);;) {
		const char *end = strstr(line, "\r\n");
		if (end == NULL) {
			return false;
		}
		if (strncmp(line, "me ", 3) == 0) {
			return true;
		}
		line = end + 2;
	}
}

static void wait_machine_move(struct sim *sim)
{
	if (!sim_run_until(sim, machine_moved, NULL, TURN_MS)) {
		fail_msg("the machine did not move; the device wrote:\n%s", sim_uart_output(sim));
	}
}

/* The first line of the board print is "GAME POSITION": the game as the
 * test has followed it. */
static void expect_board_header(struct sim *sim, const struct position *pos)
{
	char expected[TEXT_MAX];
	command_text(pos, expected, sizeof expected);
	strcat(expected, "\r\n");
	const char *text = sim_uart_output(sim);
	for (const char *line = text; *line != '\0'; line = strstr(line, "\r\n") + 2) {
		if (strncmp(line, expected, strlen(expected)) == 0) {
			return;
		}
		if (strstr(line, "\r\n") == NULL) {
			break;
		}
	}
	fail_msg("no board print starting with \"%s\" in:\n%s", expected, text);
}

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
	nth_move(pos, next_random(seed) % moves, mv);
}

/* Plays a whole game typed on the console from `start_text`, the person
 * moving first, and checks every step: the machine's moves are legal, the
 * board printed is the position the moves give, the LCD shows it (heap
 * games, `check_lcd`), the winner named is the one the rule gives, and the
 * machine wins whenever the person could not force a win.  Returns true
 * when the person won. */
static bool play_by_text(struct sim *sim, const char *start_text, bool perfect, uint32_t seed, bool check_lcd)
{
	struct position pos;
	assert_int_equal(parse_command(start_text, &pos), ENGINE_OK);
	char command[TEXT_MAX];
	snprintf(command, sizeof command, "new %s", start_text);
	bool person_can_win = brute_position_wins(&pos);
	e2e_serial_ask_until(sim, command, "your move", TURN_MS);
	expect_board_header(sim, &pos);
	bool person_moved_last;
	for (unsigned turn = 0;; turn++) {
		assert_true(turn < 500);
		struct move mv;
		choose_person_move(&pos, perfect, &seed, &mv);
		char move_text[64];
		struct buffer_sink sink;
		buffer_sink_init(&sink, move_text, sizeof move_text);
		engine_print_move(&pos, &mv, &sink.sink);
		engine_apply_move(&pos, &mv);
		sim_uart_clear_output(sim);
		e2e_serial_send(sim, move_text);
		if (engine_game_over(&pos)) {
			person_moved_last = true;
			break;
		}
		if (!sim_wait_uart(sim, "your move\r\n", TURN_MS) && !sim_wait_uart(sim, "game over\r\n", 1)) {
			fail_msg("after \"%s\" the device wrote:\n%s", move_text, sim_uart_output(sim));
		}
		move_from_transcript(sim, "me", &pos, &mv);
		if (engine_game_over(&pos)) {
			person_moved_last = false;
			break;
		}
		expect_board_header(sim, &pos);
		if (check_lcd) {
			struct brute_pos shown;
			assert_true(brute_from_position(&shown, &pos));
			sim_run_ms(sim, 50);
			e2e_expect_board(sim, &shown);
		}
	}
	if (!sim_wait_uart(sim, "game over\r\n", TURN_MS)) {
		fail_msg("the game ended but the device wrote:\n%s", sim_uart_output(sim));
	}
	expect_board_header(sim, &pos);
	bool person_won = person_moved_last != (pos.rule == RULE_MISERE);
	assert_non_null(strstr(sim_uart_output(sim), person_won ? "winner you\r\n" : "winner me\r\n"));
	if (!person_can_win) {
		assert_false(person_won); /* the machine never lets a won game go */
	}
	if (person_can_win && perfect) {
		assert_true(person_won);
	}
	return person_won;
}

static void whole_games_by_text(void **state)
{
	(void)state;
	struct sim *sim = boot();
	/* Marienbad from 1 3 5 7 loses for the player to move: the machine wins. */
	assert_false(play_by_text(sim, "marienbad", false, 11, true));
	assert_false(play_by_text(sim, "marienbad", true, 12, true));
	/* A perfect person wins Nim from 3 4 5. */
	assert_true(play_by_text(sim, "nim 3 4 5", true, 13, true));
	assert_false(play_by_text(sim, "nim misere 1 2 3", false, 14, true));
	/* Boards, rows and numbers. */
	play_by_text(sim, "kayles 1 12", false, 15, false);
	play_by_text(sim, "taktix", false, 16, false);
	play_by_text(sim, "kubo", false, 17, false);
	play_by_text(sim, "chomp 3x4", true, 18, false);
	play_by_text(sim, "subtract-digit 57", false, 19, false);
	play_by_text(sim, "wythoff 3 5", false, 20, false);
	e2e_close(sim);
}

static void board_prints_as_a_teleprinter(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_until(sim, "new marienbad", "your move", TURN_MS);
	assert_string_equal(sim_uart_output(sim), "new marienbad 1 3 5 7\r\n"
						  "marienbad 1 3 5 7\r\n"
						  "1 I\r\n"
						  "2 III\r\n"
						  "3 IIIII\r\n"
						  "4 IIIIIII\r\n"
						  "your move\r\n");
	e2e_serial_ask_until(sim, "new nim 100 0", "your move", TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "1 IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII (100)\r\n2 \r\n"));
	e2e_serial_ask_until(sim, "new taktix", "your move", TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "OOOO\r\nOOOO\r\nOOOO\r\nOOOO\r\nyour move\r\n"));
	e2e_serial_ask_until(sim, "new matrix-nim 1 2 3 / 4 5 6", "your move", TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "\r\n1 2 3\r\n4 5 6\r\nyour move\r\n"));
	e2e_close(sim);
}

static void go_lets_the_machine_move_first(void **state)
{
	(void)state;
	struct sim *sim = boot();
	char reply[TEXT_MAX];
	e2e_serial_ask_until(sim, "new nim 1 2 4", "your move", TURN_MS);
	e2e_serial_ask_until(sim, "go", "your move", TURN_MS);
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_NIM, "1 2 4"), ENGINE_OK);
	struct move mv;
	move_from_transcript(sim, "me", &pos, &mv);
	assert_false(brute_position_wins(&pos)); /* 1 2 4 wins: the machine left a losing position */
	e2e_serial_ask(sim, "go", reply, sizeof reply);
	assert_string_equal(reply, "error: go: only before the first move");
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
	struct brute_pos shown;
	assert_true(brute_from_position(&shown, &pos));
	sim_run_ms(sim, 3000); /* past the play screen's help page */
	e2e_expect_board(sim, &shown);

	/* The person confirms with SELECT the move the buttons' screen offers:
	 * the transcript says which, the machine replies, and the console's
	 * board follows. */
	sim_uart_clear_output(sim);
	e2e_press(sim, BUTTON_SELECT);
	wait_machine_move(sim);
	struct move mv;
	move_from_transcript(sim, "you", &pos, &mv);
	move_from_transcript(sim, "me", &pos, &mv);
	sim_run_ms(sim, 100);
	char board[TEXT_MAX * 2];
	board_print(sim, board, sizeof board);
	char header[TEXT_MAX];
	command_text(&pos, header, sizeof header);
	assert_true(strncmp(board, header, strlen(header)) == 0);
	assert_non_null(strstr(board, "your move\r\n"));

	/* A move typed here shows on the LCD. */
	unsigned moves = legal_moves(&pos);
	nth_move(&pos, moves - 1u, &mv);
	char move_text[64];
	struct buffer_sink sink;
	buffer_sink_init(&sink, move_text, sizeof move_text);
	engine_print_move(&pos, &mv, &sink.sink);
	struct position after = pos;
	engine_apply_move(&after, &mv);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, move_text);
	if (!engine_game_over(&after)) {
		wait_machine_move(sim);
		move_from_transcript(sim, "me", &after, &mv);
		if (!engine_game_over(&after)) {
			assert_true(sim_wait_uart(sim, "your move\r\n", TURN_MS));
			assert_true(brute_from_position(&shown, &after));
			sim_run_ms(sim, 100);
			e2e_expect_board(sim, &shown);
		}
	}
	e2e_close(sim);
}

/* ---- bad input ---- */

struct bad_line {
	const char *sent;
	size_t length; /* 0: strlen */
	const char *reply;
};

static const struct bad_line bad_lines[] = {
	{ "xyzzy", 0, "error: unknown command (help lists them)" },
	{ "new nosuchgame", 0, "error: unknown game" },
	{ "nim x", 0, "error: not a number" },
	{ "nim 70000", 0, "error: out of range" },
	{ "nim 1 2 3 4 5 6 7 8 9", 0, "error: too many parts" },
	{ "subtract-digit 4294967296", 0, "error: out of range" },
	{ "new nim 0 0", 0, "error: game is over" },
	{ "9-1", 0, "error: no such heap/row" },
	{ "1-9", 0, "error: not that many" },
	{ "1-0", 0, "error: take at least 1" },
	{ "1+1", 0, "error: not allowed" },
	{ "-", 0, "error: not a number" },
	{ "go", 0, "error: go: only before the first move" },
	{ "nim\0 3", 6, "error: not text (control or 8-bit byte)" },
	{ "\377\376help", 6, "error: not text (control or 8-bit byte)" },
	{ "\033[A", 3, "error: not text (control or 8-bit byte)" },
	{ "1\001-1", 4, "error: not text (control or 8-bit byte)" },
};

static void each_bad_line_gets_one_error_and_changes_nothing(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_until(sim, "new nim 3 4 5", "your move", TURN_MS);
	e2e_serial_ask_until(sim, "1-1", "your move", TURN_MS); /* `go` is then too late */
	sim_run_ms(sim, 3000);
	char before[TEXT_MAX * 2];
	board_print(sim, before, sizeof before);
	char lcd[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	lcd_snapshot(sim, lcd);

	for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++) {
		const struct bad_line *bad = &bad_lines[i];
		size_t length = bad->length != 0 ? bad->length : strlen(bad->sent);
		sim_uart_clear_output(sim);
		sim_uart_send(sim, bad->sent, length);
		sim_uart_send(sim, "\r\n", 2);
		assert_true(e2e_serial_wait_lines(sim, 1, E2E_SERIAL_REPLY_MS));
		sim_run_ms(sim, 50);
		char reply[TEXT_MAX];
		assert_true(e2e_serial_line(sim, 0, reply, sizeof reply));
		assert_string_equal(reply, bad->reply);
		assert_int_equal(e2e_serial_lines(sim), 1);
	}

	/* A line of 121 characters and one of 1,000: one error each. */
	char long_line[1001];
	for (size_t length = LINE_MAX_SENT + 1u; length <= 1000u; length += 1000u - LINE_MAX_SENT - 1u) {
		memset(long_line, 'x', length);
		long_line[length] = '\0';
		char reply[TEXT_MAX];
		e2e_serial_ask(sim, long_line, reply, sizeof reply);
		assert_string_equal(reply, "error: line too long (120 at most)");
		sim_run_ms(sim, 50);
		assert_int_equal(e2e_serial_lines(sim), 1);
	}
	/* 120 characters are taken: spaces before a command are allowed. */
	memset(long_line, ' ', LINE_MAX_SENT);
	strcpy(long_line + LINE_MAX_SENT - 5, "games");
	char reply[TEXT_MAX];
	e2e_serial_ask(sim, long_line, reply, sizeof reply);
	assert_true(strncmp(reply, "nim misere-nim", 14) == 0);

	char after[TEXT_MAX * 2];
	board_print(sim, after, sizeof after);
	assert_string_equal(after, before);
	expect_same_lcd(sim, lcd);
	e2e_close(sim);
}

/* Line ends of every kind, and backspace. */
static void any_line_end_and_backspace(void **state)
{
	(void)state;
	struct sim *sim = boot();
	static const char *const sent[] = { "games\r", "games\n", "games\r\n", "\r\n\r\ngames\n\n", "gamx\bes\r\n",
					    "gamez\177s\n" };
	for (size_t i = 0; i < sizeof sent / sizeof sent[0]; i++) {
		sim_uart_clear_output(sim);
		sim_uart_send(sim, sent[i], strlen(sent[i]));
		assert_true(e2e_serial_wait_lines(sim, 1, E2E_SERIAL_REPLY_MS));
		sim_run_ms(sim, 50);
		char reply[TEXT_MAX];
		assert_true(e2e_serial_line(sim, 0, reply, sizeof reply));
		assert_true(strncmp(reply, "nim misere-nim", 14) == 0);
		assert_int_equal(e2e_serial_lines(sim), 1);
	}
	e2e_close(sim);
}

/* Lines sent back to back while the chip computes for a second: its 64-byte
 * buffer fills and the rest is lost.  The lines received whole before the
 * loss are answered; the line the loss cuts is refused with one error line
 * when its end comes (here an empty line sent after the burst); then the
 * console reads as usual. */
static void bytes_lost_while_busy_are_reported(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_until(sim, "new nim 3 4 5", "your move", TURN_MS);
	sim_run_ms(sim, 3000);
	char before[TEXT_MAX * 2];
	board_print(sim, before, sizeof before);
	char lcd[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	lcd_snapshot(sim, lcd);

	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "subtract-digit 100000");
	for (int i = 0; i < 30; i++) {
		e2e_serial_send(sim, i % 2 == 0 ? "nim 6" : "1-6");
	}
	sim_run_ms(sim, 3000);
	char expected[TEXT_MAX];
	host_line("subtract-digit 100000", expected, sizeof expected);
	char nim6[TEXT_MAX];
	host_line("nim 6", nim6, sizeof nim6);
	char line[TEXT_MAX];
	assert_true(e2e_serial_line(sim, 0, line, sizeof line));
	assert_string_equal(line, expected);
	/* The console starts the analysis at the CR; the buffer then takes the
	 * LF and 63 bytes: five pairs of "nim 6" and "1-6" (an illegal move:
	 * heap 1 holds 3) and the start of the next line, cut by the loss. */
	for (unsigned i = 0; i < 10; i++) {
		assert_true(e2e_serial_line(sim, 1 + i, line, sizeof line));
		assert_string_equal(line, i % 2 == 0 ? nim6 : "error: not that many");
	}
	if (e2e_serial_lines(sim) != 11) {
		fail_msg("replies before the cut line ends:\n%s", sim_uart_output(sim));
	}
	char reply[TEXT_MAX];
	e2e_serial_ask(sim, "", reply, sizeof reply);
	assert_string_equal(reply, "error: input lost, line dropped");
	e2e_serial_ask(sim, "nim 6", reply, sizeof reply);
	assert_string_equal(reply, nim6);

	char after[TEXT_MAX * 2];
	board_print(sim, after, sizeof after);
	assert_string_equal(after, before);
	expect_same_lcd(sim, lcd);
	e2e_close(sim);
}

/* Random bytes at full speed, then the console still answers and the game
 * is as it was. */
static void random_bytes_change_nothing(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_until(sim, "new marienbad", "your move", TURN_MS);
	e2e_serial_ask_until(sim, "4-2", "your move", TURN_MS);
	sim_run_ms(sim, 3000);
	char before[TEXT_MAX * 2];
	board_print(sim, before, sizeof before);
	char lcd[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	lcd_snapshot(sim, lcd);

	uint32_t seed = 0xBADC0DEu;
	size_t total = 0;
	for (int burst = 0; burst < 8; burst++) {
		char noise[2048];
		size_t n = 256u + next_random(&seed) % (sizeof noise - 256u);
		for (size_t i = 0; i < n; i++) {
			noise[i] = (char)(next_random(&seed) & 0xFFu);
		}
		sim_uart_send(sim, noise, n);
		total += n;
		while (sim_uart_pending(sim) > 0) {
			sim_run_ms(sim, 10);
		}
	}
	/* An empty line ends whatever half line the noise left. */
	sim_uart_send(sim, "\r\n", 2);
	sim_run_ms(sim, 500);
	const char *text = sim_uart_output(sim);
	for (const char *p = text; *p != '\0'; p++) {
		assert_true((*p >= ' ' && *p <= '~') || *p == '\r' || *p == '\n');
	}

	char after[TEXT_MAX * 2];
	board_print(sim, after, sizeof after);
	assert_string_equal(after, before);
	expect_same_lcd(sim, lcd);
	print_message("# %zu random bytes in 8 bursts: the game and the LCD unchanged\n", total);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	/* BUILD/tests/e2e/test_console: the firmware and the host tool are in BUILD. */
	const char *slash = strrchr(argv[0], '/');
	int dir_length = slash != NULL ? (int)(slash - argv[0]) : 1;
	const char *dir = slash != NULL ? argv[0] : ".";
	snprintf(tool_path, sizeof tool_path, "%.*s/../../grundy", dir_length, dir);
	snprintf(elf_path, sizeof elf_path, "%.*s/../../grundy-box.elf", dir_length, dir);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(help_lists_every_command),
		cmocka_unit_test(games_names_every_game),
		cmocka_unit_test(analysis_is_the_host_tools_line),
		cmocka_unit_test(analysis_at_the_edges),
		cmocka_unit_test(longest_analyses_answer_without_a_watchdog_reset),
		cmocka_unit_test(board_prints_as_a_teleprinter),
		cmocka_unit_test(whole_games_by_text),
		cmocka_unit_test(go_lets_the_machine_move_first),
		cmocka_unit_test(console_and_buttons_share_the_game),
		cmocka_unit_test(each_bad_line_gets_one_error_and_changes_nothing),
		cmocka_unit_test(any_line_end_and_backspace),
		cmocka_unit_test(bytes_lost_while_busy_are_reported),
		cmocka_unit_test(random_bytes_change_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
