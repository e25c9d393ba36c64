/* Byte-pair encoding of a list of texts; see textpack.h. */
#include <string.h>

#include "tools/textpack/textpack.h"

/* A pair is worth a code when it replaces at least this many: each
 * replacement saves a byte, the code's pair costs two. */
#define PAIR_USES_MIN 3u

/* How often each pair occurs, counting a run such as "aaa" as one "aa"
 * (the replacement takes them left to right). */
static void count_pairs(const struct text *texts, size_t count, unsigned counts[256][256])
{
	memset(counts, 0, sizeof(unsigned[256][256]));
	for (size_t i = 0; i < count; i++) {
		const struct text *t = &texts[i];
		for (size_t j = 0; j + 1 < t->length; j++) {
			uint8_t a = t->bytes[j];
			uint8_t b = t->bytes[j + 1];
			counts[a][b]++;
			if (a == b && j + 2 < t->length && t->bytes[j + 2] == a) {
				j++; /* the next pair overlaps this one */
			}
		}
	}
}

static void replace_pair(struct text *t, uint8_t a, uint8_t b, uint8_t code)
{
	size_t out = 0;
	for (size_t j = 0; j < t->length; j++) {
		if (j + 1 < t->length && t->bytes[j] == a && t->bytes[j + 1] == b) {
			t->bytes[out++] = code;
			j++;
		} else {
			t->bytes[out++] = t->bytes[j];
		}
	}
	t->length = out;
}

unsigned textpack_bpe(const struct text_list *list, unsigned first_code, unsigned depth_max,
		      uint8_t pairs[256][2], struct text *packed)
{
	static unsigned counts[256][256];
	/* Call frames the decoder needs to write each byte value:
	 * engine/packed_text.c's put_code recurses on a pair's left. */
	unsigned frames[256];
	for (unsigned v = 0; v < 256u; v++) {
		frames[v] = 1;
	}
	memcpy(packed, list->texts, list->count * sizeof *packed);
	unsigned codes = 0;
	for (unsigned code = first_code; code < 256u; code++) {
		count_pairs(packed, list->count, counts);
		unsigned best = 0;
		unsigned best_a = 0;
		unsigned best_b = 0;
		for (unsigned a = 0; a < 256u; a++) {
			for (unsigned b = 0; b < 256u; b++) {
				unsigned depth = frames[a] + 1u > frames[b] ? frames[a] + 1u : frames[b];
				if (counts[a][b] > best && depth <= depth_max) {
					best = counts[a][b];
					best_a = a;
					best_b = b;
				}
			}
		}
		if (best < PAIR_USES_MIN) {
			break;
		}
		for (size_t i = 0; i < list->count; i++) {
			replace_pair(&packed[i], (uint8_t)best_a, (uint8_t)best_b, (uint8_t)code);
		}
		pairs[codes][0] = (uint8_t)best_a;
		pairs[codes][1] = (uint8_t)best_b;
		frames[code] = frames[best_a] + 1u > frames[best_b] ? frames[best_a] + 1u : frames[best_b];
		codes++;
	}
	return codes;
}
