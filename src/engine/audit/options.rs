//! What a seat may declare in its own turn besides a discard or a win: a
//! riichi with the discard, a concealed or an added kong; and what a ron on
//! each wait of a tenpai hand would be worth with riichi or without. The
//! legality is the audit's own (the same checks it reports a breach of),
//! so the review never judges a declaration the audit would refuse.

use crate::event::Seat;
use crate::hand::KindSet;
use crate::score::{MeldKind, RiichiKind};
use crate::tile::Tile;

use super::kong::{kong_forbidden, riichi_kong_problem};
use super::phase::Phase;
use super::replay::Replay;
use crate::engine::score_win;
use crate::engine::win::shape_win_inputs;

/// A kong a seat could declare now, after its draw.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KongOption {
    /// Concealed ([`MeldKind::Ankan`]) or added ([`MeldKind::Kakan`]).
    pub kind: MeldKind,
    /// A tile of the kong's kind from the hand (plain before red).
    pub tile: Tile,
}

impl Replay<'_> {
    /// Whether `seat`, about to discard, may declare riichi with it: a
    /// closed hand, not in riichi already, not dead, enough tiles left in
    /// the live wall and enough points, as the profile says. Whether the
    /// hand is tenpai after the discard is the caller's to know.
    #[must_use]
    pub fn riichi_open(&self, seat: Seat) -> bool {
        let Some(k) = self.audit_state() else {
            return false;
        };
        let rules = self.rules();
        let (Some(a), Ok(p)) = (k.players.get(seat.index()), k.state.player(seat)) else {
            return false;
        };
        let score = k
            .state
            .scores
            .as_ref()
            .and_then(|s| s.get(seat.index()).copied());
        !a.dead
            && p.riichi.is_none()
            && p.is_closed()
            && k.state.live_wall >= i32::from(rules.riichi_min_tiles_left)
            && !matches!((rules.riichi_min_points, score), (Some(min), Some(s)) if s < min)
    }

    /// The kongs open to the seat that has just drawn (none after a call,
    /// on the last tile, past the profile's kong limit, by a dead or hidden
    /// hand; in riichi only a concealed kong of the tile drawn that keeps
    /// the waits, as the profile words it).
    #[must_use]
    pub fn kong_chances(&self) -> Vec<KongOption> {
        let Some(k) = self.audit_state() else {
            return Vec::new();
        };
        let rules = self.rules();
        let Phase::Drawn(seat) = k.phase else {
            return Vec::new();
        };
        let (Some(a), Ok(p)) = (k.players.get(seat.index()), k.state.player(seat)) else {
            return Vec::new();
        };
        if a.hidden
            || a.dead
            || k.state.live_wall <= 0
            || kong_forbidden(k.state.kongs, rules.fourth_kong)
        {
            return Vec::new();
        }
        let mut counts = [0u8; 34];
        for t in &p.concealed {
            if let Some(n) = counts.get_mut(usize::from(t.kind())) {
                *n += 1;
            }
        }
        let pick = |kind: u8| {
            let mut of_kind: Vec<Tile> = p
                .concealed
                .iter()
                .copied()
                .filter(|t| t.kind() == kind)
                .collect();
            of_kind.sort_by_key(|t| t.is_red());
            of_kind.first().copied()
        };
        let mut out = Vec::new();
        for (kind, &n) in (0u8..).zip(counts.iter()) {
            if n < 4 {
                continue;
            }
            if p.riichi.is_some() && riichi_kong_problem(p, kind, rules).is_some() {
                continue;
            }
            if let Some(tile) = pick(kind) {
                out.push(KongOption {
                    kind: MeldKind::Ankan,
                    tile,
                });
            }
        }
        if p.riichi.is_none() {
            for m in &p.melds {
                let Some(first) = m.meld.tiles.first() else {
                    continue;
                };
                if m.meld.kind != MeldKind::Pon {
                    continue;
                }
                if let Some(tile) = pick(first.kind()) {
                    out.push(KongOption {
                        kind: MeldKind::Kakan,
                        tile,
                    });
                }
            }
        }
        out
    }

    /// For each of `waits`, the points of a ron by `seat` — its concealed
    /// tiles `concealed` (3n+1, without the winning tile) and its melds —
    /// on that tile, with riichi declared or not, with the dora turned so
    /// far (no ura dora, no counters or sticks, no ippatsu or other
    /// situational yaku): `None` where it has no yaku.
    #[must_use]
    pub fn ron_values(
        &self,
        seat: Seat,
        concealed: &[Tile],
        waits: KindSet,
        riichi: bool,
    ) -> Vec<(u8, Option<i32>)> {
        let Some(k) = self.audit_state() else {
            return Vec::new();
        };
        let rules = self.rules();
        let nukidora = k.state.player(seat).map_or(0, |p| p.nukidora);
        waits
            .kinds()
            .map(|kind| {
                let value = Tile::from_kind(kind).and_then(|tile| {
                    let mut inputs =
                        shape_win_inputs(&k.state, seat, concealed, tile, false, rules).ok()?;
                    inputs.situation.riichi = if riichi {
                        RiichiKind::Riichi
                    } else {
                        RiichiKind::None
                    };
                    inputs
                        .situation
                        .dora_indicators
                        .clone_from(&k.state.dora_indicators);
                    inputs.situation.nukidora = nukidora;
                    score_win(&inputs, rules).ok().map(|w| w.value)
                });
                (kind, value)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Event, GameLog};
    use crate::import::{ImportOptions, import_bytes};
    use crate::rules::Rules;

    fn log(name: &str) -> GameLog {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata")
            .join(name);
        import_bytes(&std::fs::read(path).unwrap(), &ImportOptions::default()).unwrap()
    }

    /// Before each event, what the engine offers; the log's own kongs and
    /// riichi declarations must be among them.
    fn offers(name: &str) -> (usize, usize) {
        let log = log(name);
        let rules = Rules::for_log(&log.meta).rules;
        let mut replay = Replay::new(&log, &rules);
        let (mut kongs, mut riichi) = (0, 0);
        while let Some(e) = log.events.get(replay.position()) {
            match &e.event {
                Event::Ankan { actor, consumed } => {
                    let k = consumed[0].kind();
                    assert!(
                        replay
                            .kong_chances()
                            .iter()
                            .any(|o| o.kind == MeldKind::Ankan && o.tile.kind() == k),
                        "{name}: ankan by {actor} not offered"
                    );
                    kongs += 1;
                }
                Event::Kakan { actor, pai, .. } => {
                    assert!(
                        replay
                            .kong_chances()
                            .iter()
                            .any(|o| o.kind == MeldKind::Kakan && o.tile.kind() == pai.kind()),
                        "{name}: kakan by {actor} not offered"
                    );
                    kongs += 1;
                }
                Event::Dahai {
                    actor, riichi: r, ..
                } => {
                    let in_riichi = replay
                        .table()
                        .is_some_and(|s| s.players[actor.index()].riichi.is_some());
                    if *r {
                        assert!(replay.riichi_open(*actor), "{name}: riichi by {actor}");
                        riichi += 1;
                    }
                    if in_riichi {
                        assert!(!replay.riichi_open(*actor));
                    }
                }
                _ => {}
            }
            if replay.step().is_none() {
                break;
            }
        }
        (kongs, riichi)
    }

    #[test]
    fn the_logs_kongs_and_riichi_were_open() {
        let (kongs, riichi) = offers("tenhou_xml/four_kan_draw.mjlog");
        assert_eq!(kongs, 4);
        assert!(riichi <= 4);
        let (kongs, _) = offers("tenhou_xml/kakan_red_five.xml");
        assert!(kongs >= 1);
        let (_, riichi) = offers("tenhou_xml/review_wide_furiten_riichi.xml");
        assert_eq!(riichi, 12);
    }

    #[test]
    fn a_riichi_hand_may_only_kong_the_tile_drawn_keeping_its_waits() {
        let log = log("tenhou_xml/review_wide_furiten_riichi.xml");
        let rules = Rules::for_log(&log.meta).rules;
        let mut replay = Replay::new(&log, &rules);
        while replay.step().is_some() {
            let Some(state) = replay.table() else {
                continue;
            };
            for o in replay.kong_chances() {
                let Some(p) = state.players.iter().find(|p| p.drawn.is_some()) else {
                    continue;
                };
                if p.riichi.is_some() {
                    assert_eq!(o.kind, MeldKind::Ankan);
                    assert_eq!(p.drawn.map(Tile::kind), Some(o.tile.kind()));
                }
            }
        }
    }

    #[test]
    fn riichi_adds_its_han_to_every_wait() {
        let log = log("tenhou_xml/review_routes_and_step_back.xml");
        let rules = Rules::for_log(&log.meta).rules;
        let mut replay = Replay::new(&log, &rules);
        // Before event 60, seat 1's riichi discard of 2s: tenpai on 2p-5p.
        replay.run_through(59);
        let seat = Seat::new(1).unwrap();
        let mut hand = replay.table().unwrap().players[1].concealed.clone();
        let two = Tile::from_mjai("2s").unwrap().kind();
        let i = hand.iter().position(|t| t.kind() == two).unwrap();
        hand.remove(i);
        let waits = KindSet(
            (1u64 << Tile::from_mjai("2p").unwrap().kind())
                | (1u64 << Tile::from_mjai("5p").unwrap().kind()),
        );
        let with = replay.ron_values(seat, &hand, waits, true);
        let without = replay.ron_values(seat, &hand, waits, false);
        assert_eq!(with, vec![(10, Some(3900)), (13, Some(3900))]);
        assert_eq!(without, vec![(10, Some(2000)), (13, Some(2000))]);
    }
}
