# Amulets of SDL. Two commands from a fresh clone on Debian 12:
#   make play   installs what is missing, builds, and starts the game
#   make test   builds and runs every test, plainly and under ASan + UBSan
# The window is SDL3's, which Debian 12 lacks: where the system has none,
# the first build makes it from Debian 13's source packages, once (about
# 2 minutes), into SDL3_PREFIX, which every build tree shares
# (tools/sdl3.sh; make clean keeps it, make distclean doesn't).
# Other targets: make build, make bench, make balance, make fuzz, make clean,
# make web-smoke (the rules and the play layer in WebAssembly, under Node),
# make serve (the online server on 127.0.0.1), make bench-server,
# make determinism (every build plays 200 key strings alike: several minutes)

BUILD      ?= build
ASAN_BUILD ?= build-asan
CORE_BUILD ?= build-core
BENCH_BUILD?= build-bench
WEB_BUILD  ?= build-web
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE      ?= cmake
SDL3_PREFIX?= $(CURDIR)/build-deps/sdl3
# the window is wanted (configuring stops if SDL3 can't be had, saying
# what to install); the rules' build without it is the test's own
WINDOW     = -DAMULETS_WINDOW=ON -DAMULETS_SDL3_PREFIX=$(SDL3_PREFIX)
# the online server is wanted too (configuring stops if its libraries are
# missing, saying what to install)
SERVER     = -DAMULETS_SERVER=ON

# Debian packages: what building and playing need, and what the tests,
# the benchmark and the fuzzers need besides. SDL3 isn't among them:
# tools/sdl3.sh installs what its build needs when it builds it
PLAY_PACKAGES = gcc make cmake pkg-config fonts-dejavu-core crawl-tiles-data libncurses-dev
# the online server (src/server, docs/server.md): HTTP and the WebSocket
# upgrade, WebSocket frames, JSON, the database, randomness
SERVER_PACKAGES = gcc make cmake pkg-config libmicrohttpd-dev libwslay-dev libjansson-dev libsqlite3-dev libpq-dev \
                  libsodium-dev
# PostgreSQL 15, which the server's tests start for themselves (tools/pg.sh)
PG_PACKAGES   = postgresql-15
TEST_PACKAGES = $(PLAY_PACKAGES) $(SERVER_PACKAGES) $(PG_PACKAGES) xvfb xauth xdotool libx11-dev weston tmux parallel \
                emscripten nodejs chromium $(DEPLOY_PACKAGES)
BENCH_PACKAGES= $(PLAY_PACKAGES) libtcod-dev valgrind xvfb libx11-dev
# make determinism's compilers: clang, gcc's 32-bit libraries, emscripten
DETERMINISM_PACKAGES = $(PLAY_PACKAGES) clang gcc-multilib emscripten nodejs
FUZZ_PACKAGES = $(PLAY_PACKAGES) $(SERVER_PACKAGES) clang libclang-rt-14-dev
# deploy/: nginx in front of the server (tests/online/nginx.sh runs the
# shipped site file with a certificate openssl makes), curl to ask it
DEPLOY_PACKAGES = nginx openssl curl
# the page (make web) and its browser tests: emscripten, Node and npm
# (playwright-core, package-lock.json), Debian's Chromium
WEB_PACKAGES  = emscripten nodejs crawl-tiles-data python3

FUZZ_SECONDS ?= 60

.PHONY: play build test bench balance determinism fuzz clean distclean deps-play deps-test deps-determinism deps-bench deps-fuzz \
        web-smoke web-smoke-build web web-serve bench-web deps-web serve bench-server deps-server

play: deps-play build
	./$(BUILD)/amulets

build:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(WINDOW) >/dev/null
	$(CMAKE) --build $(BUILD) -j $(JOBS)

test: deps-test
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMULETS_WERROR=ON $(WINDOW) $(SERVER) >/dev/null
	$(CMAKE) --build $(BUILD) -j $(JOBS)
	$(CMAKE) -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DAMULETS_WERROR=ON -DAMULETS_SANITIZE=ON \
	    $(WINDOW) $(SERVER) >/dev/null
	$(CMAKE) --build $(ASAN_BUILD) -j $(JOBS)
	$(CMAKE) -S . -B $(CORE_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMULETS_WERROR=ON \
	    -DAMULETS_WINDOW=OFF >/dev/null
	$(CMAKE) --build $(CORE_BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	@echo "The rules without SDL (as on a machine without its development packages);"
	@echo "the WebAssembly tests (web_*) ran above: their page is the same in every build"
	cd $(CORE_BUILD) && ctest --output-on-failure -j $(JOBS) -E '^web_'
	cd $(ASAN_BUILD) && AMULETS_SANITIZED=1 \
	    LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	    ctest --output-on-failure -j $(JOBS) -E '^web_'

bench: deps-bench
	$(CMAKE) -S . -B $(BENCH_BUILD) -DCMAKE_BUILD_TYPE=Release -DAMULETS_BENCH=ON $(WINDOW) >/dev/null
	$(CMAKE) --build $(BENCH_BUILD) -j $(JOBS) --target bench amulets
	./$(BENCH_BUILD)/bench
	sh tools/flee_share.sh $(BENCH_BUILD)

# Seven builds of the rules (gcc -O0/-O2/-O3, clang -O2/-O3, gcc -m32,
# WebAssembly) play the same 200 key strings to the same digests, and the
# bot's sweep alike on 1 and 2 threads. Not part of make test
determinism: deps-determinism
	sh tools/determinism.sh $(CURDIR)/build-determinism

# The bot's big sweep (BALANCE_RUNS runs of each class) and the figures
# made from it: docs/balance.md and docs/balance.html. Not part of make test
BALANCE_RUNS ?= 1000
balance: build
	sh tools/balance.sh ./$(BUILD)/amulets $(BALANCE_RUNS) $(JOBS)

# Each libFuzzer target for FUZZ_SECONDS (the save loader, the data
# files, tiles.txt, the recordings, the high scores; each loaded run is played a few hundred commands;
# the server's WebSocket frames, its messages, its HTTP routes and forms, and
# its upload policy), starting from the committed corpus (new finds go to
# build-fuzz/corpus-*, not into the repository)
FUZZ_TARGETS ?= save data tiles replay scores ws msg route upload
fuzz: deps-fuzz
	CC=clang $(CMAKE) -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMULETS_FUZZ=ON $(WINDOW) $(SERVER) >/dev/null
	$(CMAKE) --build build-fuzz -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	for target in $(FUZZ_TARGETS); do \
	    mkdir -p build-fuzz/corpus-$$target && \
	    ./build-fuzz/fuzz_$$target -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	        -print_final_stats=1 build-fuzz/corpus-$$target fuzz/corpus/$$target \
	        2>&1 | grep -E "stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|Done" ; \
	done

# The rules, the play layer and the scripted runners built to WebAssembly
# with Debian's emscripten (tools/web/web.cmake), checked against the
# native program under Node (tests/web/smoke.sh, also ctest's web_smoke,
# which builds WEB_BUILD itself and is skipped where emcc or node is
# missing). emcc's optimiser finds acorn through NODE_PATH.
WEB_ENV = NODE_PATH=$${NODE_PATH:-/usr/share/nodejs}
web-smoke-build:
	@command -v emcc >/dev/null || { echo "emscripten isn't installed: apt-get install emscripten"; exit 1; }
	@[ -f $(WEB_BUILD)/CMakeCache.txt ] || $(WEB_ENV) emcmake $(CMAKE) -S . -B $(WEB_BUILD) \
	    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" -DAMULETS_WERROR=ON >/dev/null
	$(WEB_ENV) $(CMAKE) --build $(WEB_BUILD) -j $(JOBS)
web-smoke: build web-smoke-build
	sh tests/web/smoke.sh ./$(BUILD)/amulets $(CURDIR) $(abspath $(WEB_BUILD))

# The game's page (tools/web/web.cmake, src/front/web): the same build
# folder as the smoke's, so the layers are compiled once for both; what a
# web server serves is WEB_BUILD/site alone (index.html, the scripts, the
# .wasm, the data, the tiles and their licence). web-serve serves it on
# localhost (WEB_PORT).
WEB_PORT ?= 8080
web: deps-web web-smoke-build
	@echo "The page is in $(WEB_BUILD)/site (make web-serve serves it)"
web-serve: web
	@echo "Amulets of SDL: http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C stops)"
	cd $(WEB_BUILD)/site && python3 -m http.server $(WEB_PORT) --bind 127.0.0.1
# The page's figures (tests/web/bench.js): first playable frame, frame
# paint, sizes, replay speed in the page
bench-web: web
	node tests/web/bench.js $(abspath $(WEB_BUILD))/site $(CURDIR)

# The online server (docs/server.md) on 127.0.0.1:SERVE_PORT, its SQLite
# database in SERVE_DIR, a folder of its own that make clean keeps; the players
# register and log in there. With the page (make web's WEB_BUILD/site, --static): its address is the
# online page (online.html), /index.html the game alone in the browser.
# Ctrl-C stops it, and every game is kept. For real, behind nginx:
# deploy/README.md
SERVE_DIR  ?= $(CURDIR)/build-serve
SERVE_PORT ?= 8080
serve: deps-server web
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(SERVER) >/dev/null
	$(CMAKE) --build $(BUILD) -j $(JOBS) --target amulets-server
	@mkdir -p $(SERVE_DIR)
	./$(BUILD)/amulets-server --address 127.0.0.1 --port $(SERVE_PORT) --database $(SERVE_DIR)/amulets.db \
	    --static $(abspath $(WEB_BUILD))/site

# The server under load (bench/server/bench_server.c): GAMES live games
# typing 2-3 keys a second with 2 watchers each, on loopback; its RATE
# lines are the key-to-frame p50 and p99, the memory a game, and the
# lobby's and a board's requests a second (wrk). DATABASE=postgres: the
# server on a PostgreSQL 15 of its own (SERVERS=2: two processes on it).
# Then the group commit's rate on both engines (bench/server/bench_commit.c)
bench-server: deps-server
	@sh tools/deps.sh wrk $(PG_PACKAGES)
	$(CMAKE) -S . -B $(BENCH_BUILD) -DCMAKE_BUILD_TYPE=Release $(SERVER) >/dev/null
	$(CMAKE) --build $(BENCH_BUILD) -j $(JOBS) --target bench_server bench_commit amulets-server
	./$(BENCH_BUILD)/bench_server
	./$(BENCH_BUILD)/bench_commit

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(CORE_BUILD) $(BENCH_BUILD) $(WEB_BUILD) build-fuzz
distclean: clean
	rm -rf $(SDL3_PREFIX) $(SDL3_PREFIX).work $(SDL3_PREFIX).lock

deps-play:
	@sh tools/deps.sh $(PLAY_PACKAGES)
deps-test:
	@sh tools/deps.sh $(TEST_PACKAGES)
	@command -v npm >/dev/null || sh tools/deps.sh npm   # Debian's nodejs comes without it
	@[ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund   # the browser tests' driver (package-lock.json)
deps-determinism:
	@sh tools/deps.sh $(DETERMINISM_PACKAGES)
deps-bench:
	@sh tools/deps.sh $(BENCH_PACKAGES)
deps-web:
	@sh tools/deps.sh $(WEB_PACKAGES)
deps-fuzz:
	@sh tools/deps.sh $(FUZZ_PACKAGES)
deps-server:
	@sh tools/deps.sh $(SERVER_PACKAGES)
