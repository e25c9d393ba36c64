/*
 * The exhibit's statistics in the EEPROM (firmware/stats.c) on the host,
 * against the fake HAL's EEPROM, games played through the real game and
 * its observers: the counts come back after power-on; the journal wraps
 * round and checkpoints take it in; a power cut after every byte of an
 * entry, of a checkpoint and of a reset, the byte being written left old,
 * new or garbage, gives the old counts or the new, never others; a blank,
 * zeroed or random EEPROM gives zeros; games of the attract mode are not
 * counted; and the EEPROM's life, measured: thousands of games at a
 * settings save each (the worst case), the writes of every cell counted.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "firmware/stats.h"
#include "firmware/store.h"
#include "tests/fake_hal/fake_hal.h"

#define CELL_WRITES 100000u
#define GAMES_A_DAY 600u

/* Every count of every game and the totals. */
struct counts {
	uint32_t n[GAME_COUNT + 1][STATS_COUNTERS];
};

static struct counts read_counts(void)
{
	struct counts c;
	for (uint8_t g = 0; g <= STATS_TOTAL; g++) {
		for (uint8_t w = 0; w < STATS_COUNTERS; w++) {
			c.n[g][w] = stats_count(g, w);
		}
	}
	return c;
}

static bool same_counts(const struct counts *a, const struct counts *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

static bool all_zero(const struct counts *c)
{
	struct counts zero;
	memset(&zero, 0, sizeof zero);
	return same_counts(c, &zero);
}

/* Passes of the main loop's EEPROM work until nothing is left to write,
 * or the power has gone. */
static void settle(void)
{
	while (fake_eeprom.writes_left != 0 && (store_poll() | stats_poll())) {
	}
}

static int set_up(void **state)
{
	(void)state;
	fake_device_start();
	settle();
	return 0;
}

static struct position nim(const char *heaps)
{
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_NIM, heaps), ENGINE_OK);
	return pos;
}

static void play(const char *move)
{
	struct move mv;
	assert_int_equal(engine_parse_move(&game->pos, move, &mv), ENGINE_OK);
	assert_int_equal(game_play(&mv), ENGINE_OK);
}

/* The kinds of game played here, and what each adds to Nim's counts. */
enum kind { KIND_YOU, KIND_ME, KIND_SLIP, KIND_LEFT, KINDS };

/* A game of Nim of kind `kind` with `hints` hints, and what it adds to
 * `expected`. */
static void play_game(uint8_t kind, uint8_t hints, struct counts *expected)
{
	struct position pos = nim(kind == KIND_SLIP ? "1 2" : kind == KIND_LEFT ? "3 4 5" : "1");
	assert_true(game_start(&pos, kind == KIND_ME ? PLAYER_MACHINE : PLAYER_PERSON));
	for (uint8_t i = 0; i < hints; i++) {
		stats_count_hint();
	}
	if (kind == KIND_LEFT) {
		game_leave();
	} else if (kind == KIND_SLIP) {
		play("2-2"); /* 1 2 to 1 0: the machine's win */
		play("1-1");
	} else {
		play("1-1");
	}
	if (expected != NULL) {
		uint32_t adds[STATS_COUNTERS] = { 1, kind == KIND_YOU, kind == KIND_ME || kind == KIND_SLIP,
						  kind == KIND_SLIP, hints };
		for (uint8_t w = 0; w < STATS_COUNTERS; w++) {
			expected->n[GAME_NIM][w] += adds[w];
			expected->n[STATS_TOTAL][w] += adds[w];
		}
	}
}

static void expect_counts(const struct counts *expected, const char *what)
{
	struct counts got = read_counts();
	for (uint8_t g = 0; g <= STATS_TOTAL; g++) {
		for (uint8_t w = 0; w < STATS_COUNTERS; w++) {
			if (got.n[g][w] != expected->n[g][w]) {
				fail_msg("%s: game %u counter %u is %lu, not %lu", what, g, w,
					 (unsigned long)got.n[g][w], (unsigned long)expected->n[g][w]);
			}
		}
	}
}

static void the_counts_come_back_after_power_on(void **state)
{
	(void)state;
	struct counts expected;
	memset(&expected, 0, sizeof expected);
	unsigned games = 0;
	for (; games < 12u; games++) {
		play_game((uint8_t)(games % KINDS), (uint8_t)(games % 3u), &expected);
		/* The game ended counts at once, while it waits in RAM. */
		expect_counts(&expected, "before it is written");
		settle();
	}
	fake_device_restart();
	expect_counts(&expected, "after power-on");
	assert_int_equal(stats_count(GAME_NIM, STATS_PLAYED), games);
	assert_int_equal(stats_count(GAME_KAYLES, STATS_PLAYED), 0);
	print_message(
		"# %u games of every kind came back: played %lu, you %lu, me %lu, slips %lu, hints %lu\n", games,
		(unsigned long)expected.n[STATS_TOTAL][STATS_PLAYED], (unsigned long)expected.n[STATS_TOTAL][STATS_YOU],
		(unsigned long)expected.n[STATS_TOTAL][STATS_ME], (unsigned long)expected.n[STATS_TOTAL][STATS_SLIPS],
		(unsigned long)expected.n[STATS_TOTAL][STATS_HINTS]);
}

/* The two slots' sequence numbers: a checkpoint written changes one. */
static unsigned checkpoint_sequences(void)
{
	return fake_eeprom.bytes[STATS_CHECKPOINT_AT + STATS_COUNTS_SIZE] |
	       (unsigned)fake_eeprom.bytes[STATS_CHECKPOINT_AT + STATS_CHECKPOINT_SIZE + STATS_COUNTS_SIZE] << 8;
}

static void the_journal_wraps_round_into_checkpoints(void **state)
{
	(void)state;
	struct counts expected;
	memset(&expected, 0, sizeof expected);
	unsigned games = 0, checkpoints = 0;
	unsigned sequences = checkpoint_sequences();
	for (; games < 3u * STATS_ENTRIES + 7u; games++) {
		play_game((uint8_t)(games % KINDS), (uint8_t)(games % 5u), &expected);
		settle();
		if (checkpoint_sequences() != sequences) {
			checkpoints++;
			sequences = checkpoint_sequences();
		}
		if (games % 17u == 0) {
			fake_device_restart();
			expect_counts(&expected, "after a power-on");
		}
	}
	fake_device_restart();
	expect_counts(&expected, "at the end");
	assert_true(checkpoints >= 3u);
	print_message("# %u games through a journal of %u entries: %u checkpoints, every count came back\n", games,
		      (unsigned)STATS_ENTRIES, checkpoints);
}

/* A power cut after each write of what `action` begins, the byte being
 * written then left old, new or garbage: the counts after power-on are
 * the old ones or the new, never others.  Returns the writes. */
static unsigned cut_everywhere(void (*action)(struct counts *), const char *what)
{
	uint8_t before[EEPROM_SIZE], after[EEPROM_SIZE];
	fake_device_restart();
	struct counts old = read_counts();
	memcpy(before, fake_eeprom.bytes, sizeof before);
	struct counts new = old;
	action(&new);
	unsigned start = fake_eeprom.writes;
	settle();
	unsigned writes = fake_eeprom.writes - start;
	memcpy(after, fake_eeprom.bytes, sizeof after);
	fake_device_restart();
	expect_counts(&new, "the action uncut");
	assert_true(writes > 0);

	unsigned cuts = 0, olds = 0, news = 0;
	for (unsigned k = 0; k <= writes; k++) {
		for (unsigned torn = 0; torn < 3u; torn++) {
			memcpy(fake_eeprom.bytes, before, sizeof before);
			fake_device_restart();
			struct counts ignored = old;
			action(&ignored);
			fake_eeprom.writes_left = (long)k;
			settle();
			fake_eeprom.writes_left = -1;
			unsigned at = 0;
			while (at < EEPROM_SIZE && fake_eeprom.bytes[at] == after[at]) {
				at++;
			}
			if (at < EEPROM_SIZE) {
				fake_eeprom.bytes[at] = torn == 0   ? before[at]
							: torn == 1 ? after[at]
								    : (uint8_t)(0x5Au + k);
			}
			fake_device_restart();
			struct counts got = read_counts();
			cuts++;
			if (same_counts(&got, &old)) {
				olds++;
			} else if (same_counts(&got, &new)) {
				news++;
			} else {
				fail_msg("%s: a cut after %u of %u writes (torn %u at %u) gave other counts: nim "
					 "played %lu",
					 what, k, writes, torn, at, (unsigned long)got.n[GAME_NIM][STATS_PLAYED]);
			}
			/* What the next power-on finishes comes to the same. */
			settle();
			fake_device_restart();
			struct counts again = read_counts();
			assert_true(same_counts(&again, &got));
		}
	}
	assert_true(olds > 0 && news > 0);
	print_message("# %s: %u cuts in %u writes: %u old counts, %u new\n", what, cuts, writes, olds, news);
	return writes;
}

static void one_game(struct counts *expected)
{
	play_game(KIND_SLIP, 2, expected);
}

static void a_reset(struct counts *expected)
{
	memset(expected, 0, sizeof *expected);
	stats_reset();
}

/* Some games first, so that the checkpoint and the journal hold counts. */
static void some_games(unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		play_game((uint8_t)(i % KINDS), (uint8_t)(i % 4u), NULL);
		settle();
	}
}

static void a_power_cut_during_an_entry_gives_old_or_new_counts(void **state)
{
	(void)state;
	some_games(STATS_ENTRIES + 3u);
	cut_everywhere(one_game, "an entry");
}

static void a_power_cut_during_a_checkpoint_gives_old_or_new_counts(void **state)
{
	(void)state;
	some_games(2u * STATS_ENTRIES - 1u); /* the next game fills the journal */
	unsigned writes = cut_everywhere(one_game, "an entry and the checkpoint it begins");
	assert_true(writes > STATS_ENTRY_SIZE + 3u);
}

static void a_power_cut_during_a_reset_gives_old_or_zero_counts(void **state)
{
	(void)state;
	some_games(2u * STATS_ENTRIES + 9u); /* the slot the reset writes holds counts */
	unsigned writes = cut_everywhere(a_reset, "a reset");
	assert_true(writes > 3u);
}

static void blank_zeroed_and_random_eeproms_give_zero_counts(void **state)
{
	(void)state;
	unsigned images = 0;
	uint32_t random = 98765u;
	for (; images < 202u; images++) {
		for (unsigned i = 0; i < EEPROM_SIZE; i++) {
			random ^= random << 13;
			random ^= random >> 17;
			random ^= random << 5;
			fake_eeprom.bytes[i] = images == 0 ? 0xFFu : images == 1 ? 0u : (uint8_t)random;
		}
		fake_device_restart();
		struct counts got = read_counts();
		assert_true(all_zero(&got));
		settle(); /* the first checkpoint, all zero */
		play_game(KIND_YOU, 1, NULL);
		settle();
		fake_device_restart();
		got = read_counts();
		assert_int_equal(got.n[STATS_TOTAL][STATS_PLAYED], 1);
		assert_int_equal(got.n[GAME_NIM][STATS_YOU], 1);
		assert_int_equal(got.n[GAME_NIM][STATS_HINTS], 1);
	}
	print_message("# blank, zeroed and %u random EEPROMs: zero counts, then one game counted\n", images - 2u);
}

static void the_attract_modes_games_are_not_counted(void **state)
{
	(void)state;
	struct position pos = nim("1");
	assert_true(game_start(&pos, PLAYER_MACHINE));
	((struct game *)game)->attract = true; /* as the attract mode will set it */
	play("1-1");
	((struct game *)game)->attract = false;
	settle();
	assert_int_equal(stats_count(STATS_TOTAL, STATS_PLAYED), 0);
	play_game(KIND_ME, 0, NULL);
	assert_int_equal(stats_count(STATS_TOTAL, STATS_PLAYED), 1);
}

/* Games played at exhibit load with a settings save after each (the
 * first player changed every game: the worst case, as a visitor's
 * set-up is not kept), every write of every cell counted; the worst
 * cell's writes a game give the life. */
static void the_eeprom_lasts_over_ten_years_at_exhibit_load(void **state)
{
	(void)state;
	fake_eeprom_erase();
	fake_device_restart();
	settle();
	memset(fake_eeprom.cell_writes, 0, sizeof fake_eeprom.cell_writes);
	unsigned games = 0, saves = 0;
	for (; games < 24000u; games++) {
		settings.machine_first ^= 1u;
		unsigned before = fake_eeprom.cell_writes[0] + fake_eeprom.cell_writes[STORE_RECORD_SIZE];
		play_game((uint8_t)(games % KINDS), (uint8_t)(games % 3u), NULL);
		settle();
		saves += fake_eeprom.cell_writes[0] + fake_eeprom.cell_writes[STORE_RECORD_SIZE] != before;
	}
	/* The worst cell of each part: the settings, the journal, the
	 * checkpoints. */
	static const char *const parts[] = { "settings", "journal", "checkpoints" };
	unsigned bounds[] = { 0, STATS_JOURNAL_AT, STATS_CHECKPOINT_AT, EEPROM_SIZE };
	double years = 1e9;
	for (unsigned part = 0; part < 3u; part++) {
		unsigned worst = 0;
		for (unsigned i = bounds[part]; i < bounds[part + 1u]; i++) {
			if (fake_eeprom.cell_writes[i] > worst) {
				worst = fake_eeprom.cell_writes[i];
			}
		}
		double per_game = (double)worst / games;
		double part_years = CELL_WRITES / per_game / GAMES_A_DAY / 365.0;
		print_message(
			"# %u games, a settings save each: the worst cell of the %s written %u times, %.4f a game: "
			"%u writes last %.0f games, %.1f years at %u games a day\n",
			games, parts[part], worst, per_game, CELL_WRITES, CELL_WRITES / per_game, part_years,
			GAMES_A_DAY);
		if (part_years < years) {
			years = part_years;
		}
	}
	print_message("# the EEPROM's life: %.1f years\n", years);
	assert_true(saves > 0);
	assert_true(years > 10.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(the_counts_come_back_after_power_on, set_up),
		cmocka_unit_test_setup(the_journal_wraps_round_into_checkpoints, set_up),
		cmocka_unit_test_setup(a_power_cut_during_an_entry_gives_old_or_new_counts, set_up),
		cmocka_unit_test_setup(a_power_cut_during_a_checkpoint_gives_old_or_new_counts, set_up),
		cmocka_unit_test_setup(a_power_cut_during_a_reset_gives_old_or_zero_counts, set_up),
		cmocka_unit_test_setup(blank_zeroed_and_random_eeproms_give_zero_counts, set_up),
		cmocka_unit_test_setup(the_attract_modes_games_are_not_counted, set_up),
		cmocka_unit_test_setup(the_eeprom_lasts_over_ten_years_at_exhibit_load, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
