/*
 * The chip's 1 KB EEPROM, for saved settings.  Writes skip bytes that
 * already hold the value (less wear) and wait for each byte to finish.
 * A power cut can stop a write between any two bytes: callers that must
 * not lose data keep two copies (firmware/settings.c does).
 */
#ifndef HAL_EEPROM_H
#define HAL_EEPROM_H

#include <stdint.h>

#define EEPROM_BYTES 1024u

/* `length` bytes at most 255: a record, not a bulk copy. */
void eeprom_load(uint16_t address, void *data, uint8_t length);
void eeprom_store(uint16_t address, const void *data, uint8_t length);

#endif
