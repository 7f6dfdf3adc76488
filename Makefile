# SPDX-License-Identifier: MIT
# The one Makefile of sumito: non-recursive, out-of-tree objects under build/.
#
#   make            build build/sumito (release)
#   make test       -Werror build, every test in release and in ASan+UBSan, the protocol
#                   tests in ThreadSanitizer too, prove summary
#   make bench      speed figures (medians), see README
#   make test-slow  the long tests against GNU Go (legality, genmove games), and sumito as
#                   the engine of Lizzie on a virtual display (tests/slow_lizzie.sh), and
#                   make test-cluster
#   make test-cluster  long jobs on a Slurm cluster of this machine and through GNU parallel
#                   over ssh (tests/slow_cluster.sh; root or sudo)
#   make run        the main job on built-in defaults
#   make serve      play Abalone in a browser (sumito serve; SERVE_ARGS passes its options)
#   make deps       install the Debian packages the build and tests need
#   make install    build release, install it as $(DESTDIR)$(PREFIX)/bin/sumito
#                   (PREFIX=/usr/local by default; DESTDIR for staging, empty by default)
#   make uninstall  remove $(DESTDIR)$(PREFIX)/bin/sumito
#   make fuzz       every fuzzing target (clang's libFuzzer) for FUZZ_SECONDS each (default 60),
#                   corpora kept in build/fuzz/corpus/, executions added up in
#                   build/fuzz/runs.tsv (docs/reliability.md)
#
# BUILD=release|portable|debug|asan|tsan selects the flavour (portable: release without
# -march=native, into build/portable/, for valgrind and for other machines; fuzz: clang's
# libFuzzer builds that make fuzz makes); V=1 prints full commands. `sumito --version`
# prints VERSION, the commit (git describe at build time) and the flavour.
#
# BUILD=tsan is ThreadSanitizer (-fsanitize=thread -O1 -g) into build/tsan/. It is for the code
# with threads: `make BUILD=tsan tsan-tests` builds the tests that make test runs under it
# (TSAN_TEST_NAMES: the engine protocol with its search thread, the stop race, GTP, the match
# runner's worker threads, the search on several threads, the Monte Carlo search's), and
# tests/tsan_racy.sh checks that it catches the deliberate race of tests/tsan_racy.c, a program
# only this flavour builds. Threads here meet through pthreads and C11 atomics, which TSan sees
# (not through GLib's GMutex and GCond: futexes it cannot see), so it needs no suppressions.

VERSION := 0.1
BUILD ?= release
ARCH ?= native
V ?= 0
PREFIX ?= /usr/local
DESTDIR ?=

ifeq ($(BUILD),release)
OUT := build
OPTFLAGS := -O2 -march=$(ARCH) -g
else ifeq ($(BUILD),portable)
OUT := build/portable
OPTFLAGS := -O2 -g
else ifeq ($(BUILD),fuzz)
OUT := build/fuzz
CC := clang
OPTFLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
            -fno-omit-frame-pointer -fsanitize-coverage-ignorelist=tests/fuzz/coverage-ignore.txt
# The list's checksum joins the flags file, so that a change to it recompiles every object.
FLAGS_STAMP := $(shell cksum < tests/fuzz/coverage-ignore.txt)
else ifeq ($(BUILD),debug)
OUT := build/debug
OPTFLAGS := -O0 -g3
else ifeq ($(BUILD),asan)
OUT := build/asan
OPTFLAGS := -O1 -g -march=$(ARCH) -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=all
else ifeq ($(BUILD),tsan)
OUT := build/tsan
# GCC 12 at -O1 with TSan's instrumentation sees uninitialised paths that are not there (in
# core/draw/chart.c; release and asan builds keep the warning).
OPTFLAGS := -O1 -g -march=$(ARCH) -fsanitize=thread -fno-omit-frame-pointer \
            -Wno-maybe-uninitialized
else
$(error BUILD must be release, portable, debug, asan, tsan or fuzz, not '$(BUILD)')
endif

OBJDIR := build/obj/$(BUILD)
# libsoup and json-glib: the web server of sumito serve (core/web/, abalone/web_*.c, go/web_*.c).
PKGS := glib-2.0 libpng libsoup-3.0 json-glib-1.0
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null)

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
ifeq ($(WERROR),1)
WARN += -Werror
endif
CFLAGS := -std=c11 -D_GNU_SOURCE $(OPTFLAGS) $(WARN) -I. $(PKG_CFLAGS) $(EXTRA_CFLAGS)
LDFLAGS := $(OPTFLAGS) $(EXTRA_LDFLAGS)
LDLIBS := $(PKG_LIBS) -lm

ifeq ($(V),1)
Q :=
SAY := @true
else
Q := @
SAY := @printf '  %-5s %s\n'
endif

# ---------------------------------------------------------------------------
# Sources: every .c of the library folders; tools/main.c is the executable's entry;
# tests/test_*.c are one test binary each, the other tests/*.c their shared support, except
# tests/tsan_*.c: programs of their own for BUILD=tsan.
LIB_SRC := $(wildcard base/*.c core/*.c core/draw/*.c core/lab/*.c core/web/*.c abalone/*.c go/*.c \
                     nets/*.c) \
           $(filter-out tools/main.c,$(wildcard tools/*.c))
LIB_OBJ := $(patsubst %.c,$(OBJDIR)/%.o,$(LIB_SRC))
LIB := $(OBJDIR)/libsumito.a

TEST_SUPPORT_SRC := $(filter-out tests/test_%.c tests/tsan_%.c,$(wildcard tests/*.c))
TEST_SUPPORT_OBJ := $(patsubst %.c,$(OBJDIR)/%.o,$(TEST_SUPPORT_SRC))
TEST_SRC := $(wildcard tests/test_*.c)
TEST_BIN := $(patsubst tests/%.c,$(OUT)/tests/%,$(TEST_SRC))
TEST_SH := $(wildcard tests/test_*.sh)
TEST_SH_WRAP := $(patsubst tests/%.sh,$(OUT)/tests/%.sh,$(TEST_SH))

# Fuzzing targets: tests/fuzz/fuzz_NAME.c, linked with libFuzzer by make fuzz (BUILD=fuzz) and
# with tests/fuzz/replay.c as a test of every build (fuzz_replay_NAME replays tests/fuzz/NAME/).
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_REPLAY := $(addprefix $(OUT)/tests/fuzz_replay_,$(FUZZ_NAMES))
FUZZ_SUPPORT_OBJ := $(OBJDIR)/tests/fuzz/fuzz.o

TEST_NAMES := $(notdir $(TEST_BIN) $(TEST_SH_WRAP) $(FUZZ_REPLAY))
# The tests that make test also runs under ThreadSanitizer (BUILD=tsan).
TSAN_TEST_NAMES := test_search_stop test_search_threads test_go_gtp test_cli_aep.sh \
    test_match_threads.sh tsan_racy.sh test_mcts_toy test_go_mcts

SUMITO := $(OUT)/sumito

.PHONY: all tests tsan-tests test test-slow test-cluster bench run serve deps install uninstall format \
        check-layering clean fuzz fuzz-targets FORCE
.DEFAULT_GOAL := all
.SECONDARY:

all: $(SUMITO)

# Recompile everything when the flags change (for instance WERROR=1 after a plain build).
FLAGS_LINE = $(CFLAGS) $(LDFLAGS) $(FLAGS_STAMP)
$(OBJDIR)/flags: FORCE
	@mkdir -p $(@D)
	@echo '$(FLAGS_LINE)' | cmp -s - $@ || echo '$(FLAGS_LINE)' > $@

# The version, commit and flavour for `sumito --version`, rewritten only when they change, so
# that a new commit recompiles tools/main.c alone. The commit is `unknown` outside a git
# checkout (a .git directory, or file in a worktree, at the top). safe.directory: whoever
# runs this Makefile trusts the tree already, and `sudo make install` after `make` must see
# the same commit (git refuses a tree owned by another user) rather than rebuild.
$(OBJDIR)/version.h: FORCE
	@mkdir -p $(@D)
	@c=unknown; \
	if [ -e .git ]; then \
	    c=$$(git -c safe.directory='$(CURDIR)' describe --always --dirty 2>/dev/null) || c=unknown; \
	fi; \
	printf '#define SUMITO_VERSION "%s"\n#define SUMITO_COMMIT "%s"\n#define SUMITO_BUILD "%s"\n' \
	    '$(VERSION)' "$${c:-unknown}" '$(BUILD)' > $@.new; \
	if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi

$(OBJDIR)/tools/main.o: tools/main.c $(OBJDIR)/flags $(OBJDIR)/version.h
	@mkdir -p $(@D)
	$(SAY) CC $<
	$(Q)$(CC) $(CFLAGS) -I$(OBJDIR) -MMD -MP -c $< -o $@

$(OBJDIR)/%.o: %.c $(OBJDIR)/flags
	@mkdir -p $(@D)
	$(SAY) CC $<
	$(Q)$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

# Data files embedded with .incbin (core/embed.h) are dependencies of their object.
$(OBJDIR)/abalone/suite.o: abalone/data/compare_suite.txt
$(OBJDIR)/abalone/suite.o: abalone/data/compare_reference.txt
$(OBJDIR)/abalone/suite.o: abalone/data/match_openings.txt
$(OBJDIR)/abalone/rankcut_builtin.o: abalone/data/rankcut.bin $(wildcard abalone/data/rankcut-net-*.bin)
$(OBJDIR)/abalone/probcut_builtin.o: abalone/data/probcut.bin $(wildcard abalone/data/probcut-net-*.bin)
$(OBJDIR)/abalone/net_builtin.o: $(wildcard abalone/data/abalone-*.nnue)
$(OBJDIR)/abalone/web_state.o: $(wildcard abalone/web/*)
$(OBJDIR)/go/web_state.o: $(wildcard go/web/*)
$(OBJDIR)/go/suite.o: go/data/compare_suite.txt
$(OBJDIR)/go/suite.o: go/data/compare_reference.txt
$(OBJDIR)/go/suite.o: go/data/match_openings_9.txt go/data/match_openings_13.txt \
    go/data/match_openings_19.txt
$(OBJDIR)/go/tactics.o: go/data/tactics_9.txt
$(OBJDIR)/go/rankcut_builtin.o: go/data/rankcut_go9.rc
$(OBJDIR)/go/probcut_builtin.o: go/data/probcut_go9.bin
$(OBJDIR)/go/mcts_ranks_builtin.o: go/data/mcts_ranks_go9.txt
$(OBJDIR)/go/patterns.o: go/data/patterns_go9.txt

$(LIB): $(LIB_OBJ)
	$(SAY) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(SUMITO): $(OBJDIR)/tools/main.o $(LIB)
	@mkdir -p $(@D)
	$(SAY) LD $@
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

# private: the flags file that test objects depend on must not inherit these (built first
# through a test, it would otherwise record them, and the next plain build recompile it all).
$(OBJDIR)/tests/%.o: private CFLAGS += -DTEST_DATA_DIR='"$(abspath tests/data)"' \
                                        -DTEST_SUMITO='"$(abspath $(SUMITO))"'

$(OUT)/tests/%: $(OBJDIR)/tests/%.o $(TEST_SUPPORT_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(SAY) LD $@
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

# Shell tests get a wrapper per build that points them at that build's binary.
$(OUT)/tests/%.sh: tests/%.sh
	@mkdir -p $(@D)
	@printf '#!/bin/sh\nSUMITO=%s exec sh %s "$$@"\n' '$(abspath $(SUMITO))' '$(abspath $<)' > $@
	@chmod +x $@

tests: $(SUMITO) $(TEST_BIN) $(TEST_SH_WRAP) $(FUZZ_REPLAY)

$(OBJDIR)/tests/fuzz/replay.o: private CFLAGS += -DFUZZ_CORPUS_DIR='"$(abspath tests/fuzz)"'

$(OUT)/tests/fuzz_replay_%: $(OBJDIR)/tests/fuzz/fuzz_%.o $(OBJDIR)/tests/fuzz/replay.o \
                            $(FUZZ_SUPPORT_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(SAY) LD $@
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

ifeq ($(BUILD),fuzz)
$(OUT)/fuzz_%: $(OBJDIR)/tests/fuzz/fuzz_%.o $(FUZZ_SUPPORT_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(SAY) LD $@
	$(Q)$(CC) $(LDFLAGS) -fsanitize=fuzzer $^ $(LDLIBS) -o $@

fuzz-targets: $(addprefix $(OUT)/fuzz_,$(FUZZ_NAMES))
	$(Q)sh tests/fuzz/check-ignore.sh $(OBJDIR)
endif

ifeq ($(BUILD),tsan)
# The deliberate race that tests/tsan_racy.sh wants reported: a program of its own.
$(OUT)/tests/tsan_racy: $(OBJDIR)/tests/tsan_racy.o
	@mkdir -p $(@D)
	$(SAY) LD $@
	$(Q)$(CC) $(LDFLAGS) $^ -o $@

tests: $(OUT)/tests/tsan_racy $(OUT)/tests/tsan_racy.sh
tsan-tests: $(SUMITO) $(addprefix $(OUT)/tests/,$(TSAN_TEST_NAMES)) $(OUT)/tests/tsan_racy
-include $(OBJDIR)/tests/tsan_racy.d
else
tsan-tests:
	$(error tsan-tests goes with BUILD=tsan)
endif

-include $(LIB_OBJ:.o=.d) $(TEST_SUPPORT_OBJ:.o=.d) $(OBJDIR)/tools/main.d \
         $(patsubst %.c,$(OBJDIR)/%.d,$(TEST_SRC) $(wildcard tests/fuzz/*.c))

# ---------------------------------------------------------------------------
TEST_ENV := G_SLICE=always-malloc G_DEBUG=gc-friendly \
            UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ASAN_OPTIONS=detect_leaks=1 \
            TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

# One g_test seed per run, printed first, so that a failure seen in a log can be replayed
# with `make test SEED=...` (every random choice of the tests derives from it).
ifeq ($(origin SEED),undefined)
SEED := $(shell printf 'R02S%s' "$$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')")
endif

test: deps
	$(Q)$(MAKE) --no-print-directory BUILD=release WERROR=1 tests
	$(Q)$(MAKE) --no-print-directory BUILD=asan WERROR=1 tests
	$(Q)$(MAKE) --no-print-directory BUILD=tsan WERROR=1 tsan-tests
	$(Q)$(MAKE) --no-print-directory check-layering
	@echo "make test: seed $(SEED) (replay with: make test SEED=$(SEED))"
	$(Q)$(TEST_ENV) prove -j2 --exec '' $(addprefix build/tests/,$(TEST_NAMES)) \
	    $(addprefix build/asan/tests/,$(TEST_NAMES)) \
	    $(addprefix build/tsan/tests/,$(TSAN_TEST_NAMES)) :: --seed $(SEED)

bench: deps
	$(Q)$(MAKE) --no-print-directory BUILD=release all
	$(Q)./build/sumito abalone perft --depth 5 --repeat 5
	$(Q)./build/sumito abalone render --bench --repeat 100 --game tests/data/abalone_random_game.txt --move 100
	$(Q)./build/sumito go render --bench --repeat 100 --sgf tests/data/go_gnugo_19.sgf --move 150
	$(Q)./build/sumito bench | tail -5
	$(Q)./build/sumito abalone speed
	$(Q)./build/sumito abalone speed --no-overrun --no-depth --set eval=hce
	$(Q)./build/sumito go playouts --size 9 --seconds 2 --repeat 7
	$(Q)./build/sumito go playouts --size 9 --seconds 2 --repeat 7 --policy heavy
	$(Q)./build/sumito go playouts --size 19 --seconds 2 --repeat 7
	$(Q)./build/sumito go playouts --size 19 --seconds 2 --repeat 7 --policy heavy
	$(Q)./build/sumito go perft --size 9 --depth 4 --repeat 5
	$(Q)./build/sumito go perft --size 19 --depth 3 --repeat 5
	$(Q)./build/sumito go speed --moves 100 --depth-time 1 --depth-time 5
	$(Q)./build/sumito net bench

# The long runs against GNU Go: the differential test with 200 random games per size on 9x9
# and 19x19, and 10 games of genmove against GNU Go; then Lizzie, its engine sumito, under Xvfb
# (a minute; ImageMagick takes and reads the screenshot); then make test-cluster.
CLUSTER_PKGS := slurm-wlm munge openssh-server
test-slow: DEB_PKGS += liblizzie-java xvfb imagemagick $(CLUSTER_PKGS)
test-slow: deps
	$(Q)$(MAKE) --no-print-directory BUILD=release WERROR=1 tests build/tests/slow_lizzie.sh
	@echo "make test-slow: seed $(SEED)"
	$(Q)$(TEST_ENV) SUMITO_GNUGO_GAMES=200 prove -v --exec '' build/tests/test_go_gnugo :: --seed $(SEED)
	$(Q)$(TEST_ENV) SUMITO_MATCH_GAMES=10 prove -v --exec '' build/tests/test_go_match :: --seed $(SEED)
	$(Q)prove -v --exec '' build/tests/slow_lizzie.sh
	$(Q)$(MAKE) --no-print-directory test-cluster
	$(Q)$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_SLOW_SECONDS)

# Long jobs on a Slurm cluster of this machine alone and through GNU parallel over ssh to it
# (tests/slow_cluster.sh, docs/cluster.md): four minutes; root or sudo runs the daemons.
test-cluster: DEB_PKGS += $(CLUSTER_PKGS)
test-cluster: deps
	$(Q)$(MAKE) --no-print-directory BUILD=release WERROR=1 all build/tests/slow_cluster.sh
	$(Q)prove -v --exec '' build/tests/slow_cluster.sh

# Fuzzing (docs/reliability.md): each target for FUZZ_SECONDS seconds under clang's libFuzzer
# with ASan+UBSan, from its seeds (tests/fuzz/NAME/) and the corpus it grew before
# (build/fuzz/corpus/NAME/); a crash stops the run, its input saved as
# build/fuzz/crash-NAME-*. Executions are added up in build/fuzz/runs.tsv. FUZZ_RUNS=N (on the
# command line) also ends each run after N executions.
FUZZ_SECONDS ?= 60
FUZZ_SLOW_SECONDS ?= 10
FUZZ_JOBS ?= 1
fuzz: DEB_PKGS += clang
fuzz: deps
	$(Q)$(MAKE) --no-print-directory BUILD=fuzz fuzz-targets
	$(Q)sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_NAMES)

run: deps
	$(Q)$(MAKE) --no-print-directory BUILD=release all
	$(Q)./build/sumito demo

# Abalone in a browser (docs/serve.md): SERVE_ARGS='--port 8080' and the like pass options.
serve: deps
	$(Q)$(MAKE) --no-print-directory BUILD=release all
	$(Q)./build/sumito serve $(SERVE_ARGS)

# Installs the release binary (built first, whatever BUILD says); DESTDIR stages the tree.
install:
	$(Q)$(MAKE) --no-print-directory BUILD=release all
	$(SAY) INST '$(DESTDIR)$(PREFIX)/bin/sumito'
	$(Q)install -d '$(DESTDIR)$(PREFIX)/bin'
	$(Q)install -m 755 build/sumito '$(DESTDIR)$(PREFIX)/bin/sumito'

uninstall:
	$(SAY) RM '$(DESTDIR)$(PREFIX)/bin/sumito'
	$(Q)rm -f '$(DESTDIR)$(PREFIX)/bin/sumito'

# ---------------------------------------------------------------------------
# Debian packages: what the build, the tests and the outside checkers need.
DEB_PKGS := gcc make pkg-config libc6-dev libglib2.0-dev libpng-dev perl gnugo parallel \
            libsoup-3.0-dev libjson-glib-dev chromium
# Installed only when the command is missing (a machine may have Node.js from elsewhere).
DEB_CMD_PKGS := node:nodejs npm:npm
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

deps:
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
	    echo "make deps: no dpkg here; install $(DEB_PKGS) by hand"; exit 0; fi; \
	missing=""; for p in $(DEB_PKGS); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	for cp in $(DEB_CMD_PKGS); do \
	    command -v $${cp%%:*} >/dev/null 2>&1 || missing="$$missing $${cp#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
	    echo "make deps: installing$$missing"; \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@if command -v npm >/dev/null 2>&1 && { [ ! -d tests/node_modules/@sabaki/sgf ] || \
	    [ ! -d tests/node_modules/@sabaki/gtp ] || [ ! -d tests/node_modules/playwright-core ]; }; then \
	    echo "make deps: npm ci --prefix tests"; \
	    npm ci --prefix tests --no-audit --no-fund --loglevel=error; \
	fi

format:
	clang-format -i $(wildcard base/*.[ch] core/*.[ch] core/*/*.[ch] abalone/*.[ch] go/*.[ch] nets/*.[ch] tools/*.[ch] tests/*.[ch] tests/fuzz/*.[ch])

# The layering rule (docs/hacking.md): base/ includes nothing of ours (only libc and GLib);
# core/ (its subfolders included) and nets/ know no game, nets/ knows no board and nothing of
# core/, core/ outside core/lab/ nothing of nets/, the pictures (core/draw/) know nothing of
# the search, abalone/ and go/ never include each other, and nothing but tools/ and tests/
# includes tools/ or tests/.
LAYER_BASE := $(wildcard base/*.[ch])
LAYER_CORE := $(wildcard core/*.[ch] core/*/*.[ch])
LAYER_NETS := $(wildcard nets/*.[ch])
check-layering:
	@bad=$$(grep -nE '#include +"' $(LAYER_BASE) /dev/null | grep -vE ':#include +"base/'; \
	        grep -nE '#include +"(abalone|go)/' $(LAYER_CORE) $(LAYER_NETS) /dev/null; \
	        grep -nE '#include +"core/' $(LAYER_NETS) /dev/null; \
	        grep -nE '#include +"nets/' $(filter-out core/lab/%,$(LAYER_CORE)) /dev/null; \
	        grep -nE '#include +"core/(search|search_body|tt|rankcut|game|game_contract|engine|params|lab/[a-z_]+)\.h"' core/draw/*.[ch] /dev/null; \
	        grep -nE '#include +"go/' abalone/*.[ch] /dev/null; \
	        grep -nE '#include +"abalone/' go/*.[ch] /dev/null; \
	        grep -nE '#include +"(tools|tests)/' $(LAYER_BASE) $(LAYER_CORE) $(LAYER_NETS) abalone/*.[ch] go/*.[ch] /dev/null); \
	if [ -n "$$bad" ]; then echo "check-layering: forbidden includes:"; echo "$$bad"; exit 1; fi

clean:
	rm -rf build
