/* USART0 with an interrupt-driven receive buffer; see uart.h. */
#include "hal/uart.h"

#include <avr/interrupt.h>
#include <avr/io.h>

#include "board/lcd_keypad_shield.h"
#include "common/attributes.h"

/* Double speed: UBRR = F_CPU / (8 * baud) - 1, rounded; 16 at 115200
 * baud, 1 at 1000000. */
#define UART_UBRR ((F_CPU + 4u * BOARD_UART_BAUD) / (8u * BOARD_UART_BAUD) - 1u)
_Static_assert(BOARD_UART_BAUD <= F_CPU / 8u && UART_UBRR < 4096u, "the rate's divider fits UBRR0");
/* The rate the divider gives, F_CPU / (8 * (UBRR + 1)), within 2.5% of the
 * one asked: 115200 is 2.1% fast at 16 MHz, as on the Uno's USB bridge,
 * which divides the same clock the same way. */
#define UART_RATE (F_CPU / (8u * (UART_UBRR + 1u)))
_Static_assert(UART_RATE * 1000u <= BOARD_UART_BAUD * 1025u && UART_RATE * 1000u >= BOARD_UART_BAUD * 975u,
	       "BAUD: the chip's clock divides to within 2.5% of the rate");

/* uart_take() watches the receiver for two bytes' time, in polls of 7
 * cycles (LDS, SBRS, RJMP, SUBI, BRNE, with the test that no byte has
 * come yet), before it gives up waiting. */
#define UART_BYTE_CYCLES (10u * 8u * (UART_UBRR + 1u))
#define UART_WAIT_POLLS (UART_FAST ? 2u * UART_BYTE_CYCLES / 7u : 1u)
_Static_assert(UART_WAIT_POLLS < 256u, "the polls fit a byte");

_Static_assert(UART_RX_BUFFER <= 128u && (UART_RX_BUFFER & (UART_RX_BUFFER - 1u)) == 0,
	       "the buffer's fill fits a byte");

static volatile uint8_t rx_buffer[UART_RX_BUFFER];
static volatile uint8_t rx_head; /* written by the interrupt */
static volatile uint8_t rx_tail; /* written by the main loop */
/* XOFF sent and no XON since: set by the interrupt, cleared by the reader. */
static volatile bool rx_stopped;
/* Bytes still to be stored as UART_LOST: an overrun lost a byte after the
 * one it came with or after the next. */
static uint8_t rx_marks;

/* Waits for room in UDR0 (at most one byte time: the byte ahead is in
 * the shift register) and writes `byte`: the receive interrupt's XOFF.  A
 * byte written while UDR0 is full is lost. */
static void transmit(uint8_t byte)
{
	while ((UCSR0A & (1 << UDRE0)) == 0) {
	}
	UDR0 = byte;
}

/* Takes the byte the receiver holds into the buffer, after those there:
 * the interrupt's work, and uart_take()'s. */
static ALWAYS_INLINE void rx_take(void)
{
	if (UCSR0A & (1 << DOR0)) {
		rx_marks = 2;
	}
	uint8_t byte = UDR0;
	if (byte == UART_XON || byte == UART_XOFF) {
		return; /* the computer's own flow control, not text: see uart.h */
	}
	uint8_t head = rx_head;
	/* Bytes waiting before this one (the reader waits meanwhile). */
	uint8_t fill = (uint8_t)(head - rx_tail);
	if (fill >= UART_RX_BUFFER) {
		/* Full: this byte is lost, and the newest one kept marks the
		 * place (the main loop is not reading it: 127 come before). */
		head--;
		byte = UART_LOST;
	} else if (rx_marks != 0) {
		rx_marks--;
		byte = UART_LOST;
	} else if (byte == UART_LOST) {
		byte = UART_LOST - 1u; /* a byte received is never the mark */
	}
	rx_buffer[head % UART_RX_BUFFER] = byte;
	rx_head = (uint8_t)(head + 1u);
	/* At once, even in the middle of a reply: the sender's bridge still
	 * has bytes on their way, which the headroom takes. */
	if (fill >= UART_RX_BUFFER - UART_RX_HEADROOM && !rx_stopped) {
		rx_stopped = true;
		transmit(UART_XOFF);
	}
}

ISR(USART_RX_vect)
{
	rx_take();
}

void uart_init(void)
{
	/* U2X before the rate: the order does not matter to the chip, but
	 * simavr works out its byte time when UBRR0L is written, after
	 * UBRR0H (which resets to 0, all a rate from 7,813 baud up needs).
	 * UCSR0C keeps its reset value, 8 data bits, no parity, 1 stop bit. */
	UCSR0A = 1 << U2X0;
	if (UART_UBRR > 0xFFu) {
		UBRR0H = (uint8_t)(UART_UBRR >> 8);
	}
	UBRR0L = (uint8_t)UART_UBRR;
	uart_listen();
	/* A reset may have come between an XOFF and its XON (the Uno resets
	 * when the port opens, or from its button): without this the
	 * terminal would wait for ever. */
	UDR0 = UART_XON;
}

/* The buffer's oldest byte into *byte; false when it is empty.  Once a
 * reader has brought the bytes down to UART_RX_RESUME after an XOFF, XON. */
static ALWAYS_INLINE bool buffer_read(uint8_t *byte)
{
	uint8_t tail = rx_tail;
	if (tail == rx_head) {
		return false;
	}
	*byte = rx_buffer[tail % UART_RX_BUFFER];
	tail++;
	rx_tail = tail;
	if (rx_stopped && (uint8_t)(rx_head - tail) <= UART_RX_RESUME) {
		rx_stopped = false;
		uart_put(UART_XON);
	}
	return true;
}

bool uart_read(uint8_t *byte)
{
	return buffer_read(byte);
}

/* Watches the receiver for two bytes' time: true once a byte has come.
 * A function of its own, so that a profile of the reading tells the time
 * spent waiting from the work (tools/bench/odra_run.c). */
static OUT_OF_LINE bool uart_wait_for_byte(void)
{
	for (uint8_t polls = UART_WAIT_POLLS; polls != 0; polls--) {
		if (UCSR0A & (1 << RXC0)) {
			return true;
		}
	}
	return false;
}

bool uart_take(uint8_t *byte)
{
	UCSR0B = (1 << RXEN0) | (1 << TXEN0); /* the interrupt off */
	do {
		/* Through the buffer, after the bytes that came before. */
		while (UCSR0A & (1 << RXC0)) {
			rx_take();
		}
		if (buffer_read(byte)) {
			return true;
		}
	} while (uart_wait_for_byte());
	uart_listen();
	return false;
}

void uart_listen(void)
{
	UCSR0B = (1 << RXCIE0) | (1 << RXEN0) | (1 << TXEN0);
}

bool uart_pending(void)
{
	return rx_tail != rx_head;
}

/* Writes `c` when UDR0 has room: false, nothing written, while it has
 * none.  With interrupts off, so that the receive interrupt's XOFF never
 * takes UDR0 between the test and the write: a byte written while UDR0 is
 * full is lost. */
static bool try_put(char c)
{
	cli();
	bool room = (UCSR0A & (1 << UDRE0)) != 0;
	if (room) {
		UDR0 = (uint8_t)c;
	}
	sei();
	return room;
}

void uart_put(char c)
{
	/* Every wait with interrupts on, or a reply would keep the receive
	 * interrupt out: the receiver holds two bytes. */
	while (!try_put(c)) {
	}
}
