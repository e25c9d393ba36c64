/*
 * The DFRobot DFR0009 "LCD Keypad Shield" and its clones on an Arduino Uno.
 *
 * The one place that names the board's pins and button voltages.  Both the
 * firmware (through hal/) and the simulator (sim/) include this header, so
 * the simulated board cannot drift from the real one.  It includes no AVR
 * header: pins are given as a port letter and a bit number, and the HAL
 * turns them into register names (see hal/pins.h).
 */
#ifndef BOARD_LCD_KEYPAD_SHIELD_H
#define BOARD_LCD_KEYPAD_SHIELD_H

#include <stdint.h>

#define BOARD_NAME "Arduino Uno + LCD Keypad Shield"
#define BOARD_MCU "atmega328p"
#define BOARD_F_CPU 16000000UL

/* HD44780 in 4-bit mode.  R/W is tied to ground on the shield, so the
 * firmware can never read the busy flag and must wait the datasheet times. */
#define BOARD_LCD_RS_PORT B /* D8 */
#define BOARD_LCD_RS_BIT 0
#define BOARD_LCD_E_PORT B /* D9 */
#define BOARD_LCD_E_BIT 1
#define BOARD_LCD_DATA_PORT D /* D4..D7 carry LCD data lines DB4..DB7 */
#define BOARD_LCD_DATA_SHIFT 4
#define BOARD_LCD_DATA_MASK 0xF0u
#define BOARD_LCD_COLUMNS 16
#define BOARD_LCD_ROWS 2

/* Backlight transistor on D10.  On many clones the base has no resistor, so
 * driving the pin high shorts it: the firmware leaves it an input (backlight
 * on through the shield's pull-up) and never drives it high. */
#define BOARD_BACKLIGHT_PORT B /* D10 */
#define BOARD_BACKLIGHT_BIT 2

/* Status LEDs: the Uno's own LED on D13 (PB5), and one spare pin, D3 (PD3),
 * that the shield leaves free, for an external LED with a resistor. */
#define BOARD_LED_THINKING_PORT B /* D13, the Uno's "L" LED */
#define BOARD_LED_THINKING_BIT 5
#define BOARD_LED_WIN_PORT D /* D3 */
#define BOARD_LED_WIN_BIT 3

/* The exhibit's bank of 16 lamps: two daisy-chained 74HC595 shift
 * registers on A1-A3 (PC1-PC3), analog pins the shield leaves free and
 * used here as digital outputs (docs/exhibit.md has the wiring).  D11 stays
 * free for the piezo, which needs Timer2's output OC2A. */
#define BOARD_LAMPS_PORT C
#define BOARD_LAMPS_SER_BIT 1   /* A1: the first register's SER (pin 14), data */
#define BOARD_LAMPS_SRCLK_BIT 2 /* A2: both registers' SRCLK (pin 11), shift clock */
#define BOARD_LAMPS_RCLK_BIT 3  /* A3: both registers' RCLK (pin 12), latch clock */
#define BOARD_LAMPS 16

/* The exhibit's piezo buzzer on D11 (PB3), the pin of Timer2's output
 * compare A (OC2A): the timer toggles it, so a tone's square wave needs
 * no code while it sounds.  The shield leaves D11 free. */
#define BOARD_BUZZER_PORT B /* D11, OC2A */
#define BOARD_BUZZER_BIT 3

/* The five buttons sit on a resistor ladder into analog input A0. */
#define BOARD_BUTTONS_ADC_CHANNEL 0

enum board_button { BUTTON_NONE = 0, BUTTON_RIGHT, BUTTON_UP, BUTTON_DOWN, BUTTON_LEFT, BUTTON_SELECT, BUTTON_COUNT };

/*
 * 10-bit readings (AVcc = 5 V) published for the two common shield versions:
 *   v1.0: RIGHT 0, UP 133..145, DOWN 308..329, LEFT 481..505, SELECT 722..741
 *   v1.1: RIGHT 0, UP 100,      DOWN 255,      LEFT 409,      SELECT 639
 *   no button: 1023 on both.
 * Each window's upper bound is the midpoint between the highest reading of
 * one button and the lowest reading of the next, so both versions fall well
 * inside their window.
 */
#define BOARD_BUTTON_RIGHT_MAX 50u   /* between 0 and 100 */
#define BOARD_BUTTON_UP_MAX 200u     /* between 145 and 255 */
#define BOARD_BUTTON_DOWN_MAX 369u   /* between 329 and 409 */
#define BOARD_BUTTON_LEFT_MAX 572u   /* between 505 and 639 */
#define BOARD_BUTTON_SELECT_MAX 882u /* between 741 and 1023 */

/* Nominal readings of each version, for the simulator and the tests. */
#define BOARD_SHIELD_VERSIONS 2
#define BOARD_READING_NONE 1023u
#define BOARD_READINGS_V1_0                       \
	{                                         \
		1023u, 0u, 139u, 318u, 493u, 731u \
	}
#define BOARD_READINGS_V1_1                       \
	{                                         \
		1023u, 0u, 100u, 255u, 409u, 639u \
	}

/* The Uno's USB serial line: USART0 on D0/D1 through the USB bridge, 8N1
 * with U2X on.  Its rate is a build-time choice (the Makefile's BAUD,
 * which passes it here); this is the default: UBRR 16, as the Uno's
 * bootloader uses, and the rate every terminal tries first.  1000000 is
 * the fastest the bridge takes: UBRR 1, no rate error. */
#ifndef BOARD_UART_BAUD
#define BOARD_UART_BAUD 115200UL
#endif

#endif
