/*
 * USART0, the Uno's USB serial line: BOARD_UART_BAUD, 8N1, double speed.
 *
 * Received bytes go into a ring buffer from the interrupt.  When the main
 * loop falls behind and the buffer fills, further bytes are dropped, and
 * the newest byte kept becomes UART_LOST, so the reader meets the mark
 * exactly where the loss was and can say so (never a silent gap).  So does
 * a byte the hardware lost (an overrun).
 * Sending waits for the transmitter: one byte takes 87 us at 115200 baud.
 */
#ifndef HAL_UART_H
#define HAL_UART_H

#include <stdbool.h>
#include <stdint.h>

#define UART_RX_BUFFER 64u /* a power of two */
/* Stands in the received bytes where some were lost; a byte received with
 * this value reads as UART_LOST - 1 (both are 8-bit, neither is text). */
#define UART_LOST 0xFFu

void uart_init(void);
/* The oldest received byte into *byte; false when none is waiting. */
bool uart_read(uint8_t *byte);
bool uart_pending(void);
void uart_put(char c);

#endif
