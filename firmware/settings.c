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
 * the defaults load instead.  1: Nim and Marienbad only. */
#define SETTINGS_FORMAT 2u
#define SETTINGS_SETUP_BYTES (offsetof(struct position, u) + 36u)

_Static_assert(offsetof(struct position, u.poker.last_added) < SETTINGS_SETUP_BYTES,
	       "a record keeps Poker Nim's additions");

struct record {
	uint8_t format;
	uint16_t sequence;
	uint8_t machine_first;
	uint16_t person_wins;
	uint16_t machine_wins;
	uint8_t setup[SETTINGS_SETUP_BYTES];
	uint16_t crc; /* CRC-CCITT of everything above */
};

_Static_assert(sizeof(struct record) <= SETTINGS_SLOT_BYTES, "a record must fit its slot");

struct settings settings;

static uint8_t newest_slot;
static uint16_t newest_sequence;

static uint16_t record_crc(const struct record *r)
{
	const uint8_t *byte = (const uint8_t *)r;
	uint16_t crc = 0xFFFFu;
	for (uint8_t i = 0; i < offsetof(struct record, crc); i++) {
		crc = _crc_ccitt_update(crc, byte[i]);
	}
	return crc;
}

static uint16_t slot_address(uint8_t slot)
{
	return (uint16_t)slot * SETTINGS_SLOT_BYTES;
}

static bool slot_valid(uint8_t slot, struct record *r)
{
	eeprom_load(slot_address(slot), r, sizeof *r);
	const struct position *setup = (const struct position *)r->setup;
	return r->format == SETTINGS_FORMAT && r->crc == record_crc(r) && setup->game < GAME_COUNT &&
	       setup->count <= ENGINE_MAX_HEAPS;
}

void settings_load(void)
{
	bool found = false;
	memset(&settings, 0, sizeof settings);
	for (uint8_t slot = 0; slot < SETTINGS_SLOTS; slot++) {
		struct record r;
		if (!slot_valid(slot, &r)) {
			continue;
		}
		/* Sequence numbers wrap; the slots hold consecutive ones, so
		 * "newer" is a positive difference. */
		if (!found || (int16_t)(r.sequence - newest_sequence) > 0) {
			found = true;
			newest_slot = slot;
			newest_sequence = r.sequence;
			settings.machine_first = r.machine_first;
			settings.person_wins = r.person_wins;
			settings.machine_wins = r.machine_wins;
			memcpy(&settings.setup, r.setup, SETTINGS_SETUP_BYTES);
		}
	}
	if (!found) {
		engine_start_position(&settings.setup, GAME_MARIENBAD);
		newest_slot = SETTINGS_SLOTS - 1u; /* the first save goes to slot 0 */
		newest_sequence = 0xFFFFu;
	}
}

void settings_save(void)
{
	struct record r;
	r.format = SETTINGS_FORMAT;
	r.machine_first = settings.machine_first;
	r.person_wins = settings.person_wins;
	r.machine_wins = settings.machine_wins;
	memcpy(r.setup, &settings.setup, SETTINGS_SETUP_BYTES);
	/* Unchanged since the newest record: nothing to write (and no wear). */
	struct record newest;
	r.sequence = newest_sequence;
	r.crc = record_crc(&r);
	if (slot_valid(newest_slot, &newest) && memcmp(&newest, &r, sizeof r) == 0) {
		return;
	}
	r.sequence = (uint16_t)(newest_sequence + 1u);
	r.crc = record_crc(&r);
	uint8_t slot = (uint8_t)((newest_slot + 1u) % SETTINGS_SLOTS);
	eeprom_store(slot_address(slot), &r, sizeof r);
	newest_slot = slot;
	newest_sequence = r.sequence;
}
