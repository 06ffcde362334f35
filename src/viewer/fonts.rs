//! Player names are often Japanese or Chinese, which egui's bundled fonts
//! do not cover: a CJK font installed on the system is added as a fallback
//! when one is found (none is bundled, to keep the binary small).

use std::path::PathBuf;
use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily};

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

/// Adds the first CJK font found as a fallback of both families; returns
/// where it came from.
pub fn install_cjk_fallback(ctx: &egui::Context) -> Option<PathBuf> {
    let from_env = std::env::var_os("PAIFU_FONT").map(PathBuf::from);
    let path = from_env
        .into_iter()
        .chain(CANDIDATES.iter().map(PathBuf::from))
        .find(|p| p.is_file())?;
    let bytes = std::fs::read(&path).ok()?;
    let mut fonts = FontDefinitions::default();
    fonts
        .font_data
        .insert("cjk".into(), Arc::new(FontData::from_owned(bytes)));
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts.families.entry(family).or_default().push("cjk".into());
    }
    ctx.set_fonts(fonts);
    Some(path)
}
