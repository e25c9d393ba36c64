/* A whole game against the machine, and every game of the rulebook.  See e2e.h. */
#include "tests/e2e/e2e_internal.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/text.h"

/* ---- a whole game ---- */

static void note_max(uint64_t *max, uint64_t value)
{
	if (value > *max) {
		*max = value;
	}
}

/* The person's turn: the picture, then maybe an illegal entry, then the move. */
static void person_turn(struct sim *sim, struct position *pos, const struct move *wanted, unsigned bad_every,
			uint32_t *seed, struct e2e_figures *figures)
{
	/* A board's cursor blinks: look when it is hidden. */
	if (e2e_kind_of(pos->game) == KIND_BOARD) {
		sim_run_ms(sim, E2E_BLINK_MS + 50u);
	}
	e2e_expect_position(sim, pos, "the person's turn");
	assert_false(sim_led_thinking(sim));
	struct brute_pos bp;
	assert_true(brute_from_position(&bp, pos));

	struct move bad;
	if (bad_every != 0 && sim_random(seed) % bad_every == 0 && e2e_choose_illegal(pos, &bad, seed)) {
		char expected[64];
		struct buffer_sink sink;
		buffer_sink_init(&sink, expected, sizeof expected);
		engine_print_error(engine_check_move(pos, &bad), &sink.sink);
		size_t moves_before = strlen(sim_uart_output(sim));
		e2e_enter_move(sim, pos, &bad, true);
		if (e2e_wait_screen(sim, pos->game, MASK(E2E_REFUSED) | MASK(E2E_THINKING) | MASK(E2E_OVER)) !=
		    E2E_REFUSED) {
			char text[32];
			e2e_move_text(pos, &bad, text, sizeof text);
			char what[128];
			snprintf(what, sizeof what, "the illegal move %s was not refused", text);
			e2e_fail_with_screen(sim, what);
		}
		char words[40];
		e2e_words(sim, pos->game, words, sizeof words);
		if (strcmp(words, expected) != 0) {
			char what[256];
			snprintf(what, sizeof what, "refused with \"%s\", not the engine's \"%s\"", words, expected);
			e2e_fail_with_screen(sim, what);
		}
		assert_int_equal(strlen(sim_uart_output(sim)), moves_before); /* nothing played */
		figures->refusals++;
		/* The reason gives way to the turn by itself. */
		e2e_wait_screen(sim, pos->game, MASK(E2E_TURN));
		if (e2e_picks_cells(pos->game) && pos->game != GAME_CHOMP) {
			e2e_toggle_places(sim, pos, &bad); /* unpicked again */
		}
		if (e2e_kind_of(pos->game) == KIND_BOARD) {
			sim_run_ms(sim, E2E_BLINK_MS + 50u);
		}
		e2e_expect_position(sim, pos, "after a refusal");
	}

	assert_int_equal(engine_check_move(pos, wanted), ENGINE_OK);
	struct brute_move bm;
	brute_move_from_engine(&bm, pos, wanted);
	assert_true(brute_is_legal(&bp, &bm));
	uint64_t released = e2e_enter_move(sim, pos, wanted, true);
	engine_apply_move(pos, wanted);
	figures->person_moves++;
	e2e_wait_screen(sim, pos->game, MASK(E2E_THINKING) | MASK(E2E_OVER));
	note_max(&figures->reaction_cycles_max, sim_lcd_last_change(sim) - released);
}

/* The machine's move, from the transcript's last line "me MOVE -> POSITION". */
static void last_machine_move(struct sim *sim, const struct position *pos, struct move *mv)
{
	const char *out = sim_uart_output(sim);
	const char *line = NULL;
	for (const char *p = strstr(out, "\nme "); p != NULL; p = strstr(p + 1, "\nme ")) {
		line = p + 4;
	}
	if (line == NULL && e2e_starts(out, "me ")) {
		line = out + 3;
	}
	assert_non_null(line);
	char text[64];
	size_t length = strcspn(line, " \r\n");
	snprintf(text, sizeof text, "%.*s", (int)length, line);
	if (engine_parse_move(pos, text, mv) != ENGINE_OK) {
		fail_msg("the transcript's move \"%s\" does not parse", text);
	}
}

/* The machine's turn, from "Thinking...". */
static void machine_turn(struct sim *sim, struct position *pos, bool skip_words, struct e2e_figures *figures)
{
	e2e_expect_position(sim, pos, "while the machine thinks");
	assert_true(sim_led_thinking(sim));
	bool can_win = brute_position_wins(pos);
	/* The move is chosen when the pause ends; it shows at once. */
	uint64_t thinking_shown = sim_lcd_last_change(sim);
	e2e_wait_screen(sim, pos->game, MASK(E2E_MOVE));
	uint64_t pause_end = thinking_shown + (uint64_t)E2E_PAUSE_MS * CYCLES_PER_MS;
	uint64_t drawn = sim_lcd_last_change(sim);
	note_max(&figures->announce_cycles_max, drawn > pause_end ? drawn - pause_end : 0);
	/* The position is still the one before the move, the move marked. */
	e2e_expect_position(sim, pos, "the machine's move in words");
	if (skip_words) {
		e2e_press(sim, BUTTON_DOWN);
	}
	enum e2e_screen next = e2e_wait_screen(sim, pos->game, MASK(E2E_TURN) | MASK(E2E_OVER));
	(void)next;
	struct move mv;
	last_machine_move(sim, pos, &mv);
	char text[32];
	e2e_move_text(pos, &mv, text, sizeof text);
	if (engine_check_move(pos, &mv) != ENGINE_OK) {
		fail_msg("the machine's move %s is illegal", text);
	}
	struct brute_pos bp;
	struct brute_move bm;
	assert_true(brute_from_position(&bp, pos));
	brute_move_from_engine(&bm, pos, &mv);
	assert_true(brute_is_legal(&bp, &bm));
	engine_apply_move(pos, &mv);
	figures->machine_moves++;
	if (can_win) {
		figures->machine_had_win++;
		if (brute_position_wins(pos)) {
			char after[128];
			e2e_describe(pos, after, sizeof after);
			fail_msg("the machine could win but played %s, leaving the person a win in %s", text, after);
		}
	}
}

enum e2e_winner e2e_play_game(struct sim *sim, const struct e2e_setup *setup, const struct move *first,
			      e2e_chooser choose, void *ctx, unsigned bad_every, bool skip_words,
			      struct e2e_figures *figures)
{
	uint64_t cycles = sim_cycles(sim);
	uint64_t sleep = sim_sleep_cycles(sim);
	struct position pos;
	e2e_setup_position(setup, &pos);
	uint8_t game = pos.game;
	uint32_t bad_seed = 0xBAD5EEDu ^ (uint32_t)sim_cycles(sim);

	if (e2e_screen_of(sim, game) == E2E_OVER) {
		e2e_press(sim, BUTTON_SELECT); /* the rematch */
		assert_false(sim_led_win(sim));
	} else {
		e2e_press(sim, BUTTON_SELECT);
		if (e2e_wait_screen(sim, game, MASK(E2E_HELP)) != E2E_HELP) {
			e2e_fail_with_screen(sim, "no help before the game");
		}
		if (skip_words) {
			e2e_press(sim, BUTTON_DOWN);
		}
	}

	bool person_moved_last = setup->machine_first; /* as if before the first move */
	bool first_done = false;
	enum e2e_screen now = e2e_wait_screen(sim, game, MASK(E2E_TURN) | MASK(E2E_THINKING) | MASK(E2E_OVER));
	while (now != E2E_OVER) {
		if (now == E2E_TURN) {
			assert_false(person_moved_last);
			struct move mv;
			if (!first_done && first != NULL) {
				mv = *first;
			} else {
				choose(&pos, &mv, ctx);
			}
			first_done = true;
			person_turn(sim, &pos, &mv, bad_every, &bad_seed, figures);
			person_moved_last = true;
		} else {
			assert_true(person_moved_last);
			machine_turn(sim, &pos, skip_words, figures);
			person_moved_last = false;
		}
		now = e2e_wait_screen(sim, game, MASK(E2E_TURN) | MASK(E2E_THINKING) | MASK(E2E_OVER));
	}

	/* No move is left by the rules, and the winner is the last mover under
	 * normal play, the other player under misère. */
	assert_true(engine_game_over(&pos));
	bool person_wins = pos.rule == RULE_MISERE ? !person_moved_last : person_moved_last;
	char top[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	assert_string_equal(top, person_wins ? "You win!" : "I win!");
	assert_int_equal(sim_led_win(sim), person_wins);
	assert_false(sim_led_thinking(sim));

	struct e2e_transcript transcript;
	e2e_check_transcript(sim, &transcript);
	assert_false(transcript.in_game);
	char shown[256], expected[256];
	e2e_describe(&transcript.pos, shown, sizeof shown);
	e2e_describe(&pos, expected, sizeof expected);
	assert_string_equal(shown, expected);

	figures->cycles += sim_cycles(sim) - cycles;
	figures->sleep_cycles += sim_sleep_cycles(sim) - sleep;
	e2e_check_health(sim);
	return person_wins ? E2E_PERSON : E2E_MACHINE;
}

void e2e_print_figures(const char *title, const struct e2e_figures *figures)
{
	const double per_ms = BOARD_F_CPU / 1000.0;
	printf("# %s: %u moves of the person (%u illegal entries refused), %u of the machine (%u from a winning "
	       "position, each leaving the person a lost one)\n",
	       title, figures->person_moves, figures->refusals, figures->machine_moves, figures->machine_had_win);
	printf("# %s: worst press-to-screen: SELECT let go -> screen after the person's move %.1f ms (8 ms of it "
	       "debouncing); pause's end -> machine's move drawn %.1f ms (after the deliberate %u ms pause)\n",
	       title, (double)figures->reaction_cycles_max / per_ms, (double)figures->announce_cycles_max / per_ms,
	       E2E_PAUSE_MS);
	printf("# %s: asleep %.1f%% of %.1f simulated seconds\n", title,
	       figures->cycles != 0 ? 100.0 * (double)figures->sleep_cycles / (double)figures->cycles : 0.0,
	       (double)figures->cycles / BOARD_F_CPU);
}

/* ---- every game of the rulebook ---- */

void e2e_rulebook_game(uint8_t game, unsigned games, uint32_t seed)
{
	if (!e2e_game_to_test(game)) {
		return;
	}
	struct sim *sim = e2e_boot(0);
	struct e2e_figures figures;
	memset(&figures, 0, sizeof figures);
	unsigned machine_wins = 0, person_wins = 0, machine_could = 0;
	for (unsigned g = 0; g < games; g++) {
		/* The person first, then the machine, in turn; every other game
		 * lets the machine's words run their full time. */
		struct e2e_setup setup = e2e_start(game, g % 2u == 1u);
		if (g < 2u) {
			e2e_menu_set(sim, &setup);
		} else {
			e2e_leave_game_over(sim);
			e2e_menu_set(sim, &setup);
		}
		struct position start;
		e2e_setup_position(&setup, &start);
		bool machine_can_win = brute_position_wins(&start) == setup.machine_first;
		uint32_t person_seed = seed * 2654435761u + g + 1u;
		enum e2e_winner winner =
			e2e_play_game(sim, &setup, NULL, e2e_choose_random, &person_seed, 3, g % 4u != 3u, &figures);
		if (machine_can_win) {
			machine_could++;
			if (winner != E2E_MACHINE) {
				fail_msg("the machine could win game %u of %s but lost", g, engine_game_name(game));
			}
		}
		if (winner == E2E_MACHINE) {
			machine_wins++;
		} else {
			person_wins++;
		}
	}
	char title[32];
	e2e_game_title(game, title, sizeof title);
	printf("# %s: %u games from the rulebook's start (%u with the machine first): machine won %u, person %u; the "
	       "machine won all %u it could\n",
	       title, games, games / 2u, machine_wins, person_wins, machine_could);
	e2e_print_figures(title, &figures);
	e2e_close(sim);
}
