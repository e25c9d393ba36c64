/* The game screen's steps and timing; see play.h. */
#include "firmware/play.h"

#include <avr/pgmspace.h>

#include "engine/text.h"
#include "firmware/display.h"
#include "firmware/game.h"
#include "firmware/ui.h"
#include "firmware/view.h"
#include "hal/keys.h"
#include "hal/lcd.h"
#include "hal/leds.h"
#include "hal/timer.h"

/* How long each step stays on the screen: long enough to read, short
 * enough not to bore.  A key ends the help, a refusal or the machine's
 * words early. */
#define PLAY_HELP_MS 2500u
#define PLAY_REFUSED_MS 2000u
#define PLAY_THINKING_MS 600u /* the deliberate pause before the machine moves */
#define PLAY_ANNOUNCE_MS 1500u
#define PLAY_OVER_PAGE_MS 2000u

enum play_step {
	STEP_HELP,
	STEP_PERSON,
	STEP_REFUSED,
	STEP_THINKING,
	STEP_ANNOUNCE,
	STEP_OVER
};

static uint8_t step;
static uint32_t step_since;
static struct view_cursor cursor;
static struct move machine_move;
static uint8_t over_page;

static void enter_step(uint8_t next)
{
	step = next;
	step_since = timer_ms();
}

static void draw_person_turn(void)
{
	view_draw_board(&game.pos, cursor.part);
	view_draw_cursor(&cursor);
}

static void draw_over_page(void)
{
	if (over_page == 0) {
		game_print_score(display_begin());
		display_end(1);
	} else {
		lcd_write_line_P(1, PSTR("SEL again L menu"));
	}
}

/* Whatever the game now needs: the person's move, the machine's, or its end. */
static void next_turn(void)
{
	if (game.over) {
		leds_thinking(false);
		leds_win(game.winner == PLAYER_PERSON);
		lcd_write_line_P(0, game.winner == PLAYER_PERSON ? PSTR("You win!") : PSTR("I win!"));
		over_page = 0;
		draw_over_page();
		enter_step(STEP_OVER);
	} else if (game.to_move == PLAYER_PERSON) {
		leds_thinking(false);
		view_cursor_reset(&game.pos, &cursor);
		draw_person_turn();
		enter_step(STEP_PERSON);
	} else {
		leds_thinking(true);
		view_draw_board(&game.pos, VIEW_UNMARKED);
		lcd_write_line_P(1, PSTR("Thinking..."));
		enter_step(STEP_THINKING);
	}
}

void play_enter(void)
{
	leds_win(false);
	lcd_write_line_P(0, PSTR("U/D row L/R take"));
	lcd_write_line_P(1, PSTR("SEL ok hold=quit"));
	enter_step(STEP_HELP);
}

static void leave(void)
{
	leds_thinking(false);
	leds_win(false);
	ui_show(SCREEN_MENU);
}

static void machine_moves(void)
{
	/* The engine's move is legal by construction; were it ever refused,
	 * next_turn() would simply let the machine think again. */
	game_play(&machine_move);
	next_turn();
}

static void person_key(uint8_t key)
{
	if (key != KEY_SELECT) {
		if (view_cursor_key(&game.pos, &cursor, key)) {
			draw_person_turn();
		}
		return;
	}
	struct move mv;
	view_cursor_move(&cursor, &mv);
	enum engine_error err = game_play(&mv);
	if (err == ENGINE_OK) {
		next_turn();
		return;
	}
	struct text_sink *line = display_begin();
	engine_print_error(err, line);
	display_end(1);
	enter_step(STEP_REFUSED);
}

void play_key(uint8_t key)
{
	if (key == KEY_SELECT_LONG) {
		leave();
		return;
	}
	switch (step) {
	case STEP_HELP:
		next_turn();
		break;
	case STEP_REFUSED:
		/* The key that dismisses the reason also counts, so a person
		 * can put the move right at once. */
		draw_person_turn();
		enter_step(STEP_PERSON);
		person_key(key);
		break;
	case STEP_PERSON:
		person_key(key);
		break;
	case STEP_ANNOUNCE:
		machine_moves();
		break;
	case STEP_OVER:
		if (key == KEY_SELECT && game_new()) {
			next_turn();
		} else if (key == KEY_LEFT) {
			leave();
		}
		break;
	default: /* STEP_THINKING: keys are ignored while the machine thinks */
		break;
	}
}

void play_tick(uint32_t now_ms)
{
	uint32_t elapsed = now_ms - step_since;
	switch (step) {
	case STEP_HELP:
		if (elapsed >= PLAY_HELP_MS) {
			next_turn();
		}
		break;
	case STEP_REFUSED:
		if (elapsed >= PLAY_REFUSED_MS) {
			draw_person_turn();
			enter_step(STEP_PERSON);
		}
		break;
	case STEP_THINKING:
		if (elapsed >= PLAY_THINKING_MS) {
			engine_best_move(&game.pos, &machine_move);
			view_draw_announcement(&machine_move);
			enter_step(STEP_ANNOUNCE);
		}
		break;
	case STEP_ANNOUNCE:
		if (elapsed >= PLAY_ANNOUNCE_MS) {
			machine_moves();
		}
		break;
	case STEP_OVER:
		if (elapsed >= PLAY_OVER_PAGE_MS) {
			over_page ^= 1u;
			draw_over_page();
			enter_step(STEP_OVER);
		}
		break;
	default: /* STEP_PERSON waits for keys only */
		break;
	}
}
