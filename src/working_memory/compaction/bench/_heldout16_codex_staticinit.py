"""Held out, sixteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, C++ with CMake presets: since #512 moved the
codecs into the libpixcodecs static library, the Release pixconvert segfaults before main()
(PIX-418), because webp_codec.cpp's PIX_REGISTER_CODEC registrar inserts into registry.cpp's
namespace-scope g_codecs before that map is constructed (the static initialization order
fiasco); GCC's init_priority on the map in a new src/codec/registry_storage.cpp written, then
ruled out by the user (no MSVC equivalent for the Windows plugins) for construct-on-first-use;
the file deleted and src/codec/CMakeLists.txt reverted; a heap-use-after-free at exit under the
asan preset (the first-use map destroyed before the plugins that unregister from it) that
clearing ccache and the asan build did not fix and a never-destroyed map did; a PR review with
four points: one answered on the PR (the guard on find_codec), one already done (no
init_priority left), one a ticket (the filter registry, PIX-431), one pending (a regression
test with a registrar initialised before registry.cpp); the assistant's last words name the
right next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/priya/pixkit"
_REG = "src/codec/registry.cpp"
_HDR = "include/pix/codec/registry.h"
_STORAGE = "src/codec/registry_storage.cpp"
_CMAKE = "src/codec/CMakeLists.txt"
_MAP = "std::unordered_map<std::string, pix::CodecFactory, pix::StringHash, std::equal_to<void> >"
_ASAN = (
    "ctest --preset asan --output-on-failure 2>&1 | grep -E 'ERROR: Address|^    #[0-4] |"
    "freed by|tests passed|FAILED|_test \\(' | head -24"
)


def _uaf(pid: int, addr: str) -> str:
    """The asan preset's report for the plugin tests after the first-use change."""
    return (
        f"=={pid}==ERROR: AddressSanitizer: heap-use-after-free on address {addr} at pc "
        "0x55d0c3a8e1b2 bp 0x7ffd5e2a8c10 sp 0x7ffd5e2a8c08\n"
        f"    #0 0x55d0c3a8e1b1 in {_MAP}::find(std::basic_string_view<char, "
        "std::char_traits<char> > const&) /usr/include/c++/13/bits/hashtable.h:1663\n"
        "    #1 0x55d0c3a8d9e4 in pix::unregister_codec(std::basic_string_view<char, "
        "std::char_traits<char> >) src/codec/registry.cpp:19\n"
        "    #2 0x55d0c3a71f03 in pix::PluginHandle::~PluginHandle() "
        "src/plugin/plugin_handle.cpp:58\n"
        "    #3 0x55d0c3a72b88 in std::vector<pix::PluginHandle, std::allocator<pix::PluginHandle> "
        ">::~vector() /usr/include/c++/13/bits/stl_vector.h:733\n"
        "    #4 0x7f2e1c6455ec in __run_exit_handlers stdlib/exit.c:108\n"
        "freed by thread T0 here:\n"
        "    #0 0x7f2e1c8fe5e8 in operator delete(void*, unsigned long) "
        "../../../../src/libsanitizer/asan/asan_new_delete.cpp:164\n"
        f"    #1 0x55d0c3a8c0a7 in {_MAP}::~unordered_map() "
        "/usr/include/c++/13/bits/unordered_map.h:109\n"
        "    #2 0x7f2e1c6455ec in __run_exit_handlers stdlib/exit.c:108\n"
        "91% tests passed, 8 tests failed out of 86\n"
        "The following tests FAILED:\n"
        "\t 61 - plugin_load_test (Failed)\n\t 62 - plugin_unload_test (Failed)\n"
        "\t 63 - plugin_reload_test (Failed)\n\t 64 - plugin_qoi_decode_test (Failed)\n"
        "\t 65 - plugin_conflict_test (Failed)\n\t 66 - plugin_abi_version_test (Failed)\n"
        "\t 67 - plugin_dir_scan_test (Failed)\n\t 68 - plugin_missing_symbol_test (Failed)\n"
    )


s = Script("You are Codex, a coding agent. cwd: " + _ROOT)
s.user(
    "PIX-418: since #512 (the codecs moved into the libpixcodecs static library) the Release "
    "build of pixconvert segfaults before main() on Linux, and CI's release job has been red "
    "since. `./build/release/bin/pixconvert --version` is enough to reproduce it. Find out why "
    "and fix it."
)
s.call(
    "shell",
    "[198/198] Linking CXX executable bin/pixconvert\n"
    "bash: line 1: 48102 Segmentation fault      (core dumped) ./build/release/bin/pixconvert "
    "--version\nexit=139\n",
    command=[
        "bash",
        "-lc",
        "cmake --build --preset release 2>&1 | tail -1; ./build/release/bin/pixconvert "
        '--version; echo "exit=$?"',
    ],
)
s.call(
    "shell",
    "Program received signal SIGSEGV, Segmentation fault.\n"
    "0x00005555555a1c3e in std::_Hashtable<...>::_M_insert_unique_node(unsigned long, "
    "unsigned long, std::__detail::_Hash_node<...>*, unsigned long) ()\n"
    "#0  0x00005555555a1c3e in std::_Hashtable<...>::_M_insert_unique_node(...) ()\n"
    "#1  0x00005555555a0f12 in pix::register_codec(std::basic_string_view<char, "
    "std::char_traits<char> >, std::unique_ptr<pix::Decoder, std::default_delete<pix::Decoder> "
    "> (*)()) ()\n"
    "#2  0x0000555555577a41 in _GLOBAL__sub_I_webp_codec.cpp ()\n"
    "#3  0x00007ffff7829ebb in call_init (env=<optimized out>, argv=0x7fffffffdf18, argc=2) at "
    "../csu/libc-start.c:145\n"
    "#4  0x00007ffff7829f6c in __libc_start_main_impl (main=0x555555576f10 <main>, argc=2, "
    "argv=0x7fffffffdf18, ...) at ../csu/libc-start.c:347\n"
    "#5  0x0000555555578125 in _start ()\n",
    command=[
        "bash",
        "-lc",
        "gdb -batch -ex run -ex bt --args ./build/release/bin/pixconvert --version 2>&1 | tail -8",
    ],
)
s.call(
    "shell",
    '#include "pix/codec/registry.h"\n\n#include <unordered_map>\n\nnamespace pix {\n'
    "namespace {\n"
    "using CodecMap = std::unordered_map<std::string, CodecFactory, StringHash, "
    "std::equal_to<>>;\n"
    "CodecMap g_codecs;\n}  // namespace\n\n"
    "bool register_codec(std::string_view name, CodecFactory factory) {\n"
    "    return g_codecs.emplace(std::string(name), factory).second;\n}\n\n"
    "void unregister_codec(std::string_view name) {\n"
    "    if (auto it = g_codecs.find(name); it != g_codecs.end()) g_codecs.erase(it);\n}\n\n"
    "const CodecFactory* find_codec(std::string_view name) {\n"
    "    auto it = g_codecs.find(name);\n"
    "    return it == g_codecs.end() ? nullptr : &it->second;\n}\n}  // namespace pix\n"
    "---\n"
    f"{_HDR}:31:#define PIX_REGISTER_CODEC(name, factory) \\\n"
    f"{_HDR}-32-    static const bool pix_registered_##factory = ::pix::register_codec(name, "
    "&factory)\n"
    'src/codec/webp_codec.cpp:211:PIX_REGISTER_CODEC("webp", make_webp_decoder);\n'
    'src/codec/png_codec.cpp:188:PIX_REGISTER_CODEC("png", make_png_decoder);\n'
    'src/codec/jpeg_codec.cpp:240:PIX_REGISTER_CODEC("jpeg", make_jpeg_decoder);\n'
    "---\n"
    "12:add_library(pixcodecs STATIC\n13-    webp_codec.cpp\n14-    png_codec.cpp\n"
    "15-    jpeg_codec.cpp\n16-    registry.cpp\n17-)\n",
    command=[
        "bash",
        "-lc",
        f"cat {_REG}; echo ---; grep -rn -A1 'define PIX_REGISTER_CODEC' include; "
        "grep -rn '^PIX_REGISTER_CODEC' src/codec; echo ---; "
        f"grep -n -A5 'add_library(pixcodecs' {_CMAKE}",
    ],
)
s.say(
    "That's the static initialization order fiasco. g_codecs is a namespace-scope map in "
    "registry.cpp, and PIX_REGISTER_CODEC expands to a namespace-scope static bool in each codec "
    "file whose initializer calls register_codec(). The order of dynamic initialization across "
    "translation units is unspecified; GCC follows link order, and since #512 registry.cpp is "
    "last in libpixcodecs, so webp_codec.cpp's registrar inserts into a map whose constructor "
    "hasn't run yet. Smallest change that keeps the macro: give the map GCC's init_priority so "
    "it is constructed before every default-priority initializer, in a new "
    f"{_STORAGE} that registry.cpp declares extern."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA {_STORAGE}\nM {_REG}\nM {_CMAKE}\n",
    input=f"*** Begin Patch\n*** Add File: {_STORAGE}\n"
    '+#include "pix/codec/registry.h"\n\n+#include <unordered_map>\n\n+namespace pix::detail {\n'
    "+using CodecMap = std::unordered_map<std::string, CodecFactory, StringHash, "
    "std::equal_to<>>;\n\n"
    "+// Constructed before any default-priority initializer, i.e. before the codec registrars.\n"
    "+CodecMap g_codecs __attribute__((init_priority(101)));\n+}  // namespace pix::detail\n"
    f"*** Update File: {_REG}\n@@\n"
    " using CodecMap = std::unordered_map<std::string, CodecFactory, StringHash, "
    "std::equal_to<>>;\n"
    "-CodecMap g_codecs;\n"
    " }  // namespace\n\n"
    "+namespace detail {\n+extern CodecMap g_codecs;  // registry_storage.cpp\n+}\n"
    "+using detail::g_codecs;\n"
    f"*** Update File: {_CMAKE}\n@@\n"
    "     registry.cpp\n+    registry_storage.cpp\n )\n*** End Patch\n",
)
s.call(
    "shell",
    "[5/5] Linking CXX executable bin/pixconvert\npixconvert 0.9.3 (codecs: jpeg png webp)\n"
    "exit=0\n",
    command=[
        "bash",
        "-lc",
        "cmake --build --preset release 2>&1 | tail -1; ./build/release/bin/pixconvert "
        '--version; echo "exit=$?"',
    ],
)
s.say(
    "The Release pixconvert starts again and lists all three codecs: g_codecs now lives in "
    f"{_STORAGE} with init_priority(101), constructed before the registrars run."
)
s.user(
    "No init_priority. It's a GCC/Clang extension: MSVC has nothing like it short of #pragma "
    "init_seg, and the Windows build of the plugins is what customers ship. It also just bets on "
    "another ordering. Use construct-on-first-use: a function in registry.cpp that returns a "
    "function-local static map, so whichever registrar runs first builds it. Delete "
    "registry_storage.cpp."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nD {_STORAGE}\nM {_CMAKE}\nM {_REG}\n",
    "Deleting registry_storage.cpp, taking it out of the CMake list, and building the map on "
    "first use in registry.cpp.",
    input=f"*** Begin Patch\n*** Delete File: {_STORAGE}\n"
    f"*** Update File: {_CMAKE}\n@@\n"
    "     registry.cpp\n-    registry_storage.cpp\n )\n"
    f"*** Update File: {_REG}\n@@\n"
    " using CodecMap = std::unordered_map<std::string, CodecFactory, StringHash, "
    "std::equal_to<>>;\n\n"
    "+// Built by the first registrar that runs, whatever the order of initialization.\n"
    "+CodecMap& codecs() {\n+    static CodecMap map;\n+    return map;\n+}\n"
    " }  // namespace\n\n"
    "-namespace detail {\n-extern CodecMap g_codecs;  // registry_storage.cpp\n-}\n"
    "-using detail::g_codecs;\n"
    "@@\n"
    "-    return g_codecs.emplace(std::string(name), factory).second;\n"
    "+    return codecs().emplace(std::string(name), factory).second;\n"
    "@@\n"
    "-    if (auto it = g_codecs.find(name); it != g_codecs.end()) g_codecs.erase(it);\n"
    "+    if (auto it = codecs().find(name); it != codecs().end()) codecs().erase(it);\n"
    "@@\n"
    "-    auto it = g_codecs.find(name);\n"
    "-    return it == g_codecs.end() ? nullptr : &it->second;\n"
    "+    auto it = codecs().find(name);\n"
    "+    return it == codecs().end() ? nullptr : &it->second;\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "[7/7] Linking CXX executable bin/pixconvert\npixconvert 0.9.3 (codecs: jpeg png webp)\n"
    "exit=0\n100% tests passed, 0 tests failed out of 86\n"
    "Total Test time (real) =  14.62 sec\n",
    command=[
        "bash",
        "-lc",
        "cmake --build --preset release 2>&1 | tail -1; ./build/release/bin/pixconvert "
        '--version; echo "exit=$?"; ctest --preset release 2>&1 | tail -3 | grep .',
    ],
)
s.call(
    "shell",
    "[212/212] Linking CXX executable tests/plugin_missing_symbol_test\n"
    + _uaf(48377, "0x606000001f40"),
    "Release is green; running the asan preset too, since CI gates on it.",
    command=["bash", "-lc", "cmake --build --preset asan 2>&1 | tail -1; " + _ASAN],
)
s.call(
    "shell",
    "Clearing... 100.0%\n[1188/1188] Linking CXX executable tests/plugin_missing_symbol_test\n"
    + _uaf(51877, "0x606000002a10"),
    "The asan tree was configured while registry_storage.cpp still existed, and ccache may be "
    "handing back stale objects from the init_priority build. Clearing ccache and the asan "
    "build, then building from scratch.",
    command=[
        "bash",
        "-lc",
        "ccache -C && rm -rf build/asan && cmake --preset asan >/dev/null && "
        "cmake --build --preset asan 2>&1 | tail -1; " + _ASAN,
    ],
)
s.call(
    "shell",
    "src/plugin/plugin_loader.cpp:14:std::vector<PluginHandle> g_plugins;\n"
    "src/plugin/plugin_loader.cpp:40:    g_plugins.emplace_back(handle, std::move(names));\n"
    "src/plugin/plugin_handle.cpp:58:    for (const auto& name : codec_names_) "
    "unregister_codec(name);\n"
    "src/plugin/plugin_handle.cpp:59:    if (handle_) dlclose(handle_);\n"
    "---\n"
    "target_link_libraries(plugin_load_test PRIVATE pixplugin pixcodecs GTest::gtest_main)\n",
    "Same report from a clean build with an empty cache, so it isn't stale objects. Looking at "
    "who calls unregister_codec at exit.",
    command=[
        "bash",
        "-lc",
        "grep -n 'g_plugins\\|unregister_codec\\|dlclose' src/plugin/*.cpp; echo ---; "
        "grep -h 'plugin_load_test PRIVATE' tests/CMakeLists.txt",
    ],
)
s.say(
    "It's the other half of the fiasco: destruction order. The plugin tests pull only "
    "registry.o out of libpixcodecs (nothing references the built-in codecs), so the first "
    "registration is the test plugin's, at dlopen() inside main(). The function-local map is "
    "therefore constructed after g_plugins in plugin_loader.cpp, and at exit it is destroyed "
    "first; ~PluginHandle then calls unregister_codec() on a destroyed map. Fix: keep the "
    "construct-on-first-use, but never destroy the map: codecs() returns a heap-allocated map "
    "that is never deleted, so it outlives every static destructor. LeakSanitizer won't report "
    "it, because the static pointer still reaches it."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_REG}\n",
    input=f"*** Begin Patch\n*** Update File: {_REG}\n@@\n"
    "-// Built by the first registrar that runs, whatever the order of initialization.\n"
    "+// Built by the first registrar that runs, whatever the order of initialization, and never\n"
    "+// destroyed, so static destructors (~PluginHandle) can still unregister at exit.\n"
    " CodecMap& codecs() {\n"
    "-    static CodecMap map;\n-    return map;\n"
    "+    static auto* map = new CodecMap();\n+    return *map;\n"
    " }\n*** End Patch\n",
)
s.call(
    "shell",
    "100% tests passed, 0 tests failed out of 86\n"
    "Total Test time (real) =  41.07 sec\n---\n"
    "100% tests passed, 0 tests failed out of 86\n"
    "Total Test time (real) =  14.48 sec\n"
    "pixconvert 0.9.3 (codecs: jpeg png webp)\n",
    command=[
        "bash",
        "-lc",
        "cmake --build --preset asan >/dev/null && ctest --preset asan 2>&1 | tail -3 | grep .; "
        "echo ---; cmake --build --preset release >/dev/null && ctest --preset release 2>&1 | "
        "tail -3 | grep .; ./build/release/bin/pixconvert --version",
    ],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_HDR}\nM CHANGELOG.md\n",
    "Documenting the macro's guarantee and adding the changelog entry.",
    input=f"*** Begin Patch\n*** Update File: {_HDR}\n@@\n"
    "+// Safe in any translation unit, including from other static initializers: the registry\n"
    "+// is built on first use and never destroyed.\n"
    " #define PIX_REGISTER_CODEC(name, factory) \\\n"
    "*** Update File: CHANGELOG.md\n@@\n ## Unreleased\n\n ### Fixed\n\n"
    "+- pixconvert no longer crashes before main() in Release builds: the codec registry is "
    "built on first use (PIX-418).\n"
    "*** End Patch\n",
)
s.say(
    "codecs() in registry.cpp now builds the codec map on first use and never destroys it, so "
    "PIX_REGISTER_CODEC works from any translation unit and ~PluginHandle can still unregister "
    "at exit. The Release pixconvert starts, and all 86 tests pass under both the release and "
    "asan presets."
)
s.call(
    "shell",
    "[pix-418-registry-first-use 9c41e7a] Build the codec registry on first use (PIX-418)\n"
    " 3 files changed, 19 insertions(+), 9 deletions(-)\n"
    "https://github.com/pixkit/pixkit/pull/527\n",
    command=[
        "bash",
        "-lc",
        "git checkout -b pix-418-registry-first-use && git add -A && git commit -m 'Build the "
        "codec registry on first use (PIX-418)' && git push -u origin HEAD && "
        "gh pr create --fill",
    ],
)
s.user(
    "Anouk reviewed #527:\n"
    "1. the function-local static adds a guard check to every find_codec() call; is that on the "
    "decode hot path?\n"
    "2. remove the init_priority attribute from the registry\n"
    "3. src/filter/registry.cpp has the same namespace-scope map behind PIX_REGISTER_FILTER\n"
    "4. add a regression test: a registrar in a translation unit that is initialised before "
    "registry.cpp, built with the release preset\n"
    "Mine: 1 answer her: find_codec runs once per open_decoder(), not per row, and bench_decode "
    "is unchanged at 412 MB/s. 2 I think that's gone already, check. 3 is PIX-431, separate PR. "
    "4 yes, add it."
)
s.call(
    "shell",
    "no matches\n",
    command=["bash", "-lc", "git grep -n init_priority -- src include || echo 'no matches'"],
)
s.call(
    "shell",
    "https://github.com/pixkit/pixkit/pull/527#issuecomment-2388104\n",
    "Answering (1), (2) and (3) on the PR.",
    command=["bash", "-lc", "gh pr comment 527 --body-file /tmp/pr527.md"],
    body="(1) find_codec() runs once per open_decoder(), not per row, and bench_decode is "
    "unchanged at 412 MB/s. (2) Already gone: init_priority was only in registry_storage.cpp, "
    "which was deleted before the first push. (3) The filter registry is PIX-431, a separate PR.",
)
s.say(
    "(2) needed no change: git grep finds no init_priority in src or include, since "
    "registry_storage.cpp was deleted before the push. (1) is answered on #527 (once per "
    "open_decoder(), 412 MB/s), and (3) is PIX-431."
)
s.say(
    "Next: add tests/registry_order_test.cpp, a regression test whose registrar sits in a "
    "translation unit listed before registry.cpp, register it in tests/CMakeLists.txt, run "
    "ctest under the release and asan presets, and push to #527."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "PIX-418: since #512 moved the codecs into the libpixcodecs static library, the "
             "Release pixconvert segfaults before main(), because the PIX_REGISTER_CODEC "
             "registrars run before registry.cpp's namespace-scope g_codecs map is constructed "
             "(the static initialization order fiasco); fix it.",
             must=(("segfault", "crash", "sigsegv", "pix-418"),
                   ("before main", "startup", "static init", "initialization order",
                    "initialisation order")),
             partial_means="The crash without when it happens, or the ticket alone.",
             wrong="A slow decode; a wrong image conversion."),
    Question("latest_request", "What did the user last ask?",
             "Anouk's review of PR #527 with the user's answers: (1) answer that find_codec "
             "runs once per open_decoder(), not per row, and bench_decode is unchanged at 412 "
             "MB/s; (2) check the init_priority attribute is gone; (3) the filter registry is "
             "PIX-431, a separate PR; (4) add a regression test with a registrar in a "
             "translation unit initialised before registry.cpp.",
             must=(("regression", "initialised before", "initialized before", "order test"),
                   ("pix-431", "412", "init_priority", "find_codec", "hot path", "filter")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "anouk", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Fixing the filter registry now; benchmarking the decoder.",
             stale_means="The no-init_priority correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Anouk's fourth point: add a regression test (tests/registry_order_test.cpp) whose "
             "registrar sits in a translation unit initialised before registry.cpp, register it "
             "in tests/CMakeLists.txt, run ctest under the release and asan presets, and push "
             "to #527. The filter registry (src/filter/registry.cpp) is PIX-431, a separate PR.",
             must=(("test",),
                   ("registrar", "registry_order", "regression", "initialised before",
                    "initialized before", "order test")),
             stale=("filter/registry.cpp", "pix_register_filter", "init_priority",
                    "registry_storage", "ccache -c"),
             partial_means="Says to push or run ctest without the regression test.",
             wrong="Raising the plugin ABI version; benchmarking find_codec.",
             stale_means="Says to move src/filter/registry.cpp's map to first use (put off to "
                         "PIX-431 by the user), to use init_priority, or to clear ccache."),
    Question("files_edited", "Which files were changed, and why?",
             "src/codec/registry.cpp (g_codecs replaced by codecs(), a map built on first use "
             "and never destroyed); include/pix/codec/registry.h (PIX_REGISTER_CODEC documented "
             "as safe in any translation unit); CHANGELOG.md (the fix under Unreleased). "
             "src/codec/registry_storage.cpp was created and deleted; src/codec/CMakeLists.txt "
             "was edited and reverted.",
             must=(("registry.cpp",), ("registry.h", "changelog")),
             stale=("registry_storage.cpp",),
             spread=True,
             partial_means="One of the files.",
             wrong="plugin_handle.cpp or plugin_loader.cpp given as edited.",
             stale_means="src/codec/registry_storage.cpp listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The registry is built on first use: codecs() in registry.cpp returns a map "
             "created by whichever registrar runs first (a function-local static, "
             "heap-allocated and never destroyed), so PIX_REGISTER_CODEC works from any "
             "translation unit; it rules out GCC's init_priority on the map in a separate "
             "registry_storage.cpp (a GCC/Clang extension with no MSVC equivalent for the "
             "Windows plugins, and only another bet on ordering).",
             must=(("first use", "first-use", "function-local", "codecs()"),
                   ("init_priority", "registry_storage")),
             stale=("init_priority(101)", "smallest change that keeps the macro"),
             partial_means="The first-use registry without what it rules out.",
             wrong="Calling an explicit register_builtin_codecs() from main(); reordering "
                   "the CMake source list.",
             stale_means="The map given init_priority(101) in registry_storage.cpp as the "
                         "design."),
    Question("review", "What did the review find?",
             "Anouk on #527: (1) the function-local static adds a guard check to every "
             "find_codec() call (answered: once per open_decoder(), bench_decode unchanged at "
             "412 MB/s); (2) remove the init_priority attribute (already gone); (3) "
             "src/filter/registry.cpp has the same namespace-scope map (PIX-431); (4) a "
             "regression test with a registrar initialised before registry.cpp (pending).",
             must=(("hot path", "guard", "find_codec", "412"), ("init_priority",),
                   ("filter", "pix-431"),
                   ("regression", "initialised before", "initialized before", "order test")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "anouk", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The heap-use-after-free given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No init_priority: it is a GCC/Clang extension with no MSVC equivalent (short of "
             "#pragma init_seg), the Windows plugin build is what customers ship, and it only "
             "bets on another ordering; use construct-on-first-use, a function in registry.cpp "
             "returning a function-local static map, and delete registry_storage.cpp.",
             must=(("init_priority",), ("first use", "first-use", "function-local")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No init_priority without what to do instead, or the reverse.",
             wrong="The heap-use-after-free given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "After the first-use change the asan preset failed 8 of 86 tests (the plugin "
             "tests) with a heap-use-after-free in unregister_codec called from ~PluginHandle "
             "at exit: the map, first built at the test plugin's dlopen() after g_plugins, was "
             "destroyed before it; clearing ccache and the asan build (ccache -C, rm -rf "
             "build/asan) and rebuilding did not fix it; fixed by a map that is never destroyed "
             "(static auto* map = new CodecMap()). Earlier, the segfault in register_codec from "
             "webp_codec.cpp's static initializer, fixed by building the registry on first use.",
             must=(("heap-use-after-free", "use-after-free", "~pluginhandle", "unregister_codec"),
                   ("never destroyed", "new codecmap", "heap-allocated", "never deleted",
                    "leaked", "leaks")),
             stale=("fixed by ccache -c", "fixed by clearing ccache", "fixed by a clean build",
                    "fixed by a clean rebuild", "fixed by rebuilding", "stale objects"),
             partial_means="The error without its fix, or only the startup segfault.",
             wrong="A linker error; an undefined symbol in a plugin.",
             stale_means="The heap-use-after-free 'fixed' by clearing ccache and a clean "
                         "build."),
    Question("key_values", "Which key values matter?",
             "86 tests (8 plugin tests failed under ASan before the last fix); exit 139 "
             "(SIGSEGV); init_priority(101), dropped; pixconvert 0.9.3; bench_decode 412 MB/s; "
             "PR #527, #512, PIX-418, PIX-431.",
             must=(("pix-418", "#527", "pix-431", "#512"),
                   ("out of 86", "86 tests", "8 tests failed", "8 of 86", "412 mb/s", "139")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/codec/registry.cpp holds the codec registry (register_codec, "
             "unregister_codec, find_codec); include/pix/codec/registry.h declares it and the "
             "PIX_REGISTER_CODEC macro; webp_codec.cpp, png_codec.cpp and jpeg_codec.cpp each "
             "register a decoder at static initialization; src/codec/CMakeLists.txt builds "
             "libpixcodecs; src/plugin/plugin_loader.cpp keeps the loaded plugins in "
             "g_plugins, and plugin_handle.cpp's ~PluginHandle unregisters a plugin's codecs.",
             must=(("registry.cpp",),
                   ("registry.h", "plugin_loader.cpp", "plugin_handle.cpp", "webp_codec.cpp",
                    "cmakelists"),
                   ("macro", "registers", "unregisters", "builds", "holds", "declares", "map",
                    "loaded plugins")),
             partial_means="The files named without what they hold.",
             wrong="registry_storage.cpp as the registry's storage."),
    Question("pending", "What work is still pending?",
             "The regression test with a registrar initialised before registry.cpp (Anouk's "
             "4), ctest under release and asan, and the push to #527; the filter registry "
             "later in PIX-431.",
             must=(("regression", "registry_order", "order test", "initialised before"),
                   ("pix-431", "filter")),
             partial_means="The regression test without the filter registry, or the reverse.",
             wrong="The hot-path reply or the init_priority check as pending."),
    Question("state", "What is the state of the work?",
             "PR #527 is open with the first-use registry: the Release pixconvert starts and "
             "all 86 tests pass under the release and asan presets; Anouk's 1 is answered on "
             "the PR, 2 already done (no init_priority left), 3 is PIX-431; the regression "
             "test is not written and nothing is pushed since.",
             must=(("86 tests", "out of 86", "tests pass", "100% tests passed"),
                   ("not written", "not pushed", "not yet", "regression")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the filter registry is fixed.",
             stale_means="Says the map has init_priority(101) in registry_storage.cpp."),
)  # fmt: skip

PRODUCTION = """Summary so far: PIX-418: since #512 moved the codecs into libpixcodecs, the Release pixconvert segfaulted before main() (exit 139): webp_codec.cpp's PIX_REGISTER_CODEC registrar called register_codec() before registry.cpp's namespace-scope g_codecs map was constructed (static initialization order fiasco). I first gave the map init_priority(101) in a new src/codec/registry_storage.cpp; the user ruled it out (GCC/Clang only, no MSVC equivalent for the Windows plugins), so that file is deleted and CMakeLists.txt reverted.
Decision: build the registry on first use: codecs() in registry.cpp returns a function-local map, instead of init_priority.
Error: the asan preset then failed 8 of 86 tests (the plugin tests) with a heap-use-after-free in unregister_codec from ~PluginHandle at exit, since the map was destroyed before g_plugins; clearing ccache and rebuilding build/asan from scratch did not help; fixed by a never-destroyed map (static auto* map = new CodecMap()).
Files: src/codec/registry.cpp, include/pix/codec/registry.h (the macro's doc comment), CHANGELOG.md. All 86 tests pass under release and asan; PR #527 open.
Anouk's review: the guard on find_codec answered on the PR (once per open_decoder(), bench_decode 412 MB/s); init_priority already gone; src/filter/registry.cpp is PIX-431, not this PR; a regression test with a registrar initialised before registry.cpp is pending, not written.
Next: add that test as tests/registry_order_test.cpp, run ctest under release and asan, push to #527."""
