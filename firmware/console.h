/*
 * The serial console on the Uno's USB serial line: 115200 baud, 8N1
 * (hal/uart.h).  It works from a plain terminal and from the Arduino serial
 * monitor: a line ends with CR, LF or CRLF; the device does not echo (turn
 * on your terminal's local echo); backspace (BS or DEL) erases the last
 * character; empty lines are ignored.  Every reply is whole lines ending in
 * CRLF; every refusal is one line starting with "error: ".
 *
 *   help               the commands
 *   help GAME          the game's position and move syntax and an example
 *   games              the names of the games
 *   GAME [POSITION]    the analysis line of the host tool `grundy`, exactly:
 *                        game=NAME outcome=N|P grundy=G|- move=M|- after=P|-
 *                      (the start position when POSITION is left out)
 *   analyse [GAME [POSITION]]   the same; alone, of the game in progress
 *   new GAME [POSITION]  a new game, played here and on the LCD; you move first
 *   go                 the machine moves first instead (before any move)
 *   MOVE               your move in the engine's syntax: 2-3, a1,a2, -4, ...
 *   board              the game in progress, as a teleprinter prints it
 *   score              the games won on each side
 *   odra               the Odra challenge (firmware/odra.h): Nim rows follow,
 *                      one a line, and an empty line ends them
 *
 * One game, shared with the buttons: a move typed here is played as if
 * entered with the buttons (the LCD follows it), a move made with the
 * buttons shows in the transcript lines (firmware/transcript.h), and the
 * machine replies to either in the same way.  A move is taken only on the
 * person's turn.  The board is printed after `new` and `board`, and when
 * the turn comes back after a move typed here.
 *
 * Lines longer than CONSOLE_LINE_MAX characters, lines holding control or
 * 8-bit bytes, and lines the device could not receive whole (bytes sent
 * while it was busy, beyond its 64-byte buffer: the UART says exactly
 * where bytes were lost) are refused whole when their end comes, with one
 * error line each, and change nothing; the lines before and after them are
 * read as usual.  A line cut by a loss ends at the next line end that
 * arrives, so a script that saw "error: input lost" best sends an empty
 * line.  Send a line, then wait for its reply.  During the Odra challenge
 * the device reads the line as fast as it comes and the buttons wait.
 */
#ifndef FIRMWARE_CONSOLE_H
#define FIRMWARE_CONSOLE_H

#define CONSOLE_LINE_MAX 120u

/* Forgets any half-read line and leaves the challenge (power-on state). */
void console_init(void);
/* Called on every pass of the main loop: reads what the serial line
 * brought, runs at most one command, and reports game changes it waits for. */
void console_poll(void);

#endif
