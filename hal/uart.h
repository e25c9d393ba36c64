/*
 * USART0, the Uno's USB serial line: BOARD_UART_BAUD, 8N1, double speed.
 *
 * Received bytes go into a ring buffer from the interrupt.  When the main
 * loop falls behind and the buffer fills, further bytes are dropped, and
 * the newest byte kept becomes UART_LOST, so the reader meets the mark
 * exactly where the loss was and can say so (never a silent gap).  So does
 * a byte the hardware lost (an overrun).
 *
 * Flow control, XON/XOFF: when a byte comes to find UART_RX_BUFFER -
 * UART_RX_HEADROOM bytes waiting, the interrupt sends XOFF at once
 * (between two bytes of a reply if one is going out), and once the reader
 * has brought them down to UART_RX_RESUME, XON; and XON at start, in
 * case a reset came between the two.  A sender that honours them loses
 * nothing; one that does not loses bytes as before, marked.  Replies are
 * text, so these two bytes never appear in them.  The XON and XOFF a
 * terminal with flow control on may send itself are dropped as they come
 * (the device does not pause its replies for them: a computer reads
 * 115200 baud with room to spare), so they never spoil a line.
 *
 * On a fast line (UART_FAST) a reader that keeps up may take the bytes
 * itself, with the interrupt off (uart_take()): the same bytes, the same
 * marks, the buffer's first.
 *
 * Sending waits for the transmitter, with interrupts on: one byte takes
 * 85 us at 115200 baud (the chip's 117,647), 10 us at 1 Mbaud.
 */
#ifndef HAL_UART_H
#define HAL_UART_H

#include <stdbool.h>
#include <stdint.h>

#include "board/lcd_keypad_shield.h"

/* A power of two up to 128 (the fill is counted in a byte).  It outlasts
 * the longest thing the reader does between two bytes of the Odra
 * challenge's rows, which may follow `odra` straight from a file: the
 * prompt it prints meanwhile (the first of the console's texts, decoded
 * as it goes out, or on a fast line plain, firmware/odra.c), written at
 * the line's rate while as many bytes come in.  128 by default: the
 * prompt in Polish is 64 bytes (tests/e2e/test_polish.c).  A build
 * without Polish may choose 64 (-DUART_RX_BUFFER=64, from its edition's
 * file): the English prompt is 53 bytes. */
#ifndef UART_RX_BUFFER
#define UART_RX_BUFFER 128u
#endif
/* Room when XOFF goes, less the byte that sent it: XOFF can wait one
 * byte time behind a reply's byte and takes one to send, a byte may be on
 * the wire when it arrives, and then the sender's USB bridge may still
 * send what it holds (16 bytes assumed); the rest, about as much again,
 * is margin for bridges that hold more. */
#define UART_RX_HEADROOM 32u
/* XON leaves the reader this many bytes to work on while the XON travels
 * and the sender starts again. */
#define UART_RX_RESUME 16u
#define UART_XON 0x11u
#define UART_XOFF 0x13u
/* Stands in the received bytes where some were lost; a byte received with
 * this value reads as UART_LOST - 1 (both are 8-bit, neither is text). */
#define UART_LOST 0xFFu

void uart_init(void);
/* The oldest received byte into *byte; false when none is waiting. */
bool uart_read(uint8_t *byte);
bool uart_pending(void);

/* A line this fast, from 250,000 baud (640 cycles a byte), lets a reader
 * that keeps up take the bytes itself, with the receive interrupt off:
 * the interrupt's cost, about 95 cycles a byte, is more than half a byte's
 * time at 1 Mbaud.  On a slower line the reader sleeps between bytes. */
#define UART_FAST (BOARD_UART_BAUD >= 250000u)
/* On a fast line: the next byte into *byte, with the receive interrupt
 * off: the buffer's first, then straight from the receiver as they come;
 * false when none came for two bytes' time, the interrupt then on again.
 * After a byte the interrupt stays off, and the receiver holds two: the
 * caller calls uart_take() again within a byte's time, or uart_listen()
 * before longer work. */
bool uart_take(uint8_t *byte);
/* The receive interrupt on again: it takes the bytes into the buffer. */
void uart_listen(void);
void uart_put(char c);

#endif
