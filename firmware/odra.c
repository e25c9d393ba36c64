/* The Odra challenge's one pass over the rows; see odra.h. */
#include "firmware/odra.h"

#include <string.h>

#include "engine/flash.h"
#include "engine/text.h"

#define ODRA_ROW_MAX 65535u

void odra_start(struct odra *odra)
{
	memset(odra, 0, sizeof *odra);
}

static void odra_fail(struct odra *odra, uint8_t error)
{
	if (odra->error == ENGINE_OK) {
		odra->error = error;
		odra->error_row = odra->rows + 1u;
	}
}

/* Only the rows' first bits matter: a bit's first row is stored once, so
 * after the first few rows a row costs an XOR and a mask. */
static void odra_add_row(struct odra *odra, uint16_t size)
{
	odra->rows++;
	odra->nim_sum ^= size;
	if (size > 1u && odra->big < 2u) {
		odra->big++;
	}
	uint16_t fresh = size & (uint16_t)~odra->seen;
	odra->seen |= fresh;
	for (uint8_t bit = 0; fresh != 0; bit++, fresh >>= 1) {
		if (fresh & 1u) {
			odra->first_row[bit] = odra->rows;
			odra->first_size[bit] = size;
		}
	}
}

static void odra_end_number(struct odra *odra)
{
	if (odra->in_number && odra->error == ENGINE_OK) {
		odra_add_row(odra, odra->number);
	}
	odra->in_number = false;
	odra->number = 0;
}

void odra_char(struct odra *odra, char c)
{
	if (c == ' ' || c == '\t' || c == ',') {
		odra_end_number(odra);
		return;
	}
	odra->line_used = true;
	if (c < '0' || c > '9') {
		odra_fail(odra, ENGINE_ERR_NUMBER);
		return;
	}
	uint8_t digit = (uint8_t)(c - '0');
	/* 16-bit arithmetic only: above 6553, one more digit passes 65535. */
	if (odra->number > ODRA_ROW_MAX / 10u || (odra->number == ODRA_ROW_MAX / 10u && digit > ODRA_ROW_MAX % 10u)) {
		odra_fail(odra, ENGINE_ERR_RANGE);
	}
	odra->number = (uint16_t)(odra->number * 10u + digit);
	odra->in_number = true;
}

bool odra_line_end(struct odra *odra)
{
	odra_end_number(odra);
	bool empty = !odra->line_used;
	odra->line_used = false;
	return empty;
}

void odra_lost(struct odra *odra, uint8_t bytes)
{
	if (odra->error != ODRA_ERR_LOST) {
		odra->error = ODRA_ERR_LOST;
		odra->error_row = 0;
	}
	odra->error_row += bytes;
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
static uint8_t odra_normal_move(const struct odra *odra, uint16_t *leave)
{
	uint16_t x = odra->nim_sum;
	if (x == 0) {
		return ODRA_NO_MOVE;
	}
	uint8_t bit = top_bit(x);
	*leave = odra->first_size[bit] ^ x;
	return bit;
}

static uint8_t odra_misere_move(const struct odra *odra, uint16_t *leave)
{
	if (odra->big >= 2u) {
		return odra_normal_move(odra, leave);
	}
	if (odra->big == 1u) {
		/* Rows of 1 hold bit 0 only: every higher bit seen is the big row's.
		 * Leave it at 0 or 1 so that the 1-rows left are odd. */
		uint8_t bit = top_bit(odra->seen);
		*leave = (odra->nim_sum ^ odra->first_size[bit] ^ 1u) & 1u;
		return bit;
	}
	/* Rows of 0 and 1 only: taking a 1 wins when they are even. */
	*leave = 0;
	return (odra->nim_sum & 1u) == 0 && (odra->seen & 1u) ? 0 : ODRA_NO_MOVE;
}

static void odra_print_move(const struct odra *odra, uint8_t bit, uint16_t leave, struct text_sink *out)
{
	if (bit == ODRA_NO_MOVE) {
		print_char(out, '-');
	} else {
		print_pair(out, odra->first_row[bit], '-', (uint16_t)(odra->first_size[bit] - leave));
	}
}

void odra_print_answer(const struct odra *odra, uint32_t ms, struct text_sink *out)
{
	if (odra->error != ENGINE_OK) {
		bool lost = odra->error == ODRA_ERR_LOST;
		print_flash(out, lost ? ENGINE_FLASH_STR("error: ") : ENGINE_FLASH_STR("error: row "));
		print_u32(out, odra->error_row);
		if (lost) {
			print_flash(out, ENGINE_FLASH_STR(" bytes lost"));
		} else {
			print_flash(out, ENGINE_FLASH_STR(": "));
			engine_print_error((enum engine_error)odra->error, out);
		}
		return;
	}
	uint16_t leave = 0;
	print_flash(out, ENGINE_FLASH_STR("odra rows="));
	print_u32(out, odra->rows);
	print_flash(out, ENGINE_FLASH_STR(" nim-sum="));
	print_u32(out, odra->nim_sum);
	print_flash(out, ENGINE_FLASH_STR(" normal="));
	uint8_t bit = odra_normal_move(odra, &leave);
	odra_print_move(odra, bit, leave, out);
	print_flash(out, ENGINE_FLASH_STR(" misere="));
	bit = odra_misere_move(odra, &leave);
	odra_print_move(odra, bit, leave, out);
	print_flash(out, ENGINE_FLASH_STR(" ms="));
	print_u32(out, ms);
}
