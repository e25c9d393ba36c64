/*
 * Decoders of the packing schemes the firmware does not use, compiled for
 * the AVR with the firmware's flags only so that textpack can weigh their
 * code against the Huffman decoder the firmware uses
 * (engine/packed_text.c); harness.c links each into a small program to
 * measure it.  Each writes text `index` of its packed table to the
 * current sink (print_to).
 */
#ifndef TEXTPACK_DECODERS_H
#define TEXTPACK_DECODERS_H

#include <stdint.h>

#include "engine/flash.h"

/* 5-bit codes, most significant bit first: 0 ends a text, 1-26 are a-z,
 * 27 a space, 28-31 take the next code as a character of `flash_sets`
 * (four sets of 32). */
void put_5bit(const uint8_t *flash_bits, const char *flash_sets, uint8_t index);
/* Byte pairs: a byte from 0x80 on stands for a pair of `flash_pairs`
 * (two bytes a code), either of which may be a code again; texts end in
 * NULs. */
void put_pairs(const uint8_t *flash_pairs, const char *flash_texts, uint8_t index);
/* Plain texts ending in NULs in which a byte 0x80 + n stands for word n
 * of `flash_words` (words ending in NULs). */
void put_worded(const char *flash_words, const char *flash_texts, uint8_t index);

/* The harness's tables (the same in every program) and the call of one
 * decoder on them, in each decode_*.c, plain.c and packed.c. */
#define SAMPLE_BYTES 64u
extern const uint8_t sample_a[SAMPLE_BYTES] ENGINE_FLASH;
extern const uint8_t sample_b[SAMPLE_BYTES] ENGINE_FLASH;
extern const uint8_t sample_c[SAMPLE_BYTES] ENGINE_FLASH;
void decoder_sample(uint8_t index);

#endif
