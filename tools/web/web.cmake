# The web smoke driver tools/web/web_smoke.c, which runs the program's own
# scripted runner and replay runner. CMakeLists.txt includes this file in
# every build:
# - with emcmake (Debian's emscripten package) it is the whole build: the
#   rules, the play layer and this driver in WebAssembly; no SDL, no
#   curses, no bot, no tests. The data files and the golden replays are
#   packed into web_smoke.data and appear under /data and /replays; the
#   save folders live in memory (MEMFS).
#     make web-smoke-build    builds it into build-web/ (-O2)
#     node --no-experimental-fetch tools/web/smoke.js build-web --seed 3 --play hjkl --digest
# - natively it is built only when asked (--target web_smoke), to time the
#   same playback loop beside the WebAssembly one.
add_executable(web_smoke tools/web/web_smoke.c
  src/app/runner.c src/app/replayer.c src/app/report.c)
target_compile_options(web_smoke PRIVATE ${AMULETS_WARNINGS})
target_include_directories(web_smoke PRIVATE ${PROJECT_SOURCE_DIR}/src/app)
target_link_libraries(web_smoke PRIVATE amulets_play)
set_target_properties(web_smoke PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
if(EMSCRIPTEN)
  # a factory (createWebSmoke), as a page would make the game: Node's
  # tools/web/smoke.js tells it where its .wasm and .data are
  target_link_options(web_smoke PRIVATE
    "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/data@/data"
    "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/tests/replays@/replays"
    -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1 -sMODULARIZE=1 -sEXPORT_NAME=createWebSmoke)
  set_target_properties(web_smoke PROPERTIES SUFFIX ".js")
else()
  set_target_properties(web_smoke PROPERTIES EXCLUDE_FROM_ALL ON)
endif()
