/* The device around the console, faked for the host; see fake_device.h. */
#include "tests/fuzz/fake_device.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/text.h"
#include "firmware/console.h"
#include "firmware/game.h"
#include "firmware/transcript.h"
#include "firmware/ui.h"
#include "hal/sleep.h"
#include "hal/timer.h"
#include "hal/uart.h"
#include "hal/watchdog.h"

struct fake_line fake_line;
uint32_t fake_now_ms;
int fake_long_watchdog;
unsigned fake_game_changes;
unsigned fake_ui_follows;

/* The chip's receive buffer. */
static uint8_t ring[UART_RX_BUFFER];
static size_t ring_head;
static size_t ring_tail;

/* ---- the serial line ---- */

void fake_line_start(const uint8_t *input, size_t length, size_t per_pass)
{
	free(fake_line.output);
	memset(&fake_line, 0, sizeof fake_line);
	fake_line.input = input;
	fake_line.length = length;
	fake_line.per_pass = per_pass > 0 ? per_pass : 1;
	fake_line.lose_at = SIZE_MAX;
	ring_head = ring_tail = 0;
}

void fake_line_next_pass(void)
{
	for (size_t i = 0; i < fake_line.per_pass && fake_line.arrived < fake_line.length; i++) {
		size_t at = fake_line.arrived++;
		bool dropped = at >= fake_line.lose_at && at - fake_line.lose_at < fake_line.lose_count;
		if (dropped || ring_head - ring_tail >= UART_RX_BUFFER) {
			/* As the chip does: the newest byte kept marks the place
			 * (or the next one, when none waits). */
			if (ring_head == ring_tail) {
				fake_line.mark_next = true;
			} else {
				ring[(ring_head - 1u) % UART_RX_BUFFER] = UART_LOST;
			}
			continue;
		}
		uint8_t byte = fake_line.input[at];
		if (fake_line.mark_next) {
			fake_line.mark_next = false;
			byte = UART_LOST;
		} else if (byte == UART_LOST) {
			byte = UART_LOST - 1u;
		}
		ring[ring_head++ % UART_RX_BUFFER] = byte;
	}
}

bool fake_line_done(void)
{
	return fake_line.arrived == fake_line.length && ring_head == ring_tail;
}

void fake_line_free(void)
{
	free(fake_line.output);
	fake_line.output = NULL;
	fake_line.output_length = fake_line.output_capacity = 0;
}

void uart_init(void)
{
}

bool uart_read(uint8_t *byte)
{
	if (ring_head == ring_tail) {
		return false;
	}
	*byte = ring[ring_tail++ % UART_RX_BUFFER];
	fake_line.taken++;
	return true;
}

bool uart_pending(void)
{
	return ring_head != ring_tail;
}

void uart_put(char c)
{
	if (fake_line.output_length + 1 >= fake_line.output_capacity) {
		size_t capacity = fake_line.output_capacity != 0 ? 2 * fake_line.output_capacity : 4096;
		char *grown = realloc(fake_line.output, capacity);
		if (grown == NULL) {
			abort();
		}
		fake_line.output = grown;
		fake_line.output_capacity = capacity;
	}
	fake_line.output[fake_line.output_length++] = c;
	fake_line.output[fake_line.output_length] = '\0';
}

/* ---- the transcript's output, which the console shares ---- */

static void fake_sink_put(struct text_sink *sink, char c)
{
	(void)sink;
	uart_put(c);
}

struct text_sink transcript_out = { fake_sink_put };

void transcript_line_end(void)
{
	uart_put('\r');
	uart_put('\n');
}

void transcript_position(const struct position *pos)
{
	engine_print_game_name(pos->game, &transcript_out);
	uart_put(' ');
	engine_print_position(pos, &transcript_out);
}

/* ---- clock, watchdog, sleep ---- */

void timer_init(void)
{
}

uint32_t timer_ms(void)
{
	return fake_now_ms;
}

void watchdog_start(void)
{
	fake_long_watchdog = 0;
}

void watchdog_feed(void)
{
}

void watchdog_start_long(void)
{
	fake_long_watchdog++;
}

/* Sleeping until the next interrupt: a millisecond passes and the bytes
 * that come meanwhile arrive. */
void sleep_idle_unless(bool (*has_work)(void))
{
	if (!has_work()) {
		fake_now_ms++;
		fake_line_next_pass();
	}
}

/* ---- the game and the screens ---- */

struct game game;

void fake_game_reset(void)
{
	memset(&game, 0, sizeof game);
	fake_game_changes = 0;
	fake_ui_follows = 0;
}

bool game_start(const struct position *pos, uint8_t first)
{
	if (engine_game_over(pos)) {
		return false;
	}
	game.pos = *pos;
	game.to_move = first;
	game.over = false;
	fake_game_changes++;
	console_forget_board(); /* as the transcript's line of the new game does */
	return true;
}

enum engine_error game_play(const struct move *mv)
{
	enum engine_error err = engine_check_move(&game.pos, mv);
	if (err != ENGINE_OK) {
		return err;
	}
	engine_apply_move(&game.pos, mv);
	game.to_move = (uint8_t)!game.to_move;
	if (engine_game_over(&game.pos)) {
		game.over = true;
		game.winner = game.pos.rule == RULE_MISERE ? game.to_move : (uint8_t)!game.to_move;
	}
	fake_game_changes++;
	return ENGINE_OK;
}

void fake_machine_plays(void)
{
	struct move mv;
	if (!game.over && game.to_move == PLAYER_MACHINE && engine_best_move(&game.pos, &mv)) {
		if (game_play(&mv) != ENGINE_OK) {
			abort(); /* the engine's own move must be legal */
		}
	}
}

void ui_show(uint8_t screen)
{
	(void)screen;
	fake_ui_follows++;
}

void ui_key(uint8_t key)
{
	(void)key;
}
