/*
 * Composing the LCD's lines.  A screen prints one line at a time into a
 * small buffer through the engine's text sinks (so engine_print_error,
 * put_u32 and friends write straight onto the display), then shows it.
 * Text beyond the 16 columns is cut; the rest of the line is blanked.
 *
 * Pictures use the display's eight custom characters, drawn at run time: a
 * screen asks for a character by a number of its own (display_glyph), equal
 * numbers share one character, and display_show_glyphs() then draws each
 * character asked for since display_clear_glyphs().  The Polish letters
 * take the characters the rows leave free (display_write).
 */
#ifndef FIRMWARE_DISPLAY_H
#define FIRMWARE_DISPLAY_H

#include <stdint.h>

#include "engine/engine.h"
#include "firmware/words.h"

/* Row `row` showing screen text `text` alone. */
void display_text_row(uint8_t row, uint8_t text);

/* Starts an empty line, makes it where the put_* functions of engine/text.h
 * print, and returns its sink for the functions that take one. */
struct text_sink *display_begin(void);
/* Shows the line begun last on LCD row `row` (0 or 1). */
void display_end(uint8_t row);
/* Shows `text`, a line in RAM, on row `row`, and changes it: its Polish
 * letters (engine/letters.def) become custom characters while one is free
 * (the same letter, the same character), plain letters when none is.
 * Every line the firmware shows goes through here, so that it knows which
 * custom characters each row shows. */
void display_write(uint8_t row, char *text);

/* How many times a row or a custom character has changed what it shows,
 * counted round 255 to 0 (with FEATURE_SOUND, else always 0): a key that
 * leaves it as it was changed nothing on the screen. */
uint8_t display_changes(void);

/* The score of the games finished, "You 2 - me 5", where the put_*
 * functions print: the settings' score, or with FEATURE_STATS the
 * statistics' totals since their last reset. */
void display_score(void);

/* Before a picture: every character is free for it (the picture's
 * screen is drawn whole). */
void display_clear_glyphs(void);
/* The character code (for the line being printed) of picture element
 * `id`; '?' when all eight are taken by others. */
char display_glyph(uint8_t id);
/* Draws every character the picture shows, after its rows are written:
 * `draw` fills the eight pixel rows of an element. */
void display_show_glyphs(void (*draw)(uint8_t id, uint8_t rows[8]));

#endif
