/* The ADC keypad: sampling, debouncing, repeat, long press; see keys.h. */
#include "hal/keys.h"

#include <avr/io.h>

#define KEYS_QUEUE_SIZE 8u /* a power of two */

static volatile uint8_t queue[KEYS_QUEUE_SIZE];
static volatile uint8_t queue_head; /* written by the interrupt */
static volatile uint8_t queue_tail; /* written by the main loop */

/* Debouncing and hold state, touched only by the interrupt. */
static uint8_t candidate;      /* the button the latest readings show */
static uint8_t candidate_ms;   /* how long they have shown it */
static uint8_t held;           /* the button taken as pressed */
static uint16_t held_ms;
static uint16_t next_repeat_ms;
static uint8_t repeats;
static bool long_sent;

void keys_init(void)
{
	ADMUX = (1 << REFS0) | BOARD_BUTTONS_ADC_CHANNEL; /* AVcc reference */
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

static uint8_t button_from_reading(uint16_t reading)
{
	if (reading <= BOARD_BUTTON_RIGHT_MAX) {
		return BUTTON_RIGHT;
	}
	if (reading <= BOARD_BUTTON_UP_MAX) {
		return BUTTON_UP;
	}
	if (reading <= BOARD_BUTTON_DOWN_MAX) {
		return BUTTON_DOWN;
	}
	if (reading <= BOARD_BUTTON_LEFT_MAX) {
		return BUTTON_LEFT;
	}
	if (reading <= BOARD_BUTTON_SELECT_MAX) {
		return BUTTON_SELECT;
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
	held_ms = 0;
	repeats = 0;
	long_sent = false;
	next_repeat_ms = KEYS_REPEAT_DELAY_MS;
	if (is_arrow(button)) {
		queue_push(button);
	}
}

static void keys_hold(void)
{
	held_ms++;
	if (is_arrow(held) && held_ms == next_repeat_ms) {
		queue_push(held);
		next_repeat_ms += repeats < KEYS_REPEATS_BEFORE_FAST ? KEYS_REPEAT_MS : KEYS_REPEAT_FAST_MS;
		if (repeats < KEYS_REPEATS_BEFORE_FAST) {
			repeats++;
		}
	} else if (held == BUTTON_SELECT && held_ms == KEYS_LONG_MS) {
		queue_push(KEY_SELECT_LONG);
		long_sent = true;
	}
}

void keys_sample(void)
{
	/* Wait for the end of the conversion by ADSC: simavr 1.6 never clears ADIF. */
	if (ADCSRA & (1 << ADSC)) {
		return;
	}
	uint8_t button = button_from_reading(ADC);
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
	if (held != BUTTON_NONE && held_ms < UINT16_MAX) {
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

bool keys_pending(void)
{
	return queue_tail != queue_head;
}
