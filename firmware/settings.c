/* Settings in EEPROM: round-robin slots with sequence numbers; see settings.h. */
#include "firmware/settings.h"

#include <avr/pgmspace.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <util/crc16.h>

#include "hal/eeprom.h"

#define SETTINGS_SLOT_BYTES 64u
#define SETTINGS_SLOTS (EEPROM_BYTES / SETTINGS_SLOT_BYTES)
/* Changes whenever struct settings does, so an old layout reads as invalid. */
#define SETTINGS_FORMAT 1u

struct record {
	uint8_t format;
	uint16_t sequence;
	struct settings settings;
	uint16_t crc; /* CRC-CCITT of everything above */
};

_Static_assert(sizeof(struct record) <= SETTINGS_SLOT_BYTES, "a record must fit its slot");

struct settings settings;

static struct settings saved;  /* what the newest record holds */
static uint8_t newest_slot;
static uint16_t newest_sequence;

static const struct settings defaults PROGMEM = {
	.game = GAME_MARIENBAD,
	.rule = RULE_NORMAL,
	.machine_first = 0,
	.heaps = 3,
	.heap = { 3, 4, 5, 6, 7, 8, 9, 10 }, /* the rulebook's classic start: 3 4 5 */
};

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

void settings_load(void)
{
	bool found = false;
	for (uint8_t slot = 0; slot < SETTINGS_SLOTS; slot++) {
		struct record r;
		eeprom_load(slot_address(slot), &r, sizeof r);
		if (r.format != SETTINGS_FORMAT || r.crc != record_crc(&r)) {
			continue;
		}
		/* Sequence numbers wrap; the slots hold consecutive ones, so
		 * "newer" is a positive difference. */
		if (!found || (int16_t)(r.sequence - newest_sequence) > 0) {
			found = true;
			newest_slot = slot;
			newest_sequence = r.sequence;
			saved = r.settings;
		}
	}
	if (!found) {
		memcpy_P(&saved, &defaults, sizeof saved);
		newest_slot = SETTINGS_SLOTS - 1u; /* the first save goes to slot 0 */
	}
	settings = saved;
}

void settings_save(void)
{
	if (memcmp(&settings, &saved, sizeof settings) == 0) {
		return;
	}
	struct record r;
	r.format = SETTINGS_FORMAT;
	r.sequence = (uint16_t)(newest_sequence + 1u);
	r.settings = settings;
	r.crc = record_crc(&r);
	uint8_t slot = (uint8_t)((newest_slot + 1u) % SETTINGS_SLOTS);
	eeprom_store(slot_address(slot), &r, sizeof r);
	newest_slot = slot;
	newest_sequence = r.sequence;
	saved = settings;
}
