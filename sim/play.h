/*
 * Playing the firmware in a terminal (grundy-sim --play, make play): the
 * 16x2 LCD in a box, the LEDs, the serial output below, keys for the five
 * buttons, all at the real speed of a 16 MHz chip.
 *
 *   arrows        RIGHT / UP / DOWN / LEFT (each press holds ~120 ms)
 *   Enter, space  SELECT
 *   L             a long SELECT (held 1.5 s)
 *   Tab           type on the serial line instead (Enter sends the line
 *                 with CR LF; Tab goes back to the buttons)
 *   P             save the display as lcd.png
 *   R             power-cycle (offered once the firmware has stopped)
 *   q, Ctrl-C     quit
 */
#ifndef SIM_PLAY_H
#define SIM_PLAY_H

#include "sim/harness.h"

/* Needs a terminal on stdin and stdout; says so and returns 1 otherwise.
 * Saves the final display to `png_path` unless it is NULL.  0 on a normal
 * quit. */
int sim_play(const struct sim_options *options, const char *png_path);

#endif
