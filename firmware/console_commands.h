/*
 * Inside the serial console (firmware/console.h): what its reading of
 * lines (console.c) and its commands (console_commands.c) need of each
 * other.
 */
#ifndef FIRMWARE_CONSOLE_COMMANDS_H
#define FIRMWARE_CONSOLE_COMMANDS_H

#include <stdint.h>

/* Runs the command line `line`, whole and ending in a NUL: ENGINE_OK when
 * it ran, else the text that says why it is refused (and nothing changed),
 * for its error line. */
uint8_t console_run_line(const char *line);
/* Prints the board a command waits for, once it is the person's turn or
 * the game is over. */
void console_print_due_board(void);
/* Forgets the board a command waits for: its part of console_init(). */
void console_forget_board(void);

/* Text `number` (an enum engine_error or an enum serial_text), ending its
 * line. */
void console_say_line(uint8_t number);
/* What ends a row's label: "1: ", "row 2: ". */
void console_say_label_end(void);

/* `odra` (console.c): the challenge begins with its prompt, and the lines
 * that follow are its rows. */
void console_start_odra(void);

#endif
