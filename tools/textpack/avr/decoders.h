/*
 * Decoders of the packing schemes the firmware does not use, compiled for
 * the AVR with the firmware's flags only so that textpack can weigh their
 * code against the byte-pair decoder (engine/packed_text.c).  Each writes
 * text `index` of its packed table to the current sink (print_to).
 * harness.c links each into a small program to measure it.
 */
#ifndef TEXTPACK_DECODERS_H
#define TEXTPACK_DECODERS_H

#include <stdint.h>

#include "engine/flash.h"

/* 5-bit codes, most significant bit first: 0 ends a text, 1-26 are a-z,
 * 27 a space, 28-31 take the next code as a character of `flash_sets`
 * (four sets of 32). */
void put_5bit(const uint8_t *flash_bits, const char *flash_sets, uint8_t index);
/* Canonical Huffman codes: `flash_counts[n]` codes have n + 1 bits, the
 * symbols in code order; the symbol 0 ends a text. */
void put_huffman(const uint8_t *flash_bits, const uint8_t *flash_counts, const char *flash_symbols, uint8_t index);
/* Plain texts ending in NULs in which a byte 0x80 + n stands for word n
 * of `flash_words` (words ending in NULs). */
void put_worded(const char *flash_words, const char *flash_texts, uint8_t index);

/* The harness's tables (the same in every program) and the call of one
 * decoder on them, in each decode_*.c, plain.c and pairs.c. */
#define SAMPLE_BYTES 64u
extern const uint8_t sample_a[SAMPLE_BYTES] ENGINE_FLASH;
extern const uint8_t sample_b[SAMPLE_BYTES] ENGINE_FLASH;
extern const uint8_t sample_c[SAMPLE_BYTES] ENGINE_FLASH;
void decoder_sample(uint8_t index);

#endif
