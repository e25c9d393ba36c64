/* The game transcript on the serial line; see transcript.h. */
#include "firmware/transcript.h"

#include <avr/pgmspace.h>

#include "engine/text.h"
#include "firmware/game.h"
#include "hal/uart.h"

static void uart_sink_put(struct text_sink *sink, char c)
{
	(void)sink;
	uart_put(c);
}

static struct text_sink uart_sink = { uart_sink_put };

static void print_player(uint8_t player)
{
	print_flash(&uart_sink, player == PLAYER_PERSON ? PSTR("you") : PSTR("me"));
}

static void end_line(void)
{
	print_flash(&uart_sink, PSTR("\r\n"));
}

void transcript_start(void)
{
	print_flash(&uart_sink, PSTR("grundy-box ready"));
	end_line();
}

void transcript_new_game(const struct position *pos)
{
	print_flash(&uart_sink, PSTR("new "));
	engine_print_game_name(pos->game, &uart_sink);
	print_char(&uart_sink, ' ');
	engine_print_position(pos, &uart_sink);
	end_line();
}

void transcript_move(uint8_t player, const struct position *pos, const struct move *mv)
{
	struct position after = *pos;
	engine_apply_move(&after, mv);
	print_player(player);
	print_char(&uart_sink, ' ');
	engine_print_move(pos, mv, &uart_sink);
	print_flash(&uart_sink, PSTR(" -> "));
	engine_print_position(&after, &uart_sink);
	end_line();
}

void transcript_result(uint8_t winner)
{
	print_flash(&uart_sink, PSTR("winner "));
	print_player(winner);
	end_line();
}
