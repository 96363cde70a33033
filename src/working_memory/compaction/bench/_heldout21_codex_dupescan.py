"""Held out, twenty-first set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, an OCaml command-line tool (dune, cmdliner,
alcotest and a dune cram test; OCaml 5.2 locally, 4.14 supported): twins, which finds duplicate
files in a photo library, takes 3 h 10 min over the 412 GB library on the NAS (issue #88; the
9,214-file sample reads 38.2 GB in 1001 s), because Dupes.find runs Digest.file over every file;
hashing on 8 OCaml 5 domains (Pool.map in a new lib/pool.ml, dune-project and twins.opam raised
to ocaml >= 5.0) written, 598 s, then ruled out by the user (the NAS is spinning disks behind
SMB, parallel readers thrash them; twins must keep building on OCaml 4.14) for reading less on
one domain inside lib/dupes.ml: files grouped by size, a size group by the MD5 of its first 64
KiB, Digest.file only for files that still collide; pool.ml deleted and dupes.ml, dune-project
and twins.opam checked out again; a new cram test (test/cli.t) that lost the group of two
identical 3,112-byte .xmp sidecars, which dune clean, removing ~/.cache/dune and a re-run (the
suspected stale cache) did not fix and Digest.subbytes buf 0 n did (prefix_digest hashed the
whole unzeroed Bytes.create 65536 buffer, so a file under 64 KiB was hashed with leftover
memory); a PR review (#91) with four points: one already done (hard links skipped by scan.ml),
one answered on the PR (why MD5 and not xxh3), one a ticket (twins watch in lib/watch.ml, #95),
one pending (a prefix collision test: same size, same first 64 KiB, different tail); the
assistant's last words name that test as the next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_DUPES = "lib/dupes.ml"
_SCAN = "lib/scan.ml"
_POOL = "lib/pool.ml"
_TESTS = "test/test_dupes.ml"
_CRAM = "test/cli.t"
_SAMPLE = "~/nas/photos-sample"
_TIME = "/usr/bin/time -f '%e s  %M KB' ./_build/default/bin/main.exe --stats"

_OLD_FIND = (
    "let find (files : Scan.file list) : Scan.file list list =\n"
    "  let by_digest = Hashtbl.create 4096 in\n"
    "  List.iter\n"
    "    (fun (f : Scan.file) ->\n"
    "      let d = Digest.file f.path in\n"
    "      bytes_read := !bytes_read + f.size;\n"
    "      let seen = Option.value ~default:[] (Hashtbl.find_opt by_digest d) in\n"
    "      Hashtbl.replace by_digest d (f :: seen))\n"
    "    files;\n"
    "  Hashtbl.fold\n"
    "    (fun _ fs acc ->\n"
    "      match fs with _ :: _ :: _ -> List.sort compare fs :: acc | _ -> acc)\n"
    "    by_digest []\n"
    "  |> List.sort compare\n"
)


def _minus(text: str) -> str:
    return "".join(f"-{line}\n" for line in text.splitlines())


def _cram_diff(tail: bool) -> str:
    """dune test with test/cli.t losing the .xmp group (`tail`: only the diff, as tail -16)."""
    head = (
        ""
        if tail
        else (
            "Testing `twins'.\n"
            "This run has ID `Q3V8K2ZD'.\n\n"
            "  [OK]          scan                    0   skips symlinks.\n"
            "  [OK]          scan                    1   skips a second hard link.\n"
            "  ...\n"
            "  [OK]          find                    5   a size seen once is never opened.\n"
            "  [OK]          find                    6   identical files group across "
            "directories.\n\n"
            "Full test results in `~/twins/_build/default/test/_build/_tests/twins'.\n"
            "Test Successful in 0.021s. 16 tests run.\n"
        )
    )
    return head + (
        'File "test/cli.t", line 1, characters 0-0:\n'
        "diff --git a/_build/default/test/cli.t b/_build/default/test/cli.t.corrected\n"
        "index 5d0c2e1..a83f9b7 100644\n"
        "--- a/_build/default/test/cli.t\n"
        "+++ b/_build/default/test/cli.t.corrected\n"
        "@@ -4,10 +4,7 @@ Duplicates in the fixture library, one group per paragraph:\n"
        "   fixtures/2024/IMG_0412.CR3\n"
        "   fixtures/import/IMG_0412.CR3\n"
        "   \n"
        "-  fixtures/2024/IMG_0412.xmp\n"
        "-  fixtures/import/IMG_0412.xmp\n"
        "-  \n"
        "   fixtures/2024/IMG_0977.JPG\n"
        "   fixtures/backup/IMG_0977 (1).JPG\n"
        "   fixtures/import/IMG_0977.JPG\n"
        "-  twins: 9 files, 3 duplicate groups (7 files), 1.7 MB read\n"
        "+  twins: 9 files, 2 duplicate groups (5 files), 1.7 MB read\n"
    )


s = Script("You are Codex, a coding agent. cwd: /home/ilse/twins")
s.user(
    "Issue #88: a full run of twins over the photo library on the NAS (412 GB, about 96,000 "
    "files) takes 3 h 10 min. Dupes.find runs Digest.file over every file, even the ones whose "
    "size no other file has. Make it fast on the NAS without changing which groups it reports. "
    "There's a 38 GB sample at ~/nas/photos-sample on the same share to measure with; tests "
    "are `dune test`."
)
s.call(
    "shell",
    "(* Groups of files with the same content, by MD5 (Digest). *)\n\n"
    "let bytes_read = ref 0 (* for --stats *)\n\n" + _OLD_FIND + "---\n"
    "28  type file = { path : string; size : int }\n"
    "29\n"
    "30  (* Every regular file under [root]. Symlinks are not followed, and a second path to "
    "an\n"
    "31     inode already seen (a hard link) is skipped: it is the same file, not a duplicate. "
    "*)\n"
    "32  let files root =\n"
    "33    let seen = Hashtbl.create 4096 in\n"
    "34    let rec walk acc dir =\n"
    "35      Array.fold_left\n"
    "36        (fun acc name ->\n"
    "37          let path = Filename.concat dir name in\n"
    "38          match Unix.lstat path with\n"
    "39          | { Unix.st_kind = S_DIR; _ } -> walk acc path\n"
    "40          | { st_kind = S_REG; st_dev; st_ino; st_size; _ } ->\n"
    "41              if Hashtbl.mem seen (st_dev, st_ino) then acc\n"
    "42              else (\n"
    "43                Hashtbl.add seen (st_dev, st_ino) ();\n"
    "44                { path; size = st_size } :: acc)\n"
    "45          | _ -> acc\n"
    "46          | exception Unix.Unix_error (e, _, _) -> warn path e; acc)\n"
    "47        acc (Sys.readdir dir)\n"
    "---\n"
    "Full test results in `~/twins/_build/default/test/_build/_tests/twins'.\n"
    "Test Successful in 0.018s. 14 tests run.\n",
    command=[
        "bash",
        "-lc",
        f"cat {_DUPES}; echo ---; nl -ba -w2 -s'  ' {_SCAN} | sed -n '28,47p'; "
        "echo ---; dune test 2>&1 | tail -2",
    ],
)
s.call(
    "shell",
    "The OCaml toplevel, version 5.2.0\n"
    "twins: 9214 files, 311 duplicate groups (1204 files), 38.2 GB read\n"
    "1001.37 s  9824 KB\n",
    "Measuring the current version on the sample first, and keeping its groups to compare.",
    command=[
        "bash",
        "-lc",
        f"dune build 2>&1 && ocaml -version && {_TIME} {_SAMPLE} > /tmp/before.txt",
    ],
)
s.say(
    "Reproduced: the sample's 9,214 files are all read whole, 38.2 GB in 1001 s (16m41s), "
    "about 38 MB/s, one file after the other on one core. I'll hash files in parallel: OCaml 5 "
    "domains can run Digest.file on several files at once, so a small work pool in a new "
    "lib/pool.ml (Domain.spawn with an Atomic counter, results in input order) and Pool.map on "
    "8 domains in Dupes.find. Domains need OCaml 5, so dune-project's (ocaml (>= 4.14)) goes "
    "to (>= 5.0); we build with 5.2.0 here."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA {_POOL}\nM {_DUPES}\nM dune-project\n",
    input=f"*** Begin Patch\n*** Add File: {_POOL}\n"
    "+(* Map [f] over [xs] on [domains] domains (OCaml 5); results in the order of [xs]. *)\n"
    "+\n"
    "+let map ~domains f xs =\n"
    "+  let jobs = Array.of_list xs in\n"
    "+  let results = Array.make (Array.length jobs) None in\n"
    "+  let next = Atomic.make 0 in\n"
    "+  let rec work () =\n"
    "+    let i = Atomic.fetch_and_add next 1 in\n"
    "+    if i < Array.length jobs then (\n"
    "+      results.(i) <- Some (f jobs.(i));\n"
    "+      work ())\n"
    "+  in\n"
    "+  let others = List.init (domains - 1) (fun _ -> Domain.spawn work) in\n"
    "+  work ();\n"
    "+  List.iter Domain.join others;\n"
    "+  Array.to_list (Array.map Option.get results)\n"
    f"*** Update File: {_DUPES}\n@@\n"
    " let find (files : Scan.file list) : Scan.file list list =\n"
    "   let by_digest = Hashtbl.create 4096 in\n"
    "+  let digests =\n"
    "+    Pool.map ~domains:8 (fun (f : Scan.file) -> (f, Digest.file f.path)) files\n"
    "+  in\n"
    "   List.iter\n"
    "-    (fun (f : Scan.file) ->\n"
    "-      let d = Digest.file f.path in\n"
    "+    (fun ((f : Scan.file), d) ->\n"
    "       bytes_read := !bytes_read + f.size;\n"
    "       let seen = Option.value ~default:[] (Hashtbl.find_opt by_digest d) in\n"
    "       Hashtbl.replace by_digest d (f :: seen))\n"
    "-    files;\n"
    "+    digests;\n"
    "*** Update File: dune-project\n@@\n"
    "  (depends\n"
    "-  (ocaml (>= 4.14))\n"
    "+  (ocaml (>= 5.0))\n"
    "   (cmdliner (>= 1.1))\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    " M dune-project\n M lib/dupes.ml\n M twins.opam\n?? lib/pool.ml\n"
    "twins: 9214 files, 311 duplicate groups (1204 files), 38.2 GB read\n"
    "598.12 s  41236 KB\n"
    "same groups\n",
    command=[
        "bash",
        "-lc",
        f"dune build 2>&1 && git status --short && {_TIME} {_SAMPLE} > /tmp/domains.txt && "
        "diff -q /tmp/before.txt /tmp/domains.txt && echo same groups",
    ],
)
s.say(
    "On 8 domains the sample takes 598 s instead of 1001 s, about 1.7x, with the same 311 "
    "groups. It still reads all 38.2 GB, so from here the NAS is the limit, not the CPU. dune "
    "build regenerated twins.opam from dune-project with ocaml >= 5.0."
)
s.user(
    "No, not domains. The NAS is four spinning disks behind SMB: eight readers seeking over "
    "each other is what made the nightly backup time out in October, and you only got 1.7x "
    "anyway. twins also has to keep building on OCaml 4.14, Ubuntu 24.04 ships 4.14.1 and the "
    "PPA package builds with the system compiler, so no version bump. The fix is to not read "
    "what can't be a duplicate. Group by size first, a size only one file has can't have a "
    "duplicate; within a size group, MD5 the first 64 KiB; only the files that still collide "
    "get a full Digest.file. One domain, keep it in dupes.ml, no new module. Delete pool.ml and "
    "put dupes.ml, dune-project and twins.opam back first."
)
s.call(
    "shell",
    "",
    "Deleting pool.ml and checking dupes.ml, dune-project and twins.opam out again.",
    command=[
        "bash",
        "-lc",
        f"rm {_POOL} && git checkout -- {_DUPES} dune-project twins.opam && git status --short",
    ],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_DUPES}\n",
    "Three passes in dupes.ml: group by size (a file whose size is its own is never opened), "
    "then by the MD5 of the first 64 KiB within a size group, then Digest.file only for the "
    "files still colliding; a group of files no bigger than 64 KiB was read whole by the "
    "second pass and needs no third.",
    input=f"*** Begin Patch\n*** Update File: {_DUPES}\n@@\n"
    "-(* Groups of files with the same content, by MD5 (Digest). *)\n"
    "+(* Groups of files with the same content, by MD5 (Digest), reading as little as it can\n"
    "+   (#88): files are grouped by size, a size group by the MD5 of its first 64 KiB, and\n"
    "+   only the files that still collide are hashed whole. *)\n"
    " \n"
    " let bytes_read = ref 0 (* for --stats *)\n"
    " \n"
    "+let prefix_len = 65536 (* 64 KiB *)\n"
    "+\n"
    "+(* The groups of two or more files with the same [key]; a file alone is dropped. *)\n"
    "+let groups key files =\n"
    "+  let tbl = Hashtbl.create 1024 in\n"
    "+  List.iter\n"
    "+    (fun f ->\n"
    "+      let k = key f in\n"
    "+      Hashtbl.replace tbl k (f :: Option.value ~default:[] (Hashtbl.find_opt tbl k)))\n"
    "+    files;\n"
    "+  Hashtbl.fold (fun _ g acc -> match g with _ :: _ :: _ -> g :: acc | _ -> acc) tbl []\n"
    "+\n"
    "+(* Reads up to [Bytes.length buf] bytes; fewer only at the end of the file. *)\n"
    "+let read_upto ic buf =\n"
    "+  let rec go off =\n"
    "+    if off = Bytes.length buf then off\n"
    "+    else\n"
    "+      match In_channel.input ic buf off (Bytes.length buf - off) with\n"
    "+      | 0 -> off\n"
    "+      | n -> go (off + n)\n"
    "+  in\n"
    "+  go 0\n"
    "+\n"
    "+let prefix_digest (f : Scan.file) =\n"
    "+  In_channel.with_open_bin f.path (fun ic ->\n"
    "+      let buf = Bytes.create prefix_len in\n"
    "+      let n = read_upto ic buf in\n"
    "+      bytes_read := !bytes_read + n;\n"
    "+      Digest.bytes buf)\n"
    "+\n"
    "+let full_digest (f : Scan.file) =\n"
    "+  bytes_read := !bytes_read + f.size;\n"
    "+  Digest.file f.path\n"
    "+\n"
    " let find (files : Scan.file list) : Scan.file list list =\n"
    + _minus(_OLD_FIND.split("\n", 1)[1])
    + "+  groups (fun (f : Scan.file) -> f.size) files\n"
    "+  |> List.concat_map (groups prefix_digest)\n"
    "+  |> List.concat_map (fun same_prefix ->\n"
    "+         match same_prefix with\n"
    "+         | (f : Scan.file) :: _ when f.size <= prefix_len -> [ same_prefix ] (* read whole *)\n"
    "+         | _ -> groups full_digest same_prefix)\n"
    "+  |> List.map (List.sort compare)\n"
    "+  |> List.sort compare\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "421888 test/fixtures/2024/IMG_0412.CR3\n"
    "3112 test/fixtures/2024/IMG_0412.xmp\n"
    "184320 test/fixtures/2024/IMG_0977.JPG\n"
    "190012 test/fixtures/2024/IMG_0978.JPG\n"
    "11 test/fixtures/2024/notes.txt\n"
    "184320 test/fixtures/backup/IMG_0977 (1).JPG\n"
    "421888 test/fixtures/import/IMG_0412.CR3\n"
    "3112 test/fixtures/import/IMG_0412.xmp\n"
    "184320 test/fixtures/import/IMG_0977.JPG\n",
    "Fixtures for a cram test: a raw file and its .xmp sidecar copied into import/, a JPEG in "
    "three places, and two files whose sizes no other file has.",
    command=[
        "bash",
        "-lc",
        "mkdir -p test/fixtures/{2024,import,backup} && cd test/fixtures && "
        "head -c 421888 /dev/urandom > 2024/IMG_0412.CR3 && cp 2024/IMG_0412.CR3 import/ && "
        "head -c 3112 /dev/urandom > 2024/IMG_0412.xmp && cp 2024/IMG_0412.xmp import/ && "
        "head -c 184320 /dev/urandom > 2024/IMG_0977.JPG && "
        "cp 2024/IMG_0977.JPG 'backup/IMG_0977 (1).JPG' && cp 2024/IMG_0977.JPG import/ && "
        "head -c 190012 /dev/urandom > 2024/IMG_0978.JPG && printf 'shoot list\\n' > "
        "2024/notes.txt && cd ../.. && find test/fixtures -type f -printf '%s %p\\n' | "
        "sort -k2",
    ],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_TESTS}\nA {_CRAM}\nM test/dune\n",
    "Two alcotest tests (a file whose size is its own is never read; identical files group "
    "across directories) and a cram test of the command over the fixtures.",
    input=f"*** Begin Patch\n*** Update File: {_TESTS}\n@@\n"
    "+let never_opens_a_size_seen_once () =\n"
    "+  with_files [ (\"a\", String.make 70_000 'a'); (\"b\", String.make 70_001 'a') ] "
    "(fun dir ->\n"
    "+      Dupes.bytes_read := 0;\n"
    '+      Alcotest.(check int) "groups" 0 (List.length (Dupes.find (Scan.files dir)));\n'
    '+      Alcotest.(check int) "bytes read" 0 !Dupes.bytes_read)\n'
    "+\n"
    "+let groups_across_directories () =\n"
    "+  let jpg = random_bytes 200_000 in\n"
    '+  with_files [ ("x/p.jpg", jpg); ("y/p.jpg", jpg); ("y/q.jpg", random_bytes 200_000) ]\n'
    "+    (fun dir ->\n"
    '+      Alcotest.(check (list (list string))) "one group"\n'
    '+        [ [ dir // "x/p.jpg"; dir // "y/p.jpg" ] ]\n'
    "+        (paths (Dupes.find (Scan.files dir))))\n"
    "@@\n"
    '     ( "find",\n'
    "       [\n"
    '+        test_case "a size seen once is never opened" `Quick never_opens_a_size_seen_once;\n'
    '+        test_case "identical files group across directories" `Quick '
    "groups_across_directories;\n"
    f"*** Add File: {_CRAM}\n"
    "+Duplicates in the fixture library, one group per paragraph:\n"
    "+\n"
    "+  $ twins --stats fixtures\n"
    "+  fixtures/2024/IMG_0412.CR3\n"
    "+  fixtures/import/IMG_0412.CR3\n"
    "+  \n"
    "+  fixtures/2024/IMG_0412.xmp\n"
    "+  fixtures/import/IMG_0412.xmp\n"
    "+  \n"
    "+  fixtures/2024/IMG_0977.JPG\n"
    "+  fixtures/backup/IMG_0977 (1).JPG\n"
    "+  fixtures/import/IMG_0977.JPG\n"
    "+  twins: 9 files, 3 duplicate groups (7 files), 1.7 MB read\n"
    "*** Update File: test/dune\n@@\n"
    " (test\n"
    "  (name test_dupes)\n"
    "  (libraries twins alcotest))\n"
    "+\n"
    "+(cram\n"
    "+ (deps %{bin:twins} (source_tree fixtures)))\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    _cram_diff(tail=False),
    command=["bash", "-lc", "dune test 2>&1 | tail -32"],
)
s.call(
    "shell",
    "identical\n" + _cram_diff(tail=True) + "identical in _build\n",
    "The two IMG_0412.xmp files are cp copies, so they should make a group, and the other two "
    "groups come out right. dune's shared cache is on (~/.config/dune/config) and the tree has "
    "just gone from pool.ml back to a checked-out dupes.ml, so the cram test may be running a "
    "twins.exe or fixture copies restored from a stale cache. Clearing _build and the cache and "
    "running again.",
    command=[
        "bash",
        "-lc",
        "cmp test/fixtures/2024/IMG_0412.xmp test/fixtures/import/IMG_0412.xmp && echo "
        "identical; dune clean && rm -rf ~/.cache/dune && dune test 2>&1 | tail -16; "
        "cmp _build/default/test/fixtures/2024/IMG_0412.xmp "
        "_build/default/test/fixtures/import/IMG_0412.xmp && echo identical in _build",
    ],
)
s.say(
    "Same diff after a clean build with the cache gone, and the copies under _build are "
    "identical too, so nothing was stale: it is the code. The .xmp files are 3,112 bytes, under "
    "the 64 KiB prefix, and they are the only pair that small. prefix_digest allocates a fresh "
    "Bytes.create 65536 for each file, reads 3,112 bytes into it and hashes all 65,536 with "
    "Digest.bytes; Bytes.create is not zeroed, so past the bytes read each buffer holds "
    "whatever was in that memory before, and two identical small files get different digests. "
    "Files of 64 KiB and more fill the buffer, which is why the alcotest tests pass. The "
    "prefix digest must cover only the bytes read: Digest.subbytes buf 0 n. I'll add an "
    "alcotest test for files under 64 KiB as well."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_DUPES}\nM {_TESTS}\n",
    input=f"*** Begin Patch\n*** Update File: {_DUPES}\n@@\n"
    " let prefix_digest (f : Scan.file) =\n"
    "   In_channel.with_open_bin f.path (fun ic ->\n"
    "       let buf = Bytes.create prefix_len in\n"
    "       let n = read_upto ic buf in\n"
    "       bytes_read := !bytes_read + n;\n"
    "-      Digest.bytes buf)\n"
    "+      (* Bytes.create is not zeroed: past [n] the buffer holds whatever was there *)\n"
    "+      Digest.subbytes buf 0 n)\n"
    f"*** Update File: {_TESTS}\n@@\n"
    "+let small_files_group_by_content () =\n"
    "+  let xmp = random_bytes 3112 in\n"
    '+  with_files [ ("a.xmp", xmp); ("b/a.xmp", xmp); ("c.xmp", random_bytes 3112) ]\n'
    "+    (fun dir ->\n"
    '+      Alcotest.(check (list (list string))) "one group"\n'
    '+        [ [ dir // "a.xmp"; dir // "b/a.xmp" ] ]\n'
    "+        (paths (Dupes.find (Scan.files dir))))\n"
    "@@\n"
    '         test_case "identical files group across directories" `Quick '
    "groups_across_directories;\n"
    '+        test_case "files under 64 KiB group by content" `Quick '
    "small_files_group_by_content;\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "Full test results in `~/twins/_build/default/test/_build/_tests/twins'.\n"
    "Test Successful in 0.024s. 17 tests run.\n"
    "twins: 9214 files, 311 duplicate groups (1204 files), 1.9 GB read\n"
    "112.48 s  10212 KB\n"
    "same groups\n",
    command=[
        "bash",
        "-lc",
        f"dune test 2>&1 | tail -2 && {_TIME} {_SAMPLE} > /tmp/after.txt && "
        "diff /tmp/before.txt /tmp/after.txt && echo same groups",
    ],
)
s.call(
    "shell",
    "[88-read-less 3b7e41d] Read only what can be a duplicate: size, then the first 64 KiB, "
    "then the whole file (#88)\n"
    " 13 files changed, 131 insertions(+), 12 deletions(-)\n"
    " create mode 100644 test/cli.t\n"
    " create mode 100644 test/fixtures/2024/IMG_0412.CR3\n"
    " create mode 100644 test/fixtures/2024/IMG_0412.xmp\n"
    " ...\n"
    "https://github.com/ilsevogt/twins/pull/91\n",
    "All 17 tests and the cram test pass, and the sample now takes 112 s instead of 1001 s: "
    "1.9 GB read instead of 38.2 GB, with the same 311 groups as before. Committing and "
    "opening the PR.",
    command=[
        "bash",
        "-lc",
        "git checkout -b 88-read-less && git add -A && git commit -m 'Read only what can be a "
        "duplicate: size, then the first 64 KiB, then the whole file (#88)' && git push -q -u "
        "origin HEAD && gh pr create --fill",
    ],
)
s.user(
    "Margit reviewed #91:\n"
    "1. hard links: two names of one inode have the same bytes, so they'd come out as a "
    "duplicate group, and `twins --delete` would free nothing while removing a name someone "
    "uses\n"
    "2. why still MD5? xxh3 hashes about ten times faster, and now that we read less it's worth "
    "switching\n"
    "3. `twins watch` (lib/watch.ml) still runs Digest.file on every file it sees change, same "
    "problem\n"
    "4. there's no test for a prefix collision: two files of one size whose first 64 KiB match "
    "and that differ after it, so the full-hash pass is never exercised\n"
    "Mine: 1 is done already, scan.ml skips a second path to an inode it has seen, confirm. 2 "
    "answer her: reading was the cost, not hashing (1.9 GB read instead of 38.2), and Digest "
    "is in the stdlib, I don't want a C stub dependency in the PPA package. 3 is #95, separate "
    "PR. 4 yes, add it."
)
s.call(
    "shell",
    f"{_SCAN}:41:            if Hashtbl.mem seen (st_dev, st_ino) then acc\n",
    command=["bash", "-lc", "git grep -n 'Hashtbl.mem seen' -- lib"],
)
s.call(
    "shell",
    "https://github.com/ilsevogt/twins/pull/91#issuecomment-2533418\n",
    "Answering (1), (2) and (3) on the PR.",
    command=["bash", "-lc", "gh pr comment 91 --body-file /tmp/pr91.md"],
    body="(1) Already in: Scan.files skips a second path to an inode it has seen (scan.ml:41), "
    "so hard links never reach Dupes.find and --delete never sees them as a pair. (2) Reading "
    "was the cost, not hashing: the sample now reads 1.9 GB instead of 38.2 GB and takes 112 s "
    "instead of 1001 s. Digest is in the stdlib, and we'd rather not add a C stub dependency "
    "to the PPA package. (3) twins watch is #95, a separate PR.",
)
s.say(
    "(1) needed no change: scan.ml:41 already skips a second path to an inode it has seen, so "
    "hard links never pair up. (2) and (3) are answered on #91. Next I'll add a prefix "
    "collision test to test/test_dupes.ml: two 200 KiB files whose first 64 KiB match but "
    "which differ in the last byte must not group, while a third identical copy must; then run "
    "dune test and push to #91."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Issue #88: a run of twins over the 412 GB photo library on the NAS takes 3 h 10 "
             "min because Dupes.find runs Digest.file (MD5) over every file, even files whose "
             "size no other file has; make it fast on the NAS without changing which duplicate "
             "groups it reports.",
             must=(("#88", "3 h 10", "slow", "38.2 gb", "every file", "fast", "412 gb"),
                   ("digest.file", "md5", "hash", "duplicate")),
             partial_means="The slowness without what twins reads, or the issue number alone.",
             wrong="Wrong duplicate groups; a crash on the NAS; a memory problem."),
    Question("latest_request", "What did the user last ask?",
             "Margit's review of PR #91 with the user's answers: (1) confirm scan.ml already "
             "skips a second path to a seen inode (hard links); (2) answer her that reading, "
             "not hashing, was the cost (1.9 GB read instead of 38.2) and Digest is in the "
             "stdlib, no C stub dependency; (3) twins watch is #95, a separate PR; (4) add the "
             "prefix collision test (same size, same first 64 KiB, different after it).",
             must=(("64 kib", "full-hash", "full hash", "differ", "prefix collision"),
                   ("#95", "watch", "md5", "xxh", "hard link", "inode")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "margit", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Switching to xxh3; making twins watch read less now.",
             stale_means="The correction (size, prefix, one domain) or the first request "
                         "given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Margit's fourth point: add a prefix collision test to test/test_dupes.ml (two "
             "200 KiB files of one size whose first 64 KiB match and that differ in the last "
             "byte must not group, a third identical copy must), run dune test and push to PR "
             "#91. twins watch (lib/watch.ml) is #95, a separate PR.",
             must=(("64 kib", "first 64", "prefix"),
                   ("differ", "tail", "full-hash", "full hash", "last byte"),
                   ("test_dupes.ml", "push", "dune test")),
             stale=("watch.ml", "twins watch", "pool.ml", "domains", "xxh", "dune clean"),
             partial_means="A test without saying it is the prefix collision test, or only "
                           "the push.",
             wrong="Raising the prefix to 1 MiB; hashing the sample again.",
             stale_means="Says to make twins watch (lib/watch.ml) read less (put off to #95 "
                         "by the user), to switch to xxh3 (answered), to bring the domains "
                         "back, or to clear the dune cache and re-run."),
    Question("files_edited", "Which files were changed, and why?",
             "lib/dupes.ml (three passes: group by size, then by the MD5 of the first 64 KiB "
             "within a size group, then Digest.file only for files still colliding; the "
             "prefix digest over the bytes read with Digest.subbytes); test/test_dupes.ml "
             "(three alcotest tests: a size seen once is never opened, identical files group "
             "across directories, files under 64 KiB group by content); test/cli.t (a new "
             "cram test over the new test/fixtures) with test/dune's cram stanza. lib/pool.ml "
             "was created and deleted; dupes.ml, dune-project and twins.opam were checked out "
             "again before the passes.",
             must=(("dupes.ml",), ("test_dupes.ml",), ("cli.t",)),
             stale=("pool.ml", "dune-project", "twins.opam"),
             spread=True,
             partial_means="One or two of the three files.",
             wrong="lib/scan.ml, bin/main.ml or lib/watch.ml given as edited.",
             stale_means="lib/pool.ml (Pool.map) listed as a current change, or dune-project "
                         "and twins.opam as raised to OCaml 5."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Read only what can be a duplicate, on one domain, inside lib/dupes.ml: group by "
             "size (a size only one file has is never opened), then by the MD5 of the first 64 "
             "KiB within a size group, then a full Digest.file only for files that still "
             "collide; MD5 (the stdlib's Digest) stays. It rules out hashing in parallel on 8 "
             "OCaml 5 domains with Pool.map in a new lib/pool.ml (the NAS is spinning disks "
             "behind SMB, parallel readers thrash them, only 1.7x) and raising dune-project to "
             "OCaml 5.0 (twins must build on 4.14, the PPA package), and xxh3 (a C stub "
             "dependency; reading was the cost).",
             must=(("size", "64 kib", "first 64", "prefix"),
                   ("domains", "parallel", "pool.ml", "pool.map", "ocaml 5", "4.14",
                    "spinning")),
             stale=("domains", "pool.map", "pool.ml", "in parallel"),
             partial_means="The size and prefix passes without what they rule out.",
             wrong="A bigger read buffer; caching digests between runs; xxh3.",
             stale_means="Hashing on 8 OCaml 5 domains with Pool.map (lib/pool.ml) given as "
                         "the design."),
    Question("review", "What did the review find?",
             "Margit on #91: (1) hard links, two names of one inode, would come out as a "
             "duplicate group and --delete would free nothing (already done: scan.ml:41 skips "
             "a second path to a seen inode); (2) why still MD5 and not xxh3 (answered on the "
             "PR: reading was the cost, 1.9 GB instead of 38.2 GB; Digest is in the stdlib, no "
             "C stub dependency); (3) twins watch in lib/watch.ml still runs Digest.file on "
             "every changed file (#95, a separate PR); (4) no prefix collision test, so the "
             "full-hash pass is never exercised (pending).",
             must=(("hard link", "inode"), ("md5", "xxh"), ("watch", "#95"),
                   ("64 kib", "full-hash", "full hash", "differ after", "prefix collision")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "margit", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The failing cram test given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not domains: the NAS is four spinning disks behind SMB, eight readers seeking "
             "over each other made the nightly backup time out, and it was only 1.7x; twins "
             "must keep building on OCaml 4.14 (Ubuntu 24.04's 4.14.1, the PPA package), so no "
             "version bump. Don't read what can't be a duplicate: group by size, MD5 the first "
             "64 KiB within a size group, a full Digest.file only for files that still "
             "collide; one domain, in dupes.ml, no new module; delete pool.ml and restore "
             "dupes.ml, dune-project and twins.opam first.",
             must=(("domains", "parallel", "pool.ml", "4.14", "spinning", "smb", "seek"),
                   ("size", "64 kib", "first 64", "prefix")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No domains without what to do instead, or the reverse.",
             wrong="The stale-cache guess given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The new cram test test/cli.t lost the group of the two identical 3,112-byte "
             "IMG_0412.xmp sidecars (2 duplicate groups instead of 3); dune clean, rm -rf "
             "~/.cache/dune and a re-run did not fix it (the copies under _build were "
             "identical, nothing was stale); prefix_digest hashed the whole 65,536-byte "
             "Bytes.create buffer, which is not zeroed, so a file under 64 KiB was hashed with "
             "leftover memory; fixed by Digest.subbytes buf 0 n, only the bytes read. Earlier, "
             "the slowness itself (every file read whole), fixed by the size and prefix "
             "passes.",
             must=(("xmp", "3,112", "3112", "cli.t", "2 duplicate groups", "under 64 kib",
                    "cram"),
                   ("subbytes", "only the bytes", "zeroed")),
             stale=("fixed by dune clean", "fixed by clearing", "fixed by rm -rf",
                    "fixed by a re-run", "fixed by re-running", "fixed by a clean build",
                    "stale cache"),
             partial_means="The lost .xmp group without its fix, or only the slowness.",
             wrong="An End_of_file exception; a hash collision in MD5.",
             stale_means="The cram test 'fixed' by dune clean, removing ~/.cache/dune and a "
                         "re-run, or put down to a stale cache."),
    Question("key_values", "Which key values matter?",
             "Issue #88, PR #91, #95 (twins watch); the library 412 GB, 3 h 10 min; the "
             "sample's 9,214 files and 311 groups: 38.2 GB read in 1001 s before, 598 s on 8 "
             "domains (rejected), 1.9 GB in 112.48 s now; the 64 KiB prefix; OCaml 4.14 to "
             "stay supported (5.2.0 locally); the 3,112-byte .xmp files; 14 tests before, 17 "
             "after.",
             must=(("#88", "#91", "#95"),
                   ("9,214", "9214", "38.2 gb", "1.9 gb", "1001", "112.48", "112 s", "64 kib",
                    "4.14", "311", "17 tests", "3 h 10")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "lib/dupes.ml finds the groups of files with the same content (Dupes.find, the "
             "bytes_read count for --stats); lib/scan.ml walks the tree (Scan.files: regular "
             "files, no symlinks, a second hard link skipped); bin/main.ml is the command "
             "line; lib/watch.ml is twins watch (#95); test/test_dupes.ml holds the alcotest "
             "tests; test/cli.t is the cram test over test/fixtures.",
             must=(("dupes.ml",),
                   ("scan.ml", "main.ml", "watch.ml", "cli.t", "test_dupes.ml"),
                   ("group", "walks", "cram", "tests", "command line", "duplicate",
                    "hard link", "scan")),
             partial_means="The files named without what they hold.",
             wrong="pool.ml as the hashing pool."),
    Question("pending", "What work is still pending?",
             "The prefix collision test (Margit's 4), dune test and the push to #91; twins "
             "watch later in #95.",
             must=(("64 kib", "full-hash", "full hash", "differ", "prefix collision"),
                   ("#95", "watch")),
             partial_means="The prefix collision test without the twins watch ticket, or the "
                           "reverse.",
             wrong="The hard-link check or the MD5 reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #91 is open and pushed: size, 64 KiB prefix and full-hash passes on one "
             "domain; all 17 tests and the cram test pass; the sample takes 112 s instead of "
             "1001 s with the same 311 groups; Margit's 1 needed no change, 2 and 3 are "
             "answered on the PR; the prefix collision test is not written and nothing is "
             "pushed since.",
             must=(("17 tests", "tests pass", "tests run"),
                   ("not written", "not pushed", "not yet", "prefix collision")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or twins watch reads less.",
             stale_means="Says Dupes.find hashes every file on 8 domains through Pool.map."),
)  # fmt: skip

PRODUCTION = """Summary so far: Issue #88: twins ran Digest.file (MD5) over every file, so the 412 GB NAS library took 3 h 10 min (the 9,214-file sample: 38.2 GB read in 1001 s). I first hashed on 8 OCaml 5 domains (new lib/pool.ml, dune-project raised to OCaml 5); the user ruled it out (spinning NAS disks thrash, twins must build on 4.14), so pool.ml is deleted and dupes.ml, dune-project, twins.opam reverted.
Decision: on one domain in lib/dupes.ml, group by size, then MD5 the first 64 KiB within a size group, then Digest.file only for those still colliding.
Error: the cram test test/cli.t lost the 3,112-byte IMG_0412.xmp pair; dune clean, rm -rf ~/.cache/dune and a re-run did not help; prefix_digest hashed the whole unzeroed Bytes.create buffer; fixed by Digest.subbytes buf 0 n, only the bytes read.
Files: lib/dupes.ml (the three passes), test/test_dupes.ml (3 tests), test/cli.t and test/dune (the cram test).
State: all 17 tests and the cram test pass; the sample takes 112 s (1.9 GB read), same 311 groups; PR #91 open and pushed.
Margit's review: hard links already skipped (scan.ml); MD5 over xxh3 answered on the PR; twins watch is #95, not this PR; the prefix collision test pending, not written.
Next: add a test_dupes.ml test: two same-size files whose first 64 KiB match but differ in the last byte; run dune test, push to #91."""
