/*
 * A small program for the web page's chip (web/src/chip.js), apart from
 * the firmware, that uses what the firmware may use one day: the sleep
 * modes, the watchdog in interrupt mode and in reset mode, and the
 * backlight driven low; and the instruction that runs before an interrupt
 * after OUT to SREG, which avr-gcc's code relies on.  It reports on the
 * serial line (115200 baud) and web/test/board.test.js checks the report.
 *
 *   "start MCUSR"                  at every start, the reset flags
 *   "backlight off", "backlight on"  D10 driven low, then an input again
 *   "after out sreg N"             N = 1 when the instruction after an
 *                                  OUT that set the I flag ran before the
 *                                  interrupt that was waiting, 0 if not
 *   "MODE wakes=W overflows=O"     ten watchdog interrupts (16 ms each)
 *                                  slept through in MODE, and Timer0's
 *                                  overflows meanwhile (every 1.024 ms
 *                                  while its clock runs)
 * then the watchdog in reset mode, never fed: the chip starts again with
 * WDRF in MCUSR, and the second start stops there.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <stdint.h>

static volatile uint8_t wakes;
static volatile uint16_t overflows;

ISR(WDT_vect)
{
	wakes++;
}

ISR(TIMER0_OVF_vect)
{
	overflows++;
}

/* Set by the instruction after the OUT that turns interrupts on; the
 * interrupt waiting then notes whether it ran first. */
volatile uint8_t after_out;
static volatile uint8_t after_out_seen;

ISR(TIMER2_OVF_vect)
{
	TIMSK2 = 0;
	after_out_seen = after_out;
}

static void put(char c)
{
	while (!(UCSR0A & (1 << UDRE0))) {
	}
	UDR0 = (uint8_t)c;
}

static void say(const char *text)
{
	while (*text) {
		put(*text++);
	}
}

static void say_number(uint16_t n)
{
	char digits[6];
	uint8_t count = 0;
	do {
		digits[count++] = (char)('0' + n % 10u);
		n /= 10u;
	} while (n);
	while (count) {
		put(digits[--count]);
	}
}

/* Timer2's overflow made to wait, then the I flag set by OUT, as
 * avr-gcc's epilogues restore SREG between writing SPH and SPL. */
static void out_sreg_then_interrupt(void)
{
	cli();
	after_out = 0;
	after_out_seen = 0xFF;
	TCNT2 = 0xFF;
	TCCR2B = 1 << CS20;
	while (!(TIFR2 & (1 << TOV2))) {
	}
	TCCR2B = 0;
	TIMSK2 = 1 << TOIE2;
	uint8_t on = SREG | (1 << SREG_I);
	__asm__ __volatile__("out __SREG__, %[on]\n\t"
			     "sts after_out, %[one]"
			     :
			     : [on] "r"(on), [one] "r"((uint8_t)1)
			     : "memory");
	while (after_out_seen == 0xFF) {
	}
	say("after out sreg ");
	say_number(after_out_seen);
	say("\n");
}

static void sleep_ten_wakes(uint8_t mode, const char *name)
{
	cli();
	wakes = 0;
	overflows = 0;
	/* The watchdog's interrupt alone, every 16 ms. */
	WDTCSR = (1 << WDCE) | (1 << WDE);
	WDTCSR = 1 << WDIE;
	set_sleep_mode(mode);
	while (wakes < 10u) {
		sleep_enable();
		sei();
		sleep_cpu();
		sleep_disable();
		cli();
	}
	WDTCSR = (1 << WDCE) | (1 << WDE);
	WDTCSR = 0;
	sei();
	say(name);
	say(" wakes=");
	say_number(wakes);
	say(" overflows=");
	say_number(overflows);
	say("\n");
}

int main(void)
{
	uint8_t flags = MCUSR;
	MCUSR = 0;
	WDTCSR = (1 << WDCE) | (1 << WDE);
	WDTCSR = 0;
	UCSR0A = 1 << U2X0;
	UBRR0L = 16;
	UCSR0B = 1 << TXEN0;
	say("start ");
	say_number(flags);
	say("\n");
	if (flags & (1 << WDRF)) {
		for (;;) {
		}
	}
	DDRB |= 1 << PB2;
	say("backlight off\n");
	DDRB &= (uint8_t) ~(1 << PB2);
	say("backlight on\n");
	out_sreg_then_interrupt();
	TCCR0B = (1 << CS01) | (1 << CS00); /* clock / 64: overflows every 1.024 ms */
	TIMSK0 = 1 << TOIE0;
	sleep_ten_wakes(SLEEP_MODE_IDLE, "idle");
	sleep_ten_wakes(SLEEP_MODE_PWR_DOWN, "power-down");
	cli();
	WDTCSR = (1 << WDCE) | (1 << WDE);
	WDTCSR = 1 << WDE; /* reset mode, 16 ms */
	for (;;) {
	}
}
