/* Text shared by the board games; see board_text.h. */
#include "engine/board_text.h"

#include "engine/flash.h"

static bool is_cell(char c)
{
	return c == 'O' || c == 'o' || c == '.';
}

enum engine_error board_scan_rows(struct scanner *in, const uint8_t *lengths, uint8_t rows, uint32_t *cells)
{
	uint32_t bit = 1;
	*cells = 0;
	for (uint8_t row = 0; row < rows; row++) {
		if (row > 0 && !scan_char(in, '/')) {
			return ENGINE_ERR_SYNTAX;
		}
		scan_skip_space(in);
		for (uint8_t k = flash_u8(lengths + row); k > 0; k--, bit <<= 1) {
			char c = *in->at;
			if (!is_cell(c)) {
				return ENGINE_ERR_SYNTAX;
			}
			if (c != '.') {
				*cells |= bit;
			}
			in->at++;
		}
		if (is_cell(*in->at)) {
			return ENGINE_ERR_TOO_MANY;
		}
	}
	return scan_char(in, '/') ? ENGINE_ERR_TOO_MANY : ENGINE_OK;
}

void board_print_rows(struct text_sink *out, const uint8_t *lengths, uint8_t rows, uint32_t cells)
{
	for (uint8_t row = 0; row < rows; row++) {
		if (row > 0) {
			print_char(out, '/');
		}
		for (uint8_t k = flash_u8(lengths + row); k > 0; k--, cells >>= 1) {
			print_char(out, (cells & 1u) ? 'O' : '.');
		}
	}
}

enum engine_error board_scan_name(struct scanner *in, uint8_t letters, uint8_t numbers, uint8_t *letter,
				  uint8_t *number)
{
	scan_skip_space(in);
	char c = *in->at;
	if (c >= 'A' && c <= 'Z') {
		c = (char)(c - 'A' + 'a');
	}
	if (c < 'a' || c > 'z') {
		return ENGINE_ERR_SYNTAX;
	}
	in->at++;
	enum engine_error err = scan_u8(in, numbers, number);
	if (err == ENGINE_ERR_RANGE) {
		return ENGINE_ERR_NO_SUCH;
	}
	if (err != ENGINE_OK) {
		return err;
	}
	*letter = (uint8_t)(c - 'a');
	return *letter >= letters || *number == 0 ? ENGINE_ERR_NO_SUCH : ENGINE_OK;
}

void board_print_name(struct text_sink *out, uint8_t letter, uint8_t number)
{
	print_char(out, (char)('a' + letter));
	print_u32(out, number);
}

void board_print_cells(struct text_sink *out, uint32_t cells, void (*name)(struct text_sink *out, uint8_t cell))
{
	char separator = '\0';
	for (uint8_t cell = 0; cells != 0; cell++, cells >>= 1) {
		if (cells & 1u) {
			if (separator != '\0') {
				print_char(out, separator);
			}
			name(out, cell);
			separator = ',';
		}
	}
}
