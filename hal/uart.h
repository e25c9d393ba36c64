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
/* Received bytes lost (the buffer was full, or the hardware overran),
 * reported exactly where they were lost: when the next uart_read() would
 * give the byte that came after them.  Returns how many (at most 255; 0
 * when no loss is reported here), and in *extent how many of the bytes
 * that follow may have lost more (0 when there was one loss only; later
 * losses before the first is reported stretch it). */
uint8_t uart_take_lost(uint8_t *extent);
void uart_put(char c);
void uart_write(const char *text);
void uart_write_P(const char *flash_text);

#endif
