/* The 5-bit scheme's decoder; see decoders.h. */
#include "tools/textpack/avr/bits.h"
#include "tools/textpack/avr/decoders.h"

#include "engine/text.h"

#define CODE_SPACE 27u
#define CODE_FIRST_SET 28u

static uint8_t next_code(struct bits *b)
{
	uint8_t code = 0;
	for (uint8_t i = 0; i < 5u; i++) {
		code = (uint8_t)(code << 1 | bits_next(b));
	}
	return code;
}

void put_5bit(const uint8_t *flash_bits, const char *flash_sets, uint8_t index)
{
	struct bits b = { flash_bits, 0x80u };
	for (;;) {
		uint8_t code = next_code(&b);
		char c;
		if (code == 0) {
			if (index-- == 0) {
				return;
			}
			continue;
		}
		if (code < CODE_SPACE) {
			c = (char)('a' - 1 + code);
		} else if (code == CODE_SPACE) {
			c = ' ';
		} else {
			c = flash_char(&flash_sets[(uint8_t)((code - CODE_FIRST_SET) * 32u + next_code(&b))]);
		}
		if (index == 0) {
			put_char(c);
		}
	}
}

void decoder_sample(uint8_t index)
{
	put_5bit(sample_a, (const char *)sample_b, index);
}
