/*
 * Hints and the reason why at the console, end to end through the UART:
 * `hint` answers the analysis line of the game in progress, exactly as the
 * engine linked here prints it, and `why` the reason why, for the start of
 * every game; without a game in progress, out of turn and with words after
 * them, each gets its one error line.  For the editions that play games at
 * the console and teach (TYPED_PLAY and TEACHING; make test runs it on
 * each that has both).
 *
 * needs: CONSOLE TYPED_PLAY TRANSCRIPT TEACHING (`hint` and `why` at the console;
 * no edition has both typed play and teaching)
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
#include "tests/e2e/e2e_serial.h"

#define TEXT_MAX 1024u
#define TURN_MS 10000u
#define QUIET_MS 50u
#define GESTURE_MS 3500u /* LEFT held: the hint comes after about 3 s */

static struct sim *boot(void)
{
	struct sim *sim = e2e_boot(0);
	sim_uart_clear_output(sim);
	return sim;
}

static void expect_reply(struct sim *sim, const char *line, const char *expected)
{
	char reply[TEXT_MAX];
	e2e_serial_ask(sim, line, reply, sizeof reply);
	sim_run_ms(sim, QUIET_MS);
	if (strcmp(reply, expected) != 0 || e2e_serial_lines(sim) != 1) {
		fail_msg("\"%s\":\n  device: %s\n  wanted: %s", line, sim_uart_output(sim), expected);
	}
}

static unsigned refusals;

static void expect_error(struct sim *sim, const char *line, const char *reason)
{
	refusals++;
	char expected[128];
	snprintf(expected, sizeof expected, "error: %s", reason);
	expect_reply(sim, line, expected);
}

static void host_why(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_why(pos, &sink.sink);
	assert_false(sink.overflowed);
}

/* A new game typed on the console, the person first; its position here. */
static void new_game(struct sim *sim, uint8_t game, const char *position, struct position *pos)
{
	char line[256];
	snprintf(line, sizeof line, "new %s %s", engine_game_name(game), position);
	e2e_serial_ask_until(sim, line, "your move", TURN_MS);
	assert_int_equal(engine_parse_position(pos, game, position), ENGINE_OK);
	sim_uart_clear_output(sim);
}

static void hint_and_why_on_the_console(void **state)
{
	(void)state;
	struct sim *sim = boot();
	char syntax[64];
	e2e_error_text(ENGINE_ERR_SYNTAX, syntax, sizeof syntax);
	expect_error(sim, "hint", "no game");
	expect_error(sim, "why", "no game");

	/* The start of every game: the same lines as the engine here. */
	unsigned games = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct position pos;
		char example[256];
		struct buffer_sink sink;
		buffer_sink_init(&sink, example, sizeof example);
		engine_print_game_example(game, &sink.sink);
		new_game(sim, game, example, &pos);
		char expected[TEXT_MAX];
		e2e_host_analysis(&pos, expected, sizeof expected);
		expect_reply(sim, "hint", expected);
		host_why(&pos, expected, sizeof expected);
		expect_reply(sim, "why", expected);
		expect_reply(sim, "WHY", expected);
		games++;
	}

	/* Words after them, and the machine's turn. */
	struct position pos;
	new_game(sim, GAME_NIM, "3 4 5", &pos);
	expect_error(sim, "hint 1-2", syntax);
	expect_error(sim, "why nim 3 4 5", syntax);
	e2e_serial_send(sim, "1-2");
	sim_run_ms(sim, 100); /* the machine's pause has begun */
	expect_error(sim, "hint", "not your turn");
	expect_error(sim, "why", "not your turn");
	sim_run_ms(sim, 3000); /* the machine's move */

	/* A game left is no game in progress. */
	sim_button_down(sim, BUTTON_SELECT);
	sim_run_ms(sim, 1200);
	sim_button_up(sim);
	e2e_expect_menu(sim, 1000);
	expect_error(sim, "hint", "no game");
	expect_error(sim, "why", "no game");
	printf("# hint and why matched the host engine at the start of %u games; %u refusals\n", games, refusals);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hint_and_why_on_the_console),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
