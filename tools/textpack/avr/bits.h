/* Reading a bit stream in flash, most significant bit first. */
#ifndef TEXTPACK_BITS_H
#define TEXTPACK_BITS_H

#include <stdint.h>

#include "engine/flash.h"

struct bits {
	const uint8_t *at;
	uint8_t mask;
};

static inline uint8_t bits_next(struct bits *b)
{
	uint8_t bit = (flash_u8(b->at) & b->mask) != 0;
	b->mask >>= 1;
	if (b->mask == 0) {
		b->mask = 0x80u;
		b->at++;
	}
	return bit;
}

#endif
