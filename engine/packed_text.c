/* Packed text's decoder; see packed_text.h. */
#include "engine/packed_text.h"

#include "engine/flash.h"
#include "engine/text.h"

/* Byte `code` and what it stands for: the left of a pair is a call deeper
 * (at most PACKED_DEPTH_MAX, which the packer keeps to), the right one the
 * next turn of the loop. */
static void put_code(const uint8_t *flash_pairs, uint8_t code)
{
	while (code >= PACKED_FIRST_CODE) {
		const uint8_t *pair = &flash_pairs[2u * (uint8_t)(code - PACKED_FIRST_CODE)];
		put_code(flash_pairs, flash_u8(pair));
		code = flash_u8(pair + 1);
	}
	put_char((char)code);
}

void put_packed(const uint8_t *flash_pairs, const char *flash_text)
{
	uint8_t code;
	while ((code = (uint8_t)flash_char(flash_text++)) != 0) {
		put_code(flash_pairs, code);
	}
}

void print_packed(struct text_sink *out, const uint8_t *flash_pairs, const char *flash_text)
{
	print_to(out);
	put_packed(flash_pairs, flash_text);
}
