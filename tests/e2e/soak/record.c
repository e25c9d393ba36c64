/* The soak test's EEPROM, decoded; see soak.h. */
#include "tests/e2e/soak/soak.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "firmware/settings.h"
#include "firmware/store.h"

/* ---- the EEPROM, decoded as firmware/store.c reads it ----
 *
 * With the layout of firmware/store.h as this test is compiled: every
 * feature on but standby, which gives the record of the editions with the
 * statistics, the operator's settings and no standby (the exhibit): the
 * bytes before the set-up, STORE_FORMAT's CRC, STORE_SLOTS slots before
 * the statistics' part of the EEPROM.  soak_expect_record_layout()
 * refuses a firmware whose features make another layout, rather than
 * decoding nothing. */

/* The features that shape the record, as this test has them. */
void soak_expect_record_layout(size_t settings_size)
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

size_t soak_firmware_settings_size(void)
{
	size_t size = e2e_firmware_data_size("settings");
	assert_true(size <= SOAK_SETTINGS_MAX);
	return size;
}

struct soak_record soak_newest_record(const uint8_t eeprom[EEPROM_SIZE])
{
	struct soak_record newest;
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
