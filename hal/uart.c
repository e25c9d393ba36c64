/* USART0 with an interrupt-driven receive buffer; see uart.h. */
#include "hal/uart.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <util/atomic.h>

#include "board/lcd_keypad_shield.h"

/* Double speed: UBRR = F_CPU / (8 * baud) - 1, rounded; 16 at 115200 baud. */
#define UART_UBRR ((F_CPU + 4u * BOARD_UART_BAUD) / (8u * BOARD_UART_BAUD) - 1u)

static volatile uint8_t rx_buffer[UART_RX_BUFFER];
static volatile uint8_t rx_head; /* written by the interrupt */
static volatile uint8_t rx_tail; /* written by the main loop */
static volatile uint8_t rx_lost; /* bytes lost, up to 255 */

ISR(USART_RX_vect)
{
	bool overran = (UCSR0A & (1 << DOR0)) != 0;
	uint8_t byte = UDR0;
	uint8_t head = rx_head;
	if ((overran || (uint8_t)(head - rx_tail) >= UART_RX_BUFFER) && rx_lost != UINT8_MAX) {
		rx_lost++;
	}
	if ((uint8_t)(head - rx_tail) < UART_RX_BUFFER) {
		rx_buffer[head % UART_RX_BUFFER] = byte;
		rx_head = (uint8_t)(head + 1u);
	}
}

void uart_init(void)
{
	UBRR0 = UART_UBRR;
	UCSR0A = 1 << U2X0;
	UCSR0C = (1 << UCSZ01) | (1 << UCSZ00); /* 8 data bits, no parity, 1 stop bit */
	UCSR0B = (1 << RXCIE0) | (1 << RXEN0) | (1 << TXEN0);
}

bool uart_read(uint8_t *byte)
{
	uint8_t tail = rx_tail;
	if (tail == rx_head) {
		return false;
	}
	*byte = rx_buffer[tail % UART_RX_BUFFER];
	rx_tail = (uint8_t)(tail + 1u);
	return true;
}

bool uart_pending(void)
{
	return rx_tail != rx_head;
}

uint8_t uart_take_lost(void)
{
	uint8_t lost;
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
		lost = rx_lost;
		rx_lost = 0;
	}
	return lost;
}

void uart_put(char c)
{
	while ((UCSR0A & (1 << UDRE0)) == 0) {
	}
	UDR0 = (uint8_t)c;
}

void uart_write(const char *text)
{
	while (*text != '\0') {
		uart_put(*text++);
	}
}

void uart_write_P(const char *flash_text)
{
	char c;
	while ((c = (char)pgm_read_byte(flash_text++)) != '\0') {
		uart_put(c);
	}
}
