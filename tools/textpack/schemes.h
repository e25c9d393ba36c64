/* The packing schemes textpack measures; see schemes.c. */
#ifndef TEXTPACK_SCHEMES_H
#define TEXTPACK_SCHEMES_H

#include <stddef.h>

#include "tools/textpack/textpack.h"

/* The first byte value above every byte of the texts, and at least 0x80:
 * where the codes of the word and pair schemes start. */
unsigned scheme_first_code(const struct text_list *list);
/* Each returns the bytes of flash its data takes: the packed texts and the
 * tables their decoder reads. */
size_t scheme_5bit(const struct text_list *list);
size_t scheme_words(const struct text_list *list);
/* Byte pairs (textpack_bpe), nested at most SCHEME_PAIRS_DEPTH_MAX deep
 * (a call frame each on the device's stack); its packed texts in
 * `packed`, how many codes in `codes`. */
#define SCHEME_PAIRS_DEPTH_MAX 6u
size_t scheme_pairs(const struct text_list *list, struct text *packed, unsigned *codes);

#endif
