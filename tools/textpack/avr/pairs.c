/* The byte-pair decoder the firmware uses (engine/packed_text.c), called
 * as the firmware calls it (see harness.c). */
#include "tools/textpack/avr/decoders.h"

#include "engine/flash.h"
#include "engine/packed_text.h"
#include "engine/text.h"

void decoder_sample(uint8_t index)
{
	put_packed(sample_b, flash_skip((const char *)sample_a, index));
}
