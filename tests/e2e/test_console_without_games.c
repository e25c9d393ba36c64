/*
 * A console that plays no games and analyses no position (the analysis
 * line and typed play left out, as the pocket and the exhibit editions
 * leave them: their people play with the buttons), end to end through the
 * UART: every command of those features, and a move, is an unknown
 * command; `help` offers only what is left (`level`, `stats` and `odra`
 * as the edition holds them), without the games' syntax; the Odra challenge
 * answers in an edition that holds it (GRUNDY_BOX_FEATURES names ODRA),
 * and is an unknown command, not offered by `help`, in one that does not.
 * make test runs it on each edition that lacks both.
 *
 * needs: CONSOLE
 * lacks: ANALYSIS TYPED_PLAY
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"

#define TEXT_MAX 512u
#define QUIET_MS 50u

static struct sim *boot(void)
{
	struct sim *sim = e2e_boot(0);
	sim_uart_clear_output(sim);
	return sim;
}

static void games_and_analysis_are_unknown_commands(void **state)
{
	(void)state;
	struct sim *sim = boot();
	static const char *const lines[] = {
		"new nim 3 4 5",
		"go marienbad",
		"NEW chomp 2x3",
		"new nosuchgame",
		"nim 3 4 5",
		"marienbad",
		"1-2",
		"-4",
		"a1",
		"board",
		"hint",
		"why",
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		char reply[TEXT_MAX];
		e2e_serial_ask(sim, lines[i], reply, sizeof reply);
		sim_run_ms(sim, QUIET_MS);
		if (strcmp(reply, "error: unknown command") != 0 || e2e_serial_lines(sim) != 1) {
			fail_msg("\"%s\": the device said \"%s\"", lines[i], sim_uart_output(sim));
		}
	}
	/* Nothing began: the menu still shows. */
	e2e_expect_menu(sim, 100);
	printf("# %zu lines of games, moves and analysis, each an unknown command\n", sizeof lines / sizeof lines[0]);
	e2e_close(sim);
}

static void help_offers_what_is_left(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_all(sim, "help", QUIET_MS);
	char first[TEXT_MAX];
	assert_true(e2e_serial_line(sim, 0, first, sizeof first));
	bool odra = strstr(first, "odra") != NULL, level = strstr(first, "level") != NULL;
	bool stats = strstr(first, "stats") != NULL;
	if (odra != e2e_feature("ODRA") || level != e2e_feature("LEVELS") || stats != e2e_feature("STATS") ||
	    strstr(first, "help") == NULL || strstr(first, "GAME") != NULL || strstr(first, "board") != NULL ||
	    strstr(first, "hint") != NULL) {
		fail_msg("help's commands: \"%s\"", first);
	}
	/* No game's syntax follows: no line takes one. */
	assert_int_equal(e2e_serial_lines(sim), 1);
	printf("# help: \"%s\"\n", first);
	e2e_close(sim);
}

/* Without the Odra challenge: `odra` is unknown, and the rows that would
 * have followed are unknown commands too (they would be moves). */
static void odra_is_an_unknown_command(struct sim *sim)
{
	static const char *const lines[] = { "odra", "ODRA", "7" };
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		char reply[TEXT_MAX];
		e2e_serial_ask(sim, lines[i], reply, sizeof reply);
		if (strcmp(reply, "error: unknown command") != 0) {
			fail_msg("\"%s\": the device said \"%s\"", lines[i], reply);
		}
	}
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "");
	sim_run_ms(sim, QUIET_MS);
	assert_int_equal(sim_uart_output_length(sim), 0);
	printf("# odra: an unknown command, as this edition leaves it out\n");
}

static void the_odra_challenge_answers_where_held(void **state)
{
	(void)state;
	struct sim *sim = boot();
	if (!e2e_feature("ODRA")) {
		odra_is_an_unknown_command(sim);
		e2e_close(sim);
		return;
	}
	e2e_serial_send(sim, "odra");
	assert_true(e2e_serial_wait_lines(sim, 1, 1000));
	const char *rows = "1\r\n3\r\n5\r\n6\r\n\r\n";
	sim_uart_send(sim, rows, strlen(rows));
	assert_true(e2e_serial_wait_lines(sim, 2, 1000));
	char line[128];
	assert_true(e2e_serial_line(sim, 1, line, sizeof line));
	assert_true(strncmp(line, "odra rows=4 normal=1-1 misere=1-1 ms=", 37) == 0);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(games_and_analysis_are_unknown_commands),
		cmocka_unit_test(help_offers_what_is_left),
		cmocka_unit_test(the_odra_challenge_answers_where_held),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
