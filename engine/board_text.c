/* Text shared by the board games; see board_text.h. */
#include "engine/board_text.h"

#include "engine/flash.h"

static bool is_cell(char c)
{
	return c == 'O' || c == 'o' || c == '.';
}

uint32_t board_scan_rows(struct scanner *in, const uint8_t *lengths, uint8_t rows)
{
	uint32_t bit = 1, cells = 0;
	for (uint8_t row = 0;;) {
		scan_skip_space(in);
		for (uint8_t k = flash_u8(lengths + row); k > 0; k--, bit <<= 1) {
			char c = *in->at;
			/* The first error is the one kept: the rest need not be read. */
			if (in->error != ENGINE_OK || !is_cell(c)) {
				scan_fail(in, ENGINE_ERR_SYNTAX);
				return cells;
			}
			if (c != '.') {
				cells |= bit;
			}
			in->at++;
		}
		if (is_cell(*in->at)) {
			scan_fail(in, ENGINE_ERR_TOO_MANY);
		}
		if (++row == rows) {
			break;
		}
		scan_expect(in, '/');
	}
	if (scan_char(in, '/')) {
		scan_fail(in, ENGINE_ERR_TOO_MANY);
	}
	return cells;
}

void board_print_rows(const uint8_t *lengths, uint8_t rows, uint32_t cells)
{
	for (uint8_t row = 0; row < rows; row++) {
		if (row > 0) {
			put_char('/');
		}
		for (uint8_t k = flash_u8(lengths + row); k > 0; k--, cells >>= 1) {
			put_char((cells & 1u) ? 'O' : '.');
		}
	}
}

uint8_t board_scan_name(struct scanner *in, uint8_t letters, uint8_t numbers, uint8_t *number)
{
	scan_skip_space(in);
	uint8_t letter = (uint8_t)((*in->at | 0x20) - 'a'); /* either case */
	if (letter >= 26) {
		scan_fail(in, ENGINE_ERR_SYNTAX);
	}
	if (in->error == ENGINE_OK) {
		in->at++;
	}
	*number = scan_index(in, numbers);
	if (letter >= letters || *number >= numbers) {
		scan_fail(in, ENGINE_ERR_NO_SUCH);
	}
	return letter;
}

uint8_t board_scan_square(struct scanner *in, uint8_t side)
{
	uint8_t row;
	uint8_t col = board_scan_name(in, side, side, &row);
	return (uint8_t)(side * row + col);
}

void board_print_square(uint8_t cell, uint8_t side)
{
	uint8_t row = 1;
	for (; cell >= side; cell = (uint8_t)(cell - side)) {
		row++;
	}
	board_print_name(cell, row);
}

void board_print_name(uint8_t letter, uint8_t number)
{
	put_char((char)('a' + letter));
	put_digit(number);
}

uint32_t board_add_cells(struct scanner *in, uint32_t cells, uint32_t more)
{
	if (cells & more) {
		scan_fail(in, ENGINE_ERR_SYNTAX);
	}
	return cells | more;
}
