//! Hindsight on the wall: where a kyoku's record gives its wall, a discard
//! item that names another tile states how soon each hand could have been
//! tenpai on the tiles that really came — the hand that discarded the item's
//! alternative instead, and the hand as played — with the best discards
//! knowing those tiles. It is luck, stated beside the odds as a fact: it
//! never changes an item's weight (a teacher judges the odds, not the
//! luck). `formats/review.md`, "Hindsight on the wall", defines it.
//!
//! Computed after the walk, from the log alone: the seat's draws from the
//! live wall after the decision, then the live wall's tiles left when the
//! kyoku ended, dealt on in turn as if play had gone on without calls. A
//! kyoku without a wall, or whose draws the wall does not hold, gets no
//! fact (never guessed).

use crate::event::{Event, GameLog, Wall};
use crate::hand::{Counts, TileSet, shanten_of_best};
use crate::tile::Tile;

use super::{Decision, GameReview, Item};

/// How soon two hands could have been tenpai on the tiles that came.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Hindsight {
    /// The tile discarded instead of the one played: the item's first
    /// better choice.
    pub instead: Tile,
    /// The seat's turn at the decision (the situation's).
    pub turn: u8,
    /// The first turn at which the hand that discarded `instead` (and
    /// kept the tile played) could be tenpai; `None`: not within the wall.
    pub instead_tenpai: Option<u8>,
    /// The same for the hand as played.
    pub played_tenpai: Option<u8>,
    /// The seat's draws after the decision, in order: the `k`-th is its
    /// turn `turn + k`.
    pub draws: Vec<Tile>,
    /// How many of `draws` the record shows; the rest continue the wall
    /// past the kyoku's end.
    pub recorded: usize,
    /// A turn given (or a "not within the wall") rests on the draws past
    /// the kyoku's end, which calls would have changed.
    pub continued: bool,
}

impl Hindsight {
    /// The fact in words, for the reports: "The tiles that came, played
    /// with hindsight: discarding 3p instead, tenpai at turn 9; as played,
    /// at turn 11 (luck, not the judgement)."
    #[must_use]
    pub fn sentence(&self) -> String {
        let at = |t: Option<u8>| match t {
            Some(n) if n == self.turn => format!("tenpai now (turn {n})"),
            Some(n) => format!("tenpai at turn {n}"),
            None => "no tenpai within the wall".to_owned(),
        };
        let continued = if self.continued {
            let from = usize::from(self.turn) + self.recorded + 1;
            format!(
                "; from turn {from} on, the draws are the wall left when the hand ended, dealt on as if no one had called"
            )
        } else {
            String::new()
        };
        format!(
            "The tiles that came, played with hindsight: discarding {} instead, {}; as played, {}{continued} (luck, not the judgement).",
            crate::names::short_tile(self.instead),
            at(self.instead_tenpai),
            at(self.played_tenpai),
        )
    }
}

/// One kyoku's draws from its wall, by seat.
struct KyokuDraws {
    /// Per seat, its recorded draws from the live wall: event and tile.
    recorded: Vec<Vec<(usize, Tile)>>,
    /// Per seat, the tiles it would draw next from what was left of the
    /// live wall when the kyoku ended, play going on without calls.
    continued: Vec<Vec<Tile>>,
}

impl KyokuDraws {
    /// The draws of the kyoku whose events are `events` (after its
    /// `StartKyoku`), held against `wall`; `None` when a draw is not the
    /// wall's.
    fn of(events: &[crate::event::Entry], wall: &Wall, seats: u8, first: usize) -> Option<Self> {
        let n = usize::from(seats).max(1);
        let mut recorded = vec![Vec::new(); n];
        let (mut live, mut replacements) = (0usize, 0usize);
        let mut last = None;
        for (offset, e) in events.iter().enumerate() {
            match &e.event {
                Event::StartKyoku(_) => break,
                Event::Tsumo {
                    actor,
                    pai,
                    rinshan,
                } => {
                    last = Some(actor.index());
                    if *rinshan {
                        replacements += 1;
                        continue;
                    }
                    // Each replacement draw moves the live wall's last tile
                    // into the dead wall (the engine's reckoning).
                    let end = wall.live.len().saturating_sub(replacements);
                    let expected = wall.live.get(live).filter(|_| live < end).copied()?;
                    if pai.is_some_and(|p| p != expected) {
                        return None;
                    }
                    recorded
                        .get_mut(actor.index())?
                        .push((first + offset, expected));
                    live += 1;
                }
                Event::Dahai { actor, .. } => last = Some(actor.index()),
                _ => {}
            }
        }
        let end = wall.live.len().saturating_sub(replacements);
        let left = wall.live.get(live..end).unwrap_or_default();
        // The seat after the last to draw or discard draws next.
        let next = last.map_or(0, |s| s + 1);
        let mut continued = vec![Vec::new(); n];
        for (j, &t) in left.iter().enumerate() {
            if let Some(c) = continued.get_mut((next + j) % n) {
                c.push(t);
            }
        }
        Some(Self {
            recorded,
            continued,
        })
    }
}

/// The first `k` (0 = the hand as it stands) at which some part of `hand`
/// and the first `k` draws, the size of `hand`, is tenpai.
fn first_tenpai(hand: Counts, size: u32, melds: u8, set: TileSet, draws: &[Tile]) -> Option<usize> {
    let mut pool = hand;
    for k in 0..=draws.len() {
        if k > 0 {
            let kind = usize::from(draws.get(k - 1)?.kind());
            let n = pool.0.get_mut(kind)?;
            *n = n.saturating_add(1);
        }
        if shanten_of_best(&pool, size, melds, set) <= 0 {
            return Some(k);
        }
    }
    None
}

/// The hindsight of one item about decision `dec`, with the seat's draws
/// after it.
fn of_item(item: &Item, dec: &Decision, kyoku: &KyokuDraws, set: TileSet) -> Option<Hindsight> {
    let instead = *item.better.first()?;
    if instead.kind() == dec.played.kind() {
        return None;
    }
    let turn = item.situation.as_ref()?.turn;
    let seat = dec.seat.index();
    let mut draws: Vec<Tile> = kyoku
        .recorded
        .get(seat)?
        .iter()
        .filter(|(e, _)| *e > dec.event)
        .map(|(_, t)| *t)
        .collect();
    let recorded = draws.len();
    draws.extend(kyoku.continued.get(seat)?.iter().copied());
    if draws.is_empty() {
        return None;
    }
    let hand = Counts::from_tiles(&dec.hand);
    let without = |t: Tile| {
        let mut c = hand;
        let n = c.0.get_mut(usize::from(t.kind()))?;
        *n = n.checked_sub(1)?;
        Some(c)
    };
    let size = u32::try_from(dec.hand.len().checked_sub(1)?).ok()?;
    let melds = u8::try_from(dec.melds.len()).ok()?;
    let instead_k = first_tenpai(without(instead)?, size, melds, set, &draws);
    let played_k = first_tenpai(without(dec.played)?, size, melds, set, &draws);
    // Both tenpai already: the wall has nothing to add.
    if instead_k == Some(0) && played_k == Some(0) {
        return None;
    }
    let on_turn =
        |k: Option<usize>| k.map(|k| turn.saturating_add(u8::try_from(k).unwrap_or(u8::MAX)));
    let beyond = |k: Option<usize>| k.is_none_or(|k| k > recorded);
    Some(Hindsight {
        instead,
        turn,
        instead_tenpai: on_turn(instead_k),
        played_tenpai: on_turn(played_k),
        continued: draws.len() > recorded && (beyond(instead_k) || beyond(played_k)),
        draws,
        recorded,
    })
}

/// Gives every discard item that names another tile, in a kyoku whose
/// record gives its wall, its hindsight.
pub(super) fn attach(log: &GameLog, review: &mut GameReview) {
    // Each kyoku's first event and its wall, in event order.
    let starts: Vec<(usize, Option<&Wall>)> = log
        .events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match &e.event {
            Event::StartKyoku(sk) => Some((i, sk.wall.as_deref())),
            _ => None,
        })
        .collect();
    if starts.iter().all(|(_, w)| w.is_none()) {
        return;
    }
    let set = TileSet::for_seats(log.meta.seats);
    // The items are in event order: one kyoku's draws at a time.
    let mut current: Option<(usize, Option<KyokuDraws>)> = None;
    for item in &mut review.items {
        let Some(dec) = item.decision.and_then(|d| review.decisions.get(d)) else {
            continue;
        };
        if dec.event != item.event || item.better.is_empty() {
            continue;
        }
        let Some(&(start, wall)) = starts
            .partition_point(|(s, _)| *s <= dec.event)
            .checked_sub(1)
            .and_then(|i| starts.get(i))
        else {
            continue;
        };
        let Some(wall) = wall else {
            continue;
        };
        if current.as_ref().is_none_or(|(s, _)| *s != start) {
            let events = log.events.get(start + 1..).unwrap_or_default();
            current = Some((
                start,
                KyokuDraws::of(events, wall, log.meta.seats, start + 1),
            ));
        }
        if let Some((_, Some(kyoku))) = &current {
            item.hindsight = of_item(item, dec, kyoku, set);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::tile::parse_hand;

    fn tiles(s: &str) -> Vec<Tile> {
        parse_hand(s).unwrap()
    }

    fn kinds(s: &str) -> Counts {
        Counts::from_tiles(&tiles(s))
    }

    #[test]
    fn tenpai_at_the_draw_that_makes_it() {
        // 123m 456p 789s 1z 2z 5m 9p: two loose honours, two floating
        // tiles; 4m then 6m make 456m, and the pair needs a second 1z.
        let hand = kinds("123m456p789s12z5m9p");
        let draws = tiles("7z4m3z6m1z");
        // After 4m: 123m 45m 456p 789s + 1z: 1-shanten at best? 45m and a
        // loose tile: tenpai needs a pair or a set; after 6m: 123m 456m
        // 456p 789s 1z: tenpai on 1z (tanki).
        assert_eq!(first_tenpai(hand, 13, 0, TileSet::Full, &draws), Some(4));
    }

    #[test]
    fn tenpai_now_and_never() {
        let tenpai = kinds("123m456p789s11z23s");
        assert_eq!(first_tenpai(tenpai, 13, 0, TileSet::Full, &[]), Some(0));
        let far = kinds("147m258p369s1234z");
        // Honours that never pair up: no tenpai within these draws.
        assert_eq!(
            first_tenpai(far, 13, 0, TileSet::Full, &tiles("5z6z7z")),
            None
        );
    }

    #[test]
    fn melds_are_respected() {
        // Two melds outside: 7 concealed tiles aim for two sets and a
        // pair. 12m 46p 9s 1z 2z: a draw of 3m and 5p makes 123m 456p and
        // a loose tile, tenpai (tanki); seven pairs cannot count.
        let hand = kinds("12m46p9s12z");
        let draws = tiles("3m7z5p");
        assert_eq!(first_tenpai(hand, 7, 2, TileSet::Full, &draws), Some(3));
        // Without the melds the same tiles are far from a hand of 13.
        let pairs = kinds("1122m3344p5566s7z");
        assert_eq!(first_tenpai(pairs, 13, 0, TileSet::Full, &[]), Some(0));
    }

    #[test]
    fn the_sentence_states_luck_and_marks_the_continuation() {
        let mut h = Hindsight {
            instead: tiles("3p")[0],
            turn: 6,
            instead_tenpai: Some(9),
            played_tenpai: Some(11),
            draws: tiles("1m2m3m4m5m6m7m"),
            recorded: 7,
            continued: false,
        };
        assert_eq!(
            h.sentence(),
            "The tiles that came, played with hindsight: discarding 3p instead, tenpai at turn 9; as played, tenpai at turn 11 (luck, not the judgement)."
        );
        h.instead = tiles("5z")[0];
        h.instead_tenpai = Some(6);
        h.played_tenpai = None;
        h.recorded = 3;
        h.continued = true;
        assert_eq!(
            h.sentence(),
            "The tiles that came, played with hindsight: discarding White instead, tenpai now (turn 6); as played, no tenpai within the wall; from turn 10 on, the draws are the wall left when the hand ended, dealt on as if no one had called (luck, not the judgement)."
        );
    }

    fn sk_wall(live: &str) -> Wall {
        Wall {
            live: tiles(live),
            ..Wall::default()
        }
    }

    #[test]
    fn the_wall_is_dealt_on_past_the_end() {
        use crate::event::{Entry, Seat, Source};
        let seat = |n| Seat::new(n).unwrap();
        let entry = |event| Entry {
            event,
            src: Source::default(),
        };
        // Seat 0 draws 1m and discards; seat 1 draws 2m and discards; then
        // the kyoku ends (a ron on seat 1's discard): seat 2 draws next.
        let events = vec![
            entry(Event::Tsumo {
                actor: seat(0),
                pai: Some(tiles("1m")[0]),
                rinshan: false,
            }),
            entry(Event::Dahai {
                actor: seat(0),
                pai: tiles("1m")[0],
                tsumogiri: true,
                riichi: false,
            }),
            entry(Event::Tsumo {
                actor: seat(1),
                pai: Some(tiles("2m")[0]),
                rinshan: false,
            }),
            entry(Event::Dahai {
                actor: seat(1),
                pai: tiles("2m")[0],
                tsumogiri: true,
                riichi: false,
            }),
            entry(Event::EndKyoku),
        ];
        let wall = sk_wall("1m2m3m4m5m6m7m8m9m");
        let k = KyokuDraws::of(&events, &wall, 4, 10).unwrap();
        assert_eq!(k.recorded[0], vec![(10, tiles("1m")[0])]);
        assert_eq!(k.recorded[1], vec![(12, tiles("2m")[0])]);
        assert_eq!(k.continued[2], tiles("3m7m"));
        assert_eq!(k.continued[1], tiles("6m"));
        assert_eq!(k.continued[0], tiles("5m9m"));
        // A draw the wall does not hold: no draws at all.
        let other = sk_wall("9m2m3m");
        assert!(KyokuDraws::of(&events, &other, 4, 10).is_none());
    }
}
