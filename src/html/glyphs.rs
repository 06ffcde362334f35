//! Player names a page can show on a machine without a CJK font. A name
//! in plain ASCII is text; any other name is drawn from the outlines of
//! the bundled CJK font (`crate::cjk`): only the glyphs the page's names
//! use, each name once as an SVG image in the style sheet (a class per
//! name), so that every place the name appears costs a short element.
//!
//! Why outlines and not a subset font: the bundled font is CFF-flavoured
//! OpenType, and no crate in the tree writes a font (subsetting one means
//! rebuilding its CFF charstrings and tables); `skrifa`, which reads it,
//! gives each glyph's outline, which is all a name needs. The cost is that
//! a drawn name is an image: its text stays in the `title`.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};

use super::Esc;

/// The font's units per em (Noto Sans CJK), its ascent and descent.
const EM: f32 = 1000.0;
const ASCENT: f32 = 880.0;
const DESCENT: f32 = 120.0;

/// The names of a page, those drawn from outlines with their class.
#[derive(Default)]
pub(crate) struct Names {
    /// Each drawn name: its class number and its SVG.
    drawn: BTreeMap<String, (usize, String, f32)>,
}

/// An SVG path written as the font draws it, y turned down, in relative
/// commands with whole font units (the shortest form: a name's outlines
/// are most of its bytes).
#[derive(Default)]
struct PathPen {
    d: String,
    /// Where the next glyph starts.
    x: f32,
    /// The point the path stands at, in whole units.
    at: (i32, i32),
    /// Where the open subpath started: a `z` goes back there.
    start: (i32, i32),
}

fn n(v: f32) -> i32 {
    // Font units are integers in a CFF font; halves come from nothing.
    #[allow(clippy::cast_possible_truncation)]
    let r = v.round() as i32;
    r
}

impl PathPen {
    /// A number, with a separator only where the one before would run
    /// into it.
    fn num(&mut self, v: i32) {
        if v >= 0 && self.d.ends_with(|c: char| c.is_ascii_digit()) {
            self.d.push(' ');
        }
        let _ = write!(self.d, "{v}");
    }

    /// A point relative to where the path stands; `end` moves it there.
    fn pt(&mut self, x: f32, y: f32, end: bool) {
        let p = (n(x + self.x), n(-y));
        self.num(p.0 - self.at.0);
        self.num(p.1 - self.at.1);
        if end {
            self.at = p;
        }
    }

    /// A point of a curve: control points are relative to the start.
    fn ctrl(&mut self, x: f32, y: f32) {
        self.pt(x, y, false);
    }
}

impl OutlinePen for PathPen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.d.push('m');
        self.pt(x, y, true);
        self.start = self.at;
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.d.push('l');
        self.pt(x, y, true);
    }

    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.d.push('q');
        self.ctrl(cx0, cy0);
        self.pt(x, y, true);
    }

    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.d.push('c');
        self.ctrl(cx0, cy0);
        self.ctrl(cx1, cy1);
        self.pt(x, y, true);
    }

    fn close(&mut self) {
        // After `z` the path stands at the subpath's first point, which
        // the next relative move starts from.
        self.d.push('z');
        self.at = self.start;
    }
}

/// A name's SVG (its glyphs side by side) and width in font units; a
/// character the font lacks is left as SVG text in the page's font.
fn draw(font: &FontRef<'_>, name: &str) -> (String, f32) {
    let charmap = font.charmap();
    let outlines = font.outline_glyphs();
    let metrics = font.glyph_metrics(Size::unscaled(), LocationRef::default());
    let mut pen = PathPen::default();
    let mut text = String::new();
    for ch in name.chars() {
        let glyph = charmap
            .map(ch)
            .and_then(|gid| Some((gid, outlines.get(gid)?)));
        match glyph {
            Some((gid, outline)) => {
                let settings = DrawSettings::unhinted(Size::unscaled(), LocationRef::default());
                let _ = outline.draw(settings, &mut pen);
                pen.x += metrics.advance_width(gid).unwrap_or(EM);
            }
            None => {
                let mut buf = [0u8; 4];
                let _ = write!(
                    text,
                    r#"<text x="{}" y="0" font-size="{}">{}</text>"#,
                    n(pen.x),
                    n(EM * 0.9),
                    Esc(ch.encode_utf8(&mut buf))
                );
                pen.x += if ch.is_ascii() { EM * 0.55 } else { EM };
            }
        }
    }
    let width = pen.x.max(1.0);
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {} {} {}" fill="#1e252c"><path d="{}"/>{text}</svg>"##,
        n(-ASCENT),
        n(width),
        n(ASCENT + DESCENT),
        pen.d
    );
    (svg, width)
}

impl Names {
    /// The names of a page: each that is not plain ASCII is drawn from the
    /// bundled font's outlines (when the font cannot be read, names stay
    /// text).
    pub(crate) fn new<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut out = Self::default();
        let wanted: Vec<&str> = names.into_iter().filter(|n| !n.is_ascii()).collect();
        if wanted.is_empty() {
            return out;
        }
        let Some(font) = crate::cjk::font().and_then(|b| FontRef::new(b).ok()) else {
            return out;
        };
        for name in wanted {
            if out.drawn.contains_key(name) {
                continue;
            }
            let (svg, width) = draw(&font, name);
            let k = out.drawn.len();
            out.drawn.insert(name.to_owned(), (k, svg, width));
        }
        out
    }

    /// The style rules of the drawn names: one class each, its image and
    /// width.
    pub(crate) fn css(&self) -> String {
        let mut css = String::from(
            ".nm{display:inline-block;height:1.12em;vertical-align:-.2em;background:no-repeat 0 0/auto 100%}\n",
        );
        let mut by_class: Vec<_> = self.drawn.values().collect();
        by_class.sort_by_key(|(k, _, _)| *k);
        for (k, svg, width) in by_class {
            let _ = writeln!(
                css,
                ".n{k}{{width:{:.3}em;background-image:url('data:image/svg+xml,{}')}}",
                width / EM * 1.12,
                svg.replace('%', "%25")
                    .replace('#', "%23")
                    .replace('\'', "%27")
            );
        }
        css
    }

    /// A name as the page shows it.
    pub(crate) fn html<'a>(&'a self, name: &'a str) -> NameHtml<'a> {
        NameHtml { names: self, name }
    }

    /// How many names are drawn from outlines.
    #[cfg(test)]
    pub(crate) fn drawn(&self) -> usize {
        self.drawn.len()
    }
}

/// A name, written with `{}`: text, or the element of its drawn image.
pub(crate) struct NameHtml<'a> {
    names: &'a Names,
    name: &'a str,
}

impl fmt::Display for NameHtml<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.names.drawn.get(self.name) {
            Some((k, _, _)) => write!(f, r#"<i class="nm n{k}" title="{}"></i>"#, Esc(self.name)),
            None => write!(f, "{}", Esc(self.name)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_names_stay_text_and_others_are_drawn_once() {
        let names = Names::new(["Alice", "名前", "名前", "<b>"]);
        assert_eq!(names.drawn(), 1);
        assert_eq!(names.html("Alice").to_string(), "Alice");
        assert_eq!(names.html("<b>").to_string(), "&lt;b&gt;");
        let drawn = names.html("名前").to_string();
        assert!(drawn.contains(r#"class="nm n0""#), "{drawn}");
        assert!(drawn.contains(r#"title="名前""#), "{drawn}");
        let css = names.css();
        assert_eq!(css.matches(".n0{").count(), 1);
        // Two glyphs of the bundled font, each an outline: no text left.
        assert!(css.contains("<path d=\"m"), "{css}");
        assert!(!css.contains("<text"), "{css}");
        // The stylesheet holds no character of the name: only outlines.
        assert!(!css.contains('名'));
    }
}
