"""A dependency-free token estimator fitted to an exact BPE tokenizer (cl100k): `ApproxCounter`.

`len(text) / 4` is right for English prose and wrong for everything an agent's context is full
of: code, JSON, logs, other scripts, base64. This estimator counts what cl100k's pre-tokenizer
splits on, with a few C-speed passes over the UTF-8 bytes (one `bytes.translate` into a bit
per character class, read as one integer: a pair of neighbouring classes is a shift, an `&` and
a `bit_count()`), and weighs the counts with one fitted rate each:

- letter runs (a word, with the space or punctuation mark before it, is one pre-token), and
  long runs (a long identifier or a random string splits into several tokens);
- numbers, which cl100k cuts into groups of at most three digits: counted exactly, not fitted;
- punctuation runs, a single mark merging into the word after it, a space before a number;
- runs of two or more spaces (an indentation is one token however deep), newline runs;
- camel-case humps, tabs, and characters per non-ASCII script block;
- CJK, kana and Hangul: two tokens a character, one for the 800 or so that are a single
  cl100k token (`SINGLE`, a string of them made by `calibrate_counter.py` from the
  vocabulary; see `_wide`), less kana and Hangul neighbours (cl100k's words of them);
- in a text with accented Latin letters (German, Spanish, French, ...; one letter in 150),
  five-letter pieces of its words: long words of languages other than English split into
  more tokens;
- Greek apart from Armenian, Hebrew and Arabic (their rates differ by 10%).

Runs of one repeated letter (`"u" * 200`) tokenise at a per-letter rate cl100k learned from
its training data; they are rare, found by a regular expression only when a long letter run
exists, and counted from a small table.

The constants are printed by `benchmarks/calibrate_counter.py`, which fits them on the corpus
the project ships (`benchmarks/counter_corpus/`, written by `benchmarks/make_counter_corpus.py`)
and reports on its held-out half; re-run it to fit another tokenizer. Figures:
`benchmarks/README.md`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence

from ._byte_classes import (
    ARROW,
    BITS,
    BLOCK,
    CASE,
    CONTINUATION,
    DIGIT,
    HIGH,
    KIND,
    MASK_BYTES,
    MASKS,
    NOT_LEAD,
    PUNCT_T,
    REPEATED,
    SPACE,
    W8,
    WORD,
    repeated_letters,
)

__all__ = ["FEATURES", "ApproxCounter", "features"]


FEATURES: tuple[str, ...] = (
    "words",  # runs of ASCII letters: a word or identifier with the mark or space before it
    "long8",  # sum of floor(run / 8): long letter runs split into several tokens
    "digit_runs",  # numbers; with digit_triples, exactly the groups cl100k cuts them into
    "digit_triples",  # sum of floor(run / 3)
    "punct_runs",  # runs of ASCII punctuation: '", "', '})', '->'
    "punct_pairs",  # non-overlapping pairs inside punctuation runs (long runs cost more)
    "mark_word",  # a punctuation run right before a letter ...
    "marks_word",  # ... of two or more marks (a single one merges into the word)
    "space_digit",  # a space before a number is a token of its own
    "space_runs",  # runs of two or more spaces or tabs: an indentation is one token
    "newlines",
    "blank_lines",  # '\n\n'
    "humps",  # lower -> upper: camelCase, and base64 all over ...
    "camel",  # ... lower -> upper -> lower: a word boundary inside an identifier
    # Non-ASCII (counted only when the text is not ASCII): a character right before a space,
    # then characters per script block.
    "high_space", "latin_ext", "greek_rtl", "cyrillic", "indic", "georgian_etc", "symbols",
    "cjk", "hangul", "other_high",
    "arrows",  # '→': Claude Code's Read output puts one after every line number
    "wide_saved",  # CJK, kana, Hangul characters that are one token (`SINGLE`), not two
    "accented_fives",  # in a text with accented Latin letters (`_accented`), 5-letter word pieces
    # (languages other than English: their long words split into more tokens)
    "greek",  # and combining marks, Coptic ('greek_rtl' is Armenian, Hebrew, Arabic, Syriac)
    "wide_pairs",  # kana or Hangul after kana or Hangul: where cl100k's words of them form
    "wide_space",  # high_space again in such a text (Korean: ' 설정' is a word, '를 ' is not)
)  # fmt: skip
_N_ASCII = FEATURES.index("high_space")
_NO_HIGH = (0,) * (len(FEATURES) - _N_ASCII)
# Digits are not fitted: cl100k has a token for every number of 1-3 digits and cuts longer ones
# into such groups, so a run of n digits is ceil(n / 3) tokens (runs + triples, within one).
FIXED = {
    "digit_runs": 1.0,
    "digit_triples": 1.0,
    # Too rare in any corpus to fit: emoji and other four-byte characters (1-3 tokens each),
    # Georgian, Ethiopic, Khmer and the like (byte pieces, about 1.5 per character).
    "georgian_etc": 1.5,
    "other_high": 2.0,
    # A CJK or Hangul character is two byte pieces (three for the rarest) but for the tokens
    # `wide_saved` counts.
    "cjk": 2.0,
    "hangul": 2.0,
    "wide_saved": -1.0,
}


def features(text: str) -> tuple[int, ...]:
    """The counts the estimate is made of, in `FEATURES` order (also used by the fit)."""
    counts = _counts(text.encode("utf-8", "surrogatepass"), text.isascii())
    return counts if len(counts) == len(FEATURES) else counts + _NO_HIGH


def _counts(raw: bytes, ascii_only: bool) -> tuple[int, ...]:
    """`features` of UTF-8 bytes, cut after the ASCII ones when the text is ASCII."""
    padded = b"\0" + raw + b"\0"
    return _padded_counts(padded, padded.translate(WORD), ascii_only)


def _padded_counts(raw: bytes, words: bytes, ascii_only: bool) -> tuple[int, ...]:
    """The counts of NUL-padded bytes whose letter translation is `words`.

    One C-speed pass per translation and per pattern; the NUL at both ends (neutral in every
    table) makes each run end in a non-member, so no run needs an end-of-string check. The
    reference the fit uses: `ApproxCounter.count_float` gets the same counts from bits.
    """
    punct = raw.translate(PUNCT_T)
    kind = raw.translate(KIND)
    case = raw.translate(CASE)
    digits = raw.translate(DIGIT)
    mark_word = kind.count(b"pw")
    counts = (
        words.count(b"w."),
        words.count(b"wwwwwwww"),
        digits.count(b"0."),
        digits.count(b"000"),
        punct.count(b"p."),
        punct.count(b"pp"),
        mark_word,
        kind.count(b"ppw") if mark_word else 0,
        kind.count(b"s0"),
        raw.translate(SPACE).count(b".ss"),
        raw.count(b"\n"),
        raw.count(b"\n\n"),
        case.count(b"lU"),
        case.count(b"lUl"),
    )
    if ascii_only:
        return counts
    high = raw.translate(HIGH)
    leads = raw.translate(HIGH, NOT_LEAD)
    wide = len(leads.translate(None, _NOT_WIDE))
    return (
        *counts,
        kind.count(b"hs"),
        high.count(b"b"),
        high.count(b"r"),
        high.count(b"y"),
        high.count(b"i"),
        high.count(b"j"),
        high.count(b"e"),
        high.count(b"c") + high.count(b"k"),
        high.count(b"h"),
        high.count(b"f") + high.count(b"q"),
        raw.count(ARROW),
        _wide(raw.decode("utf-8", "surrogatepass"), wide) if wide else 0,
        words.count(b"wwwww") if _accented(high.count(b"b"), words.count(b"w")) else 0,
        high.count(b"g"),
        _wide_pairs(leads) if wide else 0,
        kind.count(b"hs") if wide else 0,
    )


def _wide(text: str, wide: int) -> int:
    """How many of the `wide` CJK, kana, Hangul and fullwidth characters of `text` are one
    cl100k token each.

    cl100k spends one token on its 800 or so commonest such characters (`SINGLE`), and two or
    three byte pieces on each of the other 40,000; a block's rate cannot tell them apart
    (Chinese and Japanese were counted 0.84-1.29x). Its 540 words of them ('成功', 'ました',
    ' 설정', ...) are made of the common characters; kana and Hangul neighbours (`_wide_pairs`)
    and the spaces in such a text stand in for them. Matching the words themselves (longest
    first, as BPE does) was within 3% but cost 170 us on a 200-character message.
    Here a regular expression (built on first use) finds the rarer characters, a character
    class alone so that the engine skips from one to the next in C; the count of all comes
    from the lead bytes: about 2 us.
    """
    global _WIDE_RX
    if _WIDE_RX is None:
        single = set(SINGLE)
        rare = "".join(
            f"{chr(a)}-{chr(b)}" for a, b in _ranges(i for i in _WIDE_CODES if chr(i) not in single)
        )
        _WIDE_RX = re.compile(f"[{rare}]")
    return wide - len(_WIDE_RX.findall(text))


# The characters `SINGLE` is taken from: CJK punctuation, kana, CJK, Hangul (U+3000 to the
# surrogates: lead bytes E3-ED) and U+F000 on (lead byte EF: fullwidth forms and the like).
_WIDE_CODES = (*range(0x3000, 0xD800), *range(0xF000, 0x10000))


def _ranges(codes: Iterable[int]) -> Iterator[tuple[int, int]]:
    """Runs of consecutive integers, as (first, last)."""
    first = last = -2
    for i in codes:
        if i != last + 1:
            if first >= 0:
                yield first, last
            first = i
        last = i
    if first >= 0:
        yield first, last


def _accented(accented: int, letters: int) -> bool:
    """Whether a text is in a language written with accents: one letter in 150 or more (German
    has one in 40-60; an English summary with three '·' or a 'café' is not German: counting
    its words as German put a 12,000-character summary 17% over)."""
    return 150 * accented >= letters


def _wide_pairs(leads: bytes) -> int:
    """Kana or Hangul after its kind (about half of them: counted without overlap), from the
    block letters of the non-ASCII characters."""
    return leads.count(b"kk") + leads.count(b"hh")


_WIDE_RX: re.Pattern[str] | None = None
# Bound once: `int.from_bytes` is a class method, bound anew at every attribute lookup.
_from_bytes = int.from_bytes

_NOT_WIDE = b"bgyrijef"  # block letters but those of the characters `_wide` looks at
_WIDE_BLOCKS = frozenset((b"c", b"k", b"h", b"q"))  # ... and those it looks at


# --- constants printed by benchmarks/calibrate_counter.py (cl100k_base) ---
# fmt: off
RATES = (0.9408, 0.5095, 1, 1, 1.0333, 0.0302, -0.5475, 0.7338, 1.4004, 0.7026, 0.5653, -0.1359, 2.9353, -1.7116, -0.5, 0.5, 1.0039, 0.5799, 1.3157, 1.5, 1.2636, 2, 2, 2, -0.549, -1, 0.2995, 1.1175, -0.3238, 0.4913)
# Characters per token in a run of one repeated letter (cl100k has 'aaaaaaaa' but not 'uuuu').
REPEAT = {'a': 8.0, 'b': 4.0, 'c': 4.0, 'd': 4.0, 'e': 4.0, 'f': 8.0, 'g': 2.0, 'h': 2.0, 'i': 2.0, 'j': 2.0, 'k': 2.0, 'l': 2.0, 'm': 2.0, 'n': 2.0, 'o': 8.0, 'p': 2.0, 'q': 2.0, 'r': 2.0, 's': 2.0, 't': 2.0, 'u': 2.0, 'v': 2.0, 'w': 2.0, 'x': 8.0, 'y': 4.0, 'z': 2.0, 'A': 8.0, 'B': 4.0, 'C': 4.0, 'D': 2.0, 'E': 4.0, 'F': 8.0, 'G': 2.0, 'H': 2.0, 'I': 2.0, 'J': 2.0, 'K': 2.0, 'L': 4.0, 'M': 4.0, 'N': 2.0, 'O': 2.0, 'P': 2.0, 'Q': 2.0, 'R': 2.0, 'S': 2.0, 'T': 2.0, 'U': 2.0, 'V': 2.0, 'W': 2.0, 'X': 8.0, 'Y': 4.0, 'Z': 2.0}
# From U+3000 on: the characters that are one cl100k token each (`_wide`).
SINGLE = '\u3000、。《》「」『』【】〜あいうえおかがきくけこごさざしじすせそただちっつてでとどなにのはばまみめもやよらりるれろわをんアィイウェエオカキクグコサシジスズセタダチッテデトドナニバパビピフブプペポマムメャュョラリルレロン・ー一万三上下不与专业东两个中串为主么义之也书了事二于五些交产享京人亿今介从他付代以们件价任份企优会传但位体何余作你使例供価保信修倍值停像元先入全公共关其具内円册再写出击分列则初利别到制前力功加务动動包化北区十午华单南即历原去县参及友反发取变口只可台右号司合同名后向否含听启告员周命和品哈商問器四回因国图土在地场址型城基報場填增声处备复外多大天失头女好如始子字存学安宋完定实审客家容密对导将小少尔就局展山岁州工左已市布常平年并广序库应店度建开异式引张当录形影径待後得微心必志态思性总息您情意感成我或户所手打找技投报拉持指按换据排接推提播支收改放政效数整文料断新方族无日时明易星是時景更最月有服期木未本机权束条来板构析果查标样核格案检模次款止正此步歳段每比民気水求江汽没治法注活流海消清游源火点無然片版物特率环现球理生用由电男画界番登的监目直相省看県真知码确示社票私种科秒称移程稍税稿空立站章端笑符第等签简算管箱米类系素索约级线组经结给络统编网置美老考者而联能自至色节英藏行表装西要見见规视角解言計記話読计认议记论设证评试话询该详语误说请读调象责败账货购费资起超路身车转软载辑输达过运近还这进连述退送选通速造連道邮部都配释里重量金钟钮链销错键长開間関门闭问间队阳陆限院除雅集雷需非面音页项预频题额首验高黑가간값개거게결경고공과구그글기나내는능니다당대도동되된드든들디라래러력로록료류른를름리만메면명목문미버번보복부분비사산상색생서성세션소수스습시식신아야어에여열오와요용우운원위으은을음의이인일임입자작장재적전정제져조주지진째체출치크태터턴트튼하한할함해호화환회️\ufeff！（），－．／０１２３４５６７８９：；＞？＾～･￥�'
# fmt: on
# ---------------------------------------------------------------------------------------------


class ApproxCounter:
    """Estimate cl100k tokens from pre-tokenizer statistics; no dependency, no I/O.

    The default constants are fitted to cl100k; pass the output of
    `benchmarks/calibrate_counter.py` to fit another tokenizer.
    """

    name = "approx"

    def __init__(
        self,
        *,
        rates: Sequence[float] | None = None,
        repeat: Mapping[str, float] | None = None,
    ) -> None:
        self._rates = tuple(float(v) for v in (RATES if rates is None else rates))
        if len(self._rates) != len(FEATURES):
            raise ValueError(f"rates: expected {len(FEATURES)} values, one per FEATURES entry")
        if any(self._rates[FEATURES.index(name)] != rate for name, rate in FIXED.items()):
            raise ValueError(f"rates: {', '.join(FIXED)} are fixed at {list(FIXED.values())}")
        self._repeat = dict(REPEAT if repeat is None else repeat)

    def count_float(self, text: str) -> float:
        """The unrounded estimate (the fit works on this).

        The same sum as `features(text)` dotted with the rates, computed another way: one
        `bytes.translate` into class bits (`BITS`), read as one big integer, so that a feature
        of two or three neighbouring characters is a shift, an `&` and a `bit_count()` over
        all the text at once (a few machine words per hundred characters), where
        `bytes.count` of a two-byte pattern steps through every byte. The features counted
        without overlap (`'pp'`, `'000'`, `'lUl'`, `'\n\n'`, long letter runs) are bit counts
        too while no run is long enough to overlap, and `bytes.count`s when one is.
        """
        try:  # one pass: plain UTF-8 is a copy for ASCII, and has no error handler to parse
            raw = text.encode()
        except UnicodeEncodeError:  # a lone surrogate
            raw = text.encode("utf-8", "surrogatepass")
        size = len(raw)
        ascii_only = size == len(text)
        if not size:
            return 0.0
        # One byte per character: UTF-8 continuation bytes deleted. Every byte of a non-ASCII
        # character has the same class bits, so its lead byte stands for it in every pair and
        # run counted here, and each integer below is 2-3x shorter on Cyrillic, CJK, ... text.
        flags = raw.translate(BITS) if ascii_only else raw.translate(BITS, CONTINUATION)
        width = len(flags)
        if width <= MASK_BYTES:
            m0, m1, m2, m3, m5, m7 = MASKS
        else:  # a long text: masks its size (an `&` costs the shorter operand's length)
            m0 = ((1 << (8 * width)) - 1) // 255  # 0x0101...01, one bit per byte
            m1, m2, m3, m5, m7 = m0 << 1, m0 << 2, m0 << 3, m0 << 5, m0 << 7
        x = _from_bytes(flags, "little")  # byte i at bits 8i..8i+7
        y = x >> 8  # the next character's classes, at the same place
        both = x & y  # class c here and next: c runs go on
        ends = x ^ both  # class c here, not next: one per run
        word_ends = ends & m0
        extra = 0.0
        long8 = 0
        both16 = both >> 16  # shifts used more than once are made once (each is a new int)
        run8 = both & both16 & m0  # four letters from here ...
        run8 &= run8 >> 32  # ... eight
        if run8:
            if run8 & (run8 >> 64):  # sixteen letters in a row: an identifier, a blob, ...
                chars = raw if ascii_only else raw.translate(None, CONTINUATION)
                if repeated_letters(chars, both & m0, m0):
                    # ... or a run of one repeated letter: counted from the table, then left
                    # out of the rest.
                    for match in REPEATED.finditer(text):
                        extra += len(match.group()) / self._repeat.get(match.group(1), 2.0)
                if extra:
                    text = REPEATED.sub(" ", text)
                    raw = text.encode("utf-8", "surrogatepass")
                    size = len(raw)
                    flags = raw.translate(BITS) if ascii_only else raw.translate(BITS, CONTINUATION)
                    x = _from_bytes(flags, "little")
                    y = x >> 8
                    both = x & y
                    ends = x ^ both
                    word_ends = ends & m0
                    both16 = both >> 16
                long8 = raw.translate(WORD).count(W8)
            else:  # runs of 8 to 15 letters: one each, where eight letters end a run
                long8 = (word_ends & (run8 << 56)).bit_count()
        x1 = x >> 1
        pairs = x1 & y  # punct-letter, space-digit, non-ASCII-space, lower-upper
        punct_letter = pairs & m0
        mark_word = punct_letter.bit_count()
        r = self._rates
        estimate = (
            r[0] * word_ends.bit_count()
            + r[1] * long8
            + r[4] * (ends & m1).bit_count()
            + r[6] * mark_word
            + extra
        )
        # Counts without overlap: floor(n / 2) pairs in a run of n marks, floor(n / 3) groups
        # in a number of n digits, ... With no run long enough to overlap, a bit count is the
        # same; `bytes.count` (a step per byte) only when there is.
        marks = both & m1  # two marks in a row
        both8 = both >> 8
        if marks:
            three = marks & both8
            if not three:
                estimate += r[5] * marks.bit_count()
            elif not three & both16:  # runs of 2 or 3 marks: one pair each (three is in marks)
                estimate += r[5] * (marks ^ three).bit_count()
            else:
                estimate += r[5] * flags.count(b"\x02\x02")
            if mark_word:
                estimate += r[7] * (x1 & (punct_letter >> 8)).bit_count()  # 'ppw'
        if x & m2:  # digits: fixed rates of 1 (FIXED)
            estimate += (ends & m2).bit_count() + r[8] * (pairs & m2).bit_count()
            if both & both8 & m2:  # three digits in a row
                estimate += flags.count(b"\x04\x04\x04")
        spaces = both & m3
        if spaces:  # runs of two or more spaces: the pairs not preceded by a space (a subset)
            estimate += r[9] * (spaces ^ (spaces & (x << 8))).bit_count()
        newlines = x & m7
        if newlines:
            estimate += r[10] * newlines.bit_count()
            blank = both & m7  # '\n\n'
            if blank:
                estimate += r[11] * (raw.count(b"\n\n") if blank & both8 else blank.bit_count())
        humps = pairs & m5
        if humps:
            camel = humps & (x >> 17)  # 'lUl': lower, upper, lower
            estimate += r[12] * humps.bit_count()
            if camel:  # 'lUlUl' holds two overlapping
                estimate += r[13] * (
                    flags.count(b"\x41\x21\x41") if camel & (camel >> 16) else camel.bit_count()
                )
        if not ascii_only:
            high_space = (pairs & m3).bit_count()  # a character, then a space
            estimate += r[14] * high_space
            arrows = raw.count(ARROW) if 0xE2 in raw else 0  # (an int: memchr)
            if arrows and 2 * arrows == size - len(text):  # only arrows (Claude Code's Read)
                estimate += (r[20] + r[24]) * arrows
            else:
                # Lead bytes only (ASCII and continuation bytes deleted), one letter per script
                # block: a short string, counted block by block until every character is counted
                # (a text seldom has more than two blocks; symbols and arrows are the usual one).
                high = raw.translate(HIGH, NOT_LEAD)
                symbols = high.count(b"e")
                left = len(high) - symbols
                if symbols:
                    estimate += r[20] * symbols + r[24] * arrows
                if left:
                    first = high.lstrip(b"e")[:1]  # most often the only other block
                    n = high.count(first)
                    estimate += r[BLOCK[first]] * n
                    # The characters `_wide` and `_accented` look at, from the same counts.
                    wide = n if first in _WIDE_BLOCKS else 0
                    latin = n if first == b"b" else 0
                    if n < left:
                        left -= n
                        for letter, k in BLOCK.items():
                            if letter != first:
                                n = high.count(letter)
                                if n:
                                    estimate += r[k] * n
                                    if letter in _WIDE_BLOCKS:
                                        wide += n
                                    elif letter == b"b":
                                        latin = n
                                    left -= n
                                    if not left:
                                        break
                    if wide:
                        estimate += (
                            r[25] * _wide(text, wide)
                            + r[28] * (high.count(b"kk") + high.count(b"hh"))
                            + r[29] * high_space
                        )
                    if latin and _accented(latin, (x & m0).bit_count()):
                        estimate += r[26] * raw.translate(WORD).count(b"wwwww")
        # A byte-level BPE token is at least one byte: never more tokens than bytes, never
        # fewer than one for any text.
        limit = size + extra
        return 1.0 if estimate < 1.0 else limit if estimate > limit else estimate

    @staticmethod
    def _repeated(text: str) -> bool:
        """Whether the text has a run of one repeated letter (counted from `REPEAT`)."""
        return REPEATED.search(text) is not None

    def count(self, text: str) -> int:
        return int(self.count_float(text) + 0.5)  # 0 for '', else count_float is at least 1

    def __repr__(self) -> str:
        return "ApproxCounter()"
