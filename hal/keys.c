/* The ADC keypad: sampling, debouncing, repeat, long press; see keys.h. */
#include "hal/keys.h"

#include <avr/io.h>
#include <avr/pgmspace.h>

#include "common/attributes.h"
#include "hal/timer.h"

/* The keypad's state, in samples (one a millisecond at most). */
struct keys_state {
	uint8_t sampled_ms;   /* the low byte of timer_ms() at the last sample */
	uint8_t candidate;    /* the button the latest readings show */
	uint8_t candidate_ms; /* how long they have shown it */
	uint8_t held;         /* the button taken as pressed */
	/* Samples to the held button's next event: an arrow's repeat, or
	 * SELECT's long press; 0 when none is due. */
	uint16_t countdown;
	uint8_t repeats;
	bool long_sent;
};
static struct keys_state keys;

void keys_init(void)
{
	ADMUX = (1 << REFS0) | (1 << ADLAR) | BOARD_BUTTONS_ADC_CHANNEL; /* AVcc reference, left-adjusted */
	DIDR0 = 1 << BOARD_BUTTONS_ADC_CHANNEL;                          /* analog pin: no digital buffer */
	keys_start();
}

void keys_start(void)
{
	/* Clock / 128 = 125 kHz: a conversion takes 104 us, well inside a tick. */
	ADCSRA = (1 << ADEN) | (1 << ADSC) | (1 << ADPS2) | (1 << ADPS1) | (1 << ADPS0);
	/* Unsettled, as at power-on: not quiet until the readings have
	 * shown no button for KEYS_STABLE_MS samples. */
	keys.candidate_ms = 0;
}

/* The highest reading of each button, in the order of enum board_button,
 * in the top 8 of the ADC's 10 bits (left-adjusted, ADCH alone): the
 * windows are far wider than the 4 readings that makes one. */
#define KEYS_HIGH_BITS(reading) ((uint8_t)((reading) >> 2))
static const uint8_t button_max[BUTTON_COUNT - 1u] PROGMEM = {
	KEYS_HIGH_BITS(BOARD_BUTTON_RIGHT_MAX),  KEYS_HIGH_BITS(BOARD_BUTTON_UP_MAX),
	KEYS_HIGH_BITS(BOARD_BUTTON_DOWN_MAX),   KEYS_HIGH_BITS(BOARD_BUTTON_LEFT_MAX),
	KEYS_HIGH_BITS(BOARD_BUTTON_SELECT_MAX),
};

/* Readings above this are no button. */
#define KEYS_NONE_ABOVE KEYS_HIGH_BITS(BOARD_BUTTON_SELECT_MAX)

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

/* The debounced state changes from the held button to `button`: the
 * event that makes, or KEY_NONE. */
static uint8_t keys_change(struct keys_state *k, uint8_t button)
{
	bool select_click = k->held == BUTTON_SELECT && !k->long_sent;
	k->held = button;
	k->repeats = 0;
	k->long_sent = false;
	k->countdown = button == BUTTON_SELECT ? KEYS_LONG_MS : KEYS_REPEAT_DELAY_MS;
	if (select_click) {
		if (button != BUTTON_NONE) {
			/* Another button straight after SELECT: its press is
			 * taken at the next sample, as a change from none. */
			k->held = BUTTON_NONE;
			k->candidate_ms--;
		}
		return KEY_SELECT;
	}
	return is_arrow(button) ? button : KEY_NONE;
}

/* A sample's reading `button`: the event it makes, or KEY_NONE. */
static uint8_t keys_event(struct keys_state *k, uint8_t button)
{
	if (button != k->candidate) {
		k->candidate = button;
		k->candidate_ms = 0;
	} else if (k->candidate_ms < KEYS_STABLE_MS && ++k->candidate_ms == KEYS_STABLE_MS && button != k->held) {
		return keys_change(k, button);
	}
	/* A sample more of the held button: an arrow's repeat or
	 * SELECT's long press may be due. */
	if (k->held == BUTTON_NONE || k->countdown == 0 || --k->countdown != 0) {
		return KEY_NONE;
	}
	if (k->held == BUTTON_SELECT) {
		k->long_sent = true;
		return KEY_SELECT_LONG;
	}
	k->countdown = k->repeats < KEYS_REPEATS_BEFORE_FAST ? KEYS_REPEAT_MS : KEYS_REPEAT_FAST_MS;
	if (k->repeats != UINT8_MAX) {
		k->repeats++;
	}
	return k->held;
}

uint8_t keys_next(void)
{
	struct keys_state *k = OPAQUE(&keys);
	uint8_t now = timer_ms_low_byte();
	/* One sample a millisecond; the conversion the last one started
	 * (104 us) is over by then, but ADSC says so for certain (simavr 1.6
	 * never clears ADIF). */
	if (now == k->sampled_ms || (ADCSRA & (1 << ADSC))) {
		return KEY_NONE;
	}
	k->sampled_ms = now;
	uint8_t button = button_from_reading(ADCH);
	ADCSRA |= 1 << ADSC;
	return keys_event(k, button);
}

bool keys_quiet(void)
{
	/* No button's reading held long enough leaves none held. */
	return keys.candidate == BUTTON_NONE && keys.candidate_ms == KEYS_STABLE_MS;
}

bool keys_showing(void)
{
	/* The conversion began a tick ago, and takes 104 us. */
	if (ADCH <= KEYS_NONE_ABOVE) {
		return true; /* the reading stays for keys_next */
	}
	ADCSRA |= 1 << ADSC;
	return false;
}

uint8_t keys_repeats(void)
{
	return keys.repeats;
}

bool keys_pressed_now(void)
{
	/* Clock / 8 = 2 MHz: the first conversion after the ADC is turned on
	 * (25 of its clocks) takes 12.5 us instead of 200.  The datasheet
	 * gives the full 10 bits only up to 200 kHz; this look tells a button
	 * from none, whose readings lie 141 counts of 1023 apart at the
	 * least, which a few bits do. */
	ADCSRA = (1 << ADEN) | (1 << ADSC) | (1 << ADPS1) | (1 << ADPS0);
	while (ADCSRA & (1 << ADSC)) {
	}
	bool pressed = ADCH <= KEYS_NONE_ABOVE;
	ADCSRA = 0;
	return pressed;
}
