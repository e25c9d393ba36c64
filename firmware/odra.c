/* The Odra challenge's one pass over the rows; see odra.h. */
#include "firmware/odra.h"

#include <stdbool.h>
#include <string.h>

#include "engine/flash.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "firmware/transcript.h"
#include "hal/uart.h"

/* On a fast line (hal/uart.h) the prompt is kept plain too, in both
 * languages (the Polish in UTF-8): it goes out while the rows may be
 * coming in already, straight from a file, and at 1 Mbaud decoding it
 * while the receive interrupt takes them would keep the reader away
 * longer than the receive buffer lasts; plain, it goes out at the line's
 * own rate. */
static const char plain_prompt[] ENGINE_FLASH =
#define ODRA_PROMPT(name, english, polish) english
#include "firmware/console_texts.def"
	;
static const char plain_prompt_pl[] ENGINE_FLASH =
#define ODRA_PROMPT(name, english, polish) polish
#include "firmware/console_texts.def"
	;

void odra_start(struct odra *odra)
{
	memset(odra, 0, sizeof *odra);
}

void odra_print_prompt(void)
{
	for (const char *p = TEXT_TABLE(plain_prompt, plain_prompt_pl); flash_char(p) != '\0'; p++) {
		uart_put(flash_char(p)); /* UTF-8 already */
	}
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
	transcript_say(TEXT_ODRA_ROWS);
	put_u32(odra->rows); /* where transcript_say() printed, as below */
	transcript_say(TEXT_ODRA_NORMAL);
	print_move(odra, false);
	transcript_say(TEXT_ODRA_MISERE);
	print_move(odra, true);
	transcript_say(TEXT_ODRA_MS);
	put_u32(ms);
}
