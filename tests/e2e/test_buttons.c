/*
 * Bad and awkward input through the buttons, end to end: an illegal move is
 * refused with the engine's reason and changes nothing; mashing the buttons
 * and bouncing contacts leave every game correct; a long press of SELECT
 * leaves a game; a held arrow repeats; both shield versions' voltages work;
 * a set-up with nothing to take is refused.  Every test also checks that the
 * firmware never crashed, hung, reset or broke an LCD timing, and never
 * drove the backlight pin high.
 *
 * needs: TRANSCRIPT (the machine's moves read from the transcript)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/e2e/e2e.h"

static const struct e2e_setup nim_345 = {
	.game = GAME_NIM,
	.rule = RULE_NORMAL,
	.variant = E2E_DEFAULT,
	.limit = E2E_DEFAULT,
	.set = E2E_DEFAULT,
	.machine_first = false,
	.count = 3,
	.value = { 3, 4, 5 },
};

/* Starts the set-up shown in the menu and waits for the person's turn. */
static void start_game(struct sim *sim)
{
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 0, "U/D=where", 1000);
	e2e_expect_line(sim, 1, "Take ", 4000);
}

/* Nim's move "take `count` from heap `heap`" (heaps from 0). */
static struct move nim_move(uint8_t heap, uint16_t count)
{
	struct move mv;
	memset(&mv, 0, sizeof mv);
	mv.u.heap.heap = heap;
	mv.u.heap.count = count;
	return mv;
}

/* Presses UP until row 0 reads `text`. */
static void find_item(struct sim *sim, const char *text)
{
	for (int presses = 0; presses < 16; presses++) {
		char row0[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, row0);
		if (strcmp(row0, text) == 0) {
			return;
		}
		e2e_press(sim, BUTTON_UP);
	}
	fail_msg("the menu never showed \"%s\"", text);
}

static void illegal_move_is_refused_and_changes_nothing(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	e2e_menu_set(sim, &nim_345);
	start_game(sim);
	struct position pos;
	e2e_setup_position(&nim_345, &pos);
	e2e_expect_position(sim, &pos, "the start");

	/* LEFT down to "take 0" (the cancelled move), then SELECT. */
	struct move none = nim_move(1, 0);
	char reason[40];
	e2e_error_text(engine_check_move(&pos, &none), reason, sizeof reason);
	e2e_enter_move(sim, &pos, &none, true);
	e2e_expect_line(sim, 1, reason, 200);
	e2e_expect_position(sim, &pos, "after the refusal");
	assert_false(sim_led_thinking(sim));
	assert_null(strstr(sim_uart_output(sim), "you "));

	/* The reason gives way to the half-made move again, by itself... */
	e2e_expect_line(sim, 1, "Take 0", 3000);
	/* ...or at once for the next key, which also counts. */
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, reason, 200);
	e2e_press(sim, BUTTON_RIGHT);
	e2e_expect_line(sim, 1, "Take 1", 200);
	e2e_expect_position(sim, &pos, "after the key that dismissed the reason");

	/* The game goes on from the same position. */
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, "Thinking...", 200);
	pos.u.heap[1] = 3;
	e2e_expect_position(sim, &pos, "after the move");
	struct e2e_transcript transcript;
	e2e_check_transcript(sim, &transcript);
	assert_int_equal(transcript.moves, 1);
	printf("# an illegal move (take 0) was refused with \"%s\"; the board and the game were unchanged\n", reason);
	e2e_close(sim);
}

/* Presses `count` random buttons, each down and up for 1..30 ms: faster than
 * a person, often faster than the debouncing. */
static void mash(struct sim *sim, unsigned count, uint32_t *seed)
{
	static const enum board_button buttons[] = { BUTTON_RIGHT, BUTTON_UP, BUTTON_DOWN, BUTTON_LEFT, BUTTON_SELECT };
	for (unsigned i = 0; i < count; i++) {
		*seed ^= *seed << 13;
		*seed ^= *seed >> 17;
		*seed ^= *seed << 5;
		sim_button_down(sim, buttons[*seed % 5u]);
		sim_run_ms(sim, 1u + (*seed >> 8) % 30u);
		sim_button_up(sim);
		sim_run_ms(sim, 1u + (*seed >> 16) % 30u);
	}
}

static void mashing_leaves_every_game_correct(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	e2e_menu_set(sim, &nim_345);
	start_game(sim);
	unsigned presses = 0;
	uint32_t seed = 12345u;
	for (unsigned round = 0; round < 8; round++) {
		mash(sim, 150, &seed);
		presses += 150;
		/* Let every step of the game screen run out. */
		sim_run_ms(sim, 4000);
		e2e_check_health(sim);
		struct e2e_transcript transcript;
		e2e_check_transcript(sim, &transcript);
		if (transcript.in_game && e2e_screen_of(sim, GAME_NIM) == E2E_TURN) {
			e2e_expect_position(sim, &transcript.pos, "after mashing");
		}
	}
	struct e2e_transcript transcript;
	e2e_check_transcript(sim, &transcript);
	printf("# mashing: %u presses of 1-30 ms; %u games begun, %u finished, %u moves, every one legal and shown "
	       "right\n",
	       presses, transcript.games, transcript.finished, transcript.moves);
	assert_true(transcript.moves > 0);
	e2e_close(sim);
}

static void bouncing_contacts_give_one_press_each(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	e2e_bouncy_presses(0xB0B0u);
	e2e_menu_set(sim, &nim_345);

	/* Ten bouncing presses move a number by exactly ten. */
	find_item(sim, "Heap 1 <3>");
	for (int i = 0; i < 10; i++) {
		e2e_press(sim, BUTTON_RIGHT);
	}
	e2e_expect_line(sim, 0, "Heap 1 <13>", 10);
	for (int i = 0; i < 10; i++) {
		sim_press_bouncy(sim, BUTTON_LEFT, 80, (uint32_t)i + 1u);
	}
	e2e_expect_line(sim, 0, "Heap 1 <3>", 10);

	/* Whole games with every press bouncing. */
	struct e2e_figures figures = { 0 };
	uint32_t seed = 777u;
	e2e_play_game(sim, &nim_345, NULL, e2e_choose_random, &seed, 3, true, &figures);
	const struct e2e_setup marienbad = e2e_start(GAME_MARIENBAD, false);
	e2e_menu_set(sim, &marienbad);
	assert_int_equal(e2e_play_game(sim, &marienbad, NULL, e2e_choose_random, &seed, 3, true, &figures),
			 E2E_MACHINE);
	e2e_bouncy_presses(0);
	printf("# bouncing contacts: 20 presses in the menu counted once each; 2 whole games with bouncing presses "
	       "played correctly\n");
	e2e_close(sim);
}

/* A long SELECT leaves the game in progress, and the transcript says so
 * with the position left; once a game is over, leaving it (long SELECT or
 * LEFT) adds nothing, as the winner's line has ended it. */
static void long_select_leaves_the_game(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	e2e_menu_set(sim, &nim_345);
	start_game(sim);
	struct position pos;
	e2e_setup_position(&nim_345, &pos);
	struct move half_made = nim_move(2, 2);
	e2e_enter_move(sim, &pos, &half_made, false);
	sim_press(sim, BUTTON_SELECT, 1300);
	e2e_expect_menu(sim, 100);
	sim_run_ms(sim, 50);
	assert_non_null(strstr(sim_uart_output(sim), "\r\nnew nim 3 4 5\r\nleft nim 3 4 5\r\n"));
	struct e2e_transcript transcript;
	e2e_check_transcript(sim, &transcript);
	assert_int_equal(transcript.moves, 0); /* the half-made move was not played */
	assert_int_equal(transcript.left, 1);
	assert_false(transcript.in_game);

	/* Two games played to their end, then left: nothing more is said. */
	struct e2e_figures figures = { 0 };
	uint32_t seed = 99u;
	for (int exit = 0; exit < 2; exit++) {
		e2e_play_game(sim, &nim_345, NULL, e2e_choose_random, &seed, 0, true, &figures);
		size_t before = strlen(sim_uart_output(sim));
		if (exit == 0) {
			sim_press(sim, BUTTON_SELECT, 1300);
		} else {
			e2e_press(sim, BUTTON_LEFT);
		}
		e2e_expect_menu(sim, 100);
		sim_run_ms(sim, 50);
		assert_int_equal(strlen(sim_uart_output(sim)), before);
	}
	e2e_check_transcript(sim, &transcript);
	assert_int_equal(transcript.games, 3);
	assert_int_equal(transcript.finished, 2);
	assert_int_equal(transcript.left, 1);
	e2e_close(sim);
}

static void score_counts_finished_games(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	const struct e2e_setup marienbad = e2e_start(GAME_MARIENBAD, false);
	e2e_menu_set(sim, &marienbad);
	struct e2e_figures figures = { 0 };
	uint32_t seed = 5u;
	/* The second game is the rematch the game-over screen offers. */
	assert_int_equal(e2e_play_game(sim, &marienbad, NULL, e2e_choose_random, &seed, 0, true, &figures),
			 E2E_MACHINE);
	e2e_expect_line(sim, 1, "You 0 - me 1", 10);
	assert_int_equal(e2e_play_game(sim, &marienbad, NULL, e2e_choose_random, &seed, 0, true, &figures),
			 E2E_MACHINE);
	e2e_expect_line(sim, 1, "You 0 - me 2", 10);
	e2e_expect_line(sim, 1, "SEL again L menu", 2500);
	e2e_leave_game_over(sim);
	find_item(sim, "You 0 - me 2");
	e2e_close(sim);
}

/* The win light shows the person's win on the game-over screen and goes
 * out when the rematch begins.  Nim with one stone: the move the cursor
 * offers takes it and wins. */
static void win_light_goes_out_on_a_rematch(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	const struct e2e_setup one_stone = {
		.game = GAME_NIM,
		.rule = RULE_NORMAL,
		.variant = E2E_DEFAULT,
		.limit = E2E_DEFAULT,
		.set = E2E_DEFAULT,
		.machine_first = false,
		.count = 1,
		.value = { 1 },
	};
	e2e_menu_set(sim, &one_stone);
	start_game(sim);
	assert_false(sim_led_win(sim));
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 0, "You win!", 2000);
	assert_true(sim_led_win(sim));
	e2e_expect_line(sim, 1, "SEL again L menu", 2500);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, "Take ", 1000);
	assert_false(sim_led_win(sim));
	e2e_close(sim);
}

static void held_arrow_repeats_and_stops_when_released(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	e2e_menu_set(sim, &nim_345);
	find_item(sim, "Heap 1 <3>");
	sim_press(sim, BUTTON_RIGHT, 2000);
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, text);
	unsigned after_hold = (unsigned)strtoul(text + strlen("Heap 1 <"), NULL, 10);
	sim_run_ms(sim, 1000);
	e2e_line(sim, 0, text);
	unsigned later = (unsigned)strtoul(text + strlen("Heap 1 <"), NULL, 10);
	printf("# holding RIGHT for 2 s took a heap from 3 to %u\n", after_hold);
	assert_true(after_hold > 3u + 10u);
	assert_int_equal(later, after_hold);
	e2e_close(sim);
}

static void both_shield_versions_work(void **state)
{
	(void)state;
	for (uint8_t shield = 0; shield < BOARD_SHIELD_VERSIONS; shield++) {
		struct sim *sim = e2e_boot(shield);
		e2e_menu_set(sim, &nim_345); /* RIGHT, DOWN */
		e2e_press(sim, BUTTON_UP);
		e2e_expect_line(sim, 0, "Heap 3 <5>", 10);
		e2e_press(sim, BUTTON_LEFT);
		e2e_expect_line(sim, 0, "Heap 3 <4>", 10);
		struct e2e_figures figures = { 0 };
		uint32_t seed = 3u + shield;
		struct e2e_setup setup = nim_345;
		setup.value[2] = 4;
		e2e_play_game(sim, &setup, NULL, e2e_choose_random, &seed, 0, true, &figures); /* SELECT */
		e2e_close(sim);
	}
}

static void wide_board_scrolls_to_keep_the_chosen_heap_in_view(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	struct e2e_setup wide = e2e_start(GAME_NIM, false);
	wide.count = 8;
	for (unsigned i = 0; i < 8; i++) {
		wide.value[i] = 248u + i;
	}
	e2e_menu_set(sim, &wide);
	start_game(sim);
	for (unsigned heap = 0; heap < wide.count; heap++) {
		char row0[BOARD_LCD_COLUMNS + 1];
		char marked[8];
		e2e_line(sim, 0, row0);
		snprintf(marked, sizeof marked, "[%u]", (unsigned)wide.value[heap]);
		if (strstr(row0, marked) == NULL) {
			fail_msg("heap %u is chosen but row 0 shows \"%s\"", heap + 1u, row0);
		}
		/* More heaps beyond an edge are flagged there: at the start
		 * only to the right, at the end only to the left. */
		printf("# heap %u chosen: |%s|\n", heap + 1u, row0);
		bool more_left = row0[0] == '<';
		bool more_right = row0[strlen(row0) - 1u] == '>';
		if (heap == 0) {
			assert_true(!more_left && more_right);
		} else if (heap == wide.count - 1u) {
			assert_true(more_left && !more_right);
		}
		e2e_press(sim, BUTTON_DOWN);
	}
	e2e_close(sim);
}

static void nothing_to_take_is_refused(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	struct e2e_setup empty = e2e_start(GAME_NIM, false);
	empty.count = 2;
	e2e_menu_set(sim, &empty);
	char reason[40];
	e2e_error_text(ENGINE_ERR_GAME_OVER, reason, sizeof reason);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, reason, 100);
	e2e_press(sim, BUTTON_DOWN);
	e2e_expect_menu(sim, 100);
	assert_null(strstr(sim_uart_output(sim), "new "));
	e2e_close(sim);
}

/* Kayles's rows must fit the 40 the record holds in every game from the
 * set-up: one row of 80 pins (it can become 40 rows) starts a game, one of
 * 81 is refused on the LCD with the engine's reason, as the console's
 * parser refuses it. */
static void kayles_over_the_row_limit_is_refused(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	struct e2e_setup kayles = e2e_start(GAME_KAYLES, false);
	kayles.count = 1;
	kayles.value[0] = 80;
	e2e_menu_set(sim, &kayles);
	/* One pin more than the limit, with the button. */
	e2e_menu_find(sim, "Row 1 <");
	e2e_press(sim, BUTTON_RIGHT);
	char value[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, value);
	assert_non_null(strstr(value, "81"));
	char reason[40];
	e2e_error_text(ENGINE_ERR_ROWS, reason, sizeof reason);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, reason, 100);
	assert_null(strstr(sim_uart_output(sim), "new "));
	e2e_press(sim, BUTTON_DOWN);
	e2e_expect_menu(sim, 100);

	e2e_menu_set(sim, &kayles);
	e2e_press(sim, BUTTON_SELECT);
	assert_true(sim_wait_uart(sim, "new kayles 80\r\n", 1000));
	e2e_expect_line(sim, 0, "U/D=where", 1000);
	printf("# kayles 81 refused with \"%s\" on the LCD, kayles 80 started\n", reason);
	e2e_close(sim);
}

/* The game on the menu's game item, between row 0's '<' and '>'. */
static void shown_game(struct sim *sim, char *title, size_t size)
{
	char row0[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, row0);
	const char *open = strchr(row0, '<');
	const char *close = open != NULL ? strchr(open, '>') : NULL;
	if (close == NULL) {
		fail_msg("the game item shows no <game>: \"%s\"", row0);
	}
	snprintf(title, size, "%.*s", (int)(close - open - 1), open + 1);
}

/* The menu's game item, cycled all the way round with RIGHT, offers the
 * games of the edition each once in the rulebook's order, and no other:
 * every game of the engine but those the edition leaves out, as its
 * GAMES_LEFT_OUT says (e2e_game_in_firmware), not as the firmware does.
 * LEFT goes back the same way. */
static void menu_offers_the_editions_games(void **state)
{
	(void)state;
	uint8_t offered[GAME_COUNT];
	uint8_t n = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		if (e2e_game_to_test(game)) {
			offered[n++] = game;
		}
	}
	assert_true(n > 0);
	struct sim *sim = e2e_boot(0);
	e2e_menu_find(sim, "<");
	char title[BOARD_LCD_COLUMNS + 1], wanted[32];
	shown_game(sim, title, sizeof title);
	uint8_t first = 0;
	for (;; first++) {
		if (first == n) {
			fail_msg("the menu shows \"%s\", which is not a game of this edition", title);
		}
		e2e_game_title(offered[first], wanted, sizeof wanted);
		if (strcmp(title, wanted) == 0) {
			break;
		}
	}
	for (uint8_t step = 1; step <= n; step++) {
		e2e_press(sim, BUTTON_RIGHT);
		shown_game(sim, title, sizeof title);
		e2e_game_title(offered[(first + step) % n], wanted, sizeof wanted);
		if (strcmp(title, wanted) != 0) {
			fail_msg("RIGHT %u times from %s shows \"%s\", not \"%s\"", step,
				 engine_game_name(offered[first]), title, wanted);
		}
	}
	for (uint8_t step = 1; step <= n; step++) {
		e2e_press(sim, BUTTON_LEFT);
		shown_game(sim, title, sizeof title);
		e2e_game_title(offered[(first + n - step) % n], wanted, sizeof wanted);
		if (strcmp(title, wanted) != 0) {
			fail_msg("LEFT %u times from %s shows \"%s\", not \"%s\"", step,
				 engine_game_name(offered[first]), title, wanted);
		}
	}
	printf("# the menu offers %u of the engine's %u games, round with RIGHT and with LEFT\n", n,
	       (unsigned)GAME_COUNT);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(illegal_move_is_refused_and_changes_nothing),
		cmocka_unit_test(mashing_leaves_every_game_correct),
		cmocka_unit_test(bouncing_contacts_give_one_press_each),
		cmocka_unit_test(long_select_leaves_the_game),
		cmocka_unit_test(score_counts_finished_games),
		cmocka_unit_test(win_light_goes_out_on_a_rematch),
		cmocka_unit_test(held_arrow_repeats_and_stops_when_released),
		cmocka_unit_test(both_shield_versions_work),
		cmocka_unit_test(wide_board_scrolls_to_keep_the_chosen_heap_in_view),
		cmocka_unit_test(nothing_to_take_is_refused),
		cmocka_unit_test(kayles_over_the_row_limit_is_refused),
		cmocka_unit_test(menu_offers_the_editions_games),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
