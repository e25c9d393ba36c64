/*
 * The interactive terminal (see play.h).  The simulation runs in 10 ms
 * slices paced to the wall clock by the harness (real-time mode), so a
 * sleeping chip leaves the host idle; keys are read between slices.
 */
#include "sim/play.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "sim/lcd_text.h"

#define PLAY_SLICE_MS 10u
#define PLAY_PRESS_MS 120u
#define PLAY_LONG_PRESS_MS 1500u
/* LEFT held until the hint comes (firmware/play.c: about 3 s at most). */
#define PLAY_HINT_PRESS_MS 3500u
#define PLAY_RELEASE_GAP_MS 60u /* between queued presses, as fingers need */
#define PLAY_TONE_SHOWN_MS 400u /* a tone stays on the status line after it ends */
#define PLAY_QUEUE_SIZE 16
#define PLAY_INPUT_SIZE 120
#define PLAY_FRAME_SIZE 65536
#define PLAY_PNG_NAME "lcd.png"

#define KEY_CTRL_C 0x03
#define KEY_BACKSPACE 0x7F
#define KEY_CTRL_H 0x08
#define KEY_TAB '\t'
#define KEY_ESCAPE 0x1B

struct press {
	enum board_button button;
	uint32_t hold_ms;
};

struct play {
	struct sim *sim;
	const char *elf;
	uint8_t shield;
	bool serial_mode;
	char input[PLAY_INPUT_SIZE];
	size_t input_length;
	char message[128];
	struct press queue[PLAY_QUEUE_SIZE];
	int queue_head;
	int queue_count;
	bool holding;
	enum board_button held;
	uint64_t release_at;
	uint64_t next_press_at;
	char *frame;
	char *shown;
	size_t frame_length;
	uint64_t simulated_cycles; /* across power cycles, for the closing figures */
	uint64_t asleep_cycles;
};

/* ---- the terminal ---------------------------------------------------------------- */

static struct termios saved_termios;
static volatile sig_atomic_t terminal_raw;
static volatile sig_atomic_t quit_requested;
static volatile sig_atomic_t resized;
static struct sigaction previous_fatal[4];
static const int fatal_signals[4] = { SIGSEGV, SIGBUS, SIGFPE, SIGABRT };

static const char leave_screen[] = "\033[0m\033[?25h\033[?1049l";

/* Async-signal-safe: a fatal signal may call it. */
static void play_restore_terminal(void)
{
	if (terminal_raw) {
		terminal_raw = 0;
		ssize_t ignored = write(STDOUT_FILENO, leave_screen, sizeof leave_screen - 1);
		(void)ignored;
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
	}
}

static void play_on_quit_signal(int signal_number)
{
	(void)signal_number;
	quit_requested = 1;
}

static void play_on_resize(int signal_number)
{
	(void)signal_number;
	resized = 1;
}

/* A crash of the simulator itself: give the terminal back, then let the
 * previous handler (the sanitizers', or the default) report it. */
static void play_on_fatal_signal(int signal_number)
{
	play_restore_terminal();
	for (int i = 0; i < 4; i++) {
		if (fatal_signals[i] == signal_number) {
			sigaction(signal_number, &previous_fatal[i], NULL);
		}
	}
	raise(signal_number);
}

static void play_install_signals(void)
{
	struct sigaction action;
	memset(&action, 0, sizeof action);
	sigemptyset(&action.sa_mask);
	action.sa_handler = play_on_quit_signal;
	sigaction(SIGINT, &action, NULL);
	sigaction(SIGTERM, &action, NULL);
	sigaction(SIGHUP, &action, NULL);
	sigaction(SIGQUIT, &action, NULL);
	action.sa_handler = play_on_resize;
	sigaction(SIGWINCH, &action, NULL);
	action.sa_handler = play_on_fatal_signal;
	for (int i = 0; i < 4; i++) {
		sigaction(fatal_signals[i], &action, &previous_fatal[i]);
	}
}

static bool play_enter_raw_mode(void)
{
	if (tcgetattr(STDIN_FILENO, &saved_termios) != 0) {
		return false;
	}
	struct termios raw = saved_termios;
	/* Bytes as typed: no line editing, no echo, Ctrl-C and Ctrl-S as plain
	 * keys, Enter as CR.  Output processing stays, so "\n" still works. */
	raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO | ISIG | IEXTEN);
	raw.c_iflag &= (tcflag_t) ~(IXON | ICRNL | INLCR | ISTRIP);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0) {
		return false;
	}
	terminal_raw = 1;
	atexit(play_restore_terminal);
	static const char enter_screen[] = "\033[?1049h\033[?25l\033[H\033[2J";
	ssize_t ignored = write(STDOUT_FILENO, enter_screen, sizeof enter_screen - 1);
	(void)ignored;
	return true;
}

static void play_terminal_size(int *columns, int *rows)
{
	struct winsize size;
	*columns = 80;
	*rows = 24;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0 && size.ws_row > 0) {
		*columns = size.ws_col;
		*rows = size.ws_row;
	}
}

/* ---- drawing ---------------------------------------------------------------------- */

__attribute__((format(printf, 2, 3))) static void play_add(struct play *play, const char *format, ...)
{
	if (play->frame_length >= PLAY_FRAME_SIZE) {
		return;
	}
	va_list args;
	va_start(args, format);
	int written = vsnprintf(play->frame + play->frame_length, PLAY_FRAME_SIZE - play->frame_length, format, args);
	va_end(args);
	if (written > 0) {
		size_t room = PLAY_FRAME_SIZE - play->frame_length - 1u;
		play->frame_length += (size_t)written < room ? (size_t)written : room;
	}
}

/* Ends a screen line: clear what an older, longer frame left there. */
static void play_end_line(struct play *play)
{
	play_add(play, "\033[K\r\n");
}

static const char *play_button_name(enum board_button button)
{
	static const char *const names[BUTTON_COUNT] = {
		[BUTTON_NONE] = "-",    [BUTTON_RIGHT] = "RIGHT", [BUTTON_UP] = "UP",
		[BUTTON_DOWN] = "DOWN", [BUTTON_LEFT] = "LEFT",   [BUTTON_SELECT] = "SELECT",
	};
	return names[button];
}

/* The glass's colours: white on blue, as the shield's, lit; grey on a
 * dark blue with the backlight off (D10 driven low). */
#define PLAY_GLASS_LIT "1;97;44"
#define PLAY_GLASS_DARK "2;37;44"

static void play_draw_lcd(struct play *play)
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(play->sim, lines);
	bool lit = sim_backlight_lit(play->sim);
	play_add(play, "  \033[2m\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500"
		       "\u2500\u2500\u2500\u2500\u2500\u2510\033[0m");
	play_end_line(play);
	for (int row = 0; row < BOARD_LCD_ROWS; row++) {
		char utf8[LCD_TEXT_LINE_SIZE];
		lcd_text_line_utf8(play->sim, lines[row], utf8);
		bool led = row == 0 ? sim_led_thinking(play->sim) : sim_led_win(play->sim);
		play_add(play, "  \033[2m\u2502\033[0m\033[%sm%s\033[0m\033[2m\u2502\033[0m   %s %s",
			 lit ? PLAY_GLASS_LIT : PLAY_GLASS_DARK, utf8, row == 0 ? "THINKING (D13)" : "WIN      (D3) ",
			 led ? "\033[1;93m\u25cf\033[0m" : "\u25cb");
		play_end_line(play);
	}
	/* The pocket on batteries: its idle times' states. */
	const char *note = "";
	if (!sim_lcd_display_on(play->sim)) {
		note = "display off: standby, any key wakes it";
	} else if (!lit) {
		note = "backlight off (D10 low)";
	}
	play_add(play,
		 "  \033[2m\u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500"
		 "\u2500\u2500\u2500\u2500\u2500\u2518\033[0m   %s",
		 note);
	play_end_line(play);
}

/* The exhibit's lamps, once the firmware has latched them: rows of 1, 3,
 * 5 and 7, lamp 1 (bit 15 of sim_lamps) at the top.  Returns the screen
 * rows drawn. */
static int play_draw_lamps(struct play *play)
{
	if (sim_lamps_latches(play->sim) == 0) {
		return 0;
	}
	uint16_t lamps = sim_lamps(play->sim);
	int bit = 15;
	for (int row = 0; row < 4; row++) {
		play_add(play, "%*s", 2 + 2 * (3 - row), "");
		for (int at = 0; at <= 2 * row; at++, bit--) {
			play_add(play, "%s ", lamps >> bit & 1u ? "\033[1;93m\u25cf\033[0m" : "\033[2m\u25cb\033[0m");
		}
		if (row == 0) {
			play_add(play, "%*sLAMPS (2 x 74HC595 on A1-A3)", 12, "");
		}
		play_end_line(play);
	}
	return 4;
}

/* What the buzzer (D11) plays: the tone sounding, or the last one for a
 * moment after it, so that a click of a few milliseconds can be seen;
 * blank in silence (and always on an edition without the buzzer). */
static void play_sound_text(struct play *play, char *text, size_t size)
{
	struct sim_tone tone;
	bool heard = sim_tone_now(play->sim, &tone) || sim_tones(play->sim, &tone, 1) == 1;
	uint64_t shown_cycles = (uint64_t)PLAY_TONE_SHOWN_MS * BOARD_F_CPU / 1000u;
	if (heard && sim_cycles(play->sim) - tone.end <= shown_cycles) {
		snprintf(text, size, "\u266a %4.0f Hz", tone.hz);
	} else {
		snprintf(text, size, "%9s", "");
	}
}

/* The serial output's last lines that fit, control bytes shown as '.'. */
static void play_draw_serial(struct play *play, int columns, int rows_left)
{
	const char *text = sim_uart_output(play->sim);
	size_t length = sim_uart_output_length(play->sim);
	if (rows_left < 1) {
		return;
	}
	/* Start after the rows_left-th line break from the end, so the last
	 * rows_left lines (the last one perhaps unfinished) show. */
	size_t start = length;
	int breaks = 0;
	while (start > 0) {
		if (text[start - 1] == '\n' && ++breaks == rows_left) {
			break;
		}
		start--;
	}
	int column = 0;
	for (size_t i = start; i < length; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c == '\n') {
			play_end_line(play);
			column = 0;
			continue;
		}
		if (c == '\r' || column >= columns - 1) {
			continue;
		}
		play_add(play, "%c", (c >= 0x20u && c < 0x7Fu) ? (char)c : '.');
		column++;
	}
	play_end_line(play);
}

static void play_draw(struct play *play)
{
	int columns;
	int rows;
	play_terminal_size(&columns, &rows);
	play->frame_length = 0;
	play_add(play,
		 "\033[H\033[1mGrundy Box\033[0m in the simulator: %s on an Arduino Uno + LCD Keypad Shield v1.%u",
		 play->elf, (unsigned)play->shield);
	play_end_line(play);
	play_end_line(play);
	play_draw_lcd(play);
	int lamp_rows = play_draw_lamps(play);
	play_end_line(play);
	play_add(play,
		 "\033[2m\u2190\u2191\u2193\u2192 buttons  Enter/space SELECT  L long SELECT  "
		 "H hint  Tab serial  P %s  q quit\033[0m",
		 PLAY_PNG_NAME);
	play_end_line(play);
	double seconds = (double)sim_cycles(play->sim) / BOARD_F_CPU;
	if (sim_stopped(play->sim)) {
		play_add(play, "\033[1;91mThe firmware %s.\033[0m  R power-cycle, q quit", sim_state_text(play->sim));
	} else if (play->serial_mode) {
		play_add(play, "\033[1mserial>\033[0m %.*s\033[7m \033[0m  (Enter sends with CR LF, Tab for buttons)",
			 (int)play->input_length, play->input);
	} else {
		char sound[32];
		play_sound_text(play, sound, sizeof sound);
		play_add(play, "%7.1f s  button: %-6s  %s  %s", seconds,
			 play->holding ? play_button_name(play->held) : "-", sound, play->message);
	}
	play_end_line(play);
	if (sim_lcd_violations(play->sim) > 0) {
		play_add(play, "\033[91mLCD timing: %s\033[0m", sim_lcd_first_violation(play->sim));
		play_end_line(play);
	}
	/* The rate the firmware set: 117,647 baud is the chip's "115200". */
	play_add(play, "\033[2m\u2500\u2500 serial (%lu baud 8N1) \u2500\u2500\033[0m",
		 (unsigned long)sim_uart_baud(play->sim));
	play_end_line(play);
	/* Title, blank, four rows of LCD box, perhaps the lamps, blank, help,
	 * status, serial heading, perhaps the timing line; one row spare so
	 * nothing scrolls. */
	int used = 10 + lamp_rows + (sim_lcd_violations(play->sim) > 0 ? 1 : 0);
	play_draw_serial(play, columns, rows - used - 1);
	play_add(play, "\033[J");
	if (play->frame_length != strlen(play->shown) || memcmp(play->frame, play->shown, play->frame_length) != 0) {
		ssize_t ignored = write(STDOUT_FILENO, play->frame, play->frame_length);
		(void)ignored;
		memcpy(play->shown, play->frame, play->frame_length);
		play->shown[play->frame_length] = '\0';
	}
}

/* ---- keys and buttons ----------------------------------------------------------------- */

static void play_queue_press(struct play *play, enum board_button button, uint32_t hold_ms)
{
	if (play->queue_count == PLAY_QUEUE_SIZE) {
		return; /* a person cannot press faster than the queue drains */
	}
	play->queue[(play->queue_head + play->queue_count) % PLAY_QUEUE_SIZE] = (struct press){ button, hold_ms };
	play->queue_count++;
}

/* Presses and releases buttons on schedule, in simulated time. */
static void play_drive_buttons(struct play *play)
{
	uint64_t now = sim_cycles(play->sim);
	if (play->holding && now >= play->release_at) {
		sim_button_up(play->sim);
		play->holding = false;
		play->next_press_at = now + (uint64_t)PLAY_RELEASE_GAP_MS * BOARD_F_CPU / 1000u;
	}
	if (!play->holding && play->queue_count > 0 && now >= play->next_press_at) {
		struct press press = play->queue[play->queue_head];
		play->queue_head = (play->queue_head + 1) % PLAY_QUEUE_SIZE;
		play->queue_count--;
		sim_button_down(play->sim, press.button);
		play->holding = true;
		play->held = press.button;
		play->release_at = now + (uint64_t)press.hold_ms * BOARD_F_CPU / 1000u;
	}
}

static void play_power_cycle(struct play *play)
{
	play->simulated_cycles += sim_cycles(play->sim);
	play->asleep_cycles += sim_sleep_cycles(play->sim);
	sim_power_cycle(play->sim);
	play->holding = false;
	play->queue_count = 0;
	play->next_press_at = 0;
	snprintf(play->message, sizeof play->message, "power-cycled");
}

static void play_serial_key(struct play *play, unsigned char key)
{
	if (key == '\r' || key == '\n') {
		sim_uart_send(play->sim, play->input, play->input_length);
		sim_uart_send(play->sim, "\r\n", 2);
		play->input_length = 0;
	} else if (key == KEY_BACKSPACE || key == KEY_CTRL_H) {
		if (play->input_length > 0) {
			play->input_length--;
		}
	} else if (key >= 0x20u && key < 0x7Fu && play->input_length < PLAY_INPUT_SIZE) {
		play->input[play->input_length++] = (char)key;
	}
}

static void play_button_key(struct play *play, unsigned char key)
{
	switch (key) {
	case '\r':
	case '\n':
	case ' ':
		play_queue_press(play, BUTTON_SELECT, PLAY_PRESS_MS);
		break;
	case 'l':
	case 'L':
		play_queue_press(play, BUTTON_SELECT, PLAY_LONG_PRESS_MS);
		break;
	case 'h':
	case 'H':
		play_queue_press(play, BUTTON_LEFT, PLAY_HINT_PRESS_MS);
		break;
	case 'p':
	case 'P':
		if (sim_lcd_save_png(play->sim, PLAY_PNG_NAME) == 0) {
			snprintf(play->message, sizeof play->message, "saved %s", PLAY_PNG_NAME);
		} else {
			snprintf(play->message, sizeof play->message, "could not save %s", PLAY_PNG_NAME);
		}
		break;
	case 'q':
	case 'Q':
		quit_requested = 1;
		break;
	default:
		break;
	}
}

/* Arrow keys arrive as ESC [ A..D (or ESC O A..D in application mode). */
static size_t play_escape(struct play *play, const unsigned char *keys, size_t length)
{
	if (length < 3 || (keys[1] != '[' && keys[1] != 'O')) {
		return 1;
	}
	static const enum board_button arrows[4] = { BUTTON_UP, BUTTON_DOWN, BUTTON_RIGHT, BUTTON_LEFT };
	if (!play->serial_mode && keys[2] >= 'A' && keys[2] <= 'D') {
		play_queue_press(play, arrows[keys[2] - 'A'], PLAY_PRESS_MS);
	}
	return 3;
}

static void play_read_keys(struct play *play)
{
	unsigned char keys[64];
	ssize_t got = read(STDIN_FILENO, keys, sizeof keys);
	if (got <= 0) {
		return;
	}
	for (size_t i = 0; i < (size_t)got;) {
		unsigned char key = keys[i];
		if (key == KEY_ESCAPE) {
			i += play_escape(play, keys + i, (size_t)got - i);
			continue;
		}
		i++;
		if (key == KEY_CTRL_C) {
			quit_requested = 1;
		} else if (key == KEY_TAB) {
			play->serial_mode = !play->serial_mode;
		} else if (sim_stopped(play->sim) && (key == 'r' || key == 'R')) {
			play_power_cycle(play);
		} else if (play->serial_mode) {
			play_serial_key(play, key);
		} else {
			play_button_key(play, key);
		}
	}
}

/* ---- the loop ------------------------------------------------------------------------------ */

static void play_run(struct play *play)
{
	while (!quit_requested) {
		if (resized) {
			resized = 0;
			play->shown[0] = '\0';
			ssize_t ignored = write(STDOUT_FILENO, "\033[2J", 4);
			(void)ignored;
		}
		play_drive_buttons(play);
		if (sim_stopped(play->sim)) {
			/* Nothing runs: wait for a key without spinning. */
			struct pollfd input = { .fd = STDIN_FILENO, .events = POLLIN };
			poll(&input, 1, 100);
		} else {
			uint64_t slice = (uint64_t)PLAY_SLICE_MS * BOARD_F_CPU / 1000u;
			uint64_t now = sim_cycles(play->sim);
			if (play->holding && play->release_at > now && play->release_at - now < slice) {
				slice = play->release_at - now;
			}
			sim_run_cycles(play->sim, slice);
		}
		play_read_keys(play);
		play_draw(play);
	}
}

static double play_seconds_since(const struct timespec *start)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

int sim_play(const struct sim_options *options, const char *png_path)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "grundy-sim --play needs a terminal on stdin and stdout; "
				"for pipes and CI use --script FILE\n");
		return 1;
	}
	struct sim_options realtime = *options;
	realtime.realtime = true;
	struct play play = { .elf = options->elf, .shield = options->shield };
	play.sim = sim_open(&realtime);
	play.frame = malloc(PLAY_FRAME_SIZE + 1u);
	play.shown = calloc(1, PLAY_FRAME_SIZE + 1u);
	if (!play.sim || !play.frame || !play.shown) {
		sim_close(play.sim);
		free(play.frame);
		free(play.shown);
		return 1;
	}
	play_install_signals();
	if (!play_enter_raw_mode()) {
		fprintf(stderr, "cannot set the terminal to raw mode: %s\n", strerror(errno));
		sim_close(play.sim);
		free(play.frame);
		free(play.shown);
		return 1;
	}
	struct timespec started;
	clock_gettime(CLOCK_MONOTONIC, &started);
	play_run(&play);
	double wall = play_seconds_since(&started);
	play_restore_terminal();

	play.simulated_cycles += sim_cycles(play.sim);
	play.asleep_cycles += sim_sleep_cycles(play.sim);
	double simulated = (double)play.simulated_cycles / BOARD_F_CPU;
	fprintf(stderr, "simulated %.2f s in %.2f s of real time (%.3fx), %.1f%% of it asleep\n", simulated, wall,
		wall > 0 ? simulated / wall : 0.0,
		play.simulated_cycles ? 100.0 * (double)play.asleep_cycles / (double)play.simulated_cycles : 0.0);
	if (sim_lcd_violations(play.sim) > 0) {
		fprintf(stderr, "LCD timing violated %u times; the first: %s\n", sim_lcd_violations(play.sim),
			sim_lcd_first_violation(play.sim));
	}
	int status = 0;
	if (png_path && sim_lcd_save_png(play.sim, png_path) != 0) {
		status = 1;
	}
	sim_close(play.sim);
	free(play.frame);
	free(play.shown);
	return status;
}
