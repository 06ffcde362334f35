//! The decisions that are not a choice of discard: a call offered (take it
//! or pass), riichi or dama with a tenpai discard, a kong open after a
//! draw, a win open on a tile. Each is a [`Choice`] with its alternatives,
//! the facts of each, and which one was taken. The legality of every
//! alternative is the engine's (`Replay::call_chances`,
//! `Replay::riichi_open`, `Replay::kong_chances`, the win chances); the
//! review only measures the hand after each.

use crate::engine::{CallChance, KongOption, KyokuState, Replay, WinChance};
use crate::event::{Seat, Source};
use crate::hand::{Counts, KindSet, SuitCache, TileSet, acceptance, discard_acceptance_cached};
use crate::rules::Rules;
use crate::score::{Meld, MeldKind};
use crate::tile::Tile;

use super::decision::Decision;
use super::judge::{self, Draws, WinTiles};
use super::taken::Taken;
use super::visible::unseen_by;

/// What a [`Choice`] is between.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChoiceKind {
    /// Calling another's discard (chi, pon, open kong) or passing.
    Call,
    /// Declaring riichi with a tenpai discard or staying dama.
    Riichi,
    /// Declaring a concealed or added kong after a draw, or not.
    Kong,
    /// Winning on a tile (ron or tsumo), or passing.
    Win,
}

impl ChoiceKind {
    /// The name the JSON lines give it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Call => "call",
            Self::Riichi => "riichi",
            Self::Kong => "kong",
            Self::Win => "win",
        }
    }
}

/// One alternative of a choice, with the facts of the hand after it.
#[derive(Clone, PartialEq, Debug)]
pub struct Alternative {
    /// `pass`, `chi`, `pon`, `daiminkan`; `riichi`, `dama`; `ankan`,
    /// `kakan`, `no kong`; `ron`, `tsumo`.
    pub name: &'static str,
    /// The tiles from the hand it uses (a call's, a kong's four).
    pub tiles: Vec<Tile>,
    /// Shanten after it (for a call, after its best discard).
    pub shanten: Option<i8>,
    /// Tiles the player cannot see that lower that shanten (for a call,
    /// after its best discard).
    pub ukeire: Option<u8>,
    /// At tenpai, the waits.
    pub waits: KindSet,
    /// At tenpai, a wait among the seat's own discards.
    pub furiten: Option<bool>,
    /// The routes to a yaku the hand keeps (a call's; `formats/review.md`,
    /// "Routes to a yaku"): `None` where they do not apply.
    pub routes: Option<Vec<&'static str>>,
    /// For riichi or dama, the ron points on each wait (`None` where the
    /// wait has no yaku).
    pub values: Vec<(u8, Option<i32>)>,
    /// The likely value in points: a call's the push-or-fold estimate, a
    /// riichi's or dama's the mean of its ron values over the winning
    /// tiles, a win's its points.
    pub value: Option<i32>,
    /// The chance to win (`judge.rs`), where the hand is tenpai.
    pub win_chance: Option<f64>,
    /// The seat's placement after it (a win), or now (passing a win).
    pub placement: Option<usize>,
    /// The one the player chose.
    pub taken: bool,
}

impl Alternative {
    fn named(name: &'static str) -> Self {
        Self {
            name,
            tiles: Vec::new(),
            shanten: None,
            ukeire: None,
            waits: KindSet::default(),
            furiten: None,
            routes: None,
            values: Vec::new(),
            value: None,
            win_chance: None,
            placement: None,
            taken: false,
        }
    }
}

/// A decision that is not the choice of a discard.
#[derive(Clone, PartialEq, Debug)]
pub struct Choice {
    /// What it is between.
    pub kind: ChoiceKind,
    /// The event that offered it (the discard, the draw).
    pub event: usize,
    /// Where in the source file.
    pub src: Source,
    /// The kyoku label.
    pub kyoku: String,
    /// Whose choice.
    pub seat: Seat,
    /// The tile it is about (the discard offered, the tile drawn, the
    /// riichi discard, the kong's tile).
    pub tile: Tile,
    /// Whose tile it was (the discarder; the seat itself for its own
    /// draw or discard).
    pub from: Seat,
    /// A kong turns a new dora indicator; other seats in riichi when the
    /// choice was made.
    pub riichi_opponents: u8,
    /// The alternatives, the one taken marked.
    pub alternatives: Vec<Alternative>,
}

impl Choice {
    /// The alternative taken.
    #[must_use]
    pub fn taken(&self) -> Option<&Alternative> {
        self.alternatives.iter().find(|a| a.taken)
    }
}

fn unseen_count(unseen: &[u8; 34], kinds: KindSet) -> u8 {
    kinds
        .kinds()
        .map(|k| unseen.get(usize::from(k)).copied().unwrap_or(0))
        .fold(0u8, u8::saturating_add)
}

pub(super) fn others_in_riichi(state: &KyokuState, seat: Seat) -> u8 {
    let n = state
        .players
        .iter()
        .enumerate()
        .filter(|(i, p)| *i != seat.index() && p.riichi.is_some())
        .count();
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// The best discard of a 3n+2 hand: its shanten and the unseen tiles
/// that lower it.
fn best_after(
    concealed: &Counts,
    melds: u8,
    set: TileSet,
    unseen: &[u8; 34],
    cache: &mut SuitCache,
) -> Option<(i8, u8)> {
    best_discard(concealed, melds, set, unseen, cache).map(|(s, u, _)| (s, u))
}

/// [`best_after`] with the kinds the best discard accepts.
fn best_discard(
    concealed: &Counts,
    melds: u8,
    set: TileSet,
    unseen: &[u8; 34],
    cache: &mut SuitCache,
) -> Option<(i8, u8, KindSet)> {
    discard_acceptance_cached(concealed, melds, set, cache)
        .iter()
        .map(|(_, a)| (a.shanten, unseen_count(unseen, a.kinds), a.kinds))
        .min_by_key(|&(s, u, _)| (s, std::cmp::Reverse(u)))
}

fn remove_tiles(counts: &mut Counts, tiles: &[Tile]) {
    for t in tiles {
        if let Some(n) = counts.0.get_mut(usize::from(t.kind())) {
            *n = n.saturating_sub(1);
        }
    }
}

/// The alternatives of `c.seat` on the tile just discarded: pass, then
/// each call open (in the engine's order), measured at the table as it
/// stands (`state`, the discard made). None is marked taken yet.
pub(super) fn call(
    state: &KyokuState,
    rules: &Rules,
    c: &CallChance,
    cache: &mut SuitCache,
) -> Option<Vec<Alternative>> {
    let p = state.player(c.seat).ok()?;
    let melds = u8::try_from(p.melds.len()).ok()?;
    let set = TileSet::for_seats(state.seats);
    let unseen = unseen_by(state, c.seat);
    let concealed = Counts::from_tiles(&p.concealed);
    let now = acceptance(&concealed, melds, set);
    let closed = p.is_closed();
    let meld_list: Vec<Meld> = p.melds.iter().map(|m| m.meld.clone()).collect();
    let mut pass = Alternative::named("pass");
    pass.shanten = Some(now.shanten);
    pass.ukeire = Some(unseen_count(&unseen, now.kinds));
    pass.routes = if closed {
        None
    } else {
        Some(routes(state, c.seat, &p.concealed, &meld_list, rules))
    };
    pass.value = Some(super::pushfold::hand_value(
        state,
        c.seat,
        &p.concealed,
        &meld_list,
        closed,
        now.shanten > 0,
    ));
    let mut out = vec![pass];
    for o in &c.options {
        let mut a = Alternative::named(match o.kind {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            _ => "daiminkan",
        });
        a.tiles.clone_from(&o.consumed);
        let mut rest = concealed;
        remove_tiles(&mut rest, &o.consumed);
        let mut rest_tiles = p.concealed.clone();
        for t in &o.consumed {
            if let Some(i) = rest_tiles.iter().position(|x| x == t) {
                rest_tiles.remove(i);
            }
        }
        let melds_after = melds.saturating_add(1);
        if o.kind == MeldKind::Daiminkan {
            let acc = acceptance(&rest, melds_after, set);
            a.shanten = Some(acc.shanten);
            a.ukeire = Some(unseen_count(&unseen, acc.kinds));
        } else if let Some((s, u)) = best_after(&rest, melds_after, set, &unseen, cache) {
            a.shanten = Some(s);
            a.ukeire = Some(u);
        }
        let mut tiles = o.consumed.clone();
        tiles.push(c.tile);
        let mut melds_with = meld_list.clone();
        melds_with.push(Meld {
            kind: o.kind,
            tiles,
        });
        a.routes = Some(routes(state, c.seat, &rest_tiles, &melds_with, rules));
        a.value = Some(super::pushfold::hand_value(
            state,
            c.seat,
            &rest_tiles,
            &melds_with,
            false,
            a.shanten.is_none_or(|s| s > 0),
        ));
        out.push(a);
    }
    Some(out)
}

/// Whether two lists of tiles hold the same kinds (a red five stands for
/// its kind).
pub(super) fn same_kinds(a: &[Tile], b: &[Tile]) -> bool {
    let kinds = |list: &[Tile]| {
        let mut k: Vec<u8> = list.iter().map(|t| t.kind()).collect();
        k.sort_unstable();
        k
    };
    kinds(a) == kinds(b)
}

/// Whether the call `kind` using `consumed` from the hand is the
/// alternative `a` (the same kinds of tile: a red five stands for its
/// kind).
pub(super) fn is_call(a: &Alternative, kind: MeldKind, consumed: &[Tile]) -> bool {
    let name = match kind {
        MeldKind::Chi => "chi",
        MeldKind::Pon => "pon",
        MeldKind::Daiminkan => "daiminkan",
        _ => return false,
    };
    a.name == name && same_kinds(&a.tiles, consumed)
}

/// The routes to a yaku of a hand (`judge::yaku_routes`), a yakuhai set
/// among its melds counted: a call of one is a yaku already.
pub(super) fn routes(
    state: &KyokuState,
    seat: Seat,
    concealed: &[Tile],
    melds: &[Meld],
    rules: &Rules,
) -> Vec<&'static str> {
    let mut out = judge::yaku_routes(concealed, melds, state, seat, rules.open_tanyao);
    let valued = judge::yakuhai(state, seat);
    let called = melds.iter().any(|m| {
        m.kind != MeldKind::Chi && m.tiles.first().is_some_and(|t| valued.contains(t.kind()))
    });
    if called && !out.contains(&YAKUHAI) {
        out.insert(0, YAKUHAI);
    }
    out
}

/// The yakuhai route's name, as `judge::yaku_routes` gives it.
const YAKUHAI: &str = "a yakuhai pair or triplet";

/// The riichi-or-dama decision at a discard `d` whose tile played leaves
/// the closed hand tenpai, when the engine says riichi may be declared.
pub(super) fn riichi(replay: &Replay<'_>, state: &KyokuState, d: &Decision) -> Option<Choice> {
    let played = d.played()?;
    if played.shanten != 0 || !d.melds.iter().all(|m| m.kind == MeldKind::Ankan) {
        return None;
    }
    if !replay.riichi_open(d.seat) {
        return None;
    }
    let mut after = d.hand.clone();
    let i = after.iter().position(|t| t.kind() == d.played.kind())?;
    after.remove(i);
    let unseen = unseen_by(state, d.seat);
    let draws = Draws::after_discard(state, d.seat);
    let mut out = Vec::with_capacity(2);
    for (name, riichi) in [("riichi", true), ("dama", false)] {
        let mut a = Alternative::named(name);
        a.shanten = Some(0);
        a.ukeire = Some(played.ukeire);
        a.waits = played.waits;
        a.furiten = Some(played.furiten);
        a.values = replay.ron_values(d.seat, &after, played.waits, riichi);
        a.value = mean_value(&a.values, &unseen);
        let with_yaku = KindSet(
            a.values
                .iter()
                .filter(|(_, v)| v.is_some())
                .fold(0u64, |acc, (k, _)| acc | 1 << k),
        );
        let tsumo = unseen_count(&unseen, played.waits);
        let ron = if played.furiten {
            0
        } else {
            unseen_count(&unseen, with_yaku)
        };
        let wins = WinTiles {
            ron: u32::from(ron),
            tsumo: u32::from(tsumo),
            furiten: played.furiten,
            yakuless: with_yaku != played.waits,
        };
        a.win_chance = Some(draws.win_chance(wins));
        a.taken = riichi == d.riichi;
        out.push(a);
    }
    Some(Choice {
        kind: ChoiceKind::Riichi,
        event: d.event,
        src: d.src.clone(),
        kyoku: d.kyoku.clone(),
        seat: d.seat,
        tile: d.played,
        from: d.seat,
        riichi_opponents: others_in_riichi(state, d.seat),
        alternatives: out,
    })
}

/// The mean of the ron values over the winning tiles: each wait with a
/// yaku weighted by the copies the seat cannot see (equally when none is
/// left); `None` when no wait has a yaku.
fn mean_value(values: &[(u8, Option<i32>)], unseen: &[u8; 34]) -> Option<i32> {
    let with: Vec<(i64, i64)> = values
        .iter()
        .filter_map(|&(k, v)| {
            v.map(|v| {
                (
                    i64::from(unseen.get(usize::from(k)).copied().unwrap_or(0)),
                    i64::from(v),
                )
            })
        })
        .collect();
    if with.is_empty() {
        return None;
    }
    let weight: i64 = with.iter().map(|(w, _)| w).sum();
    let (sum, n) = if weight == 0 {
        (with.iter().map(|(_, v)| v).sum::<i64>(), with.len() as i64)
    } else {
        (with.iter().map(|(w, v)| w * v).sum::<i64>(), weight)
    };
    i32::try_from(sum / n.max(1)).ok()
}

/// The kong decisions open after a draw: for each kong the engine allows,
/// kong or not, with the hand's shanten, acceptance and waits after each.
pub(super) fn kongs(
    state: &KyokuState,
    seat: Seat,
    options: &[KongOption],
    cache: &mut SuitCache,
) -> Vec<(Tile, Vec<Alternative>)> {
    let Ok(p) = state.player(seat) else {
        return Vec::new();
    };
    let Ok(melds) = u8::try_from(p.melds.len()) else {
        return Vec::new();
    };
    let set = TileSet::for_seats(state.seats);
    let unseen = unseen_by(state, seat);
    let concealed = Counts::from_tiles(&p.concealed);
    let in_riichi = p.riichi.is_some();
    // Without the kong: the best discard, or in riichi the tile drawn.
    let mut stay = Alternative::named("no kong");
    if in_riichi {
        let mut rest = concealed;
        if let Some(t) = p.drawn {
            remove_tiles(&mut rest, &[t]);
        }
        let acc = acceptance(&rest, melds, set);
        stay.shanten = Some(acc.shanten);
        stay.ukeire = Some(unseen_count(&unseen, acc.kinds));
        stay.waits = if acc.shanten == 0 {
            acc.kinds
        } else {
            KindSet::default()
        };
    } else if let Some((s, u, kinds)) = best_discard(&concealed, melds, set, &unseen, cache) {
        stay.shanten = Some(s);
        stay.ukeire = Some(u);
        stay.waits = if s == 0 { kinds } else { KindSet::default() };
    }
    stay.taken = true;
    let mut out = Vec::new();
    for o in options {
        let mut k = Alternative::named(if o.kind == MeldKind::Ankan {
            "ankan"
        } else {
            "kakan"
        });
        let take = if o.kind == MeldKind::Ankan { 4 } else { 1 };
        let mut rest = concealed;
        if let Some(n) = rest.0.get_mut(usize::from(o.tile.kind())) {
            *n = n.saturating_sub(take);
        }
        k.tiles = p
            .concealed
            .iter()
            .copied()
            .filter(|t| t.kind() == o.tile.kind())
            .collect();
        let melds_after = if o.kind == MeldKind::Ankan {
            melds.saturating_add(1)
        } else {
            melds
        };
        // Before the replacement draw the hand is 3n+1.
        let acc = acceptance(&rest, melds_after, set);
        k.shanten = Some(acc.shanten);
        k.ukeire = Some(unseen_count(&unseen, acc.kinds));
        k.waits = if acc.shanten == 0 {
            acc.kinds
        } else {
            KindSet::default()
        };
        out.push((o.tile, vec![k, stay.clone()]));
    }
    out
}

/// The win decision on a win chance the engine found legal: win or pass,
/// with its points and the placement after each.
pub(super) fn win(c: &WinChance, scores: Option<&[i32]>, taken: bool) -> Option<Vec<Alternative>> {
    let v = c.verdict.as_ref().ok()?;
    let mut w = Alternative::named(if c.tsumo { "tsumo" } else { "ron" });
    w.value = Some(v.value);
    let mut pass = Alternative::named("pass");
    if let Some(scores) = scores {
        let after: Vec<i32> = scores
            .iter()
            .zip(v.deltas.iter().chain(std::iter::repeat(&0)))
            .map(|(s, d)| s + d)
            .collect();
        w.placement = Some(judge::place(&after, c.seat));
        pass.placement = Some(judge::place(scores, c.seat));
    }
    w.taken = taken;
    pass.taken = !taken;
    Some(vec![w, pass])
}

/// Where a choice was offered and to whom.
pub(super) struct Offered<'a> {
    pub kind: ChoiceKind,
    pub event: usize,
    pub kyoku: &'a str,
    pub seat: Seat,
    pub tile: Tile,
    pub from: Seat,
    pub riichi_opponents: u8,
}

impl super::walk::Walk<'_> {
    /// Keeps a choice, unless the server played for its seat then.
    pub(super) fn choose(&mut self, at: &Offered<'_>, alternatives: Vec<Alternative>) {
        if !self.options.choices || self.away(at.seat, at.event) {
            return;
        }
        let src: Source = self.src(at.event);
        self.out.choices.push(Choice {
            kind: at.kind,
            event: at.event,
            src,
            kyoku: at.kyoku.to_owned(),
            seat: at.seat,
            tile: at.tile,
            from: at.from,
            riichi_opponents: at.riichi_opponents,
            alternatives,
        });
    }

    /// A kong of `kind` on `tile` was declared by `seat` at event `event`
    /// (`replay` still at the table before it): its kong choice, offered
    /// at the seat's last draw, is marked taken, and the kong is judged
    /// (`KONG-INTO-RIICHI`). Without [`super::Options::choices`] no kong
    /// choice was kept: the kong taken alone is measured now, and only when
    /// another seat is in riichi (the item's condition), so that the
    /// default review pays for no kong it cannot report.
    pub(super) fn kong_taken(
        &mut self,
        replay: &Replay<'_>,
        event: usize,
        seat: Seat,
        kind: MeldKind,
        tile: Tile,
    ) {
        let name = if kind == MeldKind::Ankan {
            "ankan"
        } else {
            "kakan"
        };
        let kept =
            self.out.choices.iter_mut().rev().take(8).find(|c| {
                c.kind == ChoiceKind::Kong && c.seat == seat && c.tile.kind() == tile.kind()
            });
        let kept = kept.map(|last| {
            for a in &mut last.alternatives {
                a.taken = a.name == name;
            }
            last.alternatives.clone()
        });
        let Some(state) = replay.table() else {
            return;
        };
        let alternatives = match kept {
            Some(alternatives) => alternatives,
            None if !self.options.choices && others_in_riichi(state, seat) > 0 => {
                let options: Vec<KongOption> = replay
                    .kong_chances()
                    .into_iter()
                    .filter(|o| o.kind == kind && o.tile.kind() == tile.kind())
                    .collect();
                let Some((_, mut alternatives)) = kongs(state, seat, &options, &mut self.suits)
                    .into_iter()
                    .next()
                else {
                    return;
                };
                for a in &mut alternatives {
                    a.taken = a.name == name;
                }
                alternatives
            }
            None => return,
        };
        let Some(label) = self.kyoku_label() else {
            return;
        };
        self.kong_into_riichi(&Taken {
            event,
            kyoku: &label,
            seat,
            tile,
            alternatives: &alternatives,
            state,
        });
    }
}

impl super::walk::Walk<'_> {
    /// After `seat`'s draw at event `i`: a kong decision for each kong
    /// the engine allows.
    pub(super) fn offer_kongs(
        &mut self,
        replay: &Replay<'_>,
        state: &KyokuState,
        i: usize,
        seat: Seat,
    ) {
        if !self.options.choices {
            return;
        }
        let options = replay.kong_chances();
        if options.is_empty() {
            return;
        }
        let Some(label) = self.kyoku_label() else {
            return;
        };
        let riichi_opponents = others_in_riichi(state, seat);
        for (tile, alternatives) in kongs(state, seat, &options, &mut self.suits) {
            let at = Offered {
                kind: ChoiceKind::Kong,
                event: i,
                kyoku: &label,
                seat,
                tile,
                from: seat,
                riichi_opponents,
            };
            self.choose(&at, alternatives);
        }
    }
}

/// The call `event` makes: its caller, kind and the tiles from the hand.
pub(super) fn made_call(event: &crate::event::Event) -> Option<(Seat, MeldKind, &[Tile])> {
    use crate::event::Event;
    match event {
        Event::Chi {
            actor, consumed, ..
        } => Some((*actor, MeldKind::Chi, &consumed[..])),
        Event::Pon {
            actor, consumed, ..
        } => Some((*actor, MeldKind::Pon, &consumed[..])),
        Event::Daiminkan {
            actor, consumed, ..
        } => Some((*actor, MeldKind::Daiminkan, &consumed[..])),
        _ => None,
    }
}

impl super::walk::Walk<'_> {
    /// The call decisions of a closed window on the tile `w`: the call
    /// made (`call`, with its event) is marked taken and judged
    /// (`CALL-NO-PROGRESS`, `KONG-INTO-RIICHI`) against `state`, the table
    /// before it; when a pon or open kong was made, no chi was open.
    pub(super) fn call_choices_of(
        &mut self,
        offered: &[(Seat, Vec<Alternative>, u8)],
        head: (usize, Seat, Tile),
        label: &str,
        call: Option<(usize, &crate::event::Event)>,
        state: Option<&KyokuState>,
        taken_over_chi: bool,
    ) {
        let (event, from, tile) = head;
        let made = call.and_then(|(at, e)| made_call(e).map(|m| (at, m)));
        for (seat, alternatives, riichi_opponents) in offered {
            let mut list: Vec<Alternative> = alternatives
                .iter()
                .filter(|a| !(taken_over_chi && a.name == "chi"))
                .cloned()
                .collect();
            if list.len() < 2 {
                continue;
            }
            match made.filter(|(_, (s, _, _))| s == seat) {
                Some((at, (_, kind, consumed))) => {
                    let mut found = false;
                    for a in &mut list {
                        a.taken = !found && is_call(a, kind, consumed);
                        found |= a.taken;
                    }
                    // A call the engine did not offer (the audit reports
                    // it): no decision to show.
                    if !found {
                        continue;
                    }
                    if let Some(state) = state {
                        let taken = Taken {
                            event: at,
                            kyoku: label,
                            seat: *seat,
                            tile,
                            alternatives: &list,
                            state,
                        };
                        if kind == MeldKind::Daiminkan {
                            self.kong_into_riichi(&taken);
                        } else {
                            self.call_no_progress(&taken);
                        }
                    }
                }
                None => {
                    if let Some(p) = list.first_mut() {
                        p.taken = true;
                    }
                }
            }
            let at = Offered {
                kind: ChoiceKind::Call,
                event,
                kyoku: label,
                seat: *seat,
                tile,
                from,
                riichi_opponents: *riichi_opponents,
            };
            self.choose(&at, list);
        }
    }
}

/// Unseen winning tiles from which a riichi wait is good: a dama on a
/// thinner one may be waiting to change it.
const GOOD_WAIT_TILES: u8 = 4;

impl super::walk::Walk<'_> {
    /// `DAMA-WITHOUT-YAKU`: the riichi-or-dama choice just kept (the last
    /// of `self.out.choices`, about decision `d`) stayed dama on a closed
    /// tenpai with no yaku on any wait, not furiten, with a tile left to
    /// win on; once a kyoku for the seat (the next turns of the same dama
    /// are not repeated). `late`: the hand is late ("How the items
    /// judge"). `formats/review.md` gives the weights.
    pub(super) fn dama_without_yaku(&mut self, d: usize, late: bool) {
        let (Some(dec), Some(choice)) = (self.out.decisions.get(d), self.out.choices.last()) else {
            return;
        };
        if choice.kind != ChoiceKind::Riichi || choice.event != dec.event {
            return;
        }
        let (Some(riichi), Some(dama)) = (choice.alternatives.first(), choice.alternatives.get(1))
        else {
            return;
        };
        let yakuless = dama.values.iter().all(|(_, v)| v.is_none());
        let tiles = riichi.ukeire.unwrap_or(0);
        if !dama.taken || !yakuless || dama.furiten != Some(false) || tiles == 0 {
            return;
        }
        let already = self
            .out
            .items
            .iter()
            .rev()
            .take_while(|i| i.kyoku == dec.kyoku)
            .any(|i| i.kind == super::ItemKind::DamaWithoutYaku && i.seat == dec.seat);
        if already {
            return;
        }
        // Dama is a common strong choice against a riichi (it keeps the
        // choice to fold), late in the hand (the tenpai payment without the
        // stick) and on a thin wait (waiting to change it): no item there.
        // A one-kind wait (kanchan, penchan, tanki) may be kept dama to
        // change it, however many tiles are left to it.
        let kinds = riichi.waits.kinds().count();
        if choice.riichi_opponents > 0 || late || tiles < GOOD_WAIT_TILES || kinds < 2 {
            return;
        }
        let why_note = self.all_last_hand().then_some(
            "in the all-last hand the placement may make a tsumo enough, or the riichi stick too dear",
        );
        let percent = |x: Option<f64>| x.map_or_else(String::new, judge::percent);
        let waits: Vec<Tile> = riichi.waits.kinds().filter_map(Tile::from_kind).collect();
        let message = format!(
            "dama on {} with no yaku on any wait: only a tsumo can win ({} to win); riichi would also win by ron on the {} unseen tiles ({} to win, about {} points){}",
            crate::names::short_tiles(&waits),
            percent(dama.win_chance),
            tiles,
            percent(riichi.win_chance),
            riichi.value.unwrap_or(0),
            why_note.map_or_else(String::new, |w| format!("; a note: {w}")),
        );
        let kind = super::ItemKind::DamaWithoutYaku;
        let played = dec.played().map_or(0, |c| c.ukeire);
        let item = super::Item {
            kind,
            weight: if why_note.is_some() {
                super::Weight::Note
            } else {
                super::Weight::Mistake
            },
            event: dec.event,
            kyoku: dec.kyoku.clone(),
            seat: dec.seat,
            played: Some(dec.played),
            better: Vec::new(),
            shanten: Some((dec.shanten, 0)),
            ukeire: Some((played, played)),
            value: riichi.value,
            message,
            citation: kind.citation(self.rules.book),
            src: dec.src.clone(),
            hand: dec.hand.clone(),
            melds: dec.melds.clone(),
            // The choice was riichi, not a discard: the discard's candidate
            // table is not the item's (and would weigh on the HTML page).
            decision: None,
            related: None,
            situation: None,
            hindsight: None,
        };
        self.out.items.push(item);
    }
}
