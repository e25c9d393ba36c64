/*
 * The exhibit in Polish end to end (FEATURE_POLISH): the real firmware in
 * the simulator, through the buttons, the LCD's pins and the serial line.
 * The operator menu's Language item switches every text; the LCD shows
 * the Polish letters as custom characters whose dots are the letters'
 * (the simulator reads a glyph back as a letter only when every dot
 * matches engine/letters.def, so a wrong glyph fails here), the serial
 * line prints them in UTF-8, Marienbad's moves name the matches in the
 * plural form the number asks for, the lines a program reads (the ready
 * line, `stats`, the Odra challenge's answer) are the same in both
 * languages while a refusal's words change, the language survives a power cut,
 * the chip sleeps at least 99 % of the time at the menu and in attract
 * mode as it does in English, and English comes back when chosen.
 *
 * needs: POLISH OPERATOR SAVE TRANSCRIPT
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
#include "tests/e2e/odra_challenge.h"

#define GESTURE_MS 1600u
#define SCREEN_MS 300u

/* Whether the serial line has printed `text` as a line of its own, from
 * its line `from` on; its index, or -1. */
static int serial_find(struct sim *sim, const char *text, unsigned from)
{
	char line[128];
	for (unsigned i = from; e2e_serial_line(sim, i, line, sizeof line); i++) {
		if (strcmp(line, text) == 0) {
			return (int)i;
		}
	}
	return -1;
}

/* The operator menu's Language item set to `language` ("Polski" or
 * "English"), from power-on with SELECT held; back to the visitors. */
static void choose_language(struct sim *sim, const char *language)
{
	sim_button_down(sim, BUTTON_SELECT);
	sim_power_cycle(sim);
	if (!e2e_wait_line_utf8(sim, 1, "Hold SEL: exit", GESTURE_MS)) {
		e2e_expect_line_utf8(sim, 1, "SEL długo: wyjdź", GESTURE_MS);
	}
	sim_button_up(sim);
	sim_run_ms(sim, 100);
	char text[LCD_TEXT_LINE_SIZE];
	int presses = 0;
	for (;;) {
		e2e_line_utf8(sim, 0, text);
		if (strncmp(text, "Lang <", 6) == 0 || strncmp(text, "Język <", 8) == 0) {
			break;
		}
		assert_true(++presses < 12);
		e2e_press(sim, BUTTON_DOWN);
	}
	if (strstr(text, language) == NULL) {
		e2e_press(sim, BUTTON_RIGHT);
	}
	e2e_line_utf8(sim, 0, text);
	char expected[LCD_TEXT_LINE_SIZE];
	snprintf(expected, sizeof expected, "%s<%s>", strcmp(language, "Polski") == 0 ? "Język " : "Lang ", language);
	assert_string_equal(text, expected);
	sim_press(sim, BUTTON_SELECT, 1200);
	e2e_expect_menu(sim, SCREEN_MS);
}

/* Marienbad's word for `count` matches taken, as Polish grammar has it
 * (written here apart from the firmware's rule). */
static const char *zapalki(unsigned count)
{
	if (count == 1) {
		return "zapałkę";
	}
	if (count % 10 >= 2 && count % 10 <= 4 && (count % 100 < 10 || count % 100 >= 20)) {
		return "zapałki";
	}
	return "zapałek";
}

static void the_operator_switches_every_screen_to_polish(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	choose_language(sim, "Polski");
	/* The visitors' menu: Marienbad's name and its rules, then who
	 * wins, along row 1. */
	e2e_expect_line_utf8(sim, 0, "<Marienbad>", SCREEN_MS);
	e2e_expect_line_utf8(sim, 1, "Rzędy 1,3,5,7; w", SCREEN_MS);
	/* The items' labels and values. */
	e2e_press(sim, BUTTON_DOWN);
	e2e_expect_line_utf8(sim, 0, "Tryb <odwrotny>", SCREEN_MS);
	e2e_expect_line_utf8(sim, 1, "U/D:inne SEL:gra", SCREEN_MS);
	e2e_press(sim, BUTTON_DOWN);
	e2e_expect_line_utf8(sim, 0, "Zaczyna <ty>", SCREEN_MS);
	/* The language is kept across a power cut. */
	sim_power_cycle(sim);
	e2e_expect_line_utf8(sim, 0, "<Marienbad>", 2000);
	assert_true(serial_find(sim, "grundy-box ready", 0) >= 0);
	/* A refusal on the serial line: `error: `, then its letters in UTF-8. */
	char reply[128];
	e2e_serial_ask(sim, "xyzzy", reply, sizeof reply);
	assert_string_equal(reply, "error: nieznane polecenie");
	e2e_check_health(sim);
	e2e_close(sim);
}

/* What the lines a program reads say (the ready line at power-on, the
 * reply to `stats` and to `level`, the Odra challenge's answer up to its
 * time), each line ending in CR LF; and a refusal, whose `error: ` a
 * program reads, the rest a line for people. */
struct program_lines {
	char ready[64];
	char stats[512];
	char level[32];
	char odra[128];
	char refusal[128];
};

static void read_program_lines(struct sim *sim, struct program_lines *lines)
{
	sim_uart_clear_output(sim);
	sim_power_cycle(sim);
	e2e_expect_menu(sim, 3000);
	assert_true(e2e_serial_line(sim, 0, lines->ready, sizeof lines->ready));
	e2e_serial_ask_all(sim, "stats", 300);
	snprintf(lines->stats, sizeof lines->stats, "%s", sim_uart_output(sim));
	e2e_serial_ask(sim, "level", lines->level, sizeof lines->level);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "odra");
	assert_true(e2e_serial_wait_lines(sim, 1, 1000));
	sim_uart_send(sim, "1\r\n3\r\n5\r\n6\r\n\r\n", 14);
	assert_true(e2e_serial_wait_lines(sim, 2, 1000));
	assert_true(e2e_serial_line(sim, 1, lines->odra, sizeof lines->odra));
	char *time = strstr(lines->odra, " ms=");
	assert_non_null(time);
	*time = '\0';
	e2e_serial_ask(sim, "xyzzy", lines->refusal, sizeof lines->refusal);
}

/* The lines a program reads keep one form in both languages, the words
 * for people change: the ready line, `stats` (a game left counted),
 * `level` and the Odra challenge's answer are in Polish what they were in
 * English, and a refusal begins with `error: ` in both. */
static void lines_for_programs_keep_one_form_in_polish(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, "Take ", 4000);
	sim_press(sim, BUTTON_SELECT, 1200); /* left: a game played */
	e2e_expect_menu(sim, SCREEN_MS);
	sim_run_ms(sim, 2000); /* counted in the EEPROM */
	struct program_lines english, polish;
	read_program_lines(sim, &english);
	assert_string_equal(english.ready, "grundy-box ready");
	assert_string_equal(english.stats, "marienbad: played 1, you 0, me 0, slips 0, hints 0\r\n"
					   "total: played 1, you 0, me 0, slips 0, hints 0\r\n");
	assert_string_equal(english.odra, "odra rows=4 normal=1-1 misere=1-1");
	assert_string_equal(english.level, "level 3");
	assert_string_equal(english.refusal, "error: unknown command");
	choose_language(sim, "Polski");
	read_program_lines(sim, &polish);
	assert_string_equal(polish.refusal, "error: nieznane polecenie");
	assert_string_equal(polish.level, english.level);
	assert_string_equal(polish.ready, english.ready);
	assert_string_equal(polish.stats, english.stats);
	assert_string_equal(polish.odra, english.odra);
	printf("# in Polish as in English: \"%s\", `stats` \"%.*s\" ..., \"%s ms=...\"\n", polish.ready,
	       (int)strcspn(polish.stats, "\r"), polish.stats, polish.odra);
	e2e_check_health(sim);
	e2e_close(sim);
}

/* Marienbad played in Polish: the help, every amount of the row of 7
 * with its plural, the move on the serial line in Polish and in UTF-8, the
 * machine's answer. */
static void marienbad_names_the_matches_in_their_plural(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	choose_language(sim, "Polski");
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line_utf8(sim, 0, "U/D=gdzie L/R=n", SCREEN_MS);
	e2e_expect_line_utf8(sim, 1, "SEL=idź dł=stop", SCREEN_MS);
	e2e_expect_line_utf8(sim, 1, "Weź ", 4000);
	/* To the row of 7, the last. */
	int presses = 0;
	char text[LCD_TEXT_LINE_SIZE];
	for (e2e_line_utf8(sim, 0, text); strstr(text, "[7]") == NULL; e2e_line_utf8(sim, 0, text)) {
		assert_true(++presses < 8);
		e2e_press(sim, BUTTON_DOWN);
	}
	/* Down to 0, then up through every amount the row holds. */
	for (presses = 0; presses < 8; presses++) {
		e2e_press(sim, BUTTON_LEFT);
	}
	unsigned checked = 0;
	for (unsigned count = 0; count <= 7; count++) {
		char expected[LCD_TEXT_LINE_SIZE];
		snprintf(expected, sizeof expected, "Weź %u %s", count, zapalki(count));
		e2e_expect_line_utf8(sim, 1, expected, SCREEN_MS);
		e2e_line_utf8(sim, 1, text);
		assert_string_equal(text, expected);
		checked++;
		if (count < 7) {
			e2e_press(sim, BUTTON_RIGHT);
		}
	}
	printf("# %u amounts shown with their plural\n", checked);
	/* Take 2 of the 7: the row of 7 is the fourth. */
	for (presses = 0; presses < 5; presses++) {
		e2e_press(sim, BUTTON_LEFT);
	}
	e2e_expect_line_utf8(sim, 1, "Weź 2 zapałki", SCREEN_MS);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line_utf8(sim, 1, "Biorę ", 8000);
	e2e_line_utf8(sim, 1, text);
	unsigned taken = 0;
	char word[32] = "";
	assert_int_equal(sscanf(text, "Biorę %u %31s", &taken, word), 2);
	assert_string_equal(word, zapalki(taken));
	/* The serial line: the Polish transcript, its letters in UTF-8. */
	int first = serial_find(sim, "nowa gra marienbad 1 3 5 7", 0);
	assert_true(first >= 0);
	assert_int_equal(serial_find(sim, "ty 4-2 -> 1 3 5 5", (unsigned)first), first + 1);
	e2e_check_health(sim);
	e2e_close(sim);
}

/* In Polish too the chip sleeps at least 99 % of the time at the menu and
 * in attract mode, whose screens draw the letters' glyphs: the menu for
 * its first 50 s, then attract mode's Marienbad for a minute (it begins
 * after the menu's idle minute). */
static void in_polish_the_waits_are_asleep(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	choose_language(sim, "Polski");
	struct e2e_sleep menu;
	e2e_measure_sleep(sim, 50000, &menu);
	e2e_print_sleep("the menu in Polish", &menu);
	e2e_expect_line_utf8(sim, 0, "  Czy pokonasz", 15000);
	e2e_expect_line_utf8(sim, 1, "     Odrę?", 100);
	struct e2e_sleep attract;
	e2e_measure_sleep(sim, 60000, &attract);
	e2e_print_sleep("attract mode in Polish", &attract);
	assert_true(e2e_sleep_fraction(&menu) >= 0.99);
	assert_true(e2e_sleep_fraction(&attract) >= 0.99);
	e2e_check_health(sim);
	e2e_close(sim);
}

/* The Odra challenge sent as one file in Polish, its prompt the longest
 * reply that goes out while the rows come in (64 bytes in UTF-8, decoded
 * from the console's texts): by a terminal that ignores XON/XOFF, at the
 * line's full rate, not a byte is lost. */
static void the_odra_challenge_from_a_file_in_polish(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	choose_language(sim, "Polski");
	sim_uart_set_flow(sim, false, 0);
	static uint16_t sizes[1000];
	uint32_t seed = 1003u;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		sizes[i] = (uint16_t)sim_random(&seed);
	}
	struct odra_rows rows = { sizes, sizeof sizes / sizeof sizes[0] };
	uint32_t xoffs = sim_uart_xoffs(sim);
	struct odra_answer answer;
	const char *wrong = odra_challenge_run_file(sim, &rows, "\r\n", &answer);
	if (wrong != NULL) {
		fail_msg("%s; the device wrote:\n%s", wrong, answer.line);
	}
	assert_string_equal(answer.prompt, "odra: rzędy 0-65535, po jednym w wierszu, potem pusty wiersz");
	assert_int_equal(answer.rows, rows.count);
	assert_int_equal(answer.overruns, 0);
	assert_null(odra_check_move(&rows, false, answer.normal));
	assert_null(odra_check_move(&rows, true, answer.misere));
	print_message(
		"# the challenge from a file in Polish at %u baud: %u rows, %u XOFF sent (ignored), 0 bytes lost\n",
		sim_uart_baud(sim), rows.count, sim_uart_xoffs(sim) - xoffs);
	e2e_check_health(sim);
	e2e_close(sim);
}

static void english_comes_back(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	choose_language(sim, "Polski");
	e2e_expect_line_utf8(sim, 1, "Rzędy", 30000);
	choose_language(sim, "English");
	e2e_expect_line(sim, 0, "<Marienbad>", SCREEN_MS);
	e2e_expect_line(sim, 1, "Rows 1,3,5,7", 30000);
	e2e_check_health(sim);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_operator_switches_every_screen_to_polish),
		cmocka_unit_test(lines_for_programs_keep_one_form_in_polish),
		cmocka_unit_test(marienbad_names_the_matches_in_their_plural),
		cmocka_unit_test(in_polish_the_waits_are_asleep),
		cmocka_unit_test(the_odra_challenge_from_a_file_in_polish),
		cmocka_unit_test(english_comes_back),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
