/*
 * The engine's one window on flash memory.
 *
 * On the AVR, constant tables must be placed in program memory (PROGMEM) and
 * read with LPM, or they would be copied into the 2 KB of RAM at start-up.
 * On the host they are ordinary constants.  Engine code marks tables with
 * ENGINE_FLASH and reads them only through these helpers, so the same source
 * builds for both.   flash_copy copies a NUL-terminated flash
 * string into RAM, flash_read `size` bytes of a record.
 */
#ifndef ENGINE_FLASH_H
#define ENGINE_FLASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __AVR__
#include <avr/pgmspace.h>
#define ENGINE_FLASH PROGMEM
#define ENGINE_FLASH_STR(s) PSTR(s)

static inline uint8_t flash_u8(const uint8_t *p)
{
	return pgm_read_byte(p);
}
static inline uint16_t flash_u16(const uint16_t *p)
{
	return pgm_read_word(p);
}
static inline uint32_t flash_u32(const uint32_t *p)
{
	return pgm_read_dword(p);
}
static inline char flash_char(const char *p)
{
	return (char)pgm_read_byte(p);
}
static inline const void *flash_ptr(const void *const *p)
{
	return (const void *)pgm_read_word(p);
}
static inline void flash_copy(char *to, const char *from)
{
	strcpy_P(to, from);
}
static inline void flash_read(void *to, const void *from, size_t size)
{
	memcpy_P(to, from, size);
}
#else
#include <string.h>

#define ENGINE_FLASH
#define ENGINE_FLASH_STR(s) (s)

static inline uint8_t flash_u8(const uint8_t *p)
{
	return *p;
}
static inline uint16_t flash_u16(const uint16_t *p)
{
	return *p;
}
static inline uint32_t flash_u32(const uint32_t *p)
{
	return *p;
}
static inline char flash_char(const char *p)
{
	return *p;
}
static inline const void *flash_ptr(const void *const *p)
{
	return *p;
}
static inline void flash_copy(char *to, const char *from)
{
	strcpy(to, from);
}
static inline void flash_read(void *to, const void *from, size_t size)
{
	memcpy(to, from, size);
}
#endif

#endif
