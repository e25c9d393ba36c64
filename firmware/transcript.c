/* The game transcript on the serial line; see transcript.h. */
#include "firmware/transcript.h"

#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/game.h"
#include "hal/uart.h"

static void uart_sink_put(struct text_sink *sink, char c)
{
	(void)sink;
	uart_put(c);
}

/* Set at run time: as the only initialised variable it would cost the C
 * start-up its whole copying loop. */
struct text_sink transcript_out;

static void print_player(uint8_t player)
{
	put_flash(flash_skip(ENGINE_FLASH_STR("you\0me"), player)); /* enum player */
}

void transcript_line_end(void)
{
	uart_put('\r');
	uart_put('\n');
}

void transcript_start(void)
{
	transcript_out.put = uart_sink_put;
	print_flash(&transcript_out, ENGINE_FLASH_STR("grundy-box ready"));
	transcript_line_end();
}

void transcript_position(const struct position *pos)
{
	engine_print_game_name(pos->game, &transcript_out);
	uart_put(' ');
	engine_print_position(pos, &transcript_out);
}

void transcript_game_event(uint8_t event)
{
	print_to(&transcript_out); /* for put_flash: the engine's printers below keep it */
	switch (event) {
	case GAME_LEFT:
		if (game.over) {
			return; /* its result was the last line */
		}
		/* fall through */
	case GAME_BEGAN:
		/* "new " or "go ", the console's command for such a game (by
		 * enum player), or "left " */
		put_flash(event == GAME_LEFT ? ENGINE_FLASH_STR("left ") : flash_skip(ENGINE_FLASH_STR("new \0go "), game.to_move));
		transcript_position(&game.pos);
		break;
	case GAME_MOVING:
		print_player(game.to_move);
		uart_put(' ');
		engine_print_move(&game.pos, game.move, &transcript_out);
		put_flash(ENGINE_FLASH_STR(" -> "));
		return;
	default: /* GAME_MOVED */
		engine_print_position(&game.pos, &transcript_out);
		if (game.over) {
			transcript_line_end();
			put_flash(ENGINE_FLASH_STR("winner "));
			print_player(game.winner);
		}
		break;
	}
	transcript_line_end();
}
