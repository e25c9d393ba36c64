/*
 * The exhibit's statistics (FEATURE_STATS): for each of the engine's games,
 * the games played, the visitors' wins and the machine's, the visitors'
 * slips and the hints they asked for, kept in the EEPROM across power cuts,
 * for the operator (the console's `stats`, firmware/console.h) and, as the
 * score, for the visitors.
 *
 * A game played is one a visitor began and that ended: won, lost, or left
 * with a long SELECT before its end.  A game the machine plays itself
 * (game->attract), one replaced by another before its end (the console's
 * `new`), and one cut by a power cut are not counted.  A slip is a
 * visitor's move from a position they could win to one the machine can
 * win (the transcript's "slip", firmware/transcript.h).  A game's slips
 * and hints are counted when it ends, up to 255 each.
 *
 * The EEPROM is shared with the settings (firmware/store.h), whose records
 * come first; then the journal, then two checkpoint slots at its end:
 *   checkpoint  STATS_COUNTS_SIZE bytes: every game's five counts, 3 bytes
 *               each (low first, up to 16,777,215: ten years of 600
 *               games a day is 2,190,000), game by game in enum game_id
 *               order; then its sequence number; then the CRC-16 of the
 *               bytes before (store_crc() from STATS_FORMAT, low byte
 *               first).  The newest slot whose CRC holds is the current one.
 *   journal     STATS_ENTRIES entries of 4 bytes, one per game ended:
 *               the game | outcome << 5 (0 left, 1 the visitor won, 2
 *               the machine), the slips, the hints, and the epoch: the
 *               current checkpoint's sequence number.
 * The counts are the current checkpoint's plus the journal's entries of
 * its epoch, from the journal's start up to the first that is not.  A
 * checkpoint's sequence number is one that no entry of the journal has
 * when it is begun, so that only entries written after it count with it:
 * no entry needs a CRC of its own, and a blank or random journal counts
 * nothing.
 *
 * Writing, a byte per pass of the main loop when the EEPROM is ready
 * (never waiting for it), only bytes that differ:
 *   - a game's entry goes into the next place of the journal, its epoch
 *     last: until that byte is written, the entry is not of the current
 *     epoch (and once it is, the bytes before it are whole), so a power
 *     cut leaves the game counted or not, never garbage;
 *   - when the journal is full, the next checkpoint is written into the
 *     other slot, each byte computed from the current checkpoint and the
 *     journal (no copy in RAM), its sequence number the epoch after, its
 *     CRC last: once that holds, the new checkpoint is current and the
 *     journal's entries, now of an older epoch, no longer count.  A cut
 *     before then leaves the old checkpoint and its full journal; at the
 *     next power-on the checkpoint is written again;
 *   - a reset is the same checkpoint, all zero: after a cut the counts
 *     are all old or all zero.
 * A game that ends while a checkpoint is being written waits in RAM (one
 * at a time: a second one then replaces it).
 *
 * Wear: each journal cell is written once in STATS_ENTRIES games, each
 * checkpoint cell once in twice as many; docs/exhibit.md states the life.
 */
#ifndef FIRMWARE_STATS_H
#define FIRMWARE_STATS_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "firmware/features.h"
#include "firmware/store.h"
#include "hal/eeprom.h"

/* A game's counters, in the checkpoint's order. */
enum stats_counter {
	STATS_PLAYED, /* games begun by a visitor and ended */
	STATS_YOU,    /* of these, won by the visitor */
	STATS_ME,     /* won by the machine */
	STATS_SLIPS,  /* the visitors' slips in them */
	STATS_HINTS,  /* the hints asked in them */
	STATS_COUNTERS
};

/* stats_count()'s game for the sum over all games. */
#define STATS_TOTAL GAME_COUNT

/* Changed whenever the layout of a checkpoint or an entry changes. */
#define STATS_FORMAT 0x5311u
#define STATS_COUNT_BYTES 3u
#define STATS_COUNT_MAX 0xFFFFFFuL
#define STATS_COUNTS_SIZE ((uint16_t)GAME_COUNT * STATS_COUNTERS * STATS_COUNT_BYTES)
#define STATS_CHECKPOINT_SIZE (STATS_COUNTS_SIZE + 1u + 2u)
#define STATS_CHECKPOINT_AT (EEPROM_SIZE - 2u * STATS_CHECKPOINT_SIZE)
#define STATS_JOURNAL_AT (STORE_SLOTS * STORE_RECORD_SIZE)
#define STATS_ENTRY_SIZE 4u
#define STATS_ENTRIES ((STATS_CHECKPOINT_AT - STATS_JOURNAL_AT) / STATS_ENTRY_SIZE)

#if FEATURE_STATS /* without it the settings have the whole EEPROM */
_Static_assert(STATS_CHECKPOINT_AT >= STATS_JOURNAL_AT + 40u * STATS_ENTRY_SIZE,
	       "a journal long enough to spare the cells");
_Static_assert(STATS_ENTRIES < 256u, "an entry's place is a byte");
#endif

/* Power-on, after store_load(): the current checkpoint and the journal's
 * entries found; a journal left full, or no checkpoint (a new chip, a
 * blank, zeroed or random EEPROM: the counts are then zero), begins the
 * checkpoint's writing. */
void stats_load(void);
/* The game's observer (firmware/game.h), first of all, so that the score
 * the screen shows at a game's end counts it: a game's slips, and its
 * entry when it ends. */
void stats_game_event(uint8_t event);
/* One more hint asked in the game in progress. */
void stats_count_hint(void);
/* Each pass of the main loop when the EEPROM is ready: the next byte of an
 * entry or a checkpoint.  True while either is being written. */
bool stats_poll(void);

/* Counter `which` (enum stats_counter) of game `game_id`, or of all games
 * (STATS_TOTAL), games ended but not yet in the EEPROM included.  A game's
 * counter stops at STATS_COUNT_MAX.  A read of the EEPROM: a few
 * milliseconds. */
uint32_t stats_count(uint8_t game_id, uint8_t which);
/* Every count to zero, power-cut safe: the counts read the old ones until
 * the zero checkpoint is whole (about a second), then zero. */
void stats_reset(void);
/* "played 12, you 3, me 9, slips 4, hints 2": game `game_id`'s counts, or
 * the totals' (STATS_TOTAL), where the put_* functions of engine/text.h
 * print (the console's `stats`, the operator menu). */
void stats_print_counts(uint8_t game_id);

#endif
