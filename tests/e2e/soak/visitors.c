/* The soak test's visitors; see soak.h. */
#include "tests/e2e/soak/soak.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#define ANSWER_MS 200u /* a key to the LCD's change, at most */
#define SAVE_START_MS 1500u

/* ---- health ---- */

static bool lcd_changed(struct sim *sim, void *ctx)
{
	return sim_lcd_last_change(sim) != *(const uint64_t *)ctx;
}

/* The box answers: at the menu, DOWN and UP each change the LCD at once. */
static void expect_answer(struct sim *sim, struct soak_day *day)
{
	static const enum board_button keys[] = { BUTTON_DOWN, BUTTON_UP };
	for (size_t i = 0; i < 2; i++) {
		uint64_t before = sim_lcd_last_change(sim);
		sim_button_down(sim, keys[i]);
		if (!sim_run_until(sim, lcd_changed, &before, ANSWER_MS)) {
			fail_msg("the box did not answer a key within %u ms", ANSWER_MS);
		}
		sim_run_ms(sim, 40);
		sim_button_up(sim);
		sim_run_ms(sim, 60);
		day->probes++;
	}
}

/* ---- the visitors ---- */

static bool eeprom_writing(struct sim *sim, void *ctx)
{
	return sim_eeprom_writes(sim) != *(const uint32_t *)ctx;
}

/* Down for `hold_ms`, up for `gap_ms`, the contacts bouncing or not. */
static void press(struct sim *sim, struct soak_day *day, enum board_button button, uint32_t hold_ms, uint32_t gap_ms,
		  bool bouncy)
{
	if (bouncy) {
		sim_button_bounce(sim, button, true, &day->random);
	} else {
		sim_button_down(sim, button);
	}
	sim_run_ms(sim, hold_ms);
	if (bouncy) {
		sim_button_bounce(sim, button, false, &day->random);
		day->bouncing_keys++;
	} else {
		sim_button_up(sim);
	}
	sim_run_ms(sim, gap_ms);
	day->keys++;
}

void soak_back_to_menu(struct sim *sim, struct soak_day *day)
{
	for (int tries = 0; tries < 4 && !e2e_menu_showing(sim, NULL); tries++) {
		if (e2e_screen_of(sim, GAME_NIM) == E2E_OVER) {
			press(sim, day, BUTTON_LEFT, 40, 60, false);
		} else {
			press(sim, day, BUTTON_SELECT, 1300, 100, false);
		}
		e2e_settle(sim, 20);
	}
	if (!e2e_menu_showing(sim, NULL)) {
		char top[BOARD_LCD_COLUMNS + 1], bottom[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, top);
		e2e_line(sim, 1, bottom);
		fail_msg("no way back to the menu from \"%s\" / \"%s\"", top, bottom);
	}
}

/* The menu's level back to perfect play (a visitor may have lowered it),
 * so that the box must win every game it can. */
static void level_perfect(struct sim *sim)
{
	e2e_menu_find(sim, "Level <");
	for (int i = 0; i < 3; i++) {
		e2e_press(sim, BUTTON_RIGHT);
	}
}

static void choose_best(const struct position *pos, struct move *mv, void *ctx)
{
	(void)ctx;
	assert_true(engine_best_move(pos, mv));
}

uint8_t soak_next_game_held(uint8_t game)
{
	do {
		game = (uint8_t)((game + 1u) % GAME_COUNT);
	} while (!e2e_game_in_firmware(game));
	return game;
}

/* A person who plays one to three games of one game, well or badly: the
 * games in turn, so that a day plays every one. */
static void player(struct sim *sim, struct soak_day *day, bool good, bool bouncy)
{
	uint8_t game = day->next_game;
	struct e2e_setup setup = e2e_start(game, soak_draw(day, 2) == 0);
	if (bouncy) {
		e2e_bouncy_presses(day->seed ^ day->random);
	}
	level_perfect(sim);
	e2e_menu_set(sim, &setup);
	if (soak_step(sim, day)) {
		e2e_bouncy_presses(0);
		return; /* the power went before the game began: the visitor goes */
	}
	day->next_game = soak_next_game_held(game);

	/* One visitor in five has the power cut while the settings are
	 * saved: the exhibit saves who moves first as its key changes it
	 * (firmware/store.h), and this visitor changes it once more. */
	if (soak_draw(day, 5) == 0) {
		e2e_menu_find(sim, "First move <");
		uint32_t writes = sim_eeprom_writes(sim);
		sim_button_down(sim, BUTTON_RIGHT); /* an arrow acts as it is pressed */
		sim_run_until(sim, eeprom_writing, &writes, SAVE_START_MS);
		sim_button_up(sim);
		sim_run_cycles(sim, (uint64_t)soak_draw(day, 8u * SOAK_CYCLES_PER_MS));
		day->cuts_saving++;
		soak_power_cut(sim, day);
		e2e_bouncy_presses(0);
		return;
	}
	/* One in six walks away after a few keys. */
	if (soak_draw(day, 6) == 0) {
		e2e_press(sim, BUTTON_SELECT);
		unsigned keys = soak_draw_between(day, 1, 12);
		for (unsigned i = 0; i < keys; i++) {
			enum board_button arrow = (enum board_button)(BUTTON_RIGHT + soak_draw(day, 4));
			press(sim, day, arrow, 60, soak_draw_between(day, 200, 1500), bouncy);
		}
		day->walked_away++;
		e2e_bouncy_presses(0);
		return;
	}
	struct position start;
	e2e_setup_position(&setup, &start);
	bool can_win = engine_outcome(&start) == (setup.machine_first ? OUTCOME_P : OUTCOME_N);
	unsigned games = soak_draw_between(day, 1, 3);
	for (unsigned g = 0; g < games; g++) {
		enum e2e_winner winner =
			e2e_play_game(sim, &setup, NULL, good ? choose_best : e2e_choose_random, &day->random,
				      good ? 0u : 4u, soak_draw(day, 2) == 0, &day->figures);
		day->games_played_out++;
		if (good && can_win) {
			day->good_could_win++;
			if (winner != E2E_PERSON) {
				fail_msg("a good player lost a game of %s they could win", engine_game_name(game));
			}
		}
		/* The save of the score may be under way: the record before it is
		 * the newest still, the one it writes not whole yet.  One game end
		 * in eight has the power cut there. */
		soak_note_record(sim, day);
		if (soak_draw(day, 8) == 0) {
			day->cuts_after_game++;
			soak_power_cut(sim, day);
			break;
		}
		if (soak_step(sim, day)) {
			break;
		}
	}
	e2e_bouncy_presses(0);
}

/* Keys at random, at a person's pace: it starts games, plays moves good
 * or bad, asks for hints, leaves games and changes the set-up. */
static void random_keys(struct sim *sim, struct soak_day *day, bool bouncy)
{
	unsigned keys = soak_draw_between(day, 20, 200);
	for (unsigned i = 0; i < keys; i++) {
		enum board_button button = (enum board_button)(BUTTON_RIGHT + soak_draw(day, 5));
		uint32_t hold = button == BUTTON_SELECT && soak_draw(day, 20) == 0 ? soak_draw_between(day, 1100, 1500)
										   : soak_draw_between(day, 50, 400);
		press(sim, day, button, hold, soak_draw_between(day, 100, 2000), bouncy);
		(void)soak_step(sim, day);
	}
}

/* Faster than any person, often faster than the debouncing. */
static void masher(struct sim *sim, struct soak_day *day, bool bouncy)
{
	unsigned keys = soak_draw_between(day, 50, 300);
	for (unsigned i = 0; i < keys; i++) {
		press(sim, day, (enum board_button)(BUTTON_RIGHT + soak_draw(day, 5)), soak_draw_between(day, 1, 30),
		      soak_draw_between(day, 1, 30), bouncy);
	}
	(void)soak_step(sim, day);
}

void soak_visitor(struct sim *sim, struct soak_day *day)
{
	uint32_t roll = soak_draw(day, 100);
	enum soak_visitor_kind kind = roll < 30   ? SOAK_GOOD
				      : roll < 60 ? SOAK_BAD
				      : roll < 88 ? SOAK_RANDOM_KEYS
						  : SOAK_MASHER;
	bool bouncy = soak_draw(day, 4) == 0;
	day->visitors[kind]++;
	day->bouncy_visitors += bouncy;
	soak_back_to_menu(sim, day);
	expect_answer(sim, day);
	switch (kind) {
	case SOAK_GOOD:
	case SOAK_BAD:
		player(sim, day, kind == SOAK_GOOD, bouncy);
		break;
	case SOAK_RANDOM_KEYS:
		random_keys(sim, day, bouncy);
		break;
	default:
		masher(sim, day, bouncy);
		break;
	}
	/* Whatever the visitor began runs its course. */
	sim_run_ms(sim, SOAK_SETTLE_MS);
	e2e_check_health(sim);
	soak_take_transcript(sim, day, false);
	(void)soak_step(sim, day);
}
