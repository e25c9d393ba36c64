/* Settings in EEPROM: round-robin slots with sequence numbers; see settings.h. */
#include "firmware/settings.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <util/crc16.h>

#include "hal/eeprom.h"

#define SETTINGS_SLOT_BYTES 64u
#define SETTINGS_SLOTS (EEPROM_BYTES / SETTINGS_SLOT_BYTES)
/* Changes whenever the record does, so an old layout reads as invalid and
 * the defaults load instead: it starts the CRC, so a record of another
 * format fails its check (and takes no byte of its own).  1: Nim and
 * Marienbad only; 2: a format byte; 3: a 16-bit sequence number. */
#define SETTINGS_FORMAT 4u
/* A record keeps the settings up to the first SETTINGS_SETUP_BYTES of the
 * set-up: everything the menu sets. */
#define SETTINGS_SAVED_BYTES (offsetof(struct settings, setup) + SETTINGS_SETUP_BYTES)

_Static_assert(offsetof(struct position, u.poker.last_added) < SETTINGS_SETUP_BYTES,
	       "a record keeps Poker Nim's additions");

struct record {
	uint8_t sequence;
	uint8_t saved[SETTINGS_SAVED_BYTES]; /* the first bytes of struct settings */
	uint16_t crc;                        /* CRC-CCITT of everything above, from SETTINGS_FORMAT */
};

_Static_assert(sizeof(struct record) <= SETTINGS_SLOT_BYTES, "a record must fit its slot");

struct settings settings;

/* Records go round the slots in the order of their sequence numbers, which
 * wrap at a multiple of SETTINGS_SLOTS: record n sits in slot n % SETTINGS_SLOTS. */
_Static_assert(256u % SETTINGS_SLOTS == 0, "sequence numbers wrap at a multiple of the slots");
static uint8_t newest_sequence;

static uint16_t record_crc(const struct record *r)
{
	const uint8_t *byte = (const uint8_t *)r;
	uint16_t crc = 0xFF00u | SETTINGS_FORMAT;
	for (uint8_t i = 0; i < offsetof(struct record, crc); i++) {
		crc = _crc_ccitt_update(crc, byte[i]);
	}
	return crc;
}

static uint16_t slot_address(uint8_t sequence)
{
	return (uint16_t)(sequence % SETTINGS_SLOTS * SETTINGS_SLOT_BYTES);
}

static bool slot_valid(uint8_t slot, struct record *r)
{
	eeprom_load(slot_address(slot), r, sizeof *r);
	/* The game and count checked too, as the menu's tables are indexed
	 * by them: garbage passes a CRC once in 65,536 slots. */
	const struct settings *saved = (const struct settings *)r->saved;
	return r->crc == record_crc(r) && saved->setup.game < GAME_COUNT && saved->setup.count <= ENGINE_MAX_HEAPS;
}

void settings_load(void)
{
	bool found = false;
	for (uint8_t slot = 0; slot < SETTINGS_SLOTS; slot++) {
		struct record r;
		/* Sequence numbers wrap; the slots hold consecutive ones, so
		 * "newer" is a positive difference. */
		if (slot_valid(slot, &r) && (!found || (int8_t)(r.sequence - newest_sequence) > 0)) {
			found = true;
			newest_sequence = r.sequence;
			memcpy(&settings, r.saved, SETTINGS_SAVED_BYTES);
		}
	}
	if (!found) {
		engine_start_position(&settings.setup, GAME_MARIENBAD);
		newest_sequence = 0xFFu; /* the first save goes to slot 0 */
	}
}

void settings_save(void)
{
	struct record r;
	r.sequence = (uint8_t)(newest_sequence + 1u);
	memcpy(r.saved, &settings, SETTINGS_SAVED_BYTES);
	r.crc = record_crc(&r);
	eeprom_store(slot_address(r.sequence), &r, sizeof r);
	newest_sequence = r.sequence;
}
