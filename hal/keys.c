/* The ADC keypad: sampling, debouncing, repeat, long press; see keys.h. */
#include "hal/keys.h"

#include <avr/io.h>
#include <avr/pgmspace.h>

#define KEYS_QUEUE_SIZE 8u /* a power of two */

static volatile uint8_t queue[KEYS_QUEUE_SIZE];
static volatile uint8_t queue_head; /* written by the interrupt */
static volatile uint8_t queue_tail; /* written by the main loop */

/* Debouncing and hold state, touched only by the interrupt. */
static uint8_t candidate;    /* the button the latest readings show */
static uint8_t candidate_ms; /* how long they have shown it */
static uint8_t held;         /* the button taken as pressed */
/* Milliseconds to the held button's next event: an arrow's repeat, or
 * SELECT's long press; 0 when none is due. */
static uint16_t countdown;
static volatile uint8_t repeats; /* read by the main loop too */
static bool long_sent;

void keys_init(void)
{
	ADMUX = (1 << REFS0) | (1 << ADLAR) | BOARD_BUTTONS_ADC_CHANNEL; /* AVcc reference, left-adjusted */
	DIDR0 = 1 << BOARD_BUTTONS_ADC_CHANNEL;            /* analog pin: no digital buffer */
	/* Clock / 128 = 125 kHz: a conversion takes 104 us, well inside a tick. */
	ADCSRA = (1 << ADEN) | (1 << ADSC) | (1 << ADPS2) | (1 << ADPS1) | (1 << ADPS0);
}

static void queue_push(uint8_t event)
{
	uint8_t head = queue_head;
	if ((uint8_t)(head - queue_tail) >= KEYS_QUEUE_SIZE) {
		return; /* full: the newest event is the one to lose */
	}
	queue[head % KEYS_QUEUE_SIZE] = event;
	queue_head = (uint8_t)(head + 1u);
}

/* The highest reading of each button, in the order of enum board_button,
 * in the top 8 of the ADC's 10 bits (left-adjusted, ADCH alone): the
 * windows are far wider than the 4 readings that makes one. */
#define KEYS_HIGH_BITS(reading) ((uint8_t)((reading) >> 2))
static const uint8_t button_max[BUTTON_COUNT - 1u] PROGMEM = {
	KEYS_HIGH_BITS(BOARD_BUTTON_RIGHT_MAX), KEYS_HIGH_BITS(BOARD_BUTTON_UP_MAX),
	KEYS_HIGH_BITS(BOARD_BUTTON_DOWN_MAX),  KEYS_HIGH_BITS(BOARD_BUTTON_LEFT_MAX),
	KEYS_HIGH_BITS(BOARD_BUTTON_SELECT_MAX),
};

static uint8_t button_from_reading(uint8_t reading)
{
	for (uint8_t button = BUTTON_RIGHT; button < BUTTON_COUNT; button++) {
		if (reading <= pgm_read_byte(&button_max[button - 1u])) {
			return button;
		}
	}
	return BUTTON_NONE;
}

static bool is_arrow(uint8_t button)
{
	return button != BUTTON_NONE && button != BUTTON_SELECT;
}

/* The debounced state changed from `held` to `button`. */
static void keys_change(uint8_t button)
{
	if (held == BUTTON_SELECT && !long_sent) {
		queue_push(KEY_SELECT);
	}
	held = button;
	repeats = 0;
	long_sent = false;
	countdown = button == BUTTON_SELECT ? KEYS_LONG_MS : KEYS_REPEAT_DELAY_MS;
	if (is_arrow(button)) {
		queue_push(button);
	}
}

/* A millisecond more of the held button. */
static void keys_hold(void)
{
	if (--countdown != 0) {
		return;
	}
	if (held == BUTTON_SELECT) {
		queue_push(KEY_SELECT_LONG);
		long_sent = true;
		return;
	}
	queue_push(held);
	countdown = repeats < KEYS_REPEATS_BEFORE_FAST ? KEYS_REPEAT_MS : KEYS_REPEAT_FAST_MS;
	if (repeats != UINT8_MAX) {
		repeats++;
	}
}

void keys_sample(void)
{
	/* Wait for the end of the conversion by ADSC: simavr 1.6 never clears ADIF. */
	if (ADCSRA & (1 << ADSC)) {
		return;
	}
	uint8_t button = button_from_reading(ADCH);
	ADCSRA |= 1 << ADSC;

	if (button != candidate) {
		candidate = button;
		candidate_ms = 0;
	} else if (candidate_ms < KEYS_STABLE_MS) {
		candidate_ms++;
		if (candidate_ms == KEYS_STABLE_MS && button != held) {
			keys_change(button);
		}
	}
	if (held != BUTTON_NONE && countdown != 0) {
		keys_hold();
	}
}

uint8_t keys_next(void)
{
	uint8_t tail = queue_tail;
	if (tail == queue_head) {
		return KEY_NONE;
	}
	uint8_t event = queue[tail % KEYS_QUEUE_SIZE];
	queue_tail = (uint8_t)(tail + 1u);
	return event;
}

uint8_t keys_repeats(void)
{
	return repeats;
}

bool keys_pending(void)
{
	return queue_tail != queue_head;
}
