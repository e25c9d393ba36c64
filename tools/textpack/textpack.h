/*
 * The text packer: a host program that reads the firmware's texts from its
 * sources and writes them packed as C tables for the build (`textpack
 * gen`).  See textpack.c for its command line, docs/text-packing.md for
 * why Huffman codes.
 */
#ifndef TEXTPACK_H
#define TEXTPACK_H

#include <stddef.h>
#include <stdint.h>

#define TEXTPACK_TEXT_MAX 256u

/* One text as the compiler would store it, without its NUL. */
struct text {
	uint8_t bytes[TEXTPACK_TEXT_MAX];
	size_t length;
};

struct text_list {
	struct text *texts;
	size_t count;
	size_t capacity;
	size_t raw_bytes; /* what the texts take in flash today, NULs included */
};

/*
 * Reads the texts of one source file into `list`, in order.  Adjacent
 * string literals (and names #defined as string literals, in the file or
 * in a file it #includes "...") make one text; an embedded "\0" ends one.
 * In a .def file (an X-macro list such as TEXT(ID, "words") or
 * GAME(NIM, "nim", "H-N", ...)) the literals of the entries named in
 * `tables` (a comma-separated list; NAME.N names the Nth text of each
 * entry NAME, from 1, and the texts picked so come out of each entry in
 * the order they are named: GAME.4,GAME.2 gives a game's fourth text,
 * then its second), or every literal when `tables` is NULL; in a C file those of the flash tables named in `tables` (a table
 * is `name[...] ENGINE_FLASH = ...;`, and ENGINE_FLASH_STR names the
 * literals in ENGINE_FLASH_STR(...)), or of every flash table and
 * ENGINE_FLASH_STR when `tables` is NULL.  Returns 0, or prints the reason
 * to stderr and returns non-zero.
 */
int textpack_read(const char *path, const char *tables, struct text_list *list);
void textpack_free(struct text_list *list);

/*
 * Canonical Huffman codes (the scheme the firmware uses, decoded by
 * engine/packed_text.c), the end of a text being the symbol 0.
 * textpack_huffman_lengths: each byte's code length in bits (0 for a byte
 * the texts lack); returns the longest.  textpack_huffman_table: the
 * decoder's code table (for each length from 1 to `longest`, how many
 * codes, then their symbols in code order) into `table`, its size
 * returned, and each symbol's code into `codes`.  textpack_huffman_pack:
 * the bit stream of `count` texts into `out`; returns its size, or 0 when
 * it does not fit in `out_max` bytes.
 */
unsigned textpack_huffman_lengths(const struct text_list *list, uint8_t lengths[256]);
size_t textpack_huffman_table(const uint8_t lengths[256], unsigned longest, uint8_t *table, uint16_t codes[256]);
size_t textpack_huffman_pack(const struct text *texts, size_t count, const uint8_t lengths[256],
			     const uint16_t codes[256], uint8_t *out, size_t out_max);

#endif
