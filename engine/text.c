/* Text scanning and printing shared by every game; see text.h. */
#include "engine/text.h"

#include "engine/flash.h"

static bool is_space(char c) { return c == ' ' || c == '\t'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static char lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }
static bool is_letter(char c) { return lower(c) >= 'a' && lower(c) <= 'z'; }

void scan_skip_space(struct scanner *in)
{
	while (is_space(*in->at)) {
		in->at++;
	}
}

bool scan_at_end(struct scanner *in)
{
	scan_skip_space(in);
	return *in->at == '\0';
}

bool scan_char(struct scanner *in, char c)
{
	scan_skip_space(in);
	if (*in->at != c) {
		return false;
	}
	in->at++;
	return true;
}

bool scan_word(struct scanner *in, const char *flash_word)
{
	scan_skip_space(in);
	const char *p = in->at;
	for (;; flash_word++, p++) {
		char w = flash_char(flash_word);
		if (w == '\0') {
			break;
		}
		if (lower(*p) != w) {
			return false;
		}
	}
	if (is_letter(*p)) {
		return false;
	}
	in->at = p;
	return true;
}

enum engine_error scan_u32(struct scanner *in, uint32_t max, uint32_t *value)
{
	scan_skip_space(in);
	if (!is_digit(*in->at)) {
		return ENGINE_ERR_NUMBER;
	}
	uint32_t v = 0;
	bool too_big = false;
	while (is_digit(*in->at)) {
		uint8_t d = (uint8_t)(*in->at - '0');
		if (v > (UINT32_MAX - d) / 10u) {
			too_big = true;
		} else {
			v = v * 10u + d;
		}
		in->at++;
	}
	if (too_big || v > max) {
		return ENGINE_ERR_RANGE;
	}
	*value = v;
	return ENGINE_OK;
}

enum engine_error scan_u16(struct scanner *in, uint16_t max, uint16_t *value)
{
	uint32_t v;
	enum engine_error err = scan_u32(in, max, &v);
	if (err == ENGINE_OK) {
		*value = (uint16_t)v;
	}
	return err;
}

enum engine_error scan_u8(struct scanner *in, uint8_t max, uint8_t *value)
{
	uint32_t v;
	enum engine_error err = scan_u32(in, max, &v);
	if (err == ENGINE_OK) {
		*value = (uint8_t)v;
	}
	return err;
}

enum engine_error scan_index(struct scanner *in, uint8_t count, uint8_t *index)
{
	uint32_t v;
	enum engine_error err = scan_u32(in, count, &v);
	if (err == ENGINE_OK && v == 0) {
		err = ENGINE_ERR_NO_SUCH;
	}
	if (err == ENGINE_ERR_RANGE) {
		err = ENGINE_ERR_NO_SUCH;
	}
	*index = (uint8_t)(v - 1u);
	return err;
}

/* Both list scanners in one: `wide` selects uint32_t entries. */
static enum engine_error scan_list(struct scanner *in, void *list, bool wide, uint8_t most, uint8_t *count)
{
	*count = 0;
	do {
		if (*count == most) {
			return is_digit(*in->at) ? ENGINE_ERR_TOO_MANY : ENGINE_ERR_SYNTAX;
		}
		uint32_t v;
		enum engine_error err = scan_u32(in, wide ? UINT32_MAX : UINT16_MAX, &v);
		if (err != ENGINE_OK) {
			return err;
		}
		if (wide) {
			((uint32_t *)list)[*count] = v;
		} else {
			((uint16_t *)list)[*count] = (uint16_t)v;
		}
		(*count)++;
		(void)scan_char(in, ',');
	} while (!scan_at_end(in));
	return ENGINE_OK;
}

enum engine_error scan_list16(struct scanner *in, uint16_t *list, uint8_t most, uint8_t *count)
{
	return scan_list(in, list, false, most, count);
}

enum engine_error scan_list32(struct scanner *in, uint32_t *list, uint8_t most, uint8_t *count)
{
	return scan_list(in, list, true, most, count);
}

void print_char(struct text_sink *out, char c)
{
	out->put(out, c);
}

void print_flash(struct text_sink *out, const char *flash_text)
{
	char c;
	while ((c = flash_char(flash_text++)) != '\0') {
		out->put(out, c);
	}
}

void print_ram(struct text_sink *out, const char *text)
{
	while (*text != '\0') {
		out->put(out, *text++);
	}
}

void print_u32(struct text_sink *out, uint32_t value)
{
	char digits[10];
	uint8_t n = 0;
	do {
		digits[n++] = (char)('0' + value % 10u);
		value /= 10u;
	} while (value != 0);
	while (n > 0) {
		out->put(out, digits[--n]);
	}
}

void print_pair(struct text_sink *out, uint32_t a, char separator, uint32_t b)
{
	print_u32(out, a);
	out->put(out, separator);
	print_u32(out, b);
}

void print_list16(struct text_sink *out, const uint16_t *list, uint8_t count)
{
	for (uint8_t i = 0; i < count; i++) {
		if (i > 0) {
			out->put(out, ' ');
		}
		print_u32(out, list[i]);
	}
}

void print_list32(struct text_sink *out, const uint32_t *list, uint8_t count)
{
	for (uint8_t i = 0; i < count; i++) {
		if (i > 0) {
			out->put(out, ' ');
		}
		print_u32(out, list[i]);
	}
}

static void buffer_put(struct text_sink *sink, char c)
{
	struct buffer_sink *b = (struct buffer_sink *)sink;
	if (b->length + 1u < b->size) {
		b->buffer[b->length++] = c;
		b->buffer[b->length] = '\0';
	} else {
		b->overflowed = true;
	}
}

void buffer_sink_init(struct buffer_sink *b, char *buffer, uint16_t size)
{
	b->sink.put = buffer_put;
	b->buffer = buffer;
	b->size = size;
	b->length = 0;
	b->overflowed = false;
	if (size > 0) {
		buffer[0] = '\0';
	}
}
