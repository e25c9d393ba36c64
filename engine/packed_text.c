/* Packed text's decoder; see packed_text.h. */
#include "engine/packed_text.h"

#include "engine/flash.h"
#include "engine/text.h"

uint8_t text_language;

struct bit_reader {
	const uint8_t *at;
	uint8_t mask; /* the next bit of *at */
};

/* The next character: the code grows a bit at a time until it falls among
 * the codes of its length, which are consecutive numbers from `first`. */
static char next_char(struct bit_reader *in, const uint8_t *flash_code)
{
	uint16_t code = 0;
	uint16_t first = 0;
	for (;;) {
		if (flash_u8(in->at) & in->mask) {
			code |= 1u;
		}
		in->mask >>= 1;
		if (in->mask == 0) {
			in->mask = 0x80u;
			in->at++;
		}
		uint8_t count = flash_u8(flash_code++);
		uint16_t offset = (uint16_t)(code - first);
		if (offset < count) {
			return flash_char((const char *)flash_code + offset);
		}
		flash_code += count;
		first = (uint16_t)((first + count) << 1);
		code = (uint16_t)(code << 1);
	}
}

void put_packed(const uint8_t *flash_code, const uint8_t *flash_bits, uint8_t index)
{
	struct bit_reader in = { flash_bits, 0x80u };
	for (;;) {
		char c = next_char(&in, flash_code);
		if (c != '\0') {
			if (index == 0) {
				put_char(c);
			}
		} else if (index-- == 0) {
			return;
		}
	}
}

void put_grouped(const uint8_t *flash_code, const uint8_t *flash_bits, const uint16_t *flash_at, uint8_t per_group,
		 uint8_t index)
{
	put_packed(flash_code, flash_bits + flash_u16(&flash_at[index / per_group]), (uint8_t)(index % per_group));
}

void print_packed(struct text_sink *out, const uint8_t *flash_code, const uint8_t *flash_bits, uint8_t index)
{
	print_to(out);
	put_packed(flash_code, flash_bits, index);
}
