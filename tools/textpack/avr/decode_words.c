/* The word dictionary's decoder; see decoders.h. */
#include "tools/textpack/avr/decoders.h"

#include "engine/flash.h"
#include "engine/text.h"

#define FIRST_WORD 0x80u

void put_worded(const char *flash_words, const char *flash_texts, uint8_t index)
{
	const char *p = flash_skip(flash_texts, index);
	uint8_t c;
	while ((c = (uint8_t)flash_char(p++)) != 0) {
		if (c >= FIRST_WORD) {
			put_flash(flash_skip(flash_words, (uint8_t)(c - FIRST_WORD)));
		} else {
			put_char((char)c);
		}
	}
}

void decoder_sample(uint8_t index)
{
	put_worded((const char *)sample_b, (const char *)sample_a, index);
}
