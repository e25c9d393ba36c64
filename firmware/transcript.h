/*
 * A transcript of each game on the serial line, one line per event, in the
 * engine's own text forms (the same syntax as the `grundy` host tool), so
 * an operator or a script can follow and check what happens on the LCD:
 *   grundy-box ready
 *   new marienbad 1 3 5 7
 *   you 4-3 -> 1 3 5 4
 *   me 3-3 -> 1 3 2 4
 *   winner me
 * A game's first line is the console's command that begins it: "new GAME
 * POSITION" when the person moves first, "go GAME POSITION" when the
 * machine does.  A game the person leaves before its end (a long SELECT)
 * ends with "left GAME POSITION", the position it was left in; "new" or
 * "go" in place of "left", as the last move says whose turn it was, takes
 * it up again on the console.
 * After a watchdog reset (hal/watchdog.h) the line "watchdog reset"
 * comes before "grundy-box ready", so that an operator reading the log
 * learns that the firmware hung and when.
 * With FEATURE_TEACHING, a person's move from a position they could win
 * to one the machine can win is followed by the line "slip", the moment
 * the Odra 1003 waited for:
 *   you 1-1 -> 2 4 5
 *   slip
 * Attract mode's games (FEATURE_ATTRACT) have no lines: the mode's
 * beginning is the line "attract".
 * In Polish (the exhibit's operator menu, FEATURE_POLISH) the words are
 * Polish, their letters in UTF-8: "nowa gra marienbad 1 3 5 7", "ty 4-3 ->
 * 1 3 5 4", "wygrywa: ja"; the games' names, positions and moves, the
 * console's syntax, stay as they are.
 * The serial console (firmware/console.h) writes its replies to the same
 * sink, so the line's output has one path.  The transcript observes the
 * game (firmware/game.h) and calls nothing of the console.
 */
#ifndef FIRMWARE_TRANSCRIPT_H
#define FIRMWARE_TRANSCRIPT_H

#include <stdint.h>

#include "engine/engine.h"

/* The serial line's texts (firmware/console_texts.def), numbered after the
 * engine's error messages, so that one number names either. */
enum serial_text {
	TEXT_BEFORE_FIRST = ENGINE_ERR_COUNT - 1,
#define TEXT(name, english, polish) name,
#include "firmware/console_texts.def"
#undef TEXT
	TEXTS_END
};

/* The serial line as a sink for the engine's printers, from transcript_start()
 * on. */
extern struct text_sink transcript_out;

/* CR LF: every line on the serial line ends so. */
void transcript_line_end(void);

/* Text `number` on the serial line: an enum engine_error's message or an
 * enum serial_text. */
void transcript_say(uint8_t number);

/* "GAME POSITION", as the console and the host tool read it back. */
void transcript_position(const struct position *pos);

/* After power-on or a reset, before anything else prints: it sets up
 * transcript_out. */
void transcript_start(void);
/* The game's observer (firmware/game.h): a line for each event; a move's
 * line in two halves, the move (GAME_MOVING, the position not changed yet)
 * and the position it left (GAME_MOVED), so no copy of the position is
 * needed. */
void transcript_game_event(uint8_t event);

#endif
