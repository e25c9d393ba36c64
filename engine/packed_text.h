/*
 * Packed text: the firmware's messages stored as byte pairs (byte-pair
 * encoding).  A packed text is a string of bytes ending in a NUL, as a
 * plain one is, so a list of them is walked with flash_skip; a byte below
 * PACKED_FIRST_CODE is that character, a byte from it on stands for a pair
 * of bytes in a table of pairs, either of which may be such a code again.
 * The pairs and the packed tables are made at build time by
 * tools/textpack from readable sources (engine/error_texts.def,
 * firmware/console_texts.def) into $(BUILD)/gen/packed_text.{c,h}.
 */
#ifndef ENGINE_PACKED_TEXT_H
#define ENGINE_PACKED_TEXT_H

#include <stdint.h>

#include "engine/engine.h"

/* The texts are 7-bit ASCII; the bytes above it are the pairs' codes. */
#define PACKED_FIRST_CODE 0x80u
#define PACKED_CODES (256u - PACKED_FIRST_CODE)
/* How deep a code's pairs may nest on their left (each level is a call
 * frame on the device's stack). */
#define PACKED_DEPTH_MAX 6u

/* Writes the packed text at `flash_text` to the current sink (print_to),
 * its codes expanded by `flash_pairs` (two bytes for each code, in order
 * from PACKED_FIRST_CODE). */
void put_packed(const uint8_t *flash_pairs, const char *flash_text);
/* The same to `out`. */
void print_packed(struct text_sink *out, const uint8_t *flash_pairs, const char *flash_text);

#endif
