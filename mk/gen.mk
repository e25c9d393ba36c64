# ---- generated tables: the engine's tables and the packed texts ----------------

# The table generator waits for the packages as the objects do.
$(GENERATOR): | $(DEPS_STAMP)

$(GENERATOR): $(call host_obj,$(GEN_SRC) $(GEN_SHARED_SRC))
	@echo "  LD      $@"
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^

$(GEN_TABLES) &: $(GENERATOR)
	@echo "  GEN     $(BUILD)/gen/engine_tables.{c,h}"
	$(Q)mkdir -p $(BUILD)/gen
	$(Q)$(GENERATOR) $(BUILD)/gen/engine_tables.c $(BUILD)/gen/engine_tables.h

# The firmware's texts, packed (engine/packed_text.h): the packer reads
# the X-macro lists and writes the tables as C source.
$(TEXTPACK): $(call host_obj,$(TEXTPACK_SRC) $(TEXTPACK_SHARED_SRC)) | $(DEPS_STAMP)
	@echo "  LD      $@"
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^

# A build step of every firmware link, so built for speed: its search
# runs a few seconds optimised, and several times longer under the
# sanitizers that the tests use.
$(LINK_ORDER): tools/link_order.c | $(DEPS_STAMP)
	@echo "  CC-LD   $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu11 -O2 $(WARNINGS) -o $@ $< -lm

# The games' texts but their names (which the console matches as typed)
# are packed in groups of three, each group found through packed_games_at:
# a game's summary first, which the menu prints every step of its marquee,
# then its example (its start) and its moves.
#
# Every text a person reads comes in English and in Polish, the first and
# the second literal of each entry, packed as two tables (NAME and
# NAME_pl); one code table serves both languages.  The screens' texts go
# in groups of four (the exhibit's own in tables of their own); the games' Polish texts in groups of two, a game's
# summary first, then its name; the Polish words, two forms each.
#
# A firmware without Polish (POLISH) links its own English tables
# ($(PACKED_ENGLISH_TABLES)), whose code table only the English texts make:
# its Polish tables are declared for the code that names them where it is
# dead (engine/packed_text.h), and left out.
PACKED_SOURCES := engine/error_texts.def firmware/console_texts.def engine/games.def firmware/screen_texts.def \
	engine/teach_texts.def engine/letters.def
PACKED_ENGLISH := packed_errors=engine/error_texts.def:ERROR_TEXT.1 \
	packed_console=firmware/console_texts.def:TEXT.1,ODRA_PROMPT.1 \
	packed_console_features=firmware/console_texts.def:FEATURE_TEXT.1 \
	packed_games/3=engine/games.def:GAME.4,GAME.3,GAME.2 \
	packed_screen/4=firmware/screen_texts.def:SCREEN_TEXT.1 \
	packed_exhibit/4=firmware/screen_texts.def:EXHIBIT_TEXT.1 \
	packed_teach=engine/teach_texts.def:TEACH_TEXT.1
PACKED_POLISH := packed_errors_pl=engine/error_texts.def:ERROR_TEXT.2 \
	packed_console_pl=firmware/console_texts.def:TEXT.2,ODRA_PROMPT.2 \
	packed_console_features_pl=firmware/console_texts.def:FEATURE_TEXT.2 \
	packed_games_pl/2=engine/games.def:GAME_POLISH.2,GAME_POLISH.1 \
	packed_words_pl=engine/games.def:PART_WORD_POLISH,VERB_POLISH \
	packed_screen_pl/4=firmware/screen_texts.def:SCREEN_TEXT.2 \
	packed_exhibit_pl/4=firmware/screen_texts.def:EXHIBIT_TEXT.2 \
	packed_teach_pl=engine/teach_texts.def:TEACH_TEXT.2
$(PACKED_TABLES) &: $(TEXTPACK) $(PACKED_SOURCES)
	@echo "  PACK    $(BUILD)/gen/packed_tables.{c,h}"
	$(Q)mkdir -p $(BUILD)/gen
	$(Q)$(TEXTPACK) gen $(BUILD)/gen/packed_tables.c $(BUILD)/gen/packed_tables.h $(PACKED_ENGLISH) $(PACKED_POLISH)
$(PACKED_ENGLISH_TABLES) &: $(TEXTPACK) $(PACKED_SOURCES)
	@echo "  PACK    $(BUILD)/gen/english/packed_tables.{c,h}"
	$(Q)mkdir -p $(BUILD)/gen/english
	$(Q)$(TEXTPACK) gen $(BUILD)/gen/english/packed_tables.c $(BUILD)/gen/english/packed_tables.h \
		$(PACKED_ENGLISH) $(addprefix extern:,$(PACKED_POLISH))

# Engine sources include the generated headers, and so do the tests and tools
# that include engine headers: without this a parallel build of one test
# from a clean tree could compile it before the header exists.
GEN_HEADERS := $(BUILD)/gen/engine_tables.h $(BUILD)/gen/packed_tables.h
# (Each firmware build's own objects get the same rule below.)
$(call host_obj,$(filter-out $(GEN_SHARED_SRC),$(ENGINE_SRC))): $(BUILD)/gen/engine_tables.h
$(call host_obj,$(filter-out $(GEN_SHARED_SRC) $(TEXTPACK_SHARED_SRC),$(ENGINE_SRC))): $(BUILD)/gen/packed_tables.h
$(call host_obj,$(wildcard tests/*/*.c) tools/grundy.c $(wildcard tools/bench/*.c)): $(GEN_HEADERS)
$(call avr_obj,$(wildcard tools/bench/*.c)): $(GEN_HEADERS)

