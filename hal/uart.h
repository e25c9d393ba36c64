/*
 * USART0, the Uno's USB serial line: BOARD_UART_BAUD, 8N1, double speed.
 *
 * Received bytes go into a ring buffer from the interrupt.  When the main
 * loop falls behind and the buffer fills, further bytes are dropped and the
 * loss is recorded (never a silent overwrite), so the console can say so.
 * Sending waits for the transmitter: one byte takes 87 us at 115200 baud.
 */
#ifndef HAL_UART_H
#define HAL_UART_H

#include <stdbool.h>
#include <stdint.h>

#define UART_RX_BUFFER 64u /* a power of two */

void uart_init(void);
/* The oldest received byte into *byte; false when none is waiting. */
bool uart_read(uint8_t *byte);
bool uart_pending(void);
/* How many received bytes were lost (buffer full or the hardware overran)
 * since the last call, at most 255; 0 when none.  The loss comes after
 * every byte waiting when it is reported (the buffer stays full from a loss
 * until the next uart_read), and at most one byte later (a hardware overrun
 * loses the byte after the one the interrupt takes). */
uint8_t uart_take_lost(void);
void uart_put(char c);
void uart_write(const char *text);
void uart_write_P(const char *flash_text);

#endif
