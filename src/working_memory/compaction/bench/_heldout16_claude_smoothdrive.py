"""Held out, sixteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, C++ (a JUCE audio plugin built with CMake
and Ninja): Tapewarm, a tape saturator, clicks whenever Drive is automated (TW-57), because
processBlock reads Drive once per 512-sample block and the saturator steps to the new gain on
the block's first sample; a ParamLock<float> (a std::mutex guard read with try_lock) in a new
Source/ParamLock.h written, then ruled out by the user (no lock processBlock can reach: 1.2's
dropouts; the parameter is already a std::atomic<float>) for a per-sample juce::SmoothedValue,
Multiplicative with a 50 ms ramp; ParamLock.h deleted and its include left behind, a fatal
error fixed by removing it; the render still clicking at 0.412 on every block edge, which a
clean configure and rebuild did not fix and calling reset(sampleRate, 0.05) in prepareToPlay
did; PR #88 and Marco's review with four points: one fixed and not committed (getNextValue()
inside the channel loop advanced the smoother once per channel), one answered on the PR, one a
ticket (TW-61), one pending (a stereo test that L and R come out identical); a short production
summary; the assistant's last words announce the channel-loop fix, already done."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/Users/ines/src/tapewarm"
_PROC = f"{_ROOT}/Source/PluginProcessor.cpp"
_PROC_H = f"{_ROOT}/Source/PluginProcessor.h"
_SAT = f"{_ROOT}/Source/Saturator.h"
_RENDER = (
    "./build/tools/render_ramp --param drive --from 0 --to 24 --seconds 2 --rate 48000 "
    "--block 512 --in Tests/data/sine_220.wav"
)
_CLICKS = (
    "sweep drive 0 -> 24 dB, 2.00 s at 48000 Hz, block 512, 1 ch\n"
    "max click 0.412 at sample 1536 (block edge)\n"
    "clicks > 0.05: 187 (187 on block edges)\n"
)

s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "TW-57: people hear clicks when Drive is automated, in Live and in Reaper, worst on a fast "
    "sweep. Static settings sound fine. The DSP is in PluginProcessor.cpp and Saturator.h, and "
    "there's a sweep renderer under tools/ that reports clicks. Make a Drive sweep smooth."
)
s.call(
    "Read",
    "    41→void TapewarmAudioProcessor::prepareToPlay (double sampleRate, int samplesPerBlock)\n"
    "    42→{\n"
    "    43→    mixer.prepare ({ sampleRate, (juce::uint32) samplesPerBlock,\n"
    "    44→                     (juce::uint32) getTotalNumOutputChannels() });\n"
    "    45→}\n"
    "    46→\n"
    "    47→void TapewarmAudioProcessor::processBlock (juce::AudioBuffer<float>& buffer,\n"
    "    48→                                           juce::MidiBuffer&)\n"
    "    49→{\n"
    "    50→    juce::ScopedNoDenormals noDenormals;\n"
    '    51→    const auto drive = apvts.getRawParameterValue ("drive")->load();\n'
    "    52→    saturator.setDrive (drive);\n"
    "    53→    juce::dsp::AudioBlock<float> block (buffer);\n"
    "    54→    saturator.process (block);\n"
    "    55→    mixer.process (buffer); // dry/wet from the Mix parameter\n"
    "    56→}\n",
    file_path=_PROC,
    offset=41,
    limit=16,
)
s.call(
    "Read",
    "     1→#pragma once\n     2→#include <cmath>\n     3→#include <juce_dsp/juce_dsp.h>\n"
    "     4→\n"
    "     5→// Tape-style soft clipper: y = tanh(g * x) / tanh(g), g from Drive (0 to 24 dB).\n"
    "     6→class Saturator\n     7→{\n     8→public:\n"
    "     9→    void setDrive (float driveDb) { gain = juce::Decibels::decibelsToGain (driveDb); }\n"
    "    10→\n"
    "    11→    void process (juce::dsp::AudioBlock<float>& block)\n"
    "    12→    {\n"
    "    13→        const auto norm = 1.0f / std::tanh (gain);\n"
    "    14→        for (size_t ch = 0; ch < block.getNumChannels(); ++ch)\n"
    "    15→            for (size_t i = 0; i < block.getNumSamples(); ++i)\n"
    "    16→                block.setSample ((int) ch, (int) i,\n"
    "    17→                    std::tanh (gain * block.getSample ((int) ch, (int) i)) * norm);\n"
    "    18→    }\n"
    "    19→\n"
    "    20→private:\n    21→    float gain = 1.0f;\n    22→};\n",
    file_path=_SAT,
)
s.call(
    "Bash",
    "[3/3] Linking CXX executable tools/render_ramp\n" + _CLICKS,
    command=f"cmake --build build --target render_ramp && {_RENDER}",
    description="Build the sweep renderer and render a 0 to 24 dB Drive sweep",
)
s.call(
    "Write",
    f"File created successfully at: {_ROOT}/Source/ParamLock.h",
    "Every click sits on a block edge: processBlock reads Drive once per 512-sample block and "
    "Saturator jumps to the new gain on the block's first sample, a step of up to 0.412. Two "
    "things to fix: the value processBlock reads can change under it (the editor and host "
    "automation write the parameter from other threads), and the gain needs a ramp. Plan: a "
    "small ParamLock<float> in Source/ParamLock.h, a std::mutex guard that a parameter "
    "listener writes and processBlock reads with try_lock (keeping the last value when the "
    "lock is busy), and a linear ramp of the gain across each block in Saturator.",
    file_path=f"{_ROOT}/Source/ParamLock.h",
    content="#pragma once\n#include <mutex>\n\n"
    "// A value written by the message thread and read by the audio thread.\n"
    "template <typename T>\nclass ParamLock\n{\npublic:\n"
    "    void set (T v) { std::lock_guard<std::mutex> g (m); value = v; }\n\n"
    "    // Audio thread: never blocks; keeps `last` when the writer holds the lock.\n"
    "    T tryGet (T last) const\n    {\n"
    "        std::unique_lock<std::mutex> g (m, std::try_to_lock);\n"
    "        return g.owns_lock() ? value : last;\n    }\n\n"
    "private:\n    mutable std::mutex m;\n    T value {};\n};\n",
)
s.call(
    "Edit",
    f"The file {_PROC_H} has been updated.",
    file_path=_PROC_H,
    old_string='#include "Saturator.h"\n',
    new_string='#include "Saturator.h"\n#include "ParamLock.h"\n',
)
s.call(
    "Edit",
    f"The file {_PROC_H} has been updated.",
    file_path=_PROC_H,
    old_string="    Saturator saturator;\n",
    new_string="    Saturator saturator;\n    ParamLock<float> driveTarget;\n",
)
s.user(
    "No locks anywhere processBlock can reach, not even try_lock. A std::mutex on the audio "
    "thread is how 1.2 got its dropouts, and the parameter is already a std::atomic<float> "
    "behind getRawParameterValue, so there's nothing to guard. Cache that pointer once in the "
    'constructor instead of looking up "drive" every block, and smooth per sample with '
    "juce::SmoothedValue: Multiplicative, since it's a gain, with a 50 ms ramp."
)
s.call(
    "Bash",
    "",
    "Dropping ParamLock.",
    command="rm Source/ParamLock.h",
    description="Delete ParamLock.h",
)
s.call(
    "Edit",
    f"The file {_PROC_H} has been updated.",
    file_path=_PROC_H,
    old_string="    ParamLock<float> driveTarget;\n",
    new_string="    std::atomic<float>* driveParam = nullptr;\n"
    "    juce::SmoothedValue<float, juce::ValueSmoothingTypes::Multiplicative> driveGain "
    "{ 1.0f };\n",
)
s.call(
    "Edit",
    f"The file {_SAT} has been updated.",
    file_path=_SAT,
    old_string="    void setDrive (float driveDb) { gain = juce::Decibels::decibelsToGain "
    "(driveDb); }\n",
    new_string="    // One sample at the gain the caller's smoother gives it (no per-block step).\n"
    "    static float processSample (float x, float g) noexcept\n"
    "    {\n        return std::tanh (g * x) / std::tanh (g);\n    }\n\n"
    "    void setDrive (float driveDb) { gain = juce::Decibels::decibelsToGain "
    "(driveDb); }\n",
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_PROC}:\n"
    '1. Replaced "    apvts.state.addListener (this);\\n" with "    apvts.state.addListener '
    '(this);\\n    driveParam = apvts.getRawP..."\n'
    '2. Replaced "    const auto drive = apvts.getRawParameterValue ("drive")->load();\\n..." '
    'with "    driveGain.setTargetValue (juce::Decibels::decibelsToGa..."\n',
    file_path=_PROC,
    edits=[
        {
            "old_string": "    apvts.state.addListener (this);\n",
            "new_string": "    apvts.state.addListener (this);\n"
            '    driveParam = apvts.getRawParameterValue ("drive");\n',
        },
        {
            "old_string": '    const auto drive = apvts.getRawParameterValue ("drive")->load();\n'
            "    saturator.setDrive (drive);\n"
            "    juce::dsp::AudioBlock<float> block (buffer);\n"
            "    saturator.process (block);\n",
            "new_string": "    driveGain.setTargetValue (juce::Decibels::decibelsToGain "
            "(driveParam->load()));\n"
            "    for (int ch = 0; ch < buffer.getNumChannels(); ++ch)\n    {\n"
            "        auto* x = buffer.getWritePointer (ch);\n"
            "        for (int i = 0; i < buffer.getNumSamples(); ++i)\n"
            "            x[i] = Saturator::processSample (x[i], driveGain.getNextValue());\n"
            "    }\n",
        },
    ],
)
s.call(
    "Bash",
    "[1/6] Building CXX object CMakeFiles/Tapewarm.dir/Source/PluginProcessor.cpp.o\n"
    "FAILED: CMakeFiles/Tapewarm.dir/Source/PluginProcessor.cpp.o\n"
    f"In file included from {_PROC}:1:\n"
    f"{_PROC_H}:5:10: fatal error: 'ParamLock.h' file not found\n"
    '    5 | #include "ParamLock.h"\n      |          ^~~~~~~~~~~~~\n'
    "1 error generated.\nninja: build stopped: subcommand failed.\n",
    command="cmake --build build 2>&1 | tail -8",
    description="Build the plugin and the tools",
)
s.call(
    "Edit",
    f"The file {_PROC_H} has been updated.",
    "The include from the lock design is still in PluginProcessor.h.",
    file_path=_PROC_H,
    old_string='#include "Saturator.h"\n#include "ParamLock.h"\n',
    new_string='#include "Saturator.h"\n',
)
s.call(
    "Bash",
    "[6/6] Linking CXX executable tools/render_ramp\n" + _CLICKS,
    command=f"cmake --build build 2>&1 | tail -1 && {_RENDER}",
    description="Build, then render the Drive sweep again",
)
s.call(
    "Bash",
    "[212/212] Linking CXX executable tools/render_ramp\n" + _CLICKS,
    "It builds, but the render is identical: 0.412 on every block edge, as if nothing changed. "
    "render_ramp links the Tapewarm_SharedCode static library, and Ninja may have kept a stale "
    "build of it from before the header change. Configuring from scratch and rebuilding.",
    command="rm -rf build && cmake -B build -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && "
    f"cmake --build build 2>&1 | tail -1 && {_RENDER}",
    description="Clean configure, full rebuild, render again",
)
s.call(
    "Grep",
    "JUCE/modules/juce_audio_basics/utilities/juce_SmoothedValue.h:255:    void reset (double "
    "sampleRate, double rampLengthInSeconds) noexcept\n"
    "JUCE/modules/juce_audio_basics/utilities/juce_SmoothedValue.h:266:    void reset (int "
    "numSteps) noexcept\n"
    "JUCE/modules/juce_audio_basics/utilities/juce_SmoothedValue.h:285:        if "
    "(stepsToTarget <= 0)\n"
    "JUCE/modules/juce_audio_basics/utilities/juce_SmoothedValue.h:287:            "
    "setCurrentAndTargetValue (newValue);\n",
    "Same numbers after a clean configure, so it isn't the build: it's the code. Checking how "
    "SmoothedValue decides its ramp length.",
    pattern=r"void reset|stepsToTarget <= 0|setCurrentAndTargetValue \(newValue\)",
    path="JUCE/modules/juce_audio_basics/utilities/juce_SmoothedValue.h",
    output_mode="content",
    **{"-n": True},
)
s.call(
    "Edit",
    f"The file {_PROC} has been updated.",
    "There it is: until reset(sampleRate, seconds) is called, stepsToTarget is 0 and "
    "setTargetValue jumps straight to the new value, so the smoother did nothing and each "
    "block still stepped. prepareToPlay never calls it. Adding reset(sampleRate, 0.05) there, "
    "and setCurrentAndTargetValue to the current Drive so the first block doesn't ramp up "
    "from 0 dB.",
    file_path=_PROC,
    old_string="    mixer.prepare ({ sampleRate, (juce::uint32) samplesPerBlock,\n",
    new_string="    driveGain.reset (sampleRate, 0.05); // 50 ms\n"
    "    driveGain.setCurrentAndTargetValue (juce::Decibels::decibelsToGain "
    "(driveParam->load()));\n"
    "    mixer.prepare ({ sampleRate, (juce::uint32) samplesPerBlock,\n",
)
s.call(
    "Bash",
    "[4/4] Linking CXX executable tools/render_ramp\n"
    "sweep drive 0 -> 24 dB, 2.00 s at 48000 Hz, block 512, 1 ch\n"
    "max click 0.006 at sample 40211 (not a block edge)\n"
    "clicks > 0.05: 0\n",
    command=f"cmake --build build 2>&1 | tail -1 && {_RENDER}",
    description="Rebuild and render the sweep",
)
s.call(
    "Write",
    f"File created successfully at: {_ROOT}/Tests/DriveSmoothingTest.cpp",
    "Clean: the worst click is 0.006, off the block edges. Putting the sweep into a test.",
    file_path=f"{_ROOT}/Tests/DriveSmoothingTest.cpp",
    content="#include <catch2/catch_test_macros.hpp>\n"
    '#include "PluginProcessor.h"\n#include "SweepHelpers.h"\n\n'
    'TEST_CASE ("Drive sweep 0 to 24 dB has no clicks", "[drive]")\n{\n'
    "    TapewarmAudioProcessor p;\n"
    "    p.setPlayConfigDetails (1, 1, 48000.0, 512);\n"
    "    p.prepareToPlay (48000.0, 512);\n"
    '    const auto clicks = renderSweep (p, "drive", 0.0f, 24.0f, 2.0, /*channels*/ 1);\n'
    "    CHECK (clicks.maxClick < 0.02f);\n"
    "    CHECK (clicks.countAbove (0.05f) == 0);\n}\n",
)
s.call(
    "Edit",
    f"The file {_ROOT}/Tests/CMakeLists.txt has been updated.",
    file_path=f"{_ROOT}/Tests/CMakeLists.txt",
    old_string="    SaturatorTest.cpp\n",
    new_string="    SaturatorTest.cpp\n    DriveSmoothingTest.cpp\n",
)
s.call(
    "Bash",
    "14/14 Test #14: Drive sweep 0 to 24 dB has no clicks ..........   Passed    0.41 sec\n\n"
    "100% tests passed, 0 tests failed out of 14\n\n"
    "Total Test time (real) =   3.87 sec\n"
    "Finished tests in: Tapewarm.vst3 (strictness level 5)\n"
    "SUCCESS\n",
    command="cmake --build build && ctest --test-dir build --output-on-failure | tail -4 && "
    "pluginval --strictness-level 5 --skip-gui-tests --validate "
    "build/Tapewarm_artefacts/Release/VST3/Tapewarm.vst3 | tail -2",
    description="Run the unit tests, then pluginval at strictness 5",
)
s.say(
    "Drive is smoothed per sample now: the constructor caches the atomic from "
    'getRawParameterValue("drive"), processBlock sets the target once per block and takes '
    "driveGain.getNextValue() per sample (Multiplicative, 50 ms, reset in prepareToPlay). The "
    "2 s sweep's worst click is 0.006 (was 0.412), DriveSmoothingTest is the 14th test and all "
    "14 pass, and pluginval passes at strictness 5."
)
s.user("Sounds right in Live too. Commit it on a branch and open a PR, Marco reviews the DSP.")
s.call(
    "Bash",
    "Switched to a new branch 'tw-57-smooth-drive'\n"
    "[tw-57-smooth-drive 3b9e0f4] Smooth Drive per sample (TW-57)\n"
    " 5 files changed, 74 insertions(+), 12 deletions(-)\n"
    " create mode 100644 Tests/DriveSmoothingTest.cpp\n"
    "branch 'tw-57-smooth-drive' set up to track 'origin/tw-57-smooth-drive'.\n"
    "https://github.com/hollowtone/tapewarm/pull/88\n",
    command="git checkout -b tw-57-smooth-drive && git add -A && git commit -m 'Smooth Drive "
    "per sample (TW-57)' && git push -u origin HEAD && gh pr create --fill --reviewer "
    "marco-lind",
    description="Commit on a branch, push, open the PR",
)
s.user(
    "Marco reviewed #88 (CI is green: ctest, and pluginval at strictness 10 on macOS and "
    "Windows):\n"
    "1. driveGain.getNextValue() is called inside the channel loop, so in stereo the smoother "
    "advances once per channel per sample: the ramp is 25 ms, not 50, and L and R get "
    "different gains.\n"
    "2. Why Multiplicative? A linear ramp in dB would read better.\n"
    "3. Mix and Output step at block edges the same way.\n"
    "4. The sweep test is mono. Add a stereo one that checks L and R come out identical.\n"
    "Mine: 1 fix it. 2 answer him: multiplicative smoothing of the gain is a linear ramp in "
    "dB, just without a pow per sample. 3 is TW-61, separate PR. 4 yes."
)
s.call(
    "Edit",
    f"The file {_PROC_H} has been updated.",
    "Marco's 1 is right: one smoother is shared by the channel loop, so with two channels it "
    "runs twice as fast and the right channel gets the next sample's gain. Filling a gain "
    "buffer once per sample, sized in prepareToPlay so processBlock doesn't allocate, and "
    "applying the same gains to every channel.",
    file_path=_PROC_H,
    old_string="    std::atomic<float>* driveParam = nullptr;\n",
    new_string="    std::atomic<float>* driveParam = nullptr;\n"
    "    std::vector<float> driveGains; // one gain per sample, shared by all channels\n",
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_PROC}:\n"
    '1. Replaced "    driveGain.reset (sampleRate, 0.05); // 50 ms\\n" with "    driveGain.reset '
    '(sampleRate, 0.05); // 50 ms\\n    driveGains.resiz..."\n'
    '2. Replaced "    for (int ch = 0; ch < buffer.getNumChannels(); ++ch)\\n    {\\n..." with '
    '"    const auto n = buffer.getNumSamples();\\n    jassert..."\n',
    file_path=_PROC,
    edits=[
        {
            "old_string": "    driveGain.reset (sampleRate, 0.05); // 50 ms\n",
            "new_string": "    driveGain.reset (sampleRate, 0.05); // 50 ms\n"
            "    driveGains.resize ((size_t) samplesPerBlock);\n",
        },
        {
            "old_string": "    for (int ch = 0; ch < buffer.getNumChannels(); ++ch)\n    {\n"
            "        auto* x = buffer.getWritePointer (ch);\n"
            "        for (int i = 0; i < buffer.getNumSamples(); ++i)\n"
            "            x[i] = Saturator::processSample (x[i], driveGain.getNextValue());\n",
            "new_string": "    const auto n = buffer.getNumSamples();\n"
            "    jassert ((size_t) n <= driveGains.size());\n"
            "    for (int i = 0; i < n; ++i)\n"
            "        driveGains[(size_t) i] = driveGain.getNextValue();\n"
            "    for (int ch = 0; ch < buffer.getNumChannels(); ++ch)\n    {\n"
            "        auto* x = buffer.getWritePointer (ch);\n"
            "        for (int i = 0; i < n; ++i)\n"
            "            x[i] = Saturator::processSample (x[i], driveGains[(size_t) i]);\n",
        },
    ],
)
s.call(
    "Bash",
    "100% tests passed, 0 tests failed out of 14\n"
    "sweep drive 0 -> 24 dB, 2.00 s at 48000 Hz, block 512, 2 ch\n"
    "max click 0.006 at sample 40211 (not a block edge)\n"
    "clicks > 0.05: 0\n"
    "L/R max difference: 0.000000\n",
    command="cmake --build build > /dev/null && ctest --test-dir build | grep 'tests passed' && "
    f"{_RENDER} --channels 2 --compare-channels",
    description="Rebuild, run the tests, render a stereo sweep and compare L and R",
)
s.call(
    "Bash",
    "https://github.com/hollowtone/tapewarm/pull/88#issuecomment-2415530\n",
    "Answering Marco's 2 on the PR.",
    command='gh pr comment 88 --body "Multiplicative smoothing of the gain is a linear ramp in '
    "dB: the same curve, just without a pow per sample. Mix and Output (your 3) are TW-61, a "
    'separate PR."',
    description="Reply to Marco's second point",
)
s.say(
    "Marco's 1 is fixed: prepareToPlay sizes a driveGains buffer, processBlock fills it from "
    "driveGain once per sample and applies the same gains to every channel; a stereo sweep "
    "comes out with an L/R max difference of 0.000000 and all 14 tests pass. His 2 is answered "
    "on #88 and 3 is TW-61. None of this is committed yet."
)
s.say(
    "Next I'll move driveGain.getNextValue() out of the channel loop, so the smoother advances "
    "once per sample and both channels get the same gain."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "TW-57: Tapewarm clicks when Drive is automated (Live, Reaper), worst on a fast "
             "sweep, because processBlock reads Drive once per block and the saturator steps to "
             "the new gain at each block edge; make a Drive sweep smooth.",
             must=(("drive",),
                   ("click", "zipper", "step", "crackl", "tw-57")),
             partial_means="Clicks without Drive, or Drive without the clicks.",
             wrong="A CPU spike; a crash in the editor; a wrong saturation curve."),
    Question("latest_request", "What did the user last ask?",
             "Marco's review of PR #88 with the user's answers: (1) fix getNextValue() being "
             "called inside the channel loop (the smoother advances once per channel, so the "
             "stereo ramp is 25 ms and L and R differ); (2) answer him that multiplicative "
             "smoothing of the gain is a linear ramp in dB without a pow per sample; (3) Mix "
             "and Output are TW-61, a separate PR; (4) add a stereo sweep test that L and R come "
             "out identical.",
             must=(("channel loop", "per channel", "stereo", "l and r", "left and right"),
                   ("tw-61", "multiplicative", "linear ramp in db", "linear in db", "mix and "
                    "output", "mix/output")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "marco", "mine", "#88", "answers"),
             partial_means="One of the points to act on.",
             wrong="Smoothing Mix and Output now; switching to a linear dB ramp.",
             stale_means="The no-locks correction or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Marco's 4: add a stereo test to Tests/DriveSmoothingTest.cpp that sweeps Drive "
             "on two channels and checks L and R come out identical, run ctest, then commit the "
             "shared-gain fix and the test and push to PR #88. Moving getNextValue() out of the "
             "channel loop (Marco's 1) is already done: the driveGains buffer, L/R max "
             "difference 0.000000.",
             must=(("test",),
                   ("stereo", "identical", "l and r", "left and right", "both channels")),
             stale=("out of the channel loop", "getnextvalue() out of", "paramlock",
                    "try_lock", "rm -rf build"),
             partial_means="Says to commit or push without the stereo test.",
             wrong="Smoothing Mix and Output (TW-61); changing the ramp to 20 ms.",
             stale_means="Says to move getNextValue() out of the channel loop (already done: "
                         "the driveGains buffer), or to guard Drive with ParamLock."),
    Question("files_edited", "Which files were changed, and why?",
             "Source/PluginProcessor.cpp (caches the drive atomic, per-sample SmoothedValue in "
             "processBlock, reset(sampleRate, 0.05) in prepareToPlay, a driveGains buffer "
             "shared by the channels); Source/PluginProcessor.h (driveParam, driveGain, "
             "driveGains); Source/Saturator.h (a static processSample(x, g)); "
             "Tests/DriveSmoothingTest.cpp (new: the mono sweep test) and Tests/CMakeLists.txt. "
             "Source/ParamLock.h was created and deleted.",
             must=(("pluginprocessor.cpp",), ("saturator.h",),
                   ("drivesmoothingtest.cpp", "pluginprocessor.h", "tests/cmakelists.txt")),
             stale=("paramlock.h",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="PluginEditor.cpp or the JUCE sources given as edited.",
             stale_means="ParamLock.h listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Drive is smoothed per sample with a juce::SmoothedValue (Multiplicative, 50 ms "
             "ramp) fed from the parameter's std::atomic<float>, whose pointer the constructor "
             "caches from getRawParameterValue; it rules out any lock processBlock can reach "
             "(the ParamLock std::mutex guard read with try_lock), since a mutex on the audio "
             "thread caused 1.2's dropouts and the parameter is already atomic.",
             must=(("smoothedvalue", "smoothing", "smoother", "smoothed", "per sample",
                    "per-sample"),
                   ("lock", "mutex"),
                   ("audio thread", "processblock", "dropout", "atomic", "priority inversion")),
             partial=2,
             stale=("try_lock", "std::mutex guard", "paramlock<float>"),
             partial_means="The smoothing without what it rules out.",
             wrong="A per-block linear ramp in Saturator; raising the buffer size.",
             stale_means="A ParamLock (std::mutex read with try_lock) given as the design."),
    Question("review", "What did the review find?",
             "Marco on #88: (1) getNextValue() inside the channel loop advances the smoother "
             "once per channel, so stereo ramps in 25 ms and L and R get different gains "
             "(fixed, not committed); (2) why Multiplicative rather than a linear ramp in dB "
             "(answered on the PR: it is one); (3) Mix and Output step at block edges too "
             "(TW-61); (4) the sweep test is mono, add a stereo one checking L and R are "
             "identical (pending). CI was green (ctest, pluginval at strictness 10).",
             must=(("channel loop", "per channel", "getnextvalue", "twice as fast", "25 ms"),
                   ("multiplicative", "linear ramp", "linear in db"),
                   ("tw-61", "mix", "output"),
                   ("identical", "l and r", "left and right", "mono", "stereo test")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "marco", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The missing reset() or the ParamLock include given as review findings."),
    Question("corrections", "How did the user correct the agent?",
             "No locks anywhere processBlock can reach, not even try_lock (a mutex on the audio "
             "thread caused 1.2's dropouts, and the parameter is already a std::atomic<float>): "
             "cache the getRawParameterValue pointer in the constructor and smooth per sample "
             "with juce::SmoothedValue, Multiplicative, 50 ms.",
             must=(("lock", "mutex"),
                   ("smoothedvalue", "smooth", "atomic", "getrawparametervalue")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No lock without what to do instead, or the reverse.",
             wrong="The missing reset() given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The build failed with fatal error: 'ParamLock.h' file not found (the include "
             "outlived the deleted file), fixed by removing the include from PluginProcessor.h. "
             "Then the sweep still clicked at 0.412 on every block edge (187 clicks) with the "
             "smoother in place; a clean configure and full rebuild (rm -rf build) did not fix "
             "it; SmoothedValue had no ramp because reset() was never called (stepsToTarget 0, "
             "setTargetValue jumps); fixed by reset(sampleRate, 0.05) and "
             "setCurrentAndTargetValue in prepareToPlay (worst click 0.006).",
             must=(("reset",),
                   ("0.412", "still click", "no ramp", "did nothing", "stepstotarget", "jump",
                    "no smoothing")),
             stale=("fixed by a clean rebuild", "fixed by rebuilding", "fixed by rm -rf build",
                    "fixed by a clean configure", "fixed by reconfiguring",
                    "fixed by a full rebuild", "stale build"),
             partial_means="One of the two errors, or the clicks without their fix.",
             wrong="A pluginval failure; a linker error in render_ramp.",
             stale_means="The clicks 'fixed' by a clean configure and rebuild, or blamed on a "
                         "stale build of the shared code."),
    Question("key_values", "Which key values matter?",
             "Worst click 0.412 before (187 clicks above 0.05, all on 512-sample block edges), "
             "0.006 after; Drive 0 to 24 dB; 48 kHz; the 50 ms Multiplicative ramp "
             "(reset(sampleRate, 0.05)); 14 tests; L/R max difference 0.000000; PR #88 on "
             "tw-57-smooth-drive (3b9e0f4); TW-57 and TW-61.",
             must=(("0.412", "0.006", "187 clicks"),
                   ("#88", "tw-57", "tw-61", "3b9e0f4"),
                   ("50 ms", "50ms", "0.05", "14 tests", "512", "24 db")),
             spread=True,
             partial_means="One or two groups of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "Source/PluginProcessor.cpp is the audio processor (parameters, prepareToPlay, "
             "processBlock, the Drive smoother); Source/Saturator.h is the tape-style tanh soft "
             "clipper; tools/render_ramp renders a parameter sweep and reports clicks; "
             "Tests/DriveSmoothingTest.cpp is the Catch2 sweep test.",
             must=(("pluginprocessor.cpp",),
                   ("saturator.h", "render_ramp", "drivesmoothingtest.cpp"),
                   ("processblock", "preparetoplay", "audio processor", "tanh", "clipper",
                    "waveshaper", "soft clip", "saturation", "renders", "catch2")),
             partial_means="The files named without what they do.",
             wrong="ParamLock.h as the parameter guard."),
    Question("pending", "What work is still pending?",
             "Marco's 4: the stereo sweep test that L and R come out identical; then commit the "
             "shared-gain fix and the test and push to #88. Mix and Output smoothing later, in "
             "TW-61.",
             must=(("stereo", "identical", "l and r", "left and right"),
                   ("push", "commit", "#88")),
             partial_means="The stereo test without the push, or the reverse.",
             wrong="The channel-loop fix or the reply on Multiplicative as pending."),
    Question("state", "What is the state of the work?",
             "PR #88 (tw-57-smooth-drive, 3b9e0f4) is open with the per-sample smoothing; "
             "Marco's 1 is fixed with the driveGains buffer and all 14 tests pass (L/R "
             "difference 0), but it is not committed or pushed; his 2 is answered on the PR, 3 "
             "is TW-61; the stereo test is not written.",
             must=(("tests pass", "14 tests", "0.000000", "ctest", "passing", "14 pass"),
                   ("not committed", "uncommitted", "not pushed", "not written")),
             partial_means="What passes without what is not committed, or the reverse.",
             wrong="Says the PR is merged or Mix and Output are smoothed.",
             stale_means="Says getNextValue() is still inside the channel loop, or Drive is "
                         "guarded by ParamLock."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. Summary:
TW-57: Drive clicked on every 512-sample block edge because processBlock stepped the gain once per block.
Decision: per-sample juce::SmoothedValue (Multiplicative, 50 ms) on the cached parameter atomic; the user ruled out a mutex on the audio thread (ParamLock.h, deleted).
Changed PluginProcessor.cpp (processBlock), Saturator.h (tanh clipper), DriveSmoothingTest.cpp.
Error: still 0.412 with the smoother; a clean rebuild did not help; fixed by reset(sampleRate, 0.05) in prepareToPlay (now 0.006).
Marco's review of PR #88: 1 getNextValue() per channel fixed, 14 tests pass, not committed; 2 Multiplicative answered on the PR; 3 Mix/Output is TW-61; 4 a stereo test that L and R are identical is pending.
Next: write that stereo test, then commit and push to #88."""
