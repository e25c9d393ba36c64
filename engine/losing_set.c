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
	if (bucket >= read_u16(set + 2)) {
		return false;
	}
	const uint8_t *p = set + read_u16(set + 4);
	const uint8_t *lows = set + read_u16(set + 6);
	uint16_t low_mask = (uint16_t)((1u << low_bits) - 1u);
	uint16_t low = key & low_mask;
	/* From the nearest sampled bucket at or below ours, whose keys before
	 * it are known and whose run of 1s starts at bit `at`, pass the runs
	 * of the buckets in between, counting their keys: whole bytes while
	 * the 0 that ends the last of them lies further on, then bit by bit. */
	uint16_t index = read_u16(set + LOSING_SET_HEADER_BYTES + 2u * (bucket >> sample_shift));
	uint8_t zeros = (uint8_t)(bucket & (uint16_t)((1u << sample_shift) - 1u)); /* S <= 8 */
	uint16_t at = (uint16_t)(index + bucket - zeros);
	p += at >> 3;
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
	/* The last buckets before ours, then ours, whose keys are sorted:
	 * compare low parts until one is not smaller than ours.  A key's low
	 * bits lie within two bytes (the set ends with a spare byte so that
	 * the last key's two are there), and a byte of the unary part is
	 * loaded only when its bit is needed. */
	for (;; bits >>= 1, left--) {
		if (left == 0) {
			bits = flash_u8(++p);
			left = 8;
		}
		if (bits & 1u) {
			if (zeros == 0) {
				uint16_t low_at = (uint16_t)(index * low_bits);
				uint16_t value = (uint16_t)(read_u16(lows + (low_at >> 3)) >> (low_at & 7u)) & low_mask;
				if (value == low) {
					*rank = index;
					return true;
				}
				if (value > low) {
					return false;
				}
			}
			index++;
		} else if (zeros-- == 0) {
			return false;
		}
	}
}
