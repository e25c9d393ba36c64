/* Canonical keys of board positions; see board_keys.h. */
#include "engine/board_keys.h"

#include "engine/flash.h"

uint16_t board_chomp_code(const uint8_t *rows, uint8_t count)
{
	uint16_t code = 0;
	for (uint8_t i = 0; i < ENGINE_CHOMP_MAX; i++) {
		uint8_t length = i < count ? rows[i] : 0;
		code |= (uint16_t)(1u << (length + (ENGINE_CHOMP_MAX - 1u) - i));
	}
	return code;
}

uint16_t board_chomp_key(const uint8_t *rows, uint8_t count)
{
	uint16_t code = board_chomp_code(rows, count);
	uint16_t transposed = 0;
	uint16_t rest = (uint16_t)~code;
	for (uint8_t i = 0; i < 16; i++) {
		transposed = (uint16_t)(transposed << 1 | (rest & 1u));
		rest >>= 1;
	}
	return code < transposed ? code : transposed;
}

/* ---- Taktix, any pieces ---- */

/* For each line (rows when `by_row`), the sum of squares of the counts of
 * the crossing lines at its pieces; sorted and packed, smallest first. */
static uint32_t taktix_line_sums(uint16_t cells, const uint8_t *cross_count, bool by_row)
{
	uint8_t sum[4];
	for (uint8_t line = 0; line < 4; line++) {
		sum[line] = 0;
		for (uint8_t k = 0; k < 4; k++) {
			uint8_t cell = by_row ? (uint8_t)(line * 4u + k) : (uint8_t)(k * 4u + line);
			if (cells & (1u << cell)) {
				sum[line] = (uint8_t)(sum[line] + cross_count[k] * cross_count[k]);
			}
		}
	}
	for (uint8_t i = 1; i < 4; i++) {
		for (uint8_t j = i; j > 0 && sum[j - 1] > sum[j]; j--) {
			uint8_t t = sum[j];
			sum[j] = sum[j - 1];
			sum[j - 1] = t;
		}
	}
	return (uint32_t)sum[0] << 21 | (uint32_t)sum[1] << 14 | (uint32_t)sum[2] << 7 | sum[3];
}

uint32_t board_taktix_any_key(uint16_t cells)
{
	uint8_t row_count[4] = { 0, 0, 0, 0 };
	uint8_t col_count[4] = { 0, 0, 0, 0 };
	for (uint8_t cell = 0; cell < 16; cell++) {
		if (cells & (1u << cell)) {
			row_count[cell >> 2]++;
			col_count[cell & 3u]++;
		}
	}
	uint32_t rows = taktix_line_sums(cells, col_count, true);
	uint32_t cols = taktix_line_sums(cells, row_count, false);
	return rows < cols ? rows : cols;
}

/* ---- symmetries as permutations of cells ---- */

/* Where each cell goes under each symmetry of the 4x4 square. */
static const uint8_t square4_images[8][16] ENGINE_FLASH = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3 },
	{ 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12 },
	{ 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 },
	{ 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15 },
	{ 12, 8, 4, 0, 13, 9, 5, 1, 14, 10, 6, 2, 15, 11, 7, 3 },
	{ 3, 7, 11, 15, 2, 6, 10, 14, 1, 5, 9, 13, 0, 4, 8, 12 },
	{ 15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0 },
};

static const uint8_t square3_images[8][9] ENGINE_FLASH = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8 }, { 6, 7, 8, 3, 4, 5, 0, 1, 2 },
	{ 2, 1, 0, 5, 4, 3, 8, 7, 6 }, { 8, 7, 6, 5, 4, 3, 2, 1, 0 },
	{ 0, 3, 6, 1, 4, 7, 2, 5, 8 }, { 6, 3, 0, 7, 4, 1, 8, 5, 2 },
	{ 2, 5, 8, 1, 4, 7, 0, 3, 6 }, { 8, 5, 2, 7, 4, 1, 6, 3, 0 },
};

static const uint8_t hexagon_images[12][19] ENGINE_FLASH = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18 },
	{ 2, 6, 11, 1, 5, 10, 15, 0, 4, 9, 14, 18, 3, 8, 13, 17, 7, 12, 16 },
	{ 11, 15, 18, 6, 10, 14, 17, 2, 5, 9, 13, 16, 1, 4, 8, 12, 0, 3, 7 },
	{ 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 },
	{ 16, 12, 7, 17, 13, 8, 3, 18, 14, 9, 4, 0, 15, 10, 5, 1, 11, 6, 2 },
	{ 7, 3, 0, 12, 8, 4, 1, 16, 13, 9, 5, 2, 17, 14, 10, 6, 18, 15, 11 },
	{ 7, 12, 16, 3, 8, 13, 17, 0, 4, 9, 14, 18, 1, 5, 10, 15, 2, 6, 11 },
	{ 16, 17, 18, 12, 13, 14, 15, 7, 8, 9, 10, 11, 3, 4, 5, 6, 0, 1, 2 },
	{ 18, 15, 11, 17, 14, 10, 6, 16, 13, 9, 5, 2, 12, 8, 4, 1, 7, 3, 0 },
	{ 11, 6, 2, 15, 10, 5, 1, 18, 14, 9, 4, 0, 17, 13, 8, 3, 16, 12, 7 },
	{ 2, 1, 0, 6, 5, 4, 3, 11, 10, 9, 8, 7, 15, 14, 13, 12, 18, 17, 16 },
	{ 0, 3, 7, 1, 4, 8, 12, 2, 5, 9, 13, 16, 6, 10, 14, 17, 11, 15, 18 },
};

/* The smallest image of a code whose cell i is the `width`-bit digit i. */
static uint32_t smallest_image(uint32_t code, const uint8_t *images, uint8_t symmetries, uint8_t cells,
			       uint8_t width)
{
	uint32_t best = UINT32_MAX;
	uint32_t mask = ((uint32_t)1 << width) - 1u;
	for (uint8_t s = 0; s < symmetries; s++) {
		uint32_t image = 0;
		for (uint8_t cell = 0; cell < cells; cell++) {
			uint32_t digit = (code >> (cell * width)) & mask;
			image |= digit << (flash_u8(images + s * cells + cell) * width);
		}
		if (image < best) {
			best = image;
		}
	}
	return best;
}

uint32_t board_taktix_adjacent_key(uint16_t cells)
{
	return smallest_image(cells, &square4_images[0][0], 8, 16, 1);
}

uint32_t board_kubo_key(const uint8_t *stacks)
{
	uint32_t code = 0;
	for (uint8_t i = 0; i < ENGINE_KUBO_STACKS; i++) {
		code |= (uint32_t)(stacks[i] & 3u) << (2u * i);
	}
	return smallest_image(code, &square3_images[0][0], 8, ENGINE_KUBO_STACKS, 2);
}

uint32_t board_nineteen_key(uint32_t cells)
{
	return smallest_image(cells, &hexagon_images[0][0], 12, ENGINE_NINETEEN_CELLS, 1);
}
