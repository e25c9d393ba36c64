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

/*
 * Languages.  Every packed table of words a person reads comes in English
 * and in Polish, packed from the two literals of each entry of its list;
 * text_language chooses which table a text is read from.  A build without
 * Polish (ENGINE_POLISH 0, which the Makefile sets from the edition's
 * switch POLISH) always reads the English one, and links no Polish table.
 */
enum text_language { LANGUAGE_ENGLISH, LANGUAGE_POLISH, LANGUAGES };
#ifndef ENGINE_POLISH
#define ENGINE_POLISH 1
#endif
extern uint8_t text_language; /* enum text_language; English from power-on */
/* `english` or `polish`, the table of text_language. */
#define TEXT_TABLE(english, polish) (ENGINE_POLISH && text_language == LANGUAGE_POLISH ? (polish) : (english))

/* The decoder builds codes in 16 bits. */
#define PACKED_CODE_BITS_MAX 16u

/* Writes text `index` of the packed table `flash_bits` to the current sink
 * (print_to), by the code table `flash_code`. */
void put_packed(const uint8_t *flash_code, const uint8_t *flash_bits, uint8_t index);
/* Text `index` of a table packed in groups of `per_group` texts, each
 * group starting at its byte of `flash_at` (tools/textpack's NAME/N), so
 * that a text is found by decoding past the few before it in its group. */
void put_grouped(const uint8_t *flash_code, const uint8_t *flash_bits, const uint16_t *flash_at, uint8_t per_group,
		 uint8_t index);
/* The same to `out`. */
void print_packed(struct text_sink *out, const uint8_t *flash_code, const uint8_t *flash_bits, uint8_t index);

#endif
