/*
 * Words the games' summaries (engine/games.def) share: a byte W_FIRST + n
 * of a summary stands for word n of W_WORDS, so that each is kept once in
 * flash; they follow the part words and verbs in the engine's list of
 * words (engine_word).  The menu spells them out (firmware/menu.c).
 */
#ifndef ENGINE_GAME_WORDS_H
#define ENGINE_GAME_WORDS_H

#define W_WORDS " from \0 neighbours\0Take\0 or \0 heap\0 Last move "
#define W_FROM "\x80"
#define W_NEIGHBOURS "\x81"
#define W_TAKE "\x82"
#define W_OR "\x83"
#define W_HEAP "\x84"
#define W_LAST_MOVE "\x85"
#define W_FIRST 0x80u

#endif
