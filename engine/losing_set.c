/* Membership in an Elias-Fano set kept in flash; see losing_set.h. */
#include "engine/losing_set.h"

#include "engine/flash.h"

static uint16_t read_u16(const uint8_t *p)
{
	return (uint16_t)(flash_u8(p) | (uint16_t)flash_u8(p + 1) << 8);
}

/* `width` (at most 16) bits starting at bit `at`, least significant first.
 * Reads only the bytes those bits occupy. */
static uint16_t read_bits(const uint8_t *base, uint16_t at, uint8_t width)
{
	if (width == 0) {
		return 0;
	}
	const uint8_t *p = base + (at >> 3);
	uint8_t skip = (uint8_t)(at & 7u);
	uint32_t window = flash_u8(p);
	if (skip + width > 8u) {
		window |= (uint32_t)flash_u8(p + 1) << 8;
		if (skip + width > 16u) {
			window |= (uint32_t)flash_u8(p + 2) << 16;
		}
	}
	return (uint16_t)((window >> skip) & (((uint32_t)1 << width) - 1u));
}

bool losing_set_contains(const uint8_t *set, uint32_t key)
{
	uint16_t count = read_u16(set);
	uint16_t buckets = read_u16(set + 2);
	uint8_t low_bits = flash_u8(set + 4);
	uint8_t sample_shift = flash_u8(set + 5);
	uint32_t high_part = key >> low_bits;
	if (high_part >= buckets) {
		return false;
	}
	uint16_t bucket = (uint16_t)high_part;
	uint16_t low = (uint16_t)(key & (((uint32_t)1 << low_bits) - 1u));
	uint16_t samples = (uint16_t)(((uint16_t)(buckets - 1u) >> sample_shift) + 1u);
	const uint8_t *high = set + LOSING_SET_HEADER_BYTES + 2u * samples;
	const uint8_t *lows = high + (((uint32_t)count + buckets + 7u) >> 3);

	/* Start at the nearest sampled bucket at or below ours: the keys
	 * before it are known, and so is where its run of 1s begins. */
	uint16_t sampled = (uint16_t)(bucket >> sample_shift);
	uint16_t index = read_u16(set + LOSING_SET_HEADER_BYTES + 2u * sampled);
	uint16_t zeros = (uint16_t)(bucket - (uint16_t)(sampled << sample_shift));
	uint16_t at = (uint16_t)(index + (uint16_t)(sampled << sample_shift));
	const uint8_t *p = high + (at >> 3);
	uint8_t mask = (uint8_t)(1u << (at & 7u));
	uint8_t byte = flash_u8(p);

	/* Walk past the runs of the buckets in between, counting their keys. */
	while (zeros > 0) {
		if (mask == 0) {
			byte = flash_u8(++p);
			mask = 1;
		}
		if (byte & mask) {
			index++;
		} else {
			zeros--;
		}
		mask = (uint8_t)(mask << 1);
	}
	/* Our bucket's keys are sorted: compare low parts until one is not
	 * smaller than ours.  A byte is loaded only when its bit is needed,
	 * so the walk never reads past the bucket's closing 0. */
	for (;;) {
		if (mask == 0) {
			byte = flash_u8(++p);
			mask = 1;
		}
		if (!(byte & mask)) {
			return false;
		}
		uint16_t value = read_bits(lows, (uint16_t)(index * low_bits), low_bits);
		if (value >= low) {
			return value == low;
		}
		index++;
		mask = (uint8_t)(mask << 1);
	}
}
