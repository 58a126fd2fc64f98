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

# The game's page (make web): src/front/web's glue, frame and store, the
# rules and the play layer, as amulets.js + amulets.wasm (the data files
# inside it, under /data: the game's own files are the page's store, in
# memory and IndexedDB, web_store.h), with the page's own index.html and web.js
# beside them in site/ (only what a web server serves). It shares this
# build folder with web_smoke, so the layers are compiled once for both.
if(EMSCRIPTEN)
  set(AMULETS_SITE ${PROJECT_BINARY_DIR}/site)
  add_executable(amulets_web src/front/web/web_glue.c src/front/web/web_frame.c src/front/web/web_store.c)
  target_compile_options(amulets_web PRIVATE ${AMULETS_WARNINGS})
  target_link_libraries(amulets_web PRIVATE amulets_play)
  # the data (35 KB) inside the .wasm: one fetch fewer before the first frame
  target_link_options(amulets_web PRIVATE
    "SHELL:--embed-file ${PROJECT_SOURCE_DIR}/data@/data"
    -sALLOW_MEMORY_GROWTH=1 -sMODULARIZE=1 -sEXPORT_NAME=createAmulets
    -sENVIRONMENT=web -sEXPORTED_RUNTIME_METHODS=cwrap,UTF8ToString
    -sEXPORTED_FUNCTIONS=_malloc,_free)
  set_target_properties(amulets_web PROPERTIES OUTPUT_NAME amulets SUFFIX ".js"
    RUNTIME_OUTPUT_DIRECTORY ${AMULETS_SITE})
  set(page_files index.html web.css web.js web_keys.js web_paint.js web_store.js web_files.js
                 online.html online.css web_online.js web_wire.js web_offline.js)
  foreach(file ${page_files})
    add_custom_command(OUTPUT ${AMULETS_SITE}/${file}
      COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/src/front/web/${file} ${AMULETS_SITE}/${file}
      DEPENDS ${PROJECT_SOURCE_DIR}/src/front/web/${file})
    list(APPEND page_outputs ${AMULETS_SITE}/${file})
  endforeach()
  # the tile view's pictures: the ones tiles.txt names, cut out of
  # Debian's crawl-tiles-data atlases into one sheet (tools/web/tiles.js);
  # without the package the page draws the glyphs in the tile view too
  set(AMULETS_TILES_DIR /usr/share/crawl/dat/tiles CACHE PATH "The DCSS atlases the page's tiles are cut from")
  add_custom_command(OUTPUT ${AMULETS_SITE}/tiles/tiles.json
    COMMAND node ${PROJECT_SOURCE_DIR}/tools/web/tiles.js ${PROJECT_SOURCE_DIR}/data/tiles.txt
            ${AMULETS_TILES_DIR} ${AMULETS_SITE}/tiles
    DEPENDS ${PROJECT_SOURCE_DIR}/data/tiles.txt ${PROJECT_SOURCE_DIR}/tools/web/tiles.js)
  # the scripts and styles also under names carrying their hash, which
  # the two pages load (tools/web/hash.js): kept long by browsers
  add_custom_command(OUTPUT ${AMULETS_SITE}/hashed.txt
    COMMAND node ${PROJECT_SOURCE_DIR}/tools/web/hash.js ${AMULETS_SITE}
    DEPENDS ${page_outputs} amulets_web ${PROJECT_SOURCE_DIR}/tools/web/hash.js)
  add_custom_target(amulets_page ALL DEPENDS ${page_outputs} ${AMULETS_SITE}/tiles/tiles.json
    ${AMULETS_SITE}/hashed.txt amulets_web)
endif()
