/*
 * The features chosen at build time.  Each is a switch, FEATURE_NAME, 1 (in)
 * or 0 (left out); an edition (editions/NAME.mk) names the switches it
 * turns on, and the Makefile passes every switch to the compiler as
 * -DFEATURE_NAME=0 or 1.  A switch left unset is on, so a build of these
 * files by other means (the host's tests and fuzzer, say) gets every
 * feature, more than any one edition holds; but for FEATURE_STANDBY, which
 * attract mode excludes (such a build is an exhibit).
 *
 * Code that a switch cuts out is guarded by `if (FEATURE_NAME)`, or by
 * `#if FEATURE_NAME` where a declaration goes, and a feature left out
 * answers as if it were never there: the console refuses its command with
 * "error: unknown command".
 *
 *   FEATURE_CONSOLE     the serial console's commands (firmware/console.h).
 *                       Off, what arrives on the serial line is ignored; the
 *                       line still carries the transcript, if that is on.
 *   FEATURE_ANALYSIS    the console's analysis line: `GAME [POSITION]`
 *   FEATURE_TYPED_PLAY  games played at the console: `new` and `go GAME
 *                       [POSITION]`, moves typed, `board`, and with
 *                       FEATURE_TEACHING `hint` and `why`
 *   FEATURE_ODRA        the console's Odra challenge: `odra` (firmware/odra.h)
 *   FEATURE_TRANSCRIPT  the transcript of every game on the serial line
 *                       (firmware/transcript.h): "new ...", "you ...",
 *                       "me ...", "winner ...", "left ..."
 *   FEATURE_LEVELS      the machine's levels of play, 1 to 3, chosen in the
 *                       menu and with `level N`; off, it always plays the
 *                       highest, perfectly
 *   FEATURE_TEACHING    hints and the reason why: a winning move for the
 *                       person, the explanation of the position (the
 *                       buttons, and `hint` and `why` with
 *                       FEATURE_TYPED_PLAY), the person's slips in the
 *                       transcript
 *   FEATURE_SAVE        the settings and the score kept in the EEPROM
 *                       across power cuts; off, they last until power-off
 *   FEATURE_LAMPS       the exhibit's bank of 16 lamps on two 74HC595s
 *                       (firmware/lights.h)
 *   FEATURE_SOUND       the exhibit's piezo buzzer (firmware/sound.h): a
 *                       click per key, the machine's move, a win, a loss
 *   FEATURE_ATTRACT     the exhibit's attract mode (firmware/attract.h):
 *                       left idle, the machine plays the game set up
 *                       against itself under "Can you beat the Odra?"
 *                       until a key brings the menu back
 *   FEATURE_OPERATOR    the exhibit's operator menu (firmware/operator.h),
 *                       SELECT held at power-on: locks, idle times, sound
 *   FEATURE_STATS       the exhibit's statistics in the EEPROM
 *                       (firmware/stats.h): games played, won by the
 *                       visitors and the machine, slips and hints, per
 *                       game, and the console's `stats`; the score shown
 *                       is their totals, and the settings kept are the
 *                       first player and the level alone, so that the
 *                       EEPROM lasts (needs FEATURE_SAVE)
 *   FEATURE_POLISH      the texts in Polish too, the language chosen in the
 *                       operator menu (engine/packed_text.h); off, only
 *                       English is linked (needs FEATURE_OPERATOR)
 *   FEATURE_STANDBY     the handheld on batteries (firmware/standby.h):
 *                       left without a key, the backlight goes off, then
 *                       the display, and the chip sleeps until a key; the
 *                       idle times are menu items.  Not with
 *                       FEATURE_ATTRACT, whose exhibit is never idle; left
 *                       unset, it is on only without that
 */
#ifndef FIRMWARE_FEATURES_H
#define FIRMWARE_FEATURES_H

#ifndef FEATURE_CONSOLE
#define FEATURE_CONSOLE 1
#endif
#ifndef FEATURE_ANALYSIS
#define FEATURE_ANALYSIS 1
#endif
#ifndef FEATURE_TYPED_PLAY
#define FEATURE_TYPED_PLAY 1
#endif
#ifndef FEATURE_ODRA
#define FEATURE_ODRA 1
#endif
#ifndef FEATURE_TRANSCRIPT
#define FEATURE_TRANSCRIPT 1
#endif
#ifndef FEATURE_LEVELS
#define FEATURE_LEVELS 1
#endif
#ifndef FEATURE_TEACHING
#define FEATURE_TEACHING 1
#endif
#ifndef FEATURE_SAVE
#define FEATURE_SAVE 1
#endif
#ifndef FEATURE_LAMPS
#define FEATURE_LAMPS 1
#endif
#ifndef FEATURE_SOUND
#define FEATURE_SOUND 1
#endif
#ifndef FEATURE_ATTRACT
#define FEATURE_ATTRACT 1
#endif
#ifndef FEATURE_OPERATOR
#define FEATURE_OPERATOR 1
#endif
#ifndef FEATURE_STATS
#define FEATURE_STATS 1
#endif

#ifndef FEATURE_POLISH
#define FEATURE_POLISH 1
#endif
#ifndef FEATURE_STANDBY
#if FEATURE_ATTRACT
#define FEATURE_STANDBY 0
#else
#define FEATURE_STANDBY 1
#endif
#endif

/* A switch is 0 or 1: `if (FEATURE_NAME)` and `#if` must read it alike. */
#if (FEATURE_CONSOLE | FEATURE_ANALYSIS | FEATURE_TYPED_PLAY | FEATURE_ODRA | FEATURE_TRANSCRIPT | FEATURE_LEVELS |   \
     FEATURE_TEACHING | FEATURE_SAVE | FEATURE_LAMPS | FEATURE_SOUND | FEATURE_ATTRACT | FEATURE_OPERATOR |           \
     FEATURE_STATS | FEATURE_POLISH | FEATURE_STANDBY) > 1 ||                                                         \
	FEATURE_CONSOLE < 0 || FEATURE_ANALYSIS < 0 || FEATURE_TYPED_PLAY < 0 || FEATURE_ODRA < 0 ||                  \
	FEATURE_TRANSCRIPT < 0 || FEATURE_LEVELS < 0 || FEATURE_TEACHING < 0 || FEATURE_SAVE < 0 ||                   \
	FEATURE_LAMPS < 0 || FEATURE_SOUND < 0 || FEATURE_ATTRACT < 0 || FEATURE_OPERATOR < 0 || FEATURE_STATS < 0 || \
	FEATURE_POLISH < 0 || FEATURE_STANDBY < 0
#error "a FEATURE_ switch is 0 or 1"
#endif

/* The analysis line and the Odra challenge are commands of the console. */
#if FEATURE_ANALYSIS && !FEATURE_CONSOLE
#error "FEATURE_ANALYSIS needs FEATURE_CONSOLE: the analysis line is a console command"
#endif
#if FEATURE_TYPED_PLAY && !FEATURE_CONSOLE
#error "FEATURE_TYPED_PLAY needs FEATURE_CONSOLE: games are typed at the console"
#endif
/* The statistics share the settings' EEPROM and its polling. */
#if FEATURE_STATS && !FEATURE_SAVE
#error "FEATURE_STATS needs FEATURE_SAVE: the statistics are kept beside the settings"
#endif
/* The language is the operator's choice. */
#if FEATURE_POLISH && !FEATURE_OPERATOR
#error "FEATURE_POLISH needs FEATURE_OPERATOR: the operator menu chooses the language"
#endif
/* The engine's texts follow the same switch (engine/packed_text.h). */
#ifndef ENGINE_POLISH
#define ENGINE_POLISH 1
#endif
#if FEATURE_POLISH != ENGINE_POLISH
#error "ENGINE_POLISH and FEATURE_POLISH differ: the Makefile sets both from the edition's POLISH"
#endif
/* Left idle, an exhibit draws visitors in; a handheld goes dark. */
#if FEATURE_STANDBY && FEATURE_ATTRACT
#error "FEATURE_STANDBY excludes FEATURE_ATTRACT: an exhibit left idle plays on, a handheld sleeps"
#endif
#if FEATURE_ODRA && !FEATURE_CONSOLE
#error "FEATURE_ODRA needs FEATURE_CONSOLE: the Odra challenge is a console command"
#endif

#endif
