# ---- sources: what the build is made of --------------------------------------

ENGINE_SRC := $(wildcard engine/*.c)
HAL_SRC := $(wildcard hal/*.c)
FIRMWARE_SRC := $(wildcard firmware/*.c)
# The simulator's own files but its main (sim/main.c): the end-to-end tests
# and the bench's runners link them too.
SIM_LIB_SRC := $(filter-out sim/main.c,$(wildcard sim/*.c))
GEN_SRC := $(wildcard tools/gen/*.c)
# Engine files the table generator shares with the device (they must not
# include the generated tables themselves).
GEN_SHARED_SRC := engine/losing_set.c engine/board_keys.c engine/subtraction.c
BRUTE_SRC := $(wildcard tests/brute/*.c)

GEN_TABLES := $(BUILD)/gen/engine_tables.c $(BUILD)/gen/engine_tables.h
# The texts packed at build time (tools/textpack) and the engine files the
# packer shares to decode them again (they must not include its output).
PACKED_TABLES := $(BUILD)/gen/packed_tables.c $(BUILD)/gen/packed_tables.h
PACKED_ENGLISH_TABLES := $(BUILD)/gen/english/packed_tables.c $(BUILD)/gen/english/packed_tables.h
TEXTPACK_SRC := $(wildcard tools/textpack/*.c)
TEXTPACK_SHARED_SRC := engine/text.c engine/packed_text.c

SIM := $(BUILD)/grundy-sim
CLI := $(BUILD)/grundy
GENERATOR := $(BUILD)/host/gen_tables
TEXTPACK := $(BUILD)/host/textpack
LINK_ORDER := $(BUILD)/host/link_order

GEN_C := $(BUILD)/gen/engine_tables.c $(BUILD)/gen/packed_tables.c
ENGINE_AVR_OBJ := $(call avr_obj,$(ENGINE_SRC) $(GEN_C))
ENGINE_HOST_OBJ := $(call host_obj,$(ENGINE_SRC) $(GEN_C))
SIM_LIB_OBJ := $(call host_obj,$(SIM_LIB_SRC))
BRUTE_OBJ := $(call host_obj,$(BRUTE_SRC))
