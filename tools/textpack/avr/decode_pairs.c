/* The byte-pair scheme's decoder; see decoders.h. */
#include "tools/textpack/avr/decoders.h"

#include "engine/flash.h"
#include "engine/text.h"

#define FIRST_CODE 0x80u

/* Byte `code` and what it stands for: the left of a pair is a call deeper
 * (the packer bounds how deep), the right one the next turn of the loop. */
static void put_code(const uint8_t *flash_pairs, uint8_t code)
{
	while (code >= FIRST_CODE) {
		const uint8_t *pair = &flash_pairs[2u * (uint8_t)(code - FIRST_CODE)];
		put_code(flash_pairs, flash_u8(pair));
		code = flash_u8(pair + 1);
	}
	put_char((char)code);
}

void put_pairs(const uint8_t *flash_pairs, const char *flash_texts, uint8_t index)
{
	const char *p = flash_skip(flash_texts, index);
	uint8_t code;
	while ((code = (uint8_t)flash_char(p++)) != 0) {
		put_code(flash_pairs, code);
	}
}

void decoder_sample(uint8_t index)
{
	put_pairs(sample_b, (const char *)sample_a, index);
}
