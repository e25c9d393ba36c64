/*
 * What the engine's text tests share: a position or a move printed into a
 * buffer, and a position read from its text, each failing the test (cmocka)
 * when the engine cannot do it.
 */
#ifndef TESTS_UNIT_SUPPORT_ENGINE_TEXT_H
#define TESTS_UNIT_SUPPORT_ENGINE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"

/* The position's text in `text` (`size` bytes); fails when it does not fit. */
void print_position(const struct position *pos, char *text, size_t size);

/* The move's text in `text` (`size` bytes); fails when it does not fit. */
void print_move(const struct position *pos, const struct move *mv, char *text, size_t size);

/* The position `text` gives for `game`; fails when the engine refuses it. */
struct position parse(uint8_t game, const char *text);

#endif
