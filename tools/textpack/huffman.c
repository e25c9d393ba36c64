/* Canonical Huffman codes for a list of texts; see textpack.h. */
#include <stdbool.h>
#include <string.h>

#include "tools/textpack/textpack.h"

#define NODES_MAX 512u

unsigned textpack_huffman_lengths(const struct text_list *list, uint8_t lengths[256])
{
	size_t weight[NODES_MAX] = { 0 };
	unsigned parent[NODES_MAX];
	bool joined[NODES_MAX] = { false };
	for (size_t i = 0; i < list->count; i++) {
		for (size_t j = 0; j < list->texts[i].length; j++) {
			weight[list->texts[i].bytes[j]]++;
		}
		weight[0]++; /* the end of the text */
	}
	/* Join the two lightest nodes until one is left (the lower number
	 * first among equals, so the codes are the same on every run). */
	unsigned nodes = 256;
	for (;;) {
		int lightest[2] = { -1, -1 };
		for (unsigned n = 0; n < nodes; n++) {
			if (weight[n] == 0 || joined[n]) {
				continue;
			}
			if (lightest[0] < 0 || weight[n] < weight[lightest[0]]) {
				lightest[1] = lightest[0];
				lightest[0] = (int)n;
			} else if (lightest[1] < 0 || weight[n] < weight[lightest[1]]) {
				lightest[1] = (int)n;
			}
		}
		if (lightest[1] < 0) {
			break;
		}
		weight[nodes] = weight[lightest[0]] + weight[lightest[1]];
		joined[lightest[0]] = joined[lightest[1]] = true;
		parent[lightest[0]] = parent[lightest[1]] = nodes;
		nodes++;
	}
	unsigned longest = 0;
	for (unsigned s = 0; s < 256u; s++) {
		unsigned length = 0;
		if (weight[s] != 0) {
			for (unsigned n = s; joined[n]; n = parent[n]) {
				length++;
			}
			length = length == 0 ? 1u : length; /* a lone symbol still takes a bit */
		}
		lengths[s] = (uint8_t)(length > 255u ? 255u : length);
		longest = length > longest ? length : longest;
	}
	return longest;
}

size_t textpack_huffman_table(const uint8_t lengths[256], unsigned longest, uint8_t *table, uint16_t codes[256])
{
	size_t size = 0;
	uint16_t code = 0;
	for (unsigned length = 1; length <= longest; length++) {
		size_t count_at = size++;
		uint8_t count = 0;
		for (unsigned s = 0; s < 256u; s++) {
			if (lengths[s] == length) {
				table[size++] = (uint8_t)s;
				codes[s] = code++;
				count++;
			}
		}
		table[count_at] = count;
		code = (uint16_t)(code << 1);
	}
	return size;
}

struct bit_writer {
	uint8_t *out;
	size_t out_max;
	size_t bits;
	bool overflowed;
};

static void put_code(struct bit_writer *w, uint16_t code, uint8_t length)
{
	for (uint8_t i = length; i-- > 0;) {
		size_t byte = w->bits / 8u;
		if (byte >= w->out_max) {
			w->overflowed = true;
			return;
		}
		if (w->bits % 8u == 0) {
			w->out[byte] = 0;
		}
		if ((code >> i) & 1u) {
			w->out[byte] |= (uint8_t)(0x80u >> (w->bits % 8u));
		}
		w->bits++;
	}
}

size_t textpack_huffman_pack(const struct text *texts, size_t count, const uint8_t lengths[256],
			     const uint16_t codes[256], uint8_t *out, size_t out_max)
{
	struct bit_writer w = { out, out_max, 0, false };
	for (size_t i = 0; i < count; i++) {
		for (size_t j = 0; j < texts[i].length; j++) {
			uint8_t s = texts[i].bytes[j];
			put_code(&w, codes[s], lengths[s]);
		}
		put_code(&w, codes[0], lengths[0]);
	}
	return w.overflowed ? 0 : (w.bits + 7u) / 8u;
}
