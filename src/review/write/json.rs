//! The JSON lines report, for programs. `formats/review.md` is the
//! contract: one `item` line per item, with `--decisions` a `decision`
//! line per discard decision and a `chance` line per chance passed, all in
//! event order within a file; a `game` line closing each file with its
//! seats' summaries, its file's SHA-256 and its profile's fingerprint;
//! `import_error` / `internal_error` lines for files that could not be
//! reviewed (an import error with its parts, as the audit writes it), a
//! `skipped` line for a file in a folder that is no game log; and a final
//! `{"summary": …}` line, with every input's SHA-256. Tiles are written as
//! mjai names (`5m`, `5mr`, `E`, `P`), as `paifu events` does.

use std::io::{self, Write};

use serde::Serialize;

use super::{BatchSummary, ReviewBatch, ReviewedGame};
use crate::batch::Sha256Digest;
use crate::batch::json::{InputLine, inputs, line, write_files};
use crate::event::{Seat, Source};
use crate::hand::KindSet;
use crate::report::PAIFU_VERSION;
use crate::review::{
    ChanceKind, Choice, ChoiceKind, Decision, GameReview, Hindsight, Item, ItemKind, PassedChance,
    Reason, SeatSummary, Situation, Threat, Weight,
};
use crate::score::{Meld, MeldKind};
use crate::tile::Tile;

#[derive(Serialize)]
struct Ukeire {
    played: u8,
    best: u8,
}

/// Where a line about one moment of play stands: the fields every item,
/// decision and chance line opens with.
#[derive(Serialize)]
struct At<'a> {
    #[serde(rename = "type")]
    kind_of_line: &'static str,
    file: &'a str,
    kyoku: &'a str,
    event: usize,
    line: Option<u32>,
    seat: Seat,
}

impl<'a> At<'a> {
    fn new(
        kind_of_line: &'static str,
        file: &'a str,
        kyoku: &'a str,
        event: usize,
        src: &Source,
        seat: Seat,
    ) -> Self {
        Self {
            kind_of_line,
            file,
            kyoku,
            event,
            line: src.line,
            seat,
        }
    }
}

#[derive(Serialize)]
struct ItemLine<'a> {
    #[serde(flatten)]
    at: At<'a>,
    player: &'a str,
    kind: ItemKind,
    severity: Weight,
    played: Option<Tile>,
    better: &'a [Tile],
    shanten: Option<[i8; 2]>,
    ukeire: Option<Ukeire>,
    value: Option<i32>,
    message: &'a str,
    citation: &'a str,
    hand: &'a [Tile],
    melds: Vec<MeldLine<'a>>,
    related: Option<usize>,
    situation: Option<SituationLine<'a>>,
    /// Only where the kyoku's record gives its wall.
    #[serde(skip_serializing_if = "Option::is_none")]
    hindsight: Option<HindsightLine<'a>>,
    profile: &'a str,
}

/// Hindsight on the wall (`formats/review.md`): a fact beside the odds.
#[derive(Serialize)]
struct HindsightLine<'a> {
    instead: Tile,
    turn: u8,
    instead_tenpai: Option<u8>,
    played_tenpai: Option<u8>,
    draws: &'a [Tile],
    recorded: usize,
    continued: bool,
}

fn hindsight_line(h: &Hindsight) -> HindsightLine<'_> {
    HindsightLine {
        instead: h.instead,
        turn: h.turn,
        instead_tenpai: h.instead_tenpai,
        played_tenpai: h.played_tenpai,
        draws: &h.draws,
        recorded: h.recorded,
        continued: h.continued,
    }
}

/// The situation of an item, without its board (the rivers and melds are
/// in the event stream, and drawn in the HTML report).
#[derive(Serialize)]
struct SituationLine<'a> {
    turn: u8,
    tiles_left: u8,
    scores: &'a [i32],
    placements: &'a [u8],
    riichi_sticks: u8,
    honba: u8,
    threats: &'a [Threat],
    dora_indicators: &'a [Tile],
    dora: &'a [Tile],
}

fn situation_line(s: &Situation) -> SituationLine<'_> {
    SituationLine {
        turn: s.turn,
        tiles_left: s.tiles_left,
        scores: &s.scores,
        placements: &s.placements,
        riichi_sticks: s.riichi_sticks,
        honba: s.honba,
        threats: &s.threats,
        dora_indicators: &s.dora_indicators,
        dora: &s.dora,
    }
}

#[derive(Serialize)]
struct MeldLine<'a> {
    kind: &'static str,
    tiles: &'a [Tile],
}

fn melds(list: &[Meld]) -> Vec<MeldLine<'_>> {
    list.iter()
        .map(|m| MeldLine {
            kind: meld_name(m.kind),
            tiles: &m.tiles,
        })
        .collect()
}

const fn meld_name(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Chi => "chi",
        MeldKind::Pon => "pon",
        MeldKind::Daiminkan => "daiminkan",
        MeldKind::Kakan => "kakan",
        MeldKind::Ankan => "ankan",
    }
}

fn tiles_of(set: KindSet) -> Vec<Tile> {
    set.kinds().filter_map(Tile::from_kind).collect()
}

#[derive(Serialize)]
struct CandidateLine<'a> {
    discard: Tile,
    shanten: i8,
    ukeire: u8,
    ukeire_kinds: Vec<Tile>,
    waits: Vec<Tile>,
    furiten: bool,
    rank: u8,
    danger: Vec<DangerLine<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    push_fold: Option<PushFoldLine>,
}

#[derive(Serialize)]
struct PushFoldLine {
    ev: i32,
    win: f64,
    value: i32,
    loss: i32,
}

#[derive(Serialize)]
struct DangerLine<'a> {
    seat: Seat,
    deal_in: f64,
    reasons: &'a [Reason],
}

#[derive(Serialize)]
struct DecisionLine<'a> {
    #[serde(flatten)]
    at: At<'a>,
    kind: &'static str,
    hand: &'a [Tile],
    melds: Vec<MeldLine<'a>>,
    played: Tile,
    riichi: bool,
    shanten: i8,
    efficiency: bool,
    rank: u8,
    threats: &'a [Threat],
    candidates: Vec<CandidateLine<'a>>,
}

#[derive(Serialize)]
struct OptionLine<'a> {
    call: &'static str,
    tiles: &'a [Tile],
    shanten: i8,
}

#[derive(Serialize)]
struct ChanceLine<'a> {
    #[serde(flatten)]
    at: At<'a>,
    kind: &'static str,
    tile: Tile,
    from: Seat,
    legal: Option<bool>,
    value: Option<i32>,
    why: Option<String>,
    options: Vec<OptionLine<'a>>,
}

#[derive(Serialize)]
struct SeatLine<'a> {
    #[serde(flatten)]
    summary: &'a SeatSummary,
    efficiency_agreement: Option<f64>,
}

#[derive(Serialize)]
struct GameLine<'a> {
    #[serde(rename = "type")]
    kind_of_line: &'static str,
    file: &'a str,
    sha256: Option<Sha256Digest>,
    format: &'static str,
    players: u8,
    kyoku: usize,
    profile: &'a str,
    profile_sha256: Sha256Digest,
    notes: &'a [String],
    seats: Vec<SeatLine<'a>>,
    disagreements: usize,
}

#[derive(Serialize)]
struct SummaryBody<'a> {
    files: usize,
    games: usize,
    kyoku: usize,
    import_errors: usize,
    internal_errors: usize,
    skipped: usize,
    damaged: usize,
    disagreements: usize,
    total: SeatLine<'a>,
    players: Vec<SeatLine<'a>>,
    rules: &'a str,
    efficiency_threshold: u8,
    paifu: &'static str,
    inputs: Vec<InputLine<'a>>,
}

#[derive(Serialize)]
struct SummaryLine<'a> {
    summary: SummaryBody<'a>,
}

fn seat_line(summary: &SeatSummary) -> SeatLine<'_> {
    SeatLine {
        summary,
        efficiency_agreement: summary.efficiency_agreement(),
    }
}

/// Writes the JSON lines report.
///
/// # Errors
///
/// The writer's.
pub fn write_json(batch: &ReviewBatch, out: &mut impl Write) -> io::Result<()> {
    write_files(batch, out, |f, g, out| {
        game(batch, &f.file, f.sha256, g, out)
    })?;
    write_json_summary(batch, out)
}

/// Writes the summary line only: the JSON report of `--quiet`.
///
/// # Errors
///
/// The writer's.
pub fn write_json_summary(batch: &ReviewBatch, out: &mut impl Write) -> io::Result<()> {
    let s: BatchSummary = batch.summary();
    line(
        out,
        &SummaryLine {
            summary: SummaryBody {
                files: s.files,
                games: s.games,
                kyoku: s.kyoku,
                import_errors: s.import_errors,
                internal_errors: s.internal_errors,
                skipped: s.skipped,
                damaged: s.damaged,
                disagreements: s.disagreements,
                total: seat_line(&s.total),
                players: s.players.iter().map(seat_line).collect(),
                rules: &batch.rules,
                efficiency_threshold: batch.options.efficiency_threshold,
                paifu: PAIFU_VERSION,
                inputs: inputs(batch),
            },
        },
    )
}

/// What one game writes, merged in event order.
enum Row<'a> {
    Item(&'a Item),
    Decision(&'a Decision),
    Choice(&'a Choice),
    Chance(&'a PassedChance),
}

fn game(
    batch: &ReviewBatch,
    file: &str,
    sha256: Option<Sha256Digest>,
    g: &ReviewedGame,
    out: &mut impl Write,
) -> io::Result<()> {
    let r = &g.review;
    let mut rows: Vec<(usize, u8, Row<'_>)> = r
        .items
        .iter()
        .filter(|i| batch.shows(r, i.seat))
        .map(|i| (i.event, 2, Row::Item(i)))
        .collect();
    if batch.decisions {
        rows.extend(
            r.decisions
                .iter()
                .filter(|d| batch.shows(r, d.seat))
                .map(|d| (d.event, 0, Row::Decision(d))),
        );
        rows.extend(
            r.choices
                .iter()
                .filter(|c| batch.shows(r, c.seat))
                .map(|c| (c.event, 0, Row::Choice(c))),
        );
        rows.extend(
            r.chances
                .iter()
                .filter(|c| batch.shows(r, c.seat))
                .map(|c| (c.event, 1, Row::Chance(c))),
        );
    }
    // Stable: items keep their order within an event.
    rows.sort_by_key(|(event, order, _)| (*event, *order));
    let profile = g.profile.name.as_str();
    for (_, _, row) in rows {
        match row {
            Row::Item(i) => line(out, &item_line(r, file, profile, i))?,
            Row::Decision(d) => line(out, &decision_line(file, d))?,
            Row::Choice(c) => line(out, &choice_line(file, c))?,
            Row::Chance(c) => line(out, &chance_line(file, c))?,
        }
    }
    line(
        out,
        &GameLine {
            kind_of_line: "game",
            file,
            sha256,
            format: g.format.name(),
            players: r.seats,
            kyoku: r.kyoku,
            profile,
            profile_sha256: g.profile_sha256,
            notes: &g.notes,
            seats: r
                .summary
                .iter()
                .filter(|s| s.seat.is_some_and(|x| batch.shows(r, x)))
                .map(seat_line)
                .collect(),
            disagreements: r.disagreements.len(),
        },
    )
}

fn item_line<'a>(r: &'a GameReview, file: &'a str, profile: &'a str, i: &'a Item) -> ItemLine<'a> {
    ItemLine {
        at: At::new("item", file, &i.kyoku, i.event, &i.src, i.seat),
        player: r.players.get(i.seat.index()).map_or("", String::as_str),
        kind: i.kind,
        severity: i.weight,
        played: i.played,
        better: &i.better,
        shanten: i.shanten.map(|(a, b)| [a, b]),
        ukeire: i.ukeire.map(|(played, best)| Ukeire { played, best }),
        value: i.value,
        message: &i.message,
        citation: i.citation,
        hand: &i.hand,
        melds: melds(&i.melds),
        related: i.related,
        situation: i.situation.as_ref().map(situation_line),
        hindsight: i.hindsight.as_ref().map(hindsight_line),
        profile,
    }
}

fn decision_line<'a>(file: &'a str, d: &'a Decision) -> DecisionLine<'a> {
    DecisionLine {
        at: At::new("decision", file, &d.kyoku, d.event, &d.src, d.seat),
        kind: "discard",
        hand: &d.hand,
        melds: melds(&d.melds),
        played: d.played,
        riichi: d.riichi,
        shanten: d.shanten,
        efficiency: d.efficiency,
        rank: d.played().map_or(0, |c| c.rank),
        threats: &d.threats,
        candidates: d
            .candidates
            .iter()
            .map(|c| CandidateLine {
                discard: c.discard,
                shanten: c.shanten,
                ukeire: c.ukeire,
                ukeire_kinds: tiles_of(c.accepts),
                waits: tiles_of(c.waits),
                furiten: c.furiten,
                rank: c.rank,
                danger: c
                    .danger
                    .iter()
                    .map(|x| DangerLine {
                        seat: x.seat,
                        deal_in: x.deal_in(),
                        reasons: &x.reasons,
                    })
                    .collect(),
                push_fold: c.push_fold.map(|p| PushFoldLine {
                    ev: p.ev,
                    win: p.win(),
                    value: p.value,
                    loss: p.loss,
                }),
            })
            .collect(),
    }
}

fn chance_line<'a>(file: &'a str, c: &'a PassedChance) -> ChanceLine<'a> {
    let (kind, from, options) = match &c.kind {
        ChanceKind::Ron { from } => ("ron", *from, Vec::new()),
        ChanceKind::Tsumo => ("tsumo", c.seat, Vec::new()),
        ChanceKind::Call { from, options } => (
            "call",
            *from,
            options
                .iter()
                .map(|(k, tiles, shanten)| OptionLine {
                    call: meld_name(*k),
                    tiles,
                    shanten: *shanten,
                })
                .collect(),
        ),
    };
    ChanceLine {
        at: At::new("chance", file, &c.kyoku, c.event, &c.src, c.seat),
        kind,
        tile: c.tile,
        from,
        legal: c.win.as_ref().map(Result::is_ok),
        value: c.win.as_ref().and_then(|w| w.as_ref().ok().copied()),
        why: c
            .win
            .as_ref()
            .and_then(|w| w.as_ref().err().map(ToString::to_string)),
        options,
    }
}

#[derive(Serialize)]
struct WaitValue {
    tile: Tile,
    points: Option<i32>,
}

#[derive(Serialize)]
struct AlternativeLine<'a> {
    choice: &'static str,
    #[serde(skip_serializing_if = "<[Tile]>::is_empty")]
    tiles: &'a [Tile],
    #[serde(skip_serializing_if = "Option::is_none")]
    shanten: Option<i8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ukeire: Option<u8>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    waits: Vec<Tile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    furiten: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    routes: Option<&'a [&'static str]>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    values: Vec<WaitValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    win_chance: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    placement: Option<usize>,
    taken: bool,
}

#[derive(Serialize)]
struct ChoiceLine<'a> {
    #[serde(flatten)]
    at: At<'a>,
    kind: &'static str,
    tile: Tile,
    from: Seat,
    taken: Option<&'static str>,
    riichi_opponents: u8,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    new_dora: bool,
    candidates: Vec<AlternativeLine<'a>>,
}

/// A chance rounded to four decimals, as the danger's are.
fn rounded(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn choice_line<'a>(file: &'a str, c: &'a Choice) -> ChoiceLine<'a> {
    ChoiceLine {
        at: At::new("decision", file, &c.kyoku, c.event, &c.src, c.seat),
        kind: c.kind.name(),
        tile: c.tile,
        from: c.from,
        taken: c.taken().map(|a| a.name),
        riichi_opponents: c.riichi_opponents,
        new_dora: c.kind == ChoiceKind::Kong,
        candidates: c
            .alternatives
            .iter()
            .map(|a| AlternativeLine {
                choice: a.name,
                tiles: &a.tiles,
                shanten: a.shanten,
                ukeire: a.ukeire,
                waits: tiles_of(a.waits),
                furiten: a.furiten,
                routes: a.routes.as_deref(),
                values: a
                    .values
                    .iter()
                    .filter_map(|&(k, points)| {
                        Tile::from_kind(k).map(|tile| WaitValue { tile, points })
                    })
                    .collect(),
                value: a.value,
                win_chance: a.win_chance.map(rounded),
                placement: a.placement,
                taken: a.taken,
            })
            .collect(),
    }
}
