/* The settings kept in the EEPROM; see store.h. */
#include "firmware/store.h"

#include <stdbool.h>
#include <string.h>

#include "engine/engine.h"
#include "firmware/features.h"
#include "firmware/game.h"

/* No record yet: the first save goes to slot 0, the one after it. */
#define STORE_NONE 0xFFu
_Static_assert((uint8_t)(STORE_NONE + 1u) == 0, "the slot after none is slot 0");

static uint8_t newest;   /* the slot of the newest record, or STORE_NONE */
static uint8_t sequence; /* its sequence number */
static bool saving;      /* the newest is being written */
static bool due;         /* a game's event came: compare at the next poll */

uint16_t store_crc(uint16_t crc, uint8_t byte)
{
	crc ^= byte;
	for (uint8_t bit = 0; bit < 8; bit++) {
		crc = (crc & 1u) ? (uint16_t)((crc >> 1) ^ 0xA001u) : (uint16_t)(crc >> 1);
	}
	return crc;
}

/* What walk() does with a record. */
enum walk {
	WALK_LOAD, /* its sequence number and settings into RAM, whether its CRC holds or not */
	WALK_DIFF, /* whether it differs from the record of RAM's */
	WALK_SAVE  /* the first byte that differs from the record of RAM's written over */
};

/* Goes through the record in `slot`, byte by byte, beside the record that
 * RAM makes: `settings`, `sequence`, and the CRC of these two.  The CRC is
 * CRC-16/ARC, reflected: after its low byte, the CRC so far is its high
 * byte; so each byte of it is the low byte of the CRC so far.  True at the
 * first byte that differs (with WALK_LOAD only the CRC can: it fails);
 * false when none does. */
static bool walk(uint8_t slot, uint8_t how)
{
	uint16_t at = (uint16_t)(slot * STORE_RECORD_SIZE);
	uint8_t *mine = (uint8_t *)&settings;
	uint16_t crc = STORE_FORMAT;
	for (uint8_t i = 0; i < STORE_RECORD_SIZE; i++, at++) {
		uint8_t *ram = i < STORE_SAVED_SIZE ? &mine[i] : i == STORE_SAVED_SIZE ? &sequence : NULL;
		uint8_t byte = eeprom_get(at);
		uint8_t want = byte;
		if (ram == NULL) {
			want = (uint8_t)crc;
		} else if (how == WALK_LOAD) {
			*ram = byte;
		} else {
			want = *ram;
		}
		if (byte != want) {
			if (how == WALK_SAVE) {
				eeprom_put(at, want);
			}
			return true;
		}
		crc = store_crc(crc, want);
	}
	return false;
}

/* Settings the firmware could have saved: a game this build holds (an
 * edition that leaves out a game refuses it when another edition saved
 * it), the bytes that choose a word or bound a loop when the position is
 * printed, in range (the parts at most what the record's arrays hold;
 * Prime power prints n alone, whatever its count of primes, and Kubo its
 * nine stacks, which are its count); then the position printed and read
 * back by the engine, as a game from the menu is, and replaced by what it
 * read. */
static bool loaded_settings_valid(void)
{
	const struct position *setup = &settings.setup;
#if FEATURE_STANDBY
	if (settings.light_idle_min == 0 || settings.standby_idle_min == 0) {
		return false; /* the menu sets a minute at the least */
	}
#endif
	if (FEATURE_STATS) {
		/* No record holds the set-up: it is the rulebook's start of
		 * the operator's game, or settings_init()'s. */
		if (settings.machine_first > 1u || (uint8_t)(settings.level - 1u) >= SETTINGS_LEVEL_PERFECT ||
		    (FEATURE_OPERATOR && !settings_exhibit_valid())) {
			return false;
		}
#if FEATURE_OPERATOR
		engine_start_position(&settings.setup, settings.exhibit.game);
#endif
		return true;
	}
	if (settings.machine_first > 1u || (uint8_t)(settings.level - 1u) >= SETTINGS_LEVEL_PERFECT ||
	    !engine_record_fits(setup)) {
		return false;
	}
	if (FEATURE_OPERATOR && !settings_exhibit_valid()) {
		return false;
	}
	return game_parse_setup(&settings.setup) == ENGINE_OK;
}

void store_load(void)
{
	/* Each record is loaded to check its CRC, and the newest loaded
	 * again at the end. */
	uint8_t found = STORE_NONE;
	uint8_t ahead = 0;
	if (FEATURE_STATS) {
		settings_init(); /* the set-up, which no record holds */
	}
	for (uint8_t slot = 0; slot < STORE_SLOTS; slot++) {
		if (walk(slot, WALK_LOAD)) {
			continue;
		}
		/* The newest is the one whose number is ahead of every other's
		 * (they are at most STORE_SLOTS apart, far less than half of
		 * 256, so this holds across 255 to 0). */
		if (found == STORE_NONE || (int8_t)(uint8_t)(sequence - ahead) > 0) {
			found = slot;
			ahead = sequence;
		}
	}
	newest = found;
	saving = false; /* the C start-up zeroes them; the host tests power on again without one */
	due = false;
	if (found != STORE_NONE) {
		(void)walk(found, WALK_LOAD);
		if (loaded_settings_valid()) {
			return;
		}
	}
	memset(&settings, 0, sizeof settings);
	settings_init();
}

void store_settings_changed(void)
{
	due = true;
}

void store_game_event(uint8_t event)
{
	(void)event; /* any event may follow a change */
	/* Attract mode's games are nobody's: the idle spells write nothing
	 * (store.h). */
	if (FEATURE_ATTRACT && game->attract) {
		return;
	}
	store_settings_changed();
}

/* A save begun unless the newest record holds the settings already. */
static void save_if_changed(void)
{
	uint8_t slot = newest;
	if (slot != STORE_NONE && !walk(slot, WALK_DIFF)) {
		return;
	}
	slot++;
	if (slot >= STORE_SLOTS) {
		slot = 0;
	}
	newest = slot;
	sequence++;
	saving = true;
}

bool store_poll(void)
{
	/* A save under way takes in any change as it goes. */
	if (due && !saving) {
		save_if_changed();
	}
	due = false;
	if (saving && !eeprom_busy()) {
		saving = walk(newest, WALK_SAVE);
	}
	return saving;
}
