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
/* Lost bytes, kept until the main loop reaches the place in the stream
 * where they were lost: rx_loss_at, the value rx_head had then.  Lost again
 * before that, they stretch the place to rx_loss_end. */
static volatile uint8_t rx_lost; /* up to 255 */
static volatile uint8_t rx_loss_at;
static volatile uint8_t rx_loss_end;

/* In the interrupt: `more` bytes after `at` may also be affected. */
static inline void note_loss(uint8_t at, uint8_t more)
{
	if (rx_lost == 0) {
		rx_loss_at = at;
	}
	rx_loss_end = (uint8_t)(at + more);
	if (rx_lost != UINT8_MAX) {
		rx_lost++;
	}
}

ISR(USART_RX_vect)
{
	bool overran = (UCSR0A & (1 << DOR0)) != 0;
	uint8_t byte = UDR0;
	uint8_t head = rx_head;
	bool full = (uint8_t)(head - rx_tail) >= UART_RX_BUFFER;
	if (overran || full) {
		/* An overrun loses the byte after this one (or the next). */
		note_loss(head, overran ? 2u : 0u);
	}
	if (!full) {
		rx_buffer[head % UART_RX_BUFFER] = byte;
		rx_head = (uint8_t)(head + 1u);
	}
}

void uart_init(void)
{
	/* U2X before the rate: the order does not matter to the chip, but
	 * simavr works out its byte time when UBRR0 is written. */
	UCSR0A = 1 << U2X0;
	UBRR0 = UART_UBRR;
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

uint8_t uart_take_lost(uint8_t *extent)
{
	uint8_t lost = 0;
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
		if (rx_lost != 0 && rx_tail == rx_loss_at) {
			lost = rx_lost;
			*extent = (uint8_t)(rx_loss_end - rx_loss_at);
			rx_lost = 0;
		}
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
