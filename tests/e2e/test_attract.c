/*
 * The exhibit's attract mode end to end, through the pins alone: the
 * buttons on ADC0, the LCD's rows, the serial line, the buzzer's pin, the
 * win LED and the EEPROM.
 *   - the menu left idle: the caption "Can you beat / the Odra?" comes
 *     after the menu's idle time and not before (measured from the key);
 *     the machine then plays the game set up against itself, each move a
 *     legal one of the position shown before it (the host engine and the
 *     independent solver say so, reading the LCD), games end and begin
 *     again from the set-up's start; none of it counts in the score, goes
 *     to the transcript (but the line "attract" as it begins), sounds,
 *     lights the win LED or writes the EEPROM, whatever a visitor
 *     changed before it (the machine first, the level: kept as they are
 *     changed, and back after a power cut in attract mode);
 *   - a key, any of them, brings the menu back at the item it showed with
 *     the set-up unchanged (and the lamps steady, a move's blink over),
 *     and does nothing else: a held arrow's repeats,
 *     SELECT (which would begin a game) and a long SELECT leave the menu
 *     as it was;
 *   - a game left unfinished is left (the transcript's "left") and attract
 *     mode begins after the game's longer idle time, not before; a
 *     finished game's result goes back to the menu after the menu's idle
 *     time, and attract mode follows as long again.
 * It prints the idle times measured, the pace of the moves, the pause at a
 * game's end and how much of the time the chip slept.
 *
 * needs: ATTRACT TRANSCRIPT SOUND SAVE (attract mode, its transcript's line and
 * its silence)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "tests/e2e/e2e.h"

/* Waiting at the menu or in attract mode, the chip sleeps at least this
 * much of the time (the exhibit's promise). */
#define ATTRACT_ASLEEP_LEAST 99.0

#define MENU_IDLE_MS 60000u /* firmware/attract.h's defaults */
#define GAME_IDLE_MS 300000u
#define IDLE_LATE_MS 50u /* how late an idle time's end may be seen */
#define KEY_EVENT_MS 8u  /* a press is a key after KEYS_STABLE_MS samples */
#define MOVE_TIMEOUT_MS 10000u
#define CYCLES_PER_MS (BOARD_F_CPU / 1000u)
#define MOST_MOVES 4096u

static double ms_since(struct sim *sim, uint64_t cycle)
{
	return (double)(sim_cycles(sim) - cycle) / (double)CYCLES_PER_MS;
}

/* A press whose key event is at the cycle returned (the button's reading
 * held KEYS_STABLE_MS samples), let go after `hold_ms`. */
static uint64_t press_at(struct sim *sim, enum board_button button, uint32_t hold_ms)
{
	uint64_t down = sim_cycles(sim);
	sim_press(sim, button, hold_ms);
	return down + (uint64_t)KEY_EVENT_MS * CYCLES_PER_MS;
}

/* Runs until the caption shows, which must be `idle_ms` after the key
 * event at `since`, neither earlier nor more than IDLE_LATE_MS later;
 * gives the time measured. */
static double expect_caption_after(struct sim *sim, uint64_t since, uint32_t idle_ms)
{
	if (!sim_run_until(sim, e2e_attract_caption_showing, NULL, idle_ms + 1000u)) {
		fail_msg("no caption %u ms after the last key", idle_ms + 1000u);
	}
	double ms = ms_since(sim, since);
	if (ms < idle_ms || ms > idle_ms + IDLE_LATE_MS) {
		fail_msg("the caption came %.1f ms after the last key, not %u", ms, idle_ms);
	}
	return ms;
}

/* Whether the LCD's picture is `pos`'s (a line's numbers or a strip's
 * rows, marks aside). */
static bool shows(struct sim *sim, const struct position *pos)
{
	struct e2e_view seen, expected;
	if (!e2e_read_view(sim, pos->game, &seen)) {
		return false;
	}
	e2e_expected_view(pos, &expected);
	if (seen.parts != expected.parts || seen.rows != expected.rows) {
		return false;
	}
	for (uint8_t i = 0; i < seen.parts; i++) {
		if (strcmp(seen.part[i], expected.part[i]) != 0) {
			return false;
		}
	}
	for (uint8_t i = 0; i < seen.rows; i++) {
		if (seen.row[i] != expected.row[i]) {
			return false;
		}
	}
	return true;
}

/* The move of `pos` that leaves the position the LCD shows, checked legal
 * by the solver; false when none does. */
static bool find_move(struct sim *sim, const struct position *pos, struct position *after)
{
	struct move mv;
	memset(&mv, 0, sizeof mv);
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		struct position next = *pos;
		engine_apply_move(&next, &mv);
		if (shows(sim, &next)) {
			struct brute_pos bp;
			struct brute_move bm;
			assert_true(brute_from_position(&bp, pos));
			brute_move_from_engine(&bm, pos, &mv);
			assert_true(brute_is_legal(&bp, &bm));
			*after = next;
			return true;
		}
	}
	return false;
}

/* Whether a move of `pos` ends the game. */
static bool has_last_move(const struct position *pos)
{
	struct move mv;
	memset(&mv, 0, sizeof mv);
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		struct position next = *pos;
		engine_apply_move(&next, &mv);
		if (engine_game_over(&next)) {
			return true;
		}
	}
	return false;
}

struct attract_figures {
	unsigned moves;
	unsigned games;       /* ended, and the next begun from the start */
	uint64_t move_cycles; /* between two announcements of one game, summed */
	unsigned move_gaps;
	uint64_t end_cycles; /* the last announcement of a game -> the first of the next */
	unsigned ends;
	uint64_t cycles;       /* attract mode's time followed */
	uint64_t sleep_cycles; /* of which asleep */
};

static bool announcing(struct sim *sim, void *ctx)
{
	return e2e_screen_of(sim, *(const uint8_t *)ctx) == E2E_MOVE;
}

static bool not_announcing(struct sim *sim, void *ctx)
{
	return !announcing(sim, ctx);
}

/*
 * Follows attract mode, the caption showing, until `games` games have
 * ended and the next begun: each announcement ("I take ...") must show
 * the position the last move left, each move found by the host engine
 * among the legal ones (the solver agreeing), and a game that ends must
 * begin again from `start`, after a longer pause.  Never the win LED, nor
 * a sound.  `begun`: a game's first announcement has been seen (a
 * follow() before this one ended there), else the next is one.
 */
static void follow(struct sim *sim, const struct position *start, bool begun, unsigned games,
		   struct attract_figures *figures)
{
	uint8_t game = start->game;
	uint64_t cycles = sim_cycles(sim);
	uint64_t sleep = sim_sleep_cycles(sim);
	struct position pos = *start;
	bool first = !begun;
	uint64_t last = 0; /* the last announcement's cycle, 0 when not seen here */
	unsigned ended = 0;
	while (ended < games) {
		if (!sim_run_until(sim, announcing, &game, MOVE_TIMEOUT_MS)) {
			fail_msg("no move announced in %u ms", MOVE_TIMEOUT_MS);
		}
		uint64_t now = sim_cycles(sim);
		e2e_settle(sim, 12);
		assert_false(sim_led_win(sim));
		struct position after;
		if (first) {
			e2e_expect_position(sim, start, "attract mode's first move");
		} else if (find_move(sim, &pos, &after)) {
			pos = after;
			figures->moves++;
			if (last != 0) {
				figures->move_cycles += now - last;
				figures->move_gaps++;
			}
		} else if (has_last_move(&pos) && shows(sim, start)) {
			/* The last announcement's move ended the game. */
			figures->moves++;
			ended++;
			if (last != 0) {
				figures->end_cycles += now - last;
				figures->ends++;
			}
			pos = *start;
		} else {
			char top[BOARD_LCD_COLUMNS + 1], bottom[BOARD_LCD_COLUMNS + 1];
			e2e_line(sim, 0, top);
			e2e_line(sim, 1, bottom);
			fail_msg("\"%s\" / \"%s\" follows from no legal move", top, bottom);
		}
		first = false;
		last = now;
		if (!sim_run_until(sim, not_announcing, &game, MOVE_TIMEOUT_MS)) {
			fail_msg("a move announced for %u ms", MOVE_TIMEOUT_MS);
		}
		e2e_settle(sim, 12);
		if (!e2e_attract_caption_showing(sim, NULL)) {
			fail_msg("no caption after a move");
		}
		assert_false(sim_led_win(sim));
	}
	assert_int_equal(sim_tones(sim, NULL, 0), 0);
	figures->games += ended;
	figures->cycles += sim_cycles(sim) - cycles;
	figures->sleep_cycles += sim_sleep_cycles(sim) - sleep;
}

static void print_figures(const char *title, const struct attract_figures *figures)
{
	printf("# %s: %u games ended and began again, %u legal moves, a move every %.2f s, %.2f s from a game's last "
	       "move to the next's first\n",
	       title, figures->games, figures->moves,
	       (double)figures->move_cycles / (double)figures->move_gaps / BOARD_F_CPU,
	       (double)figures->end_cycles / (double)figures->ends / BOARD_F_CPU);
	double asleep = 100.0 * (double)figures->sleep_cycles / (double)figures->cycles;
	printf("# %s: asleep %.2f%% of %.1f simulated seconds of attract mode\n", title, asleep,
	       (double)figures->cycles / BOARD_F_CPU);
	if (asleep < ATTRACT_ASLEEP_LEAST) {
		fail_msg("%s: asleep %.2f%% of attract mode, under %.0f%%", title, asleep, ATTRACT_ASLEEP_LEAST);
	}
}

/* The score as the menu's last item shows it ("You 1 - me 0"). */
static void score(struct sim *sim, char text[BOARD_LCD_COLUMNS + 1])
{
	e2e_menu_find(sim, "You ");
	e2e_line(sim, 0, text);
}

static void the_idle_menu_begins_attract_mode_whose_games_are_legal_and_nobodys(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	const struct e2e_setup setup = e2e_start(GAME_MARIENBAD, false);
	struct position start;
	e2e_setup_position(&setup, &start);
	sim_uart_clear_output(sim);
	/* DOWN and UP: the menu as it was, the idle time counted from UP. */
	press_at(sim, BUTTON_DOWN, 40);
	uint64_t key = press_at(sim, BUTTON_UP, 40);
	uint64_t sleep = sim_sleep_cycles(sim);
	uint64_t cycles = sim_cycles(sim);
	sim_run_until(sim, e2e_attract_caption_showing, NULL, MENU_IDLE_MS - 100u);
	double menu_asleep = 100.0 * (double)(sim_sleep_cycles(sim) - sleep) / (double)(sim_cycles(sim) - cycles);
	printf("# the menu left idle: asleep %.2f%% of %.1f s\n", menu_asleep, ms_since(sim, cycles) / 1000.0);
	if (menu_asleep < ATTRACT_ASLEEP_LEAST) {
		fail_msg("asleep %.2f%% of the menu's idle time, under %.0f%%", menu_asleep, ATTRACT_ASLEEP_LEAST);
	}
	if (e2e_attract_caption_showing(sim, NULL)) {
		fail_msg("the caption came %.1f ms after the last key, before the menu's idle time",
			 ms_since(sim, key));
	}
	double idle = expect_caption_after(sim, key, MENU_IDLE_MS);
	printf("# the caption came %.1f ms after the last key at the menu (its idle time %u ms)\n", idle, MENU_IDLE_MS);
	assert_true(sim_wait_uart(sim, "attract\r\n", 100));

	sim_tones_clear(sim);
	uint32_t writes = sim_eeprom_writes(sim);
	struct attract_figures figures = { 0 };
	follow(sim, &start, false, 4, &figures);
	print_figures("Marienbad", &figures);
	assert_int_equal(sim_eeprom_writes(sim), writes);
	assert_string_equal(sim_uart_output(sim), "attract\r\n");

	/* The key while a move is announced, its matches blinking on the
	 * lamps: they stop. */
	uint8_t game = GAME_MARIENBAD;
	assert_true(sim_run_until(sim, announcing, &game, MOVE_TIMEOUT_MS));
	sim_run_ms(sim, 300);
	press_at(sim, BUTTON_LEFT, 40);
	e2e_expect_menu(sim, 100);
	uint16_t lamps = sim_lamps(sim);
	for (unsigned ms = 0; ms < 600u; ms += 4u) {
		sim_run_ms(sim, 4);
		assert_int_equal(sim_lamps(sim), lamps);
	}
	assert_true(e2e_menu_shows(sim, &setup));
	char text[BOARD_LCD_COLUMNS + 1];
	score(sim, text);
	assert_string_equal(text, "You 0 - me 0");
	assert_string_equal(sim_uart_output(sim), "attract\r\n");
	assert_int_equal(sim_eeprom_writes(sim), writes);
	e2e_close(sim);
}

/* The menu's Level item, "Level <N>". */
static void level_item(struct sim *sim, char text[BOARD_LCD_COLUMNS + 1])
{
	e2e_menu_find(sim, "Level <");
	e2e_line(sim, 0, text);
}

/* A visitor sets the machine to move first and the level to 1, and walks
 * away: attract mode, however long it plays, writes nothing to the
 * EEPROM (neither the settings' record nor anything else), and a power
 * cut in the middle of it brings both settings back. */
static void attract_mode_writes_nothing_and_a_visitors_change_survives_a_power_cut(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	const struct e2e_setup setup = e2e_start(GAME_MARIENBAD, true);
	struct position start;
	e2e_setup_position(&setup, &start);
	uint32_t writes = sim_eeprom_writes(sim);
	e2e_menu_set(sim, &setup);
	e2e_menu_find(sim, "Level <");
	e2e_press(sim, BUTTON_LEFT);
	e2e_press(sim, BUTTON_LEFT);
	char text[BOARD_LCD_COLUMNS + 1];
	level_item(sim, text);
	assert_string_equal(text, "Level <1>");
	/* The saves under way are over (a blank EEPROM's first statistics
	 * take a second). */
	for (unsigned waited = 0; sim_cycles(sim) - sim_eeprom_last_write_cycle(sim) < 50u * CYCLES_PER_MS; waited++) {
		assert_true(waited < 500u);
		sim_run_ms(sim, 10);
	}
	printf("# the visitor's changes and the first statistics: %u EEPROM writes before attract mode\n",
	       sim_eeprom_writes(sim) - writes);

	uint8_t before[1024], after[1024];
	sim_eeprom_read(sim, before);
	writes = sim_eeprom_writes(sim);
	if (!sim_run_until(sim, e2e_attract_caption_showing, NULL, MENU_IDLE_MS + 1000u)) {
		fail_msg("no attract mode");
	}
	struct attract_figures figures = { 0 };
	follow(sim, &start, false, 3, &figures);
	sim_eeprom_read(sim, after);
	if (sim_eeprom_writes(sim) != writes || memcmp(after, before, sizeof after) != 0) {
		size_t first = 0;
		while (first < sizeof after && after[first] == before[first]) {
			first++;
		}
		fail_msg("attract mode wrote the EEPROM %u times (the first byte changed: %zu)",
			 sim_eeprom_writes(sim) - writes, first);
	}
	printf("# attract mode: %u games, %u moves, 0 EEPROM writes\n", figures.games, figures.moves);

	sim_power_cycle(sim);
	e2e_expect_menu(sim, 3000);
	assert_true(e2e_menu_shows(sim, &setup));
	level_item(sim, text);
	assert_string_equal(text, "Level <1>");
	e2e_close(sim);
}

/* Each key that ends attract mode, held as long as given. */
static const struct {
	enum board_button button;
	uint32_t hold_ms;
	const char *what;
} keys[] = {
	{ BUTTON_RIGHT, 40, "RIGHT" },   { BUTTON_LEFT, 1500, "LEFT held 1.5 s" },
	{ BUTTON_SELECT, 40, "SELECT" }, { BUTTON_SELECT, 1300, "SELECT held 1.3 s" },
	{ BUTTON_DOWN, 40, "DOWN" },
};

static void any_key_brings_the_menu_back_as_it_was(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	/* Kayles of 1 and 7 pins, the machine first; the menu left at the
	 * second row's item, "... <7>", which every arrow would change. */
	struct e2e_setup setup = e2e_start(GAME_KAYLES, true);
	setup.count = 2;
	setup.value[0] = 1;
	setup.value[1] = 7;
	e2e_menu_set(sim, &setup);
	char item[BOARD_LCD_COLUMNS + 1];
	for (int presses = 0; e2e_line(sim, 0, item), strstr(item, "<7>") == NULL; presses++) {
		assert_true(presses < 60);
		e2e_press(sim, BUTTON_DOWN);
	}
	struct position start;
	e2e_setup_position(&setup, &start);
	struct attract_figures figures = { 0 };
	press_at(sim, BUTTON_UP, 40);
	uint64_t key = press_at(sim, BUTTON_DOWN, 40);
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		sim_uart_clear_output(sim);
		expect_caption_after(sim, key, MENU_IDLE_MS);
		if (k == 0) {
			follow(sim, &start, false, 2, &figures);
		} else {
			uint8_t game = GAME_KAYLES;
			assert_true(sim_run_until(sim, announcing, &game, MOVE_TIMEOUT_MS));
		}
		uint32_t writes = sim_eeprom_writes(sim);
		press_at(sim, keys[k].button, keys[k].hold_ms);
		e2e_expect_menu(sim, 100);
		sim_run_ms(sim, 500);
		char now[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, now);
		if (strcmp(now, item) != 0) {
			fail_msg("after %s the menu shows \"%s\", not \"%s\"", keys[k].what, now, item);
		}
		assert_string_equal(sim_uart_output(sim), "attract\r\n");
		assert_int_equal(sim_eeprom_writes(sim), writes);
		printf("# %s in attract mode: the menu back at \"%s\", nothing else\n", keys[k].what, now);
		/* The next idle time from a key whose event is known: UP and
		 * DOWN, back at the item. */
		press_at(sim, BUTTON_UP, 40);
		key = press_at(sim, BUTTON_DOWN, 40);
	}
	print_figures("Kayles 1 7", &figures);
	assert_true(e2e_menu_shows(sim, &setup));
	e2e_close(sim);
}

static void a_game_left_unfinished_or_finished_leads_to_attract_mode(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	const struct e2e_setup setup = e2e_start(GAME_MARIENBAD, false);
	struct position pos;
	e2e_setup_position(&setup, &pos);
	e2e_press(sim, BUTTON_SELECT);
	sim_run_ms(sim, 3000); /* the keys' help */
	assert_int_equal(e2e_screen_of(sim, GAME_MARIENBAD), E2E_TURN);
	struct move mv;
	uint32_t seed = 0xA77Au;
	e2e_choose_random(&pos, &mv, &seed);
	uint64_t released = e2e_enter_move(sim, &pos, &mv, true);
	/* SELECT's event is its release, KEYS_STABLE_MS samples later. */
	uint64_t key = released + (uint64_t)KEY_EVENT_MS * CYCLES_PER_MS;
	uint64_t sleep = sim_sleep_cycles(sim);
	uint64_t cycles = sim_cycles(sim);
	double idle = expect_caption_after(sim, key, GAME_IDLE_MS);
	printf("# a game left unfinished: the caption came %.1f ms after the last key (its idle time %u ms), asleep "
	       "%.2f%% of that time\n",
	       idle, GAME_IDLE_MS,
	       100.0 * (double)(sim_sleep_cycles(sim) - sleep) / (double)(sim_cycles(sim) - cycles));
	struct e2e_transcript transcript;
	e2e_check_transcript(sim, &transcript);
	assert_int_equal(transcript.games, 1);
	assert_int_equal(transcript.left, 1);
	const char *out = sim_uart_output(sim);
	const char *left = strstr(out, "\r\nleft marienbad ");
	assert_non_null(left);
	assert_non_null(strstr(left, "\r\nattract\r\n"));

	/* A game to its end, its result left: the menu after the menu's idle
	 * time, attract mode as long again; the game counted once. */
	press_at(sim, BUTTON_RIGHT, 40);
	e2e_expect_menu(sim, 100);
	struct e2e_figures played = { 0 };
	enum e2e_winner winner = e2e_play_game(sim, &setup, NULL, e2e_choose_random, &seed, 0, true, &played);
	key = press_at(sim, BUTTON_DOWN, 40); /* nothing, on the result */
	assert_int_equal(e2e_screen_of(sim, GAME_MARIENBAD), E2E_OVER);
	e2e_expect_menu(sim, MENU_IDLE_MS);
	double to_menu = ms_since(sim, key);
	if (to_menu < MENU_IDLE_MS || to_menu > MENU_IDLE_MS + IDLE_LATE_MS + 20u) {
		fail_msg("the result went back to the menu %.1f ms after the last key, not %u", to_menu, MENU_IDLE_MS);
	}
	/* The menu's idle time counts from the menu's return. */
	double to_attract = expect_caption_after(sim, key, 2u * MENU_IDLE_MS);
	printf("# a finished game's result: the menu %.1f ms after the last key, the caption %.1f ms after it\n",
	       to_menu, to_attract);
	press_at(sim, BUTTON_SELECT, 40);
	e2e_expect_menu(sim, 100);
	char text[BOARD_LCD_COLUMNS + 1];
	score(sim, text);
	assert_string_equal(text, winner == E2E_PERSON ? "You 1 - me 0" : "You 0 - me 1");
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_idle_menu_begins_attract_mode_whose_games_are_legal_and_nobodys),
		cmocka_unit_test(attract_mode_writes_nothing_and_a_visitors_change_survives_a_power_cut),
		cmocka_unit_test(any_key_brings_the_menu_back_as_it_was),
		cmocka_unit_test(a_game_left_unfinished_or_finished_leads_to_attract_mode),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
