/*
 * The terminal at the other end of the serial line: a USB-serial bridge
 * and the program behind it, on the chip's USART0.  The real one runs 8N1
 * at the rate the firmware sets, sends what is typed back to back, shows
 * what comes, and with XON/XOFF flow control on stops sending when an XOFF
 * reaches it (a few bytes still in flight in its bridge) until an XON.
 * The chip's side is modelled where simavr 1.6 differs from the chip: a
 * receive buffer of two bytes (a third that comes whole while two wait
 * unread is lost, with DOR0 set), a frame of 10 bit times, and the receive
 * interrupt raised for as long as a byte waits.  sim/harness.h says what
 * a test sees (sim_uart_*).  The terminal outlives the chip: its queue,
 * what it has shown and whether an XOFF stopped it stay across power cuts.
 */
#ifndef SIM_SERIAL_TERMINAL_H
#define SIM_SERIAL_TERMINAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <avr_uart.h>

#include "sim/part.h"

struct serial_terminal {
	avr_t *avr;
	struct part_link link;
	/* The chip's USART0 as simavr has it. */
	avr_irq_t *input_irq;
	avr_uart_t *uart;
	avr_io_read_t udr_read; /* simavr's own reading of UDR0 */
	void *udr_read_param;
	bool feeding;      /* a byte's timer is armed */
	uint32_t overruns; /* bytes the chip's receive buffer had no room for */
	/* Flow control (sim_uart_set_flow). */
	bool honours_xoff;
	uint32_t lag;
	bool stopped;          /* XOFF received, no XON since */
	uint64_t xoff_arrival; /* when the terminal has the XOFF whole */
	uint32_t lag_left;
	uint32_t xoffs;
	uint32_t xons;
	/* What is typed, waiting to be sent: a ring. */
	uint8_t *rx_queue;
	size_t rx_head;
	size_t rx_length;
	size_t rx_capacity;
	/* What the terminal has shown. */
	char *tx_text;
	size_t tx_length;
	size_t tx_capacity;
};

/* Before the first power-on: XON/XOFF honoured with a lag of 16 bytes. */
void serial_terminal_init(struct serial_terminal *terminal);
void serial_terminal_free(struct serial_terminal *terminal);
/* At power-on: connected to USART0; false when the chip has none. */
bool serial_terminal_connect(struct serial_terminal *terminal, avr_t *avr, const struct part_link *link);
/* Sends what waits, from now on, unless it is sending already. */
void serial_terminal_feed(struct serial_terminal *terminal);
/* The same after a reset dropped the chip's cycle timers, or at power-on. */
void serial_terminal_restart(struct serial_terminal *terminal);
/* Queues bytes to send; false when out of memory. */
bool serial_terminal_type(struct serial_terminal *terminal, const char *bytes, size_t length);
/* A byte's time on the line at the rate the firmware has set, in cycles. */
uint32_t serial_terminal_byte_cycles(const struct serial_terminal *terminal);

#endif
