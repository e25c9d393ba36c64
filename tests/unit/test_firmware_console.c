/*
 * The serial console (firmware/console.h) on the host, with the rest of the
 * firmware's logic around it on the fake HAL: its commands give the lines
 * the e2e tests expect of the device (tests/e2e/test_console*.c), and a
 * game begun or played here is the one the LCD shows.
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
#include "firmware/game.h"
#include "firmware/settings.h"
#include "firmware/stats.h"
#include "tests/fake_hal/fake_hal.h"

/* The machine's pause and its words on the play screen, with room. */
#define MACHINE_MS 5000u

static int set_up(void **state)
{
	(void)state;
	fake_device_start();
	fake_line_clear_output();
	return 0;
}

/* Sends `line`; what the firmware wrote within `ms` after it. */
static const char *ask(const char *line, uint32_t ms)
{
	fake_line_clear_output();
	fake_device_send(line);
	fake_device_run_ms(ms);
	return fake_line_output();
}

static void boot_says_ready(void **state)
{
	(void)state;
	fake_device_start();
	assert_string_equal(fake_line_output(), "grundy-box ready\r\n");
}

/* The host engine's analysis line, as the host tool `grundy` prints it. */
static void host_analysis(uint8_t game_id, const char *text, char *line, size_t size)
{
	struct position pos;
	if (text[0] == '\0') {
		engine_start_position(&pos, game_id);
	} else {
		assert_int_equal(engine_parse_position(&pos, game_id, text), ENGINE_OK);
	}
	struct buffer_sink sink;
	buffer_sink_init(&sink, line, (uint16_t)(size - 2));
	engine_print_analysis(&pos, &sink.sink);
	assert_false(sink.overflowed);
	strcat(line, "\r\n");
}

static void analysis_is_the_host_tools_line(void **state)
{
	(void)state;
	static const struct {
		const char *command;
		uint8_t game;
		const char *position;
	} cases[] = {
		{ "nim 3 4 5", GAME_NIM, "3 4 5" },
		{ "NIM", GAME_NIM, "" },
		{ "marienbad 1 3 5 7", GAME_MARIENBAD, "1 3 5 7" },
		{ "kayles 5 3", GAME_KAYLES, "5 3" },
		{ "wythoff 3 5", GAME_WYTHOFF, "3 5" },
		{ "chomp", GAME_CHOMP, "" },
	};
	unsigned n = sizeof cases / sizeof cases[0];
	for (unsigned i = 0; i < n; i++) {
		char expected[200];
		host_analysis(cases[i].game, cases[i].position, expected, sizeof expected);
		assert_string_equal(ask(cases[i].command, 10), expected);
	}
	print_message("# %u analyses as the host engine prints them\n", n);
}

static void new_game_prints_its_transcript_and_board(void **state)
{
	(void)state;
	assert_string_equal(ask("new nim 3 4 5", 10), "new nim 3 4 5\r\n"
						      "nim 3 4 5\r\n"
						      "1: III\r\n"
						      "2: IIII\r\n"
						      "3: IIIII\r\n"
						      "your move\r\n");
	assert_true(game_exists());
	assert_int_equal(game->to_move, PLAYER_PERSON);
}

/* `hint` answers the analysis line and counts, in the statistics of the
 * game when it ends (the host builds every feature); a refused one does
 * not count, and `why` never does. */
static void hints_are_counted(void **state)
{
	(void)state;
	uint32_t before = stats_count(GAME_NIM, STATS_HINTS);
	assert_string_equal(ask("hint", 10), "error: no game\r\n");
	ask("new nim 3 4 5", 10);
	assert_string_equal(ask("hint", 10), "game=nim outcome=N grundy=2 move=1-2 after=1 4 5\r\n");
	assert_string_equal(ask("why", 10), "groups 3=2+1 4 5=4+1, unpaired 2\r\n");
	assert_string_equal(ask("hint 2", 10), "error: bad syntax\r\n");
	game_leave();
	assert_int_equal(stats_count(GAME_NIM, STATS_HINTS), before + 1u);
}

/* `stats`: a line for each game played and the totals, in the order of
 * the games; nothing after it. */
static void stats_lists_the_games_played(void **state)
{
	(void)state;
	fake_device_run_ms(1000); /* a new chip's first checkpoint, all zero */
	assert_string_equal(ask("stats", 10), "total: played 0, you 0, me 0, slips 0, hints 0\r\n");
	ask("new nim 1", 10);
	ask("1-1", 10); /* the person's win, written while the next begins */
	ask("new kayles 1", 10);
	ask("hint", 10);
	game_leave();
	assert_string_equal(ask("stats", 100), "nim: played 1, you 1, me 0, slips 0, hints 0\r\n"
					       "kayles: played 1, you 0, me 0, slips 0, hints 1\r\n"
					       "total: played 2, you 1, me 0, slips 0, hints 1\r\n");
	assert_string_equal(ask("stats 1", 10), "error: bad syntax\r\n");
}

static void a_move_gets_the_machines_reply_and_the_board(void **state)
{
	(void)state;
	ask("new nim 3 4 5", 10);
	assert_string_equal(ask("1-2", 10), "you 1-2 -> 1 4 5\r\n");
	const char *reply = ask("1-1", MACHINE_MS);
	assert_string_equal(reply, "error: not your turn\r\n"
				   "me 3-1 -> 1 4 4\r\n"
				   "nim 1 4 4\r\n"
				   "1: I\r\n"
				   "2: IIII\r\n"
				   "3: IIII\r\n"
				   "your move\r\n");
}

static void refusals_are_one_error_line_each(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		const char *reply;
	} cases[] = {
		{ "1-1", "error: no game\r\n" },
		{ "board", "error: no game\r\n" },
		{ "go", "error: unknown game\r\n" },
		{ "frobnicate", "error: unknown command\r\n" },
		{ "new nim 0 0", "error: game is over\r\n" },
	};
	unsigned n = sizeof cases / sizeof cases[0];
	for (unsigned i = 0; i < n; i++) {
		assert_string_equal(ask(cases[i].line, 10), cases[i].reply);
		assert_false(game_exists());
	}
	print_message("# %u refused lines\n", n);
}

/* The play screen follows a game begun at the console: the LCD shows the
 * position, no page of help, and the machine's move when it moves first. */
static void the_lcd_follows_a_console_game(void **state)
{
	(void)state;
	ask("new nim 3 4 5", 10);
	assert_non_null(strstr(fake_hal.lcd[0], "3"));
	assert_non_null(strstr(fake_hal.lcd[0], "4"));
	assert_non_null(strstr(fake_hal.lcd[0], "5"));
	assert_null(strstr(fake_hal.lcd[0], "U/D"));
	ask("go nim 1 2 4", 10);
	assert_string_equal(fake_hal.lcd[1], "Thinking...     ");
	assert_true(fake_hal.led_thinking);
	fake_device_run_ms(MACHINE_MS);
	assert_false(fake_hal.led_thinking);
	assert_int_equal(game->to_move, PLAYER_PERSON);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(boot_says_ready, set_up),
		cmocka_unit_test_setup(analysis_is_the_host_tools_line, set_up),
		cmocka_unit_test_setup(new_game_prints_its_transcript_and_board, set_up),
		cmocka_unit_test_setup(a_move_gets_the_machines_reply_and_the_board, set_up),
		cmocka_unit_test_setup(refusals_are_one_error_line_each, set_up),
		cmocka_unit_test_setup(the_lcd_follows_a_console_game, set_up),
		cmocka_unit_test_setup(hints_are_counted, set_up),
		cmocka_unit_test_setup(stats_lists_the_games_played, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
