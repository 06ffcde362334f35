//! The items of the catalogue, each drawn from the facts the walk gathered:
//! a decision's candidates, the engine's chances, the table. Every message
//! states the engine's numbers; every threshold is in `formats/review.md`.

use std::borrow::Cow;
use std::cell::RefCell;

use crate::engine::{CallChance, CallOption, ChanceWin, KyokuState, Replay, WinChance};
use crate::event::Seat;
use crate::hand::{Counts, KindSet, SuitCache, TileSet, shanten_in};
use crate::names;
use crate::rules::Rules;
use crate::score::{Meld, MeldKind, Scored};
use crate::tile::Tile;

use super::decision::{Candidate, Decision};
use super::judge::{self, Draws, WinTiles, value_given_up};
use super::pushfold::PushFold;
use super::quality;
use super::walk::Walk;
use super::{Item, ItemKind, Weight};

/// A call as the yaku and liability checks remember it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct CallFacts {
    pub event: usize,
    pub kind: MeldKind,
    pub tile: Tile,
    /// Tiles left in the live wall when the call was made.
    pub live_wall: i32,
}

impl Walk<'_> {
    /// A new item about decision `d`, with its hand, the tile played and
    /// the shanten and acceptance before and after.
    fn item_for(&self, kind: ItemKind, weight: Weight, d: usize, message: String) -> Option<Item> {
        let dec = self.out.decisions.get(d)?;
        let played = dec.played()?;
        Some(Item {
            kind,
            weight,
            event: dec.event,
            kyoku: dec.kyoku.clone(),
            seat: dec.seat,
            played: Some(dec.played),
            better: Vec::new(),
            shanten: Some((dec.shanten, played.shanten)),
            ukeire: Some((played.ukeire, dec.best_ukeire().unwrap_or(0))),
            value: None,
            message,
            citation: kind.citation(self.rules.book),
            src: self.src(dec.event),
            hand: dec.hand.clone(),
            melds: dec.melds.clone(),
            decision: Some(d),
            related: None,
            situation: None,
            hindsight: None,
        })
    }

    /// Where event `event` is in the source file.
    pub(super) fn src(&self, event: usize) -> crate::event::Source {
        self.log
            .events
            .get(event)
            .map(|e| e.src.clone())
            .unwrap_or_default()
    }

    fn push(&mut self, item: Option<Item>) {
        if let Some(mut item) = item {
            // The acceptance printed beside the tile played is the first
            // better choice's own, or none when the item names none.
            let own = matches!(
                item.kind,
                ItemKind::SelfFuriten
                    | ItemKind::RiichiTrap
                    | ItemKind::YakulessTenpai
                    | ItemKind::LiabilityFeed
                    | ItemKind::PushIntoDanger
                    | ItemKind::FoldedStrongTenpai
            );
            if own && let Some((played, _)) = item.ukeire {
                let named = item
                    .decision
                    .and_then(|d| self.out.decisions.get(d))
                    .and_then(|dec| {
                        let first = item.better.first()?;
                        dec.candidates
                            .iter()
                            .find(|c| c.discard.kind() == first.kind())
                    });
                item.ukeire = named.map(|c| (played, c.ukeire));
            }
            self.out.items.push(item);
        }
    }
}

/// A list of tiles to choose from, one by one: `3p`, `3p or 6p`,
/// `2p, 0p or South` (`0` is a red five).
fn tiles(list: &[Tile]) -> String {
    joined(list, "or")
}

/// Tiles held together: `1m and White`.
fn tiles_and(list: &[Tile]) -> String {
    joined(list, "and")
}

fn joined(list: &[Tile], word: &str) -> String {
    let words: Vec<String> = list.iter().copied().map(names::short_tile).collect();
    match words.as_slice() {
        [] => "nothing".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// Kinds as messages list them: `46m1678p567s South` (`names::short_tiles`).
fn kinds(set: KindSet) -> String {
    let list: Vec<Tile> = set.kinds().filter_map(Tile::from_kind).collect();
    if list.is_empty() {
        "nothing".into()
    } else {
        names::short_tiles(&list)
    }
}

/// The first few candidates satisfying `pick`, best first.
fn better<'a>(d: &'a Decision, pick: impl Fn(&Candidate) -> bool + 'a) -> Vec<&'a Candidate> {
    d.candidates
        .iter()
        .enumerate()
        .filter(|(i, c)| *i != d.played_index && pick(c))
        .map(|(_, c)| c)
        .collect()
}

/// The tiles of a list of candidates.
fn discards(list: &[&Candidate]) -> Vec<Tile> {
    list.iter().map(|c| c.discard).collect()
}

/// The table around a decision, as the judgements read it: the chances
/// left, what the seat cannot see, and the values at stake.
struct Around {
    draws: Draws,
    unseen: [u8; 34],
    /// The hand has no called set: riichi (for ron) and menzen tsumo are
    /// yaku on every wait.
    closed: bool,
    /// At most [`judge::LATE_GO_AROUNDS`] go-arounds left.
    late: bool,
    yakuhai: KindSet,
    dora: KindSet,
    /// The winning tiles of the decision's tenpai candidates, by discard
    /// kind, waits and furiten, as they are asked for: each asks the engine
    /// for yaku once.
    known: RefCell<Vec<(u8, KindSet, bool, WinTiles)>>,
}

impl Around {
    fn of(replay: &Replay<'_>, seat: Seat, unseen: [u8; 34]) -> Option<Self> {
        let state = replay.table()?;
        Some(Self {
            draws: Draws::seeing(state, &unseen),
            unseen,
            closed: state.player(seat).is_ok_and(|p| p.is_closed()),
            late: judge::late(state),
            yakuhai: judge::yakuhai(state, seat),
            dora: judge::dora_kinds(state),
            known: RefCell::new(Vec::new()),
        })
    }

    /// The winning tiles of a tenpai candidate: a closed hand wins by
    /// tsumo and (with riichi) by ron on every wait; an open one on the
    /// waits the engine finds a yaku on.
    fn wins(&self, replay: &Replay<'_>, dec: &Decision, c: &Candidate) -> WinTiles {
        let key = (c.discard.kind(), c.waits, c.furiten);
        if let Some((_, _, _, wins)) = self
            .known
            .borrow()
            .iter()
            .find(|(k, w, f, _)| (*k, *w, *f) == key)
        {
            return *wins;
        }
        let wins = self.ask(replay, dec, c);
        self.known.borrow_mut().push((key.0, key.1, key.2, wins));
        wins
    }

    /// [`Self::wins`] from the engine.
    fn ask(&self, replay: &Replay<'_>, dec: &Decision, c: &Candidate) -> WinTiles {
        let with_yaku = if self.closed {
            c.waits
        } else {
            replay.waits_with_yaku(dec.seat, &without(&dec.hand, c.discard), c.waits)
        };
        WinTiles::of(c.waits, with_yaku, c.furiten, &self.unseen)
    }

    fn chance(&self, replay: &Replay<'_>, dec: &Decision, c: &Candidate) -> f64 {
        self.draws.win_chance(self.wins(replay, dec, c))
    }

    /// "6m (tenpai on 3m: 2 tiles win, 14% to win)": a tenpai candidate
    /// with its own facts.
    fn tenpai_text(&self, replay: &Replay<'_>, dec: &Decision, c: &Candidate) -> String {
        let w = self.wins(replay, dec, c);
        format!(
            "{} (tenpai on {}: {}, {} to win)",
            t(c.discard),
            kinds(c.waits),
            w.describe(),
            judge::percent(self.draws.win_chance(w)),
        )
    }

    /// A candidate with its own facts: a tenpai's waits and chance, or the
    /// tiles that improve it.
    fn text(&self, replay: &Replay<'_>, dec: &Decision, c: &Candidate) -> String {
        if c.shanten == 0 {
            self.tenpai_text(replay, dec, c)
        } else {
            format!(
                "{} ({}, {})",
                t(c.discard),
                distance(c.shanten),
                accepted(c.ukeire, c.shanten)
            )
        }
    }
}

/// Candidates, each with its own facts: `a (…), b (…) or c (…)`, at most
/// [`LISTED`] of them.
fn each(around: &Around, replay: &Replay<'_>, dec: &Decision, list: &[&Candidate]) -> String {
    let names: Vec<String> = list
        .iter()
        .take(LISTED)
        .map(|c| around.text(replay, dec, c))
        .collect();
    match names.as_slice() {
        [] => "nothing".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Late in the hand (the seat's last [`judge::FORMAL_TENPAI_DRAWS`]
/// draws), a formal tenpai (furiten or yakuless) already counts for the
/// payment at an exhaustive draw; giving it up for a real one is worth
/// only what that win could change. With the scores known and no
/// alternative's likely win able to change the seat's place, the reason
/// it is a note; else `None`.
fn formal_tenpai_kept(
    replay: &Replay<'_>,
    around: &Around,
    dec: &Decision,
    alternatives: &[&Candidate],
) -> Option<String> {
    if around.draws.own > judge::FORMAL_TENPAI_DRAWS {
        return None;
    }
    let state = replay.table()?;
    let scores = state.scores.as_deref()?;
    let top = alternatives
        .iter()
        .map(|c| super::pushfold::likely_value(state, dec, c.discard))
        .max()?;
    if judge::win_changes_place(scores, dec.seat, top, state.riichi_sticks) {
        return None;
    }
    Some(format!(
        "late in the hand ({} left) the tenpai already counts at an exhaustive draw, and a win of about {top} with {} could not change seat {}'s place ({}): a formal tenpai kept for the payment",
        match around.draws.own {
            1 => "1 draw".to_owned(),
            n => format!("{n} draws"),
        },
        tiles(&discards(alternatives)),
        dec.seat,
        judge::ordinal(judge::place(scores, dec.seat)),
    ))
}

/// Alternatives named in a message, best first.
const LISTED: usize = 3;

/// A chance is clearly higher when it is at least this many times the
/// other.
const CLEARLY: f64 = 1.2;

/// Items judged on a discard decision alone, right after the discard.
pub(super) fn after_discard(walk: &mut Walk<'_>, replay: &Replay<'_>, d: usize) {
    let Some((seat, unseen)) = walk.out.decisions.get(d).map(|dec| (dec.seat, dec.unseen)) else {
        return;
    };
    let Some(around) = Around::of(replay, seat, unseen) else {
        return;
    };
    efficiency(walk, replay, d, &around);
    furiten(walk, replay, d, &around);
    yakuless(walk, replay, d, &around);
    if !around.draws.none_left() {
        push_fold(walk, replay, d);
    }
}

/// Push or fold is judged from this gain in points (the better
/// candidate's EV less the tile played's).
const PUSH_FOLD_GAIN: i32 = 500;
/// From this gain it is a `mistake`, below an `inaccuracy`.
const PUSH_FOLD_MISTAKE: i32 = 1500;
/// A discard is a push into danger from this chance to deal in (all
/// threats together).
const DANGEROUS: f64 = 0.05;
/// A hand is cheap below this value (a 3-han non-dealer ron at 30 fu).
const CHEAP: i32 = 3900;
/// A fold: the tile played is safer than the tenpai kept by at least
/// this chance to deal in (2 points), so that it was chosen for safety.
const SAFER: f64 = 0.02;
/// A tenpai is strong when its chance to win times its value is at least
/// this many points.
const STRONG: f64 = 1000.0;

/// The chance that a candidate deals in to any threat (the threats'
/// chances added: they are small and rarely overlap).
fn chance_to_deal_in(c: &Candidate) -> f64 {
    c.danger.iter().map(super::danger::Danger::deal_in).sum()
}

/// "seat 2's riichi 12%, seat 3's open hand 3%": a candidate's chance to
/// deal in to each threat.
fn dangers(dec: &Decision, c: &Candidate) -> String {
    dec.threats
        .iter()
        .zip(&c.danger)
        .map(|(th, x)| {
            let what = match th.kind {
                super::danger::ThreatKind::Riichi => "riichi",
                super::danger::ThreatKind::Open => "open hand",
            };
            format!("seat {}'s {what} {}", th.seat, judge::percent(x.deal_in()))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "EV −640: 3% to win about 2000, expected loss 700 (seat 2's riichi
/// 12%)": a candidate's weighing.
fn weighing(dec: &Decision, c: &Candidate, pf: &PushFold) -> String {
    format!(
        "EV {:+}: {} to win about {}, expected loss {} ({})",
        pf.ev,
        judge::percent(pf.win()),
        pf.value,
        pf.loss,
        dangers(dec, c)
    )
}

/// `PUSH-INTO-DANGER` and `FOLDED-STRONG-TENPAI`: the tile played against
/// the candidate the push-or-fold weighing clearly prefers
/// (`formats/review.md`, "Push or fold").
fn push_fold(walk: &mut Walk<'_>, replay: &Replay<'_>, d: usize) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    // In the all-last hand the placement outweighs the points: the dealer
    // in last place must push (folding ends the game there), and the
    // leader may fold a tenpai to keep first place.
    let all_last_place = |want_dealer: bool, place: &dyn Fn(usize, u8) -> bool| {
        walk.all_last_hand()
            && replay.table().is_some_and(|s| {
                (!want_dealer || s.dealer == dec.seat)
                    && s.scores
                        .as_deref()
                        .is_some_and(|sc| place(judge::place(sc, dec.seat), s.seats))
            })
    };
    let last_dealer = all_last_place(true, &|p, seats| p == usize::from(seats));
    let leader = all_last_place(false, &|p, _| p == 1);
    let Some(played) = dec.played() else { return };
    let Some(pf) = played.push_fold else { return };
    if played.shanten < 1 {
        return;
    }
    let danger = chance_to_deal_in(played);
    let weight_of = |gain: i32| {
        if gain >= PUSH_FOLD_MISTAKE {
            Weight::Mistake
        } else {
            Weight::Inaccuracy
        }
    };
    let best = |pick: &dyn Fn(&Candidate) -> bool| {
        dec.candidates
            .iter()
            .filter(|c| pick(c))
            .filter_map(|c| Some((c, c.push_fold?)))
            .max_by_key(|(c, p)| (p.ev, std::cmp::Reverse(c.rank)))
    };
    // A push: a dangerous tile from a far or cheap hand, when a safer one
    // kept the hand as close to tenpai.
    let push = (danger >= DANGEROUS && (played.shanten >= 2 || pf.value < CHEAP))
        .then(|| best(&|c| c.shanten <= played.shanten && chance_to_deal_in(c) < danger))
        .flatten()
        .filter(|(_, p)| p.ev - pf.ev >= PUSH_FOLD_GAIN);
    // A fold: a safer tile that broke a strong tenpai.
    let fold = best(&|c| {
        c.shanten == 0
            && chance_to_deal_in(c) >= danger + SAFER
            && c.push_fold
                .is_some_and(|p| p.win() * f64::from(p.value) >= STRONG)
    })
    .filter(|(_, p)| p.ev - pf.ev >= PUSH_FOLD_GAIN);
    let item = if let Some((alt, ap)) = push {
        let gain = ap.ev - pf.ev;
        // A safer tile that also kept the hand closer to tenpai was better
        // on both counts: no fold, and the message must not call it one.
        // Nor when most of the gain is the hand's value the tile played
        // gave up (a dora, a flush) rather than safety.
        let (safer, verdict) = if alt.shanten < played.shanten {
            (
                ", safer,",
                format!("better on both counts, by {gain} points"),
            )
        } else if 2 * (pf.loss - ap.loss) < gain {
            (
                ", safer,",
                format!("keeping the value and safer, by {gain} points"),
            )
        } else {
            ("", format!("folding was worth {gain} points more"))
        };
        let message = format!(
            "{} pushed into danger with a {} hand ({}); {}{safer} kept it {} ({}): {verdict}{}",
            t(dec.played),
            distance(played.shanten),
            weighing(dec, played, &pf),
            t(alt.discard),
            distance(alt.shanten),
            weighing(dec, alt, &ap),
            if last_dealer {
                "; but the dealer in last place in the all-last hand must push: folding ends the game in last place"
            } else {
                ""
            }
        );
        (
            ItemKind::PushIntoDanger,
            last_dealer,
            gain,
            message,
            alt.discard,
        )
    } else if let Some((alt, ap)) = fold {
        let gain = ap.ev - pf.ev;
        let message = format!(
            "{} folded a tenpai, leaving the hand {} ({}); {} kept it tenpai on {} ({}): pushing was worth {gain} points more{}",
            t(dec.played),
            distance(played.shanten),
            weighing(dec, played, &pf),
            t(alt.discard),
            kinds(alt.waits),
            weighing(dec, alt, &ap),
            if leader {
                "; but leading in the all-last hand, folding to keep first place is a choice a strong player may make"
            } else {
                ""
            }
        );
        (
            ItemKind::FoldedStrongTenpai,
            leader,
            gain,
            message,
            alt.discard,
        )
    } else {
        return;
    };
    // The placement's exception makes either kind a note.
    let (kind, note, gain, message, better) = item;
    let weight = if note { Weight::Note } else { weight_of(gain) };
    let item = walk.item_for(kind, weight, d, message).map(|i| Item {
        better: vec![better],
        ..i
    });
    walk.push(item);
}

/// Improvement tiles weigh in `EFFICIENCY` up to this shanten.
const IMPROVEMENT_FROM: i8 = 2;

/// Seven pairs count when the hand holds at least this many pairs.
pub(super) const SEVEN_PAIRS_PLAN: u32 = 4;
/// Thirteen orphans count when the hand holds at least this many of its
/// kinds (a pair of one counting as one more): two from tenpai.
pub(super) const THIRTEEN_ORPHANS_PLAN: u32 = 11;

/// The candidates as `EFFICIENCY` weighs them: seven pairs and thirteen
/// orphans count only when the hand makes them a plan; otherwise each
/// candidate's shanten and acceptance are the standard form's.
fn plan_candidates<'d>(
    dec: &'d Decision,
    around: &Around,
    replay: &Replay<'_>,
) -> Cow<'d, [Candidate]> {
    let same = Cow::Borrowed(&dec.candidates[..]);
    if !dec.melds.is_empty() {
        return same;
    }
    // Without a plan seven pairs and thirteen orphans are 3-shanten or
    // more after any discard: they matter only where a candidate is.
    if dec.candidates.iter().all(|c| c.shanten < 3) {
        return same;
    }
    let counts = Counts::from_tiles(&dec.hand);
    let pairs = (0..34u8).filter(|&k| counts.get(k) >= 2).count();
    let orphans: Vec<u8> = (0..34u8)
        .filter(|&k| {
            Tile::from_kind(k).is_some_and(Tile::is_terminal_or_honor) && counts.get(k) > 0
        })
        .collect();
    let orphan_score = orphans.len() + usize::from(orphans.iter().any(|&k| counts.get(k) >= 2));
    if u32::try_from(pairs).unwrap_or(0) >= SEVEN_PAIRS_PLAN
        || u32::try_from(orphan_score).unwrap_or(0) >= THIRTEEN_ORPHANS_PLAN
    {
        return same;
    }
    // The special forms' shanten after any discard is at least this: a
    // candidate below it is the standard form's already.
    let special = i8::try_from((6 - pairs.min(6)).min(13 - orphan_score.min(13))).unwrap_or(0);
    if dec.candidates.iter().all(|c| c.shanten < special) {
        return same;
    }
    let Some(state) = replay.table() else {
        return same;
    };
    let river = state.player(dec.seat).map_or(0u64, |p| {
        p.river.iter().fold(0u64, |acc, r| acc | 1 << r.tile.kind())
    });
    let mut out: Vec<Candidate> = dec
        .candidates
        .iter()
        .map(|c| {
            let a = c.standard;
            if a.shanten == c.shanten && a.kinds == c.accepts {
                return c.clone();
            }
            let ukeire = a
                .kinds
                .kinds()
                .map(|k| around.unseen.get(usize::from(k)).copied().unwrap_or(0))
                .fold(0u8, u8::saturating_add);
            let waits = if a.shanten == 0 { a.kinds } else { KindSet(0) };
            Candidate {
                discard: c.discard,
                shanten: a.shanten,
                accepts: a.kinds,
                ukeire,
                waits,
                furiten: waits.0 & (river | 1 << c.discard.kind()) != 0,
                rank: 0,
                // The same tile leaves the same table: its danger stands.
                danger: c.danger.clone(),
                push_fold: c.push_fold,
                standard: c.standard,
            }
        })
        .collect();
    super::decision::rank(&mut out);
    Cow::Owned(out)
}

/// `EFFICIENCY`: with no riichi against the player and a draw left, a
/// discard that raised the shanten when another kept it, or accepted
/// clearly fewer tiles (at tenpai: had a clearly lower chance to win) than
/// the best at the same shanten. Value kept, a step back that buys clearly
/// more and a safe tile late in the hand make it a note.
/// What an `EFFICIENCY` item prints beside its message: the better
/// discards, the shanten best and played, the acceptance played and best.
struct Figures {
    better: Vec<Tile>,
    shanten: (i8, i8),
    ukeire: (u8, u8),
}

/// A note when something outweighs efficiency (`note` says what), else
/// `weight`.
fn unless_note(note: &Option<String>, weight: Weight) -> Weight {
    if note.is_some() { Weight::Note } else { weight }
}

/// An `EFFICIENCY` item on decision `d` with its figures.
fn efficiency_item(
    walk: &Walk<'_>,
    d: usize,
    message: String,
    weight: Weight,
    figures: Figures,
) -> Option<Item> {
    walk.item_for(ItemKind::Efficiency, weight, d, message)
        .map(|i| Item {
            better: figures.better,
            shanten: Some(figures.shanten),
            ukeire: Some(figures.ukeire),
            ..i
        })
}

fn efficiency(walk: &mut Walk<'_>, replay: &Replay<'_>, d: usize, around: &Around) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    // A complete hand is a missed win, not a question of efficiency; with
    // no draw left nothing can improve.
    if !dec.efficiency || dec.shanten < 0 || around.draws.own == 0 {
        return;
    }
    let Some(state) = replay.table() else { return };
    let choices = plan_candidates(dec, around, replay);
    let Some(played) = choices
        .iter()
        .find(|c| c.discard.kind() == dec.played.kind())
    else {
        return;
    };
    let Some(best_shanten) = choices.iter().map(|c| c.shanten).min() else {
        return;
    };
    let others = |pick: &dyn Fn(&Candidate) -> bool| -> Vec<&Candidate> {
        choices
            .iter()
            .filter(|c| c.discard.kind() != played.discard.kind() && pick(c))
            .collect()
    };
    // What a kept shanten is worth: a tenpai's winning tiles, else the
    // tiles that improve it.
    let worth = |c: &Candidate| -> u32 {
        if c.shanten == 0 {
            around.wins(replay, dec, c).tsumo
        } else {
            u32::from(c.ukeire)
        }
    };
    // An open hand wins only with a yaku: a discard that leaves it no
    // route to one gives up all its value (a yakuhai already called is a
    // yaku whatever is discarded).
    let open = dec.melds.iter().any(|m| m.kind != MeldKind::Ankan);
    let rules = walk.rules;
    let loses_routes = |c: &Candidate| {
        open && super::choice::routes(
            state,
            dec.seat,
            &without(&dec.hand, c.discard),
            &dec.melds,
            rules,
        )
        .is_empty()
    };
    let gives_up = |c: &Candidate| {
        value_given_up(
            &dec.hand,
            &dec.melds,
            c.discard,
            around.yakuhai,
            around.dora,
        )
        .or_else(|| loses_routes(c).then_some("the open hand's only route to a yaku"))
    };
    let safe = |c: &Candidate| judge::safe_against_all(state, dec.seat, c.discard.kind());
    // Value the tile played keeps and every better one gives up, or a safe
    // tile late in the hand where none of the better ones is: a note.
    let why_note = |better: &[&Candidate]| -> Option<String> {
        if gives_up(played).is_none()
            && let Some(first) = better.first().and_then(|c| gives_up(c))
            && better.iter().all(|c| gives_up(c).is_some())
        {
            return Some(format!(
                "the tile played keeps {first} that {} gives up: value is weighed by the player",
                tiles(&discards(better))
            ));
        }
        if around.late && safe(played) && !better.iter().any(|c| safe(c)) {
            return Some(format!(
                "late in the hand {} is in every opponent's river and {} is not",
                t(dec.played),
                tiles(&discards(better))
            ));
        }
        None
    };
    let tag = "tile efficiency: safety is not weighed";
    let kept = if played.shanten > best_shanten {
        others(&|c| c.shanten == best_shanten && worth(c) > 0)
    } else {
        Vec::new()
    };
    let melds = u8::try_from(dec.melds.len()).unwrap_or(4);
    let set = TileSet::for_seats(state.seats);
    let rest = |c: &Candidate| Counts::from_tiles(&without(&dec.hand, c.discard));
    let item = if played.shanten > best_shanten && !kept.is_empty() {
        let most_kept = kept.iter().map(|c| worth(c)).max().unwrap_or(0);
        let step_back = played.shanten == best_shanten + 1
            && u32::from(played.ukeire) >= STEP_BACK_TILES
            && u32::from(played.ukeire) >= STEP_BACK_TIMES * most_kept;
        // A step back from a poor shape early in a closed hand, for clearly
        // more tiles and a better wait to riichi on: a strong player may
        // choose it, so at most an inaccuracy. An open hand gains no
        // riichi from the wait: its tenpai is taken. The shape is read
        // only where this could apply.
        let poor_kept = (!step_back
            && around.closed
            && played.shanten == best_shanten + 1
            && best_shanten <= 1
            && around.draws.own >= STEP_BACK_DRAWS
            && u32::from(played.ukeire) >= STEP_BACK_CLEAR_TILES
            && u32::from(played.ukeire) >= STEP_BACK_CLEAR_TIMES * most_kept)
            .then(|| {
                let widest = kept.iter().copied().max_by_key(|c| worth(c))?;
                if best_shanten == 0 {
                    (worth(widest) < quality::GOOD_WAIT).then(|| {
                        format!(
                            "{} keeps {} winning tiles, no good wait",
                            t(widest.discard),
                            worth(widest)
                        )
                    })
                } else {
                    let q = quality::two_step(
                        &rest(widest),
                        melds,
                        set,
                        widest.accepts,
                        &around.unseen,
                        &mut walk.suits,
                    );
                    (q.good * 2 < q.tiles)
                        .then(|| format!("{} keeps {}", t(widest.discard), q.describe()))
                }
            })
            .flatten();
        let note = if step_back {
            Some(format!(
                "a step back that buys clearly more: {} tiles against at most {most_kept}",
                played.ukeire
            ))
        } else {
            why_note(&kept)
        };
        // Far from tenpai shape, value and defence weigh more than one
        // shanten: a clear loss, not a mistake.
        let far = best_shanten >= FAR_SHANTEN;
        let message = format!(
            "discarding {} leaves the hand {} ({}) where {} kept it {} ({tag}){}{}",
            t(dec.played),
            distance(played.shanten),
            accepted(played.ukeire, played.shanten),
            each(around, replay, dec, &kept),
            distance(best_shanten),
            poor_kept.as_ref().map_or_else(String::new, |p| format!(
                "; a step back from a poor shape ({p}) for {} tiles, at least {STEP_BACK_CLEAR_TIMES} times as many, early in the hand: a choice a strong player may make",
                played.ukeire
            )),
            note.as_ref().map_or_else(String::new, |n| format!("; {n}")),
        );
        let better = discards(&kept);
        let top = kept.first().map_or(0, |c| c.ukeire);
        let weight = if far || poor_kept.is_some() {
            Weight::Inaccuracy
        } else {
            Weight::Mistake
        };
        efficiency_item(
            walk,
            d,
            message,
            unless_note(&note, weight),
            Figures {
                better,
                shanten: (best_shanten, played.shanten),
                ukeire: (played.ukeire, top),
            },
        )
    } else if played.shanten == best_shanten && best_shanten == 0 {
        // At tenpai the chance to win decides: a furiten or yakuless tenpai
        // where another is not is SELF-FURITEN's or YAKULESS-TENPAI's.
        let mine = around.wins(replay, dec, played);
        let my_chance = around.draws.win_chance(mine);
        let tenpai = others(&|c| c.shanten == 0);
        let Some(best) = tenpai.iter().copied().max_by(|a, b| {
            around
                .chance(replay, dec, a)
                .total_cmp(&around.chance(replay, dec, b))
                .then(b.discard.kind().cmp(&a.discard.kind()))
        }) else {
            return;
        };
        let theirs = around.wins(replay, dec, best);
        if (mine.furiten && !theirs.furiten) || (mine.tsumo == 0 && !around.closed) {
            return;
        }
        let threshold = f64::from(walk.options.efficiency_threshold.min(100)) / 100.0;
        let best_chance = around.draws.win_chance(theirs);
        if my_chance > best_chance * (1.0 - threshold)
            || theirs.tsumo < mine.tsumo.saturating_add(u32::from(MIN_FEWER))
        {
            return;
        }
        let note = why_note(&[best]);
        let message = format!(
            "{} leaves the hand tenpai on {}: {}, {} to win, where {} ({tag}){}",
            t(dec.played),
            kinds(played.waits),
            mine.describe(),
            judge::percent(my_chance),
            around.tenpai_text(replay, dec, best),
            note.as_ref().map_or_else(String::new, |n| format!("; {n}")),
        );
        efficiency_item(
            walk,
            d,
            message,
            unless_note(&note, Weight::Inaccuracy),
            Figures {
                better: vec![best.discard],
                shanten: (best_shanten, played.shanten),
                ukeire: (played.ukeire, best.ukeire),
            },
        )
    } else if played.shanten == best_shanten {
        let Some(best_ukeire) = choices.first().map(|c| c.ukeire) else {
            return;
        };
        let threshold = u32::from(walk.options.efficiency_threshold.min(100));
        let fewer = u32::from(played.ukeire) * 100 <= u32::from(best_ukeire) * (100 - threshold);
        if !fewer || best_ukeire < played.ukeire.saturating_add(MIN_FEWER) {
            return;
        }
        let top = others(&|c| c.rank == 1);
        let Some(first) = top.first().copied() else {
            return;
        };
        // The quality of the two acceptances: where the draws lead at
        // 1-shanten, the improvement tiles at 2-shanten. Played within
        // the margin of the best by it: no item. Further out acceptance
        // alone judges (improvement tiles there cleared few items and
        // cost the review a tenth of its speed).
        let (mine, theirs, quality) = if best_shanten > IMPROVEMENT_FROM {
            (
                u32::from(played.ukeire),
                u32::from(first.ukeire),
                String::new(),
            )
        } else if best_shanten == 1 {
            let q = |c: &Candidate, cache: &mut SuitCache| {
                quality::two_step(&rest(c), melds, set, c.accepts, &around.unseen, cache)
            };
            let (a, b) = (q(played, &mut walk.suits), q(first, &mut walk.suits));
            (
                a.two_step,
                b.two_step,
                format!(
                    "{} keeps {}; {} keeps {}",
                    t(dec.played),
                    a.describe(),
                    t(first.discard),
                    b.describe()
                ),
            )
        } else if let Some(decided) = {
            // The improvement tiles are counted only where they can change
            // the judgement: between none and all a candidate could have.
            let bound =
                |c: &Candidate| quality::improvement_bound(&rest(c), c.accepts, &around.unseen);
            let mine = ADVANCE_WEIGHT * u32::from(played.ukeire);
            let theirs = ADVANCE_WEIGHT * u32::from(first.ukeire);
            if mine * 100 >= (theirs + bound(first)) * (100 - QUALITY_MARGIN) {
                return;
            }
            ((mine + bound(played)) * 100 < theirs * (100 - QUALITY_MARGIN))
                .then_some((mine, theirs))
        } {
            (decided.0, decided.1, String::new())
        } else {
            let q = |c: &Candidate, cache: &mut SuitCache| {
                quality::improvement(
                    &rest(c),
                    melds,
                    set,
                    c.shanten,
                    c.accepts,
                    &around.unseen,
                    cache,
                )
            };
            let (a, b) = (q(played, &mut walk.suits), q(first, &mut walk.suits));
            (
                ADVANCE_WEIGHT * u32::from(played.ukeire) + a,
                ADVANCE_WEIGHT * u32::from(first.ukeire) + b,
                format!(
                    "{} has {a} improvement tiles, {} {b}",
                    t(dec.played),
                    t(first.discard)
                ),
            )
        };
        if best_shanten <= IMPROVEMENT_FROM && mine * 100 >= theirs * (100 - QUALITY_MARGIN) {
            return;
        }
        let quality = if quality.is_empty() {
            quality
        } else {
            format!("; {quality}")
        };
        let note = why_note(&top);
        let message = format!(
            "at {}, {} accepts {} ({}) where {} accepts {} ({}){quality} ({tag}){}",
            distance(best_shanten),
            t(dec.played),
            count_tiles(played.ukeire),
            kinds(played.accepts),
            tiles(&discards(&top)),
            best_ukeire,
            kinds(first.accepts),
            note.as_ref().map_or_else(String::new, |n| format!("; {n}")),
        );
        let better = discards(&top);
        efficiency_item(
            walk,
            d,
            message,
            unless_note(&note, Weight::Inaccuracy),
            Figures {
                better,
                shanten: (best_shanten, played.shanten),
                ukeire: (played.ukeire, best_ukeire),
            },
        )
    } else {
        None
    };
    walk.push(item);
}

/// At this shanten or more (the best candidate's), raising it is an
/// inaccuracy, not a mistake.
pub(super) const FAR_SHANTEN: i8 = 3;

/// A difference of fewer tiles than this is never "clearly fewer".
pub(super) const MIN_FEWER: u8 = 2;

/// A step back in shanten is a note, not a mistake, when the tile played
/// accepts at least this many tiles …
pub(super) const STEP_BACK_TILES: u32 = 20;
/// … and at least this many times what the best kept candidate is worth.
pub(super) const STEP_BACK_TIMES: u32 = 4;

/// A step back from a poor shape (a tenpai on fewer than
/// [`quality::GOOD_WAIT`] winning tiles, or a 1-shanten whose accepted
/// tiles lead to a good wait less than half the time) is an inaccuracy,
/// not a mistake, when the tile played accepts at least this many tiles …
pub(super) const STEP_BACK_CLEAR_TILES: u32 = 12;
/// … and at least this many times what the best kept candidate is worth …
pub(super) const STEP_BACK_CLEAR_TIMES: u32 = 3;
/// … and the seat has at least this many draws left to use them (early
/// in the hand: about its first six turns).
pub(super) const STEP_BACK_DRAWS: u32 = 12;

/// At the best shanten, a tile played whose acceptance quality is within
/// this many percent of the best candidate's is no item: at 1-shanten the
/// two-step acceptance, further out the acceptance times
/// [`ADVANCE_WEIGHT`] plus the improvement tiles.
pub(super) const QUALITY_MARGIN: u32 = 10;

/// Further than 1-shanten a tile that advances the hand is worth this many
/// that only widen it: the improvement tiles of such a hand are many,
/// and most widen it by a tile or two.
pub(super) const ADVANCE_WEIGHT: u32 = 4;

/// `n` tiles and what they do at a shanten: "6 tiles win", "1 tile
/// improves it".
pub(super) fn accepted(n: u8, shanten: i8) -> String {
    let verb = match (n == 1, shanten == 0) {
        (true, true) => "wins",
        (false, true) => "win",
        (true, false) => "improves it",
        (false, false) => "improve it",
    };
    format!("{} {verb}", count_tiles(n))
}

/// "1 tile", "6 tiles".
fn count_tiles(n: u8) -> String {
    if n == 1 {
        "1 tile".into()
    } else {
        format!("{n} tiles")
    }
}

/// A tile in a message: `5p`, `0p` for a red five, `Red` (`names::short_tile`).
fn t(tile: Tile) -> String {
    names::short_tile(tile)
}

/// "tenpai", "1-shanten", …
pub(super) fn distance(shanten: i8) -> String {
    match shanten {
        i8::MIN..=-1 => "complete".into(),
        0 => "tenpai".into(),
        n => format!("{n}-shanten"),
    }
}

/// `SELF-FURITEN` and `RIICHI-TRAP`: tenpai waits compared by their chance
/// to win (ron and tsumo, the unseen copies, furiten, the draws left).
fn furiten(walk: &mut Walk<'_>, replay: &Replay<'_>, d: usize, around: &Around) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    let Some(played) = dec.played() else { return };
    // No chance left to win either way: nothing to judge.
    if played.shanten != 0 || around.draws.none_left() {
        return;
    }
    let Some(state) = replay.table() else { return };
    let mine = around.wins(replay, dec, played);
    let my_chance = around.draws.win_chance(mine);
    let alternatives = better(dec, |c| {
        c.shanten == 0 && !c.furiten && {
            let w = around.wins(replay, dec, c);
            w.tsumo > 0 && around.draws.win_chance(w) >= my_chance * CLEARLY
        }
    });
    let own = own_discard_on_waits(walk, dec, played);
    let item = if dec.riichi {
        if played.ukeire == 0 {
            let message = format!(
                "riichi on {}: every copy is in view, so the hand, which can no longer change, can never win",
                kinds(played.waits),
            );
            walk.item_for(ItemKind::RiichiTrap, Weight::Mistake, d, message)
                .map(|i| Item {
                    better: discards(&alternatives),
                    ..i
                })
        } else if played.furiten {
            let head = format!(
                "riichi on {} is furiten ({own} among the player's own discards): {}, {} to win, and it can no longer change",
                kinds(played.waits),
                mine.describe(),
                judge::percent(my_chance),
            );
            let formal = formal_tenpai_kept(replay, around, dec, &alternatives);
            let message = if alternatives.is_empty() {
                format!(
                    "{head}; no tenpai discard that was not furiten had a clearly better chance"
                )
            } else {
                format!(
                    "{head}, where {} kept it tenpai and not furiten{}",
                    each(around, replay, dec, &alternatives),
                    formal
                        .as_ref()
                        .map_or_else(String::new, |f| format!("; {f}")),
                )
            };
            let weight = if alternatives.is_empty() || formal.is_some() {
                Weight::Note
            } else {
                Weight::Mistake
            };
            walk.item_for(ItemKind::RiichiTrap, weight, d, message)
                .map(|i| Item {
                    better: discards(&alternatives),
                    ..i
                })
        } else {
            None
        }
    } else if played.furiten && !alternatives.is_empty() {
        let safe_late = around.late
            && judge::safe_against_all(state, dec.seat, dec.played.kind())
            && !alternatives
                .iter()
                .any(|c| judge::safe_against_all(state, dec.seat, c.discard.kind()));
        let formal = formal_tenpai_kept(replay, around, dec, &alternatives);
        let message = format!(
            "discarding {} leaves the hand tenpai on {} but furiten ({own} among its own discards): {}, {} to win; {} kept it tenpai and not furiten{}{}",
            t(dec.played),
            kinds(played.waits),
            mine.describe(),
            judge::percent(my_chance),
            each(around, replay, dec, &alternatives),
            if safe_late {
                "; late in the hand the tile played is in every opponent's river"
            } else {
                ""
            },
            formal
                .as_ref()
                .map_or_else(String::new, |f| format!("; {f}")),
        );
        // Against a riichi the tile may have been chosen for safety.
        let weight = if safe_late || formal.is_some() {
            Weight::Note
        } else if dec.efficiency {
            Weight::Mistake
        } else {
            Weight::Inaccuracy
        };
        walk.item_for(ItemKind::SelfFuriten, weight, d, message)
            .map(|i| Item {
                better: discards(&alternatives),
                ..i
            })
    } else {
        None
    };
    walk.push(item);
}

/// The player's own discards (the one just made included) that are among
/// the waits, as messages list kinds.
fn own_discard_on_waits(walk: &Walk<'_>, dec: &Decision, played: &Candidate) -> String {
    let mut found = KindSet(played.waits.0 & 1 << dec.played.kind());
    for (_, seat, kind) in walk.kyoku_discards() {
        if seat == dec.seat && played.waits.contains(kind) {
            found.0 |= 1 << kind;
        }
    }
    kinds(found)
}

/// A dealer's call for a formal tenpai keeps the deal at an exhaustive
/// draw: a note with at most this many go-arounds left.
pub(super) const DEALER_GO_AROUNDS: i32 = 6;

/// `YAKULESS-TENPAI` and `YAKULESS-CALL`: an open hand tenpai with no yaku
/// on any wait.
fn yakuless(walk: &mut Walk<'_>, replay: &Replay<'_>, d: usize, around: &Around) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    let seat = dec.seat;
    let (Some(played), Some(state)) = (dec.played(), replay.table()) else {
        return;
    };
    let open = state.player(seat).is_ok_and(|p| !p.is_closed());
    let tenpai = played.shanten == 0 && !played.waits.is_empty();
    if !open || !tenpai {
        if let Some(t) = walk.track(seat) {
            t.yakuless = false;
        }
        return;
    }
    let after = without(&dec.hand, dec.played);
    if !replay
        .waits_with_yaku(seat, &after, played.waits)
        .is_empty()
    {
        if let Some(t) = walk.track(seat) {
            t.yakuless = false;
            t.tenpai_since_call = true;
        }
        return;
    }
    // Another discard that kept tenpai with a yaku on a wait it can win on?
    let with_yaku: Vec<&Candidate> = better(dec, |c| {
        c.shanten == 0 && !c.waits.is_empty() && around.wins(replay, dec, c).tsumo > 0
    });
    let waits = kinds(played.waits);
    let Some(track) = walk.tracked(seat).cloned() else {
        return;
    };
    let item = if around.draws.none_left() {
        // No chance to win is left either way: nothing to judge.
        None
    } else if !with_yaku.is_empty() {
        // A safe tile late in the hand: a note.
        let safe_late = around.late
            && judge::safe_against_all(state, seat, dec.played.kind())
            && !with_yaku
                .iter()
                .any(|c| judge::safe_against_all(state, seat, c.discard.kind()));
        let formal = formal_tenpai_kept(replay, around, dec, &with_yaku);
        let message = format!(
            "discarding {} leaves the open hand tenpai on {waits} with no yaku on any wait, so it cannot win; {} kept it tenpai with a yaku{}{}",
            t(dec.played),
            each(around, replay, dec, &with_yaku),
            if safe_late {
                "; late in the hand the tile played is in every opponent's river"
            } else {
                ""
            },
            formal
                .as_ref()
                .map_or_else(String::new, |f| format!("; {f}")),
        );
        let better = discards(&with_yaku);
        let weight = if safe_late || formal.is_some() {
            Weight::Note
        } else {
            Weight::Mistake
        };
        walk.item_for(ItemKind::YakulessTenpai, weight, d, message)
            .map(|i| Item { better, ..i })
    } else if let (false, Some(call)) = (track.tenpai_since_call, track.last_call) {
        if !track.routes.is_empty() {
            // The call kept a route to a yaku: the formal tenpai is a step
            // on the way, not a yakuless call.
            None
        } else {
            let seats = i32::from(walk.out.seats);
            // Late in the hand a call for a tenpai without a yaku is often
            // meant for the payment at an exhaustive draw; the dealer's
            // keeps the deal.
            let late = call.live_wall <= judge::LATE_GO_AROUNDS * seats;
            let keeps_deal = track.dealer
                && walk.rules.renchan_on_tenpai
                && call.live_wall <= DEALER_GO_AROUNDS * seats;
            let message = format!(
                "after this {} of {} the hand kept no route to a yaku (no yakuhai pair, flush, toitoi, tanyao, chanta, ittsu or sanshoku shape) and first reached tenpai at event {} on {waits} with no yaku on any wait, so it could not win{}",
                call_name(call.kind),
                t(call.tile),
                dec.event,
                if keeps_deal {
                    " (the dealer's tenpai keeps the deal at an exhaustive draw)"
                } else if late {
                    " (late in the hand: a tenpai for the exhaustive draw's payment)"
                } else {
                    ""
                },
            );
            walk.item_for(
                ItemKind::YakulessCall,
                if late || keeps_deal {
                    Weight::Note
                } else {
                    Weight::Mistake
                },
                d,
                message,
            )
            .map(|i| Item {
                event: call.event,
                src: walk.src(call.event),
                played: Some(call.tile),
                shanten: None,
                ukeire: None,
                related: Some(dec.event),
                decision: None,
                ..i
            })
        }
    } else if !track.yakuless {
        let message = format!(
            "the open hand is tenpai on {waits} with no yaku on any wait: it cannot win, only count as tenpai at an exhaustive draw"
        );
        walk.item_for(ItemKind::YakulessTenpai, Weight::Note, d, message)
    } else {
        None
    };
    walk.push(item);
    if let Some(t) = walk.track(seat) {
        t.yakuless = true;
        t.tenpai_since_call = true;
    }
}

/// The routes to a yaku `seat` keeps right after a call, at `state`.
pub(super) fn call_routes(state: &KyokuState, seat: Seat, rules: &Rules) -> Vec<&'static str> {
    let Ok(p) = state.player(seat) else {
        return Vec::new();
    };
    let melds: Vec<Meld> = p.melds.iter().map(|m| m.meld.clone()).collect();
    judge::yaku_routes(&p.concealed, &melds, state, seat, rules.open_tanyao)
}

fn call_name(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Chi => "chi",
        MeldKind::Pon => "pon",
        _ => "open kong",
    }
}

/// `hand` less one tile of `tile`'s kind.
fn without(hand: &[Tile], tile: Tile) -> Vec<Tile> {
    let mut out = hand.to_vec();
    if let Some(i) = out
        .iter()
        .position(|t| *t == tile)
        .or_else(|| out.iter().position(|t| t.kind() == tile.kind()))
    {
        out.remove(i);
    }
    out
}

/// `LIABILITY-FEED`: the discard of decision `d` was called for the third
/// dragon or fourth wind set and made its discarder liable.
pub(super) fn liability_feed(walk: &mut Walk<'_>, d: usize, caller: Seat, call: CallFacts) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    let Some(played) = dec.played() else { return };
    let same = better(dec, |c| {
        c.shanten <= played.shanten && c.discard.kind() != dec.played.kind()
    });
    if same.is_empty() {
        return;
    }
    let (set, yakuman) = if call.tile.is_dragon() {
        ("third dragon set", "big three dragons")
    } else {
        ("fourth wind set", "big four winds")
    };
    let message = format!(
        "seat {caller} called {} for its {set}, so seat {} is liable for {yakuman} if seat {caller} makes it; {} kept the hand {}",
        t(call.tile),
        dec.seat,
        tiles(&discards(&same)),
        distance(played.shanten),
    );
    let better = discards(&same);
    let item = walk
        .item_for(ItemKind::LiabilityFeed, Weight::Mistake, d, message)
        .map(|i| Item {
            better,
            related: Some(call.event),
            ..i
        });
    walk.push(item);
}

/// `DEAL-IN-WITH-SAFE-TILE`: the discard of decision `d` was won on by
/// `winner`, in riichi, while the discarder held a tile that player could
/// not win on.
pub(super) fn deal_in(
    walk: &mut Walk<'_>,
    replay: &Replay<'_>,
    d: usize,
    winner: Seat,
    win_event: usize,
    value: Option<i32>,
) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    let Some(state) = replay.table() else { return };
    let Ok(w) = state.player(winner) else { return };
    if w.riichi.is_none() {
        return;
    }
    let Some(riichi_at) = walk.tracked(winner).and_then(|t| t.riichi_at) else {
        return;
    };
    let river = KindSet(w.river.iter().fold(0u64, |acc, r| acc | 1 << r.tile.kind()));
    let passed = KindSet(
        walk.discards_between(riichi_at, dec.event)
            .into_iter()
            .fold(0u64, |acc, k| acc | 1 << k),
    );
    let safe = KindSet((river.0 | passed.0) & !(1 << dec.played.kind()));
    let held: Vec<Tile> = {
        let mut seen = 0u64;
        dec.hand
            .iter()
            .copied()
            .filter(|t| {
                let new = safe.contains(t.kind()) && seen & 1 << t.kind() == 0;
                seen |= 1 << t.kind();
                new
            })
            .collect()
    };
    if held.is_empty() {
        return;
    }
    let Some(played) = dec.played() else { return };
    let pushing = played.shanten == 0;
    let in_river: Vec<Tile> = held
        .iter()
        .copied()
        .filter(|t| river.contains(t.kind()))
        .collect();
    let after: Vec<Tile> = held
        .iter()
        .copied()
        .filter(|t| !river.contains(t.kind()))
        .collect();
    let mut why = Vec::new();
    if !in_river.is_empty() {
        why.push(format!("{} in seat {winner}'s river", tiles_and(&in_river)));
    }
    if !after.is_empty() {
        why.push(format!(
            "{} discarded after the riichi and not won on",
            tiles_and(&after)
        ));
    }
    // The safe discard that kept the most: its own shanten and acceptance.
    let Some(fold) = dec
        .candidates
        .iter()
        .find(|c| safe.contains(c.discard.kind()))
    else {
        return;
    };
    let dora = judge::dora_kinds(state);
    let all_dora = held.iter().all(|t| t.is_red() || dora.contains(t.kind()));
    let last_dealer = walk.all_last_hand()
        && state.dealer == dec.seat
        && state
            .scores
            .as_deref()
            .is_some_and(|s| judge::place(s, dec.seat) == usize::from(state.seats));
    // Folding cost the hand its shape close to tenpai: push or fold is a
    // weighing the engine does not make.
    let folding_cost = played.shanten <= 1 && fold.shanten > played.shanten;
    // The push-or-fold weighing of the tile played against the safe tile.
    let weighed = played.push_fold.zip(fold.push_fold);
    let push_right = weighed.is_some_and(|(p, f)| p.ev >= f.ev);
    let (weight, reason) = if pushing {
        (Weight::Note, "the hand was pushing for its own tenpai")
    } else if last_dealer {
        (
            Weight::Note,
            "the all-last dealer in last place must push: folding ends the game",
        )
    } else if all_dora {
        (
            Weight::Note,
            "the safe tiles were dora, value given up by folding",
        )
    } else if folding_cost {
        (
            Weight::Note,
            "the hand was 1-shanten and folding would have set it back",
        )
    } else if push_right {
        (
            Weight::Note,
            "pushing was right by the push-or-fold weighing",
        )
    } else {
        (Weight::Mistake, "the hand was not tenpai")
    };
    let evs = weighed.map_or_else(String::new, |(p, f)| {
        format!(
            " (push or fold: EV {:+} for {}, {:+} for {})",
            p.ev,
            t(dec.played),
            f.ev,
            t(fold.discard)
        )
    });
    let message = format!(
        "{} dealt into seat {winner}'s riichi{} while the hand held {} that seat {winner} could not win on ({}); folding with {} left it {} ({}) where {} left it {}; {reason}{evs}",
        t(dec.played),
        value.map_or_else(String::new, |v| format!(" for {v} points")),
        tiles_and(&held),
        why.join("; "),
        t(fold.discard),
        distance(fold.shanten),
        accepted(fold.ukeire, fold.shanten),
        t(dec.played),
        distance(played.shanten),
    );
    let item = walk
        .item_for(ItemKind::DealInWithSafeTile, weight, d, message)
        .map(|i| Item {
            better: {
                // The safe tile that kept the most first: the figures are its.
                let mut better = held;
                better.sort_by_key(|t| t.kind() != fold.discard.kind());
                better
            },
            ukeire: Some((played.ukeire, fold.ukeire)),
            value,
            related: Some(win_event),
            ..i
        });
    // The deal-in item judges the same push with the same weighing: it
    // takes the place of a `PUSH-INTO-DANGER` of the decision, and its
    // situation (the same moment), so the items already situated stay so.
    let pushed = walk
        .out
        .items
        .iter()
        .position(|i| i.kind == ItemKind::PushIntoDanger && i.decision == Some(d));
    match (item, pushed.and_then(|p| walk.out.items.get_mut(p))) {
        (Some(mut item), Some(old)) => {
            item.situation = old.situation.take();
            *old = item;
        }
        (item, _) => walk.push(item),
    }
}

/// `MISSED-WIN`: a legal win, not taken.
pub(super) fn missed_win(
    walk: &mut Walk<'_>,
    chance: &WinChance,
    win: &ChanceWin,
    at: super::walk::Offer<'_>,
) {
    let super::walk::Offer {
        event,
        kyoku,
        last,
        scores,
        dealer,
    } = at;
    let how = if chance.tsumo {
        format!("tsumo on {}", t(chance.tile))
    } else {
        format!("ron on {} from seat {}", t(chance.tile), chance.from)
    };
    let gain = win
        .deltas
        .get(chance.seat.index())
        .copied()
        .unwrap_or(win.value);
    let after: Option<Vec<i32>> = scores.map(|s| {
        s.iter()
            .enumerate()
            .map(|(i, v)| v + win.deltas.get(i).copied().unwrap_or(0))
            .collect()
    });
    let (weight, placement) = match (scores, &after) {
        (Some(now), Some(after)) => {
            let judged = placement(walk, chance.seat, dealer, last, now, after);
            (judged.0, judged.1)
        }
        _ => (
            if last { Weight::Note } else { Weight::Mistake },
            if last {
                "; in the game's last hand a win may be passed on purpose to keep or reach a placement".to_owned()
            } else {
                String::new()
            },
        ),
    };
    let scores = scores.map_or_else(String::new, |s| {
        format!(
            "; scores {}",
            s.iter().map(i32::to_string).collect::<Vec<_>>().join(" / ")
        )
    });
    let message = format!(
        "{how} was a legal win: {}, worth {} points ({gain:+} with counters and sticks){scores}{placement}",
        describe(&win.scored),
        win.value,
    );
    let mut hand = win.inputs.hand.concealed.clone();
    crate::tile::sort_tiles(&mut hand);
    walk.out.items.push(Item {
        kind: ItemKind::MissedWin,
        weight,
        event,
        kyoku: kyoku.to_owned(),
        seat: chance.seat,
        played: Some(chance.tile),
        better: vec![chance.tile],
        shanten: None,
        ukeire: None,
        value: Some(win.value),
        message,
        citation: ItemKind::MissedWin.citation(walk.rules.book),
        src: walk.src(event),
        hand,
        melds: win.inputs.hand.melds.clone(),
        decision: None,
        related: None,
        situation: None,
        hindsight: None,
    });
}

/// A passed win judged by the placement it gives: whether it ends the game
/// (a score below zero where the rules end the game there, or a win by
/// anyone but the dealer in the all-last hand), and where the winner would
/// stand, against where it stands now. Passing plausibly keeps at least
/// the place the passer has now (the game goes on), so a win that ends the
/// game in a place no better than that, and not first, is a note.
fn placement(
    walk: &Walk<'_>,
    seat: Seat,
    dealer: Seat,
    last: bool,
    now: &[i32],
    after: &[i32],
) -> (Weight, String) {
    let bust = walk.rules.ends_below_zero && after.iter().any(|s| *s < 0);
    let ends = bust || (last && seat != dealer);
    let place_now = judge::place(now, seat);
    let place_after = judge::place(after, seat);
    if ends {
        let how = if bust {
            "would have ended the game (a score below zero)"
        } else {
            "would have ended the game (the all-last hand, won by a player who is not the dealer)"
        };
        let text = format!(
            "; the win {how} with seat {seat} {} (now {})",
            judge::ordinal(place_after),
            judge::ordinal(place_now)
        );
        if place_after == 1 || place_after < place_now {
            (Weight::Mistake, text)
        } else {
            (
                Weight::Note,
                format!("{text}: passing keeps the hand going and the chance of a better place"),
            )
        }
    } else if last {
        (
            Weight::Note,
            format!(
                "; the game goes on (the dealer keeps the deal), seat {seat} would stand {}: in the game's last hand a win may be passed on purpose to keep or reach a placement",
                judge::ordinal(place_after)
            ),
        )
    } else {
        (Weight::Mistake, String::new())
    }
}

/// Yaku, han and fu in a few words.
fn describe(s: &Scored) -> String {
    let mut parts: Vec<String> = s
        .yakuman
        .iter()
        .map(|y| y.yaku.for_people().into_owned())
        .collect();
    if parts.is_empty() {
        parts = s
            .yaku
            .iter()
            .map(|y| format!("{} {}", y.yaku.for_people(), y.han))
            .collect();
        let dora = s.dora.dora + s.dora.aka + s.dora.ura + s.dora.nukidora;
        if dora > 0 {
            parts.push(format!("dora {dora}"));
        }
        parts.push(format!("{} han {} fu", s.han, s.fu));
    }
    parts.join(", ")
}

/// The shanten after calling `option` on the chance's tile.
pub(super) fn shanten_after_call(replay: &Replay<'_>, c: &CallChance, option: &CallOption) -> i8 {
    let Some(state) = replay.table() else {
        return i8::MAX;
    };
    let Ok(p) = state.player(c.seat) else {
        return i8::MAX;
    };
    let mut rest = Counts::from_tiles(&p.concealed);
    for t in &option.consumed {
        if let Some(n) = rest.0.get_mut(usize::from(t.kind())) {
            *n = n.saturating_sub(1);
        }
    }
    // After a chi or pon the hand is 3n+2 (the best discard is taken);
    // after an open kong 3n+1, before its replacement draw.
    let melds = u8::try_from(p.melds.len() + 1).unwrap_or(4);
    shanten_in(&rest, melds, TileSet::for_seats(state.seats))
}
