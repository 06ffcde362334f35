#!/usr/bin/env python3
"""Cuts the CJK font the viewer bundles for player names out of Noto Sans
CJK JP Regular 2.004 (SIL OFL 1.1), and compresses it with zlib.

    python3 assets/fonts/subset.py FONT [--measure]

FONT is `NotoSansCJK-Regular.ttc` (face 0 is Noto Sans CJK JP; Debian's
`fonts-noto-cjk` 1:20220127+repack1-1 ships version 2.004 as
`/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc`: `apt-get download
fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb x` gives it without
installing it) or the single-face `NotoSansCJKjp-Regular.otf` of the same
version. Needs `fonttools` (PyPI). Writes `NotoSansCJKjp-Regular.subset.otf.zlib`
beside this script; `--measure` instead prints what each part of the
character set costs, as README's Set up section quotes.

The character set is what players' names are written in, each part named
by the national standard that defines it (enumerated through Python's own
codecs, so the set needs no list of its own):

* CJK punctuation (U+3000-303F), hiragana, katakana and their phonetic
  extensions, Hangul compatibility jamo, halfwidth and fullwidth forms;
* the symbols names are decorated with that egui's own fonts may lack:
  number forms, arrows, mathematical operators, enclosed alphanumerics,
  geometric shapes, miscellaneous symbols;
* JIS X 0208 (euc_jp: kana, both levels of kanji, 6,355, and its symbols);
* GB 2312 (gb2312: the 6,763 hanzi of simplified Chinese);
* KS X 1001 (euc_kr: the 2,350 Hangul syllables in use, 4,888 hanja);
* Big5's frequently used hanzi (big5, lead bytes A4-C6: 5,401).

Glyphs take their Japanese forms (face JP): one font for all three
languages keeps the binary small. Outlines only: no hinting (egui does not
hint), no layout tables (egui does not shape), no vertical metrics.
"""
import io
import sys
import zlib
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

OUT = "NotoSansCJKjp-Regular.subset.otf.zlib"

BLOCKS = {
    "punctuation, kana, jamo, fullwidth": [
        (0x3000, 0x303F),
        (0x3040, 0x309F),
        (0x30A0, 0x30FF),
        (0x31F0, 0x31FF),
        (0x3130, 0x318F),
        (0xFF00, 0xFFEF),
    ],
    "symbols": [
        (0x2150, 0x218F),
        (0x2190, 0x21FF),
        (0x2200, 0x22FF),
        (0x2460, 0x24FF),
        (0x25A0, 0x25FF),
        (0x2600, 0x26FF),
    ],
}


def double_byte(codec: str, leads, trails) -> set[int]:
    """Every character a double-byte codec decodes from these bytes."""
    out = set()
    for a in leads:
        for b in trails:
            try:
                text = bytes([a, b]).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                out.add(ord(text))
    return out


def parts() -> list[tuple[str, set[int]]]:
    euc = range(0xA1, 0xFF)
    big5_trail = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))
    blocks = [
        (name, {c for lo, hi in ranges for c in range(lo, hi + 1)})
        for name, ranges in BLOCKS.items()
    ]
    return blocks + [
        ("JIS X 0208", double_byte("euc_jp", euc, euc)),
        ("GB 2312", double_byte("gb2312", euc, euc)),
        ("KS X 1001", double_byte("euc_kr", euc, euc)),
        ("Big5 frequent hanzi", double_byte("big5", range(0xA4, 0xC7), big5_trail)),
    ]


def load(path: Path) -> bytes:
    """The JP face as a standalone OpenType font."""
    if path.suffix.lower() == ".ttc":
        font = TTCollection(str(path)).fonts[0]
    else:
        font = TTFont(str(path))
    family = font["name"].getDebugName(4)
    if family != "Noto Sans CJK JP":
        sys.exit(f"{path}: face 0 is {family!r}, not Noto Sans CJK JP")
    # The timestamp kept as upstream's: the same input gives the same bytes.
    font.recalcTimestamp = False
    buf = io.BytesIO()
    font.save(buf)
    return buf.getvalue()


def cut(source: bytes, chars: set[int]) -> bytes:
    font = TTFont(io.BytesIO(source), recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.drop_tables += ["BASE", "VORG", "vhea", "vmtx", "GSUB", "GPOS", "GDEF"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(chars))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


def main() -> None:
    source = load(Path(sys.argv[1]))
    here = Path(__file__).resolve().parent
    if "--measure" in sys.argv[2:]:
        chars: set[int] = set()
        for name, part in parts():
            chars |= part
            font = cut(source, chars)
            packed = zlib.compress(font, 9)
            print(f"+ {name:36} {len(chars):6} chars  {len(font):9,} bytes  {len(packed):9,} zlib")
        return
    chars = set().union(*(p for _, p in parts()))
    font = cut(source, chars)
    (here / OUT).write_bytes(zlib.compress(font, 9))
    glyphs = len(TTFont(io.BytesIO(font)).getGlyphOrder())
    print(f"{OUT}: {len(chars)} characters asked, {glyphs} glyphs, {len(font):,} bytes, "
          f"{(here / OUT).stat().st_size:,} compressed")


if __name__ == "__main__":
    main()
