/* The exhibit's statistics in the EEPROM; see stats.h. */
#include "firmware/stats.h"

#include <string.h>

#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "firmware/words.h"

/* Without FEATURE_STATS the settings have the whole EEPROM, and nothing
 * here is called. */
#if FEATURE_STATS

/* An entry's bytes, by place. */
enum entry_byte { ENTRY_GAME, ENTRY_SLIPS, ENTRY_HINTS, ENTRY_EPOCH };
_Static_assert(ENTRY_EPOCH + 1u == STATS_ENTRY_SIZE, "the epoch is an entry's last byte");
/* An entry's outcome is STATS_YOU + enum player, or 0 when left. */
_Static_assert(SCREEN_STATS_HINTS - SCREEN_STATS_PLAYED + 1 == STATS_COUNTERS, "a word for every counter");
_Static_assert(STATS_YOU + PLAYER_MACHINE == STATS_ME && PLAYER_PERSON == 0, "an outcome is a counter");
#define ENTRY_GAME_BITS 5u
_Static_assert(GAME_COUNT <= (1u << ENTRY_GAME_BITS), "a game's number fits below its outcome");

/* What is being written, if anything. */
enum writing { WRITING_NONE, WRITING_ENTRY, WRITING_CHECKPOINT };

/* The state of the statistics; all zero until stats_load(). */
static struct stats_state {
	bool valid;                 /* a checkpoint's CRC holds: `slot` is the current one */
	uint8_t slot;               /* the current checkpoint's slot, 0 or 1 */
	uint8_t epoch;              /* its sequence number */
	uint8_t entries;            /* the journal's entries of its epoch, from the start */
	uint8_t writing;            /* enum writing: the next entry, or the next checkpoint into the other slot */
	bool zero;                  /* the checkpoint is all zero: a reset */
	uint8_t next_epoch;         /* the checkpoint's sequence number */
	uint16_t written;           /* the bytes in place of the entry or the checkpoint */
	uint16_t crc;               /* the CRC of these */
	bool due;                   /* `entry` holds a game ended, not yet in the journal */
	uint8_t entry[ENTRY_EPOCH]; /* its first bytes */
	uint8_t slips;              /* of the game in progress */
	uint8_t hints;
} stats;

/* A count's bytes, low first, as the chip and the host keep a uint32_t. */
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "a count's bytes are read as a little-endian uint32_t"
#endif
union count {
	uint32_t n;
	uint8_t bytes[4];
};

static uint16_t checkpoint_at(uint8_t slot)
{
	return (uint16_t)(STATS_CHECKPOINT_AT + slot * STATS_CHECKPOINT_SIZE);
}

static uint16_t entry_at(uint8_t place)
{
	return (uint16_t)(STATS_JOURNAL_AT + place * STATS_ENTRY_SIZE);
}

/* The count whose 3 bytes are at `at`, low first. */
static uint32_t read_count(uint16_t at)
{
	uint32_t count = 0;
	for (uint8_t i = STATS_COUNT_BYTES; i > 0; i--) {
		count = count << 8 | eeprom_get(at + i - 1u);
	}
	return count;
}

/* What an entry (its first bytes `head`, `slips`, `hints`) adds to counter
 * `which` of game `game_id` (STATS_TOTAL: of any game). */
static uint8_t entry_adds(uint8_t head, uint8_t slips, uint8_t hints, uint8_t game_id, uint8_t which)
{
	if (game_id != STATS_TOTAL && (uint8_t)(head & ((1u << ENTRY_GAME_BITS) - 1u)) != game_id) {
		return 0;
	}
	if (which == STATS_SLIPS) {
		return slips;
	}
	if (which == STATS_HINTS) {
		return hints;
	}
	return which == STATS_PLAYED || head >> ENTRY_GAME_BITS == which;
}

/* The current checkpoint's count plus the journal's, and with `with_due`
 * the game waiting in RAM. */
static uint32_t sum(uint8_t game_id, uint8_t which, bool with_due)
{
	uint32_t n = 0;
	uint16_t at = (uint16_t)(checkpoint_at(stats.slot) + which * STATS_COUNT_BYTES);
	for (uint8_t g = 0; stats.valid && g < GAME_COUNT; g++, at += STATS_COUNTERS * STATS_COUNT_BYTES) {
		if (g == game_id || game_id == STATS_TOTAL) {
			n += read_count(at);
		}
	}
	for (uint8_t place = 0; place < stats.entries; place++) {
		at = entry_at(place);
		n += entry_adds(eeprom_get(at), eeprom_get(at + ENTRY_SLIPS), eeprom_get(at + ENTRY_HINTS), game_id,
				which);
	}
	if (with_due && stats.due) {
		n += entry_adds(stats.entry[ENTRY_GAME], stats.entry[ENTRY_SLIPS], stats.entry[ENTRY_HINTS], game_id,
				which);
	}
	return n;
}

uint32_t stats_count(uint8_t game_id, uint8_t which)
{
	return sum(game_id, which, true);
}

/* The next checkpoint, into the other slot: the journal's counts taken in,
 * or with `zero` none.  Its epoch is one that no entry of the journal has,
 * so that none counts with it until it is written whole. */
static void checkpoint_start(bool zero)
{
	uint8_t next = (uint8_t)(stats.epoch + 1u);
	for (uint8_t place = 0; place < STATS_ENTRIES;) {
		if (eeprom_get(entry_at(place) + ENTRY_EPOCH) == next) {
			next++;
			place = 0;
		} else {
			place++;
		}
	}
	stats.next_epoch = next;
	stats.zero = zero;
	stats.written = 0;
	stats.crc = STATS_FORMAT;
	stats.writing = WRITING_CHECKPOINT;
}

void stats_reset(void)
{
	checkpoint_start(true);
}

void stats_load(void)
{
	memset(&stats, 0, sizeof stats); /* the C start-up zeroes it; the host tests power on again without one */
	for (uint8_t slot = 0; slot < 2u; slot++) {
		uint16_t at = checkpoint_at(slot);
		uint16_t crc = STATS_FORMAT;
		for (uint16_t i = 0; i < STATS_CHECKPOINT_SIZE; i++) {
			crc = store_crc(crc, eeprom_get(at + i));
		}
		/* The two are one or two apart: the newer is ahead. */
		uint8_t sequence = eeprom_get(at + STATS_COUNTS_SIZE);
		if (crc == 0 && (!stats.valid || (int8_t)(uint8_t)(sequence - stats.epoch) > 0)) {
			stats.valid = true;
			stats.slot = slot;
			stats.epoch = sequence;
		}
	}
	if (!stats.valid) {
		stats.slot = 1; /* the first checkpoint goes to slot 0 */
		stats_reset();
		return;
	}
	for (; stats.entries < STATS_ENTRIES; stats.entries++) {
		if (eeprom_get(entry_at(stats.entries) + ENTRY_EPOCH) != stats.epoch) {
			return;
		}
	}
	checkpoint_start(false); /* the journal is full */
}

void stats_game_event(uint8_t event)
{
	if (event == GAME_BEGAN) {
		stats.slips = 0;
		stats.hints = 0;
		return;
	}
	uint8_t outcome = 0; /* left */
	if (event == GAME_MOVED) {
#if FEATURE_TEACHING
		if (game->slip && stats.slips != UINT8_MAX) {
			stats.slips++;
		}
#endif
		if (!game->over) {
			return;
		}
		outcome = (uint8_t)(STATS_YOU + game->winner);
	} else if (event != GAME_LEFT || game->over) {
		return; /* a move about to be made, or a game left after its end */
	}
	if (game->attract) {
		return;
	}
	stats.entry[ENTRY_GAME] = (uint8_t)(game->pos.game | outcome << ENTRY_GAME_BITS);
	stats.entry[ENTRY_SLIPS] = stats.slips;
	stats.entry[ENTRY_HINTS] = stats.hints;
	stats.due = true;
}

void stats_count_hint(void)
{
	if (stats.hints != UINT8_MAX) {
		stats.hints++;
	}
}

/* Byte `at` of the entry or the checkpoint being written: a count's byte;
 * the sequence number; the CRC, which is reflected (CRC-16/ARC), so that
 * after its low byte the CRC so far is its high byte. */
static uint8_t byte_to_write(void)
{
	uint16_t at = stats.written;
	if (stats.writing == WRITING_ENTRY) {
		return at < ENTRY_EPOCH ? stats.entry[at] : stats.epoch;
	}
	if (at >= STATS_COUNTS_SIZE) {
		return at == STATS_COUNTS_SIZE ? stats.next_epoch : (uint8_t)stats.crc;
	}
	union count count = { 0 };
	if (!stats.zero) {
		uint8_t counter = (uint8_t)(at / STATS_COUNT_BYTES);
		count.n = sum((uint8_t)(counter / STATS_COUNTERS), (uint8_t)(counter % STATS_COUNTERS), false);
		if (count.bytes[STATS_COUNT_BYTES] != 0) {
			count.n = STATS_COUNT_MAX; /* a game's count stops there */
		}
	}
	return count.bytes[at % STATS_COUNT_BYTES];
}

/* The entry or the checkpoint written: the entry counts, and a full
 * journal begins the next checkpoint; the checkpoint is the current one,
 * and the journal starts again. */
static void written(void)
{
	if (stats.writing == WRITING_ENTRY) {
		stats.writing = WRITING_NONE;
		stats.due = false;
		if (++stats.entries == STATS_ENTRIES) {
			checkpoint_start(false);
		}
		return;
	}
	stats.writing = WRITING_NONE;
	stats.valid = true;
	stats.slot ^= 1u;
	stats.epoch = stats.next_epoch;
	stats.entries = 0;
}

bool stats_poll(void)
{
	if (eeprom_busy()) {
		return true;
	}
	if (stats.writing == WRITING_NONE) {
		if (!stats.due) {
			return false;
		}
		stats.writing = WRITING_ENTRY;
		stats.written = 0;
	}
	/* The first byte not in place is written; one in place is taken
	 * into the CRC, and the next comes at the next pass. */
	bool entry = stats.writing == WRITING_ENTRY;
	uint16_t at = (entry ? entry_at(stats.entries) : checkpoint_at(stats.slot ^ 1u)) + stats.written;
	uint8_t byte = byte_to_write();
	if (eeprom_get(at) != byte) {
		eeprom_put(at, byte);
	} else {
		stats.crc = store_crc(stats.crc, byte);
		if (++stats.written == (entry ? STATS_ENTRY_SIZE : STATS_CHECKPOINT_SIZE)) {
			written();
		}
	}
	return true;
}

void stats_print_counts(uint8_t game_id)
{
	for (uint8_t which = 0; which < STATS_COUNTERS; which++) {
		put_screen_text((uint8_t)(SCREEN_STATS_PLAYED + which));
		put_u32(stats_count(game_id, which));
	}
}

#endif
