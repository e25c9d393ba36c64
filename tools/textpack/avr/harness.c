/*
 * A program for the AVR that prints one text through one decoder
 * (decoder_sample, from one of the decode_*.c files or plain.c), linked
 * with the firmware's flags: a decoder's code is the difference between
 * its program and plain.c's, as the link-time optimiser and the linker's
 * relaxation leave it in the firmware.  Never run.
 */
#include "tools/textpack/avr/decoders.h"

#include "engine/flash.h"
#include "engine/text.h"

const uint8_t sample_a[SAMPLE_BYTES] ENGINE_FLASH = { 1 };
const uint8_t sample_b[SAMPLE_BYTES] ENGINE_FLASH = { 1 };
const uint8_t sample_c[SAMPLE_BYTES] ENGINE_FLASH = { 1 };
volatile uint8_t sample_index;
volatile char sample_out;

static void sample_put(struct text_sink *sink, char c)
{
	(void)sink;
	sample_out = c;
}

int main(void)
{
	static struct text_sink sink = { sample_put };
	/* Every program reads all three tables, so that they weigh the same in each. */
	uint8_t i = sample_index;
	sample_out = (char)(flash_u8(&sample_a[i]) + flash_u8(&sample_b[i]) + flash_u8(&sample_c[i]));
	print_to(&sink);
	decoder_sample(i);
	return 0;
}
