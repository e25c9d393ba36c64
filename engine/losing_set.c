/* Membership and rank in an Elias-Fano set kept in flash; see losing_set.h. */
#include "engine/losing_set.h"

#include "engine/flash.h"

/* Set bits in a byte, by adding neighbouring fields: cheaper on the AVR
 * than a table in flash. */
uint8_t losing_set_ones(uint8_t byte)
{
	byte = (uint8_t)(byte - ((byte >> 1) & 0x55u));
	byte = (uint8_t)((byte & 0x33u) + ((byte >> 2) & 0x33u));
	return (uint8_t)((byte + (byte >> 4)) & 0x0Fu);
}

/* A little-endian u16 in flash. */
static uint16_t read_u16(const uint8_t *p)
{
	return (uint16_t)(flash_u8(p) | (uint16_t)flash_u8(p + 1) << 8);
}

bool losing_set_find(const uint8_t *set, uint16_t key, uint16_t *rank)
{
	uint8_t low_bits = flash_u8(set);
	uint8_t sample_shift = flash_u8(set + 1);
	uint16_t bucket = key >> low_bits;
	uint16_t index = read_u16(set + 4);
	bool found = false;
	if (bucket < read_u16(set + 2)) {
		const uint8_t *high = set + read_u16(set + 6);
		const uint8_t *lows = set + read_u16(set + 8);
		uint16_t low_mask = (uint16_t)((1u << low_bits) - 1u);
		uint16_t low = key & low_mask;
		/* From the nearest sampled bucket at or below ours, whose keys
		 * before it are known and whose run of 1s starts at `at`, pass
		 * the runs of the buckets in between, counting their keys: whole
		 * bytes while the 0 that ends the last of them lies further on,
		 * then bit by bit. */
		index = read_u16(set + LOSING_SET_HEADER_BYTES + 2u * (bucket >> sample_shift));
		uint8_t zeros = (uint8_t)(bucket & (uint16_t)((1u << sample_shift) - 1u)); /* S <= 8 */
		uint16_t at = (uint16_t)(index + bucket - zeros);
		const uint8_t *p = high + (at >> 3);
		uint8_t bits = (uint8_t)(flash_u8(p) >> (at & 7u));
		uint8_t left = (uint8_t)(8u - (at & 7u));
		for (;;) {
			uint8_t ones = losing_set_ones(bits);
			if ((uint8_t)(left - ones) >= zeros) {
				break;
			}
			zeros = (uint8_t)(zeros - (left - ones));
			index = (uint16_t)(index + ones);
			bits = flash_u8(++p);
			left = 8;
		}
		for (; zeros > 0; bits >>= 1, left--) {
			if (bits & 1u) {
				index++;
			} else {
				zeros--;
			}
		}
		/* Our bucket's keys are sorted: compare low parts until one is
		 * not smaller than ours.  A byte is loaded only when its bit is
		 * needed, so neither walk reads past what the set holds. */
		uint16_t low_at = (uint16_t)(index * low_bits);
		for (;; index++, bits >>= 1, left--) {
			if (left == 0) {
				bits = flash_u8(++p);
				left = 8;
			}
			if (!(bits & 1u)) {
				break;
			}
			uint16_t value = 0;
			uint8_t low_byte = 0;
			for (uint16_t weight = 1; weight <= low_mask; weight <<= 1, low_at++, low_byte >>= 1) {
				if (weight == 1u || (low_at & 7u) == 0) {
					low_byte = (uint8_t)(flash_u8(lows + (low_at >> 3)) >> (low_at & 7u));
				}
				if (low_byte & 1u) {
					value |= weight;
				}
			}
			if (value >= low) {
				found = value == low;
				break;
			}
		}
	}
	*rank = index;
	return found;
}
