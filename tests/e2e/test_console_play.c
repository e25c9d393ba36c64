/*
 * Games played at the serial console (firmware/console.h) end to end: the
 * real firmware in the simulator, spoken to over its UART at 115200 baud,
 * the LCD read and the buttons pressed through the shield's pins.
 *
 *   - a whole game of every game played by text, with `new` and with `go`,
 *     the machine's replies checked by the brute-force solver, every board
 *     printed checked against the teleprinter picture worked out here, and
 *     the LCD showing the same position;
 *   - boards print as a teleprinter draws them, and `board` prints the same;
 *   - `go` lets the machine move first, and while it thinks a move is
 *     refused as out of turn;
 *   - the console and the buttons on one game; a game left with the
 *     buttons is said to be left, with its position, in the transcript,
 *     takes no more moves and forgets the board a command waited for;
 *   - the transcript's line of each game says who moves first ("new" or
 *     "go"), whether it began here or with the buttons, and typed back it
 *     begins the same game.
 *
 * needs: CONSOLE TYPED_PLAY TRANSCRIPT (games typed, read back from the
 * transcript)
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

#define BLINK_MS 450u /* a board's cursor blinks: a whole period of it */

/* ---- the moves and boards of the output ---- */

static void move_text(const struct position *pos, const struct move *mv, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_move(pos, mv, &sink.sink);
	assert_false(sink.overflowed);
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

/* The output ends with the board print of `pos` and `status`. */
static void expect_board_print(struct sim *sim, const struct position *pos, const char *status)
{
	char expected[E2E_CONSOLE_TEXT_MAX];
	e2e_console_expected_board(pos, status, expected, sizeof expected);
	const char *text = sim_uart_output(sim);
	size_t n = strlen(text);
	size_t m = strlen(expected);
	if (n < m || strcmp(text + n - m, expected) != 0) {
		fail_msg("the board print is not\n%s\nthe device wrote:\n%s", expected, text);
	}
}

/* ---- playing by text ---- */

/* A move for the person: a winning one when `perfect` and there is one
 * (the solver says which), else a random legal one. */
static void choose_person_move(const struct position *pos, bool perfect, uint32_t *seed, struct move *mv)
{
	unsigned moves = e2e_legal_move_count(pos);
	assert_true(moves > 0);
	if (perfect) {
		for (unsigned i = 0; i < moves; i++) {
			e2e_nth_move(pos, i, mv);
			struct position after = *pos;
			engine_apply_move(&after, mv);
			if (!brute_position_wins(&after)) {
				return;
			}
		}
	}
	e2e_nth_move(pos, sim_random(seed) % moves, mv);
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
	assert_int_equal(e2e_console_parse_command(start_text, &pos), ENGINE_OK);
	bool person_can_win = brute_position_wins(&pos) != machine_first;
	char command[E2E_CONSOLE_TEXT_MAX];
	snprintf(command, sizeof command, "%s %s", machine_first ? "go" : "new", start_text);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, command);
	e2e_console_wait_turn_back(sim);
	/* The transcript's first line is the command that starts this game
	 * (the start's position written out). */
	char expected[E2E_CONSOLE_TEXT_MAX + 8];
	char position[E2E_CONSOLE_TEXT_MAX];
	e2e_console_command_text(&pos, position, sizeof position);
	snprintf(expected, sizeof expected, "%s %s\r\n", machine_first ? "go" : "new", position);
	assert_true(strncmp(sim_uart_output(sim), expected, strlen(expected)) == 0);
	bool person_moved_last = false;
	if (machine_first) {
		e2e_console_move_from_transcript(sim, "me", &pos);
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
		e2e_console_wait_turn_back(sim);
		e2e_console_move_from_transcript(sim, "you", &pos);
		person_moved_last = true;
		if (!engine_game_over(&pos)) {
			e2e_console_move_from_transcript(sim, "me", &pos);
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
	e2e_console_expect_reply(sim, command, "error: no game");
	return person_won;
}

static void a_whole_game_of_every_game_by_text(void **state)
{
	(void)state;
	struct sim *sim = e2e_console_boot();
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
	struct sim *sim = e2e_console_boot();
	e2e_serial_ask_until(sim, "new marienbad", "your move", E2E_CONSOLE_TURN_MS);
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
		char command[E2E_CONSOLE_TEXT_MAX];
		snprintf(command, sizeof command, "new %s", starts[i]);
		e2e_serial_ask_until(sim, command, "your move", E2E_CONSOLE_TURN_MS);
		struct position pos;
		assert_int_equal(e2e_console_parse_command(starts[i], &pos), ENGINE_OK);
		expect_board_print(sim, &pos, "your move");
		/* `board` prints the same. */
		char board[E2E_CONSOLE_TEXT_MAX];
		e2e_console_board_print(sim, board, sizeof board);
		char expected[E2E_CONSOLE_TEXT_MAX];
		e2e_console_expected_board(&pos, "your move", expected, sizeof expected);
		assert_string_equal(board, expected);
	}
	/* A taste of the pictures, written out. */
	e2e_serial_ask_until(sim, "new taktix", "your move", E2E_CONSOLE_TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "\r\na: OOOO\r\nb: OOOO\r\nc: OOOO\r\nd: OOOO\r\nyour move\r\n"));
	e2e_serial_ask_until(sim, "new matrix-nim 1 2 3 / 4 5 6", "your move", E2E_CONSOLE_TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "\r\n1: 1 2 3\r\n2: 4 5 6\r\nyour move\r\n"));
	e2e_serial_ask_until(sim, "new nim 100 0", "your move", E2E_CONSOLE_TURN_MS);
	assert_non_null(strstr(sim_uart_output(sim), "\r\n1: IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII\r\n2: \r\n"));
	e2e_close(sim);
}

/* `go` lets the machine move first; while it thinks, a move is refused. */
static void go_lets_the_machine_move_first(void **state)
{
	(void)state;
	struct sim *sim = e2e_console_boot();
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "go nim 1 2 4");
	wait_line(sim, "go nim 1 2 4", 1000);
	e2e_console_expect_reply(sim, "1-1", "error: not your turn");
	sim_uart_clear_output(sim);
	e2e_console_wait_turn_back(sim);
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_NIM, "1 2 4"), ENGINE_OK);
	e2e_console_move_from_transcript(sim, "me", &pos);
	assert_false(brute_position_wins(&pos)); /* 1 2 4 wins: the machine left a losing position */
	expect_board_print(sim, &pos, "your move");
	char reply[E2E_CONSOLE_TEXT_MAX];
	e2e_serial_ask(sim, "go", reply, sizeof reply);
	assert_string_equal(reply, "error: unknown game");
	e2e_close(sim);
}

/* The console and the buttons play one game. */
static void console_and_buttons_share_the_game(void **state)
{
	(void)state;
	struct sim *sim = e2e_console_boot();
	e2e_serial_ask_until(sim, "new nim 3 4 5", "your move", E2E_CONSOLE_TURN_MS);
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
	if (!sim_run_until(sim, output_has, machine_line, E2E_CONSOLE_TURN_MS)) {
		fail_msg("the machine did not reply; the device wrote:\n%s", sim_uart_output(sim));
	}
	sim_run_ms(sim, 100);
	e2e_console_move_from_transcript(sim, "you", &pos);
	e2e_console_move_from_transcript(sim, "me", &pos);
	char board[E2E_CONSOLE_TEXT_MAX];
	e2e_console_board_print(sim, board, sizeof board);
	char expected[E2E_CONSOLE_TEXT_MAX];
	e2e_console_expected_board(&pos, "your move", expected, sizeof expected);
	assert_string_equal(board, expected);

	/* A move typed here shows on the LCD. */
	struct move mv;
	e2e_nth_move(&pos, e2e_legal_move_count(&pos) - 1u, &mv);
	char typed[64];
	move_text(&pos, &mv, typed, sizeof typed);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, typed);
	e2e_console_wait_turn_back(sim);
	e2e_console_move_from_transcript(sim, "you", &pos);
	if (!engine_game_over(&pos)) {
		e2e_console_move_from_transcript(sim, "me", &pos);
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
	struct sim *sim = e2e_console_boot();
	e2e_serial_ask_until(sim, "new nim 3 4 5", "your move", E2E_CONSOLE_TURN_MS);
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
	e2e_console_expect_reply(sim, "1-1", "error: no game");

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
	struct sim *sim = e2e_console_boot();
	/* With the buttons: the menu's Marienbad, the machine first. */
	struct e2e_setup setup = e2e_start(GAME_MARIENBAD, true);
	e2e_menu_set(sim, &setup);
	sim_uart_clear_output(sim);
	e2e_press(sim, BUTTON_SELECT);
	wait_line(sim, "go marienbad 1 3 5 7", 1000);
	char machine_line[] = "\r\nme ";
	if (!sim_run_until(sim, output_has, machine_line, E2E_CONSOLE_TURN_MS)) {
		fail_msg("the machine did not move first; the device wrote:\n%s", sim_uart_output(sim));
	}
	sim_run_ms(sim, E2E_CONSOLE_QUIET_MS);
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
		e2e_console_wait_turn_back(sim);
		char line[E2E_CONSOLE_TEXT_MAX];
		assert_true(e2e_serial_line(sim, 0, line, sizeof line));
		assert_string_equal(line, starts[i]);
		e2e_check_transcript(sim, &transcript);
		assert_int_equal(transcript.games, 1);
		assert_int_equal(transcript.moves, starts[i][0] == 'g' ? 1u : 0u);
	}
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(boards_print_as_a_teleprinter),
		cmocka_unit_test(a_whole_game_of_every_game_by_text),
		cmocka_unit_test(go_lets_the_machine_move_first),
		cmocka_unit_test(console_and_buttons_share_the_game),
		cmocka_unit_test(a_game_left_takes_its_board_along),
		cmocka_unit_test(the_transcript_says_who_moves_first),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
