//! One kyoku's arrays: hands, takes, discards and the result.

use serde_json::{Value, json};

use super::score::{Table, score_string, yaku_string};
use super::{pad, unsupported};
use crate::event::{DrawClaim, DrawKind, Event, Seat, StartKyoku, WinClaim};
use crate::export::ExportError;
use crate::tile::{Tile, sort_tiles};

pub(super) fn code(t: Tile) -> Value {
    json!(t.to_tenhou6())
}

pub(super) fn codes(tiles: &[Tile]) -> String {
    tiles.iter().map(|t| t.to_tenhou6().to_string()).collect()
}

/// The per-kyoku arrays being written.
pub(super) struct KyokuWriter {
    seats: u8,
    header: Value,
    scores: Vec<i32>,
    dora: Vec<Tile>,
    ura: Option<Vec<Tile>>,
    hands: Vec<Vec<Tile>>,
    takes: Vec<Vec<Value>>,
    discards: Vec<Vec<Value>>,
    /// The last tile each seat took from the wall (for `60`).
    last_draw: Vec<Option<Tile>>,
    /// Each seat's pon strings by tile kind, for kakan strings.
    pons: Vec<Vec<(u8, String)>>,
    result: Vec<Value>,
    honba: u8,
    dealer: Seat,
}

/// Where the called tile sits relative to the caller.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum From {
    Left,
    Across,
    Right,
}

/// Tenhou keeps four-seat geometry in three-player games too: seat 0
/// calling seat 2's discard is a call from across (as in its XML meld codes).
pub(super) fn relative(actor: Seat, target: Seat) -> Result<From, ExportError> {
    match (target.get() + 4 - actor.get()) % 4 {
        1 => Ok(From::Right),
        2 => Ok(From::Across),
        3 => Ok(From::Left),
        _ => Err(unsupported(format!(
            "seat {actor} cannot call its own discard"
        ))),
    }
}

/// A pon or daiminkan call string; the letter's position says the source.
pub(super) fn open_call(letter: char, from: From, called: Tile, hand: &[Tile]) -> String {
    let mut hand = hand.to_vec();
    sort_tiles(&mut hand);
    let c = called.to_tenhou6();
    let h: Vec<String> = hand.iter().map(|t| t.to_tenhou6().to_string()).collect();
    match from {
        From::Left => format!("{letter}{c}{}", h.concat()),
        From::Across => format!("{}{letter}{c}{}", h[0], h[1..].concat()),
        From::Right => format!("{}{letter}{c}", h.concat()),
    }
}

impl KyokuWriter {
    pub(super) fn new(sk: &StartKyoku, seats: u8, scores: Vec<i32>) -> Result<Self, ExportError> {
        let kyoku_index = sk.round_wind.index() * 4 + sk.kyoku.saturating_sub(1);
        let mut hands = Vec::new();
        for (seat, hand) in sk.hands.iter().enumerate() {
            let mut tiles = Vec::new();
            for t in hand {
                let Some(t) = t else {
                    return Err(unsupported(format!(
                        "seat {seat}'s starting hand is hidden in {}",
                        sk.label()
                    )));
                };
                tiles.push(*t);
            }
            sort_tiles(&mut tiles);
            hands.push(tiles);
        }
        let n = usize::from(seats);
        Ok(Self {
            seats,
            header: json!([kyoku_index, sk.honba, sk.riichi_sticks]),
            scores,
            dora: vec![sk.dora_marker],
            ura: None,
            hands,
            takes: vec![Vec::new(); n],
            discards: vec![Vec::new(); n],
            last_draw: vec![None; n],
            pons: vec![Vec::new(); n],
            result: Vec::new(),
            honba: sk.honba,
            dealer: sk.dealer,
        })
    }

    pub(super) fn seat_mut<T>(v: &mut [T], seat: Seat) -> Result<&mut T, ExportError> {
        v.get_mut(seat.index())
            .ok_or_else(|| unsupported(format!("seat {seat} is not at the table")))
    }

    pub(super) fn apply(&mut self, event: &Event) -> Result<(), ExportError> {
        match event {
            Event::Tsumo { actor, pai, .. } => {
                let Some(t) = pai else {
                    return Err(unsupported(format!("a draw of seat {actor} is hidden")));
                };
                Self::seat_mut(&mut self.takes, *actor)?.push(code(*t));
                *Self::seat_mut(&mut self.last_draw, *actor)? = Some(*t);
            }
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
                riichi,
            } => {
                let drawn = *Self::seat_mut(&mut self.last_draw, *actor)?;
                // `60` says "the tile just drawn", so it is written only when
                // that is true of the tile.
                let is_drawn = *tsumogiri && drawn == Some(*pai);
                let value = match (riichi, is_drawn) {
                    (true, true) => json!("r60"),
                    (true, false) => json!(format!("r{}", pai.to_tenhou6())),
                    (false, true) => json!(60),
                    (false, false) => code(*pai),
                };
                Self::seat_mut(&mut self.discards, *actor)?.push(value);
                *Self::seat_mut(&mut self.last_draw, *actor)? = None;
            }
            Event::Chi {
                actor,
                pai,
                consumed,
                ..
            } => {
                let mut hand = consumed.to_vec();
                sort_tiles(&mut hand);
                let s = format!("c{}{}", pai.to_tenhou6(), codes(&hand));
                Self::seat_mut(&mut self.takes, *actor)?.push(json!(s));
            }
            Event::Pon {
                actor,
                target,
                pai,
                consumed,
            } => {
                let s = self.push_open_call('p', *actor, *target, *pai, consumed)?;
                Self::seat_mut(&mut self.pons, *actor)?.push((pai.kind(), s));
            }
            Event::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => {
                self.push_open_call('m', *actor, *target, *pai, consumed)?;
                Self::seat_mut(&mut self.discards, *actor)?.push(json!(0));
            }
            Event::Kakan { actor, pai, .. } => {
                let pons = Self::seat_mut(&mut self.pons, *actor)?;
                let Some(pos) = pons.iter().position(|(k, _)| *k == pai.kind()) else {
                    return Err(unsupported(format!(
                        "seat {actor} adds {pai} to a pon the log never showed"
                    )));
                };
                let (_, pon) = pons.remove(pos);
                let s = pon.replacen('p', &format!("k{}", pai.to_tenhou6()), 1);
                Self::seat_mut(&mut self.discards, *actor)?.push(json!(s));
            }
            Event::Ankan { actor, consumed } => {
                let mut tiles = consumed.to_vec();
                sort_tiles(&mut tiles);
                let s = format!("{}a{}", codes(&tiles[..3]), codes(&tiles[3..]));
                Self::seat_mut(&mut self.discards, *actor)?.push(json!(s));
            }
            Event::Nukidora { actor, pai } => {
                let s = format!("f{}", pai.to_tenhou6());
                Self::seat_mut(&mut self.discards, *actor)?.push(json!(s));
            }
            Event::Dora { marker } => self.dora.push(*marker),
            Event::Hora {
                actor,
                target,
                claim,
                ..
            } => self.win(*actor, *target, claim)?,
            Event::Ryukyoku { kind, claim } => self.draw(*kind, claim),
            Event::StartKyoku(_)
            | Event::RiichiAccepted { .. }
            | Event::EndKyoku
            | Event::Disconnect { .. }
            | Event::Reconnect { .. } => {}
        }
        Ok(())
    }

    /// A pon or open kong of `target`'s discard: its call string joins
    /// the caller's takes, and is returned for what else the call writes.
    fn push_open_call(
        &mut self,
        letter: char,
        actor: Seat,
        target: Seat,
        pai: Tile,
        consumed: &[Tile],
    ) -> Result<String, ExportError> {
        let s = open_call(letter, relative(actor, target)?, pai, consumed);
        Self::seat_mut(&mut self.takes, actor)?.push(json!(s));
        Ok(s)
    }

    pub(super) fn table(&self) -> Table {
        Table {
            seats: self.seats,
            dealer: self.dealer,
            honba: self.honba,
        }
    }

    pub(super) fn zeros(&self) -> Vec<i32> {
        vec![0; usize::from(self.seats)]
    }

    pub(super) fn win(
        &mut self,
        actor: Seat,
        target: Seat,
        claim: &WinClaim,
    ) -> Result<(), ExportError> {
        if self.result.is_empty() {
            self.result.push(json!("和了"));
        }
        if self.ura.is_none()
            && let Some(ura) = &claim.ura_markers
            && !ura.is_empty()
        {
            self.ura = Some(ura.clone());
        }
        let deltas = claim.deltas.clone().unwrap_or_else(|| self.zeros());
        let pao = claim.pao.unwrap_or(actor);
        let mut detail = vec![json!(actor.get()), json!(target.get()), json!(pao.get())];
        let score = score_string(self.table(), actor, target, claim);
        if score.is_some() || !claim.yaku.is_empty() {
            detail.push(json!(score.unwrap_or_default()));
        }
        for y in &claim.yaku {
            detail.push(json!(yaku_string(&y.yaku, y.han)));
        }
        // Every per-seat list of tenhou.net/6 has four entries, a
        // three-player game's fourth 0 (convlog reads `[i32; 4]`).
        self.result.push(json!(pad(deltas, 0)));
        self.result.push(Value::Array(detail));
        Ok(())
    }

    pub(super) fn draw(&mut self, kind: DrawKind, claim: &DrawClaim) {
        let name = match kind {
            DrawKind::Exhaustive if claim.nagashi_mangan => "流し満貫",
            DrawKind::Exhaustive => match claim.tenpai.as_deref() {
                Some(t) if t.iter().all(|x| *x) => "全員聴牌",
                Some(t) if t.iter().all(|x| !*x) => "全員不聴",
                _ => "流局",
            },
            DrawKind::NineTerminals => "九種九牌",
            DrawKind::FourRiichi => "四家立直",
            DrawKind::TripleRon => "三家和了",
            DrawKind::FourKongs => "四槓散了",
            DrawKind::FourWinds => "四風連打",
        };
        self.result = vec![json!(name)];
        if let Some(d) = &claim.deltas
            && d.iter().any(|x| *x != 0)
        {
            self.result.push(json!(pad(d.clone(), 0)));
        }
    }

    pub(super) fn finish(self) -> Value {
        let mut k = vec![
            self.header,
            json!(pad(self.scores.clone(), 0)),
            json!(self.dora.iter().map(|t| t.to_tenhou6()).collect::<Vec<_>>()),
            json!(
                self.ura
                    .unwrap_or_default()
                    .iter()
                    .map(|t| t.to_tenhou6())
                    .collect::<Vec<_>>()
            ),
        ];
        for seat in 0..4 {
            let hand: Vec<u8> = self
                .hands
                .get(seat)
                .map(|h| h.iter().map(|t| t.to_tenhou6()).collect())
                .unwrap_or_default();
            k.push(json!(hand));
            k.push(Value::Array(
                self.takes.get(seat).cloned().unwrap_or_default(),
            ));
            k.push(Value::Array(
                self.discards.get(seat).cloned().unwrap_or_default(),
            ));
        }
        k.push(Value::Array(self.result));
        Value::Array(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_hand;
    use crate::tile::t;

    #[test]
    fn the_letter_position_says_the_source() {
        let hand = parse_hand("50p").unwrap();
        assert_eq!(open_call('p', From::Left, t("5p"), &hand), "p252552");
        assert_eq!(open_call('p', From::Across, t("5p"), &hand), "25p2552");
        assert_eq!(open_call('p', From::Right, t("5p"), &hand), "2552p25");
        let hand = parse_hand("505p").unwrap();
        assert_eq!(open_call('m', From::Right, t("5p"), &hand), "252552m25");
    }

    #[test]
    fn sanma_keeps_four_seat_geometry() {
        let s = |n| Seat::new(n).unwrap();
        assert!(matches!(relative(s(0), s(2)), Ok(From::Across)));
        assert!(matches!(relative(s(1), s(0)), Ok(From::Left)));
        assert!(matches!(relative(s(2), s(0)), Ok(From::Across)));
        assert!(relative(s(1), s(1)).is_err());
    }
}
