"""Held out, twenty-second set: written 2026-12-07, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, Haskell with cabal (GHC 9.6.6, cabal 3.10,
hspec, optparse-applicative): logtally, a log-aggregation CLI, is OOM-killed every
night on logbox-2 (issue #142): `logtally summarize` over the 6.8 GB nginx access log (31.2M
lines) climbs past 9.4 GB RSS on an 8 GB box, and the 2M-line sample peaks at 1,498 MB maximum
residency in 41.8 s and dies with Heap exhausted under +RTS -M512m, because Aggregate.summarize
folds the lines with lazy foldl into a lazy Data.Map of lazy Stats records (thunks); a conduit
pipeline in a new src/LogTally/Stream.hs (conduit added to logtally.cabal, twelve new packages,
app/Main.hs calling Stream.summarizeFile) written, 1,146 MB, then ruled out by the user (logtally
ships in Debian and the Debian Haskell team would carry every new package; the input was already
read lazily in 32 KB chunks, the leak is the accumulator) for a strict accumulator where it is:
foldl', Data.Map.Strict and Data.IntMap.Strict, strict fields on Stats and Report, BangPatterns
on step, no new module or dependency; Stream.hs deleted and logtally.cabal, app/Main.hs and
Aggregate.hs checked out again; the strict build still died with Heap exhausted under -M512m,
which rm -rf dist-newstyle and a full rebuild (the suspected stale objects of the conduit build)
did not fix, and a -hT heap profile (ARR_WORDS 471 MB) led to the real fix in Parse.hs: each
client key was a slice of its line and so of a 32 KB chunk of the file, kept alive by the
clients Map; BS.copy of the client and a ParseSpec test; 41 MB, 14.7 s, same report; PR #147
reviewed by Jonas with four points: one already done (stHist is a strict IntMap field), one
answered on the PR (why not Control.Foldl), one a ticket (logtally tail --follow's window in
src/LogTally/Follow.hs, #151), one pending (a memory test-suite: 500,000 generated lines under
-with-rtsopts=-M64m); the assistant's last words announce the Follow.hs window the user put off
to #151."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_AGG = "src/LogTally/Aggregate.hs"
_PARSE = "src/LogTally/Parse.hs"
_STREAM = "src/LogTally/Stream.hs"
_MAIN = "app/Main.hs"
_CABAL = "logtally.cabal"
_PSPEC = "test/LogTally/ParseSpec.hs"
_SAMPLE = "~/logs/access-2M.log"
_RUN = f'"$(cabal list-bin logtally)" summarize {_SAMPLE}'
_EXE = (
    "/home/priya/src/logtally/dist-newstyle/build/x86_64-linux/ghc-9.6.6/logtally-0.4.1/x/"
    "logtally/build/logtally/logtally"
)

_OLD_AGG = """module LogTally.Aggregate
  ( Stats (..)
  , Report (..)
  , summarize
  ) where

import qualified Data.ByteString.Char8 as BS
import qualified Data.ByteString.Lazy.Char8 as BL
import qualified Data.IntMap as IM
import qualified Data.Map as M

import LogTally.Parse (Entry (..), parseLine)

-- | Totals for one (normalised) path.
data Stats = Stats
  { stCount  :: Int
  , stBytes  :: Int
  , stErrors :: Int            -- ^ responses with status >= 500
  , stHist   :: IM.IntMap Int  -- ^ latency histogram, 10 ms buckets (p50, p95)
  }

data Report = Report
  { rpLines   :: Int
  , rpBad     :: Int                        -- ^ lines parseLine rejected
  , rpPaths   :: M.Map BS.ByteString Stats
  , rpClients :: M.Map BS.ByteString Int    -- ^ requests per client, for --top-clients
  }

emptyReport :: Report
emptyReport = Report 0 0 M.empty M.empty

summarize :: BL.ByteString -> Report
summarize = foldl step emptyReport . map BL.toStrict . BL.lines

step :: Report -> BS.ByteString -> Report
step r line = case parseLine line of
  Nothing -> r { rpLines = rpLines r + 1, rpBad = rpBad r + 1 }
  Just e ->
    r { rpLines   = rpLines r + 1
      , rpPaths   = M.insertWith merge (entPath e) (single e) (rpPaths r)
      , rpClients = M.insertWith (+) (entClient e) 1 (rpClients r)
      }

single :: Entry -> Stats
single e = Stats 1 (entBytes e) (if entStatus e >= 500 then 1 else 0)
                 (IM.singleton (entMillis e `div` 10) 1)

merge :: Stats -> Stats -> Stats
merge a b = Stats (stCount a + stCount b) (stBytes a + stBytes b)
                  (stErrors a + stErrors b) (IM.unionWith (+) (stHist a) (stHist b))
"""

_CABAL_TXT = """cabal-version:      3.0
name:               logtally
version:            0.4.1
synopsis:           Summarise nginx access logs: per-path counts, bytes, 5xx, p50/p95
license:            BSD-3-Clause

common shared
    default-language: Haskell2010
    ghc-options:      -Wall -O2
    build-depends:    base >=4.17 && <4.20,
                      bytestring >=0.11 && <0.13,
                      containers >=0.6 && <0.8

library
    import:           shared
    hs-source-dirs:   src
    exposed-modules:  LogTally.Aggregate
                      LogTally.Follow
                      LogTally.Parse
                      LogTally.Report

executable logtally
    import:           shared
    hs-source-dirs:   app
    main-is:          Main.hs
    ghc-options:      -threaded -rtsopts
    build-depends:    logtally, optparse-applicative >=0.17 && <0.19

test-suite spec
    import:           shared
    type:             exitcode-stdio-1.0
    hs-source-dirs:   test
    main-is:          Spec.hs
    build-tool-depends: hspec-discover:hspec-discover
    build-depends:    logtally, hspec >=2.10 && <2.12
"""

_HEAP = (
    "logtally: Heap exhausted;\n"
    "logtally: Current maximum heap size is 536870912 bytes (512 MB).\n"
    "logtally: Use `+RTS -M<size>' to increase it.\n"
    "exit 251\n"
)


def _build(first: int, modules: int, why: str) -> str:
    """cabal build's output for the library and the executable."""
    names = ["LogTally.Parse", "LogTally.Aggregate", "LogTally.Follow", "LogTally.Report"]
    if modules == 5:
        names.insert(2, "LogTally.Stream")
    lines = "".join(
        f"[{i} of {modules}] Compiling {n:<19}( src/{n.replace('.', '/')}.hs, "
        f"dist-newstyle/build/x86_64-linux/ghc-9.6.6/logtally-0.4.1/build/"
        f"{n.replace('.', '/')}.o )\n"
        for i, n in enumerate(names, 1)
        if i >= first
    )
    exe_why = "first run" if why == "first run" else "dependency rebuilt"
    return (
        "Build profile: -w ghc-9.6.6 -O1\n"
        "In order, the following will be built (use -v for more details):\n"
        f" - logtally-0.4.1 (lib) ({why})\n"
        f" - logtally-0.4.1 (exe:logtally) ({exe_why})\n"
        "Preprocessing library for logtally-0.4.1..\n"
        "Building library for logtally-0.4.1..\n"
        + lines
        + "Preprocessing executable 'logtally' for logtally-0.4.1..\n"
        "Building executable 'logtally' for logtally-0.4.1..\n"
        "[1 of 2] Compiling Main             ( app/Main.hs, ... )\n"
        f"Linking {_EXE} ...\n"
    )


s = Script("You are Codex, a coding agent. cwd: /home/priya/src/logtally")
s.user(
    "Issue #142: the nightly `logtally summarize /var/log/nginx/access.log.1` on logbox-2 got "
    "OOM-killed again. That file is 6.8 GB, 31.2M lines, and logtally's RSS climbs past 9.4 GB "
    "before the kernel kills it; the box has 8 GB. It has to run in bounded memory and print "
    "the same report. There's a 2M-line sample at ~/logs/access-2M.log; it should run under "
    "+RTS -M512m. Tests are `cabal test`."
)
s.call(
    "shell",
    _OLD_AGG + "---\n" + _CABAL_TXT + "---\nFinished in 0.0398 seconds\n38 examples, 0 failures\n",
    command=[
        "bash",
        "-lc",
        f"cat {_AGG}; echo ---; cat {_CABAL}; echo ---; cabal test -v0 2>&1 | tail -2",
    ],
)
s.call(
    "shell",
    "The Glorious Glasgow Haskell Compilation System, version 9.6.6\n"
    "cabal-install version 3.10.3.0\n"
    "2000000 /home/priya/logs/access-2M.log\n"
    "438M\t/home/priya/logs/access-2M.log\n"
    "  14,212,480,112 bytes allocated in the heap\n"
    "   9,871,204,736 bytes copied during GC\n"
    "   1,498,311,872 bytes maximum residency (14 sample(s))\n"
    "            3214 MiB total memory in use (0 MB lost due to fragmentation)\n"
    "  GC      time   29.388s  ( 29.571s elapsed)\n"
    "  Total   time   41.497s  ( 41.809s elapsed)\n"
    "  %GC     time      70.8%  (70.7% elapsed)\n"
    "lines 2000000  unparsed 1873  paths 412  clients 183412\n"
    "---\n" + _HEAP,
    "Measuring the current build on the sample first, and keeping its report to compare.",
    command=[
        "bash",
        "-lc",
        f"ghc --version && cabal --version | head -1 && wc -l {_SAMPLE} && du -h {_SAMPLE} && "
        f"cabal build -v0 && {_RUN} +RTS -s -RTS > /tmp/before.txt 2> /tmp/before.s; "
        "grep -E 'allocated|copied|residency|in use|GC  |Total|%GC' /tmp/before.s; "
        f"head -1 /tmp/before.txt; echo ---; {_RUN} +RTS -M512m -RTS > /dev/null; "
        "echo exit $?",
    ],
)
s.say(
    "Reproduced: the 2M-line sample (438 MB) peaks at 1,498 MB maximum residency, 3,214 MiB in "
    "use, 41.8 s with 71% of it in GC, and under -M512m it dies with Heap exhausted (exit 251). "
    "summarize reads the whole file as one lazy ByteString and folds it with lazy foldl, so "
    "nothing is consumed until the end. I'll stream it instead: a new src/LogTally/Stream.hs "
    "with a conduit pipeline (sourceFile, linesUnboundedAsciiC, foldlC over the existing step), "
    "conduit in the library's build-depends, and app/Main.hs calling Stream.summarizeFile for "
    "summarize."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA {_STREAM}\nM {_AGG}\nM {_CABAL}\nM {_MAIN}\n",
    input=f"*** Begin Patch\n*** Add File: {_STREAM}\n"
    "+-- | Summarise a log file as a stream (#142): the file is read in chunks and folded line\n"
    "+-- by line, so the input is never held whole.\n"
    "+module LogTally.Stream (summarizeFile) where\n"
    "+\n"
    "+import Conduit (foldlC, linesUnboundedAsciiC, runConduitRes, sourceFile, (.|))\n"
    "+\n"
    "+import LogTally.Aggregate (Report, emptyReport, step)\n"
    "+\n"
    "+summarizeFile :: FilePath -> IO Report\n"
    "+summarizeFile path =\n"
    "+  runConduitRes $ sourceFile path .| linesUnboundedAsciiC .| foldlC step emptyReport\n"
    f"*** Update File: {_AGG}\n@@\n"
    "   ( Stats (..)\n"
    "   , Report (..)\n"
    "+  , emptyReport\n"
    "+  , step\n"
    "   , summarize\n"
    f"*** Update File: {_CABAL}\n@@\n"
    "     exposed-modules:  LogTally.Aggregate\n"
    "                       LogTally.Follow\n"
    "                       LogTally.Parse\n"
    "                       LogTally.Report\n"
    "+                      LogTally.Stream\n"
    "+    build-depends:    conduit >=1.3 && <1.4\n"
    f"*** Update File: {_MAIN}\n@@\n"
    "-import LogTally.Aggregate (summarize)\n"
    "+import LogTally.Stream (summarizeFile)\n"
    "@@\n"
    " runSummarize :: SummarizeOpts -> IO ()\n"
    " runSummarize o = do\n"
    "-  report <- summarize <$> BL.readFile (soFile o)\n"
    "+  report <- summarizeFile (soFile o)\n"
    "   BS.putStr (render (soTop o) report)\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "Resolving dependencies...\n"
    "Build profile: -w ghc-9.6.6 -O1\n"
    "In order, the following will be built (use -v for more details):\n"
    " - hashable-1.4.4.0 (lib) (requires download & build)\n"
    " - primitive-0.9.0.0 (lib) (requires download & build)\n"
    " - split-0.2.5 (lib) (requires download & build)\n"
    " - unliftio-core-0.2.1.0 (lib) (requires download & build)\n"
    " - resourcet-1.3.0 (lib) (requires download & build)\n"
    " - unordered-containers-0.2.20 (lib) (requires download & build)\n"
    " - vector-stream-0.1.0.1 (lib) (requires download & build)\n"
    " - vector-0.13.1.0 (lib) (requires download & build)\n"
    " - bitvec-1.1.5.0 (lib) (requires download & build)\n"
    " - vector-algorithms-0.9.0.2 (lib) (requires download & build)\n"
    " - mono-traversable-1.0.17.0 (lib) (requires download & build)\n"
    " - conduit-1.3.5 (lib) (requires download & build)\n"
    " - logtally-0.4.1 (lib) (configuration changed)\n"
    " - logtally-0.4.1 (exe:logtally) (configuration changed)\n"
    "...\n"
    "Linking " + _EXE + " ...\n"
    "   1,146,204,160 bytes maximum residency (12 sample(s))\n"
    "            2406 MiB total memory in use (0 MB lost due to fragmentation)\n"
    "  Total   time   29.482s  ( 29.614s elapsed)\n"
    "same report\n",
    command=[
        "bash",
        "-lc",
        f"cabal build 2>&1 | grep -vE '^(Downloading|Downloaded|Starting|Building|Installing|"
        f"Completed|Configuring)' && {_RUN} +RTS -s -RTS > /tmp/stream.txt 2> /tmp/stream.s; "
        "grep -E 'residency|in use|Total' /tmp/stream.s; diff /tmp/before.txt /tmp/stream.txt "
        "&& echo same report",
    ],
)
s.say(
    "With the conduit pipeline the sample peaks at 1,146 MB instead of 1,498 MB and takes "
    "29.6 s instead of 41.8 s, with the same report; the lines are no longer all held until "
    "the end. It is still over 512 MB, so the Stats in the Map must be evaluated as they go as "
    "well: I'll make the fold in Stream.hs force each Stats."
)
s.user(
    "No conduit. logtally ships in Debian (bookworm-backports) and the Debian Haskell team "
    "builds it against Debian's own packages: that build just pulled in twelve new ones, "
    "vector, mono-traversable, resourcet and the rest, and each is one they'd have to carry, "
    "for a CLI. And the input was never the problem, BL.readFile already reads it lazily in "
    "32 KB chunks. The leak is the accumulator: lazy foldl into a lazy Map of lazy Stats, and "
    "1,146 MB still doesn't fit in 512. Fix it where it is, in Aggregate.hs: foldl', "
    "Data.Map.Strict, bangs on the Stats and Report fields, BangPatterns on step. No new "
    "module, no new dependency. Delete Stream.hs and put logtally.cabal, app/Main.hs and "
    "Aggregate.hs back first."
)
s.call(
    "shell",
    "",
    "Deleting Stream.hs and checking logtally.cabal, app/Main.hs and Aggregate.hs out again.",
    command=[
        "bash",
        "-lc",
        f"rm {_STREAM} && git checkout -- {_CABAL} {_MAIN} {_AGG} && git status --short",
    ],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_AGG}\n",
    "The strict accumulator in Aggregate.hs: foldl' from Data.List, the strict Map and IntMap "
    "(insertWith and unionWith evaluate the value they store), strict fields on Stats and "
    "Report, and a banged step, so each line's counts are added as it is read.",
    input=f"*** Begin Patch\n*** Update File: {_AGG}\n@@\n"
    "+{-# LANGUAGE BangPatterns #-}\n"
    "+-- | The report, folded line by line in constant space per key (#142): every field is\n"
    "+-- strict and the maps are the strict ones, so no count is left as a thunk.\n"
    " module LogTally.Aggregate\n"
    "@@\n"
    " import qualified Data.ByteString.Char8 as BS\n"
    " import qualified Data.ByteString.Lazy.Char8 as BL\n"
    "-import qualified Data.IntMap as IM\n"
    "-import qualified Data.Map as M\n"
    "+import qualified Data.IntMap.Strict as IM\n"
    "+import Data.List (foldl')\n"
    "+import qualified Data.Map.Strict as M\n"
    "@@\n"
    " data Stats = Stats\n"
    "-  { stCount  :: Int\n"
    "-  , stBytes  :: Int\n"
    "-  , stErrors :: Int            -- ^ responses with status >= 500\n"
    "-  , stHist   :: IM.IntMap Int  -- ^ latency histogram, 10 ms buckets (p50, p95)\n"
    "+  { stCount  :: !Int\n"
    "+  , stBytes  :: !Int\n"
    "+  , stErrors :: !Int              -- ^ responses with status >= 500\n"
    "+  , stHist   :: !(IM.IntMap Int)  -- ^ latency histogram, 10 ms buckets (p50, p95)\n"
    "   }\n"
    " \n"
    " data Report = Report\n"
    "-  { rpLines   :: Int\n"
    "-  , rpBad     :: Int                        -- ^ lines parseLine rejected\n"
    "-  , rpPaths   :: M.Map BS.ByteString Stats\n"
    "-  , rpClients :: M.Map BS.ByteString Int    -- ^ requests per client, for --top-clients\n"
    "+  { rpLines   :: !Int\n"
    "+  , rpBad     :: !Int                          -- ^ lines parseLine rejected\n"
    "+  , rpPaths   :: !(M.Map BS.ByteString Stats)\n"
    "+  , rpClients :: !(M.Map BS.ByteString Int)    -- ^ requests per client, for "
    "--top-clients\n"
    "   }\n"
    "@@\n"
    " summarize :: BL.ByteString -> Report\n"
    "-summarize = foldl step emptyReport . map BL.toStrict . BL.lines\n"
    "+summarize = foldl' step emptyReport . map BL.toStrict . BL.lines\n"
    " \n"
    " step :: Report -> BS.ByteString -> Report\n"
    "-step r line = case parseLine line of\n"
    "+step !r line = case parseLine line of\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    _build(2, 4, "file src/LogTally/Aggregate.hs changed") + "Finished in 0.0402 seconds\n"
    "38 examples, 0 failures\n"
    "---\n" + _HEAP,
    command=[
        "bash",
        "-lc",
        f"cabal build 2>&1 && cabal test -v0 2>&1 | tail -2; echo ---; "
        f"{_RUN} +RTS -M512m -RTS > /tmp/strict.txt; echo exit $?",
    ],
)
s.call(
    "shell",
    "Resolving dependencies...\n" + _build(1, 4, "first run") + _HEAP,
    "Same Heap exhausted at the same 512 MB as the lazy build, word for word, even though every "
    "Stats and Report field is strict now. git checkout has just put logtally.cabal and "
    "Aggregate.hs back over the conduit build, and dist-newstyle still holds that build's "
    "objects and its plan with conduit in it, so `cabal list-bin` may be handing me a stale "
    "build. Clearing dist-newstyle (a cabal clean) and building everything from scratch before "
    "measuring again.",
    command=[
        "bash",
        "-lc",
        f"rm -rf dist-newstyle && cabal build 2>&1 | grep -v '^Warning' && "
        f"{_RUN} +RTS -M512m -RTS > /tmp/strict.txt; echo exit $?",
    ],
)
s.say(
    "Not stale objects: a build from nothing, every module compiled and the executable linked "
    "again, fails the same way. So something other than thunks still holds the memory. "
    "A heap profile by closure type (-hT needs no profiling build, and the executable has "
    "-rtsopts) will say what it is; running without the limit so the profile covers the "
    "whole run."
)
s.call(
    "shell",
    "     490,612,736 bytes maximum residency (11 sample(s))\n"
    "            1031 MiB total memory in use (0 MB lost due to fragmentation)\n"
    "  Total   time   21.903s  ( 22.117s elapsed)\n"
    "---\n"
    "ARR_WORDS\t471355392\n"
    "containers-0.6.7:Data.Map.Internal.Bin\t8823552\n"
    "bytestring-0.11.5.3:Data.ByteString.Internal.Type.BS\t5882368\n"
    "ghc-prim:GHC.Types.I#\t2934592\n"
    "logtally-0.4.1-inplace:LogTally.Aggregate.Stats\t16480\n",
    command=[
        "bash",
        "-lc",
        f"{_RUN} +RTS -s -hT -i1 -RTS > /tmp/strict.txt 2> /tmp/strict.s; "
        "grep -E 'residency|in use|Total' /tmp/strict.s; echo ---; "
        "sed -n '/BEGIN_SAMPLE 19.01/,/END_SAMPLE 19.01/p' logtally.hp | grep -v SAMPLE "
        "| sort -t$'\\t' -k2 -rn | head -5",
    ],
)
s.say(
    "The strict fold did its part: 490 MB maximum residency instead of 1,498 MB, and the "
    "thunks are gone from the profile. What is left is ARR_WORDS, 471 MB of it: bytestring "
    "payloads, about the size of the 438 MB file. The Map has 183,412 client keys, and each "
    "key is a slice of its line: BL.lines gives slices of the lazy ByteString's 32 KB chunks, "
    "BL.toStrict of a line that sits in one chunk returns that chunk's slice without copying, "
    "and parseLine's client is a BS.break of the line. So every key keeps its whole 32 KB "
    "chunk alive, and with 183,412 distinct clients spread over the file that is nearly every "
    "chunk. The lazy build hid this behind its thunks. The key must be a copy; Parse.hs parses "
    "each line into an Entry, so the copy goes there."
)
s.call(
    "shell",
    "30  parseLine :: BS.ByteString -> Maybe Entry\n"
    "31  parseLine line = do\n"
    "32    let (client, rest) = BS.break (== ' ') line\n"
    "33    (_, rest1) <- bracketed '[' ']' rest          -- the timestamp\n"
    "34    (req, rest2) <- bracketed '\"' '\"' rest1\n"
    "35    [_method, path, _proto] <- pure (BS.words req)\n"
    "36    [st, by, secs] <- pure (take 3 (BS.words rest2))\n"
    "37    status <- readInt st\n"
    "38    bytes <- readInt by\n"
    "39    millis <- readMillis secs\n"
    "40    pure Entry\n"
    "41      { entClient = client\n"
    "42      , entPath = normalisePath path\n"
    "43      , entStatus = status\n"
    "44      , entBytes = bytes\n"
    "45      , entMillis = millis\n"
    "46      }\n"
    "---\n"
    f"{_PARSE}:52:normalisePath = BS.intercalate \"/\" . map idSegment . BS.split '/'\n",
    command=[
        "bash",
        "-lc",
        f"nl -ba -w2 -s'  ' {_PARSE} | sed -n '30,46p'; echo ---; "
        f"git grep -n '^normalisePath =' -- {_PARSE}",
    ],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_PARSE}\nM {_PSPEC}\n",
    "normalisePath rebuilds every path with BS.intercalate, so the path keys are already "
    "fresh; only the client is a slice. Copying it in parseLine, with a spec that the client "
    "does not share the line's buffer.",
    input=f"*** Begin Patch\n*** Update File: {_PARSE}\n@@\n"
    "     pure Entry\n"
    "-      { entClient = client\n"
    "+      { entClient = BS.copy client\n"
    "+        -- a copy: a slice would keep the line's whole 32 KB chunk of the file alive as a\n"
    "+        -- key of the clients Map (#142)\n"
    "       , entPath = normalisePath path\n"
    f"*** Update File: {_PSPEC}\n@@\n"
    " import qualified Data.ByteString.Char8 as BS\n"
    "+import qualified Data.ByteString.Internal as BI\n"
    "@@\n"
    '   it "normalises numeric path segments to :id" $\n'
    '     entPath <$> parseLine sample `shouldBe` Just "/api/v2/orders/:id"\n'
    "+\n"
    '+  it "copies the client out of the line, so a key holds no chunk of the file (#142)" $ '
    "do\n"
    "+    let BI.BS lineBuf _ = sample\n"
    "+        sharesLine e = let BI.BS keyBuf _ = entClient e in keyBuf == lineBuf\n"
    "+    sharesLine <$> parseLine sample `shouldBe` Just False\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "Finished in 0.0409 seconds\n"
    "39 examples, 0 failures\n"
    "---\n"
    "exit 0\n"
    "      41,203,528 bytes maximum residency (9 sample(s))\n"
    "              98 MiB total memory in use (0 MB lost due to fragmentation)\n"
    "  Total   time   14.712s  ( 14.803s elapsed)\n"
    "same report\n",
    command=[
        "bash",
        "-lc",
        f"cabal build -v0 && cabal test -v0 2>&1 | tail -2; echo ---; "
        f"{_RUN} +RTS -M512m -RTS > /dev/null; echo exit $?; "
        f"{_RUN} +RTS -s -RTS > /tmp/after.txt 2> /tmp/after.s; "
        "grep -E 'residency|in use|Total' /tmp/after.s; diff /tmp/before.txt /tmp/after.txt && "
        "echo same report",
    ],
)
s.call(
    "shell",
    "[142-strict-aggregate a3f9c1e] Summarize in bounded memory: strict fold, strict maps, "
    "copied client keys (#142)\n"
    " 3 files changed, 24 insertions(+), 14 deletions(-)\n"
    "https://github.com/priyak/logtally/pull/147\n",
    "All 39 examples pass, and the sample runs under -M512m now: 41 MB maximum residency "
    "instead of 1,498 MB, 14.7 s instead of 41.8 s, and the same report as before. Committing "
    "and opening the PR.",
    command=[
        "bash",
        "-lc",
        "git checkout -b 142-strict-aggregate && git add -A && git commit -q -m 'Summarize in "
        "bounded memory: strict fold, strict maps, copied client keys (#142)' && git log "
        "--oneline -1 --stat | tail -1 && git push -q -u origin HEAD && gh pr create --fill",
    ],
)
s.user(
    "Jonas reviewed #147:\n"
    "1. Data.Map.Strict only evaluates a Stats to WHNF; if stHist is still a lazy IntMap its "
    "counts are thunks again, one level down\n"
    "2. why hand-roll the fold? Control.Foldl (the foldl package) gives composable strict "
    "folds, and we'll want more columns per path\n"
    "3. `logtally tail --follow` (src/LogTally/Follow.hs) keeps its 5-minute window in a lazy "
    "Map too, so a long follow leaks the same way\n"
    "4. nothing stops this coming back: there should be a test that runs summarize over a few "
    "hundred thousand generated lines under a heap limit\n"
    "Mine: 1 I think is done already, check and tell him. 2 answer him: it's one more package "
    "for the Debian team to carry, for one fold. 3 is #151, separate PR. 4 yes, in this PR: a "
    "memory test-suite, 500,000 generated lines, -with-rtsopts=-M64m. FYI I ran the branch on "
    "logbox-2 over last night's access.log.1: 31.2M lines in 4 min 51 s, 212 MB max RSS."
)
s.call(
    "shell",
    f"{_AGG}:12:import qualified Data.IntMap.Strict as IM\n"
    f"{_AGG}:23:  , stHist   :: !(IM.IntMap Int)  -- ^ latency histogram, 10 ms buckets "
    "(p50, p95)\n"
    f"{_AGG}:54:                  (stErrors a + stErrors b) (IM.unionWith (+) (stHist a) "
    "(stHist b))\n",
    command=["bash", "-lc", f"git grep -n 'IntMap\\|stHist b' -- {_AGG}"],
)
s.call(
    "shell",
    "https://github.com/priyak/logtally/pull/147#issuecomment-2541907\n",
    "Answering (1), (2) and (3) on the PR.",
    command=["bash", "-lc", "gh pr comment 147 --body-file /tmp/pr147.md"],
    body="(1) Already in: stHist is a strict field, !(IM.IntMap Int), and IM is "
    "Data.IntMap.Strict, so unionWith (+) evaluates every bucket as it merges "
    "(Aggregate.hs:12, :23, :54). (2) It is one foldl' over the lines; Control.Foldl would be "
    "one more package for the Debian Haskell team to carry for that, the reason we dropped "
    "conduit. (3) logtally tail --follow's window is #151, a separate PR. On logbox-2 the "
    "31.2M-line file now takes 4 min 51 s at 212 MB max RSS.",
)
s.say(
    "(1) needed no change: stHist is a strict !(IM.IntMap Int) field and IM is "
    "Data.IntMap.Strict, so its buckets are evaluated on every merge. (2) and (3) are answered "
    "on #147. Next I'll give the rolling window in src/LogTally/Follow.hs the same strict "
    "Stats and Data.Map.Strict, run cabal test, then push to #147."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Issue #142: the nightly logtally summarize over logbox-2's 6.8 GB nginx access "
             "log (31.2M lines) climbs past 9.4 GB RSS and is OOM-killed (the box has 8 GB), "
             "because Aggregate.summarize folds with lazy foldl into a lazy Data.Map of lazy "
             "Stats (thunks); make it run in bounded memory, the 2M-line sample under +RTS "
             "-M512m, with the same report.",
             must=(("#142", "9.4 gb", "oom", "memory", "6.8 gb", "space leak", "residency"),
                   ("summarize", "aggregate", "foldl", "thunk", "lazy", "logtally")),
             partial_means="The OOM kill without what logtally is doing, or the issue number "
                           "alone.",
             wrong="A slow report; a wrong count; a crash on an unparsable line."),
    Question("latest_request", "What did the user last ask?",
             "Jonas's review of PR #147 with the user's answers: (1) check that stHist is "
             "already strict and tell him; (2) answer him: Control.Foldl is one more package "
             "for the Debian team to carry, for one fold; (3) logtally tail --follow "
             "(Follow.hs) is #151, a separate PR; (4) add, in this PR, a memory test-suite: "
             "500,000 generated lines under -with-rtsopts=-M64m.",
             must=(("heap limit", "-m64m", "memory test", "regression test", "500,000"),
                   ("#151", "follow", "control.foldl", "foldl package", "sthist", "intmap")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "jonas", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Moving to Control.Foldl; fixing tail --follow now.",
             stale_means="The no-conduit correction or the #142 report given as the latest "
                         "request."),
    Question("next_step", "What exactly is the next step?",
             "Jonas's fourth point: a memory test-suite in logtally.cabal that runs summarize "
             "over 500,000 generated lines under -with-rtsopts=-M64m, then cabal test and a "
             "push to PR #147. Follow.hs's window (logtally tail --follow) is #151, a separate "
             "PR; stHist was already strict.",
             must=(("memory test", "heap limit", "-m64m", "memory regression",
                    "regression test"),
                   ("500,000", "generated lines", "test-suite"),
                   ("cabal test", "push")),
             stale=("follow.hs", "tail --follow", "stream.hs", "conduit", "control.foldl",
                    "rm -rf dist-newstyle", "cabal clean"),
             partial_means="A test without saying it runs under a heap limit, or only the "
                           "push.",
             wrong="Profiling the 6.8 GB file again; raising -M.",
             stale_means="Says to give the Follow.hs window (logtally tail --follow) strict "
                         "Stats and Data.Map.Strict (put off to #151 by the user), to use "
                         "Control.Foldl (answered), to bring back the conduit Stream.hs, or to "
                         "clear dist-newstyle and re-run."),
    Question("files_edited", "Which files were changed, and why?",
             "src/LogTally/Aggregate.hs (foldl', Data.Map.Strict and Data.IntMap.Strict, "
             "strict fields on Stats and Report, BangPatterns and a banged step); "
             "src/LogTally/Parse.hs (parseLine copies the client with BS.copy, so a key no "
             "longer holds its line's 32 KB chunk); test/LogTally/ParseSpec.hs (a spec that "
             "the client does not share the line's buffer). src/LogTally/Stream.hs was "
             "created and deleted; logtally.cabal, app/Main.hs and Aggregate.hs were checked "
             "out again before the strict fold.",
             must=(("aggregate.hs",), ("parse.hs",), ("parsespec",)),
             stale=("stream.hs",),
             spread=True,
             partial_means="One or two of the three files.",
             wrong="Follow.hs, Report.hs or app/Main.hs given as edited.",
             stale_means="src/LogTally/Stream.hs (the conduit pipeline) listed as a current "
                         "change, or conduit as added to logtally.cabal."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Fix the accumulator where it is, in Aggregate.hs: foldl', Data.Map.Strict and "
             "Data.IntMap.Strict, strict fields on Stats and Report, BangPatterns on step; no "
             "new module, no new dependency; and copy the client key (BS.copy) in Parse.hs. It "
             "rules out streaming the file through a conduit pipeline in a new "
             "src/LogTally/Stream.hs (twelve new packages for Debian's Haskell team to carry, "
             "the input was already read lazily, still 1,146 MB) and Control.Foldl.",
             must=(("data.map.strict", "strict fields", "bangpatterns", "bang patterns",
                    "strict map", "strict accumulator"),
                   ("conduit", "stream.hs", "new dependency", "debian")),
             stale=("stream.hs", "foldlc", "conduit pipeline"),
             partial_means="The strict fold without what it rules out.",
             wrong="A bigger -M; reading the file with mmap; splitting the file.",
             stale_means="The conduit pipeline in src/LogTally/Stream.hs (sourceFile, "
                         "linesUnboundedAsciiC, foldlC) given as the design."),
    Question("review", "What did the review find?",
             "Jonas on #147: (1) Data.Map.Strict only evaluates a Stats to WHNF, a lazy "
             "stHist IntMap would keep thunks (already done: stHist is !(IM.IntMap Int) from "
             "Data.IntMap.Strict); (2) why not Control.Foldl's composable strict folds "
             "(answered on the PR: one more package for Debian, for one foldl'); (3) logtally "
             "tail --follow keeps its 5-minute window in a lazy Map in Follow.hs (#151, a "
             "separate PR); (4) nothing stops the leak coming back, a test under a heap limit "
             "(pending: a memory test-suite, 500,000 lines, -M64m).",
             must=(("sthist", "whnf", "intmap"), ("control.foldl", "foldl package",
                                                  "composable"),
                   ("follow", "#151"),
                   ("heap limit", "memory test", "regression test", "500,000", "-m64m")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "jonas", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The Heap exhausted failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No conduit: logtally ships in Debian (bookworm-backports) and the Debian Haskell "
             "team builds it against Debian's packages, and the conduit build pulled in twelve "
             "new ones; the input was never the problem (BL.readFile reads 32 KB chunks "
             "lazily), the leak is the accumulator, and 1,146 MB doesn't fit in 512. Fix it in "
             "Aggregate.hs: foldl', Data.Map.Strict, bangs on the Stats and Report fields, "
             "BangPatterns on step; no new module or dependency; delete Stream.hs and put "
             "logtally.cabal, app/Main.hs and Aggregate.hs back first.",
             must=(("conduit", "debian", "stream.hs", "new dependency", "twelve"),
                   ("data.map.strict", "strict fields", "bangpatterns", "bang patterns",
                    "bangs", "accumulator")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No conduit without what to do instead, or the reverse.",
             wrong="The stale-build guess given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "Under +RTS -M512m the strict build still died with Heap exhausted (current "
             "maximum heap size 536870912 bytes, exit 251); rm -rf dist-newstyle and a full "
             "rebuild (suspected stale objects of the conduit build) did not help; a -hT "
             "profile showed ARR_WORDS at 471 MB: each client key was a slice of its line, "
             "itself a slice of a 32 KB chunk of the lazy ByteString (BL.toStrict does not "
             "copy a one-chunk line), so the clients Map kept nearly the whole file alive; "
             "fixed by BS.copy of the client in Parse.hs. Earlier the leak itself (1,498 MB "
             "maximum residency, thunks of lazy foldl and the lazy Map), fixed by the strict "
             "fold.",
             must=(("heap exhausted", "536870912", "exit 251"),
                   ("bs.copy", "slice", "arr_words", "a copy")),
             stale=("fixed by rm -rf", "fixed by removing dist-newstyle", "fixed by cabal clean",
                    "fixed by a clean build", "fixed by a rebuild", "fixed by a re-run",
                    "fixed by re-running", "stale build", "stale objects"),
             partial_means="The Heap exhausted failure without its fix, or only the thunks.",
             wrong="A stack overflow; a parse error on a log line.",
             stale_means="The Heap exhausted failure 'fixed' by rm -rf dist-newstyle (cabal "
                         "clean), a rebuild and a re-run, or put down to a stale build."),
    Question("key_values", "Which key values matter?",
             "Issue #142, PR #147, #151 (Follow.hs); the 6.8 GB, 31.2M-line log past 9.4 GB "
             "RSS on an 8 GB box; the 2M-line, 438 MB sample: 1,498 MB maximum residency in "
             "41.8 s before, 1,146 MB with conduit (rejected), 490 MB with the strict fold, "
             "41 MB in 14.7 s now; the -M512m limit; 183,412 clients; 38 examples before, 39 "
             "now; logbox-2: 4 min 51 s, 212 MB max RSS; GHC 9.6.6.",
             must=(("#142", "#147", "#151"),
                   ("1,498", "41 mb", "2,000,000", "-m512m", "512 mb", "6.8 gb", "9.4 gb",
                    "31.2m", "212 mb", "39 examples", "4 min 51", "183,412")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/LogTally/Aggregate.hs folds the lines into the Report (summarize, step: "
             "per-path Stats, per-client counts for --top-clients); src/LogTally/Parse.hs "
             "parses one nginx line into an Entry (parseLine, normalisePath); app/Main.hs is "
             "the command line (optparse-applicative); src/LogTally/Follow.hs is logtally "
             "tail --follow's rolling window (#151); test/LogTally/ParseSpec.hs holds the "
             "hspec specs of the parser; logtally.cabal the package.",
             must=(("aggregate.hs",),
                   ("parse.hs", "main.hs", "follow.hs", "parsespec", "logtally.cabal"),
                   ("parses", "command line", "the cli", "rolling window", "hspec", "per-path",
                    "per-client", "--top-clients")),
             partial_means="The files named without what they hold.",
             wrong="Stream.hs as the streaming reader."),
    Question("pending", "What work is still pending?",
             "The memory test-suite (Jonas's 4: 500,000 generated lines under -M64m), cabal "
             "test and the push to #147; the Follow.hs window later in #151.",
             must=(("heap limit", "memory test", "regression test", "-m64m", "500,000"),
                   ("#151", "follow")),
             partial_means="The memory test without the Follow.hs ticket, or the reverse.",
             wrong="The stHist check or the Control.Foldl reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #147 is open and pushed (branch 142-strict-aggregate): the strict fold plus "
             "BS.copy of the client; all 39 examples pass; the sample runs under -M512m at 41 "
             "MB maximum residency (1,498 MB before), 14.7 s instead of 41.8 s, with the same "
             "report; on logbox-2 the 31.2M-line file took 4 min 51 s at 212 MB; Jonas's 1 "
             "needed no change, 2 and 3 are answered on the PR; the memory test-suite is not "
             "written and nothing is pushed since.",
             must=(("39 examples", "examples pass", "tests pass", "41 mb"),
                   ("not written", "not pushed", "not yet")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or Follow.hs is fixed.",
             stale_means="Says summarize streams the file through conduit in Stream.hs."),
)  # fmt: skip

PRODUCTION = """Summary so far: Issue #142: logtally summarize over logbox-2's 6.8 GB access log (31.2M lines) grew past 9.4 GB RSS and was OOM-killed (lazy foldl into a lazy Data.Map of lazy Stats); the 2M-line sample peaked at 1,498 MB and must run under +RTS -M512m.
I first streamed the file through a conduit pipeline in a new src/LogTally/Stream.hs (1,146 MB); the user ruled it out (twelve new packages for Debian's Haskell team; the leak is the accumulator), so Stream.hs is deleted and logtally.cabal, app/Main.hs and Aggregate.hs checked out again.
Decision: a strict accumulator in Aggregate.hs: foldl', Data.Map.Strict and Data.IntMap.Strict, strict fields on Stats and Report, BangPatterns on step; no new module or dependency.
Error: the strict build still died with Heap exhausted under -M512m; rm -rf dist-newstyle and a rebuild did not help (not stale objects); a -hT profile showed ARR_WORDS at 471 MB: each client key was a slice holding its 32 KB chunk of the file; fixed by BS.copy of the client in Parse.hs.
Files: src/LogTally/Aggregate.hs (strict fold), src/LogTally/Parse.hs (BS.copy), test/LogTally/ParseSpec.hs.
State: all 39 examples pass; the sample runs under -M512m at 41 MB, 14.7 s, same report; PR #147 open and pushed; logbox-2: 4 min 51 s, 212 MB.
Jonas's review: stHist already a strict IntMap; Control.Foldl answered on the PR; Follow.hs (tail --follow) is #151, not this PR; the memory test is pending, not written.
Next: add a memory test-suite to logtally.cabal (500,000 generated lines, -with-rtsopts=-M64m), run cabal test, push to #147."""
