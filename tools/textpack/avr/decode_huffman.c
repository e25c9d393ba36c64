/* The canonical Huffman scheme's decoder; see decoders.h. */
#include "tools/textpack/avr/bits.h"
#include "tools/textpack/avr/decoders.h"

#include "engine/text.h"

static char next_symbol(struct bits *b, const uint8_t *flash_counts, const char *flash_symbols)
{
	uint16_t code = 0;
	uint16_t first = 0; /* the first code of this length */
	uint8_t symbol = 0; /* the first symbol of this length */
	for (const uint8_t *count = flash_counts;; count++) {
		code |= bits_next(b);
		uint8_t n = flash_u8(count);
		if (code - first < n) {
			return flash_char(&flash_symbols[symbol + (uint8_t)(code - first)]);
		}
		symbol = (uint8_t)(symbol + n);
		first = (uint16_t)((first + n) << 1);
		code = (uint16_t)(code << 1);
	}
}

void put_huffman(const uint8_t *flash_bits, const uint8_t *flash_counts, const char *flash_symbols, uint8_t index)
{
	struct bits b = { flash_bits, 0x80u };
	for (;;) {
		char c = next_symbol(&b, flash_counts, flash_symbols);
		if (c == '\0') {
			if (index-- == 0) {
				return;
			}
		} else if (index == 0) {
			put_char(c);
		}
	}
}

void decoder_sample(uint8_t index)
{
	put_huffman(sample_a, sample_b, (const char *)sample_c, index);
}
