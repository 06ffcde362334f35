//! One kyoku array (`formats/tenhou6.md`, "Kyoku array"): its 17 elements read
//! and checked, the order of play rebuilt, the events written.

use serde_json::value::RawValue;

use super::calls::{
    DISCARD_EXPECTED, Discard, TAKE_EXPECTED, Take, read_discard, read_take, read_tile,
};
use super::doc::Doc;
use super::emit::Emitter;
use super::order::{EndRule, SeatPlay, Step, Stuck, rebuild};
use super::result::{Outcome, ResultCtx, read_result};
use crate::event::{Entry, Format, Seat, Wind};
use crate::import::{ImportError, ImportErrorKind};
use crate::tile::Tile;

/// Search steps allowed for one kyoku's order of play. Real kyoku need a
/// few hundred; the ambiguous ones in the corpus a few thousand.
pub(super) const ORDER_BUDGET: usize = 200_000;

/// One seat's arrays, read.
pub(super) struct SeatArrays<'t> {
    pub(super) haipai: Vec<Option<Tile>>,
    pub(super) takes: Vec<Take>,
    pub(super) take_raw: Vec<&'t RawValue>,
    pub(super) discards: Vec<Discard>,
    pub(super) discard_raw: Vec<&'t RawValue>,
    raw_takes: &'t RawValue,
}

/// A kyoku array, read.
pub(super) struct Kyoku<'t> {
    /// `log[K]`.
    pub(super) path: String,
    pub(super) raw: &'t RawValue,
    pub(super) index: u8,
    pub(super) honba: u8,
    pub(super) sticks: u8,
    pub(super) scores: Vec<i32>,
    pub(super) dora: Vec<(Tile, &'t RawValue)>,
    pub(super) seats: Vec<SeatArrays<'t>>,
    pub(super) outcome: Option<Outcome>,
    pub(super) result_raw: Option<&'t RawValue>,
}

impl Kyoku<'_> {
    /// The dealer's seat.
    pub(super) fn dealer(&self) -> u8 {
        self.index % 4
    }

    /// The round wind.
    pub(super) fn wind(&self) -> Wind {
        Wind::from_index(self.index / 4)
    }
}

/// A kyoku array as found: its value, its path `log[K]` and its elements
/// (`None` when it is not an array).
pub(super) struct KyokuRaw<'t> {
    pub(super) raw: &'t RawValue,
    pub(super) path: String,
    pub(super) items: Option<Vec<&'t RawValue>>,
}

/// What one kyoku became.
pub(super) struct KyokuEvents {
    pub(super) events: Vec<Entry>,
    /// The kyoku has an outcome.
    pub(super) complete: bool,
    /// A kan dora was placed at Tenhou's timing after an open kong.
    pub(super) open_kong_dora: bool,
}

/// Reads a kyoku array of a game of `seats` players and writes its
/// events.
pub(super) fn import_kyoku<'t>(
    doc: &Doc<'t>,
    k: &KyokuRaw<'t>,
    seats: u8,
    notes: &mut Vec<String>,
) -> Result<KyokuEvents, ImportError> {
    let kyoku = read_kyoku(doc, k, seats, notes)?;
    let steps = order(doc, &kyoku, notes)?;
    let mut emitter = Emitter::new(doc, &kyoku, notes);
    emitter.start(seats);
    emitter.play(&steps)?;
    emitter.finish()
}

const KYOKU_EXPECTED: &str = "a kyoku array of 17 elements";

fn read_kyoku<'t>(
    doc: &Doc<'t>,
    k: &KyokuRaw<'t>,
    seats: u8,
    notes: &mut Vec<String>,
) -> Result<Kyoku<'t>, ImportError> {
    let (raw, path) = (k.raw, k.path.as_str());
    let Some(items) = &k.items else {
        return Err(doc.expected(raw, path, KYOKU_EXPECTED));
    };
    if !(16..=17).contains(&items.len()) {
        return Err(doc.expected(raw, path, KYOKU_EXPECTED));
    }
    let el = |i: usize| {
        items
            .get(i)
            .copied()
            .ok_or_else(|| doc.expected(raw, path, KYOKU_EXPECTED))
    };

    let head_path = format!("{path}[0]");
    let head = doc.array(el(0)?, &head_path, "[kyoku, honba, riichi sticks]")?;
    let [k, h, r] = head.as_slice() else {
        return Err(doc.expected(el(0)?, head_path, "[kyoku, honba, riichi sticks]"));
    };
    let index = doc.small(k, &format!("{head_path}[0]"), 16, "a kyoku index 0-15")?;
    if index % 4 >= seats {
        return Err(doc.expected(
            k,
            format!("{head_path}[0]"),
            "a kyoku index whose dealer (index mod 4) is at the table",
        ));
    }
    let honba = doc.small(h, &format!("{head_path}[1]"), u8::MAX, "a honba count")?;
    let sticks = doc.small(
        r,
        &format!("{head_path}[2]"),
        u8::MAX,
        "a riichi stick count",
    )?;

    let scores_path = format!("{path}[1]");
    let scores_raw = doc.array(el(1)?, &scores_path, "the scores, one per seat")?;
    if scores_raw.len() < usize::from(seats) {
        return Err(doc.expected(el(1)?, scores_path, "the scores, one per seat"));
    }
    let mut scores = Vec::new();
    for (i, s) in scores_raw.iter().take(usize::from(seats)).enumerate() {
        let p = format!("{scores_path}[{i}]");
        let v = doc.int(s, &p, "a score in points")?;
        scores.push(i32::try_from(v).map_err(|_| doc.expected(s, p, "a score in points"))?);
    }

    let dora = tiles(doc, el(2)?, &format!("{path}[2]"))?;
    if dora.is_empty() {
        return Err(doc.expected(el(2)?, format!("{path}[2]"), "at least one dora indicator"));
    }
    let ura = tiles(doc, el(3)?, &format!("{path}[3]"))?;

    let mut seat_arrays = Vec::new();
    for s in 0..seats {
        let a = 4 + 3 * usize::from(s);
        seat_arrays.push(read_seat(
            doc,
            [el(a)?, el(a + 1)?, el(a + 2)?],
            path,
            a,
            s,
            seats,
        )?);
    }

    let result_raw = items.get(16).copied();
    let dora_tiles: Vec<Tile> = dora.iter().map(|(t, _)| *t).collect();
    let ura_tiles: Vec<Tile> = ura.iter().map(|(t, _)| *t).collect();
    let riichi: Vec<bool> = seat_arrays
        .iter()
        .map(|s| {
            s.discards.iter().any(|d| {
                matches!(
                    d,
                    Discard::Tile { riichi: true, .. } | Discard::Tsumogiri { riichi: true }
                )
            })
        })
        .collect();
    let outcome = match result_raw {
        Some(r) => read_result(
            doc,
            r,
            &ResultCtx {
                path,
                seats,
                dora: &dora_tiles,
                ura: &ura_tiles,
                riichi: &riichi,
            },
            notes,
        )?,
        None => None,
    };
    if !ura_tiles.is_empty()
        && let Some(Outcome::Wins(wins)) = &outcome
        && wins.iter().all(|w| w.claim.ura_markers.is_none())
    {
        notes.push(format!(
            "{path}[3]: ura indicators are listed but no winner has riichi; they are not carried"
        ));
    }
    Ok(Kyoku {
        path: path.to_owned(),
        raw,
        index,
        honba,
        sticks,
        scores,
        dora,
        seats: seat_arrays,
        outcome,
        result_raw,
    })
}

fn tiles<'t>(
    doc: &Doc<'t>,
    raw: &'t RawValue,
    path: &str,
) -> Result<Vec<(Tile, &'t RawValue)>, ImportError> {
    const WHAT: &str = "a tile code (11-19, 21-29, 31-39, 41-47, 51-53)";
    doc.array(raw, path, "an array of tile codes")?
        .into_iter()
        .enumerate()
        .map(|(i, t)| {
            read_tile(t.get())
                .map(|tile| (tile, t))
                .ok_or_else(|| doc.expected(t, format!("{path}[{i}]"), WHAT))
        })
        .collect()
}

fn read_seat<'t>(
    doc: &Doc<'t>,
    raw: [&'t RawValue; 3],
    path: &str,
    a: usize,
    seat: u8,
    seats: u8,
) -> Result<SeatArrays<'t>, ImportError> {
    let [haipai_raw, takes_raw, discards_raw] = raw;
    let haipai = tiles(doc, haipai_raw, &format!("{path}[{a}]"))?
        .into_iter()
        .map(|(t, _)| Some(t))
        .collect();
    let take_path = format!("{path}[{}]", a + 1);
    let take_raw = doc.array(takes_raw, &take_path, "an array of takes")?;
    let mut takes = Vec::with_capacity(take_raw.len());
    for (i, t) in take_raw.iter().enumerate() {
        let p = || super::doc::path(&take_path, &[i]);
        let take = read_take(t.get()).map_err(|found| {
            ImportError::expected(Format::Tenhou6, doc.src(t, p()), TAKE_EXPECTED, found.quote)
        })?;
        if let Some((offset, _)) = take.call()
            && (seat + offset) % 4 >= seats
        {
            return Err(doc.expected(t, p(), "a call from a seat at the table"));
        }
        takes.push(take);
    }
    let discard_path = format!("{path}[{}]", a + 2);
    let discard_raw = doc.array(discards_raw, &discard_path, "an array of discards")?;
    let mut discards = Vec::with_capacity(discard_raw.len());
    for (i, d) in discard_raw.iter().enumerate() {
        let p = || super::doc::path(&discard_path, &[i]);
        let discard = read_discard(d.get()).map_err(|found| {
            ImportError::expected(
                Format::Tenhou6,
                doc.src(d, p()),
                DISCARD_EXPECTED,
                found.quote,
            )
        })?;
        let expected = match (discard, takes.get(i)) {
            (_, None) => Some(
                "no more discards than takes (each discard follows the take of the same index)",
            ),
            (Discard::Placeholder, Some(Take::Daiminkan { .. })) => None,
            (Discard::Placeholder, _) => Some("a discard (0 only follows a daiminkan)"),
            (_, Some(Take::Daiminkan { .. })) => {
                Some("0, the placeholder of the daiminkan taken at the same index")
            }
            (Discard::Tsumogiri { .. }, Some(Take::Draw(_))) => None,
            (Discard::Tsumogiri { .. }, _) => Some(
                "a tile code (60 discards a drawn tile, and the take at the same index is a call)",
            ),
            _ => None,
        };
        if let Some(expected) = expected {
            return Err(doc.expected(d, p(), expected));
        }
        discards.push(discard);
    }
    let extra = takes.len().saturating_sub(discards.len());
    let dropped_placeholder =
        extra == 2 && matches!(takes.get(discards.len()), Some(Take::Daiminkan { .. }));
    if extra > 1 && !dropped_placeholder {
        let i = discards.len() + 1;
        let at = take_raw.get(i).copied().unwrap_or(takes_raw);
        return Err(doc.expected(
            at,
            format!("{take_path}[{i}]"),
            "a discard for every take but the last (found a take without one)",
        ));
    }
    Ok(SeatArrays {
        haipai,
        takes,
        take_raw,
        discards,
        discard_raw,
        raw_takes: takes_raw,
    })
}

fn order(
    doc: &Doc<'_>,
    kyoku: &Kyoku<'_>,
    notes: &mut Vec<String>,
) -> Result<Vec<Step>, ImportError> {
    let plays: Vec<SeatPlay<'_>> = kyoku
        .seats
        .iter()
        .map(|s| SeatPlay {
            takes: &s.takes,
            discards: &s.discards,
        })
        .collect();
    let rule = match &kyoku.outcome {
        None => EndRule::Any,
        Some(outcome) => outcome.end_rule().ok_or_else(|| {
            let at = kyoku.result_raw.unwrap_or(kyoku.raw);
            doc.expected(
                at,
                format!("{}[16]", kyoku.path),
                "wins that share one discarder, or a single tsumo",
            )
        })?,
    };
    match rebuild(&plays, kyoku.dealer(), rule, ORDER_BUDGET) {
        Ok(steps) => Ok(steps),
        Err(stuck) => {
            // A draw whose end does not fit any order is kept with a note;
            // a win must fit, since its winning tile comes from the order.
            if matches!(kyoku.outcome, Some(Outcome::Draw { .. }))
                && stuck != Stuck::Budget
                && let Ok(steps) = rebuild(&plays, kyoku.dealer(), EndRule::Any, ORDER_BUDGET)
            {
                notes.push(format!(
                    "{}: the rebuilt order of play ends where the stated draw cannot; kept as rebuilt",
                    kyoku.path
                ));
                return Ok(steps);
            }
            Err(order_error(doc, kyoku, stuck))
        }
    }
}

fn order_error(doc: &Doc<'_>, kyoku: &Kyoku<'_>, stuck: Stuck) -> ImportError {
    let seat_path =
        |seat: u8, a: usize| format!("{}[{}]", kyoku.path, 4 + 3 * usize::from(seat) + a);
    let seat = |s: u8| kyoku.seats.get(usize::from(s));
    let (raw, path, detail) = match stuck {
        Stuck::CallUnmatched(s, i) => {
            let raw = seat(s)
                .and_then(|a| a.take_raw.get(i).copied())
                .unwrap_or(kyoku.raw);
            (
                raw,
                format!("{}[{i}]", seat_path(s, 1)),
                format!(
                    "seat {s}'s call {} follows no discard it could take",
                    super::doc::quote(raw)
                ),
            )
        }
        Stuck::NoTake(s) => (
            seat(s).map_or(kyoku.raw, |a| a.raw_takes),
            seat_path(s, 1),
            format!("seat {s} has to draw but its takes have run out"),
        ),
        Stuck::Leftover(s, i) => (
            seat(s).map_or(kyoku.raw, |a| a.raw_takes),
            seat_path(s, 1),
            format!(
                "seat {s}'s turn {i} has a take without a discard (its hand ended), but other entries remain"
            ),
        ),
        Stuck::WrongEnd(last) => {
            let ends = match last {
                Some(Step::Take(s, _)) => format!("after a take by seat {s}"),
                Some(Step::Discard(s, _)) => format!("after a discard by seat {s}"),
                None => "before anything happened".to_owned(),
            };
            (
                kyoku.result_raw.unwrap_or(kyoku.raw),
                format!("{}[16]", kyoku.path),
                format!(
                    "the order found that uses every take and discard ends {ends}, which the result contradicts"
                ),
            )
        }
        Stuck::Budget | Stuck::Seen => (
            kyoku.raw,
            kyoku.path.clone(),
            format!("the search gave up after {ORDER_BUDGET} steps"),
        ),
    };
    doc.error(raw, path, ImportErrorKind::Order { detail })
}

/// Seat `n` of the four-seat geometry (`n` taken modulo 4).
pub(super) const fn seat(n: u8) -> Seat {
    Seat::wrapping(n)
}
