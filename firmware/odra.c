/* The Odra challenge's one pass over the rows; see odra.h. */
#include "firmware/odra.h"

#include <stdbool.h>
#include <string.h>

#include "engine/flash.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "firmware/transcript.h"
#include "hal/uart.h"
#include "packed_tables.h"

_Static_assert(ODRA_TEXTS == PACKED_ODRA_COUNT && ODRA_TEXTS == PACKED_ODRA_PL_COUNT,
	       "a packed text for every challenge's text, in both languages");

/* On a fast line (hal/uart.h) the texts are kept plain, in both languages
 * (the Polish in UTF-8), a list of NUL-ended strings each: the prompt goes
 * out while the rows may be coming in already, straight from a file, and
 * at 1 Mbaud decoding it while the receive interrupt takes them would
 * keep the reader away longer than the receive buffer lasts; plain, it
 * goes out at the line's own rate. */
static const char plain_english[] ENGINE_FLASH =
#define ODRA_TEXT(name, english, polish) english "\0"
#include "firmware/console_texts.def"
	;
static const char plain_polish[] ENGINE_FLASH =
#define ODRA_TEXT(name, english, polish) polish "\0"
#include "firmware/console_texts.def"
	;

/* Text `text` on the serial line. */
static void say(uint8_t text)
{
	if (UART_FAST) {
		print_to(&transcript_out); /* for the numbers after it */
		const char *p = flash_skip(TEXT_TABLE(plain_english, plain_polish), text);
		for (char c; (c = flash_char(p)) != '\0'; p++) {
			uart_put(c); /* UTF-8 already */
		}
	} else {
		print_packed(&transcript_out, packed_code, TEXT_TABLE(packed_odra, packed_odra_pl), text);
	}
}

void odra_start(struct odra *odra)
{
	memset(odra, 0, sizeof *odra);
}

void odra_print_prompt(void)
{
	say(ODRA_PROMPT);
	transcript_line_end();
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
	for (struct odra_first *first = odra->first; fresh != 0; fresh >>= 1, first++) {
		if (fresh & 1u) {
			first->row = odra->rows;
			first->size = size;
		}
	}
}

/* A winning move under one rule (odra.h): `row-take`, or `-` when there is
 * none, which the formulas show as leaving a row no smaller than it was. */
static void print_move(const struct odra *odra, bool misere)
{
	bool few_big = misere && odra->big < 2u;
	uint16_t x = odra->nim_sum;
	/* The first row holding the highest bit of these bits (bit 0's when
	 * there are none). */
	const struct odra_first *first = odra->first;
	for (uint16_t bits = few_big ? odra->seen : x; bits > 1u; bits >>= 1) {
		first++;
	}
	uint16_t leave = first->size ^ x;
	if (few_big) {
		leave = (leave ^ 1u) & 1u;
	}
	if (leave >= first->size) {
		put_char('-');
	} else {
		put_pair(first->row, '-', (uint16_t)(first->size - leave));
	}
}

void odra_print_answer(const struct odra *odra, uint32_t ms)
{
	say(ODRA_ROWS);
	put_u32(odra->rows); /* where say() printed, as below */
	say(ODRA_NORMAL);
	print_move(odra, false);
	say(ODRA_MISERE);
	print_move(odra, true);
	say(ODRA_MS);
	put_u32(ms);
}
