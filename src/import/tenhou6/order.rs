//! Rebuilding the order of play (`formats/tenhou6.md`, "Order of play").
//!
//! tenhou.net/6 stores each seat's takes and discards apart; the global order
//! is what a table would have played. The dealer takes first; after a discard
//! the seat whose next take calls that very tile from that very discarder
//! plays next (pon and kong before chi), otherwise the next seat draws. When
//! a tile is discarded twice and a call could belong to either discard, only
//! a later dead end tells, so the rebuild is a depth-first search over those
//! choices. It accepts the first order that uses every entry exactly once and
//! ends the way the result says. Failed choice points are remembered and the
//! work is capped, so hostile input costs bounded time.

use std::collections::HashSet;

use super::calls::{Discard, Take};
use crate::tile::Tile;

/// One step of the rebuilt order: seat and index into its takes or
/// discards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Step {
    /// `takes[seat][index]`.
    Take(u8, usize),
    /// `discards[seat][index]`.
    Discard(u8, usize),
}

/// How the kyoku must end, from its result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum EndRule {
    /// A win on the last discard (or kong, for chankan) of this seat.
    Ron { from: u8 },
    /// A win on this seat's last take.
    Tsumo { winner: u8 },
    /// Right after a take (nine terminals).
    AfterTake,
    /// Right after a discard or a kong (draws other than nine terminals).
    AfterDiscard,
    /// Anywhere (no result, or order rebuilt leniently).
    Any,
}

/// Why no order was found, at the deepest point the search reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Stuck {
    /// This seat had to draw but its next take is a call no discard fits.
    CallUnmatched(u8, usize),
    /// This seat had to draw but has no takes left.
    NoTake(u8),
    /// Every entry was used, but the end does not fit the result.
    WrongEnd(Option<Step>),
    /// A seat's hand ended (no discard after its take) while other
    /// entries remain.
    Leftover(u8, usize),
    /// The step budget ran out.
    Budget,
    /// A choice point already known to fail (internal; never reported).
    Seen,
}

/// One seat's arrays.
pub(super) struct SeatPlay<'a> {
    pub(super) takes: &'a [Take],
    pub(super) discards: &'a [Discard],
}

/// The tile a discard entry puts in the river, `60` resolved to the take of
/// the same index. `None` for kongs, nukidora and the placeholder.
pub(super) fn river_tile(seat: &SeatPlay<'_>, index: usize) -> Option<Tile> {
    match seat.discards.get(index)? {
        Discard::Tile { tile, .. } => Some(*tile),
        Discard::Tsumogiri { .. } => match seat.takes.get(index)? {
            Take::Draw(t) => Some(*t),
            _ => None,
        },
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Phase {
    /// The seat draws (its next take must be a plain tile).
    Draw(u8),
    /// The seat plays its next discard entry, or its hand ends.
    Discard(u8),
    /// The seat has discarded this tile; someone calls or the next draws.
    Discarded(u8, Tile),
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct State {
    taken: [u32; 4],
    discarded: [u32; 4],
    phase: Phase,
}

#[derive(Clone, Copy, Debug)]
enum Move {
    Call(u8),
    Draw(u8),
}

struct Frame {
    state: State,
    steps: usize,
    moves: Vec<Move>,
    next: usize,
}

struct Search<'a> {
    seats: &'a [SeatPlay<'a>],
    end: EndRule,
    steps: Vec<Step>,
    deepest: (usize, Stuck),
}

/// Rebuilds the order of play of one kyoku.
///
/// # Errors
///
/// Where the deepest attempt got stuck, when no order fits or the budget of
/// `budget` search steps is spent.
pub(super) fn rebuild(
    seats: &[SeatPlay<'_>],
    dealer: u8,
    end: EndRule,
    budget: usize,
) -> Result<Vec<Step>, Stuck> {
    let mut search = Search {
        seats,
        end,
        steps: Vec::new(),
        deepest: (0, Stuck::NoTake(dealer)),
    };
    let mut state = State {
        taken: [0; 4],
        discarded: [0; 4],
        phase: Phase::Draw(dealer),
    };
    let mut stack: Vec<Frame> = Vec::new();
    let mut failed: HashSet<State> = HashSet::new();
    let mut spent = 0usize;
    loop {
        spent += 1;
        if spent > budget {
            return Err(Stuck::Budget);
        }
        let outcome = match state.phase {
            Phase::Draw(seat) => search.draw(&mut state, seat),
            Phase::Discard(seat) => search.discard(&mut state, seat),
            Phase::Discarded(seat, tile) => {
                if search.all_used(&state) {
                    search.finish(Some(EndKind::Discard(seat)))
                } else {
                    let moves = search.moves(&state, seat, tile);
                    match moves.as_slice() {
                        // Nobody can go on: let the next seat's draw say why.
                        [] => {
                            state.phase = Phase::Draw(search.next_seat(seat));
                            Ok(None)
                        }
                        [only] => {
                            search.apply(&mut state, *only);
                            Ok(None)
                        }
                        _ if failed.contains(&state) => Err(Stuck::Seen),
                        [first, ..] => {
                            let first = *first;
                            stack.push(Frame {
                                state,
                                steps: search.steps.len(),
                                moves,
                                next: 1,
                            });
                            search.apply(&mut state, first);
                            Ok(None)
                        }
                    }
                }
            }
        };
        match outcome {
            Ok(Some(())) => return Ok(search.steps),
            Ok(None) => {}
            Err(stuck) => {
                search.note_stuck(stuck);
                // Backtrack to the latest choice point with a move left.
                loop {
                    let Some(frame) = stack.last_mut() else {
                        return Err(search.deepest.1);
                    };
                    if let Some(mv) = frame.moves.get(frame.next).copied() {
                        frame.next += 1;
                        state = frame.state;
                        search.steps.truncate(frame.steps);
                        search.apply(&mut state, mv);
                        break;
                    }
                    failed.insert(frame.state);
                    stack.pop();
                }
            }
        }
    }
}

/// What the last step of a finished order was.
#[derive(Clone, Copy)]
enum EndKind {
    /// A take by this seat with no discard after it.
    Take(u8),
    /// A discard by this seat.
    Discard(u8),
    /// A kong or nukidora by this seat (chankan can end here).
    Kong(u8),
}

impl Search<'_> {
    fn seat(&self, seat: u8) -> Option<&SeatPlay<'_>> {
        self.seats.get(usize::from(seat))
    }

    fn table(&self) -> u8 {
        u8::try_from(self.seats.len()).unwrap_or(4).clamp(1, 4)
    }

    fn next_seat(&self, seat: u8) -> u8 {
        (seat + 1) % self.table()
    }

    fn all_used(&self, state: &State) -> bool {
        self.seats.iter().enumerate().all(|(i, s)| {
            state
                .taken
                .get(i)
                .is_some_and(|&t| t as usize == s.takes.len())
                && state
                    .discarded
                    .get(i)
                    .is_some_and(|&d| d as usize == s.discards.len())
        })
    }

    fn note_stuck(&mut self, stuck: Stuck) {
        if stuck != Stuck::Seen && self.steps.len() >= self.deepest.0 {
            self.deepest = (self.steps.len(), stuck);
        }
    }

    /// `Ok(Some)` when the order is complete and fits the result.
    fn finish(&self, kind: Option<EndKind>) -> Result<Option<()>, Stuck> {
        let fits = match (self.end, kind) {
            (EndRule::Any, _) => true,
            (EndRule::Tsumo { winner }, Some(EndKind::Take(s))) => s == winner,
            (EndRule::AfterTake, Some(EndKind::Take(_))) => true,
            (EndRule::Ron { from }, Some(EndKind::Discard(s) | EndKind::Kong(s))) => s == from,
            (EndRule::AfterDiscard, Some(EndKind::Discard(_) | EndKind::Kong(_))) => true,
            _ => false,
        };
        if fits {
            Ok(Some(()))
        } else {
            Err(Stuck::WrongEnd(self.steps.last().copied()))
        }
    }

    fn draw(&mut self, state: &mut State, seat: u8) -> Result<Option<()>, Stuck> {
        let i = state.taken[usize::from(seat) % 4] as usize;
        let Some(play) = self.seat(seat) else {
            return Err(Stuck::NoTake(seat));
        };
        match play.takes.get(i) {
            Some(Take::Draw(_)) => {
                self.take(state, seat);
                state.phase = Phase::Discard(seat);
                Ok(None)
            }
            Some(_) => Err(Stuck::CallUnmatched(seat, i)),
            None => Err(Stuck::NoTake(seat)),
        }
    }

    fn take(&mut self, state: &mut State, seat: u8) {
        let s = usize::from(seat) % 4;
        self.steps.push(Step::Take(seat, state.taken[s] as usize));
        state.taken[s] += 1;
    }

    fn discard(&mut self, state: &mut State, seat: u8) -> Result<Option<()>, Stuck> {
        let s = usize::from(seat) % 4;
        let i = state.discarded[s] as usize;
        let Some(play) = self.seat(seat) else {
            return Err(Stuck::NoTake(seat));
        };
        let Some(entry) = play.discards.get(i).copied() else {
            // The hand ends on this take: tsumo, nine terminals, or a cut-off log.
            if self.all_used(state) {
                return self.finish(Some(EndKind::Take(seat)));
            }
            return Err(Stuck::Leftover(seat, i));
        };
        let tile = river_tile(play, i);
        self.steps.push(Step::Discard(seat, i));
        state.discarded[s] += 1;
        match (entry, tile) {
            (Discard::Tile { .. } | Discard::Tsumogiri { .. }, Some(tile)) => {
                state.phase = Phase::Discarded(seat, tile);
                Ok(None)
            }
            (Discard::Kakan { .. } | Discard::Ankan(_) | Discard::Nukidora(_), _) => {
                if self.all_used(state) {
                    return self.finish(Some(EndKind::Kong(seat)));
                }
                state.phase = Phase::Draw(seat);
                Ok(None)
            }
            // A misplaced 0 or a 60 without a drawn tile: the arrays were
            // checked to exclude these, so this only guards the search.
            _ => Err(Stuck::Leftover(seat, i)),
        }
    }

    /// The ways play can go on after `seat` discarded `tile`: each call of
    /// it (pon and kong first), then the next seat's draw.
    fn moves(&self, state: &State, seat: u8, tile: Tile) -> Vec<Move> {
        let n = self.table();
        let mut calls: Vec<(bool, u8)> = Vec::new();
        for other in 0..n {
            if other == seat {
                continue;
            }
            let Some(play) = self.seat(other) else {
                continue;
            };
            let Some(take) = play.takes.get(state.taken[usize::from(other) % 4] as usize) else {
                continue;
            };
            if let Some((offset, pai)) = take.call()
                && pai == tile
                && (other + offset) % 4 == seat
            {
                calls.push((take.is_chi(), other));
            }
        }
        calls.sort_by_key(|&(chi, other)| (chi, (other + 4 - seat) % 4));
        let mut moves: Vec<Move> = calls.into_iter().map(|(_, s)| Move::Call(s)).collect();
        let next = self.next_seat(seat);
        let next_draws = self.seat(next).is_some_and(|p| {
            matches!(
                p.takes.get(state.taken[usize::from(next) % 4] as usize),
                Some(Take::Draw(_))
            )
        });
        if next_draws {
            moves.push(Move::Draw(next));
        }
        moves
    }

    fn apply(&mut self, state: &mut State, mv: Move) {
        match mv {
            Move::Draw(seat) => state.phase = Phase::Draw(seat),
            Move::Call(seat) => {
                let s = usize::from(seat) % 4;
                let kong = self.seat(seat).is_some_and(|p| {
                    matches!(
                        p.takes.get(state.taken[s] as usize),
                        Some(Take::Daiminkan { .. })
                    )
                });
                self.take(state, seat);
                if kong {
                    // The daiminkan's discard slot holds the 0 placeholder,
                    // dropped when the replacement draw won.
                    let placeholder = self.seat(seat).is_some_and(|p| {
                        matches!(
                            p.discards.get(state.discarded[s] as usize),
                            Some(Discard::Placeholder)
                        )
                    });
                    if placeholder {
                        self.steps
                            .push(Step::Discard(seat, state.discarded[s] as usize));
                        state.discarded[s] += 1;
                    }
                    state.phase = Phase::Draw(seat);
                } else {
                    state.phase = Phase::Discard(seat);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::tenhou6::calls::{read_discard, read_take};

    fn seat(takes: &[&str], discards: &[&str]) -> (Vec<Take>, Vec<Discard>) {
        let json = |s: &&str| {
            if s.bytes().all(|b| b.is_ascii_digit()) {
                (*s).to_owned()
            } else {
                format!("\"{s}\"")
            }
        };
        (
            takes.iter().map(|s| read_take(&json(s)).unwrap()).collect(),
            discards
                .iter()
                .map(|s| read_discard(&json(s)).unwrap())
                .collect(),
        )
    }

    fn run(
        arrays: &[(Vec<Take>, Vec<Discard>)],
        dealer: u8,
        end: EndRule,
    ) -> Result<Vec<Step>, Stuck> {
        run_within(arrays, dealer, end, 100_000)
    }

    fn run_within(
        arrays: &[(Vec<Take>, Vec<Discard>)],
        dealer: u8,
        end: EndRule,
        budget: usize,
    ) -> Result<Vec<Step>, Stuck> {
        let plays: Vec<SeatPlay<'_>> = arrays
            .iter()
            .map(|(t, d)| SeatPlay {
                takes: t,
                discards: d,
            })
            .collect();
        rebuild(&plays, dealer, end, budget)
    }

    #[test]
    fn simple_round_and_ron() {
        let arrays = [
            seat(&["11"], &["60"]),
            seat(&["12"], &["60"]),
            seat(&["13"], &["60"]),
            seat(&["14"], &["60"]),
        ];
        let steps = run(&arrays, 0, EndRule::Ron { from: 3 }).unwrap();
        assert_eq!(steps.len(), 8);
        assert_eq!(steps[0], Step::Take(0, 0));
        assert_eq!(steps[7], Step::Discard(3, 0));
        assert!(matches!(
            run(&arrays, 0, EndRule::Ron { from: 2 }),
            Err(Stuck::WrongEnd(_))
        ));
    }

    /// Seat 0 discards 5m twice; seat 2 pons one of them. Between the two,
    /// seat 3 pons seat 1's 6m, so seat 2 never draws: only the pon of the
    /// second 5m leaves an order that uses every entry.
    fn ambiguous() -> [(Vec<Take>, Vec<Discard>); 4] {
        [
            seat(&["11", "12"], &["15", "15"]),
            seat(&["21"], &["16"]),
            seat(&["15p1515"], &["31"]),
            seat(&["16p1616", "42"], &["41", "60"]),
        ]
    }

    #[test]
    fn pon_of_the_second_identical_discard() {
        let arrays = ambiguous();
        let steps = run(&arrays, 0, EndRule::AfterDiscard).unwrap();
        let pon_at = steps.iter().position(|s| *s == Step::Take(2, 0)).unwrap();
        assert_eq!(steps[pon_at - 1], Step::Discard(0, 1));
    }

    #[test]
    fn a_call_nobody_can_make_is_located() {
        let arrays = [
            seat(&["11"], &["11"]),
            seat(&["c121314"], &["21"]),
            seat(&[], &[]),
            seat(&[], &[]),
        ];
        assert_eq!(
            run(&arrays, 0, EndRule::Any),
            Err(Stuck::CallUnmatched(1, 0))
        );
    }

    #[test]
    fn budget_is_enforced() {
        assert_eq!(
            run_within(&ambiguous(), 0, EndRule::Any, 3),
            Err(Stuck::Budget)
        );
    }
}
