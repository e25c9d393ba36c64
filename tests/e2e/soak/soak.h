/*
 * The parts of the soak test (tests/e2e/test_soak.c), a day at the museum
 * for the exhibit, which runs the day: record.c decodes the EEPROM's
 * settings records, power.c cuts the power and judges the power-on after
 * it, visitors.c is the people at the box, and tally.c counts the
 * transcript's games, checks the statistics against them and prints the
 * day.  mk/tests.mk links them into test_soak alone.
 *
 * The parts assert with cmocka, so they are called from inside the test.
 */
#ifndef SOAK_H
#define SOAK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "hal/eeprom.h"
#include "sim/harness.h"
#include "tests/e2e/e2e.h"

#define SOAK_CYCLES_PER_MS (BOARD_F_CPU / 1000u)
#define SOAK_CYCLES_PER_HOUR (BOARD_F_CPU * 3600.0)
#define SOAK_SETTLE_MS 5000u /* every step of a screen has run out */
#define SOAK_SETTINGS_MAX 256u

enum soak_visitor_kind { SOAK_GOOD, SOAK_BAD, SOAK_RANDOM_KEYS, SOAK_MASHER, SOAK_KINDS };

/* What the transcript says of each game, over the day: the figures a
 * `stats` command on the serial line must give. */
struct soak_tally {
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
struct soak_record {
	bool found;
	uint8_t slot;
	uint8_t sequence;
	uint8_t settings[SOAK_SETTINGS_MAX];
};

struct soak_day {
	uint32_t seed;
	uint32_t random;
	size_t settings_size; /* of the firmware's `settings`, as the AVR lays it out */
	uint64_t end_cycles;
	uint64_t cycles_before; /* simulated before the last power-on */
	uint64_t sleep_before;
	uint64_t next_cut; /* day cycle of the next cut at a random moment */
	uint8_t next_game; /* the games are chosen in turn, from a random one */
	unsigned power_ons;
	uint32_t watchdog_resets; /* before the last power-on */
	struct soak_tally tally;
	struct soak_record last_seen; /* the newest record at the last step */
	bool ever_saved;
	/* counts */
	unsigned visitors[SOAK_KINDS];
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

/* A number below `below`, or from `least` to `most`, from the day's
 * seeded generator. */
static inline uint32_t soak_draw(struct soak_day *day, uint32_t below)
{
	return sim_random(&day->random) % below;
}

static inline uint32_t soak_draw_between(struct soak_day *day, uint32_t least, uint32_t most)
{
	return least + soak_draw(day, most - least + 1u);
}

/* The cycles simulated since the day began, across power-ons. */
static inline uint64_t soak_day_cycles(const struct soak_day *day, const struct sim *sim)
{
	return day->cycles_before + sim_cycles(sim);
}

/* ---- record.c: the EEPROM, decoded as firmware/store.c reads it ---- */

/* The size of the firmware's `settings`, as the AVR lays it out. */
size_t soak_firmware_settings_size(void);
/* Fails unless the firmware's features shape the record as this test
 * decodes it, within `settings_size` bytes. */
void soak_expect_record_layout(size_t settings_size);
/* The newest record whose CRC holds: the one whose sequence number is
 * ahead of every other's, as store_load() chooses it. */
struct soak_record soak_newest_record(const uint8_t eeprom[EEPROM_SIZE]);

/* ---- power.c: power cuts ---- */

/* The power cut now (once the serial line has finished its line), and
 * the power-on that follows, judged. */
void soak_power_cut(struct sim *sim, struct soak_day *day);
/* The newest record now: the "old" that a cut before the next step may
 * leave (a step holds at most one save). */
void soak_note_record(struct sim *sim, struct soak_day *day);
/* Between two steps of the day: the power cut if its moment has come
 * (true), else the newest record noted. */
bool soak_step(struct sim *sim, struct soak_day *day);

/* ---- visitors.c: the visitors ---- */

/* The game after `game` that the firmware holds (its edition's
 * GAMES_LEFT_OUT passed over). */
uint8_t soak_next_game_held(uint8_t game);
/* Whatever the last visitor left on the screen, back to the menu: a game
 * over is left with LEFT, a game in progress with a long SELECT (the
 * transcript says "left"). */
void soak_back_to_menu(struct sim *sim, struct soak_day *day);
/* One visitor of a kind drawn at random, from arrival to the box's
 * settling after them. */
void soak_visitor(struct sim *sim, struct soak_day *day);

/* ---- tally.c: the day's figures ---- */

/* The transcript since the last call checked (every move legal, every
 * winner right) and added to the day's tally, then let go.  A game still
 * going on at the end is one the power cut, when `cut` says the power is
 * about to go; otherwise the transcript is kept until the game ends. */
void soak_take_transcript(struct sim *sim, struct soak_day *day, bool cut);
/* The exhibit's statistics (the console's `stats`, a line per game
 * played, "NAME: played N, you N, me N, slips N, hints N") against the
 * transcript's count: every game ended (won, lost or left) counted, save
 * those whose entry a power cut at their end may have stopped, and none
 * that was not; slips at most the transcript's, whose count includes the
 * games cut. */
void soak_expect_statistics(struct sim *sim, struct soak_day *day);
/* Prints the day's figures as "# " notes: `wall` and `cpu` the seconds
 * it took. */
void soak_print_day(const struct soak_day *day, struct sim *sim, double wall, double cpu);

#endif
