//! Player names are often Japanese, Chinese or Korean, which egui's own
//! fonts do not cover. A subset of Noto Sans CJK JP (SIL OFL 1.1, made by
//! `assets/fonts/subset.py`: kana, JIS X 0208, GB 2312, KS X 1001, Big5's
//! frequent hanzi) is bundled, zlib-compressed, so that a name is never a
//! row of boxes on a machine without a CJK font. A CJK font installed on
//! the system, when one is found, is still preferred (its glyphs may be
//! hinted for the screen, and it may cover more); the bundled one stays
//! behind it for whatever the system font lacks.

use std::io::Read;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use egui::epaint::text::Blob;
use egui::{FontData, FontDefinitions, FontFamily};

use super::ViewerError;

/// The bundled subset, zlib-compressed (`crate::cjk`, shared with the HTML
/// pages).
use crate::cjk::BUNDLED_ZLIB;

/// Where common systems keep a CJK font; `PAIFU_FONT` names another.
const CANDIDATES: &[&str] = &[
    "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "C:\\Windows\\Fonts\\msgothic.ttc",
    "C:\\Windows\\Fonts\\YuGothM.ttc",
];

/// Which CJK fonts the viewer installs. A value rather than a global
/// decision, so that a test can render with the bundled font alone on a
/// machine that has a system one.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum FontChoice {
    /// A system CJK font when one is found, then the bundled one.
    #[default]
    SystemThenBundled,
    /// The bundled font only.
    BundledOnly,
}

/// Where the CJK glyphs installed come from, in the order they are tried.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CjkSource {
    /// A font file of the system (or `PAIFU_FONT`).
    System(PathBuf),
    /// The subset bundled in the binary.
    Bundled,
}

/// The bundled font's bytes, inflated once per process: a window opened
/// again (tests, the screenshot after a run) does not pay twice.
///
/// # Errors
///
/// When the bundled data does not inflate (a broken build).
pub fn bundled_cjk() -> Result<Blob, ViewerError> {
    static BUNDLED: OnceLock<Result<Blob, String>> = OnceLock::new();
    BUNDLED
        .get_or_init(|| {
            let mut font = Vec::with_capacity(BUNDLED_ZLIB.len() * 6 / 5);
            flate2::read::ZlibDecoder::new(BUNDLED_ZLIB)
                .read_to_end(&mut font)
                .map_err(|e| e.to_string())?;
            let blob: Blob = Arc::new(font);
            Ok(blob)
        })
        .clone()
        .map_err(ViewerError::Font)
}

/// The first system CJK font found, `PAIFU_FONT` first.
fn system_cjk() -> Option<(PathBuf, Vec<u8>)> {
    let from_env = std::env::var_os("PAIFU_FONT").map(PathBuf::from);
    from_env
        .into_iter()
        .chain(CANDIDATES.iter().map(PathBuf::from))
        .filter(|p| p.is_file())
        .find_map(|p| std::fs::read(&p).ok().map(|bytes| (p, bytes)))
}

/// egui's fonts with the CJK fonts `choice` asks for appended to both
/// families as fallbacks, and where they came from.
///
/// # Errors
///
/// When the bundled font does not inflate (a broken build).
pub fn definitions(choice: FontChoice) -> Result<(FontDefinitions, Vec<CjkSource>), ViewerError> {
    let mut fonts = FontDefinitions::default();
    let mut sources = Vec::new();
    let mut add = |name: &str, data: FontData, source: CjkSource| {
        fonts.font_data.insert(name.into(), Arc::new(data));
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            fonts.families.entry(family).or_default().push(name.into());
        }
        sources.push(source);
    };
    if choice == FontChoice::SystemThenBundled
        && let Some((path, bytes)) = system_cjk()
    {
        add(
            "cjk-system",
            FontData::from_owned(bytes),
            CjkSource::System(path),
        );
    }
    add(
        "cjk-bundled",
        FontData::from_blob(bundled_cjk()?, 0),
        CjkSource::Bundled,
    );
    Ok((fonts, sources))
}

/// Installs egui's fonts with the CJK fallbacks `choice` asks for; returns
/// where the CJK glyphs come from.
///
/// # Errors
///
/// When the bundled font does not inflate (a broken build); egui's own
/// fonts are then left as they were.
pub fn install(ctx: &egui::Context, choice: FontChoice) -> Result<Vec<CjkSource>, ViewerError> {
    let (fonts, sources) = definitions(choice)?;
    ctx.set_fonts(fonts);
    Ok(sources)
}

#[cfg(test)]
mod tests {
    use egui::epaint::text::{Fonts, TextOptions};
    use egui::{Color32, FontId};

    use super::*;

    /// Each glyph's place in the font atlas, for a line of `text`.
    fn glyph_cells(fonts: &mut Fonts, text: &str) -> Vec<([u16; 2], [u16; 2])> {
        let galley = fonts.with_pixels_per_point(1.0).layout_no_wrap(
            text.to_owned(),
            FontId::proportional(16.0),
            Color32::WHITE,
        );
        galley
            .rows
            .iter()
            .flat_map(|r| r.row.glyphs.iter())
            .map(|g| (g.uv_rect.min, g.uv_rect.max))
            .collect()
    }

    /// Whether any texel of the atlas inside `cell` is drawn.
    fn inked(fonts: &Fonts, (min, max): ([u16; 2], [u16; 2])) -> bool {
        let image = fonts.image();
        (min[1]..max[1])
            .any(|y| (min[0]..max[0]).any(|x| image[(usize::from(x), usize::from(y))].a() > 0))
    }

    const JAPANESE: &str = "桜花閃々";
    const KOREAN: &str = "김민준";
    const CHINESE: &str = "雀魂玩家";
    /// A private-use code point: no font has it, so it draws as tofu.
    const TOFU: &str = "\u{E000}";

    #[test]
    fn the_bundled_font_alone_draws_cjk_names() {
        let (defs, sources) = definitions(FontChoice::BundledOnly).unwrap();
        assert_eq!(sources, vec![CjkSource::Bundled]);
        let mut fonts = Fonts::new(TextOptions::default(), defs);
        let tofu = glyph_cells(&mut fonts, TOFU);
        assert_eq!(tofu.len(), 1);
        let mut renders = Vec::new();
        for name in [JAPANESE, KOREAN, CHINESE] {
            let cells = glyph_cells(&mut fonts, name);
            assert_eq!(cells.len(), name.chars().count(), "{name}");
            for cell in &cells {
                assert_ne!(cell.0, cell.1, "{name}: a glyph with no texels");
                assert_ne!(*cell, tofu[0], "{name}: a glyph drawn as tofu");
                assert!(inked(&fonts, *cell), "{name}: a blank glyph");
            }
            renders.push(cells);
        }
        assert_ne!(renders[0], renders[1], "two names, two renders");
        assert_ne!(renders[0], renders[2]);
        assert_ne!(renders[1], renders[2]);
        // Repeated characters share one glyph: the render is of the text.
        assert_eq!(renders[0][2], glyph_cells(&mut fonts, "閃")[0]);
    }

    #[test]
    fn without_a_cjk_font_the_same_names_are_tofu() {
        // The control: what the test above would see if the bundled font
        // did not cover the names.
        let mut fonts = Fonts::new(TextOptions::default(), FontDefinitions::default());
        let tofu = glyph_cells(&mut fonts, TOFU);
        for name in [JAPANESE, KOREAN] {
            assert!(glyph_cells(&mut fonts, name).iter().all(|c| *c == tofu[0]));
        }
    }

    #[test]
    fn the_bundled_font_is_an_opentype_font_of_the_expected_size() {
        let blob = bundled_cjk().unwrap();
        let bytes: &[u8] = (*blob).as_ref();
        assert_eq!(bytes.get(..4), Some(&b"OTTO"[..]), "CFF-flavoured OpenType");
        assert!(bytes.len() > BUNDLED_ZLIB.len());
    }
}
