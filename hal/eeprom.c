/* The EEPROM's registers; see eeprom.h. */
#include "hal/eeprom.h"

#include <avr/eeprom.h>
#include <avr/io.h>
#include <stdint.h>
#include <util/atomic.h>

/* avr-libc's <avr/eeprom.h> gives the wait for a write to end; its
 * eeprom_read_byte() and eeprom_write_byte() do what eeprom_get() and
 * eeprom_put() do, but out of line: written here, each goes inline into
 * its one caller, the record store's walk through a record. */

bool eeprom_busy(void)
{
	return !eeprom_is_ready();
}

uint8_t eeprom_get(uint16_t address)
{
	eeprom_busy_wait();
	EEAR = address;
	EECR |= 1 << EERE;
	return EEDR;
}

void eeprom_put(uint16_t address, uint8_t byte)
{
	eeprom_busy_wait();
	EEAR = address;
	EEDR = byte;
	/* EEPE must follow EEMPE within four cycles: no interrupt between.
	 * EEPM is 0 from the reset: erase and write in one operation. */
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
	{
		EECR |= 1 << EEMPE;
		EECR |= 1 << EEPE;
	}
}
