"""Held out, fourteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, Swift/iOS: Trailmate crashes with
EXC_BAD_ACCESS in UploadQueue.enqueue(_:) (TRM-140), a data race on the pending array that
ThreadSanitizer reports; a @Locked property wrapper over os_unfair_lock in a new
Support/Locked.swift written, then ruled out by the user (the Swift 6 migration removes
hand-rolled locks) for making UploadQueue an actor; the wrapper deleted; a compile error in the
photo picker fixed with a Task; a retry test that an xcodebuild clean and a re-run did not fix
and an async enqueue with an injected backoff sleep did; the latest request is a plain
follow-up with two asks (the whole suite under TSan, done; upload_max_attempts from
RemoteConfig, not started); a short production summary; the assistant's last words name the
right next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/Users/nadia/Trailmate"
_QUEUE = f"{_ROOT}/Trailmate/Uploads/UploadQueue.swift"
_PICKER = f"{_ROOT}/Trailmate/Photos/PhotoPickerViewModel.swift"
_TESTS = f"{_ROOT}/TrailmateTests/UploadQueueTests.swift"
_TSAN = (
    "xcodebuild test -scheme Trailmate-TSan -destination 'platform=iOS Simulator,name=iPhone 15'"
)

s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "TRM-140: Crashlytics has 212 crashes in 1.14.0, EXC_BAD_ACCESS in UploadQueue.enqueue(_:), "
    "almost all when someone picks several photos at once. The Trailmate-TSan scheme "
    "reproduces it with UploadQueueTests. Fix the race."
)
s.call(
    "Read",
    "final class UploadQueue {\n    private var pending: [PhotoUpload] = []\n"
    "    private var isUploading = false\n    private let uploader: Uploader\n"
    "    private let maxAttempts = 3\n\n"
    "    func enqueue(_ photo: PhotoUpload) {\n        pending.append(photo)\n"
    "        DispatchQueue.global(qos: .utility).async { self.uploadNext() }\n    }\n\n"
    "    private func uploadNext() {\n        guard !isUploading, !pending.isEmpty else { return }\n"
    "        isUploading = true\n        let photo = pending.removeFirst()\n"
    "        upload(photo, attempt: 1)\n    }\n"
    "    // upload(_:attempt:) retries after 1 s, then 2 s, up to maxAttempts\n}\n",
    file_path=_QUEUE,
)
s.call(
    "Bash",
    "WARNING: ThreadSanitizer: Swift access race (pid=48211)\n"
    "  Modifying access of Swift variable at 0x7b0c0004a2f0 by thread T3:\n"
    "    #0 UploadQueue.uploadNext() UploadQueue.swift:52\n"
    "  Previous modifying access of Swift variable at 0x7b0c0004a2f0 by main thread:\n"
    "    #0 UploadQueue.enqueue(_:) UploadQueue.swift:31\n"
    "  Location is heap block of size 64 ... (UploadQueue.pending)\n"
    "SUMMARY: ThreadSanitizer: Swift access race UploadQueue.swift:52 in UploadQueue.uploadNext()\n",
    command=f"{_TSAN} -only-testing:TrailmateTests/UploadQueueTests 2>&1 | grep -A8 WARNING",
    description="Reproduce the race under ThreadSanitizer",
)
s.say(
    "TSan confirms it: pending is appended to in enqueue(_:) on the caller's thread and "
    "removed from in uploadNext() on a global-queue thread, with nothing ordering the two. "
    "Smallest change: a @Locked property wrapper around an os_unfair_lock in "
    "Trailmate/Support/Locked.swift, applied to pending and isUploading."
)
s.call(
    "Write",
    f"File created successfully at: {_ROOT}/Trailmate/Support/Locked.swift",
    file_path=f"{_ROOT}/Trailmate/Support/Locked.swift",
    content="import os\n\n@propertyWrapper\nfinal class Locked<Value> {\n"
    "    private var lock = os_unfair_lock()\n    private var value: Value\n"
    "    init(wrappedValue: Value) { value = wrappedValue }\n"
    "    var wrappedValue: Value {\n"
    "        get { os_unfair_lock_lock(&lock); defer { os_unfair_lock_unlock(&lock) }; "
    "return value }\n"
    "        set { os_unfair_lock_lock(&lock); value = newValue; "
    "os_unfair_lock_unlock(&lock) }\n    }\n}\n",
)
s.user(
    "No lock wrapper. We're moving the app to Swift 6 strict concurrency, and hand-rolled "
    "locks are exactly what that migration removes. Make UploadQueue an actor. The callers "
    "are all async already, except the photo picker."
)
s.call(
    "Bash",
    "",
    "Removing the lock wrapper.",
    command="rm Trailmate/Support/Locked.swift",
    description="Delete Locked.swift",
)
s.call(
    "Edit",
    f"The file {_QUEUE} has been updated.",
    file_path=_QUEUE,
    old_string="final class UploadQueue {",
    new_string="actor UploadQueue {",
)
s.call(
    "Edit",
    f"The file {_QUEUE} has been updated.",
    file_path=_QUEUE,
    old_string="        DispatchQueue.global(qos: .utility).async { self.uploadNext() }",
    new_string="        Task { await uploadNext() }",
)
s.call(
    "Bash",
    "Trailmate/Photos/PhotoPickerViewModel.swift:48:15: error: call to actor-isolated instance "
    "method 'enqueue' in a synchronous main actor-isolated context\n"
    "            queue.enqueue(PhotoUpload(item: item))\n"
    "                  ^\n** BUILD FAILED **\n",
    command="xcodebuild build -scheme Trailmate -destination 'platform=iOS Simulator,name=iPhone "
    "15' 2>&1 | grep -E 'error:|BUILD' -A2",
    description="Build",
)
s.say(
    "The picker's didFinishPicking is synchronous on the main actor, so it can't call into "
    "the actor directly. Wrapping the enqueue in a Task there."
)
s.call(
    "Edit",
    f"The file {_PICKER} has been updated.",
    file_path=_PICKER,
    old_string="            queue.enqueue(PhotoUpload(item: item))",
    new_string="            Task { await queue.enqueue(PhotoUpload(item: item)) }",
)
s.call(
    "Bash",
    "Test Case '-[TrailmateTests.UploadQueueTests testRetriesThreeTimesThenFails]' started.\n"
    "UploadQueueTests.swift:77: error: -[TrailmateTests.UploadQueueTests "
    'testRetriesThreeTimesThenFails] : XCTAssertEqual failed: ("1") is not equal to ("3")\n'
    "Executed 9 tests, with 1 failure (0 unexpected) in 0.412 seconds\n** TEST FAILED **\n",
    command=f"{_TSAN} -only-testing:TrailmateTests/UploadQueueTests 2>&1 | "
    "grep -E 'error:|Executed|TEST' ",
    description="Run UploadQueueTests under TSan",
)
s.say(
    "One failure, and no TSan warning. It could be a stale module in DerivedData from the "
    "class version, since the test target links it; cleaning and running again."
)
s.call(
    "Bash",
    'UploadQueueTests.swift:77: error: ... XCTAssertEqual failed: ("1") is not equal to ("3")\n'
    "Executed 9 tests, with 1 failure (0 unexpected) in 0.398 seconds\n** TEST FAILED **\n",
    command=f"xcodebuild clean -scheme Trailmate-TSan && {_TSAN} "
    "-only-testing:TrailmateTests/UploadQueueTests 2>&1 | grep -E 'error:|Executed|TEST'",
    description="Clean, then re-run the tests",
)
s.say(
    "Same failure, so it's the code. enqueue(_:) now starts the upload in an unstructured Task "
    "and returns at once, so the test reads uploader.attempts after the first attempt, while "
    "the retries are still sleeping 1 s and 2 s. I'm making enqueue async, so it awaits the "
    "upload and its retries, and I'll inject the backoff sleep (`sleep: @Sendable (Duration) "
    "async throws -> Void`, Task.sleep by default) so the test passes a no-op instead of "
    "waiting 3 s."
)
s.call(
    "Edit",
    f"The file {_QUEUE} has been updated.",
    file_path=_QUEUE,
    old_string="    func enqueue(_ photo: PhotoUpload) {\n        pending.append(photo)\n"
    "        Task { await uploadNext() }",
    new_string="    init(uploader: Uploader, sleep: @escaping @Sendable (Duration) async throws -> "
    "Void = { try await Task.sleep(for: $0) }) { ... }\n\n"
    "    func enqueue(_ photo: PhotoUpload) async {\n        pending.append(photo)\n"
    "        await uploadNext()",
)
s.call(
    "Edit",
    f"The file {_TESTS} has been updated.",
    file_path=_TESTS,
    old_string="        let queue = UploadQueue(uploader: uploader)\n"
    "        queue.enqueue(.fixture)",
    new_string="        let queue = UploadQueue(uploader: uploader, sleep: { _ in })\n"
    "        await queue.enqueue(.fixture)",
)
s.call(
    "Bash",
    "Executed 9 tests, with 0 failures (0 unexpected) in 0.087 seconds\n** TEST SUCCEEDED **\n0\n",
    command=f"{_TSAN} -only-testing:TrailmateTests/UploadQueueTests 2>&1 | tee /tmp/tsan.log "
    "| grep -E 'Executed|TEST'; grep -c ThreadSanitizer /tmp/tsan.log",
    description="Re-run UploadQueueTests under TSan and count TSan warnings",
)
s.say(
    "UploadQueue is an actor now, the picker enqueues inside a Task, and enqueue awaits the "
    "upload with an injected backoff sleep. All 9 UploadQueueTests pass under the TSan scheme "
    "and ThreadSanitizer reports nothing."
)
s.user(
    "Good. Two more things before I open the PR: run the whole suite under the TSan scheme, "
    "not just UploadQueueTests. And make the attempt count configurable: read "
    "upload_max_attempts from RemoteConfig when the queue is created, default 3 when the key "
    "is missing."
)
s.call(
    "Bash",
    "Executed 187 tests, with 0 failures (0 unexpected) in 41.206 seconds\n"
    "** TEST SUCCEEDED **\n0\n",
    command=f"{_TSAN} 2>&1 | tee /tmp/tsan-all.log | grep -E 'Executed .* tests|TEST'; "
    "grep -c ThreadSanitizer /tmp/tsan-all.log",
    description="Run the whole suite under TSan",
)
s.say(
    "Under the TSan scheme all 187 tests came back with 0 failures and no ThreadSanitizer warnings."
)
s.say(
    "Next I'll make the attempt count configurable: UploadQueue's init reads "
    "upload_max_attempts from RemoteConfig, falling back to 3 when the key is missing, with a "
    "test for the fallback."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "TRM-140: 212 EXC_BAD_ACCESS crashes in 1.14.0 in UploadQueue.enqueue(_:), a data "
             "race when several photos are picked at once; fix the race.",
             must=(("exc_bad_access", "data race", "race", "crash"),
                   ("uploadqueue", "trm-140")),
             partial_means="The crash without where, or the queue without the race.",
             wrong="A memory leak in the picker; slow uploads."),
    Question("latest_request", "What did the user last ask?",
             "Two more things before the PR: run the whole suite under the TSan scheme (done: "
             "187 tests, 0 failures, no warnings), and read upload_max_attempts from "
             "RemoteConfig when the queue is created, default 3 when the key is missing (not "
             "started).",
             must=(("whole suite", "all tests", "full suite", "187"),
                   ("upload_max_attempts", "remoteconfig")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "two more", "follow-up"),
             partial_means="One of the two asks.",
             wrong="Opening the PR; migrating the whole app to Swift 6.",
             stale_means="The make-it-an-actor correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "The second ask: read upload_max_attempts from RemoteConfig in UploadQueue's "
             "init, falling back to 3 when the key is missing, with a test for the fallback; "
             "then the user opens the PR. The whole-suite TSan run is done.",
             must=(("upload_max_attempts", "remoteconfig"),
                   ("default 3", "falling back to 3", "fallback", "missing", "defaults to 3")),
             stale=("run the whole suite", "locked.swift", "@locked", "xcodebuild clean"),
             partial_means="The RemoteConfig key without the default, or the reverse.",
             wrong="Opening the PR now; adding a lock.",
             stale_means="Says to run the whole suite under TSan (done: 187 tests), or to add "
                         "the @Locked wrapper."),
    Question("files_edited", "Which files were changed, and why?",
             "UploadQueue.swift (an actor; enqueue async, awaiting the upload; the backoff "
             "sleep injected in init); PhotoPickerViewModel.swift (enqueues inside a Task); "
             "UploadQueueTests.swift (a no-op sleep, await enqueue). Support/Locked.swift was "
             "created and deleted.",
             must=(("uploadqueue.swift",), ("photopickerviewmodel.swift",),
                   ("uploadqueuetests.swift",)),
             stale=("locked.swift",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="The Crashlytics setup given as edited.",
             stale_means="Locked.swift listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "UploadQueue becomes an actor, so the actor serialises pending and isUploading; "
             "it rules out a @Locked property wrapper over os_unfair_lock, since the Swift 6 "
             "strict-concurrency migration removes hand-rolled locks.",
             must=(("actor",), ("lock",), ("swift 6", "strict concurrency")),
             partial=2,
             stale=("@locked property wrapper", "os_unfair_lock"),
             partial_means="The actor without what it rules out.",
             wrong="A serial DispatchQueue; @MainActor on the queue.",
             stale_means="The @Locked wrapper over os_unfair_lock given as the design."),
    Question("review", "What did the ThreadSanitizer run find?",
             "A Swift access race on UploadQueue.pending: appended to in enqueue(_:) on the "
             "caller's thread (UploadQueue.swift:31) and removed from in uploadNext() on a "
             "global-queue thread (UploadQueue.swift:52). After the actor change TSan reports "
             "nothing, in the 9 UploadQueueTests and the whole 187-test suite.",
             must=(("race", "threadsanitizer", "tsan"), ("pending",),
                   ("enqueue", "uploadnext")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "reported",
                  "tsan", "threadsanitizer", "race", "warning"),
             partial_means="The race without where, or the place without the race.",
             wrong="The compile error given as the TSan finding."),
    Question("corrections", "How did the user correct the agent?",
             "No lock wrapper: the app is moving to Swift 6 strict concurrency, which removes "
             "hand-rolled locks; make UploadQueue an actor (the callers are async, except the "
             "photo picker).",
             must=(("lock",), ("actor",)),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No lock without the actor, or the reverse.",
             wrong="The retry test failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "A compile error in PhotoPickerViewModel.swift:48 (call to actor-isolated "
             "'enqueue' in a synchronous main actor-isolated context), fixed by Task { await "
             "queue.enqueue(...) }. testRetriesThreeTimesThenFails: XCTAssertEqual failed (\"1\") "
             "is not equal to (\"3\"), since enqueue returned before the retries; xcodebuild "
             "clean and a re-run did not fix it; fixed by an async enqueue that awaits the "
             "upload, with the backoff sleep injected (a no-op in the test).",
             must=(("testretriesthreetimesthenfails", "not equal to"),
                   ("inject", "enqueue async", "async enqueue", "awaits the upload")),
             stale=("fixed by xcodebuild clean", "fixed by cleaning", "fixed by a clean",
                    "fixed by re-running", "stale module"),
             partial_means="One of the two errors, or the errors without their fixes.",
             wrong="A TSan warning after the actor change; a signing error.",
             stale_means="The test failure 'fixed' by xcodebuild clean or a re-run."),
    Question("key_values", "Which key values matter?",
             "212 crashes in 1.14.0 (TRM-140); 3 attempts with 1 s and 2 s backoff; 9 "
             "UploadQueueTests; 187 tests in the whole suite; the RemoteConfig key "
             "upload_max_attempts, default 3.",
             must=(("187 tests", "9 tests", "9 uploadqueuetests"),
                   ("212 crashes", "1.14.0", "trm-140"), ("upload_max_attempts",)),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "UploadQueue.swift queues the photo uploads and retries them; "
             "PhotoPickerViewModel.swift hands picked photos to the queue; "
             "UploadQueueTests.swift tests the queue (retries among them); Trailmate-TSan is "
             "the scheme that runs the tests under ThreadSanitizer.",
             must=(("uploadqueue.swift",), ("photopickerviewmodel.swift", "uploadqueuetests.swift"),
                   ("queue", "picker", "upload")),
             partial_means="The files named without what they hold.",
             wrong="Locked.swift as the queue's lock."),
    Question("pending", "What work is still pending?",
             "Reading upload_max_attempts from RemoteConfig (default 3) with a test for the "
             "fallback; then the user opens the PR.",
             must=(("upload_max_attempts", "remoteconfig"), ("open the pr", "the pr")),
             partial_means="The RemoteConfig key without the rest, or the reverse.",
             wrong="The TSan run of the whole suite as pending."),
    Question("state", "What is the state of the work?",
             "UploadQueue is an actor; all 187 tests pass under the TSan scheme with no "
             "ThreadSanitizer warnings; upload_max_attempts is not read yet (the count is still "
             "a hard-coded 3) and no PR is open.",
             must=(("187 tests", "tests pass", "no threadsanitizer", "0 failures"),
                   ("not yet", "hard-coded", "upload_max_attempts")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is open or the count is configurable.",
             stale_means="Says pending is guarded by a lock."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. Summary:
TRM-140: EXC_BAD_ACCESS in UploadQueue.enqueue(_:), a data race TSan found on pending (enqueue vs uploadNext). The user rejected a @Locked lock wrapper (Locked.swift, deleted) for the Swift 6 migration: UploadQueue is now an actor.
Changed UploadQueue.swift (actor, async enqueue, injected backoff sleep), PhotoPickerViewModel.swift (enqueue in a Task), UploadQueueTests.swift.
Errors: actor-isolated 'enqueue' compile error in the picker, fixed by a Task. testRetriesThreeTimesThenFails was not equal to 3; xcodebuild clean did not help; fixed by an async enqueue with the sleep injected.
Latest request, two asks: whole suite under TSan is done (187 tests, 0 failures); upload_max_attempts from RemoteConfig not yet.
Next: read upload_max_attempts from RemoteConfig in UploadQueue's init, default 3 when missing, plus a fallback test; then the user opens the PR."""
