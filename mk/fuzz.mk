# ---- fuzzing: make fuzz ----------------------------------------------------------

# The serial console's line reading and commands, with the firmware's logic
# and the engine behind them, under libFuzzer with ASan and UBSan; the chip
# around them is the fake HAL (tests/fake_hal/).  `make test` runs it for a
# bounded time (tests/scripts/fuzz.sh, FUZZ_TEST_SECONDS, default 30); `make
# fuzz` runs it for FUZZ_SECONDS and keeps what it learns in
# $(BUILD)/fuzz/corpus.
FUZZ_SECONDS ?= 600
FUZZER := $(BUILD)/fuzz/fuzz_console
FUZZ_SRC := $(wildcard tests/fuzz/*.c) $(FIRMWARE_HOST_SRC) $(FAKE_HAL_SRC) $(ENGINE_SRC)
FUZZ_OBJ := $(patsubst %.c,$(BUILD)/fuzz/%.o,$(FUZZ_SRC) $(GEN_C))
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=gnu11 -O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SANITIZE) $(WARNINGS) $(INCLUDES)

$(eval $(call compile_rule,$(BUILD)/fuzz/%.o,%.c $(GEN_HEADERS),$$(FUZZ_CC) $$(FUZZ_CFLAGS),FUZZ-CC))

$(FUZZER): $(FUZZ_OBJ)
	@echo "  LD      $@"
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SANITIZE) -o $@ $^

fuzz: $(FUZZER)
	$(Q)mkdir -p $(BUILD)/fuzz/corpus
	$(FUZZER) -max_total_time=$(FUZZ_SECONDS) -dict=tests/fuzz/console.dict \
		-artifact_prefix=$(BUILD)/fuzz/ -print_final_stats=1 $(BUILD)/fuzz/corpus tests/fuzz/seeds
