/*
 * Packed text: the firmware's messages stored in canonical Huffman codes.
 * A packed table is one stream of bits, most significant first, of its
 * texts one after another, each ending in the code of a NUL; text n is
 * found by decoding past n ends.  One code table serves every packed
 * table: for each code length from 1 bit up, how many codes have it, then
 * their characters in code order.  The tables are made at build time by
 * tools/textpack from readable X-macro lists (engine/error_texts.def,
 * firmware/console_texts.def) into $(BUILD)/gen/packed_tables.{c,h}.
 */
#ifndef ENGINE_PACKED_TEXT_H
#define ENGINE_PACKED_TEXT_H

#include <stdint.h>

#include "engine/engine.h"

/* The decoder builds codes in 16 bits. */
#define PACKED_CODE_BITS_MAX 16u

/* Writes text `index` of the packed table `flash_bits` to the current sink
 * (print_to), by the code table `flash_code`. */
void put_packed(const uint8_t *flash_code, const uint8_t *flash_bits, uint8_t index);
/* The same to `out`. */
void print_packed(struct text_sink *out, const uint8_t *flash_code, const uint8_t *flash_bits, uint8_t index);

#endif
