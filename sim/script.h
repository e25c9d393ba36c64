/*
 * Scripted runs of the firmware, for people and CI (grundy-sim --script).
 *
 * One command per line; `#` starts a comment.  Buttons are RIGHT, UP,
 * DOWN, LEFT, SELECT; times are milliseconds of simulated time; text is in
 * double quotes with \r \n \t \\ \" \xHH escapes.
 *
 *   press BUTTON [ms]          press and release (held 120 ms unless given)
 *   bounce BUTTON [ms] [seed]  the same with contact bounce at both ends
 *   hold BUTTON ms             a long press
 *   down BUTTON                press and keep pressed (power-cycle holding it:
 *                              the exhibit's operator menu), until `up`
 *   up                         let go of the button kept pressed
 *   run ms                     let time pass
 *   wait "text" [timeout_ms]   until the LCD shows text (5000 ms unless given)
 *   expect "text"              the LCD shows text now
 *   send "text"                type on the serial line
 *   wait-uart "text" [timeout] until the chip sends text (after the previous match)
 *   screen                     print the two lines
 *   png FILE                   save the display as a PNG picture
 *   cycles                     print cycles since power-on, and those asleep
 *   power-cycle                cut the power and turn it on again (EEPROM kept)
 *
 * A run fails on a command that fails, on any LCD timing violation, and
 * when the firmware crashes or stops; the message names the line and shows
 * the screen.
 */
#ifndef SIM_SCRIPT_H
#define SIM_SCRIPT_H

#include <stdio.h>

#include "sim/harness.h"

/* Runs the script at `path` on a fresh chip.  Results (screen, cycles) go
 * to `out`, failures to stderr.  Saves the final display to `png_path`
 * unless it is NULL.  0 when every command passed, 1 otherwise. */
int sim_script_run(const char *path, const struct sim_options *options, const char *png_path, FILE *out);

#endif
