/*
 * A feature left out at build time (firmware/features.h) answers as if it
 * were never there.  Run on the teletype edition built with the Odra
 * challenge switched off (make test passes $(BUILD)/without/odra's ELF in
 * GRUNDY_BOX_ELF): `odra` is an unknown command, `help` does not offer it,
 * the rows that would have followed are read as what they are on their
 * own (moves, with no game), and the rest of the console is untouched.
 *
 * build: without-odra (the teletype with the Odra challenge switched off)
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

static void expect_reply(struct sim *sim, const char *line, const char *expected)
{
	char reply[TEXT_MAX];
	e2e_serial_ask(sim, line, reply, sizeof reply);
	if (strcmp(reply, expected) != 0) {
		fail_msg("\"%s\" got \"%s\", not \"%s\"", line, reply, expected);
	}
}

static void odra_is_an_unknown_command(void **state)
{
	(void)state;
	struct sim *sim = boot();
	expect_reply(sim, "odra", "error: unknown command");
	expect_reply(sim, "ODRA", "error: unknown command");
	/* No challenge began: a row is a move, an empty line is nothing. */
	expect_reply(sim, "7", "error: no game");
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "");
	sim_run_ms(sim, QUIET_MS);
	assert_int_equal(sim_uart_output_length(sim), 0);
	e2e_close(sim);
}

static void help_does_not_offer_it(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_serial_ask_all(sim, "help", QUIET_MS);
	unsigned lines = e2e_serial_lines(sim);
	assert_true(lines > 1);
	char first[TEXT_MAX];
	assert_true(e2e_serial_line(sim, 0, first, sizeof first));
	if (strstr(first, "odra") != NULL || strstr(first, "board") == NULL) {
		fail_msg("help's commands: \"%s\"", first);
	}
	print_message("# help: \"%s\", then %u lines\n", first, lines - 1u);
	e2e_close(sim);
}

static void the_rest_of_the_console_is_there(void **state)
{
	(void)state;
	struct sim *sim = boot();
	char expected[TEXT_MAX];
	e2e_tool_line("marienbad 1 3 5 7", expected, sizeof expected);
	expect_reply(sim, "marienbad 1 3 5 7", expected);
	expect_reply(sim, "new nim 3 4 5", "new nim 3 4 5");
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(odra_is_an_unknown_command),
		cmocka_unit_test(help_does_not_offer_it),
		cmocka_unit_test(the_rest_of_the_console_is_there),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
