/* The Huffman decoder the firmware uses (engine/packed_text.c), called as
 * the firmware calls it (see harness.c). */
#include "tools/textpack/avr/decoders.h"

#include "engine/packed_text.h"

void decoder_sample(uint8_t index)
{
	put_packed(sample_a, sample_b, index);
}
