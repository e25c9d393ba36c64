/* The Odra challenge's one pass over the rows; see odra.h. */
#include "firmware/odra.h"

#include <stdbool.h>
#include <string.h>

#include "engine/flash.h"
#include "engine/text.h"

void odra_start(struct odra *odra)
{
	memset(odra, 0, sizeof *odra);
}

/* Only the rows' first bits matter: a bit's first row is stored once, so
 * after the first few rows a row costs an XOR and a mask. */
void odra_add_row(struct odra *odra, uint16_t size)
{
	odra->rows++;
	odra->nim_sum ^= size;
	if (size > 1u && odra->big < 2u) {
		odra->big++;
	}
	uint16_t fresh = size & (uint16_t)~odra->seen;
	odra->seen |= fresh;
	uint32_t *row = odra->first_row;
	uint16_t *row_size = odra->first_size;
	for (; fresh != 0; fresh >>= 1, row++, row_size++) {
		if (fresh & 1u) {
			*row = odra->rows;
			*row_size = size;
		}
	}
}

static uint8_t top_bit(uint16_t x)
{
	uint8_t bit = 0;
	while (x >>= 1) {
		bit++;
	}
	return bit;
}

#define ODRA_NO_MOVE 0xFFu

/* A winning move as the bit whose first row it plays on, and the size it
 * leaves there; ODRA_NO_MOVE when the player to move loses. */
static uint8_t odra_move(const struct odra *odra, bool misere, uint16_t *leave)
{
	uint16_t x = odra->nim_sum;
	uint8_t bit;
	if (misere && odra->big == 0) {
		/* Rows of 0 and 1 only: taking a 1 wins when they are even. */
		*leave = 0;
		return (x & 1u) == 0 && (odra->seen & 1u) ? 0 : ODRA_NO_MOVE;
	}
	if (misere && odra->big == 1) {
		/* Rows of 1 hold bit 0 only: every higher bit seen is the big
		 * row's.  Leave it at 0 or 1 so that the 1-rows left are odd. */
		bit = top_bit(odra->seen);
		*leave = (x ^ odra->first_size[bit] ^ 1u) & 1u;
		return bit;
	}
	if (x == 0) {
		return ODRA_NO_MOVE;
	}
	bit = top_bit(x);
	*leave = odra->first_size[bit] ^ x;
	return bit;
}

void odra_print_answer(const struct odra *odra, uint32_t ms, struct text_sink *out)
{
	print_flash(out, ENGINE_FLASH_STR("odra rows="));
	print_u32(out, odra->rows);
	print_flash(out, ENGINE_FLASH_STR(" nim-sum="));
	print_u32(out, odra->nim_sum);
	for (uint8_t misere = 0; misere < 2u; misere++) {
		print_flash(out, misere ? ENGINE_FLASH_STR(" misere=") : ENGINE_FLASH_STR(" normal="));
		uint16_t leave;
		uint8_t bit = odra_move(odra, misere, &leave);
		if (bit == ODRA_NO_MOVE) {
			print_char(out, '-');
		} else {
			print_u32(out, odra->first_row[bit]);
			print_char(out, '-');
			print_u32(out, (uint16_t)(odra->first_size[bit] - leave));
		}
	}
	print_flash(out, ENGINE_FLASH_STR(" ms="));
	print_u32(out, ms);
}
