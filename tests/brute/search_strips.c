/*
 * Single Kayles rows and pebble strips, for positions of more cells than
 * the general search can hold (brute.h says why): a row's value is the
 * mex, over its moves, of the XOR of the values of the two rows the move
 * leaves (rules_split_row).  By the Sprague-Grundy theorem rows side by
 * side are worth the XOR of their values, and so is a position of many.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"
#include "tests/brute/search.h"

static struct {
	uint16_t *value;
	uint32_t known;
} strip[2];

/* The values of single rows of 0..n cells, computed once and kept. */
static const uint16_t *strip_table(uint8_t game, uint32_t n)
{
	uint8_t which = game == GAME_KAYLES ? 1 : 0;
	if (n < strip[which].known) {
		return strip[which].value;
	}
	strip[which].value = realloc(strip[which].value, (n + 1) * sizeof(uint16_t));
	if (!strip[which].value) {
		abort();
	}
	uint16_t *g = strip[which].value;
	uint8_t most = game == GAME_KAYLES ? 2 : 1;
	size_t size = 2 * (size_t)n + 2;
	bool *seen = search_calloc(size, sizeof(*seen));
	for (uint32_t length = strip[which].known; length <= n; length++) {
		memset(seen, 0, size * sizeof(*seen));
		for (uint32_t count = 1; count <= most; count++) {
			for (uint32_t at = 0; at + count <= length; at++) {
				uint32_t left;
				uint32_t right;
				rules_split_row(game, length, at, count, &left, &right);
				/* The Sprague-Grundy theorem: two rows side by side. */
				uint32_t v = (uint32_t)(g[left] ^ g[right]);
				if (v < size) {
					seen[v] = true;
				}
			}
		}
		g[length] = (uint16_t)search_mex(seen, size);
	}
	free(seen);
	strip[which].known = n + 1;
	return g;
}

void brute_strip_values(uint8_t game, uint16_t *value, uint32_t n)
{
	memcpy(value, strip_table(game, n), (n + 1) * sizeof(uint16_t));
}

uint32_t search_strip_cells(const struct brute_pos *pos)
{
	uint32_t cells = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		cells += pos->part[i];
	}
	return cells;
}

uint32_t search_strip_sum_value(const struct brute_pos *pos)
{
	uint32_t longest = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		longest = pos->part[i] > longest ? pos->part[i] : longest;
	}
	const uint16_t *value = strip_table(pos->game, longest);
	uint32_t g = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		g ^= value[pos->part[i]];
	}
	return g;
}

void search_strips_reset(void)
{
	for (uint8_t i = 0; i < 2; i++) {
		free(strip[i].value);
		memset(&strip[i], 0, sizeof(strip[i]));
	}
}
