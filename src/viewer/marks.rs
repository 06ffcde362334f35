//! What the board outlines at the cursor: the audit's findings, and the
//! review's items and decision. Everything comes from what the session
//! already holds; nothing is computed here.
//!
//! The table at the cursor is the one *after* the event, so at a discard
//! the tile played already lies in the river: the review outlines it there
//! (in its item's colour, or green when it was among the best) and
//! outlines the better tiles, still in the hand, in green.

use std::cmp::Reverse;

use egui::Color32;

use crate::engine::{Finding, Severity};
use crate::event::{Event, Seat};
use crate::hand::KindSet;
use crate::review::{self, Item};
use crate::tile::Tile;

use super::app::severity_color;
use super::board::{Mark, MarkTarget};
use super::describe::tile_name;
use super::session::Session;

/// The outline of a better (or best) discard, on the board and in the
/// candidates table.
pub const BETTER: Color32 = Color32::from_rgb(90, 220, 120);

/// Every mark at the cursor, the most serious first (the first mark of a
/// seat colours its callout).
pub(super) fn marks_here(session: &Session, event: Option<&Event>) -> Vec<Mark> {
    let mut marks: Vec<Mark> = session
        .findings_here()
        .filter_map(|(_, f)| finding_mark(f, event))
        .collect();
    marks.extend(review_marks(session, event));
    // Stable: a finding stays before a review item of the same weight.
    marks.sort_by_key(|m| Reverse(m.severity));
    marks
}

/// The colour of a review item's severity: the palette of the findings,
/// a mistake as red as an error.
#[must_use]
pub fn item_color(s: review::Weight) -> Color32 {
    severity_color(weight(s))
}

/// A review severity on the audit's scale, for ordering and colour only.
fn weight(s: review::Weight) -> Severity {
    match s {
        review::Weight::Mistake => Severity::Error,
        review::Weight::Inaccuracy => Severity::Warning,
        review::Weight::Note => Severity::Info,
    }
}

/// Where on the board something at `event` is drawn: the discard or the
/// meld it made, else the hand.
fn target(event: Option<&Event>) -> MarkTarget {
    match event {
        Some(e) if e.is_discard() => MarkTarget::LastDiscard,
        Some(e) if e.is_call() || e.is_kong() => MarkTarget::LastMeld,
        _ => MarkTarget::Hand,
    }
}

/// Where an item about `seat` at `event` is drawn: as [`target`] when the
/// seat made the event, else its hand (a win passed on another's discard
/// is about the hand that could have won).
fn item_target(seat: Seat, event: Option<&Event>) -> MarkTarget {
    if event.and_then(Event::actor) == Some(seat) {
        target(event)
    } else {
        MarkTarget::Hand
    }
}

fn finding_mark(f: &Finding, event: Option<&Event>) -> Option<Mark> {
    let seat = f.seat.or_else(|| event.and_then(Event::actor))?;
    Some(Mark {
        seat,
        target: target(event),
        text: format!("{} {}", f.rule, f.message),
        color: severity_color(f.severity),
        severity: f.severity,
    })
}

fn kinds(tiles: impl IntoIterator<Item = Tile>) -> KindSet {
    KindSet(
        tiles
            .into_iter()
            .fold(0u64, |acc, t| acc | 1u64 << t.kind()),
    )
}

/// Tile names joined for a sentence: `4m, 8m, East`.
#[must_use]
pub fn tile_list(tiles: &[Tile]) -> String {
    tiles
        .iter()
        .map(|t| tile_name(*t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The callout line of an item: the choice in a few words for a discard
/// decision (the review panel has the full sentence), else the sentence.
fn item_text(item: &Item) -> String {
    let head = format!("{} {}", item.weight.name().to_uppercase(), item.kind.code());
    match item.played {
        Some(p) if item.decision.is_some() && !item.better.is_empty() => format!(
            "{head}: {} played; better {} (green)",
            tile_name(p),
            tile_list(&item.better)
        ),
        _ => format!("{head}: {}", item.message),
    }
}

fn review_marks(session: &Session, event: Option<&Event>) -> Vec<Mark> {
    let mut marks = Vec::new();
    // Per seat, the kinds to outline in its hand.
    let mut better: Vec<(Seat, KindSet)> = Vec::new();
    let mut add = |seat: Seat, k: KindSet| match better.iter_mut().find(|(s, _)| *s == seat) {
        Some((_, set)) => set.0 |= k.0,
        None => better.push((seat, k)),
    };
    for item in session.items_here() {
        marks.push(Mark {
            seat: item.seat,
            target: item_target(item.seat, event),
            text: item_text(item),
            color: item_color(item.weight),
            severity: weight(item.weight),
        });
        add(item.seat, kinds(item.better.iter().copied()));
    }
    let plain = session
        .decision_here()
        .filter(|d| session.reviews(d.seat) && session.items_here().all(|i| i.seat != d.seat));
    if let Some(d) = plain {
        // No item: the rank-1 candidates are the recommendation.
        let best = d
            .candidates
            .iter()
            .filter(|c| c.rank == 1 && c.discard.kind() != d.played.kind())
            .map(|c| c.discard);
        add(d.seat, kinds(best));
        if d.played_best() {
            marks.push(Mark {
                seat: d.seat,
                target: MarkTarget::LastDiscard,
                text: String::new(),
                color: BETTER,
                severity: Severity::Info,
            });
        }
    }
    marks.extend(
        better
            .into_iter()
            .filter(|(_, k)| !k.is_empty())
            .map(|(seat, k)| Mark {
                seat,
                target: MarkTarget::Tiles(k),
                text: String::new(),
                color: BETTER,
                severity: Severity::Info,
            }),
    );
    marks
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::viewer::session::{Command, Profile};

    fn at(event: usize) -> (Session, Vec<Mark>) {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml/double_ron.mjlog");
        let mut s = Session::open(&path, Profile::Auto).unwrap();
        s.apply(Command::Goto(event));
        let event = s.log.events.get(event).map(|e| e.event.clone());
        let marks = marks_here(&s, event.as_ref());
        (s, marks)
    }

    fn tiles(text: &str) -> KindSet {
        kinds(crate::tile::parse_hand(text).unwrap())
    }

    #[test]
    fn an_item_marks_the_tile_played_and_the_better_ones() {
        // Seat 0 discards 9p where 4m, 8m, 3s or 7s kept it 2-shanten.
        let (s, marks) = at(18);
        let item = s.items_here().next().unwrap();
        let seat = item.seat;
        let played = marks
            .iter()
            .find(|m| m.target == MarkTarget::LastDiscard)
            .unwrap();
        assert_eq!(played.seat, seat);
        // The mark takes the item's own weight (the review may lower a step
        // back that buys clearly more to a note).
        assert_eq!(played.color, item_color(item.weight));
        assert!(
            played.text.contains("EFFICIENCY: 9p played"),
            "{}",
            played.text
        );
        let better = marks
            .iter()
            .find(|m| matches!(m.target, MarkTarget::Tiles(_)))
            .unwrap();
        assert_eq!(better.target, MarkTarget::Tiles(tiles("48m37s")));
        assert_eq!((better.seat, better.color), (seat, BETTER));
        assert!(better.text.is_empty(), "no second callout line");
    }

    #[test]
    fn a_plain_decision_marks_the_best_discards() {
        let (s, marks) = at(10);
        let d = s.decision_here().unwrap();
        assert!(s.items_here().next().is_none());
        assert!(d.played_best());
        let river = marks
            .iter()
            .find(|m| m.target == MarkTarget::LastDiscard)
            .unwrap();
        assert_eq!(river.color, BETTER, "the tile played was among the best");
        let others: Vec<Tile> = d
            .candidates
            .iter()
            .filter(|c| c.rank == 1 && c.discard.kind() != d.played.kind())
            .map(|c| c.discard)
            .collect();
        assert!(!others.is_empty());
        assert!(marks.contains(&Mark {
            seat: d.seat,
            target: MarkTarget::Tiles(kinds(others)),
            text: String::new(),
            color: BETTER,
            severity: Severity::Info,
        }));
        assert!(marks.iter().all(|m| m.text.is_empty()), "no callout");
    }

    #[test]
    fn another_seat_reviewed_marks_nothing() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml/double_ron.mjlog");
        let mut s = Session::open(&path, Profile::Auto).unwrap();
        s.apply(Command::ReviewSeat(Seat::new(1)));
        s.apply(Command::Goto(18));
        let event = s.log.events.get(18).map(|e| e.event.clone());
        assert!(marks_here(&s, event.as_ref()).is_empty());
    }
}
