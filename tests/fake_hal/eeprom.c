/* The EEPROM faked for host tests; see fake_hal.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hal/eeprom.h"
#include "tests/fake_hal/fake_hal.h"

struct fake_eeprom fake_eeprom;

void fake_eeprom_erase(void)
{
	memset(fake_eeprom.bytes, 0xFF, sizeof fake_eeprom.bytes);
	fake_eeprom.writes = 0;
	memset(fake_eeprom.cell_writes, 0, sizeof fake_eeprom.cell_writes);
	fake_eeprom.writes_left = -1;
}

/* An address past the end is the firmware's mistake: the test stops
 * there, rather than reading what the chip would wrap round to. */
static void check_address(uint16_t address)
{
	if (address >= EEPROM_SIZE) {
		fprintf(stderr, "fake EEPROM: address %u past the end\n", address);
		abort();
	}
}

/* Its writes are done at once. */
bool eeprom_busy(void)
{
	return false;
}

uint8_t eeprom_get(uint16_t address)
{
	check_address(address);
	return fake_eeprom.bytes[address];
}

void eeprom_put(uint16_t address, uint8_t byte)
{
	check_address(address);
	if (fake_eeprom.writes_left == 0) {
		return; /* the power is off */
	}
	if (fake_eeprom.writes_left > 0) {
		fake_eeprom.writes_left--;
	}
	fake_eeprom.bytes[address] = byte;
	fake_eeprom.writes++;
	fake_eeprom.cell_writes[address]++;
}
