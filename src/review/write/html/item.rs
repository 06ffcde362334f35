//! One item: a folding block whose summary line gives the badge, the
//! kind, who and the turn, and whose body holds the sentence, its
//! citation and, as compact data the page's script draws when the block
//! is opened, the board at that moment (rivers, melds, dora, scores), the
//! hand with the tile played and the better tiles marked, and — when a
//! decision was analysed there — every candidate discard with its
//! acceptance. Drawing on opening keeps a report of thousands of items
//! small: a tile costs a few bytes of data, not an element.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::Esc;
use crate::engine::CalledMeld;
use crate::hand::KindSet;
use crate::html::glyphs::Names;
use crate::html::tiles::Mark;
use crate::review::write::seat_label;
use crate::review::{Decision, GameReview, Hindsight, Item, ItemKind, Situation, ThreatKind};
use crate::score::MeldKind;
use crate::tile::{Tile, sort_tiles};

/// A seat as the page shows it: `seat 2 (Name)`, the name drawn when it
/// needs the bundled font.
pub(super) fn seat_html(r: &GameReview, names: &Names, seat: crate::event::Seat) -> String {
    match r.players.get(seat.index()).filter(|n| !n.is_empty()) {
        Some(name) => format!("seat {seat} ({})", names.html(name)),
        None => Esc(&seat_label(r, seat)).to_string(),
    }
}

/// Writes one item block; `id` is unique in the page. Items other than
/// `EFFICIENCY` open unfolded.
pub(super) fn write_item(
    r: &GameReview,
    names: &Names,
    i: &Item,
    id: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let severity = i.weight.name();
    let open = if i.kind == ItemKind::Efficiency {
        ""
    } else {
        " open"
    };
    write!(
        out,
        r#"<details class="item {severity}" id="{id}" data-kind="{}" data-seat="{}"{open}><summary><span class="badge {severity}">{severity}</span> <b class="kind">{}</b> <span class="who">{}</span>"#,
        i.kind,
        i.seat,
        i.kind,
        seat_html(r, names, i.seat),
    )?;
    if let Some(s) = &i.situation {
        write!(out, r#" <span class="turn">turn {}</span>"#, s.turn)?;
    }
    write!(out, r##" <a class="ev" href="#{id}">ev#{}"##, i.event)?;
    if let Some(line) = i.src.line {
        write!(out, ", line {line}")?;
    }
    writeln!(out, "</a></summary>")?;
    writeln!(out, r#"<p class="msg">{}</p>"#, Esc(&i.message))?;
    if !i.citation.is_empty() {
        writeln!(out, r#"<p class="cite">{}</p>"#, Esc(i.citation))?;
    }
    write!(out, r#"<div class="body" data-e="{}""#, i.event)?;
    if let Some(s) = &i.situation {
        write!(out, " data-b='{}'", board_data(s))?;
    }
    write!(out, " data-h='{}'", hand_data(i))?;
    write!(out, " data-f='{}'", facts_data(i))?;
    if let Some(h) = &i.hindsight {
        write!(out, " data-w='{}'", Esc(&hindsight_data(h)))?;
    }
    if let Some(d) = i.decision.and_then(|d| r.decisions.get(d)) {
        write!(out, " data-c='{}'", candidates_data(d))?;
    }
    writeln!(out, "></div></details>")
}

/// A tile with its marks, as the page's script reads it: the compact
/// name (`5m`, `0p` a red five, `1z`–`7z` the honours) and mark signs.
fn token(out: &mut String, t: Tile, marks: &str) {
    out.push_str(&t.to_compact());
    out.push_str(marks);
}

fn tokens(tiles: impl IntoIterator<Item = Tile>) -> String {
    let mut out = String::new();
    for t in tiles {
        token(&mut out, t, "");
    }
    out
}

/// A meld: its kind's letter (`c` chi, `p` pon, `k` open kong, `x` added
/// kong, `a` concealed kong) and its tiles, sorted.
fn meld_data(out: &mut String, kind: MeldKind, tiles: &[Tile]) {
    out.push(match kind {
        MeldKind::Chi => 'c',
        MeldKind::Pon => 'p',
        MeldKind::Daiminkan => 'k',
        MeldKind::Kakan => 'x',
        MeldKind::Ankan => 'a',
    });
    let mut tiles = tiles.to_vec();
    sort_tiles(&mut tiles);
    out.push_str(&tokens(tiles));
}

fn melds_data(melds: &[CalledMeld]) -> String {
    let mut out = String::new();
    for (n, m) in melds.iter().enumerate() {
        if n > 0 {
            out.push(' ');
        }
        meld_data(&mut out, m.meld.kind, &m.meld.tiles);
    }
    out
}

/// `[16300,25000,25000,33700]`: a JSON array of numbers without spaces.
fn compact_list<T: std::fmt::Display>(values: &[T]) -> String {
    let items: Vec<String> = values.iter().map(ToString::to_string).collect();
    format!("[{}]", items.join(","))
}

/// The board as JSON the script reads (single-quoted in the page: no
/// value holds a `'`): turn `t`, tiles left `l`, riichi sticks `k`,
/// counters `h`, dora indicators `i` and dora `d`, scores `c` and
/// placements `p` by seat, round wind `w`, dealer `x`, threats `z`
/// (`[seat, kind]`), and by seat the rivers `r` (a tile then `_` when
/// it was the tile drawn, `*` when it declared riichi, `^` when it was
/// called) and melds `m`.
fn board_data(s: &Situation) -> String {
    let mut out = format!(
        r#"{{"t":{},"l":{},"k":{},"h":{},"i":"{}","d":"{}","c":{},"p":{},"w":"{}","x":{},"z":["#,
        s.turn,
        s.tiles_left,
        s.riichi_sticks,
        s.honba,
        tokens(s.dora_indicators.iter().copied()),
        tokens(s.dora.iter().copied()),
        compact_list(&s.scores),
        compact_list(&s.placements),
        s.board.round_wind.letter(),
        s.board.dealer,
    );
    for (n, t) in s.threats.iter().enumerate() {
        let kind = match t.kind {
            ThreatKind::Riichi => "riichi",
            ThreatKind::Open => "open",
        };
        let comma = if n > 0 { "," } else { "" };
        let _ = write!(out, r#"{comma}[{},"{kind}"]"#, t.seat);
    }
    out.push_str(r#"],"r":["#);
    for (n, b) in s.board.seats.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push('"');
        for t in &b.river {
            let mut marks = String::new();
            if t.tsumogiri {
                marks.push('_');
            }
            if t.riichi {
                marks.push('*');
            }
            if t.called {
                marks.push('^');
            }
            token(&mut out, t.tile, &marks);
        }
        out.push('"');
    }
    out.push_str(r#"],"m":["#);
    for (n, b) in s.board.seats.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        let _ = write!(out, r#""{}""#, melds_data(&b.melds));
    }
    out.push_str("]}");
    out
}

/// The hand: the concealed tiles sorted, `!` on the tile played and `+`
/// on each better one; then `|` and the item's melds.
fn hand_data(i: &Item) -> String {
    let mut hand = i.hand.clone();
    sort_tiles(&mut hand);
    let marks = marks(&hand, i.played, &i.better);
    let mut out = String::new();
    for (t, m) in hand.iter().zip(marks) {
        let sign = match m {
            Mark::None => "",
            Mark::Played => "!",
            Mark::Better => "+",
        };
        token(&mut out, *t, sign);
    }
    out.push('|');
    for (n, m) in i.melds.iter().enumerate() {
        if n > 0 {
            out.push(' ');
        }
        meld_data(&mut out, m.kind, &m.tiles);
    }
    out
}

/// What the tile played and the better tiles are called for each kind.
fn labels(kind: ItemKind) -> (&'static str, &'static str) {
    match kind {
        ItemKind::MissedWin => ("passed", "passed the win on"),
        ItemKind::DealInWithSafeTile => ("dealt in with", "safe tiles held"),
        ItemKind::YakulessCall => ("called", "better"),
        ItemKind::CallNoProgress => ("called", "better"),
        ItemKind::KongIntoRiichi => ("kong", "better"),
        _ => ("played", "better"),
    }
}

/// The facts: label and tiles of the tile played (left out when it is
/// also the better one, the passed winning tile), of the better tiles,
/// then the numbers, `;`-separated: `played:5m;better:3m6m;shanten:1,1;
/// ukeire:12,20;points:3900`.
fn facts_data(i: &Item) -> String {
    let (played_label, better_label) = labels(i.kind);
    let mut parts = Vec::new();
    if let Some(p) = i
        .played
        .filter(|p| !i.better.iter().any(|b| b.kind() == p.kind()))
    {
        parts.push(format!("{played_label}:{}", tokens([p])));
    }
    if !i.better.is_empty() {
        parts.push(format!(
            "{better_label}:{}",
            tokens(i.better.iter().copied())
        ));
    }
    if let Some((before, after)) = i.shanten {
        parts.push(format!("shanten:{before},{after}"));
    }
    if let Some((played, best)) = i.ukeire {
        parts.push(format!("ukeire:{played},{best}"));
    }
    if let Some(v) = i.value {
        parts.push(format!("points:{v}"));
    }
    parts.join(";")
}

/// Hindsight on the wall, which the script words as
/// [`Hindsight::sentence`] does (a sentence on every item would take the
/// page over its size budget): the tile discarded instead as the sentence
/// names it, the decision's turn, each hand's first tenpai turn (empty:
/// not within the wall) and the turn the continuation past the kyoku's end
/// starts from when an answer rests on it, `|`-separated.
fn hindsight_data(h: &Hindsight) -> String {
    let turn = |t: Option<u8>| t.map(|t| t.to_string()).unwrap_or_default();
    let from = if h.continued {
        (usize::from(h.turn) + h.recorded + 1).to_string()
    } else {
        String::new()
    };
    format!(
        "{}|{}|{}|{}|{from}",
        crate::names::short_tile(h.instead),
        h.turn,
        turn(h.instead_tenpai),
        turn(h.played_tenpai),
    )
}

/// Every candidate discard of the decision, best first: a head (the
/// shanten before, `r` when the discard declared riichi, `n` when
/// efficiency was not judged), then one row each, `;`-separated: discard,
/// shanten, ukeire, accepted kinds (`=`: the row above's) and waits
/// (each a hexadecimal bit set of kinds, [`kinds`]),
/// `f` when furiten, rank, `!`
/// on the row played, and, when opponents threaten, the chance to deal in
/// to each and the push-or-fold weighing.
fn candidates_data(d: &Decision) -> String {
    let mut out = d.shanten.to_string();
    if d.riichi {
        out.push('r');
    }
    if !d.efficiency {
        out.push('n');
    }
    // The threats, `@` then a seat digit and `r` (riichi) or `o` (open
    // hand) each; every row then ends with its deal-in chances against
    // them in basis points, `/` between.
    if !d.threats.is_empty() {
        out.push('@');
        for t in &d.threats {
            let _ = write!(
                out,
                "{}{}",
                t.seat,
                match t.kind {
                    ThreatKind::Riichi => 'r',
                    ThreatKind::Open => 'o',
                }
            );
        }
    }
    let mut before = None;
    for (n, c) in d.candidates.iter().enumerate() {
        let waits = if c.shanten == 0 {
            kinds(c.waits)
        } else {
            String::new()
        };
        // Discards of loose tiles often accept the same kinds: `=` repeats
        // the row above's.
        let accepts = if before == Some(c.accepts) {
            "=".to_owned()
        } else {
            kinds(c.accepts)
        };
        before = Some(c.accepts);
        let _ = write!(
            out,
            ";{},{},{},{},{},{},{},{}",
            tokens([c.discard]),
            c.shanten,
            c.ukeire,
            accepts,
            waits,
            if c.furiten { "f" } else { "" },
            c.rank,
            if n == d.played_index { "!" } else { "" }
        );
        if !c.danger.is_empty() {
            let chances: Vec<String> = c.danger.iter().map(|x| x.deal_in_bp.to_string()).collect();
            let _ = write!(out, ",{}", chances.join("/"));
            // Then its push-or-fold EV and chance to win in whole percent,
            // `/` between (the value and loss stay in the JSON and the
            // item's message: the page keeps under its size budget).
            if let Some(pf) = c.push_fold {
                let _ = write!(out, ",{}/{}", pf.ev, (pf.win_bp + 50) / 100);
            }
        }
    }
    out
}

/// Kinds as the hexadecimal of their bit set (bit k for kind k, 0–33: 1m
/// to 9m, 1p to 9p, 1s to 9s, then East to Red); empty for none. A third of
/// the length of the compact notation, which the page's script spells out.
fn kinds(set: KindSet) -> String {
    if set.0 == 0 {
        String::new()
    } else {
        format!("{:x}", set.0)
    }
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
