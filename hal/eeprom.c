/* EEPROM through avr-libc; see eeprom.h. */
#include "hal/eeprom.h"

#include <avr/eeprom.h>

void eeprom_load(uint16_t address, void *data, uint16_t length)
{
	eeprom_read_block(data, (const void *)address, length);
}

void eeprom_store(uint16_t address, const void *data, uint16_t length)
{
	eeprom_update_block(data, (void *)address, length);
}
