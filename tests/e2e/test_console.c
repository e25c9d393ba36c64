/*
 * The serial console (firmware/console.h) end to end, its help and its
 * analysis: the real firmware in the simulator, spoken to over its UART at
 * 115200 baud as a script or a terminal would.
 *
 *   - help names every command and gives every game's syntax, as the host
 *     engine has it;
 *   - the analysis line is the host tool's, byte for byte, for positions of
 *     every game: each start, random positions reached by legal play, and
 *     edge positions (largest numbers, longest rows), checked against the
 *     engine's host build and, for some, the `grundy` program itself;
 *   - every game's longest line is answered, and the longest of all begins
 *     a game while one byte more is refused;
 *   - the longest analyses (about a second on the chip) answer without a
 *     watchdog reset.
 *
 * Games played by text are test_console_play's, bad input and line editing
 * test_console_input's, bytes faster than the console reads them
 * test_console_flood's.
 *
 * needs: CONSOLE ANALYSIS TYPED_PLAY ODRA TRANSCRIPT (help names `new`, `go`
 * and `odra`; the longest lines begin games, whose transcript is read)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_console.h"
#include "tests/e2e/e2e_serial.h"

#define RANDOM_POSITIONS_PER_GAME 24u
#define TOOL_CHECKS_PER_GAME 3u

/* ---- help ---- */

static void help_names_every_command_and_game(void **state)
{
	(void)state;
	struct sim *sim = e2e_console_boot();
	e2e_serial_ask_all(sim, "help", E2E_CONSOLE_QUIET_MS);
	char first[E2E_CONSOLE_TEXT_MAX];
	assert_true(e2e_serial_line(sim, 0, first, sizeof first));
	static const char *const commands[] = { "GAME [POSITION]", "new", "go", "MOVE", "board", "odra", "help" };
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strstr(first, commands[i]) == NULL) {
			fail_msg("help does not name \"%s\": %s", commands[i], first);
		}
	}
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		char expected[E2E_CONSOLE_TEXT_MAX];
		struct buffer_sink sink;
		buffer_sink_init(&sink, expected, sizeof expected);
		engine_print_game_name(game, &sink.sink);
		print_char(&sink.sink, ' ');
		engine_print_game_syntax(game, &sink.sink);
		char line[E2E_CONSOLE_TEXT_MAX];
		assert_true(e2e_serial_line(sim, 1u + game, line, sizeof line));
		assert_string_equal(line, expected);
	}
	assert_int_equal(e2e_serial_lines(sim), 1u + GAME_COUNT);
	/* Words after `help` change nothing. */
	e2e_serial_ask_all(sim, "HELP nim", E2E_CONSOLE_QUIET_MS);
	assert_int_equal(e2e_serial_lines(sim), 1u + GAME_COUNT);
	e2e_close(sim);
}

/* ---- analysis ---- */

/* A position reached from the start by up to `steps` random legal moves. */
static void random_position(uint8_t game, uint32_t *seed, unsigned steps, struct position *pos)
{
	engine_start_position(pos, game);
	unsigned n = sim_random(seed) % (steps + 1u);
	for (unsigned i = 0; i < n; i++) {
		unsigned moves = e2e_legal_move_count(pos);
		if (moves == 0) {
			break;
		}
		struct move mv;
		e2e_nth_move(pos, sim_random(seed) % moves, &mv);
		engine_apply_move(pos, &mv);
	}
}

/* Asks the device to analyse `pos` and compares with the host. */
static void check_analysis(struct sim *sim, const struct position *pos, bool with_tool)
{
	char command[E2E_CONSOLE_TEXT_MAX];
	char expected[E2E_CONSOLE_TEXT_MAX];
	e2e_console_command_text(pos, command, sizeof command);
	e2e_host_analysis(pos, expected, sizeof expected);
	if (with_tool) {
		char tool[E2E_CONSOLE_TEXT_MAX];
		e2e_tool_line(command, tool, sizeof tool);
		assert_string_equal(tool, expected);
	}
	e2e_console_expect_reply(sim, command, expected);
}

static void analysis_is_the_host_tools_line(void **state)
{
	(void)state;
	struct sim *sim = e2e_console_boot();
	uint32_t seed = 0x0D7A1003u;
	unsigned checked = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct position pos;
		engine_start_position(&pos, game);
		check_analysis(sim, &pos, true);
		checked++;
		for (unsigned i = 0; i < RANDOM_POSITIONS_PER_GAME; i++) {
			random_position(game, &seed, 12, &pos);
			char command[E2E_CONSOLE_TEXT_MAX];
			e2e_console_command_text(&pos, command, sizeof command);
			if (strlen(command) > E2E_CONSOLE_LINE_MAX) {
				continue;
			}
			check_analysis(sim, &pos, i < TOOL_CHECKS_PER_GAME);
			checked++;
		}
		/* Without a position: the start, as the host tool does; names in
		 * any case. */
		char expected[E2E_CONSOLE_TEXT_MAX];
		char name[64];
		engine_start_position(&pos, game);
		e2e_host_analysis(&pos, expected, sizeof expected);
		snprintf(name, sizeof name, "%s", engine_game_name(game));
		name[0] = (char)(name[0] - 'a' + 'A');
		e2e_console_expect_reply(sim, name, expected);
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
	struct sim *sim = e2e_console_boot();
	for (size_t i = 0; i < sizeof edge_commands / sizeof edge_commands[0]; i++) {
		char expected[E2E_CONSOLE_TEXT_MAX];
		e2e_console_host_line(edge_commands[i], expected, sizeof expected);
		e2e_console_expect_reply(sim, edge_commands[i], expected);
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
	struct sim *sim = e2e_console_boot();
	size_t longest = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		const char *line = longest_lines[game];
		size_t n = strlen(engine_game_name(game));
		assert_true(strncmp(line, engine_game_name(game), n) == 0 && line[n] == ' ');
		char expected[E2E_CONSOLE_TEXT_MAX];
		e2e_console_host_line(line, expected, sizeof expected);
		assert_true(strncmp(expected, "game=", 5) == 0); /* legal */
		if (!e2e_game_in_firmware(game)) {
			continue;
		}
		e2e_console_expect_reply(sim, line, expected);
		longest = strlen(line) > longest ? strlen(line) : longest;
	}
	print_message("# every game's longest position answered, the longest line to analyse %zu characters\n",
		      longest);
	/* The longest line of all begins a game of it. */
	const char *game_line = "new matrix-nim " MATRIX_8X8;
	e2e_serial_ask_until(sim, game_line, "your move", E2E_CONSOLE_TURN_MS);
	char first[E2E_CONSOLE_TEXT_MAX];
	assert_true(e2e_serial_line(sim, 0, first, sizeof first));
	assert_string_equal(first, game_line);
	/* One byte more (a space before it, which a line may have) is too long. */
	char over[E2E_CONSOLE_TEXT_MAX] = " ";
	strcat(over, game_line);
	e2e_console_expect_reply(sim, over, "error: line too long");
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
	struct sim *sim = e2e_console_boot();
	static const char *const slow[] = {
		"subtract-digit 100000",
		"subtract-digit 99999",
		"prime-power 4294967291", /* the largest prime below 2^32 */
		"prime-power 4294967279",
	};
	for (size_t i = 0; i < sizeof slow / sizeof slow[0]; i++) {
		char expected[E2E_CONSOLE_TEXT_MAX];
		e2e_console_host_line(slow[i], expected, sizeof expected);
		uint64_t start = sim_cycles(sim);
		e2e_console_expect_reply(sim, slow[i], expected);
		double ms = (double)(sim_cycles(sim) - start) / (BOARD_F_CPU / 1000.0) - E2E_CONSOLE_QUIET_MS;
		print_message("# \"%s\": the reply after %.0f ms\n", slow[i], ms);
	}
	/* A new game of it: the machine's first move is as slow (and wins). */
	e2e_serial_ask_until(sim, "go prime-power 4294967291", "game is over", E2E_CONSOLE_TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "me /4294967291 -> 1\r\nwinner me\r\n"));
	assert_int_equal(sim_watchdog_resets(sim), 0);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(help_names_every_command_and_game),
		cmocka_unit_test(analysis_is_the_host_tools_line),
		cmocka_unit_test(analysis_at_the_edges),
		cmocka_unit_test(the_longest_line_of_every_game),
		cmocka_unit_test(longest_analyses_answer_without_a_watchdog_reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
