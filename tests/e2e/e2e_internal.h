/*
 * What the parts of the end-to-end helpers (e2e_*.c) share with each other
 * and not with the tests, which include e2e.h alone.
 */
#ifndef E2E_INTERNAL_H
#define E2E_INTERNAL_H

#include "tests/e2e/e2e.h"

#define E2E_PRESS_MS 40u
#define E2E_RELEASE_MS 40u
#define E2E_SCREEN_TIMEOUT_MS 5000u
#define E2E_QUIET_MS 12u  /* the display has finished a screen */
#define E2E_BLINK_MS 400u /* a board's cursor: shown, then hidden */
#define E2E_PAUSE_MS 600u /* the deliberate pause before the machine moves */
#define CYCLES_PER_MS (BOARD_F_CPU / 1000u)

/* The set of screens `s` alone, for e2e_wait_screen's `wanted`. */
#define MASK(s) (1u << (s))

/* How the device draws a game (e2e_kind_of). */
enum kind { KIND_LINE, KIND_STRIP, KIND_BOARD };

/* e2e_buttons.c */
void e2e_button_down(struct sim *sim, enum board_button button);
void e2e_button_up(struct sim *sim, enum board_button button);

/* e2e_screen.c */
void e2e_fail_with_screen(struct sim *sim, const char *what);

/* e2e_menu.c */
enum kind e2e_kind_of(uint8_t game);
bool e2e_picks_cells(uint8_t game);
uint32_t e2e_position_value(const struct position *pos, uint8_t i);

/* e2e_view.c */
bool e2e_starts(const char *text, const char *prefix);
enum e2e_screen e2e_wait_screen(struct sim *sim, uint8_t game, unsigned wanted);
uint8_t e2e_board_height(const struct position *pos);
uint8_t e2e_board_width(const struct position *pos, uint8_t y);
uint8_t e2e_board_cell(const struct position *pos, uint8_t x, uint8_t y);
bool e2e_read_board(struct sim *sim, const struct position *pos, int look[8][16], int *cursor);
void e2e_describe(const struct position *pos, char *text, size_t size);

/* e2e_moves.c */
void e2e_move_text(const struct position *pos, const struct move *mv, char *text, size_t size);
void e2e_toggle_places(struct sim *sim, const struct position *pos, const struct move *mv);
bool e2e_choose_illegal(const struct position *pos, struct move *mv, uint32_t *seed);

#endif
