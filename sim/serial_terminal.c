/* The terminal on the serial line, and the chip's USART0 where simavr
 * differs from it; see serial_terminal.h. */
#include "sim/serial_terminal.h"

#include <stdlib.h>
#include <string.h>

#include "sim/wiring.h"

/* The USART0's registers (data-space addresses, ATmega328P datasheet
 * "Register Summary") and bits: the receiver and its interrupt enables,
 * the rate ((UBRR0 + 1) * 16 cycles a bit, 8 with U2X0), a byte waiting
 * (RXC0) and the overrun flag (DOR0). */
#define TERMINAL_UCSR0A 0xC0u
#define TERMINAL_UCSR0A_U2X0 0x02u
#define TERMINAL_UCSR0A_DOR0 0x08u
#define TERMINAL_UCSR0A_RXC0 0x80u
#define TERMINAL_UCSR0B 0xC1u
#define TERMINAL_UCSR0B_RXEN0 0x10u
#define TERMINAL_UCSR0B_RXCIE0 0x80u
#define TERMINAL_UBRR0L 0xC4u
#define TERMINAL_UBRR0H 0xC5u
#define TERMINAL_UDR0 0xC6u
#define TERMINAL_FRAME_BITS 10u /* 8N1: start, eight data bits, stop */
/* The chip's receive buffer: two bytes wait for UDR0 to be read; a third
 * that comes whole meanwhile is lost, with DOR0 set (the datasheet's
 * shift register holds it one bit time more, which the model does not
 * count: a byte late by that little is lost here). */
#define TERMINAL_RX_HARDWARE_BYTES 2u
/* Flow control as terminals know it: DC1 and DC3 of ASCII. */
#define TERMINAL_XON 0x11u
#define TERMINAL_XOFF 0x13u
#define TERMINAL_DEFAULT_LAG 16u

static bool terminal_text_reserve(char **buffer, size_t *capacity, size_t needed)
{
	if (needed <= *capacity) {
		return true;
	}
	size_t grown = *capacity ? *capacity : 256u;
	while (grown < needed) {
		grown *= 2u;
	}
	char *bigger = realloc(*buffer, grown);
	if (!bigger) {
		return false;
	}
	*buffer = bigger;
	*capacity = grown;
	return true;
}

/* The terminal runs at the rate the firmware has set, the chip's own, not
 * at the nominal one it stands for (117,647 baud for 115,200 at 16 MHz):
 * the rates of a real line differ as little as the receivers allow, and
 * the chip's, where they differ, is the faster sender here.  A whole
 * number of cycles: the chip's bit is (UBRR0 + 1) * 8 or 16 of them. */
uint32_t serial_terminal_byte_cycles(const struct serial_terminal *terminal)
{
	const uint8_t *data = terminal->avr->data;
	uint32_t divider = (((uint32_t)data[TERMINAL_UBRR0H] & 0x0Fu) << 8 | data[TERMINAL_UBRR0L]) + 1u;
	uint32_t bit = divider * (data[TERMINAL_UCSR0A] & TERMINAL_UCSR0A_U2X0 ? 8u : 16u);
	return bit * TERMINAL_FRAME_BITS;
}

/* simavr 1.6 counts a parity bit 8N1 has not, so its transmitter takes 11
 * bit times a byte: once the firmware has set the rate (UBRR0L last, as
 * simavr itself reads it), its frame is made the line's 10. */
static void terminal_on_rate(avr_t *avr, avr_io_addr_t addr, uint8_t value, void *param)
{
	struct serial_terminal *terminal = param;
	(void)avr;
	(void)addr;
	(void)value;
	terminal->uart->cycles_per_byte = serial_terminal_byte_cycles(terminal);
}

/* The terminal takes XON and XOFF out of what it shows, as one with
 * XON/XOFF flow control on does, and counts them. */
static void terminal_on_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct serial_terminal *terminal = param;
	(void)irq;
	if (value == TERMINAL_XOFF) {
		terminal->xoffs++;
		if (terminal->honours_xoff && !terminal->stopped) {
			/* It may wait a byte time behind a byte in the chip's
			 * shift register, then takes one to send. */
			terminal->stopped = true;
			terminal->xoff_arrival = terminal->avr->cycle + 2u * serial_terminal_byte_cycles(terminal);
			terminal->lag_left = terminal->lag;
		}
		return;
	}
	if (value == TERMINAL_XON) {
		terminal->xons++;
		terminal->stopped = false;
		return;
	}
	if (!terminal_text_reserve(&terminal->tx_text, &terminal->tx_capacity, terminal->tx_length + 2u)) {
		terminal->link.fault(terminal->link.owner, "out of memory for the serial output");
		return;
	}
	terminal->tx_text[terminal->tx_length++] = (char)value;
	terminal->tx_text[terminal->tx_length] = '\0';
	terminal->link.event(terminal->link.owner);
}

/* Whether the terminal sends the byte that would end at `end`: after an
 * XOFF has reached it, only the byte already on the wire and `lag` more
 * (what its USB bridge still holds), then nothing until XON. */
static bool terminal_sends(struct serial_terminal *terminal, uint64_t end)
{
	if (!terminal->stopped || end < terminal->xoff_arrival + serial_terminal_byte_cycles(terminal)) {
		return true;
	}
	if (terminal->lag_left == 0) {
		return false;
	}
	terminal->lag_left--;
	return true;
}

/* The byte's stop bit has just come in.  simavr's receiver would make the
 * chip wait its own frame time more before RXC, so it is told to take
 * this byte at once; its frame time stays for everything else.  simavr
 * keeps up to 64 bytes for the firmware to read; the chip keeps two
 * (TERMINAL_RX_HARDWARE_BYTES), and so does the model. */
static void terminal_deliver(struct serial_terminal *terminal, uint8_t byte)
{
	/* simavr's FIFO: its header declares it, its accessors are private. */
	const uart_fifo_t *fifo = &terminal->uart->input;
	unsigned unread = (unsigned)(fifo->write + uart_fifo_fifo_size - fifo->read) & (uart_fifo_fifo_size - 1u);
	if (unread >= TERMINAL_RX_HARDWARE_BYTES) {
		terminal->avr->data[TERMINAL_UCSR0A] |= TERMINAL_UCSR0A_DOR0;
		terminal->overruns++;
		return;
	}
	avr_cycle_count_t frame = terminal->uart->cycles_per_byte;
	terminal->uart->cycles_per_byte = 1;
	avr_raise_irq(terminal->input_irq, byte);
	terminal->uart->cycles_per_byte = frame;
}

/* The terminal sends the bytes queued back to back at the line's rate.  A
 * byte waits (never drops) while the chip's receiver is off and, when the
 * terminal honours XOFF, while the chip has stopped it. */
static avr_cycle_count_t terminal_on_feed(avr_t *avr, avr_cycle_count_t when, void *param)
{
	struct serial_terminal *terminal = param;
	if (terminal->rx_length == 0) {
		terminal->feeding = false;
		return 0;
	}
	if ((avr->data[TERMINAL_UCSR0B] & TERMINAL_UCSR0B_RXEN0) && terminal_sends(terminal, when)) {
		uint8_t byte = terminal->rx_queue[terminal->rx_head];
		terminal->rx_head = (terminal->rx_head + 1u) % terminal->rx_capacity;
		terminal->rx_length--;
		terminal_deliver(terminal, byte);
		if (terminal->rx_length == 0) {
			terminal->link.event(terminal->link.owner); /* sim_uart_pending() is 0 from this cycle */
		}
	}
	return when + serial_terminal_byte_cycles(terminal);
}

void serial_terminal_feed(struct serial_terminal *terminal)
{
	if (!terminal->feeding && terminal->rx_length > 0) {
		terminal->feeding = true;
		avr_cycle_timer_register(terminal->avr, serial_terminal_byte_cycles(terminal), terminal_on_feed,
					 terminal);
	}
}

void serial_terminal_restart(struct serial_terminal *terminal)
{
	terminal->feeding = false;
	serial_terminal_feed(terminal);
}

/* The chip raises the receive interrupt for as long as a byte waits
 * (RXC0) and the interrupt is on (RXCIE0); simavr 1.6 raises it once a
 * frame while bytes wait, and not when the firmware turns it on with a
 * byte waiting.  With the chip's two-byte buffer that late interrupt
 * loses bytes no chip loses, so the model raises it whenever the
 * firmware turns it on or reads a byte with another waiting. */
static void terminal_raise_if_waiting(struct serial_terminal *terminal)
{
	const uint8_t *data = terminal->avr->data;
	if ((data[TERMINAL_UCSR0A] & TERMINAL_UCSR0A_RXC0) && (data[TERMINAL_UCSR0B] & TERMINAL_UCSR0B_RXCIE0)) {
		avr_raise_interrupt(terminal->avr, &terminal->uart->rxc);
	}
}

static void terminal_on_control(avr_t *avr, avr_io_addr_t addr, uint8_t value, void *param)
{
	(void)avr;
	(void)addr;
	(void)value;
	terminal_raise_if_waiting(param);
}

/* simavr also slows a firmware that reads several bytes within a frame of
 * the first (rx_cnt), which its 64-byte buffer would let it do; the
 * model feeds the bytes on time and keeps two, so that brake would only
 * hide a byte that waits. */
static uint8_t terminal_on_udr_read(avr_t *avr, avr_io_addr_t addr, void *param)
{
	struct serial_terminal *terminal = param;
	terminal->uart->rx_cnt = 0;
	uint8_t value = terminal->udr_read(avr, addr, terminal->udr_read_param);
	terminal_raise_if_waiting(terminal);
	return value;
}

void serial_terminal_init(struct serial_terminal *terminal)
{
	memset(terminal, 0, sizeof *terminal);
	terminal->honours_xoff = true;
	terminal->lag = TERMINAL_DEFAULT_LAG;
}

void serial_terminal_free(struct serial_terminal *terminal)
{
	free(terminal->rx_queue);
	free(terminal->tx_text);
	terminal->rx_queue = NULL;
	terminal->tx_text = NULL;
}

bool serial_terminal_connect(struct serial_terminal *terminal, avr_t *avr, const struct part_link *link)
{
	terminal->avr = avr;
	terminal->link = *link;
	uint32_t flags = 0; /* no stdout echo, no usleep while the firmware polls */
	avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	uint32_t uart = AVR_IOCTL_UART_GETIRQ('0');
	terminal->input_irq = avr_io_getirq(avr, uart, UART_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(avr, uart, UART_IRQ_OUTPUT), terminal_on_output, terminal);
	/* simavr's UART module is an avr_io_t first, so its list of modules
	 * leads to it. */
	terminal->uart = NULL;
	for (avr_io_t *io = avr->io_port; io != NULL; io = io->next) {
		if (io->irq_ioctl_get == uart) {
			terminal->uart = (avr_uart_t *)io;
		}
	}
	/* The terminal outlives the chip: stopped by an XOFF, it stays so
	 * until an XON.  The XOFF reached it long ago; the new chip's cycles
	 * count from 0. */
	terminal->xoff_arrival = 0;
	if (!terminal->uart) {
		return false;
	}
	avr_register_io_write(avr, TERMINAL_UBRR0L, terminal_on_rate, terminal);
	avr_register_io_write(avr, TERMINAL_UCSR0B, terminal_on_control, terminal);
	/* simavr takes one reader a register: the model's calls its. */
	avr_io_addr_t udr = AVR_DATA_TO_IO(TERMINAL_UDR0);
	terminal->udr_read = avr->io[udr].r.c;
	terminal->udr_read_param = avr->io[udr].r.param;
	avr->io[udr].r.c = terminal_on_udr_read;
	avr->io[udr].r.param = terminal;
	return true;
}

bool serial_terminal_type(struct serial_terminal *terminal, const char *bytes, size_t length)
{
	if (terminal->rx_length + length > terminal->rx_capacity) {
		size_t capacity = terminal->rx_capacity ? terminal->rx_capacity : 256u;
		while (capacity < terminal->rx_length + length) {
			capacity *= 2u;
		}
		uint8_t *queue = malloc(capacity);
		if (!queue) {
			return false;
		}
		for (size_t i = 0; i < terminal->rx_length; i++) {
			queue[i] = terminal->rx_queue[(terminal->rx_head + i) % terminal->rx_capacity];
		}
		free(terminal->rx_queue);
		terminal->rx_queue = queue;
		terminal->rx_capacity = capacity;
		terminal->rx_head = 0;
	}
	for (size_t i = 0; i < length; i++) {
		terminal->rx_queue[(terminal->rx_head + terminal->rx_length) % terminal->rx_capacity] =
			(uint8_t)bytes[i];
		terminal->rx_length++;
	}
	return true;
}

/* ---- the harness's face (sim/harness.h) ---- */

uint32_t sim_uart_byte_cycles(const struct sim *sim)
{
	return serial_terminal_byte_cycles(&sim->terminal);
}

uint32_t sim_uart_baud(const struct sim *sim)
{
	uint32_t bit = sim_uart_byte_cycles(sim) / TERMINAL_FRAME_BITS;
	return (uint32_t)((sim->avr->frequency + bit / 2u) / bit);
}

uint32_t sim_uart_overruns(const struct sim *sim)
{
	return sim->terminal.overruns;
}

void sim_uart_send(struct sim *sim, const char *bytes, size_t length)
{
	if (!serial_terminal_type(&sim->terminal, bytes, length)) {
		sim_stop(sim, "out of memory for the serial input");
		return;
	}
	if (!sim->terminated) {
		serial_terminal_feed(&sim->terminal);
	}
}

void sim_uart_set_flow(struct sim *sim, bool honour_xoff, uint32_t lag)
{
	sim->terminal.honours_xoff = honour_xoff;
	sim->terminal.lag = lag;
	if (!honour_xoff) {
		sim->terminal.stopped = false;
	}
}

uint32_t sim_uart_xoffs(const struct sim *sim)
{
	return sim->terminal.xoffs;
}

uint32_t sim_uart_xons(const struct sim *sim)
{
	return sim->terminal.xons;
}

const char *sim_uart_output(const struct sim *sim)
{
	return sim->terminal.tx_text ? sim->terminal.tx_text : "";
}

size_t sim_uart_output_length(const struct sim *sim)
{
	return sim->terminal.tx_length;
}

void sim_uart_clear_output(struct sim *sim)
{
	sim->terminal.tx_length = 0;
	if (sim->terminal.tx_text) {
		sim->terminal.tx_text[0] = '\0';
	}
}

static bool sim_uart_shows(struct sim *sim, void *text)
{
	return strstr(sim_uart_output(sim), text) != NULL;
}

bool sim_wait_uart(struct sim *sim, const char *text, uint32_t timeout_ms)
{
	return sim_run_until(sim, sim_uart_shows, (void *)text, timeout_ms);
}

size_t sim_uart_pending(const struct sim *sim)
{
	return sim->terminal.rx_length;
}
