"""Held out, twenty-fifth set: written 2026-12-07, while round 13 was tuned on the twenty-fourth
set, by an author who never ran the handoff on them. Codex, a Rust key-value store crate (larder
0.8.3: cargo, tokio, proptest, a power-cut harness tests/power_cut.rs that runs the crashwriter
binary on a LazyFS mount, drops LazyFS's unsynced pages and SIGKILLs it): a sensor gateway lost
212 of 1,873 acknowledged writes after a power cut (issue #142), because the WAL writer thread in
src/wal.rs acks each append after BufWriter::flush() and never calls sync_data(), and
Segment::rotate in src/segment.rs renames 000N.seg.tmp into place without an fsync of the
directory (41 of 50 harness runs lose acked writes, a few hundred each, one a whole segment); a background
syncer (a new src/syncer.rs thread calling sync_data every 10 ms, an Options::sync_interval knob
in src/config.rs, wired in src/lib.rs and src/db.rs) written, 9 of 50 runs still losing, then
ruled out by the user (acked must mean durable, a 10 ms window still loses acked writes, a
second fd syncing beside rotation, no new knob in the frozen 0.9 config format, and it leaves
the directory unsynced) for group commit in the existing wal.rs append path (drain up to 256
queued appends, write, flush, sync_data, then ack the batch) and a directory fsync after the
rename; syncer.rs deleted and config.rs, lib.rs, db.rs checked out again; the harness then lost
1 to 3 acked writes in 4 of 50 runs, which the agent took for a stale crashwriter binary: cargo
clean, rm -rf target and a re-run did not fix it (3 of 50), and the lost seqs sat just before a
segment boundary (32765..=32767, 65534..=65535): rotate flushed the old segment but never synced
it, so a batch crossing a rotation was only synced in the new file; fixed by Segment::seal
(flush and sync_data the old segment before the switch); 0 of 50 and 0 of 200 runs lose, 65
tests pass, PR #149; a review by Dariusz with four points: one already done (recover.rs
truncates a torn tail at the first bad CRC), one answered on the PR (why not O_DSYNC), one a
ticket (macOS needs F_FULLFSYNC, #153), one pending (a CI job, .github/workflows/crash.yml, that
builds LazyFS and runs power_cut with 20 runs); the assistant's last words announce the
F_FULLFSYNC change the user put off to #153."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_WAL = "src/wal.rs"
_SEG = "src/segment.rs"
_SYNCER = "src/syncer.rs"
_CONFIG = "src/config.rs"
_RECOVER = "src/recover.rs"
_HARNESS = "tests/power_cut.rs"
_GC_TESTS = "tests/group_commit.rs"
_POWER_CUT = (
    "LAZYFS_MNT=/mnt/lazyfs LAZYFS_FIFO=/tmp/lazyfs.fifo cargo test --release --test power_cut "
    "-- --ignored --nocapture 2>&1"
)


def _power_cut(lines: list[str], lost: int, most: str, secs: str) -> str:
    """The tail of a power_cut harness run: its last run lines and the verdict."""
    body = "".join(f"{line}\n" for line in lines)
    if lost == 0:
        return (
            body + "0 of 50 runs lost acknowledged writes\n"
            "test power_cut_keeps_acknowledged_writes ... ok\n\n"
            "test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; "
            f"finished in {secs}s\n"
        )
    return (
        body
        + "thread 'power_cut_keeps_acknowledged_writes' panicked at tests/power_cut.rs:112:5:\n"
        f"{lost} of 50 runs lost acknowledged writes (most: {most})\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
        "test power_cut_keeps_acknowledged_writes ... FAILED\n\n"
        "failures:\n    power_cut_keeps_acknowledged_writes\n\n"
        "test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; "
        f"finished in {secs}s\n\n"
        "error: test failed, to rerun pass `--test power_cut`\n"
    )


s = Script("You are Codex, a coding agent. cwd: /home/halvard/larder")
s.user(
    "Issue #142 from the Nordvik people: their sensor gateway runs larder 0.8.3, the site lost "
    "power on Thursday, and after the reboot 212 of the 1,873 writes larder had acknowledged "
    "since the last snapshot were gone. Acknowledged writes must survive a power cut. The "
    "power-cut harness needs LazyFS, it's mounted at /mnt/lazyfs on this box; plain tests are "
    "`cargo test`."
)
s.call(
    "shell",
    "111  fn run(mut seg: Segment, mut rx: mpsc::Receiver<Append>) {\n"
    "112      // One writer thread owns the active segment; put() awaits the ack.\n"
    "113      while let Some(Append { frame, ack }) = rx.blocking_recv() {\n"
    "114          let res = seg.append(&frame).and_then(|seq| {\n"
    "115              seg.writer.flush()?;\n"
    "116              Ok(seq)\n"
    "117          });\n"
    "118          let _ = ack.send(res);\n"
    "119      }\n"
    "120  }\n"
    "---\n"
    " 58      pub fn append(&mut self, frame: &[u8]) -> io::Result<Seq> {\n"
    " 59          if self.len + frame.len() as u64 > self.max_len {\n"
    " 60              self.rotate()?;\n"
    " 61          }\n"
    " 62          self.writer.write_all(frame)?;\n"
    " 63          self.len += frame.len() as u64;\n"
    " 64          self.next_seq += 1;\n"
    " 65          Ok(self.next_seq - 1)\n"
    " 66      }\n"
    " 67\n"
    " 68      fn rotate(&mut self) -> io::Result<()> {\n"
    " 69          self.writer.flush()?;\n"
    " 70          let id = self.id + 1;\n"
    ' 71          let tmp = self.dir.join(format!("{id:06}.seg.tmp"));\n'
    " 72          let mut f = File::create(&tmp)?;\n"
    " 73          f.write_all(&Header::new(id, self.next_seq).encode())?;\n"
    ' 74          fs::rename(&tmp, self.dir.join(format!("{id:06}.seg")))?;\n'
    " 75          self.writer = BufWriter::with_capacity(64 * 1024, f);\n"
    " 76          self.id = id;\n"
    " 77          self.len = HEADER_LEN;\n"
    " 78          Ok(())\n"
    " 79      }\n"
    "---\n"
    "src/bin/crashwriter.rs\nsrc/config.rs\nsrc/db.rs\nsrc/lib.rs\nsrc/recover.rs\n"
    "src/segment.rs\nsrc/wal.rs\ntests/power_cut.rs\ntests/wal.rs\ntests/wal_props.rs\n"
    "benches/put.rs\n---\n"
    "test result: ok. 41 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.84s\n"
    "test result: ok. 0 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in "
    "0.00s\n"
    "test result: ok. 14 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.31s\n"
    "test result: ok. 8 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "4.62s\n",
    command=[
        "bash",
        "-lc",
        f"nl -ba {_WAL} | sed -n '111,120p'; echo ---; nl -ba {_SEG} | sed -n '58,79p'; "
        "echo ---; git ls-files src tests benches; echo ---; cargo test 2>&1 | grep 'test result'",
    ],
)
s.call(
    "shell",
    "    Finished `release` profile [optimized] target(s) in 38.71s\n"
    "     Running tests/power_cut.rs (target/release/deps/power_cut-4f1d09a2c7be3e51)\n\n"
    "running 1 test\n"
    + _power_cut(
        [
            "run 37/50 seed=0x1a2c0025: acked 38,840, recovered 32,768, lost 6,072 "
            "(000002.seg missing)",
            "run 48/50 seed=0x1a2c0030: acked 21,377, recovered 20,916, lost 461",
            "run 49/50 seed=0x1a2c0031: acked 9,802, recovered 9,802, lost 0",
            "run 50/50 seed=0x1a2c0032: acked 30,118, recovered 29,384, lost 734",
        ],
        41,
        "6,072, run 37",
        "96.41",
    ),
    "Running the power-cut harness on the current code first: each run starts crashwriter "
    "with 64 writer tasks on the LazyFS mount, drops LazyFS's unsynced pages after 200 to "
    "1500 ms, SIGKILLs it, reopens the store and checks every acknowledged seq.",
    command=["bash", "-lc", f"{_POWER_CUT} | tail -16"],
)
s.say(
    "Reproduced: 41 of 50 runs lose acknowledged writes, typically a few hundred (734 in run "
    "50), and run 37 lost all of 000002.seg. The writer thread acks after BufWriter::flush(), "
    "which only hands the bytes to the page cache; nothing ever calls sync_data(), so a power "
    "cut takes whatever the kernel had not written back. I'll add a background syncer: a new "
    "src/syncer.rs with a thread that calls sync_data() on a clone of the active segment's "
    "file every 10 ms, and an Options::sync_interval knob (default 10 ms, None to turn it "
    "off) in src/config.rs, started by Db::open."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA {_SYNCER}\nM {_CONFIG}\nM src/lib.rs\nM src/db.rs\n",
    input=f"*** Begin Patch\n*** Add File: {_SYNCER}\n"
    "+//! Syncs the active segment in the background, every `Options::sync_interval`.\n"
    "+\n"
    "+use std::fs::File;\n"
    "+use std::sync::{Arc, Mutex, atomic::{AtomicBool, Ordering}};\n"
    "+use std::thread::{self, JoinHandle};\n"
    "+use std::time::Duration;\n"
    "+\n"
    "+pub(crate) struct Syncer {\n"
    "+    stop: Arc<AtomicBool>,\n"
    "+    handle: Option<JoinHandle<()>>,\n"
    "+}\n"
    "+\n"
    "+impl Syncer {\n"
    "+    pub fn start(active: Arc<Mutex<File>>, every: Duration) -> Syncer {\n"
    "+        let stop = Arc::new(AtomicBool::new(false));\n"
    "+        let flag = stop.clone();\n"
    '+        let handle = thread::Builder::new().name("larder-syncer".into()).spawn(move || {\n'
    "+            while !flag.load(Ordering::Relaxed) {\n"
    "+                thread::sleep(every);\n"
    "+                if let Err(e) = active.lock().unwrap().sync_data() {\n"
    '+                    tracing::warn!(error = %e, "background sync failed");\n'
    "+                }\n"
    "+            }\n"
    "+        });\n"
    "+        Syncer { stop, handle: handle.ok() }\n"
    "+    }\n"
    "+}\n"
    f"*** Update File: {_CONFIG}\n@@\n"
    " pub struct Options {\n"
    "     pub segment_size: u64,\n"
    "+    /// How often the background syncer calls sync_data(); None turns it off.\n"
    "+    pub sync_interval: Option<Duration>,\n"
    "@@\n"
    "             segment_size: 64 * 1024 * 1024,\n"
    "+            sync_interval: Some(Duration::from_millis(10)),\n"
    "*** Update File: src/lib.rs\n@@\n"
    " mod segment;\n"
    "+mod syncer;\n"
    " mod wal;\n"
    "*** Update File: src/db.rs\n@@\n"
    "         let wal = Wal::open(&dir, &opts)?;\n"
    "+        let syncer = opts.sync_interval.map(|every| Syncer::start(wal.active_file(), every));\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "test result: ok. 41 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.86s\n"
    "test result: ok. 14 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.33s\n"
    "test result: ok. 8 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "4.70s\n"
    "---\n"
    + _power_cut(
        [
            "run 14/50 seed=0x1a2c000e: acked 17,090, recovered 17,052, lost 38",
            "run 31/50 seed=0x1a2c001f: acked 40,113, recovered 32,768, lost 7,345 "
            "(000002.seg missing)",
            "run 50/50 seed=0x1a2c0032: acked 29,870, recovered 29,851, lost 19",
        ],
        9,
        "7,345, run 31",
        "98.02",
    ),
    command=[
        "bash",
        "-lc",
        f"cargo test 2>&1 | grep 'test result'; echo ---; {_POWER_CUT} | tail -12",
    ],
)
s.say(
    "With the 10 ms syncer 9 of 50 runs still lose: eight of them under 40 writes, the ones "
    "acknowledged inside the last 10 ms window, and run 31 lost all of 000002.seg after a "
    "rotation. The plain tests pass. Shortening the interval would narrow the window; "
    "000002.seg is a separate problem I'll look at after that."
)
s.user(
    "No, not a syncer. An ack has to mean the write is on disk: with a 10 ms syncer a write we "
    "acked is still gone if the power goes inside those 10 ms, and the gateway acks the sensor "
    "and drops its own buffer the moment we answer, so that's exactly #142 again, just "
    "smaller. A second thread syncing a cloned fd while the writer rotates can also sync the "
    "old segment after the rename. And no new Options field: 0.9 freezes the larder.toml "
    "format. Do group commit in the existing wal.rs append path: the writer thread takes what's "
    "queued as one batch, writes it, flushes, sync_data, and only then acks the whole batch. "
    "And the missing segment is the rename, fsync the directory after it. Delete syncer.rs "
    "and put config.rs, lib.rs and db.rs back first."
)
s.call(
    "shell",
    " M src/segment.rs\n?? notes/\n",
    "Deleting syncer.rs and checking config.rs, lib.rs and db.rs out again.",
    command=[
        "bash",
        "-lc",
        f"rm {_SYNCER} && git checkout -- {_CONFIG} src/lib.rs src/db.rs && git status --short",
    ],
)
s.say(
    "segment.rs shows as modified although I haven't edited it; checking what that is before "
    "touching it."
)
s.call(
    "shell",
    "diff --git a/src/segment.rs b/src/segment.rs\n"
    "index 8a41c07..8a41c07 100644\n"
    "old mode 100644\nnew mode 100755\n"
    "---\n"
    "notes/lazyfs-setup.md\n",
    command=["bash", "-lc", f"git diff {_SEG}; echo ---; ls notes/"],
)
s.call(
    "shell",
    "",
    "Only a mode change (someone's chmod), no content; putting the mode back. notes/ is "
    "Halvard's LazyFS setup notes, untracked, leaving them alone.",
    command=["bash", "-lc", f"chmod 644 {_SEG} && git status --short -- src"],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_WAL}\n",
    "Group commit in run(): block for the first append, then take whatever else is already "
    "queued, up to 256 appends, as one batch; write them, flush the BufWriter, sync_data() the "
    "segment, and only then send the acks. A failed write or sync fails the whole batch.",
    input=f"*** Begin Patch\n*** Update File: {_WAL}\n@@\n"
    "+/// The most appends one commit takes; more wait for the next sync.\n"
    "+const MAX_BATCH: usize = 256;\n"
    "+\n"
    " fn run(mut seg: Segment, mut rx: mpsc::Receiver<Append>) {\n"
    "-    // One writer thread owns the active segment; put() awaits the ack.\n"
    "-    while let Some(Append { frame, ack }) = rx.blocking_recv() {\n"
    "-        let res = seg.append(&frame).and_then(|seq| {\n"
    "-            seg.writer.flush()?;\n"
    "-            Ok(seq)\n"
    "-        });\n"
    "-        let _ = ack.send(res);\n"
    "+    // One writer thread owns the active segment; put() awaits the ack, and an ack is sent\n"
    "+    // only once its batch is on disk (group commit, #142).\n"
    "+    let mut batch = Vec::with_capacity(MAX_BATCH);\n"
    "+    while let Some(first) = rx.blocking_recv() {\n"
    "+        batch.push(first);\n"
    "+        while batch.len() < MAX_BATCH {\n"
    "+            match rx.try_recv() {\n"
    "+                Ok(next) => batch.push(next),\n"
    "+                Err(_) => break,\n"
    "+            }\n"
    "+        }\n"
    "+        let res = commit(&mut seg, &batch);\n"
    "+        for (append, r) in batch.drain(..).zip(res) {\n"
    "+            let _ = append.ack.send(r);\n"
    "+        }\n"
    "     }\n"
    " }\n"
    "+\n"
    "+/// Writes the batch, flushes the BufWriter and calls sync_data() on the segment.\n"
    "+fn commit(seg: &mut Segment, batch: &[Append]) -> Vec<io::Result<Seq>> {\n"
    "+    let written: io::Result<Vec<Seq>> = batch.iter().map(|a| seg.append(&a.frame)).collect();\n"
    "+    match written.and_then(|seqs| seg.sync().map(|()| seqs)) {\n"
    "+        Ok(seqs) => seqs.into_iter().map(Ok).collect(),\n"
    "+        Err(e) => batch.iter().map(|_| Err(io::Error::new(e.kind(), e.to_string()))).collect(),\n"
    "+    }\n"
    "+}\n"
    "*** End Patch\n",
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_SEG}\n",
    "In segment.rs: Segment::sync (flush, then sync_data), and in rotate() the new segment's "
    "header is synced before the rename and the directory is fsynced after it, so the new "
    "name survives a power cut.",
    input=f"*** Begin Patch\n*** Update File: {_SEG}\n@@\n"
    "+    pub fn sync(&mut self) -> io::Result<()> {\n"
    "+        self.writer.flush()?;\n"
    "+        self.writer.get_ref().sync_data()\n"
    "+    }\n"
    "+\n"
    "     fn rotate(&mut self) -> io::Result<()> {\n"
    "         self.writer.flush()?;\n"
    "         let id = self.id + 1;\n"
    '         let tmp = self.dir.join(format!("{id:06}.seg.tmp"));\n'
    "         let mut f = File::create(&tmp)?;\n"
    "         f.write_all(&Header::new(id, self.next_seq).encode())?;\n"
    "+        f.sync_data()?;\n"
    '         fs::rename(&tmp, self.dir.join(format!("{id:06}.seg")))?;\n'
    "+        // the rename is an entry in the directory: sync it, or the new name can vanish\n"
    "+        File::open(&self.dir)?.sync_all()?;\n"
    "         self.writer = BufWriter::with_capacity(64 * 1024, f);\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "test result: ok. 41 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "1.12s\n"
    "test result: ok. 14 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.58s\n"
    "test result: ok. 8 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "5.07s\n"
    "---\n"
    + _power_cut(
        [
            "run 23/50 seed=0x1a2c0017: acked 33,410, recovered 33,407, lost 3 (seq 32765..=32767)",
            "run 39/50 seed=0x1a2c0027: acked 34,002, recovered 34,001, lost 1 (seq 32767)",
            "run 50/50 seed=0x1a2c0032: acked 28,406, recovered 28,406, lost 0",
        ],
        4,
        "3, run 23",
        "101.33",
    ),
    command=[
        "bash",
        "-lc",
        f"cargo test 2>&1 | grep 'test result'; echo ---; {_POWER_CUT} | tail -12",
    ],
)
s.call(
    "shell",
    "     Removed 2317 files, 1.4GiB total\n"
    "    Finished `release` profile [optimized] target(s) in 1m 52s\n"
    "     Running tests/power_cut.rs (target/release/deps/power_cut-4f1d09a2c7be3e51)\n\n"
    "running 1 test\n"
    + _power_cut(
        [
            "run 8/50 seed=0x1a2c0008: acked 66,120, recovered 66,118, lost 2 (seq 65534..=65535)",
            "run 29/50 seed=0x1a2c001d: acked 33,977, recovered 33,976, lost 1 (seq 32767)",
            "run 50/50 seed=0x1a2c0032: acked 28,406, recovered 28,406, lost 0",
        ],
        3,
        "2, run 8",
        "99.87",
    ),
    "Down to 4 of 50, 1 to 3 writes each. The harness spawns target/release/crashwriter "
    "(CARGO_BIN_EXE_crashwriter), and I just checked db.rs and lib.rs out from the syncer "
    "version; if cargo kept a crashwriter built against the syncer it would be a stale "
    "crashwriter binary, not the new wal.rs. Clearing the build (cargo clean, rm -rf target) "
    "and the old stores on the mount, then running again.",
    command=[
        "bash",
        "-lc",
        f"cargo clean && rm -rf target /mnt/lazyfs/larder-* && {_POWER_CUT} | tail -14",
    ],
)
s.say(
    "Same failure from a clean build, 3 of 50, so it wasn't a stale build. The lost seqs are "
    "the tell: 32765..=32767, 32767, 65534..=65535, always the last seqs before a multiple of "
    "32,768. The harness opens the store with 2 MiB segments and crashwriter's frames are 64 "
    "bytes, so those are the last frames of a segment, right before a rotation."
)
s.call(
    "shell",
    "tests/power_cut.rs:41:        segment_size: 2 * 1024 * 1024,\n"
    "src/bin/crashwriter.rs:18:const FRAME_LEN: usize = 64; // 8-byte key, 40-byte value, "
    "header and crc32\n"
    "---\n"
    " 73      fn rotate(&mut self) -> io::Result<()> {\n"
    " 74          self.writer.flush()?;\n"
    " 75          let id = self.id + 1;\n"
    ' 76          let tmp = self.dir.join(format!("{id:06}.seg.tmp"));\n'
    " 77          let mut f = File::create(&tmp)?;\n"
    " 78          f.write_all(&Header::new(id, self.next_seq).encode())?;\n"
    " 79          f.sync_data()?;\n"
    ' 80          fs::rename(&tmp, self.dir.join(format!("{id:06}.seg")))?;\n'
    " 81          // the rename is an entry in the directory: sync it, or the new name can "
    "vanish\n"
    " 82          File::open(&self.dir)?.sync_all()?;\n"
    " 83          self.writer = BufWriter::with_capacity(64 * 1024, f);\n",
    command=[
        "bash",
        "-lc",
        "git grep -n 'segment_size: 2\\|FRAME_LEN: usize' -- tests src/bin; echo ---; "
        f"nl -ba {_SEG} | sed -n '73,83p'",
    ],
)
s.say(
    "Found it, in rotate(), not the build. A batch that fills a segment writes its first "
    "frames into the old segment, rotate() flushes the old BufWriter and then replaces it with "
    "the new file at line 83, and commit()'s sync_data() afterwards syncs only the new file. "
    "The old segment's last frames were flushed to the page cache but never synced, yet their "
    "acks go out with the batch. The old segment has to be sealed, flushed and synced, before "
    "the switch. I'll add tests/group_commit.rs for the batch behaviour too."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_SEG}\nA {_GC_TESTS}\n",
    input=f"*** Begin Patch\n*** Update File: {_SEG}\n@@\n"
    "+    /// Flushes and syncs the segment being left: a batch may have written its first\n"
    "+    /// frames here, and commit() syncs only the segment it ends in.\n"
    "+    fn seal(&mut self) -> io::Result<()> {\n"
    "+        self.sync()\n"
    "+    }\n"
    "+\n"
    "     fn rotate(&mut self) -> io::Result<()> {\n"
    "-        self.writer.flush()?;\n"
    "+        self.seal()?;\n"
    "         let id = self.id + 1;\n"
    f"*** Add File: {_GC_TESTS}\n"
    "+use larder::{Db, Options};\n"
    "+\n"
    '+#[tokio::test(flavor = "multi_thread", worker_threads = 4)]\n'
    "+async fn concurrent_puts_get_one_seq_each() {\n"
    "+    let dir = tempfile::tempdir().unwrap();\n"
    "+    let db = Db::open(dir.path(), Options::default()).await.unwrap();\n"
    '+    let puts = (0..300u32).map(|i| db.put(i.to_be_bytes(), b"v"));\n'
    "+    let mut seqs: Vec<u64> =\n"
    "+        futures::future::try_join_all(puts).await.unwrap();\n"
    "+    seqs.sort_unstable();\n"
    "+    assert_eq!(seqs, (0..300).collect::<Vec<u64>>());\n"
    "+}\n"
    "+\n"
    "+#[tokio::test]\n"
    "+async fn a_batch_across_a_rotation_recovers_every_acked_write() {\n"
    "+    let dir = tempfile::tempdir().unwrap();\n"
    "+    let opts = Options { segment_size: 64 * 1024, ..Options::default() };\n"
    "+    let db = Db::open(dir.path(), opts.clone()).await.unwrap();\n"
    "+    let acked = put_many(&db, 2_000).await;\n"
    "+    drop(db);\n"
    "+    let db = Db::open(dir.path(), opts).await.unwrap();\n"
    "+    for key in acked {\n"
    '+        assert!(db.get(&key).await.unwrap().is_some(), "lost {key:?}");\n'
    "+    }\n"
    "+}\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "test result: ok. 41 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "1.09s\n"
    "test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.47s\n"
    "test result: ok. 14 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.57s\n"
    "test result: ok. 8 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "5.11s\n"
    "---\n"
    + _power_cut(
        [
            "run 49/50 seed=0x1a2c0031: acked 9,640, recovered 9,640, lost 0",
            "run 50/50 seed=0x1a2c0032: acked 28,391, recovered 28,391, lost 0",
        ],
        0,
        "",
        "100.92",
    )
    + "---\n"
    "0 of 200 runs lost acknowledged writes\n"
    "test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "401.66s\n"
    "---\n"
    "put/1_writer    1,042 puts/s   p50 0.93 ms  p99 1.31 ms\n"
    "put/64_writers  41,530 puts/s  p50 1.48 ms  p99 2.90 ms  (mean batch 39.6)\n",
    command=[
        "bash",
        "-lc",
        f"cargo test 2>&1 | grep 'test result'; echo ---; {_POWER_CUT} | tail -7; echo ---; "
        f"LARDER_POWER_CUT_RUNS=200 {_POWER_CUT} | tail -2; echo ---; "
        "cargo bench --bench put 2>&1 | grep '^put/'",
    ],
)
s.call(
    "shell",
    "[142-group-commit 6e0b2d9] Ack a WAL batch only after sync_data; fsync the directory "
    "after a segment rename (#142)\n"
    " 3 files changed, 96 insertions(+), 9 deletions(-)\n"
    " create mode 100644 tests/group_commit.rs\n"
    "https://github.com/halvard-lund/larder/pull/149\n",
    "All 65 tests pass, and the harness loses nothing: 0 of 50 runs, then 0 of 200. With one "
    "sync per batch 64 writers get 41,530 puts/s at p99 2.9 ms (batches of 39.6 on average); a "
    "single writer pays one sync per put, 1,042 puts/s. Committing and opening the PR.",
    command=[
        "bash",
        "-lc",
        f"git checkout -b 142-group-commit && git add {_WAL} {_SEG} {_GC_TESTS} && git commit "
        "-m 'Ack a WAL batch only after sync_data; fsync the directory after a segment rename "
        "(#142)' && git push -q -u origin HEAD && gh pr create --fill",
    ],
)
s.user(
    "Dariusz reviewed #149:\n"
    "1. after a power cut the last frame can be torn; recovery has to truncate it, not make "
    "Db::open fail with Corrupt\n"
    "2. why sync_data and not opening the segment with O_DSYNC? one syscall fewer per commit\n"
    "3. on macOS fsync/sync_data doesn't flush the drive's write cache, you need fcntl "
    "F_FULLFSYNC\n"
    "4. power_cut is #[ignore] and needs LazyFS, so CI never runs it; this regresses silently\n"
    "Mine: 1 I think recover.rs does that already, check and tell him. 2 answer him: with "
    "O_DSYNC every write(2) the BufWriter makes waits on the disk, a 40-frame batch that spans "
    "two buffer flushes is two syncs, we want one per batch, and it stays std with no libc "
    "flags. 3 is #153, the gateways are Linux, macOS is only our laptops, not this PR. 4 yes: "
    "add .github/workflows/crash.yml, ubuntu-24.04, build LazyFS from source, mount it, run "
    "power_cut with LARDER_POWER_CUT_RUNS=20."
)
s.call(
    "shell",
    f"{_RECOVER}:71:            Err(FrameError::BadCrc | FrameError::Short) => {{\n"
    f"{_RECOVER}:72:                // a torn tail: keep what came before, cut the rest\n"
    f"{_RECOVER}:73:                file.set_len(offset)?;\n"
    "tests/wal_props.rs:52:    fn torn_tail_is_truncated(cut in 1usize..63, frames in "
    "1usize..400) {\n",
    command=[
        "bash",
        "-lc",
        "git grep -n 'BadCrc | FrameError::Short\\|torn tail\\|set_len(offset)\\|fn torn_tail' "
        "-- src tests",
    ],
)
s.call(
    "shell",
    "https://github.com/halvard-lund/larder/pull/149#issuecomment-2541907\n",
    "Answering (1), (2) and (3) on the PR.",
    command=["bash", "-lc", "gh pr comment 149 --body-file /tmp/pr149.md"],
    body="(1) Already handled: recover.rs:71 truncates at the first frame whose CRC fails or "
    "that is short, so a torn last frame is cut and Db::open succeeds; torn_tail_is_truncated "
    "in tests/wal_props.rs covers it. (2) With O_DSYNC every write(2) the BufWriter makes "
    "waits on the disk, so a batch that spans two buffer flushes costs two syncs; sync_data "
    "once per batch is one, and it stays std with no libc open flags. (3) macOS F_FULLFSYNC is "
    "#153: the gateways run Linux, macOS is only our laptops.",
)
s.say(
    "(1) needed no change: recover.rs:71 cuts the file at the first frame with a bad CRC or a "
    "short read, and torn_tail_is_truncated in tests/wal_props.rs covers it. (2) and (3) are "
    "answered on #149.\n"
    "Next I'll make Segment::sync call fcntl F_FULLFSYNC on macOS, so a Mac's drive flushes "
    "its write cache too, then run cargo test and push to #149."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Issue #142: after a power cut a sensor gateway running larder 0.8.3 lost 212 of "
             "the 1,873 writes larder had acknowledged, because the WAL writer acks after "
             "BufWriter::flush() without sync_data() and a renamed segment's directory is "
             "never fsynced; acknowledged writes must survive a power cut.",
             must=(("#142", "power cut", "power loss", "212", "1,873"),
                   ("sync_data", "fsync", "flush", "acknowledged", "acked")),
             partial_means="The lost writes without why, or the issue number alone.",
             wrong="Slow writes; a corrupt store that will not open; a crash on startup."),
    Question("latest_request", "What did the user last ask?",
             "Dariusz's review of PR #149 with the user's answers: (1) check that recover.rs "
             "already truncates a torn tail and tell him; (2) answer why sync_data and not "
             "O_DSYNC (every write(2) would wait on the disk, one sync per batch, std only); "
             "(3) macOS F_FULLFSYNC is #153, not this PR; (4) add .github/workflows/crash.yml "
             "(ubuntu-24.04, LazyFS built from source, power_cut with "
             "LARDER_POWER_CUT_RUNS=20).",
             must=(("crash.yml", "ci job", "workflow", "lazyfs", "larder_power_cut_runs"),
                   ("#153", "f_fullfsync", "o_dsync", "torn", "recover.rs")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "dariusz", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Switching to O_DSYNC; adding F_FULLFSYNC in this PR.",
             stale_means="The correction (group commit, no syncer) or the first request given "
                         "as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Dariusz's fourth point: write .github/workflows/crash.yml (ubuntu-24.04, build "
             "LazyFS from source and mount it, run the power_cut test with "
             "LARDER_POWER_CUT_RUNS=20), then push to PR #149. F_FULLFSYNC on macOS is #153, "
             "not this PR.",
             must=(("crash.yml", "ci job", "workflow", "github actions"),
                   ("lazyfs",),
                   ("larder_power_cut_runs", "20 runs", "power_cut", "push")),
             stale=("f_fullfsync", "syncer.rs", "sync_interval", "cargo clean", "rm -rf target"),
             partial_means="A CI job without LazyFS or the harness, or only the push.",
             wrong="Raising MAX_BATCH; running the 200-run harness again.",
             stale_means="Says to add fcntl F_FULLFSYNC for macOS (put off to #153 by the "
                         "user), to bring back the syncer or its sync_interval, or to cargo "
                         "clean and re-run the harness."),
    Question("files_edited", "Which files were changed, and why?",
             "src/wal.rs (group commit: run() takes up to 256 queued appends as a batch, "
             "commit() writes, flushes and syncs it before the acks); src/segment.rs "
             "(Segment::sync; rotate() syncs the new header, fsyncs the directory after the "
             "rename, and seals the old segment with flush and sync_data first); "
             "tests/group_commit.rs (two tests: concurrent puts get one seq each, a batch across a rotation "
             "recovers every acked write). src/syncer.rs was created and deleted; "
             "src/config.rs (sync_interval), src/lib.rs and src/db.rs were checked out again.",
             must=(("wal.rs",), ("segment.rs",), ("group_commit.rs",)),
             stale=("syncer.rs", "sync_interval", "config.rs"),
             spread=True,
             partial_means="One or two of the three files.",
             wrong="src/recover.rs, tests/power_cut.rs or src/bin/crashwriter.rs given as "
                   "edited.",
             stale_means="src/syncer.rs listed as a current change, or config.rs as having "
                         "the sync_interval knob."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Group commit in the existing wal.rs append path: the writer thread takes what is "
             "queued (up to 256 appends) as one batch, writes, flushes, calls sync_data and "
             "only then acks the batch; the directory is fsynced after a segment rename and "
             "the old segment sealed (synced) before a rotation. It rules out a background "
             "syncer (src/syncer.rs, sync_data every 10 ms, an Options::sync_interval knob): "
             "acked writes inside the 10 ms window still lost, a second fd syncing beside "
             "rotation, no new field in the frozen 0.9 config; and O_DSYNC (a sync per "
             "write(2)).",
             must=(("group commit", "batch", "before acking", "before acknowledging"),
                   ("syncer", "10 ms", "sync_interval", "background")),
             stale=("background syncer", "syncer.rs", "sync_interval", "every 10 ms"),
             partial_means="Group commit without what it rules out.",
             wrong="Shortening the sync interval; O_DSYNC; syncing every put alone.",
             stale_means="The background syncer thread (src/syncer.rs, every 10 ms, "
                         "sync_interval) given as the design."),
    Question("review", "What did the review find?",
             "Dariusz on #149: (1) a torn last frame after a power cut must be truncated, not "
             "fail Db::open with Corrupt (already done: recover.rs:71 truncates at the first "
             "bad CRC or short frame, torn_tail_is_truncated covers it); (2) why sync_data and "
             "not O_DSYNC (answered on the PR: a sync per write(2), we want one per batch, std "
             "only); (3) macOS needs fcntl F_FULLFSYNC (#153, not this PR); (4) power_cut is "
             "#[ignore] and needs LazyFS, so CI never runs it (pending: crash.yml).",
             must=(("torn",), ("o_dsync",), ("f_fullfsync", "macos", "#153"),
                   ("lazyfs", "crash.yml", "#[ignore]", "ci never", "ci job")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "dariusz", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The lost writes at segment boundaries given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not a syncer: an ack must mean the write is on disk, and with a 10 ms syncer a "
             "write acked inside the window is still lost (the gateway drops its buffer when "
             "acked, #142 again); a second thread syncing a cloned fd can sync the old segment "
             "after the rename; no new Options field (0.9 freezes larder.toml). Instead group "
             "commit in the existing wal.rs append path (batch, write, flush, sync_data, then "
             "ack) and an fsync of the directory after the rename; delete syncer.rs and check "
             "out config.rs, lib.rs and db.rs first.",
             must=(("syncer", "10 ms", "sync_interval", "options field"),
                   ("group commit", "batch", "directory")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No syncer without what to do instead, or the reverse.",
             wrong="The stale-binary guess given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "After group commit the power_cut harness still lost 1 to 3 acknowledged writes "
             "in 4 of 50 runs (seq 32765..=32767); cargo clean, rm -rf target and a re-run "
             "did not fix it (3 of 50, a stale crashwriter binary was not the cause); the lost "
             "seqs were the last frames before a segment boundary (2 MiB segments, 64-byte "
             "frames): rotate() flushed the old segment without syncing it and commit() "
             "synced only the new one; fixed by Segment::seal, flush and sync_data of the old "
             "segment before the switch (0 of 50, 0 of 200). Earlier, the loss itself (41 of "
             "50 runs, a missing 000002.seg), fixed by group commit and the directory fsync.",
             must=(("32767", "32765", "segment boundary", "4 of 50", "power_cut",
                    "before a rotation", "last frames"),
                   ("seal", "old segment")),
             stale=("fixed by cargo clean", "fixed by rm -rf", "fixed by a re-run",
                    "fixed by re-running", "fixed by a clean build", "stale crashwriter",
                    "stale build"),
             partial_means="The loss at the segment boundary without its fix, or only the "
                           "first loss.",
             wrong="A CRC mismatch on recovery; a LazyFS mount error.",
             stale_means="The lost writes 'fixed' by cargo clean, rm -rf target and a re-run, "
                         "or put down to a stale crashwriter binary."),
    Question("key_values", "Which key values matter?",
             "Issue #142, PR #149, #153 (F_FULLFSYNC); larder 0.8.3; 212 of 1,873 acked writes "
             "lost; the harness: 41 of 50 runs lost before (734 in run 50, a whole "
             "000002.seg in run 37), 9 of 50 with the 10 ms syncer (rejected), 4 then 3 of 50 at segment "
             "boundaries (seq 32767, 65535), 0 of 50 and 0 of 200 now; 2 MiB segments of "
             "64-byte frames; MAX_BATCH 256; 41,530 puts/s at p99 2.9 ms with 64 writers, "
             "1,042 with one; 63 tests before, 65 now.",
             must=(("#142", "#149", "#153"),
                   ("41 of 50", "0 of 200", "0 of 50", "734", "41,530", "32767", "65 tests",
                    "256", "2 mib")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/wal.rs holds the WAL writer thread (run, now commit) that owns the active "
             "segment and acks put(); src/segment.rs a segment file (append, rotate, sync, "
             "seal); src/recover.rs reads the segments back and truncates a torn tail; "
             "tests/power_cut.rs is the LazyFS power-cut harness that runs "
             "src/bin/crashwriter.rs and SIGKILLs it; tests/wal_props.rs the proptests; "
             "src/config.rs the Options.",
             must=(("wal.rs",),
                   ("segment.rs", "recover.rs", "crashwriter", "power_cut.rs"),
                   ("writer thread", "append", "rotat", "recover", "harness", "lazyfs",
                    "sigkill", "torn", "options")),
             partial_means="The files named without what they hold.",
             wrong="syncer.rs as the syncing thread."),
    Question("pending", "What work is still pending?",
             "The CI job .github/workflows/crash.yml (Dariusz's 4: LazyFS, power_cut with 20 "
             "runs) and the push to #149; F_FULLFSYNC for macOS later in #153.",
             must=(("crash.yml", "ci job", "workflow"),
                   ("#153", "f_fullfsync", "macos")),
             partial_means="The CI job without the macOS ticket, or the reverse.",
             wrong="The torn-tail truncation or the O_DSYNC reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #149 is open and pushed (6e0b2d9): group commit in wal.rs, the directory "
             "fsync and seal in segment.rs, tests/group_commit.rs; all 65 tests pass, the "
             "power_cut harness loses nothing in 50 and in 200 runs, 41,530 puts/s with 64 "
             "writers; Dariusz's 1 needed no change, 2 and 3 are answered on the PR; "
             "crash.yml is not written and nothing is pushed since.",
             must=(("65 tests", "tests pass", "0 of 50", "0 of 200"),
                   ("not written", "not pushed", "crash.yml")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the CI job runs.",
             stale_means="Says a background syncer syncs every 10 ms, or the harness still "
                         "loses writes at segment boundaries."),
)  # fmt: skip

PRODUCTION = """Summary so far: Issue #142: after a power cut a gateway on larder 0.8.3 lost 212 of 1,873 acknowledged writes: the WAL writer in src/wal.rs acked after BufWriter::flush() without sync_data(), and Segment::rotate renamed 000N.seg.tmp without a directory fsync (the LazyFS power_cut harness: 41 of 50 runs lost, one a whole 000002.seg).
I first wrote a background syncer (src/syncer.rs, sync_data every 10 ms, Options::sync_interval); the user ruled it out (acked must mean durable, no new config field in 0.9), so syncer.rs is deleted and config.rs, lib.rs, db.rs checked out again.
Decision: group commit in wal.rs: a batch of up to 256 queued appends is written, flushed and synced before the acks; the directory is fsynced after a rename.
Error: the harness still lost 1 to 3 writes in 4 of 50 runs at segment boundaries (seq 32767); cargo clean, rm -rf target and a re-run did not help; rotate() never synced the old segment; fixed by Segment::seal (flush and sync_data the old segment first).
Files: src/wal.rs (group commit), src/segment.rs (sync, seal, directory fsync), tests/group_commit.rs (2 tests).
State: all 65 tests pass; 0 of 50 and 0 of 200 runs lose; 41,530 puts/s with 64 writers; PR #149 open and pushed.
Dariusz's review: torn-tail truncation already done in recover.rs; O_DSYNC answered on the PR; macOS F_FULLFSYNC is ticket #153, not this PR; the CI job is pending, crash.yml not written.
Next: write .github/workflows/crash.yml (ubuntu-24.04, build LazyFS, power_cut with LARDER_POWER_CUT_RUNS=20), push to #149."""
