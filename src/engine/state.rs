//! The state of one kyoku as the events unfold: hands, melds, rivers, the
//! wall, riichi, and the first-go-around and last-tile facts that
//! situational yaku depend on.
//!
//! The state is omniscient (it sees every hand) and applies events as they
//! are; when an event cannot be applied (a tile not held, a seat not at the
//! table) it says why in an [`ApplyError`] and leaves the state unchanged,
//! so the caller can report it and carry on.

use crate::event::{Event, Seat, StartKyoku, Wind};
use crate::hand::HandShape;
use crate::score::{Meld, MeldKind};
use crate::tile::Tile;

use super::finding::RuleId;

/// Why an event cannot be applied to the kyoku state. The state is left
/// as it was.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ApplyError {
    /// The seat is not at the table (a fourth seat in a three-player game).
    #[error("seat {seat} is not at the table")]
    NotAtTable {
        /// The seat named.
        seat: Seat,
    },
    /// A discard, call, kong or north of a tile the player does not hold.
    #[error("seat {seat} does not hold {tile}")]
    NotHeld {
        /// Who acts.
        seat: Seat,
        /// The first tile missing from the hand.
        tile: Tile,
    },
    /// An added kong with no pon of its kind to extend.
    #[error("seat {seat} has no pon of {tile} to extend")]
    NoPonToExtend {
        /// Who declares the kong.
        seat: Seat,
        /// The tile added.
        tile: Tile,
    },
    /// A concealed kong that names no tiles.
    #[error("seat {seat} declares a kong of no tiles")]
    EmptyKong {
        /// Who declares it.
        seat: Seat,
    },
}

impl ApplyError {
    /// The rule the event breaks: a tile not held is `TILE-NOT-HELD`, but
    /// an added kong with no pon to extend holds its tile and is a kong of
    /// the wrong shape (`CALL-SHAPE`), and a seat not at the table is
    /// acting out of turn (`TURN-ORDER`).
    #[must_use]
    pub const fn rule(&self) -> RuleId {
        match self {
            Self::NotAtTable { .. } => RuleId::TurnOrder,
            Self::NotHeld { .. } => RuleId::TileNotHeld,
            Self::NoPonToExtend { .. } | Self::EmptyKong { .. } => RuleId::CallShape,
        }
    }
}

/// A called set with where its tile came from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CalledMeld {
    /// The set as scoring sees it.
    pub meld: Meld,
    /// Whose discard was called (`None` for a concealed kong).
    pub from: Option<Seat>,
}

/// One discard in a river.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RiverTile {
    /// The tile.
    pub tile: Tile,
    /// The tile just drawn was discarded.
    pub tsumogiri: bool,
    /// The discard declared riichi.
    pub riichi: bool,
    /// Another player called it.
    pub called: bool,
}

/// Riichi as it stands for one player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Riichi {
    /// Declared on the player's first discard, uninterrupted.
    pub double: bool,
    /// Still inside the first go-around after the declaration, no call made.
    pub ippatsu: bool,
    /// The stick was paid (the riichi discard passed).
    pub accepted: bool,
}

/// One player's side of the table.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PlayerState {
    /// Concealed tiles, in the order they arrived.
    pub concealed: Vec<Tile>,
    /// Called sets and concealed kongs, in order.
    pub melds: Vec<CalledMeld>,
    /// The river.
    pub river: Vec<RiverTile>,
    /// Riichi, once declared.
    pub riichi: Option<Riichi>,
    /// North tiles set aside (three-player).
    pub nukidora: u8,
    /// The tile just drawn, until the next discard or call.
    pub drawn: Option<Tile>,
    /// The last draw was a replacement draw.
    pub drew_replacement: bool,
    /// When the last draw was the replacement for an open kong (daiminkan)
    /// called just before it: who discarded the kong's tile. A north set
    /// aside in between clears it (the tile drawn then replaces the north,
    /// not the kong). Read by rinshan liability (`Rules::rinshan_liability`).
    pub kong_replacement_from: Option<Seat>,
    /// How many draws this kyoku.
    pub draws: u32,
    /// The player liable for this player's big dragons / big winds.
    pub liable: Option<Seat>,
    /// Tiles the log hides (`?`), held besides `concealed`: a discard or
    /// call of a tile not among the known ones reveals one of them.
    pub hidden_tiles: u8,
    /// `concealed` as the wait tables read it, kept in step by every
    /// change this module makes to it.
    shape: HandShape,
}

impl PlayerState {
    /// Whether the hand has no called set (concealed kongs allowed).
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.meld.kind.is_open())
    }

    /// The concealed tiles as the wait tables read them (the engine's
    /// waits after each discard come from it).
    pub(crate) const fn shape(&self) -> &HandShape {
        &self.shape
    }

    /// Tiles come into the concealed part.
    fn receive(&mut self, tiles: impl IntoIterator<Item = Tile>) {
        for t in tiles {
            self.concealed.push(t);
            self.shape.add(usize::from(t.kind()));
        }
    }

    /// Takes a tile from the hand; the error is the tile when it is not
    /// held (the caller knows the seat).
    fn take(&mut self, tile: Tile) -> Result<(), Tile> {
        // The tile just drawn is last: a tsumogiri takes it from there.
        let at = if self.concealed.last() == Some(&tile) {
            Some(self.concealed.len() - 1)
        } else {
            self.concealed.iter().position(|t| *t == tile)
        };
        match at {
            Some(i) => {
                self.concealed.remove(i);
                self.shape.remove(usize::from(tile.kind()));
                Ok(())
            }
            None if self.hidden_tiles > 0 => {
                self.hidden_tiles -= 1;
                Ok(())
            }
            None => Err(tile),
        }
    }

    fn take_all(&mut self, tiles: &[Tile]) -> Result<(), Tile> {
        // Each tile is taken from the known tiles while they hold it, then
        // from the hidden ones: the first that neither can give is the
        // error, and then nothing is taken.
        let mut from_hidden = 0u8;
        for (i, t) in tiles.iter().enumerate() {
            let named = tiles.iter().take(i + 1).filter(|x| *x == t).count();
            let held = self.concealed.iter().filter(|x| *x == t).count();
            if named > held {
                from_hidden += 1;
                if from_hidden > self.hidden_tiles {
                    return Err(*t);
                }
            }
        }
        for t in tiles {
            self.take(*t)?;
        }
        Ok(())
    }
}

/// What happened last, for the yaku that depend on it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Last {
    /// Nothing yet.
    #[default]
    Deal,
    /// A draw by the seat.
    Draw(Seat),
    /// A discard by the seat.
    Discard(Seat, Tile),
    /// An added kong by the seat, with the added tile (robbable).
    Kakan(Seat, Tile),
    /// A concealed kong by the seat (robbable for thirteen orphans).
    Ankan(Seat, Tile),
    /// A north set aside by the seat (three-player); it can be won on.
    Nukidora(Seat, Tile),
    /// A call.
    Call(Seat),
}

/// The state of one kyoku.
#[derive(Clone, PartialEq, Debug)]
pub struct KyokuState {
    /// Number of players.
    pub seats: u8,
    /// The round wind.
    pub round_wind: Wind,
    /// The dealer.
    pub dealer: Seat,
    /// Counters on the table at the start.
    pub honba: u8,
    /// Riichi sticks on the table (carried over plus paid this kyoku).
    pub riichi_sticks: u8,
    /// Scores, when known.
    pub scores: Option<Vec<i32>>,
    /// The players, by seat.
    pub players: Vec<PlayerState>,
    /// Dora indicators revealed so far.
    pub dora_indicators: Vec<Tile>,
    /// Tiles left in the live wall.
    pub live_wall: i32,
    /// Kongs declared this kyoku.
    pub kongs: u8,
    /// A call (or concealed kong) has interrupted the first go-around.
    pub interrupted: bool,
    /// The last action.
    pub last: Last,
}

/// Tiles in the live wall after the deal: 136 − 52 dealt − 14 dead wall,
/// or 108 − 39 − 14 with three players. Every replacement draw shortens it
/// by one, as the dead wall is kept at 14.
fn live_wall(seats: u8) -> i32 {
    if seats == 3 { 55 } else { 70 }
}

/// Each seat's placement (1 = first) by `scores`, by seat: ties go to the
/// seat nearer the first dealer, as in the game's final ranking.
#[must_use]
pub fn placements(scores: &[i32]) -> Vec<u8> {
    let mut places = vec![0u8; scores.len()];
    for (place, seat) in super::audit::ranking(scores).into_iter().enumerate() {
        if let Some(p) = places.get_mut(seat) {
            *p = u8::try_from(place + 1).unwrap_or(u8::MAX);
        }
    }
    places
}

impl KyokuState {
    /// The state at the deal.
    #[must_use]
    pub fn new(start: &StartKyoku, seats: u8) -> Self {
        let mut state = Self {
            seats,
            round_wind: start.round_wind,
            dealer: start.dealer,
            honba: 0,
            riichi_sticks: 0,
            scores: None,
            players: Vec::new(),
            dora_indicators: Vec::new(),
            live_wall: 0,
            kongs: 0,
            interrupted: false,
            last: Last::Deal,
        };
        state.redeal(start, seats);
        state
    }

    /// Makes this the state at the deal of `start`, as [`KyokuState::new`]
    /// does, keeping the memory of the hands, melds and rivers: the replay
    /// deals every kyoku of a game into one state.
    pub fn redeal(&mut self, start: &StartKyoku, seats: u8) {
        let seats_n = usize::from(seats);
        self.players.truncate(seats_n);
        self.players.resize_with(seats_n, || PlayerState {
            // Room for the drawn tile and a whole river up front: the
            // replay pushes onto both on every turn.
            concealed: Vec::with_capacity(14),
            river: Vec::with_capacity(24),
            ..PlayerState::default()
        });
        for (s, p) in self.players.iter_mut().enumerate() {
            let hand = start.hands.get(s);
            let (mut concealed, mut melds, mut river) = (
                std::mem::take(&mut p.concealed),
                std::mem::take(&mut p.melds),
                std::mem::take(&mut p.river),
            );
            concealed.clear();
            melds.clear();
            river.clear();
            *p = PlayerState {
                concealed,
                melds,
                river,
                hidden_tiles: hand.map_or(0, |h| {
                    u8::try_from(h.iter().filter(|t| t.is_none()).count()).unwrap_or(u8::MAX)
                }),
                ..PlayerState::default()
            };
            if let Some(h) = hand {
                p.receive(h.iter().flatten().copied());
            }
        }
        self.seats = seats;
        self.round_wind = start.round_wind;
        self.dealer = start.dealer;
        self.honba = start.honba;
        self.riichi_sticks = start.riichi_sticks;
        self.scores.clone_from(&start.scores);
        self.dora_indicators.clear();
        self.dora_indicators.push(start.dora_marker);
        self.live_wall = live_wall(seats);
        self.kongs = 0;
        self.interrupted = false;
        self.last = Last::Deal;
    }

    /// The player at a seat.
    ///
    /// # Errors
    ///
    /// When the seat is not at the table.
    pub fn player(&self, seat: Seat) -> Result<&PlayerState, ApplyError> {
        self.players
            .get(seat.index())
            .ok_or(ApplyError::NotAtTable { seat })
    }

    fn player_mut(&mut self, seat: Seat) -> Result<&mut PlayerState, ApplyError> {
        self.players
            .get_mut(seat.index())
            .ok_or(ApplyError::NotAtTable { seat })
    }

    /// A seat's wind in this kyoku.
    #[must_use]
    pub fn seat_wind(&self, seat: Seat) -> Wind {
        Wind::from_index(seat.offset_from(self.dealer, self.seats))
    }

    /// The dora each indicator revealed so far points at, in the order
    /// they were turned (in three-player games 1m points at 9m).
    #[must_use]
    pub fn dora_tiles(&self) -> Vec<Tile> {
        self.dora_indicators
            .iter()
            .filter_map(|i| Tile::from_kind(crate::score::dora_kind(*i, self.seats)))
            .collect()
    }

    /// Every call breaks the first go-around and every ippatsu.
    fn interrupt(&mut self) {
        self.interrupted = true;
        for p in &mut self.players {
            if let Some(r) = p.riichi.as_mut() {
                r.ippatsu = false;
            }
        }
    }

    /// Applies one event as the log has it: the one place an event becomes
    /// a change of the table, for the audit (between its checks) and for
    /// the replay as logged alike. Each kind of event is one method
    /// ([`KyokuState::draw`], [`KyokuState::discard`],
    /// [`KyokuState::call`]…) that this hands it to; the audit, which has
    /// matched the event already, calls the draw's and the discard's
    /// directly. Outcomes, the deal and connection events leave the table
    /// as it is; riichi sticks are put down when the
    /// log pays them (the audit pays them where the rules do, and never
    /// hands this a riichi payment).
    ///
    /// # Errors
    ///
    /// Why the event cannot be applied (the state is then unchanged).
    pub fn apply(&mut self, event: &Event) -> Result<(), ApplyError> {
        match event {
            Event::Tsumo {
                actor,
                pai,
                rinshan,
            } => self.draw(*actor, *pai, *rinshan),
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
                riichi,
            } => self.discard(*actor, *pai, *tsumogiri, *riichi),
            Event::Chi {
                actor,
                target,
                pai,
                consumed,
            } => self.call(MeldKind::Chi, *actor, *target, *pai, consumed),
            Event::Pon {
                actor,
                target,
                pai,
                consumed,
            } => self.call(MeldKind::Pon, *actor, *target, *pai, consumed),
            Event::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => self.call(MeldKind::Daiminkan, *actor, *target, *pai, consumed),
            Event::Kakan { actor, pai, .. } => self.kakan(*actor, *pai),
            Event::Ankan { actor, consumed } => self.ankan(*actor, consumed),
            Event::Nukidora { actor, pai } => self.nukidora(*actor, *pai),
            Event::Dora { marker } => {
                self.dora(*marker);
                Ok(())
            }
            Event::RiichiAccepted { actor, .. } => self.riichi_accepted(*actor),
            Event::StartKyoku(_)
            | Event::Hora { .. }
            | Event::Ryukyoku { .. }
            | Event::EndKyoku
            | Event::Disconnect { .. }
            | Event::Reconnect { .. } => Ok(()),
        }
    }

    /// A draw.
    ///
    /// # Errors
    ///
    /// When the seat is not at the table.
    pub fn draw(
        &mut self,
        actor: Seat,
        tile: Option<Tile>,
        rinshan: bool,
    ) -> Result<(), ApplyError> {
        if rinshan && matches!(self.last, Last::Kakan(..) | Last::Nukidora(..)) {
            // The added kong or the north stood (nobody won on it): it now
            // breaks ippatsu and the first go-around, as a call does.
            // Tenhou's logs show both: ippatsu kept for a win on the north,
            // lost for a win after its replacement draw.
            self.interrupt();
        }
        let after_call = self.last == Last::Call(actor);
        let p = self.player_mut(actor)?;
        // The replacement draw of an open kong comes right after its call:
        // the kong is the caller's last meld.
        p.kong_replacement_from = if rinshan && after_call {
            p.melds
                .last()
                .filter(|m| m.meld.kind == MeldKind::Daiminkan)
                .and_then(|m| m.from)
        } else {
            None
        };
        p.receive(tile);
        if tile.is_none() {
            p.hidden_tiles = p.hidden_tiles.saturating_add(1);
        }
        p.drawn = tile;
        p.drew_replacement = rinshan;
        p.draws += 1;
        self.live_wall -= 1;
        self.last = Last::Draw(actor);
        Ok(())
    }

    /// A discard.
    ///
    /// # Errors
    ///
    /// When the player does not hold the tile.
    pub fn discard(
        &mut self,
        actor: Seat,
        tile: Tile,
        tsumogiri: bool,
        riichi: bool,
    ) -> Result<(), ApplyError> {
        let interrupted = self.interrupted;
        let p = self.player_mut(actor)?;
        p.take(tile)
            .map_err(|tile| ApplyError::NotHeld { seat: actor, tile })?;
        // The go-around after riichi ends with the player's next discard.
        if let Some(r) = p.riichi.as_mut() {
            r.ippatsu = false;
        }
        if riichi && p.riichi.is_none() {
            p.riichi = Some(Riichi {
                double: p.river.is_empty() && !interrupted,
                ippatsu: true,
                accepted: false,
            });
        }
        p.river.push(RiverTile {
            tile,
            tsumogiri,
            riichi,
            called: false,
        });
        p.drawn = None;
        self.last = Last::Discard(actor, tile);
        Ok(())
    }

    /// The riichi stick is paid.
    ///
    /// # Errors
    ///
    /// When the seat is not at the table.
    pub fn riichi_accepted(&mut self, actor: Seat) -> Result<(), ApplyError> {
        let p = self.player_mut(actor)?;
        if let Some(r) = p.riichi.as_mut() {
            r.accepted = true;
        }
        self.riichi_sticks = self.riichi_sticks.saturating_add(1);
        if let Some(scores) = self.scores.as_mut()
            && let Some(s) = scores.get_mut(actor.index())
        {
            *s -= 1000;
        }
        Ok(())
    }

    /// A chi, pon or daiminkan of the last discard.
    ///
    /// # Errors
    ///
    /// When the caller does not hold the tiles.
    pub fn call(
        &mut self,
        kind: MeldKind,
        actor: Seat,
        target: Seat,
        tile: Tile,
        consumed: &[Tile],
    ) -> Result<(), ApplyError> {
        self.player_mut(actor)?
            .take_all(consumed)
            .map_err(|tile| ApplyError::NotHeld { seat: actor, tile })?;
        if let Some(t) = self.players.get_mut(target.index())
            && let Some(last) = t.river.last_mut()
        {
            last.called = true;
        }
        let mut tiles = consumed.to_vec();
        tiles.push(tile);
        let meld = Meld { kind, tiles };
        let liable = feeds_liability(&self.player(actor)?.melds, &meld).then_some(target);
        let p = self.player_mut(actor)?;
        if liable.is_some() {
            p.liable = liable;
        }
        p.melds.push(CalledMeld {
            meld,
            from: Some(target),
        });
        p.drawn = None;
        if kind.is_kong() {
            self.kongs += 1;
        }
        self.interrupt();
        self.last = Last::Call(actor);
        Ok(())
    }

    /// An added kong.
    ///
    /// # Errors
    ///
    /// When the tile is not held or there is no pon to extend.
    pub fn kakan(&mut self, actor: Seat, tile: Tile) -> Result<(), ApplyError> {
        let p = self.player_mut(actor)?;
        let Some(i) = p.melds.iter().position(|m| {
            m.meld.kind == MeldKind::Pon
                && m.meld
                    .tiles
                    .first()
                    .is_some_and(|t| t.kind() == tile.kind())
        }) else {
            return Err(ApplyError::NoPonToExtend { seat: actor, tile });
        };
        p.take(tile)
            .map_err(|tile| ApplyError::NotHeld { seat: actor, tile })?;
        if let Some(m) = p.melds.get_mut(i) {
            m.meld.kind = MeldKind::Kakan;
            m.meld.tiles.push(tile);
        }
        p.drawn = None;
        self.kongs += 1;
        // Ippatsu survives until the kong stands (a robbed kong is no call).
        self.last = Last::Kakan(actor, tile);
        Ok(())
    }

    /// A concealed kong.
    ///
    /// # Errors
    ///
    /// When the tiles are not held.
    pub fn ankan(&mut self, actor: Seat, tiles: &[Tile]) -> Result<(), ApplyError> {
        let Some(&first) = tiles.first() else {
            return Err(ApplyError::EmptyKong { seat: actor });
        };
        let p = self.player_mut(actor)?;
        p.take_all(tiles)
            .map_err(|tile| ApplyError::NotHeld { seat: actor, tile })?;
        p.melds.push(CalledMeld {
            meld: Meld {
                kind: MeldKind::Ankan,
                tiles: tiles.to_vec(),
            },
            from: None,
        });
        p.drawn = None;
        self.kongs += 1;
        self.interrupt();
        self.last = Last::Ankan(actor, first);
        Ok(())
    }

    /// A north set aside (three-player).
    ///
    /// # Errors
    ///
    /// When the tile is not held.
    pub fn nukidora(&mut self, actor: Seat, tile: Tile) -> Result<(), ApplyError> {
        let p = self.player_mut(actor)?;
        p.take(tile)
            .map_err(|tile| ApplyError::NotHeld { seat: actor, tile })?;
        p.nukidora = p.nukidora.saturating_add(1);
        p.drawn = None;
        self.last = Last::Nukidora(actor, tile);
        Ok(())
    }

    /// A new dora indicator.
    pub fn dora(&mut self, marker: Tile) {
        self.dora_indicators.push(marker);
    }
}

/// Whether calling `new` completes a third dragon set or a fourth wind set
/// on top of `melds` (EMA §3.3.9): the player who fed it is liable.
fn feeds_liability(melds: &[CalledMeld], new: &Meld) -> bool {
    if !matches!(new.kind, MeldKind::Pon | MeldKind::Daiminkan) {
        return false;
    }
    let Some(t) = new.tiles.first() else {
        return false;
    };
    let count = |f: fn(Tile) -> bool| {
        melds
            .iter()
            .filter(|m| m.meld.kind != MeldKind::Chi)
            .filter(|m| m.meld.tiles.first().is_some_and(|t| f(*t)))
            .count()
    };
    if t.is_dragon() {
        count(Tile::is_dragon) == 2
    } else if t.is_wind() {
        count(Tile::is_wind) == 3
    } else {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_hand;

    #[test]
    fn placements_go_by_score_and_ties_to_the_seat_nearer_the_first_dealer() {
        assert_eq!(placements(&[25000, 30000, 25000, 20000]), [2, 1, 3, 4]);
        assert_eq!(placements(&[35000, 35000, 35000]), [1, 2, 3]);
        assert!(placements(&[]).is_empty());
    }

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    fn t(s: &str) -> Tile {
        parse_hand(s).unwrap()[0]
    }

    fn start(hands: [&str; 4]) -> KyokuState {
        let sk = StartKyoku {
            round_wind: Wind::East,
            kyoku: 1,
            honba: 0,
            riichi_sticks: 0,
            dealer: seat(0),
            scores: Some(vec![25000; 4]),
            dora_marker: t("1m"),
            hands: hands
                .iter()
                .map(|h| parse_hand(h).unwrap().into_iter().map(Some).collect())
                .collect(),
            wall: None,
        };
        KyokuState::new(&sk, 4)
    }

    #[test]
    fn feeding_the_third_dragon_set_makes_the_feeder_liable() {
        let mut s = start([
            "55566677z123m45p",
            "1112223334445m",
            "7z7z7z11p22p33p44p5p",
            "1112223334445s",
        ]);
        s.call(
            MeldKind::Pon,
            seat(0),
            seat(1),
            t("5z"),
            &[t("5z"), t("5z")],
        )
        .unwrap();
        s.call(
            MeldKind::Pon,
            seat(0),
            seat(3),
            t("6z"),
            &[t("6z"), t("6z")],
        )
        .unwrap();
        assert_eq!(s.players[0].liable, None);
        s.call(
            MeldKind::Pon,
            seat(0),
            seat(2),
            t("7z"),
            &[t("7z"), t("7z")],
        )
        .unwrap();
        assert_eq!(s.players[0].liable, Some(seat(2)));
    }

    #[test]
    fn a_call_ends_ippatsu_and_the_first_go_around() {
        let mut s = start([
            "1112223334445m",
            "1112223334445p",
            "55p11122233344s",
            "11223344556677z",
        ]);
        s.draw(seat(0), Some(t("9m")), false).unwrap();
        s.discard(seat(0), t("9m"), true, true).unwrap();
        let r = s.players[0].riichi.unwrap();
        assert!(r.double && r.ippatsu && !s.interrupted);
        s.draw(seat(1), Some(t("9p")), false).unwrap();
        s.discard(seat(1), t("5p"), false, false).unwrap();
        // A call with tiles the caller does not hold changes nothing.
        s.call(
            MeldKind::Pon,
            seat(3),
            seat(1),
            t("5p"),
            &[t("5p"), t("5p")],
        )
        .unwrap_err();
        assert!(s.players[0].riichi.unwrap().ippatsu && !s.interrupted);
        s.call(
            MeldKind::Pon,
            seat(2),
            seat(1),
            t("5p"),
            &[t("5p"), t("5p")],
        )
        .unwrap();
        assert!(s.interrupted);
        assert!(!s.players[0].riichi.unwrap().ippatsu);
        assert!(s.players[1].river[0].called);
    }

    #[test]
    fn hidden_tiles_are_revealed_by_discards_and_calls() {
        let mut s = start([
            "1112223334445m",
            "1112223334445p",
            "1112223334445s",
            "11223344556677z",
        ]);
        s.players[1].concealed.clear();
        s.players[1].hidden_tiles = 13;
        s.draw(seat(1), None, false).unwrap();
        assert_eq!(s.players[1].hidden_tiles, 14);
        s.discard(seat(1), t("9s"), false, false).unwrap();
        assert_eq!(s.players[1].hidden_tiles, 13);
        s.players[1].hidden_tiles = 1;
        // Two tiles are needed, one is hidden: nothing changes.
        s.call(
            MeldKind::Pon,
            seat(1),
            seat(0),
            t("1z"),
            &[t("1z"), t("1z")],
        )
        .unwrap_err();
        assert_eq!(s.players[1].hidden_tiles, 1);
    }

    #[test]
    fn apply_errors_name_the_rule_they_break() {
        let mut s = start([
            "1112223334445m",
            "1112223334445p",
            "1112223334445s",
            "11223344556677z",
        ]);
        s.draw(seat(0), Some(t("1z")), false).unwrap();
        // The tile is held, but there is no pon to extend: a kong of the
        // wrong shape, not a tile missing.
        let e = s.kakan(seat(0), t("1z")).unwrap_err();
        assert_eq!(
            e,
            ApplyError::NoPonToExtend {
                seat: seat(0),
                tile: t("1z")
            }
        );
        assert_eq!(e.rule(), RuleId::CallShape);
        assert_eq!(e.to_string(), "seat 0 has no pon of E to extend");
        let e = s.discard(seat(0), t("9s"), false, false).unwrap_err();
        assert_eq!(e.rule(), RuleId::TileNotHeld);
        assert_eq!(e.to_string(), "seat 0 does not hold 9s");
        let e = s.ankan(seat(0), &[]).unwrap_err();
        assert_eq!(e.rule(), RuleId::CallShape);
        let three = KyokuState {
            seats: 3,
            players: s.players[..3].to_vec(),
            ..s.clone()
        };
        let e = three.player(seat(3)).unwrap_err();
        assert_eq!(e.rule(), RuleId::TurnOrder);
        assert_eq!(s.players[0].concealed.len(), 14, "nothing was applied");
    }

    #[test]
    fn the_live_wall_counts_down_with_every_draw() {
        let mut s = start([
            "1112223334445m",
            "1112223334445p",
            "1112223334445s",
            "11223344556677z",
        ]);
        assert_eq!(s.live_wall, 70);
        s.draw(seat(0), Some(t("9m")), false).unwrap();
        s.draw(seat(0), Some(t("9m")), true).unwrap();
        assert_eq!(s.live_wall, 68);
        assert!(s.players[0].drew_replacement);
    }
}
