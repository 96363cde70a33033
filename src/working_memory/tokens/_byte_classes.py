"""The estimator's byte tables: each UTF-8 byte mapped to its character class, and the bit
masks `ApproxCounter` reads whole texts with (one `bytes.translate`, then shifts and
`bit_count()`). Built once at import from ASCII and the UTF-8 lead bytes; no data files."""

from __future__ import annotations

import re

__all__: list[str] = []  # private to tokens/: imported by _approx


def _high_class(i: int) -> int:
    """For UTF-8 lead bytes, a letter naming the script block they open ('.' for the rest)."""
    for upper, letter in (
        (0xC0, "."),  # ASCII and continuation bytes
        (0xCC, "b"),  # Latin-1 supplement, Latin extended, IPA
        (0xD0, "g"),  # combining marks, Greek, Coptic
        (0xD4, "y"),  # Cyrillic
        (0xE0, "r"),  # Armenian, Hebrew, Arabic, Syriac, Thaana
        (0xE1, "i"),  # Indic, Thai, Lao, Tibetan
        (0xE2, "j"),  # Myanmar, Georgian, Ethiopic, Khmer, Latin extended additional
        (0xE3, "e"),  # punctuation, symbols, arrows (Claude Code's line-number arrow), box drawing
        (0xE4, "k"),  # CJK punctuation, kana
        (0xEA, "c"),  # CJK
        (0xEE, "h"),  # Hangul, Yi
    ):
        if i < upper:
            return ord(letter)
    if i == 0xEF:
        return ord("q")  # CJK compatibility, fullwidth forms, specials
    return ord("f")  # private use, four-byte (emoji, historic scripts)


def _table(pick: str, hit: str) -> bytes:
    """A `bytes.translate` table sending the ASCII characters in `pick` to `hit`, all else to '.'."""
    chosen = {ord(c) for c in pick}
    return bytes(ord(hit) if i in chosen else ord(".") for i in range(256))


_LOWER = "abcdefghijklmnopqrstuvwxyz"
_UPPER = _LOWER.upper()
_DIGITS = "0123456789"
_PUNCT = "".join(chr(i) for i in range(33, 127) if not chr(i).isalnum())


def _kind(i: int) -> int:
    c = chr(i)
    if c in _LOWER or c in _UPPER:
        return ord("w")
    if c in _DIGITS:
        return ord("0")
    if c in _PUNCT:
        return ord("p")
    if c in " \t":  # a tab is a space to cl100k's pre-tokenizer
        return ord("s")
    return ord("h") if i >= 0x80 else ord("t")


WORD = _table(_LOWER + _UPPER, "w")
DIGIT = _table(_DIGITS, "0")
PUNCT_T = _table(_PUNCT, "p")
SPACE = _table(" \t", "s")
KIND = bytes(_kind(i) for i in range(256))
CASE = bytes(
    ord("l") if chr(i) in _LOWER else ord("U") if chr(i) in _UPPER else ord(".") for i in range(256)
)
HIGH = bytes(_high_class(i) for i in range(256))
NOT_LEAD = bytes(range(0xC0))  # ASCII and UTF-8 continuation bytes
CONTINUATION = bytes(range(0x80, 0xC0))
W8 = b"w" * 8


def _bit(i: int) -> int:
    """The class bits of a byte for `ApproxCounter.count_float`: one bit per class, placed so
    that one shift by one bit lines up the four pairs counted (punct then letter at bit 0,
    space then digit at bit 2, non-ASCII then space at bit 3, lower then upper at bit 5);
    every class has its own byte value, so `bytes.count` still works on the translation."""
    c = chr(i)
    if c in _LOWER:
        return 0x41  # letter (bit 0) + lower (bit 6)
    if c in _UPPER:
        return 0x21  # letter + upper (bit 5)
    if c in _PUNCT:
        return 0x02
    if c in _DIGITS:
        return 0x04
    if c in " \t":
        return 0x08
    if c == "\n":
        return 0x80
    return 0x10 if i >= 0x80 else 0  # any byte of a non-ASCII character (bit 4)


BITS = bytes(_bit(i) for i in range(256))
# Script blocks but symbols: letter in `HIGH` -> index in `FEATURES`, most common first.
BLOCK = {
    b"c": 21,
    b"k": 21,
    b"q": 23,  # fullwidth punctuation: with CJK
    b"y": 17,
    b"b": 15,
    b"r": 16,
    b"g": 27,
    b"i": 18,
    b"h": 22,
    b"j": 19,
    b"f": 23,
}
MASK_BYTES = 4096  # texts up to this size use the precomputed mask
_M0 = int.from_bytes(b"\x01" * MASK_BYTES, "little")
MASKS = (_M0, _M0 << 1, _M0 << 2, _M0 << 3, _M0 << 5, _M0 << 7)  # bit k of every byte
ARROW = "→".encode()
_from_bytes = int.from_bytes  # bound once (a class method is bound at every lookup)
REPEATED = re.compile(r"([A-Za-z])\1{15,}")


def repeated_letters(raw: bytes, letter_pairs: int, m0: int) -> bool:
    """Whether 16 equal letters follow each other (`REPEATED` may match): a quick test of the
    bytes read as an integer, where the regular expression steps through every character.

    `letter_pairs` has bit 0 of byte i set when bytes i and i + 1 are letters; `m0` bit 0 of
    every byte.
    """
    whole = _from_bytes(raw, "little")
    differ = whole ^ (whole >> 8)  # byte i is 0 where byte i + 1 is the same
    differ |= differ >> 4
    differ |= differ >> 2
    differ |= differ >> 1  # bit 0 of byte i: bytes i and i + 1 differ
    same = letter_pairs ^ (letter_pairs & differ & m0)
    same &= same >> 8  # ... from here, 3 equal letters
    same &= same >> 16  # 5
    same &= same >> 32  # 9
    return bool(same & (same >> 56))  # 16
