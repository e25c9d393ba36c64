/*
 * Inside the view (firmware/view.h): what the pictures (view_draw.c) need
 * to know of the games (view.c).
 */
#ifndef FIRMWARE_VIEW_DRAW_H
#define FIRMWARE_VIEW_DRAW_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "firmware/view.h"

/* How a position is drawn and how a move is entered: the boards are
 * VIEW_KIND_STACKS and VIEW_KIND_CELLS. */
enum view_kind {
	VIEW_KIND_LINE,   /* a line of numbers: where and how much */
	VIEW_KIND_STRIP,  /* a strip of pins: which pin and how many */
	VIEW_KIND_STACKS, /* Kubo's board: which stack and how much */
	VIEW_KIND_CELLS,  /* Chomp's, Taktix's and Nineteen's boards: the cells picked */
};

uint8_t view_kind(const struct position *pos);
/* A board's places, row y (from the top; Chomp's from the bottom) having
 * view_board_width() of them: Taktix 4x4, Nineteen 3-4-5-4-3, Kubo 3
 * rows of 3 stacks of 3 pieces side by side, Chomp its rectangle.  The
 * height takes the game's facts from its caller, which has them at hand. */
uint8_t view_board_height(const struct position *pos, struct engine_facts facts);
uint8_t view_board_width(const struct position *pos, uint8_t y);
/* The words of a move: "Take 3" for the person (`words` WORDS_PERSON or
 * WORDS_HINT, enum view_words), "I take 3" for the machine
 * (WORDS_MACHINE); Marienbad's name the matches, "Take 3 matches", but in
 * a hint. */
void view_print_phrase(const struct position *pos, const struct view_cursor *cursor, uint8_t words,
		       struct text_sink *out);
/* The screen text (enum screen_text) for `count` matches after a number:
 * one, a few or many, as Polish declines them (1 zapałkę, 2 zapałki, 5
 * zapałek). */
uint8_t view_match_word(uint16_t count);

#endif
