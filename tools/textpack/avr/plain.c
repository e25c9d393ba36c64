/* No decoder: the texts as they are stored today (see harness.c). */
#include "tools/textpack/avr/decoders.h"

#include "engine/flash.h"
#include "engine/text.h"

void decoder_sample(uint8_t index)
{
	put_flash(flash_skip((const char *)sample_a, index));
}
