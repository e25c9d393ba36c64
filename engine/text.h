/*
 * Reading and writing the engine's text forms: positions, moves, analysis.
 *
 * A scanner walks a NUL-terminated line; every reader skips leading spaces
 * and tabs, leaves the scanner where it stopped, and reports errors through
 * the engine's error codes.  Writers stream characters to a text_sink, so
 * nothing is ever assembled in a RAM buffer on the device.
 */
#ifndef ENGINE_TEXT_H
#define ENGINE_TEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

struct scanner {
	const char *at;
};

void scan_skip_space(struct scanner *in);
bool scan_at_end(struct scanner *in); /* skips spaces first */
/* True and consumes `c` (after spaces) when it comes next. */
bool scan_char(struct scanner *in, char c);
/* Case-insensitive keyword followed by a non-letter; consumes it when true. */
bool scan_word(struct scanner *in, const char *flash_word);
/* Decimal number in 0..max.  ENGINE_ERR_NUMBER when no digit comes next,
 * ENGINE_ERR_RANGE when it is larger than max (the digits are consumed). */
enum engine_error scan_u32(struct scanner *in, uint32_t max, uint32_t *value);
enum engine_error scan_u16(struct scanner *in, uint16_t max, uint16_t *value);
enum engine_error scan_u8(struct scanner *in, uint8_t max, uint8_t *value);

void print_char(struct text_sink *out, char c);
void print_flash(struct text_sink *out, const char *flash_text); /* a string in flash */
void print_ram(struct text_sink *out, const char *text);
void print_u32(struct text_sink *out, uint32_t value);

/* A sink that fills a caller's buffer, always NUL-terminated, dropping what
 * does not fit and noting that it did. */
struct buffer_sink {
	struct text_sink sink;
	char *buffer;
	uint16_t size;
	uint16_t length;
	bool overflowed;
};

void buffer_sink_init(struct buffer_sink *b, char *buffer, uint16_t size);

#endif
