/*
 * The serial console on the Uno's USB serial line: 115200 baud (or the
 * build's BAUD), 8 data bits, no parity, 1 stop bit (BOARD_UART_BAUD,
 * hal/uart.h).  It works from
 * a plain terminal and from the Arduino serial monitor: a line ends with
 * CR, LF or CRLF; the device does not echo (turn on local echo).  A line
 * is edited as local echo shows it: BS or DEL erases the last character
 * (nothing when none is left), and a TAB counts as a space.  Empty lines
 * are ignored; every other line gets a reply, except the rows of the Odra
 * challenge, which its answer acknowledges.  Every reply is whole lines
 * ending in CRLF, and every refusal is one line starting with "error: ".
 *
 *   help                 the commands, then, where a line takes a game,
 *                        one line a game: its name, its position syntax
 *                        and its move syntax
 *   GAME [POSITION]      the analysis line of the host tool `grundy`, exactly:
 *                          game=NAME outcome=N|P grundy=G|- move=M|- after=P|-
 *                        (of the game's start when POSITION is left out)
 *                        (FEATURE_ANALYSIS)
 *   new GAME [POSITION]  a new game, played here and on the LCD; you move first
 *   go GAME [POSITION]   the same, the machine moving first
 *   MOVE                 your move, in the game's syntax: 2-3, -4, a1,a2, ...
 *   board                the game in progress (or the last one, over or
 *                        left), as a teleprinter prints it
 *                        (these four: FEATURE_TYPED_PLAY)
 *   hint                 on the person's turn in a game in progress: its
 *                        analysis line, as for GAME POSITION; counted in
 *                        settings.hints or the statistics (FEATURE_TEACHING and
 *                        FEATURE_TYPED_PLAY)
 *   why                  on the person's turn: the reason why of the
 *                        position (engine_print_why) (the same)
 *   level [N]            the machine's level of play, N 1 to 3 (as the
 *                        menu's Level sets it; in the game in progress
 *                        too): 3 plays perfectly, 2 and 1 slip at times
 *                        (engine/level.c), 1 the most.  The reply is the
 *                        level now, "level 3"; without N it only says it.
 *                        A bad N is refused: "error: out of range" (0, 4),
 *                        "error: not a number", "error: bad syntax" (more
 *                        after N)
 *   stats                the statistics (firmware/stats.h): a line for
 *                        each game played since their last reset, then
 *                        the totals, "marienbad: played 12, you 3, me 9,
 *                        slips 4, hints 2", "total: played ..."
 *                        (FEATURE_STATS)
 *   odra                 the Odra challenge (firmware/odra.h): Nim rows follow,
 *                        one a line, and an empty line ends them with the
 *                        answer; a bad row ends them at once with its error
 *                        line ("error: row 2: not a number"), and the next
 *                        line is a command again
 *
 * Names are the games' own (`help` lists them), in either case.  A game is
 * printed as its line "GAME POSITION" (typed back, it is the analysis
 * command), then its picture: a row of matches, `I`, for each heap, row
 * or strip (its size in the first line; 40 at most are drawn), Chomp's
 * rows bottom first; the board games and Matrix Nim one row a line; each
 * labelled as moves name it (1:, a:); numbers have no picture.  Then
 * "your move", "my move" or "game is over".
 *
 * The console and the buttons play one game, the one the LCD shows: `new`
 * and `go` replace whatever game is in progress and bring the LCD to it; a
 * move typed here is played as if entered with the buttons, and the LCD
 * follows it; the machine replies to either in the same way, after the
 * same pause.  The serial line gets the transcript of every game, however
 * it is played (firmware/transcript.h): "new GAME POSITION" (or "go ..."
 * when the machine moves first: the command that begins the same game),
 * "you 4-3 -> 1 3 5 4", "me ...", then "winner ..." or, when the person
 * leaves the game with a long SELECT, "left GAME POSITION"; a game left
 * takes no more moves.  After a move or a game begun here, the board is
 * printed when it is the person's turn again or the game is over.  A move
 * is taken only on the person's turn ("error: not your turn" while the
 * machine thinks).  Either side may make the next move.
 *
 * Lines longer than CONSOLE_LINE_MAX characters (or than the RAM the Odra
 * challenge shares with the line holds, when that is more), lines holding any other
 * control byte (ESC, say, which a terminal's arrow keys send; XON and XOFF
 * never reach the console, hal/uart.h) or an 8-bit
 * byte, even one erased afterwards, and lines the device could not
 * receive whole (bytes sent while it was busy, beyond its 64-byte
 * buffer, by a sender deaf to XOFF: the UART says exactly where bytes
 * were lost) are refused whole when their end comes, with one error line
 * each, and change nothing; the lines before and after them are read as
 * usual.  A line cut by a loss
 * ends at the next line end that arrives, so a script that saw "error:
 * input lost" best sends an empty line.  A terminal with XON/XOFF flow
 * control on (hal/uart.h) may send lines back to back and gets every
 * reply; without it, send a line, then wait for its reply (within 250
 * ms).  During the Odra challenge the device
 * reads the rows as fast as the line brings them, even sent as one file
 * with `odra` first and no flow control, at 115200 baud or at 1 Mbaud,
 * and the buttons wait until it is over.
 */
#ifndef FIRMWARE_CONSOLE_H
#define FIRMWARE_CONSOLE_H

#include <stdint.h>

#include "engine/engine.h"
#include "firmware/features.h"

/*
 * The longest line the console takes: the longest that states a legal
 * position of any game, with the command before it, where a line takes a
 * position.  The longest
 * position is Matrix Nim's: ENGINE_MATRIX_MAX rows of as many cells of
 * 255, rows separated by ` / `, as the engine prints it, after `new
 * matrix-nim `.  console_commands.c checks the other games' longest
 * against it.
 */
#define CONSOLE_MATRIX_LINE_MAX                                                                                \
	(sizeof "new matrix-nim " - 1u + ENGINE_MATRIX_MAX * (ENGINE_MATRIX_MAX * (sizeof "255 " - 1u) - 1u) + \
	 (ENGINE_MATRIX_MAX - 1u) * (sizeof " / " - 1u))
#if FEATURE_ANALYSIS || FEATURE_TYPED_PLAY
#define CONSOLE_LINE_MAX CONSOLE_MATRIX_LINE_MAX
#else
/* An edition whose own commands are short still reads a line as long as
 * a typical position's, so that a command of another edition (`new nim 3
 * 4 5`) or a number out of range (`level 99999`) gets its own answer, not
 * `line too long`. */
#define CONSOLE_LINE_MAX 120u
#endif

/* Forgets any half-read line and leaves the challenge: the power-on state,
 * which the C start-up's zeroing gives on the device; for host tests that
 * start the console afresh. */
void console_init(void);
/* The game's observer (firmware/game.h): when a game begins or is left,
 * here or with the buttons, a board that a command waited for in the last
 * game is no longer due. */
void console_game_event(uint8_t event);
/* Called on every pass of the main loop: reads what the serial line
 * brought, runs at most one command, and prints the board a command waits
 * for. */
void console_poll(void);

#endif
