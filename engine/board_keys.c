/* Canonical keys of board positions; see board_keys.h. */
#include "engine/board_keys.h"

uint16_t board_chomp_code(const uint8_t *rows, uint8_t count)
{
	uint16_t code = 0;
	for (uint8_t i = 0; i < ENGINE_CHOMP_MAX; i++) {
		uint8_t length = i < count ? rows[i] : 0;
		code |= (uint16_t)(1u << (length + (ENGINE_CHOMP_MAX - 1u) - i));
	}
	return code;
}

uint16_t board_chomp_key(const uint8_t *rows, uint8_t count)
{
	uint16_t code = board_chomp_code(rows, count);
	uint16_t transposed = 0;
	uint16_t rest = (uint16_t)~code;
	for (uint8_t i = 0; i < 16; i++) {
		transposed = (uint16_t)(transposed << 1 | (rest & 1u));
		rest >>= 1;
	}
	return code < transposed ? code : transposed;
}
