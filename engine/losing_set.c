/* Membership and rank in an Elias-Fano set kept in flash; see losing_set.h. */
#include "engine/losing_set.h"

#include "engine/flash.h"

/* Set bits in a byte, by adding neighbouring fields: cheaper on the AVR
 * than a table in flash. */
static uint8_t ones_in(uint8_t byte)
{
	byte = (uint8_t)(byte - ((byte >> 1) & 0x55u));
	byte = (uint8_t)((byte & 0x33u) + ((byte >> 2) & 0x33u));
	return (uint8_t)((byte + (byte >> 4)) & 0x0Fu);
}

static inline uint16_t read_u16(const uint8_t *p)
{
	return (uint16_t)(flash_u8(p) | (uint16_t)flash_u8(p + 1) << 8);
}

/* The `width` (at most 15) bits at bit `at`, least significant first,
 * under `mask` (the low `width` bits set).  Reads only the bytes those
 * bits occupy. */
static uint16_t read_bits(const uint8_t *base, uint16_t at, uint8_t width, uint16_t mask)
{
	const uint8_t *p = base + (at >> 3);
	uint8_t skip = (uint8_t)(at & 7u);
	uint16_t window = flash_u8(p);
	uint8_t extra = 0;
	if (skip + width > 8u) {
		window |= (uint16_t)flash_u8(p + 1) << 8;
		if (skip + width > 16u) {
			extra = flash_u8(p + 2);
		}
	}
	for (; skip > 0; skip--) {
		window = (uint16_t)(window >> 1 | (uint16_t)(extra & 1u) << 15);
		extra >>= 1;
	}
	return window & mask;
}

/* A short set kept as a plain sorted list: binary search. */
static bool list_find(const uint8_t *set, uint16_t key, uint16_t *rank)
{
	uint16_t low = 0, high = read_u16(set + 1);
	while (low < high) {
		uint16_t middle = (uint16_t)((low + high) >> 1);
		uint16_t value = read_u16(set + LOSING_LIST_HEADER_BYTES + 2u * middle);
		if (value == key) {
			*rank = middle;
			return true;
		}
		if (value < key) {
			low = (uint16_t)(middle + 1u);
		} else {
			high = middle;
		}
	}
	*rank = low;
	return false;
}

bool losing_set_find(const uint8_t *set, uint16_t key, uint16_t *rank)
{
	uint8_t low_bits = flash_u8(set);
	if (low_bits == LOSING_SET_LIST) {
		return list_find(set, key, rank);
	}
	uint8_t sample_shift = flash_u8(set + 1);
	uint16_t buckets = read_u16(set + 2);
	uint16_t bucket = key >> low_bits;
	if (bucket >= buckets) {
		*rank = read_u16(set + 4);
		return false;
	}
	const uint8_t *high = set + read_u16(set + 6);
	const uint8_t *lows = set + read_u16(set + 8);
	uint16_t low_mask = (uint16_t)((1u << low_bits) - 1u);
	uint16_t low = key & low_mask;

	/* Start at the nearest sampled bucket at or below ours: the keys
	 * before it are known, and so is where its run of 1s begins. */
	uint16_t sampled = (uint16_t)(bucket >> sample_shift);
	uint16_t index = read_u16(set + LOSING_SET_HEADER_BYTES + 2u * sampled);
	uint8_t zeros = (uint8_t)(bucket & (uint16_t)((1u << sample_shift) - 1u)); /* S <= 8 */
	uint16_t at = (uint16_t)(index + bucket - zeros);
	const uint8_t *p = high + (at >> 3);
	uint8_t bits = (uint8_t)(flash_u8(p) >> (at & 7u));
	uint8_t left = (uint8_t)(8u - (at & 7u));

	/* Pass the runs of the buckets in between, counting their keys: whole
	 * bytes while the 0 that ends the last of them lies further on. */
	for (;;) {
		uint8_t ones = ones_in(bits);
		uint8_t empty = (uint8_t)(left - ones);
		if (empty >= zeros) {
			break;
		}
		zeros = (uint8_t)(zeros - empty);
		index = (uint16_t)(index + ones);
		bits = flash_u8(++p);
		left = 8;
	}
	while (zeros > 0) {
		if (bits & 1u) {
			index++;
		} else {
			zeros--;
		}
		bits >>= 1;
		left--;
	}
	/* Our bucket's keys are sorted: compare low parts until one is not
	 * smaller than ours.  A byte is loaded only when its bit is needed,
	 * so the walk never reads past the bucket's closing 0. */
	uint16_t low_at = (uint16_t)(index * low_bits);
	for (;;) {
		if (left == 0) {
			bits = flash_u8(++p);
			left = 8;
		}
		if (!(bits & 1u)) {
			*rank = index;
			return false;
		}
		uint16_t value = low_bits == 0 ? 0 : read_bits(lows, low_at, low_bits, low_mask);
		if (value >= low) {
			*rank = index;
			return value == low;
		}
		index++;
		low_at = (uint16_t)(low_at + low_bits);
		bits >>= 1;
		left--;
	}
}

bool losing_set_contains(const uint8_t *set, uint16_t key)
{
	uint16_t rank;
	return losing_set_find(set, key, &rank);
}
