//! Rule books side by side: one hand, or every win and kyoku of a game,
//! computed under several profiles at once, each difference explained by
//! the profile field responsible and its paragraphs.
//!
//! A difference is explained by trial, not by a table of which rule
//! touches what: the first profile is taken with one field of the other
//! profile's value, and the win is computed again; a field that alone
//! turns the first profile's figure into the other's is the reason. So
//! the explanation can never disagree with the engine.

mod game;

pub use game::{GameComparison, KyokuCounts, RuleCount, WinRow, compare_game};

use serde::Serialize;

use crate::engine::{Rejection, WinCheck, WinScore, plain_fives, win_at};
use crate::event::{GameLog, Limit};
use crate::names;
use crate::rules::{FieldNote, Rules};
use crate::score::{Payment, ScoreError, Scored, Situation, WinningHand, bare_total, score};
use crate::yaku::Yaku;

/// One yaku of a win, or a dora count.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct YakuEntry {
    /// The yaku's stable id (`riichi`), or the dora kind's (`dora`,
    /// `aka_dora`, `ura_dora`, `nukidora`), as the event stream spells them.
    pub name: String,
    /// Its han (13 a yakuman).
    pub han: u8,
    /// For a yakuman, how many it counts for (2: double); 0 otherwise.
    pub yakuman: u8,
}

impl YakuEntry {
    /// The value as printed: `1` (han), `yakuman`, `double yakuman`.
    #[must_use]
    pub fn value(&self) -> String {
        match self.yakuman {
            0 => self.han.to_string(),
            n => names::yakuman(n),
        }
    }
}

/// A win's figures under one profile.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Figures {
    /// The yaku with their han, or the yakuman, then the dora by kind.
    pub yaku: Vec<YakuEntry>,
    /// Han, dora included (13 a yakuman).
    pub han: u8,
    /// Fu, rounded.
    pub fu: u8,
    /// The limit reached.
    pub limit: Limit,
    /// How many yakuman the hand is paid as (0 below yakuman; 1 for a
    /// counted yakuman).
    pub yakuman: u8,
    /// The hand's value without counters and riichi sticks.
    pub points: i32,
    /// What the payers pay, counters included.
    pub payment: Payment,
    /// What the winner gains, riichi sticks included.
    pub total: i32,
    /// Every seat's score change (a win of a game; `None` for a hand).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deltas: Option<Vec<i32>>,
}

impl Figures {
    /// The figures of a scored hand.
    #[must_use]
    pub fn of_scored(scored: &Scored, situation: &Situation, rules: &Rules) -> Self {
        Self {
            yaku: yaku_list(scored),
            han: scored.han,
            fu: scored.fu,
            limit: scored.limit,
            yakuman: yakuman_multiple(scored),
            points: bare_total(scored, situation, rules).unwrap_or(scored.total),
            payment: scored.payment,
            total: scored.total,
            deltas: None,
        }
    }

    /// The figures of a win of a game, its score changes included.
    #[must_use]
    pub fn of_win(win: &WinScore) -> Self {
        Self {
            yaku: yaku_list(&win.scored),
            han: win.scored.han,
            fu: win.scored.fu,
            limit: win.scored.limit,
            yakuman: yakuman_multiple(&win.scored),
            points: win.value,
            payment: win.scored.payment,
            total: win.scored.total,
            deltas: Some(win.deltas.clone()),
        }
    }

    /// The han of a yaku or dora kind, as printed (`None`: not in this
    /// hand).
    #[must_use]
    pub fn yaku_value(&self, name: &str) -> Option<String> {
        self.yaku
            .iter()
            .find(|y| y.name == name)
            .map(YakuEntry::value)
    }

    /// The limit in words: `mangan`, `double yakuman`; empty below mangan.
    #[must_use]
    pub fn limit_words(&self) -> String {
        match (self.limit, self.yakuman) {
            (Limit::None, _) => String::new(),
            (Limit::Yakuman, n) if n > 1 => names::yakuman(n),
            (limit, _) => names::limit(limit).to_owned(),
        }
    }

    /// One cell, as the table prints it.
    #[must_use]
    pub fn cell(&self, cell: Cell) -> String {
        match cell {
            Cell::Yaku => self
                .yaku
                .iter()
                .map(|y| format!("{} {}", y.name, y.value()))
                .collect::<Vec<_>>()
                .join(", "),
            Cell::Han => self.han.to_string(),
            Cell::Fu => self.fu.to_string(),
            Cell::Points => match self.limit {
                Limit::None => self.points.to_string(),
                _ => format!("{} {}", self.points, self.limit_words()),
            },
            Cell::Payments => match &self.deltas {
                Some(d) => d
                    .iter()
                    .map(|v| format!("{v:+}"))
                    .collect::<Vec<_>>()
                    .join(" "),
                None => payment_words(self.payment),
            },
        }
    }
}

/// How many yakuman a scored hand is paid as (0 below yakuman).
#[must_use]
pub fn yakuman_multiple(scored: &Scored) -> u8 {
    if scored.limit != Limit::Yakuman {
        return 0;
    }
    // A yakuman's basic points are 8000 each, counted ones included.
    u8::try_from(scored.base / 8000).unwrap_or(u8::MAX).max(1)
}

/// A payment in a few words: `ron 7700`, `tsumo 2000 all`, `tsumo
/// 1000/2000` (non-dealers / dealer).
#[must_use]
pub fn payment_words(p: Payment) -> String {
    match p {
        Payment::Ron { discarder } => format!("ron {discarder}"),
        Payment::TsumoDealer { each } => format!("tsumo {each} all"),
        Payment::TsumoNonDealer { dealer, non_dealer } => {
            format!("tsumo {non_dealer}/{dealer}")
        }
    }
}

fn yaku_list(scored: &Scored) -> Vec<YakuEntry> {
    if !scored.yakuman.is_empty() {
        return scored
            .yakuman
            .iter()
            .map(|y| YakuEntry {
                name: y.yaku.to_string(),
                han: y.multiplier.saturating_mul(13),
                yakuman: y.multiplier,
            })
            .collect();
    }
    let mut out: Vec<YakuEntry> = scored
        .yaku
        .iter()
        .map(|y| YakuEntry {
            name: y.yaku.to_string(),
            han: y.han,
            yakuman: 0,
        })
        .collect();
    let d = scored.dora;
    for (kind, n) in [
        (Yaku::Dora, d.dora),
        (Yaku::AkaDora, d.aka),
        (Yaku::UraDora, d.ura),
        (Yaku::Nukidora, d.nukidora),
    ] {
        if n > 0 {
            out.push(YakuEntry {
                name: kind.to_string(),
                han: n,
                yakuman: 0,
            });
        }
    }
    out
}

/// A row of the comparison of a win.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cell {
    /// The yaku and dora.
    Yaku,
    /// Han.
    Han,
    /// Fu.
    Fu,
    /// The hand's value and its limit.
    Points,
    /// The payments (a game's win: every seat's score change).
    Payments,
}

impl Cell {
    /// Every row, in the order printed.
    pub const ALL: [Self; 5] = [
        Self::Yaku,
        Self::Han,
        Self::Fu,
        Self::Points,
        Self::Payments,
    ];

    /// The row's label.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Yaku => "yaku",
            Self::Han => "han",
            Self::Fu => "fu",
            Self::Points => "points",
            Self::Payments => "payments",
        }
    }
}

/// One win under one profile: its figures, or why it is no win there.
pub type Outcome = Result<Figures, NoWin>;

/// Why a column holds no win: the profile's reason, in the words the
/// tables print. Serialised as that sentence.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NoWin {
    /// The hand cannot be scored under the profile.
    #[error("{0}")]
    Score(ScoreError),
    /// The audit rejects the declared win.
    #[error("{}", .0.message)]
    Rejected(Rejection),
    /// The engine could not read the win's inputs off the table.
    #[error("{0}")]
    Inputs(crate::engine::NoInputs),
    /// The event is no win under the profile.
    #[error("no win at this event")]
    NoWinAt,
    /// The winner's hand is hidden.
    #[error("the winner's hand is hidden")]
    Hidden,
    /// The win is a chombo under the profile.
    #[error("chombo: {0}")]
    Chombo(&'static str),
    /// The audit does not follow the kyoku under the profile.
    #[error("the audit does not follow this kyoku under this profile")]
    NotFollowed,
    /// The engine returned the win without recomputing it.
    #[error("not recomputed")]
    NotRecomputed,
    /// No outcome was computed for the column.
    #[error("not computed")]
    NotComputed,
}

impl Serialize for NoWin {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A cell of an outcome as printed: the figure, or `no win` when the
/// profile does not let the hand win.
#[must_use]
pub fn cell_text(outcome: &Outcome, cell: Cell) -> String {
    match outcome {
        Ok(f) => f.cell(cell),
        Err(_) => "no win".to_owned(),
    }
}

/// Why a column's figure differs from the first column's: one field of
/// the profile.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Reason {
    /// The field (`kiriage`).
    pub field: &'static str,
    /// What it decides.
    pub what: &'static str,
    /// Its value in the first profile (JSON).
    pub first: serde_json::Value,
    /// Its value in this column's profile.
    pub here: serde_json::Value,
    /// The paragraphs it follows.
    pub source: &'static str,
}

impl Reason {
    fn new(note: &'static FieldNote, first: &Rules, here: &Rules) -> Self {
        Self {
            field: note.field,
            what: note.what,
            first: first.field_value(note.field).unwrap_or_default(),
            here: here.field_value(note.field).unwrap_or_default(),
            source: note.source,
        }
    }
}

/// A cell of one column that differs from the first column, with the
/// fields that explain it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Difference {
    /// The row.
    pub cell: Cell,
    /// The column (index into the profiles; never 0).
    pub column: usize,
    /// The fields each of which alone turns the first column's figure into
    /// this one; empty when no single field does (several act together).
    pub reasons: Vec<Reason>,
}

/// One win under every profile.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct WinComparison {
    /// The profiles' names, one a column.
    pub profiles: Vec<String>,
    /// The outcome under each profile.
    pub columns: Vec<Outcome>,
    /// The cells that differ from the first column's, explained.
    pub differences: Vec<Difference>,
}

impl WinComparison {
    /// Whether a column's cell differs from the first column's.
    #[must_use]
    pub fn differs(&self, column: usize, cell: Cell) -> bool {
        self.differences
            .iter()
            .any(|d| d.column == column && d.cell == cell)
    }

    /// Whether any column differs in this row.
    #[must_use]
    pub fn row_differs(&self, cell: Cell) -> bool {
        self.differences.iter().any(|d| d.cell == cell)
    }

    /// Every yaku and dora kind of any column, in the order they first
    /// appear: the rows of the yaku part of a table.
    #[must_use]
    pub fn yaku_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for y in self.columns.iter().flatten().flat_map(|f| &f.yaku) {
            if !names.contains(&y.name.as_str()) {
                names.push(&y.name);
            }
        }
        names
    }

    /// A yaku row's cell under a column: its value, `—` when the column's
    /// hand lacks it, `no win` when the column's profile lets no win.
    #[must_use]
    pub fn yaku_cell(&self, column: usize, name: &str) -> String {
        match self.columns.get(column) {
            Some(Ok(f)) => f.yaku_value(name).unwrap_or_else(|| "—".to_owned()),
            Some(Err(_)) => "no win".to_owned(),
            None => String::new(),
        }
    }
}

impl Reason {
    /// The reason in one line: `` `kiriage` (… mangan): tenhou: false;
    /// wrc2015: true [WRC 2015 §6.1 …]``. Of a field made of several
    /// values, only those that differ are given.
    #[must_use]
    pub fn sentence(&self, first: &str, here: &str) -> String {
        let (a, b) = brief(&self.first, &self.here);
        format!(
            "`{}` ({}): {first}: {a}; {here}: {b} [{}]",
            self.field, self.what, self.source
        )
    }
}

/// Two values of a field as printed: of two objects, only the keys whose
/// values differ (`kokushi_13_wait true`).
fn brief(a: &serde_json::Value, b: &serde_json::Value) -> (String, String) {
    match (a, b) {
        (serde_json::Value::Object(x), serde_json::Value::Object(y)) => {
            let pick = |m: &serde_json::Map<String, serde_json::Value>,
                        o: &serde_json::Map<String, serde_json::Value>| {
                m.iter()
                    .filter(|(k, v)| o.get(*k) != Some(*v))
                    .map(|(k, v)| format!("{k} {v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            (pick(x, y), pick(y, x))
        }
        _ => (a.to_string(), b.to_string()),
    }
}

/// Scores one hand under each profile, side by side. A red five under a
/// profile without red fives is an ordinary five there, as in a log.
#[must_use]
pub fn compare_hand(
    hand: &WinningHand,
    situation: &Situation,
    profiles: &[Rules],
) -> WinComparison {
    let eval = |rules: &Rules| -> Vec<Outcome> {
        let (mut hand, mut situation) = (hand.clone(), situation.clone());
        plain_fives(&mut hand, &mut situation, rules);
        vec![
            score(&hand, &situation, rules)
                .map(|s| Figures::of_scored(&s, &situation, rules))
                .map_err(NoWin::Score),
        ]
    };
    one_win(profiles, eval)
}

/// One win of a game (its `hora` event) under each profile, as the audit
/// judges it there ([`crate::engine::win_at`]): a chombo or a hand the
/// profile does not let win is a column without figures. `None` when the
/// event is no win.
#[must_use]
pub fn compare_win(log: &GameLog, event: usize, profiles: &[Rules]) -> Option<WinComparison> {
    let eval = |rules: &Rules| -> Vec<Outcome> {
        let outcome = match win_at(log, rules, event).map(|w| w.check) {
            None => Err(NoWin::NoWinAt),
            Some(WinCheck::Recomputed { verdict, .. }) => verdict
                .score
                .as_ref()
                .map(Figures::of_win)
                .map_err(|r| NoWin::Rejected(r.clone())),
            Some(WinCheck::Hidden) => Err(NoWin::Hidden),
            Some(WinCheck::Chombo { offence }) => Err(NoWin::Chombo(offence)),
            Some(WinCheck::NotFollowed) => Err(NoWin::NotFollowed),
        };
        vec![outcome]
    };
    win_at(log, profiles.first()?, event)?;
    Some(one_win(profiles, eval))
}

/// One win under each profile, `eval` computing it under one (as a
/// column of one outcome, the shape [`explain`] takes).
fn one_win(profiles: &[Rules], eval: impl Fn(&Rules) -> Vec<Outcome>) -> WinComparison {
    let columns: Vec<Vec<Outcome>> = profiles.iter().map(&eval).collect();
    let mut differences = explain(profiles, &columns, eval);
    WinComparison {
        profiles: profiles.iter().map(|r| r.name.clone()).collect(),
        columns: columns
            .into_iter()
            .map(|mut c| c.pop().unwrap_or(Err(NoWin::NotComputed)))
            .collect(),
        differences: differences.pop().unwrap_or_default(),
    }
}

/// The differences of each of several wins (the inner vectors of
/// `columns` are per win, in the same order for every profile), each
/// explained by trial: `eval` computes every win under a profile.
fn explain(
    profiles: &[Rules],
    columns: &[Vec<Outcome>],
    eval: impl Fn(&Rules) -> Vec<Outcome>,
) -> Vec<Vec<Difference>> {
    let wins = columns.first().map_or(0, Vec::len);
    let mut out: Vec<Vec<Difference>> = vec![Vec::new(); wins];
    let (Some(first), Some(first_col)) = (profiles.first(), columns.first()) else {
        return out;
    };
    for (j, (rules, col)) in profiles.iter().zip(columns).enumerate().skip(1) {
        let mut open: Vec<(usize, Cell)> = Vec::new();
        for (w, (a, b)) in first_col.iter().zip(col).enumerate() {
            for cell in Cell::ALL {
                if cell_text(a, cell) != cell_text(b, cell) {
                    open.push((w, cell));
                }
            }
        }
        if open.is_empty() {
            continue;
        }
        let mut reasons: Vec<Vec<Reason>> = vec![Vec::new(); open.len()];
        for note in first.differing_fields(rules) {
            let Ok(trial) = first.with_field_of(rules, note.field) else {
                continue;
            };
            let tried = eval(&trial);
            for ((w, cell), found) in open.iter().zip(reasons.iter_mut()) {
                let (Some(t), Some(b)) = (tried.get(*w), col.get(*w)) else {
                    continue;
                };
                if cell_text(t, *cell) == cell_text(b, *cell) {
                    found.push(Reason::new(note, first, rules));
                }
            }
        }
        for ((w, cell), reasons) in open.into_iter().zip(reasons) {
            if let Some(list) = out.get_mut(w) {
                list.push(Difference {
                    cell,
                    column: j,
                    reasons,
                });
            }
        }
    }
    for list in &mut out {
        list.sort_by_key(|d| (Cell::ALL.iter().position(|c| *c == d.cell), d.column));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::notation::{self, SituationText};

    fn profiles(names: &[&str]) -> Vec<Rules> {
        names.iter().map(|n| Rules::preset(n).unwrap()).collect()
    }

    /// Riichi, pinfu, tanyao and a dora: 4 han 30 fu, with a red five a
    /// fifth han where the rules have red fives.
    fn riichi_pinfu(fives: &str) -> WinningHand {
        notation::winning_hand(&format!("234m4{fives}655p234678s"), Some("2s")).unwrap()
    }

    fn riichi_dora(tsumo: bool, seat: &str, honba: u8) -> Situation {
        SituationText {
            tsumo,
            riichi: true,
            seat,
            round: "E",
            dora: "7s",
            honba,
            ..SituationText::default()
        }
        .situation()
        .unwrap()
    }

    /// The riichi pinfu hand, by ron in the south seat, on Tenhou, under
    /// EMA 2016 and under WRC 2015.
    fn on_three_books(fives: &str) -> WinComparison {
        compare_hand(
            &riichi_pinfu(fives),
            &riichi_dora(false, "S", 0),
            &profiles(&["tenhou", "ema2016", "wrc2015"]),
        )
    }

    fn points(c: &WinComparison) -> Vec<String> {
        c.columns
            .iter()
            .map(|o| cell_text(o, Cell::Points))
            .collect()
    }

    fn reasons(c: &WinComparison, column: usize, cell: Cell) -> Vec<&'static str> {
        c.differences
            .iter()
            .find(|d| d.column == column && d.cell == cell)
            .map(|d| d.reasons.iter().map(|r| r.field).collect())
            .unwrap_or_default()
    }

    #[test]
    fn four_han_thirty_fu_is_7700_on_tenhou_and_8000_under_wrc_by_kiriage() {
        let c = on_three_books("5");
        assert_eq!(points(&c), ["7700", "7700", "8000 mangan"]);
        assert!(
            c.differs(2, Cell::Points) && !c.differs(1, Cell::Points),
            "{c:?}"
        );
        assert_eq!(reasons(&c, 2, Cell::Points), ["kiriage"]);
        let d = &c.differences[0];
        assert!(d.reasons[0].source.contains("WRC 2015 §6.1"), "{d:?}");
    }

    #[test]
    fn a_red_five_makes_8000_on_tenhou_and_7700_under_ema() {
        let c = on_three_books("0");
        assert_eq!(points(&c), ["8000 mangan", "7700", "8000 mangan"]);
        assert_eq!(reasons(&c, 1, Cell::Points), ["red_fives"]);
        assert_eq!(reasons(&c, 2, Cell::Han), ["red_fives"]);
        assert!(!c.differs(2, Cell::Points), "kiriage makes up the red five");
        assert_eq!(c.yaku_cell(1, "aka_dora"), "—");
    }
}
