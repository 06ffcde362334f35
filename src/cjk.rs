//! The bundled CJK font for player names: a subset of Noto Sans CJK JP
//! (SIL OFL 1.1; `assets/fonts/subset.py` cuts it, `assets/fonts/LICENSE.txt`
//! is its licence), zlib-compressed. The viewer installs it behind a system
//! font; the HTML pages draw the glyphs a page's names use from it
//! (`html/glyphs.rs`), so that a name is never a row of boxes on a machine
//! without a CJK font.

use std::io::Read;
use std::sync::OnceLock;

/// The font, zlib-compressed.
pub const BUNDLED_ZLIB: &[u8] =
    include_bytes!("../assets/fonts/NotoSansCJKjp-Regular.subset.otf.zlib");

/// The font inflated, once per process; `None` when the bundled data does
/// not inflate (a broken build).
pub(crate) fn font() -> Option<&'static [u8]> {
    static FONT: OnceLock<Option<Vec<u8>>> = OnceLock::new();
    FONT.get_or_init(|| {
        let mut font = Vec::with_capacity(BUNDLED_ZLIB.len() * 2);
        flate2::read::ZlibDecoder::new(BUNDLED_ZLIB)
            .read_to_end(&mut font)
            .ok()
            .map(|_| font)
    })
    .as_deref()
}
