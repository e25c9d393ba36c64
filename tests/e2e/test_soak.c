/*
 * The soak test: a day at the museum for the exhibit, on the real firmware
 * in the simulator.  The museum opens as the day begins, for 9 hours.
 * Visitors arrive at random gaps (a seeded generator: the same day every
 * run, another with SOAK_SEED), each with one of the ways people use the
 * box: playing well (the host engine's best move), badly (random legal
 * moves, with an illegal entry now and then), pressing keys at random, or
 * mashing the buttons faster than any person; a quarter of them with
 * bouncing contacts (the voltage on ADC0 chatters).  Some walk away from a
 * game half played; the next visitor finds it.  Between them the box
 * stands idle, from seconds to an hour, and all night once the museum has
 * closed.  The power is cut at random moments of the day, and on purpose
 * while the settings are being saved (firmware/store.h), the byte being
 * written left as it was, as it was to be, or garbage, by turns.
 *
 * Checked all day: the firmware never crashes, hangs or resets by itself
 * (simavr's state, the watchdog's resets, and one "grundy-box ready" on
 * the serial line for each power-on, no more); it keeps answering (at
 * each visitor's arrival a key changes the LCD at once); it never breaks
 * an LCD timing; every move of the transcript is legal and every winner
 * right (e2e_check_transcript), and every game begun is accounted for:
 * won by the visitor, won by the box, left, or cut by the power.  At each
 * cut the EEPROM must hold a whole newest record (decoded here with the
 * layout and CRC of firmware/store.h), the one before the save under way
 * or the one it was writing, and the box must come back at the menu with
 * that record's settings.
 *
 * The tally of the transcript's games, per game, is what the statistics
 * kept in the EEPROM must say too.
 *
 * SOAK_HOURS sets the simulated hours: a whole day by default, which fits
 * CI's time (docs/exhibit.md, A day at the museum); idle hours cost
 * the host little, visitors more.  It prints the hours, the wall and CPU
 * time they took, the simulator's speed idle and with visitors, and every
 * count.
 *
 * needs: SAVE TRANSCRIPT LAMPS SOUND STATS CONSOLE
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "firmware/settings.h"
#include "firmware/store.h"
#include "sim/harness.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"

#define SOAK_DEFAULT_HOURS 24.0
#define SOAK_DEFAULT_SEED 4u
#define CYCLES_PER_MS (BOARD_F_CPU / 1000u)
#define CYCLES_PER_HOUR (BOARD_F_CPU * 3600.0)
#define BOOT_TIMEOUT_MS 3000u
#define ANSWER_MS 200u  /* a key to the LCD's change, at most */
#define SETTLE_MS 5000u /* every step of a screen has run out */
#define IDLE_CHUNK_MS 10000u
#define LINE_END_MS 50u /* a line on the serial line is sent whole within it */
#define SAVE_START_MS 1500u
#define EEPROM_BYTES EEPROM_SIZE
#define SETTINGS_MAX 256u

enum visitor_kind { GOOD, BAD, RANDOM_KEYS, MASHER, KINDS };
static const char *const kind_names[KINDS] = { "played well", "played badly", "pressed keys at random",
					       "mashed the buttons" };

/* What the transcript says of each game, over the day: the figures a
 * `stats` command on the serial line must give. */
struct tally {
	unsigned played[GAME_COUNT];
	unsigned you[GAME_COUNT];
	unsigned me[GAME_COUNT];
	unsigned left[GAME_COUNT];
	unsigned cut[GAME_COUNT];
	unsigned slips[GAME_COUNT];
	unsigned moves;
	unsigned readies; /* "grundy-box ready": one each power-on */
};

/* A record of firmware/store.h, decoded. */
struct record {
	bool found;
	uint8_t slot;
	uint8_t sequence;
	uint8_t settings[SETTINGS_MAX];
};

struct day {
	uint32_t seed;
	uint32_t random;
	uint64_t end_cycles;
	uint64_t cycles_before; /* simulated before the last power-on */
	uint64_t sleep_before;
	uint64_t next_cut; /* day cycle of the next cut at a random moment */
	uint8_t next_game; /* the games are chosen in turn, from a random one */
	unsigned power_ons;
	uint32_t watchdog_resets; /* before the last power-on */
	struct tally tally;
	struct record last_seen; /* the newest record at the last step */
	bool ever_saved;
	/* counts */
	unsigned visitors[KINDS];
	unsigned bouncy_visitors;
	unsigned walked_away;
	unsigned games_played_out; /* by the players, to the end */
	unsigned good_could_win;   /* games the good players could win, and won */
	unsigned keys;             /* pressed at random, mashed, or to leave a screen */
	unsigned bouncing_keys;
	unsigned probes; /* keys that had to change the LCD at once */
	unsigned cuts_random, cuts_saving, cuts_after_game, cuts_during_write;
	unsigned came_back_old, came_back_new;
	uint64_t idle_cycles;
	double idle_cpu;       /* CPU seconds of the idle spells */
	uint64_t visit_cycles; /* the visitors' time, power cuts in it included */
	double visit_cpu;
	struct e2e_figures figures;
};

static size_t settings_size;

static uint32_t draw(struct day *day, uint32_t below)
{
	return sim_random(&day->random) % below;
}

static uint32_t draw_between(struct day *day, uint32_t least, uint32_t most)
{
	return least + draw(day, most - least + 1u);
}

static uint64_t day_cycles(const struct day *day, const struct sim *sim)
{
	return day->cycles_before + sim_cycles(sim);
}

/* ---- the EEPROM, decoded as firmware/store.c reads it ----
 *
 * With the layout of firmware/store.h as this test is compiled: every
 * feature on but standby, which gives the record of the editions with the
 * statistics, the operator's settings and no standby (the exhibit): the
 * bytes before the set-up, STORE_FORMAT's CRC, STORE_SLOTS slots before
 * the statistics' part of the EEPROM.  the_record_layout_is_the_firmwares()
 * refuses a firmware whose features make another layout, rather than
 * decoding nothing. */

/* The features that shape the record, as this test has them. */
static void the_record_layout_is_the_firmwares(void)
{
	if (!e2e_feature("STATS") || !e2e_feature("OPERATOR") || e2e_feature("STANDBY") || !e2e_feature("SAVE")) {
		fail_msg("the firmware's settings records are not laid out as this test decodes them: it decodes "
			 "those of a firmware with SAVE, STATS and OPERATOR and without STANDBY (GRUNDY_BOX_FEATURES)");
	}
	assert_true(STORE_SAVED_SIZE <= settings_size);
}

static uint16_t crc16_arc(uint16_t crc, uint8_t byte)
{
	crc ^= byte;
	for (int bit = 0; bit < 8; bit++) {
		crc = (crc & 1u) ? (uint16_t)((crc >> 1) ^ 0xA001u) : (uint16_t)(crc >> 1);
	}
	return crc;
}

/* The size of the firmware's `settings`, as the AVR lays it out. */
static size_t firmware_settings_size(void)
{
	size_t size = e2e_firmware_data_size("settings");
	assert_true(size <= SETTINGS_MAX);
	return size;
}

/* The newest record whose CRC holds: the one whose sequence number is
 * ahead of every other's, as store_load() chooses it. */
static struct record newest_record(const uint8_t eeprom[EEPROM_BYTES])
{
	struct record newest;
	memset(&newest, 0, sizeof newest);
	for (unsigned slot = 0; slot < STORE_SLOTS; slot++) {
		const uint8_t *at = eeprom + slot * STORE_RECORD_SIZE;
		uint16_t crc = STORE_FORMAT;
		for (size_t i = 0; i < STORE_SAVED_SIZE + 1u; i++) {
			crc = crc16_arc(crc, at[i]);
		}
		if (at[STORE_SAVED_SIZE + 1u] != (uint8_t)crc || at[STORE_SAVED_SIZE + 2u] != (uint8_t)(crc >> 8)) {
			continue;
		}
		uint8_t sequence = at[STORE_SAVED_SIZE];
		if (!newest.found || (int8_t)(uint8_t)(sequence - newest.sequence) > 0) {
			newest.found = true;
			newest.slot = (uint8_t)slot;
			newest.sequence = sequence;
			memcpy(newest.settings, at, STORE_SAVED_SIZE);
		}
	}
	return newest;
}

static struct record newest_in_chip(const struct sim *sim)
{
	uint8_t eeprom[EEPROM_BYTES];
	sim_eeprom_read(sim, eeprom);
	return newest_record(eeprom);
}

/* ---- the transcript ---- */

static bool starts(const char *text, const char *prefix)
{
	return strncmp(text, prefix, strlen(prefix)) == 0;
}

/* The transcript since the last call checked (every move legal, every
 * winner right) and added to the day's tally, then let go.  A game still
 * going on at the end is one the power cut, when `cut` says the power is
 * about to go; otherwise the transcript is kept until the game ends. */
static void take_transcript(struct sim *sim, struct day *day, bool cut)
{
	struct e2e_transcript checked;
	e2e_check_transcript(sim, &checked);
	if (checked.in_game && !cut) {
		return;
	}
	struct tally *t = &day->tally;
	const char *text = sim_uart_output(sim);
	bool in_game = false;
	uint8_t game = 0;
	unsigned readies = 0, games = 0, finished = 0, left = 0, moves = 0;
	while (*text != '\0') {
		const char *end = strstr(text, "\r\n");
		assert_non_null(end);
		char line[512];
		snprintf(line, sizeof line, "%.*s", (int)(end - text), text);
		text = end + 2;
		if (strcmp(line, "grundy-box ready") == 0) {
			readies++;
		} else if (starts(line, "new ") || starts(line, "go ")) {
			const char *name = line + (line[0] == 'g' ? 3 : 4);
			game = engine_find_game(name, (uint8_t)strcspn(name, " "));
			assert_true(game < GAME_COUNT);
			t->played[game]++;
			games++;
			in_game = true;
		} else if (starts(line, "you ") || starts(line, "me ")) {
			moves++;
		} else if (strcmp(line, "winner you") == 0 || strcmp(line, "winner me") == 0) {
			(line[7] == 'y' ? t->you : t->me)[game]++;
			finished++;
			in_game = false;
		} else if (starts(line, "left ")) {
			t->left[game]++;
			left++;
			in_game = false;
		} else if (strcmp(line, "slip") == 0) {
			t->slips[game]++;
		}
	}
	/* This count of the lines and the replay's must agree. */
	assert_int_equal(games, checked.games);
	assert_int_equal(finished, checked.finished);
	assert_int_equal(left, checked.left);
	assert_int_equal(moves, checked.moves);
	assert_int_equal(in_game, checked.in_game);
	if (in_game) {
		t->cut[game]++;
	}
	t->moves += moves;
	t->readies += readies;
	/* One "ready" a power-on: another would be a reset nobody made. */
	if (t->readies != day->power_ons) {
		fail_msg("%u power-ons but %u \"grundy-box ready\" lines: the box reset by itself", day->power_ons,
			 t->readies);
	}
	sim_uart_clear_output(sim);
}

/* ---- health ---- */

static bool line_complete(struct sim *sim, void *ctx)
{
	(void)ctx;
	size_t length = sim_uart_output_length(sim);
	return length == 0 || (length >= 2 && strcmp(sim_uart_output(sim) + length - 2, "\r\n") == 0);
}

static bool lcd_changed(struct sim *sim, void *ctx)
{
	return sim_lcd_last_change(sim) != *(const uint64_t *)ctx;
}

/* The box answers: at the menu, DOWN and UP each change the LCD at once. */
static void expect_answer(struct sim *sim, struct day *day)
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

/* ---- power cuts ---- */

static bool eeprom_writing(struct sim *sim, void *ctx)
{
	return sim_eeprom_writes(sim) != *(const uint32_t *)ctx;
}

/* The power cut now (once the serial line has finished its line), and
 * the power-on that follows, judged. */
static void power_cut(struct sim *sim, struct day *day)
{
	sim_run_until(sim, line_complete, NULL, LINE_END_MS);
	if (!line_complete(sim, NULL)) {
		fail_msg("the serial line is in the middle of a line for %u ms", LINE_END_MS);
	}
	e2e_check_health(sim);
	take_transcript(sim, day, true);

	uint8_t ram[SETTINGS_MAX], eeprom[EEPROM_BYTES];
	assert_true(sim_ram_symbol(sim, "settings", ram, settings_size));
	unsigned cuts = day->cuts_random + day->cuts_saving + day->cuts_after_game;
	if (e2e_eeprom_after_cut(sim, (day->cuts_during_write + 1u) % 3u, cuts, eeprom)) {
		day->cuts_during_write++;
	}
	struct record left = newest_record(eeprom);
	if (day->ever_saved && !left.found) {
		fail_msg("power cut %u left no whole record in the EEPROM", cuts);
	}
	if (left.found) {
		bool old =
			day->last_seen.found && memcmp(left.settings, day->last_seen.settings, STORE_SAVED_SIZE) == 0;
		bool new = memcmp(left.settings, ram, STORE_SAVED_SIZE) == 0;
		if (!old && !new) {
			fail_msg("power cut %u left a record (slot %u) that is neither the newest before it nor the "
				 "settings in RAM",
				 cuts, left.slot);
		}
		day->came_back_old += !new;
		day->came_back_new += new;
	}

	day->cycles_before += sim_cycles(sim);
	day->sleep_before += sim_sleep_cycles(sim);
	day->watchdog_resets += sim_watchdog_resets(sim);
	sim_power_cycle_with(sim, eeprom);
	day->power_ons++;
	if (!sim_run_until(sim, e2e_menu_showing, NULL, BOOT_TIMEOUT_MS)) {
		fail_msg("after power cut %u the menu never showed", cuts);
	}
	assert_true(sim_wait_uart(sim, "grundy-box ready\r\n", BOOT_TIMEOUT_MS));
	if (left.found) {
		uint8_t back[SETTINGS_MAX];
		assert_true(sim_ram_symbol(sim, "settings", back, settings_size));
		/* The bytes kept: with the statistics, those before the set-up,
		 * which the menu starts at the operator's game's rulebook start. */
		for (size_t i = 0; i < STORE_SAVED_SIZE; i++) {
			if (back[i] != left.settings[i]) {
				fail_msg("after power cut %u byte %zu of the settings is %02x, not the newest record's "
					 "%02x",
					 cuts, i, back[i], left.settings[i]);
			}
		}
	}
	e2e_check_health(sim);
	day->last_seen = left;
	day->next_cut = day_cycles(day, sim) + (uint64_t)draw_between(day, 5u * 60u, 90u * 60u) * 1000u * CYCLES_PER_MS;
}

/* The newest record now: the "old" that a cut before the next step may
 * leave (a step holds at most one save). */
static void note_record(struct sim *sim, struct day *day)
{
	day->last_seen = newest_in_chip(sim);
	day->ever_saved |= day->last_seen.found;
}

/* Between two steps of the day: the power cut if its moment has come
 * (true), else the newest record noted. */
static bool step(struct sim *sim, struct day *day)
{
	if (day_cycles(day, sim) >= day->next_cut) {
		day->cuts_random++;
		power_cut(sim, day);
		return true;
	}
	note_record(sim, day);
	return false;
}

/* ---- the visitors ---- */

/* Down for `hold_ms`, up for `gap_ms`, the contacts bouncing or not. */
static void press(struct sim *sim, struct day *day, enum board_button button, uint32_t hold_ms, uint32_t gap_ms,
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

/* Whatever the last visitor left on the screen, back to the menu: a game
 * over is left with LEFT, a game in progress with a long SELECT (the
 * transcript says "left"). */
static void back_to_menu(struct sim *sim, struct day *day)
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

/* The game after `game` that the firmware holds (its edition's
 * GAMES_LEFT_OUT passed over). */
static uint8_t next_game_held(uint8_t game)
{
	do {
		game = (uint8_t)((game + 1u) % GAME_COUNT);
	} while (!e2e_game_in_firmware(game));
	return game;
}

/* A person who plays one to three games of one game, well or badly: the
 * games in turn, so that a day plays every one. */
static void player(struct sim *sim, struct day *day, bool good, bool bouncy)
{
	uint8_t game = day->next_game;
	struct e2e_setup setup = e2e_start(game, draw(day, 2) == 0);
	if (bouncy) {
		e2e_bouncy_presses(day->seed ^ day->random);
	}
	level_perfect(sim);
	e2e_menu_set(sim, &setup);
	if (step(sim, day)) {
		e2e_bouncy_presses(0);
		return; /* the power went before the game began: the visitor goes */
	}
	day->next_game = next_game_held(game);

	/* One visitor in five has the power cut while the settings are
	 * saved: the exhibit saves who moves first as its key changes it
	 * (firmware/store.h), and this visitor changes it once more. */
	if (draw(day, 5) == 0) {
		e2e_menu_find(sim, "First move <");
		uint32_t writes = sim_eeprom_writes(sim);
		sim_button_down(sim, BUTTON_RIGHT); /* an arrow acts as it is pressed */
		sim_run_until(sim, eeprom_writing, &writes, SAVE_START_MS);
		sim_button_up(sim);
		sim_run_cycles(sim, (uint64_t)draw(day, 8u * CYCLES_PER_MS));
		day->cuts_saving++;
		power_cut(sim, day);
		e2e_bouncy_presses(0);
		return;
	}
	/* One in six walks away after a few keys. */
	if (draw(day, 6) == 0) {
		e2e_press(sim, BUTTON_SELECT);
		unsigned keys = draw_between(day, 1, 12);
		for (unsigned i = 0; i < keys; i++) {
			enum board_button arrow = (enum board_button)(BUTTON_RIGHT + draw(day, 4));
			press(sim, day, arrow, 60, draw_between(day, 200, 1500), bouncy);
		}
		day->walked_away++;
		e2e_bouncy_presses(0);
		return;
	}
	struct position start;
	e2e_setup_position(&setup, &start);
	bool can_win = engine_outcome(&start) == (setup.machine_first ? OUTCOME_P : OUTCOME_N);
	unsigned games = draw_between(day, 1, 3);
	for (unsigned g = 0; g < games; g++) {
		enum e2e_winner winner = e2e_play_game(sim, &setup, NULL, good ? choose_best : e2e_choose_random,
						       &day->random, good ? 0u : 4u, draw(day, 2) == 0, &day->figures);
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
		note_record(sim, day);
		if (draw(day, 8) == 0) {
			day->cuts_after_game++;
			power_cut(sim, day);
			break;
		}
		if (step(sim, day)) {
			break;
		}
	}
	e2e_bouncy_presses(0);
}

/* Keys at random, at a person's pace: it starts games, plays moves good
 * or bad, asks for hints, leaves games and changes the set-up. */
static void random_keys(struct sim *sim, struct day *day, bool bouncy)
{
	unsigned keys = draw_between(day, 20, 200);
	for (unsigned i = 0; i < keys; i++) {
		enum board_button button = (enum board_button)(BUTTON_RIGHT + draw(day, 5));
		uint32_t hold = button == BUTTON_SELECT && draw(day, 20) == 0 ? draw_between(day, 1100, 1500)
									      : draw_between(day, 50, 400);
		press(sim, day, button, hold, draw_between(day, 100, 2000), bouncy);
		(void)step(sim, day);
	}
}

/* Faster than any person, often faster than the debouncing. */
static void masher(struct sim *sim, struct day *day, bool bouncy)
{
	unsigned keys = draw_between(day, 50, 300);
	for (unsigned i = 0; i < keys; i++) {
		press(sim, day, (enum board_button)(BUTTON_RIGHT + draw(day, 5)), draw_between(day, 1, 30),
		      draw_between(day, 1, 30), bouncy);
	}
	(void)step(sim, day);
}

static void visitor(struct sim *sim, struct day *day)
{
	uint32_t roll = draw(day, 100);
	enum visitor_kind kind = roll < 30 ? GOOD : roll < 60 ? BAD : roll < 88 ? RANDOM_KEYS : MASHER;
	bool bouncy = draw(day, 4) == 0;
	day->visitors[kind]++;
	day->bouncy_visitors += bouncy;
	back_to_menu(sim, day);
	expect_answer(sim, day);
	switch (kind) {
	case GOOD:
	case BAD:
		player(sim, day, kind == GOOD, bouncy);
		break;
	case RANDOM_KEYS:
		random_keys(sim, day, bouncy);
		break;
	default:
		masher(sim, day, bouncy);
		break;
	}
	/* Whatever the visitor began runs its course. */
	sim_run_ms(sim, SETTLE_MS);
	e2e_check_health(sim);
	take_transcript(sim, day, false);
	(void)step(sim, day);
}

/* The box alone for `ms`, the power cut whenever its moment comes. */
static void idle(struct sim *sim, struct day *day, uint64_t ms)
{
	uint64_t end = day_cycles(day, sim) + ms * CYCLES_PER_MS;
	day->idle_cycles += ms * CYCLES_PER_MS;
	while (day_cycles(day, sim) < end) {
		uint64_t left = end - day_cycles(day, sim);
		uint64_t chunk = (uint64_t)IDLE_CHUNK_MS * CYCLES_PER_MS;
		if (day->next_cut > day_cycles(day, sim) && day->next_cut - day_cycles(day, sim) < chunk) {
			chunk = day->next_cut - day_cycles(day, sim) + 1u;
		}
		sim_run_cycles(sim, chunk < left ? chunk : left);
		(void)step(sim, day);
	}
}

/* The museum opens at 9:00 and closes at 18:00; the day begins at opening
 * time, so that a short run has visitors too. */
#define OPEN_HOURS 9u

static bool museum_open(const struct day *day, const struct sim *sim)
{
	uint64_t hour = day_cycles(day, sim) / (uint64_t)CYCLES_PER_HOUR;
	return hour % 24u < OPEN_HOURS;
}

/* Until the next visitor: while the museum is open seconds to an hour,
 * mostly a few minutes; closed, the box stands idle in spells of up to an
 * hour, the power cut now and then, until the museum opens again. */
static uint64_t gap_ms(struct day *day, const struct sim *sim)
{
	uint32_t roll = draw(day, 100);
	uint32_t seconds = roll < 70   ? draw_between(day, 5, 180)
			   : roll < 95 ? draw_between(day, 180, 900)
				       : draw_between(day, 900, 3600);
	if (!museum_open(day, sim)) {
		seconds = draw_between(day, 600, 3600);
	}
	return (uint64_t)seconds * 1000u;
}

static double cpu_seconds(void)
{
	struct timespec now;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static double seconds_between(const struct timespec *from, const struct timespec *to)
{
	return (double)(to->tv_sec - from->tv_sec) + (double)(to->tv_nsec - from->tv_nsec) / 1e9;
}

static void print_day(const struct day *day, struct sim *sim, double wall, double cpu)
{
	const struct tally *t = &day->tally;
	double hours = (double)day_cycles(day, sim) / CYCLES_PER_HOUR;
	double asleep = (double)(day->sleep_before + sim_sleep_cycles(sim)) / CYCLES_PER_HOUR;
	printf("# seed %u (SOAK_SEED repeats the day): %.2f simulated hours in %.1f s wall, %.1f s CPU "
	       "(%.0f simulated seconds per CPU second); asleep %.2f h\n",
	       day->seed, hours, wall, cpu, hours * 3600.0 / cpu, asleep);
	unsigned visitors = 0;
	for (int k = 0; k < KINDS; k++) {
		visitors += day->visitors[k];
	}
	printf("# %u visitors: %u %s, %u %s, %u %s, %u %s; %u with bouncing contacts; %u walked away mid-game\n",
	       visitors, day->visitors[GOOD], kind_names[GOOD], day->visitors[BAD], kind_names[BAD],
	       day->visitors[RANDOM_KEYS], kind_names[RANDOM_KEYS], day->visitors[MASHER], kind_names[MASHER],
	       day->bouncy_visitors, day->walked_away);
	printf("# speed: idle spells %.2f h in %.1f s CPU (%.0f simulated seconds per CPU second), visitors %.2f h in "
	       "%.1f s CPU (%.0f)\n",
	       (double)day->idle_cycles / CYCLES_PER_HOUR, day->idle_cpu,
	       (double)day->idle_cycles / BOARD_F_CPU / day->idle_cpu, (double)day->visit_cycles / CYCLES_PER_HOUR,
	       day->visit_cpu, (double)day->visit_cycles / BOARD_F_CPU / day->visit_cpu);
	printf("# idle spells: %.2f h; keys pressed at random, mashed or to leave a screen: %u (%u bouncing); "
	       "answer checks: %u\n",
	       (double)day->idle_cycles / CYCLES_PER_HOUR, day->keys, day->bouncing_keys, day->probes);
	printf("# played out by the players: %u games, %u moves of theirs (%u illegal entries refused), %u of the "
	       "box's; the good players won all %u games they could\n",
	       day->games_played_out, day->figures.person_moves, day->figures.refusals, day->figures.machine_moves,
	       day->good_could_win);
	printf("# power cuts: %u at random moments, %u as the settings were saved, %u at a game's end; "
	       "%u during a byte's write; the newest record after them: %u the one before, %u the new\n",
	       day->cuts_random, day->cuts_saving, day->cuts_after_game, day->cuts_during_write, day->came_back_old,
	       day->came_back_new);
	unsigned played = 0, you = 0, me = 0, left = 0, cut = 0, slips = 0;
	for (uint8_t g = 0; g < GAME_COUNT; g++) {
		char title[32];
		e2e_game_title(g, title, sizeof title);
		printf("# %-15s played %3u: you %3u, me %3u, left %3u, cut %3u; slips %3u\n", title, t->played[g],
		       t->you[g], t->me[g], t->left[g], t->cut[g], t->slips[g]);
		played += t->played[g];
		you += t->you[g];
		me += t->me[g];
		left += t->left[g];
		cut += t->cut[g];
		slips += t->slips[g];
	}
	/* With statistics kept in the EEPROM, the `stats` command's total
	 * must give these figures. */
	printf("# transcript total: played %u, you %u, me %u, left %u, cut %u, slips %u; %u moves; %u power-ons\n",
	       played, you, me, left, cut, slips, t->moves, day->power_ons);
	printf("# health: %s; %u watchdog resets; %u \"grundy-box ready\" lines for %u power-ons; %u LCD timing "
	       "violations\n",
	       sim_state_text(sim), day->watchdog_resets + sim_watchdog_resets(sim), t->readies, day->power_ons,
	       sim_lcd_violations(sim));
}

/* The exhibit's statistics (the console's `stats`, a line per game
 * played, "NAME: played N, you N, me N, slips N, hints N") against the
 * transcript's count: every game ended (won, lost or left) counted, save
 * those whose entry a power cut at their end may have stopped, and none
 * that was not; slips at most the transcript's, whose count includes the
 * games cut. */
static void expect_statistics(struct sim *sim, struct day *day)
{
	e2e_serial_ask_stats(sim);
	const struct tally *t = &day->tally;
	unsigned counted = 0, ended = 0;
	for (uint8_t g = 0; g < GAME_COUNT; g++) {
		unsigned played = 0, you = 0, me = 0, slips = 0, hints = 0;
		char line[160];
		size_t name_length = strlen(engine_game_name(g));
		if (e2e_serial_stats_line(sim, engine_game_name(g), line, sizeof line) &&
		    sscanf(line + name_length, ": played %u, you %u, me %u, slips %u, hints %u", &played, &you, &me,
			   &slips, &hints) != 5) {
			fail_msg("`stats` said \"%s\"", line);
		}
		unsigned games_ended = t->you[g] + t->me[g] + t->left[g];
		if (played > games_ended || played + day->cuts_after_game < games_ended || you > t->you[g] ||
		    me > t->me[g] || slips > t->slips[g]) {
			fail_msg("%s: the statistics say played %u, you %u, me %u, slips %u; the transcript %u ended "
				 "(you %u, me %u, slips %u), %u cuts at a game's end",
				 engine_game_name(g), played, you, me, slips, games_ended, t->you[g], t->me[g],
				 t->slips[g], day->cuts_after_game);
		}
		counted += played;
		ended += games_ended;
	}
	printf("# the statistics: %u games counted, the transcript %u ended (%u power cuts at a game's end)\n", counted,
	       ended, day->cuts_after_game);
	sim_uart_clear_output(sim);
}

static void a_day_at_the_museum(void **state)
{
	(void)state;
	struct timespec wall_start, cpu_start, wall_end, cpu_end;
	clock_gettime(CLOCK_MONOTONIC, &wall_start);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
	settings_size = firmware_settings_size();
	the_record_layout_is_the_firmwares();

	static struct day day;
	memset(&day, 0, sizeof day);
	const char *seed_text = getenv("SOAK_SEED");
	day.seed = seed_text != NULL && *seed_text != '\0' ? (uint32_t)strtoul(seed_text, NULL, 0) : SOAK_DEFAULT_SEED;
	const char *hours_text = getenv("SOAK_HOURS");
	double hours = hours_text != NULL && *hours_text != '\0' ? strtod(hours_text, NULL) : SOAK_DEFAULT_HOURS;
	if (!(hours > 0.0 && hours <= 24.0 * 365.0)) {
		fail_msg("error: SOAK_HOURS must be a number of hours above 0, not \"%s\"", hours_text);
	}
	printf("# seed %u, %.2f simulated hours\n", day.seed, hours);
	fflush(stdout);
	day.random = day.seed;
	day.end_cycles = (uint64_t)(hours * CYCLES_PER_HOUR);
	day.next_game = next_game_held((uint8_t)draw(&day, GAME_COUNT));

	struct sim *sim = e2e_boot(0);
	day.power_ons = 1;
	day.next_cut = (uint64_t)draw_between(&day, 5u * 60u, 90u * 60u) * 1000u * CYCLES_PER_MS;
	while (day_cycles(&day, sim) < day.end_cycles) {
		double cpu = cpu_seconds();
		uint64_t left_ms = (day.end_cycles - day_cycles(&day, sim)) / CYCLES_PER_MS + 1u;
		uint64_t gap = gap_ms(&day, sim);
		idle(sim, &day, gap < left_ms ? gap : left_ms);
		day.idle_cpu += cpu_seconds() - cpu;
		if (museum_open(&day, sim) && day_cycles(&day, sim) < day.end_cycles) {
			cpu = cpu_seconds();
			uint64_t cycles = day_cycles(&day, sim);
			visitor(sim, &day);
			day.visit_cpu += cpu_seconds() - cpu;
			day.visit_cycles += day_cycles(&day, sim) - cycles;
		}
	}
	/* Closing time: a game still going on is left. */
	back_to_menu(sim, &day);
	sim_run_ms(sim, SETTLE_MS);
	take_transcript(sim, &day, false);

	/* Every game begun was won, lost, left or cut. */
	for (uint8_t g = 0; g < GAME_COUNT; g++) {
		const struct tally *t = &day.tally;
		if (t->played[g] != t->you[g] + t->me[g] + t->left[g] + t->cut[g]) {
			fail_msg("%s: %u games begun but %u won, %u lost, %u left, %u cut", engine_game_name(g),
				 t->played[g], t->you[g], t->me[g], t->left[g], t->cut[g]);
		}
	}
	expect_statistics(sim, &day);
	clock_gettime(CLOCK_MONOTONIC, &wall_end);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
	print_day(&day, sim, seconds_between(&wall_start, &wall_end), seconds_between(&cpu_start, &cpu_end));
	/* All the games over the day, and power cuts during saves. */
	if (hours >= 4.0) {
		for (uint8_t g = 0; g < GAME_COUNT; g++) {
			if (day.tally.played[g] == 0 && e2e_game_in_firmware(g)) {
				fail_msg("no game of %s was played all day", engine_game_name(g));
			}
		}
		assert_true(day.cuts_during_write > 0);
	}
	/* The cuts as the settings were saved leave a record, the old or the
	 * new: with none decoded after any cut, the checks of the records
	 * above checked nothing. */
	if (day.cuts_saving > 0 && day.came_back_old + day.came_back_new == 0) {
		fail_msg("%u power cuts as the settings were saved, and no whole record found after any cut",
			 day.cuts_saving);
	}
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_day_at_the_museum),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
