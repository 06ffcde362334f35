//! One item: its badge and kind, who, the hand drawn with the tile played
//! and the better tiles marked, the tiles listed, the numbers, the
//! sentence and its citation, and — when a decision was analysed there —
//! every candidate discard with its acceptance.

use std::io::{self, Write};

use super::{Esc, shanten_words};
use crate::hand::KindSet;
use crate::html::tiles::{Face, Mark, Size, TileHtml, tile_row};
use crate::review::write::{hand_text, seat_label};
use crate::review::{Candidate, Decision, GameReview, Item, ItemKind};
use crate::score::MeldKind;
use crate::tile::{Tile, sort_tiles};

/// Writes one item block; `id` is unique in the page.
pub(super) fn write_item(
    r: &GameReview,
    i: &Item,
    id: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let severity = i.weight.name();
    writeln!(
        out,
        r#"<article class="item {severity}" id="{id}" data-kind="{}">"#,
        i.kind
    )?;
    write!(
        out,
        r##"<header><span class="badge {severity}">{severity}</span> <b class="kind">{}</b> <span class="who">{}</span> <a class="ev" href="#{id}">ev#{}"##,
        i.kind,
        Esc(&seat_label(r, i.seat)),
        i.event
    )?;
    if let Some(line) = i.src.line {
        write!(out, ", line {line}")?;
    }
    writeln!(out, "</a></header>")?;
    write_hand(i, out)?;
    write_facts(i, out)?;
    writeln!(out, r#"<p class="msg">{}</p>"#, Esc(&i.message))?;
    if !i.citation.is_empty() {
        writeln!(out, r#"<p class="cite">{}</p>"#, Esc(i.citation))?;
    }
    if let Some(d) = i.decision.and_then(|d| r.decisions.get(d)) {
        write_table(d, out)?;
    }
    writeln!(out, "</article>")
}

/// The marks of the concealed tiles: one copy of the tile played (the
/// very tile, else one of its kind) and one of each better kind. A tile
/// both played and better (the passed winning tile of `MISSED-WIN`) is
/// marked better: it is the tile to have taken.
fn marks(hand: &[Tile], played: Option<Tile>, better: &[Tile]) -> Vec<Mark> {
    let mut marks = vec![Mark::None; hand.len()];
    let mut better_kinds: Vec<u8> = Vec::new();
    for t in better {
        if better_kinds.contains(&t.kind()) {
            continue;
        }
        better_kinds.push(t.kind());
        if let Some(m) = pick(hand, &marks, |h| h == t, t.kind()).and_then(|m| marks.get_mut(m)) {
            *m = Mark::Better;
        }
    }
    if let Some(p) = played.filter(|p| !better_kinds.contains(&p.kind()))
        && let Some(m) = pick(hand, &marks, |h| *h == p, p.kind()).and_then(|m| marks.get_mut(m))
    {
        *m = Mark::Played;
    }
    marks
}

/// An unmarked tile of `kind`, the one `exact` prefers if there is one.
fn pick(hand: &[Tile], marks: &[Mark], exact: impl Fn(&Tile) -> bool, kind: u8) -> Option<usize> {
    let free = |i: &usize| marks.get(*i) == Some(&Mark::None);
    let of_kind = |i: &usize| hand.get(*i).is_some_and(|t| t.kind() == kind);
    (0..hand.len())
        .filter(free)
        .find(|i| hand.get(*i).is_some_and(&exact))
        .or_else(|| (0..hand.len()).filter(free).find(of_kind))
}

/// The hand as tiles: the concealed ones, then each meld set apart, then
/// the compact notation for copying into other tools.
fn write_hand(i: &Item, out: &mut dyn Write) -> io::Result<()> {
    let mut hand = i.hand.clone();
    sort_tiles(&mut hand);
    let marks = marks(&hand, i.played, &i.better);
    let melds: Vec<Vec<Tile>> = i
        .melds
        .iter()
        .map(|m| {
            let mut tiles = m.tiles.clone();
            sort_tiles(&mut tiles);
            tiles
        })
        .collect();
    // A called tile is in the meld it made, not among the concealed ones.
    let in_meld = i
        .played
        .filter(|p| {
            !marks.contains(&Mark::Played) && !i.better.iter().any(|b| b.kind() == p.kind())
        })
        .and_then(|p| called(&melds, p));
    write!(out, r#"<div class="hand"><span class="concealed">"#)?;
    for (t, m) in hand.iter().zip(marks) {
        write!(out, "{}", TileHtml::up(*t, Size::Hand).marked(m))?;
    }
    write!(out, "</span>")?;
    for (n, (m, tiles)) in i.melds.iter().zip(&melds).enumerate() {
        let mark = in_meld.filter(|(at, _)| *at == n).map(|(_, k)| k);
        write_meld(m.kind, tiles, mark, out)?;
    }
    writeln!(
        out,
        r#"</div><p class="compact">{}</p>"#,
        Esc(&hand_text(&i.hand, &i.melds))
    )
}

/// Where the tile played sits in the melds (the last meld holding it,
/// the very tile before one of its kind): meld and tile index.
fn called(melds: &[Vec<Tile>], played: Tile) -> Option<(usize, usize)> {
    melds.iter().enumerate().rev().find_map(|(n, tiles)| {
        tiles
            .iter()
            .position(|t| *t == played)
            .or_else(|| tiles.iter().position(|t| t.kind() == played.kind()))
            .map(|k| (n, k))
    })
}

/// A meld (its tiles sorted), the tile at `played` marked; a concealed
/// kong shows its two end tiles face down, as on the table.
fn write_meld(
    kind: MeldKind,
    tiles: &[Tile],
    played: Option<usize>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let name = match kind {
        MeldKind::Chi => "chi",
        MeldKind::Pon => "pon",
        MeldKind::Daiminkan => "open kong",
        MeldKind::Kakan => "added kong",
        MeldKind::Ankan => "concealed kong",
    };
    write!(out, r#"<span class="meld" title="{name}">"#)?;
    let last = tiles.len().saturating_sub(1);
    for (n, t) in tiles.iter().enumerate() {
        let face = if kind == MeldKind::Ankan && (n == 0 || n == last) {
            Face::Back
        } else {
            Face::Up(*t)
        };
        let mark = if played == Some(n) {
            Mark::Played
        } else {
            Mark::None
        };
        write!(
            out,
            "{}",
            TileHtml {
                face,
                size: Size::Hand,
                mark
            }
        )?;
    }
    write!(out, "</span>")
}

/// What the tile played and the better tiles are called for each kind.
fn labels(kind: ItemKind) -> (&'static str, &'static str) {
    match kind {
        ItemKind::MissedWin => ("passed", "passed the win on"),
        ItemKind::DealInWithSafeTile => ("dealt in with", "safe tiles held"),
        ItemKind::YakulessCall => ("called", "better"),
        _ => ("played", "better"),
    }
}

/// The tile played, the better tiles and the numbers.
fn write_facts(i: &Item, out: &mut dyn Write) -> io::Result<()> {
    let (played_label, better_label) = labels(i.kind);
    write!(out, r#"<p class="facts">"#)?;
    // The passed winning tile is shown once, as the better choice.
    if let Some(p) = i
        .played
        .filter(|p| !i.better.iter().any(|b| b.kind() == p.kind()))
    {
        let tile = TileHtml::up(p, Size::List).marked(Mark::Played);
        write!(out, r#"<span class="fact">{played_label} {tile}</span>"#)?;
    }
    if !i.better.is_empty() {
        write!(out, r#"<span class="fact">{better_label} "#)?;
        for t in &i.better {
            write!(out, "{}", TileHtml::up(*t, Size::List).marked(Mark::Better))?;
        }
        write!(out, "</span>")?;
    }
    if let Some((before, after)) = i.shanten {
        write!(
            out,
            r#"<span class="num">shanten <b>{before} → {after}</b></span>"#
        )?;
    }
    if let Some((played, best)) = i.ukeire {
        write!(
            out,
            r#"<span class="num">ukeire <b>{played}</b> played vs <b>{best}</b> best</span>"#
        )?;
    }
    if let Some(v) = i.value {
        write!(out, r#"<span class="num"><b>{v}</b> points</span>"#)?;
    }
    writeln!(out, "</p>")
}

/// Every candidate discard of the decision, best first; the row played
/// and the rank-1 rows highlighted.
fn write_table(d: &Decision, out: &mut dyn Write) -> io::Result<()> {
    let mut caption = format!(
        "Every discard, best first: the hand was {} before it",
        shanten_words(d.shanten)
    );
    if d.riichi {
        caption.push_str("; the discard declared riichi");
    }
    if !d.efficiency {
        caption.push_str("; an opponent was in riichi, so efficiency was not judged");
    }
    caption.push_str(". Tile efficiency only: value, safety and yaku are not weighed.");
    writeln!(
        out,
        r#"<div class="scroll"><table class="acceptance"><caption>{}</caption>"#,
        Esc(&caption)
    )?;
    writeln!(
        out,
        "<thead><tr><th>discard</th><th>shanten</th><th>ukeire</th><th>accepted kinds</th><th>waits</th><th>furiten</th><th>rank</th></tr></thead><tbody>"
    )?;
    for (n, c) in d.candidates.iter().enumerate() {
        write_row(c, n == d.played_index, out)?;
    }
    writeln!(out, "</tbody></table></div>")
}

fn write_row(c: &Candidate, played: bool, out: &mut dyn Write) -> io::Result<()> {
    let class = match (played, c.rank == 1) {
        (true, true) => "cand played best",
        (true, false) => "cand played",
        (false, true) => "cand best",
        (false, false) => "cand",
    };
    let mark = if played { Mark::Played } else { Mark::None };
    let tag = if played {
        r#" <span class="tag">played</span>"#
    } else {
        ""
    };
    let waits = if c.shanten == 0 {
        kinds(c.waits)
    } else {
        "—".to_owned()
    };
    let furiten = if c.furiten {
        r#"<span class="furiten">furiten</span>"#
    } else {
        ""
    };
    writeln!(
        out,
        r#"<tr class="{class}"><td class="d">{}{tag}</td><td>{}</td><td class="n">{}</td><td class="k">{}</td><td class="k">{waits}</td><td>{furiten}</td><td class="n">{}</td></tr>"#,
        TileHtml::up(c.discard, Size::List).marked(mark),
        shanten_words(c.shanten),
        c.ukeire,
        kinds(c.accepts),
        c.rank
    )
}

/// Kinds as small tiles.
fn kinds(set: KindSet) -> String {
    tile_row(set.kinds().filter_map(Tile::from_kind), Size::Small)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(text: &str) -> Vec<Tile> {
        crate::tile::parse_hand(text).unwrap_or_default()
    }

    #[test]
    fn one_copy_of_the_played_and_of_each_better_kind_is_marked() {
        let hand = tiles("2344m");
        let marks = marks(&hand, tiles("4m").first().copied(), &tiles("3m2m"));
        assert_eq!(
            marks,
            [Mark::Better, Mark::Better, Mark::Played, Mark::None]
        );
    }

    #[test]
    fn a_passed_winning_tile_is_marked_better() {
        let hand = tiles("11m");
        let one = tiles("1m");
        let marks = marks(&hand, one.first().copied(), &one);
        assert_eq!(marks, [Mark::Better, Mark::None]);
    }

    #[test]
    fn the_red_five_played_is_the_one_marked() {
        let hand = tiles("505p");
        let marks = marks(&hand, tiles("0p").first().copied(), &[]);
        let red = hand.iter().position(|t| t.is_red());
        assert_eq!(marks.iter().position(|m| *m == Mark::Played), red);
    }
}
