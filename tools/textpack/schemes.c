/*
 * The flash each way of packing a list of texts would take for its data
 * (the texts and the tables their decoder reads); the decoders' code is
 * measured apart, linked for the AVR (tools/textpack/avr/harness.c).
 * Huffman codes, the scheme the firmware uses, are measured by textpack.c
 * itself, with the tables the build would make.  Each text must stay reachable by its number, so
 * every scheme keeps an end mark for each text and finds text n by
 * passing n ends, as flash_skip does for plain ones.
 */
#include <stdbool.h>
#include <string.h>

#include "tools/textpack/schemes.h"

static size_t bits_to_bytes(size_t bits)
{
	return (bits + 7u) / 8u;
}

static unsigned highest_byte(const struct text_list *list)
{
	unsigned high = 0;
	for (size_t i = 0; i < list->count; i++) {
		for (size_t j = 0; j < list->texts[i].length; j++) {
			if (list->texts[i].bytes[j] > high) {
				high = list->texts[i].bytes[j];
			}
		}
	}
	return high;
}

unsigned scheme_first_code(const struct text_list *list)
{
	unsigned high = highest_byte(list);
	return high < 0x80u ? 0x80u : high + 1u;
}

/* Codes of 5 bits: 0 ends a text, 1-26 are a-z, 27 a space, and each of
 * 28-31 takes the next 5 bits as a character of one of four sets of 32 in
 * a table (digits, capitals, punctuation: every other character met). */
size_t scheme_5bit(const struct text_list *list)
{
	bool other[256] = { false };
	size_t others = 0;
	size_t bits = 0;
	for (size_t i = 0; i < list->count; i++) {
		const struct text *t = &list->texts[i];
		for (size_t j = 0; j < t->length; j++) {
			uint8_t c = t->bytes[j];
			if ((c >= 'a' && c <= 'z') || c == ' ') {
				bits += 5u;
			} else {
				bits += 10u;
				others += !other[c];
				other[c] = true;
			}
		}
		bits += 5u;
	}
	return bits_to_bytes(bits) + others;
}

/* Non-overlapping occurrences of `word` in the texts. */
static size_t occurrences(const struct text *texts, size_t count, const uint8_t *word, size_t length)
{
	size_t n = 0;
	for (size_t i = 0; i < count; i++) {
		const struct text *t = &texts[i];
		for (size_t j = 0; j + length <= t->length;) {
			if (memcmp(&t->bytes[j], word, length) == 0) {
				n++;
				j += length;
			} else {
				j++;
			}
		}
	}
	return n;
}

static void replace_word(struct text *t, const uint8_t *word, size_t length, uint8_t code)
{
	size_t out = 0;
	for (size_t j = 0; j < t->length;) {
		if (j + length <= t->length && memcmp(&t->bytes[j], word, length) == 0) {
			t->bytes[out++] = code;
			j += length;
		} else {
			t->bytes[out++] = t->bytes[j++];
		}
	}
	t->length = out;
}

static bool is_letter(uint8_t c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A dictionary of words (letters, with the space before them or without)
 * in a list of strings ending in NULs; a byte from the first free value on
 * stands for a word.  Greedy: the word that saves most goes in first. */
size_t scheme_words(const struct text_list *list)
{
	static struct text texts[4096];
	if (list->count > sizeof texts / sizeof texts[0]) {
		return 0;
	}
	memcpy(texts, list->texts, list->count * sizeof texts[0]);
	size_t dictionary = 0;
	for (unsigned code = scheme_first_code(list); code < 256u; code++) {
		long best_gain = 0;
		uint8_t best[TEXTPACK_TEXT_MAX];
		size_t best_length = 0;
		for (size_t i = 0; i < list->count; i++) {
			const struct text *t = &texts[i];
			for (size_t j = 0; j < t->length; j++) {
				size_t start = j;
				if (t->bytes[j] == ' ' && j + 1 < t->length && is_letter(t->bytes[j + 1])) {
					j++;
				}
				if (!is_letter(t->bytes[j]) || (j > 0 && is_letter(t->bytes[j - 1]))) {
					continue;
				}
				size_t end = j;
				while (end < t->length && is_letter(t->bytes[end])) {
					end++;
				}
				for (size_t from = start; from <= j; from++) {
					size_t length = end - from;
					long uses = (long)occurrences(texts, list->count, &t->bytes[from], length);
					long gain = uses * ((long)length - 1) - ((long)length + 1);
					if (gain > best_gain) {
						best_gain = gain;
						best_length = length;
						memcpy(best, &t->bytes[from], length);
					}
				}
				j = end - 1u;
			}
		}
		if (best_gain <= 0) {
			break;
		}
		for (size_t i = 0; i < list->count; i++) {
			replace_word(&texts[i], best, best_length, (uint8_t)code);
		}
		dictionary += best_length + 1u;
	}
	size_t bytes = dictionary;
	for (size_t i = 0; i < list->count; i++) {
		bytes += texts[i].length + 1u;
	}
	return bytes;
}

size_t scheme_pairs(const struct text_list *list, struct text *packed, unsigned *codes)
{
	static uint8_t pairs[256][2];
	*codes = textpack_bpe(list, scheme_first_code(list), SCHEME_PAIRS_DEPTH_MAX, pairs, packed);
	size_t bytes = 2u * *codes;
	for (size_t i = 0; i < list->count; i++) {
		bytes += packed[i].length + 1u;
	}
	return bytes;
}
