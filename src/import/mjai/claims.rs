//! Outcomes and their claims: `hora`, `ryukyoku`, `reach_accepted`.

use crate::event::{ClaimedYaku, DrawClaim, DrawKind, Event, Format, ScoresClaim, Seat, WinClaim};
use crate::import::{ImportError, ImportErrorKind};
use crate::tile::{Tile, sort_tiles};
use crate::yaku::Yaku;

use super::Builder;
use super::fields::{Fields, quote};

/// The note added when a kyoku's outcome is not followed by `end_kyoku`;
/// `{label}` is replaced by the kyoku's label.
pub(crate) const NOTE_END_KYOKU_ADDED: &str =
    "{label} has no `end_kyoku` after its outcome; one was added";

const NOTE_HORA_PAI: &str = "`hora` has no `pai`: the winning tile is taken from the discarder's last discard or added kong, or from the winner's own draw";

const NOTE_SCORES_AFTER: &str = "a `hora` or `ryukyoku` states scores after the payment without `deltas`; those scores are not kept";

const NOTE_SCORES_MISMATCH: &str = "a `hora` or `ryukyoku` has `scores` and `deltas` of different lengths or beyond range; the scores before it are not kept";

const NOTE_PARTLY_HIDDEN: &str =
    "a `ryukyoku` shows a hand with some tiles hidden (`?`); such a hand is kept as not shown";

/// The ura indicator fields, in order of preference: Mortal, gimite, akochan.
const URA_KEYS: [&str; 3] = ["ura_markers", "uradora_markers", "uradora_marker"];

/// The winner's hand from `hora_tehais` and the winning tile, sorted. Logs
/// differ on whether the list already holds the winning tile (the mjai
/// server adds it on tsumo, akochan and our writer never do); a concealed
/// hand waiting on one tile has 3n+1 tiles, so the count tells.
#[must_use]
pub(crate) fn win_hand(mut tehais: Vec<Tile>, pai: Tile) -> Vec<Tile> {
    if tehais.len() % 3 == 1 {
        tehais.push(pai);
    }
    sort_tiles(&mut tehais);
    tehais
}

/// The mjai `reason` of a draw.
#[must_use]
pub(crate) fn draw_reason(kind: DrawKind, nagashi_mangan: bool) -> &'static str {
    match kind {
        DrawKind::Exhaustive if nagashi_mangan => "nagashimangan",
        DrawKind::Exhaustive => "fanpai",
        DrawKind::NineTerminals => "kyushukyuhai",
        DrawKind::FourRiichi => "suchareach",
        DrawKind::TripleRon => "sanchaho",
        DrawKind::FourKongs => "sukaikan",
        DrawKind::FourWinds => "sufonrenta",
    }
}

fn draw_kind(reason: &str) -> Option<(DrawKind, bool)> {
    Some(match reason {
        "fanpai" => (DrawKind::Exhaustive, false),
        "nagashimangan" => (DrawKind::Exhaustive, true),
        "kyushukyuhai" => (DrawKind::NineTerminals, false),
        "suchareach" => (DrawKind::FourRiichi, false),
        "sanchaho" => (DrawKind::TripleRon, false),
        "sukaikan" => (DrawKind::FourKongs, false),
        "sufonrenta" => (DrawKind::FourWinds, false),
        _ => return None,
    })
}

impl Builder {
    /// Scores before an outcome, from the scores after it and the deltas.
    fn scores_before(
        &mut self,
        deltas: Option<&Vec<i32>>,
        scores: Option<Vec<i32>>,
    ) -> Option<Vec<i32>> {
        let scores = scores?;
        let Some(deltas) = deltas else {
            self.note(NOTE_SCORES_AFTER);
            return None;
        };
        let before: Option<Vec<i32>> = (scores.len() == deltas.len())
            .then(|| {
                scores
                    .iter()
                    .zip(deltas)
                    .map(|(s, d)| s.checked_sub(*d))
                    .collect()
            })
            .flatten();
        if before.is_none() {
            self.note(NOTE_SCORES_MISMATCH);
        }
        before
    }

    /// The winning tile of a `hora` without `pai`.
    fn winning_tile(&self, actor: Seat, target: Seat) -> Option<Tile> {
        match self.last_of(target)? {
            Event::Tsumo {
                actor: a,
                pai: Some(t),
                ..
            } if *a == actor && actor == target => Some(*t),
            Event::Dahai { pai, .. } | Event::Kakan { pai, .. } | Event::Nukidora { pai, .. }
                if actor != target =>
            {
                Some(*pai)
            }
            _ => None,
        }
    }

    pub(super) fn hora(&mut self, f: &Fields<'_>, seats: u8) -> Result<Event, ImportError> {
        let actor = f.seat("actor", seats)?;
        let target = f.seat("target", seats)?;
        let pai = match f.opt_tile("pai")? {
            Some(t) => t,
            None => {
                let Some(t) = self.winning_tile(actor, target) else {
                    return Err(ImportError::new(
                        Format::Mjai,
                        f.src().clone(),
                        ImportErrorKind::Missing {
                            name:
                                "`pai` of `hora` (no shown draw, discard or added kong precedes it)"
                                    .into(),
                        },
                    ));
                };
                self.note(NOTE_HORA_PAI);
                t
            }
        };
        let deltas = f.opt_i32_list("deltas")?;
        let scores = f.opt_i32_list("scores")?;
        let scores_before = self.scores_before(deltas.as_ref(), scores);
        let mut ura_markers = None;
        if let Some(key) = URA_KEYS.iter().find(|k| f.has(k)) {
            ura_markers = f.opt_tiles(key)?;
        }
        let yaku = f
            .opt_name_counts("yakus")?
            .unwrap_or_default()
            .into_iter()
            .filter(|(_, han)| *han > 0)
            .map(|(name, han)| ClaimedYaku {
                yaku: Yaku::from_name(name),
                han,
            })
            .collect();
        let claim = WinClaim {
            han: f.opt_u8("fan")?,
            fu: f.opt_u8("fu")?,
            points: f.opt_i32("hora_points")?,
            yaku,
            ura_markers,
            hand: f.opt_tiles("hora_tehais")?.map(|t| win_hand(t, pai)),
            pao: f.opt_seat("pao", seats)?,
            pao_unknown: !f.has("pao"),
            deltas,
            scores_before,
            ..WinClaim::default()
        };
        Ok(Event::Hora {
            actor,
            target,
            pai,
            claim: Box::new(claim),
        })
    }

    pub(super) fn ryukyoku(&mut self, f: &Fields<'_>) -> Result<Event, ImportError> {
        let (kind, nagashi_mangan) = match f.opt_str("reason")? {
            None => (DrawKind::Exhaustive, false),
            Some(r) => draw_kind(r).ok_or_else(|| {
                f.error(
                    "a draw reason (fanpai, nagashimangan, kyushukyuhai, suchareach, sanchaho, sukaikan, sufonrenta) in `reason` of `ryukyoku`",
                    quote(r),
                )
            })?,
        };
        let mut partly_hidden = false;
        let shown_hands = f.opt_hands("tehais")?.map(|hands| {
            hands
                .into_iter()
                .map(|hand| {
                    let shown: Option<Vec<Tile>> = hand.iter().copied().collect();
                    if shown.is_none() && hand.iter().any(Option::is_some) {
                        partly_hidden = true;
                    }
                    shown
                })
                .collect()
        });
        if partly_hidden {
            self.note(NOTE_PARTLY_HIDDEN);
        }
        let deltas = f.opt_i32_list("deltas")?;
        let scores = f.opt_i32_list("scores")?;
        let scores_before = self.scores_before(deltas.as_ref(), scores);
        let claim = DrawClaim {
            tenpai: f.opt_bools("tenpais")?,
            shown_hands,
            nagashi_mangan,
            deltas,
            scores_before,
            sticks: None,
        };
        Ok(Event::Ryukyoku {
            kind,
            claim: Box::new(claim),
        })
    }

    pub(super) fn reach_accepted(
        &mut self,
        f: &Fields<'_>,
        seats: u8,
    ) -> Result<Event, ImportError> {
        let actor = f.seat("actor", seats)?;
        let deltas = f.opt_i32_list("deltas")?;
        let scores = f.opt_i32_list("scores")?;
        let claim = (deltas.is_some() || scores.is_some())
            .then(|| Box::new(ScoresClaim { scores, deltas }));
        Ok(Event::RiichiAccepted { actor, claim })
    }
}
