//! The hands' events into the event stream.
//!
//! Event types (`formats/riichicity.md`, "Events"): 1 a seat's deal, 2 a
//! draw, 3 the calls offered on a discard, 4 an action, 5 the end of the
//! hand, 6 the end of the game, 7 the kan dora indicators, 8, 9 and 11 a
//! player's settings and waits. Types 3, 8, 9 and 11 change nothing in the
//! game and are skipped.
//!
//! The reader keeps each seat's concealed tiles (the [`StreamBuilder`]'s)
//! to give a call the exact copies it is made of. It does not judge the play: a tile the record
//! takes from a hand that does not hold it is taken as written.

use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

use crate::event::{
    ClaimedYaku, DrawClaim, DrawKind, EndClaim, Format, GameLog, GameMeta, Limit, Player, Seat,
    Source, StartKyoku, WinClaim, Wind,
};
use crate::import::stream::{Call, StreamBuilder};
use crate::import::{ImportError, ImportErrorKind};
use crate::tile::Tile;

use super::doc::{Doc, inside};
use super::records::{
    Action, Deal, Draw, End, EventRecord, GameEnd, HandRecord, NewDora, PlayerRecord, WinInfo,
};
use super::{fans, tiles, wall};

/// Action codes of event type 4.
mod code {
    pub(super) const CHI_LOW: u32 = 2;
    pub(super) const CHI_MIDDLE: u32 = 3;
    pub(super) const CHI_HIGH: u32 = 4;
    pub(super) const PON: u32 = 5;
    /// Not in the corpus: assumed from its place between pon and ron.
    pub(super) const OPEN_KONG: u32 = 6;
    pub(super) const RON: u32 = 7;
    pub(super) const CONCEALED_KONG: u32 = 8;
    pub(super) const ADDED_KONG: u32 = 9;
    pub(super) const TSUMO: u32 = 10;
    pub(super) const DISCARD: u32 = 11;
    /// A player declares an abortive draw (nine terminals).
    pub(super) const ABORT: u32 = 12;
    pub(super) const NUKIDORA: u32 = 13;
}

/// End types of event type 5.
mod end {
    pub(super) const RON: u32 = 0;
    pub(super) const TSUMO: u32 = 1;
    pub(super) const EXHAUSTIVE: u32 = 7;
    /// The room was closed before the hand ended (friend rooms).
    pub(super) const CLOSED: u32 = 8;
}

/// A win the actions announce, waiting for its claim in the hand's end.
struct Pending {
    actor: Seat,
    target: Seat,
    pai: Tile,
    hand: Vec<Tile>,
}

struct Reader<'d, 't> {
    doc: &'d Doc<'t>,
    meta: GameMeta,
    b: StreamBuilder,
    /// The position of the first hand's dealer: seat 0.
    first_dealer: Option<u8>,
    /// Each player's seat this hand.
    users: Vec<(u64, Seat)>,
    /// An added kong just declared: a ron now robs it.
    last_added_kong: Option<(Seat, Tile)>,
    wins: Vec<Pending>,
    /// A player declared an abortive draw.
    abort: Option<Seat>,
}

/// Reads every hand into events.
pub(super) fn events(
    doc: &Doc<'_>,
    hands: &[&RawValue],
    hands_path: &str,
    meta: GameMeta,
) -> Result<GameLog, ImportError> {
    let mut r = Reader {
        doc,
        // About 150 events a hand; the count of hands is the input's to
        // choose, so it does not size the allocation alone.
        b: StreamBuilder::new(meta.seats, hands.len().min(64) * 160),
        meta,
        first_dealer: None,
        users: Vec::new(),
        last_added_kong: None,
        wins: Vec::new(),
        abort: None,
    };
    for (i, raw) in hands.iter().enumerate() {
        let path = format!("{hands_path}[{i}]");
        r.b.at(doc.src(raw, &path));
        let hand: HandRecord<'_> = doc.value(
            raw,
            &path,
            "a hand (`handEventRecord`, `players`, `paiShan`…)",
        )?;
        r.hand(&hand, &path)?;
    }
    if !r.b.started() {
        return Err(ImportError::new(
            Format::RiichiCity,
            Source::default(),
            ImportErrorKind::Empty,
        ));
    }
    r.b.abandon_kyoku(
        &mut r.meta,
        "the last hand has no outcome: the record stops in it",
    );
    if r.meta.end.is_none() {
        r.meta.incomplete = true;
    }
    Ok(GameLog {
        meta: r.meta,
        events: r.b.into_events(),
    })
}

impl Reader<'_, '_> {
    fn seats(&self) -> u8 {
        self.meta.seats
    }

    /// "expected …, found …" at a field of the current event.
    fn error_at(&self, field: &str, expected: &str, found: impl Into<String>) -> ImportError {
        ImportError::expected(
            Format::RiichiCity,
            inside(self.b.src(), field),
            expected,
            found,
        )
    }

    fn tile(&self, n: i64, field: &str) -> Result<Tile, ImportError> {
        tiles::tile(n).ok_or_else(|| self.error_at(field, tiles::EXPECTED, n.to_string()))
    }

    fn tiles(&self, list: &[i64], field: &str) -> Result<Vec<Tile>, ImportError> {
        list.iter()
            .enumerate()
            .map(|(i, n)| self.tile(*n, &format!("{field}[{i}]")))
            .collect()
    }

    /// The seat of a player of this hand.
    fn seat_of(&self, user: u64, field: &str) -> Result<Seat, ImportError> {
        self.users
            .iter()
            .find(|(u, _)| *u == user)
            .map(|(_, s)| *s)
            .ok_or_else(|| {
                self.error_at(
                    field,
                    "the user id of a player of the hand",
                    user.to_string(),
                )
            })
    }

    /// The seat of a position: the first hand's dealer sits at seat 0.
    fn seat_of_position(&self, position: u8) -> Result<Seat, ImportError> {
        let n = self.seats();
        if position >= n {
            return Err(self.error_at(
                "position",
                &format!("a position 0–{}", n - 1),
                position.to_string(),
            ));
        }
        let first = self.first_dealer.unwrap_or(0);
        Ok(Seat::wrapping((position + n - first) % n))
    }

    /// An event's fields: the embedded JSON string read as `T`.
    fn fields<T: DeserializeOwned>(&self, data: &RawValue, what: &str) -> Result<T, ImportError> {
        let text = data.get();
        let parsed = if text.starts_with('"') {
            let inner: String = serde_json::from_str(text).map_err(|e| {
                ImportError::expected(
                    Format::RiichiCity,
                    self.b.src().clone(),
                    "the event's fields as a JSON string",
                    e.to_string(),
                )
            })?;
            serde_json::from_str::<T>(&inner)
        } else {
            serde_json::from_str::<T>(text)
        };
        parsed.map_err(|e| {
            let message = e.to_string();
            // serde names a missing field between backquotes.
            let at = message
                .strip_prefix("missing field `")
                .and_then(|rest| rest.split('`').next())
                .map_or_else(|| self.b.src().clone(), |field| inside(self.b.src(), field));
            ImportError::expected(
                Format::RiichiCity,
                at,
                format!("{what} (the JSON in `data`)"),
                message,
            )
        })
    }

    fn hand(&mut self, hand: &HandRecord<'_>, path: &str) -> Result<(), ImportError> {
        let hand_src = self.b.src().clone();
        let mut records = Vec::with_capacity(hand.hand_event_record.len());
        for (j, raw) in hand.hand_event_record.iter().enumerate() {
            let here = format!("{path}.handEventRecord[{j}]");
            let record: EventRecord<'_> =
                self.doc
                    .value(raw, &here, "an event (`eventType`, `userId`, `data`)")?;
            records.push((record, format!("{here}.data")));
        }
        // The first hand's first deal says where seat 0 sits.
        if self.first_dealer.is_none()
            && let Some((record, at)) = records.iter().find(|(r, _)| r.event_type == 1)
        {
            self.b.at(self.doc.src(record.data, at));
            let deal: Deal = self.fields(record.data, "a deal")?;
            let n = self.seats();
            let kyoku = deal.chang_ci.saturating_sub(1) % n;
            self.first_dealer = Some((deal.dealer_pos % n + n - kyoku) % n);
            self.meta.players = vec![Player::default(); usize::from(n)];
        }
        self.b.at(hand_src);
        self.players(&hand.players)?;
        let mut deals: Vec<(Seat, Deal, Source)> = Vec::new();
        for (record, at) in &records {
            self.b.at(self.doc.src(record.data, at));
            if record.event_type != 1 && !deals.is_empty() {
                self.start(std::mem::take(&mut deals), hand, path)?;
            }
            match record.event_type {
                1 => {
                    let deal: Deal = self.fields(record.data, "a deal")?;
                    let seat = self.seat_of(record.user_id, "userId")?;
                    deals.push((seat, deal, self.b.src().clone()));
                }
                2 => self.draw(&self.fields(record.data, "a draw")?, record.user_id)?,
                4 => self.action(&self.fields(record.data, "an action")?, record.user_id)?,
                5 => self.end(&self.fields(record.data, "the end of a hand")?)?,
                6 => self.game_end(&self.fields(record.data, "the end of the game")?)?,
                7 => self.new_doras(&self.fields(record.data, "the kan dora indicators")?)?,
                // The calls offered, a player's settings, the waits.
                _ => {}
            }
        }
        if !deals.is_empty() {
            self.start(deals, hand, path)?;
        }
        Ok(())
    }

    /// The players of a hand: their seats, and their names once.
    fn players(&mut self, players: &[PlayerRecord]) -> Result<(), ImportError> {
        self.users.clear();
        for p in players {
            let seat = self.seat_of_position(p.position)?;
            self.users.push((p.user_id, seat));
            if let Some(slot) = self.meta.players.get_mut(seat.index())
                && slot.name.is_empty()
            {
                slot.name.clone_from(&p.nickname);
            }
        }
        Ok(())
    }

    fn in_hand(&self, what: &str) -> Result<(), ImportError> {
        if self.b.playing() {
            Ok(())
        } else {
            Err(ImportError::expected(
                Format::RiichiCity,
                self.b.src().clone(),
                "a deal before play",
                format!("{what} outside a hand"),
            ))
        }
    }

    /// The deals of every seat: the hand starts.
    fn start(
        &mut self,
        deals: Vec<(Seat, Deal, Source)>,
        hand: &HandRecord<'_>,
        path: &str,
    ) -> Result<(), ImportError> {
        self.b.abandon_kyoku(
            &mut self.meta,
            "a hand has no outcome: the next deal follows it",
        );
        let n = usize::from(self.seats());
        let Some((_, first, first_src)) = deals.first() else {
            return Ok(());
        };
        self.b.at(first_src.clone());
        let dealer = self.seat_of_position(first.dealer_pos)?;
        let wind_tile = self.tile(first.quan_feng, "quan_feng")?;
        if !wind_tile.is_wind() {
            return Err(self.error_at(
                "quan_feng",
                "a wind (49, 65, 81, 97)",
                wind_tile.to_string(),
            ));
        }
        let round_wind = Wind::from_index(wind_tile.kind() - 27);
        let dora_marker = self.tile(first.bao_pai_card, "bao_pai_card")?;
        let mut scores = vec![0; n];
        let mut known = 0;
        for u in &first.user_info_list {
            let seat = self.seat_of(u.user_id, "user_info_list")?;
            if let Some(s) = scores.get_mut(seat.index()) {
                *s = u.hand_points;
                known += 1;
            }
        }
        let mut hands: Vec<Option<Vec<Tile>>> = vec![None; n];
        let mut first_draw = None;
        for (seat, deal, src) in &deals {
            self.b.at(src.clone());
            let mut tiles = self.tiles(&deal.hand_cards, "hand_cards")?;
            let want = if *seat == dealer { 14 } else { 13 };
            if tiles.len() != want {
                return Err(self.error_at(
                    "hand_cards",
                    &format!("{want} tiles dealt to seat {seat}"),
                    format!("{} tiles", tiles.len()),
                ));
            }
            if *seat == dealer {
                // The dealer's fourteenth tile, the last dealt, is the
                // first draw.
                first_draw = tiles.pop();
            }
            if let Some(h) = hands.get_mut(seat.index()) {
                *h = Some(tiles);
            }
        }
        let mut dealt = Vec::with_capacity(n);
        for (i, h) in hands.into_iter().enumerate() {
            match h {
                Some(h) => dealt.push(h),
                None => {
                    return Err(ImportError::new(
                        Format::RiichiCity,
                        first_src.clone(),
                        ImportErrorKind::Missing {
                            name: format!("the deal of seat {i} (an event of type 1)"),
                        },
                    ));
                }
            }
        }
        let Some(first_draw) = first_draw else {
            return Err(ImportError::new(
                Format::RiichiCity,
                first_src.clone(),
                ImportErrorKind::Missing {
                    name: "the dealer's deal (an event of type 1)".to_owned(),
                },
            ));
        };
        let wall = self.wall(hand, path, first_draw)?;
        if let Some(w) = &wall {
            // The room's red fives, counted in the whole set.
            let reds = dealt
                .iter()
                .flatten()
                .copied()
                .chain(w.tiles())
                .filter(|t| t.is_red())
                .count();
            let reds = u8::try_from(reds).unwrap_or(u8::MAX);
            match self.meta.rules.red_fives {
                None => self.meta.rules.red_fives = Some(reds),
                Some(r) if r != reds => self.meta.notes.push(format!(
                    "{path}: {reds} red fives in the wall, where the first hand has {r}"
                )),
                Some(_) => {}
            }
        }
        let start = StartKyoku {
            round_wind,
            kyoku: first.chang_ci,
            honba: first.ben_chang_num,
            riichi_sticks: first.li_zhi_bang_num,
            dealer,
            scores: (known == n).then_some(scores),
            dora_marker,
            hands: Vec::new(),
            wall: wall.map(Box::new),
        };
        self.b.at(first_src.clone());
        self.b.start_kyoku(start, dealt, vec![dora_marker]);
        self.last_added_kong = None;
        self.wins.clear();
        self.abort = None;
        self.b.draw(dealer, first_draw, false);
        Ok(())
    }

    /// The wall after the deal, from `paiShan`, else `handCardEncode`.
    fn wall(
        &mut self,
        hand: &HandRecord<'_>,
        path: &str,
        first_draw: Tile,
    ) -> Result<Option<crate::event::Wall>, ImportError> {
        let n = usize::from(self.seats());
        let total = if n == 3 { 108 } else { 136 };
        let dealt = 13 * n + 1;
        let rest = if let Some(raw) = hand.pai_shan {
            let at = format!("{path}.paiShan");
            let numbers: Vec<i64> = self.doc.value(raw, &at, "a list of tile numbers")?;
            let src = self.doc.src(raw, &at);
            let mut tiles = Vec::with_capacity(numbers.len());
            for (k, n) in numbers.iter().enumerate() {
                let Some(t) = tiles::tile(*n) else {
                    let mut here = src.clone();
                    here.path = Some(format!("{at}[{k}]"));
                    return Err(ImportError::expected(
                        Format::RiichiCity,
                        here,
                        tiles::EXPECTED,
                        n.to_string(),
                    ));
                };
                tiles.push(t);
            }
            Some(tiles)
        } else {
            hand.hand_card_encode
                .as_deref()
                .and_then(|e| wall::after_deal(e, dealt, total))
        };
        let Some(rest) = rest else {
            return Ok(None);
        };
        if let Some(encoded) = hand.hand_card_encode.as_deref() {
            if hand
                .hand_cards_sha256
                .as_deref()
                .is_some_and(|sha| !wall::committed(encoded, sha))
            {
                self.meta.notes.push(format!(
                    "{path}: `handCardEncode` is not the wall its `handCardsSHA256` commits to"
                ));
            }
            if wall::after_deal(encoded, dealt, total).is_some_and(|e| e != rest) {
                self.meta.notes.push(format!(
                    "{path}: `paiShan` and `handCardEncode` give different walls: `paiShan` is kept"
                ));
            }
        }
        if rest.len() + dealt != total {
            self.meta.notes.push(format!(
                "{path}: the wall after the deal has {} tiles, not {}: not kept",
                rest.len(),
                total - dealt
            ));
            return Ok(None);
        }
        Ok(wall::wall(first_draw, &rest, self.seats()))
    }

    fn draw(&mut self, d: &Draw, user: u64) -> Result<(), ImportError> {
        self.in_hand("a draw")?;
        if d.in_card == 0 {
            // A turn without a draw: the dealer's first, or after a call.
            return Ok(());
        }
        let seat = self.seat_of(user, "userId")?;
        let pai = self.tile(d.in_card, "in_card")?;
        self.b.riichi_passes();
        self.last_added_kong = None;
        self.b.draw(seat, pai, d.is_gang_incard);
        Ok(())
    }

    fn action(&mut self, a: &Action, user: u64) -> Result<(), ImportError> {
        self.in_hand("an action")?;
        let seat = self.seat_of(user, "userId")?;
        let card = self.tile(a.card, "card")?;
        let group = match &a.group_cards {
            Some(list) => self.tiles(list, "group_cards")?,
            None => Vec::new(),
        };
        let robbed = self.last_added_kong.take();
        let drawn = self.b.take_last_draw();
        match a.action {
            code::DISCARD => {
                // Places count the concealed tiles from 1, the drawn tile
                // last: a discard from the last place is the tile just
                // drawn. A record without places is read by the tile.
                let last_place = self.b.hand(seat).len();
                let from = a.move_cards_pos.as_deref().and_then(|p| p.first().copied());
                let tsumogiri = drawn == Some((seat, card))
                    && from.is_none_or(|p| usize::try_from(p).is_ok_and(|p| p == last_place));
                let pai = self.b.take(seat, card);
                self.b.discard(seat, pai, tsumogiri, a.is_li_zhi);
            }
            code::NUKIDORA => self.b.nukidora(seat, card),
            code::CHI_LOW | code::CHI_MIDDLE | code::CHI_HIGH | code::PON | code::OPEN_KONG => {
                self.call(a.action, seat, card, &group)?;
            }
            code::CONCEALED_KONG => {
                let &[a, b, c] = group.as_slice() else {
                    return Err(self.error_at(
                        "group_cards",
                        "three tiles besides `card` in a concealed kong",
                        format!("{} tiles", group.len()),
                    ));
                };
                self.b.concealed_kong(seat, [a, b, c, card]);
            }
            code::ADDED_KONG => {
                let Some(pai) = self.b.added_kong(seat, card) else {
                    return Err(self.error_at(
                        "card",
                        "an added kong on a pon of the same tile",
                        format!("no pon of {card} for seat {seat}"),
                    ));
                };
                self.last_added_kong = Some((seat, pai));
            }
            code::RON => {
                let (target, pai) = match (robbed, self.b.last_discard()) {
                    (Some((kong, tile)), _) => (kong, tile),
                    (None, Some((discarder, tile))) => (discarder, tile),
                    (None, None) => {
                        return Err(self.error_at(
                            "action",
                            "a discard to win on",
                            "a ron before any discard",
                        ));
                    }
                };
                self.wins.push(Pending {
                    actor: seat,
                    target,
                    pai,
                    hand: Vec::new(),
                });
                // Kept for the next winner on the same tile.
                self.last_added_kong = robbed;
            }
            code::ABORT => {
                self.abort = Some(seat);
            }
            code::TSUMO => {
                let pai = drawn.filter(|(s, _)| *s == seat).map_or(card, |(_, t)| t);
                self.wins.push(Pending {
                    actor: seat,
                    target: seat,
                    pai,
                    hand: Vec::new(),
                });
            }
            other => {
                return Err(self.error_at(
                    "action",
                    "an action code Riichi City records use (2–13)",
                    other.to_string(),
                ));
            }
        }
        Ok(())
    }

    fn call(
        &mut self,
        code: u32,
        seat: Seat,
        card: Tile,
        group: &[Tile],
    ) -> Result<(), ImportError> {
        let Some((target, _)) = self.b.last_discard() else {
            return Err(self.error_at("action", "a discard to call", "a call before any discard"));
        };
        self.b.riichi_passes();
        let call = match code {
            code::PON => Some(Call::Pon),
            code::OPEN_KONG => Some(Call::OpenKong),
            code::CHI_LOW | code::CHI_MIDDLE | code::CHI_HIGH => Some(Call::Chi),
            _ => None,
        };
        if !call.is_some_and(|call| self.b.call(call, seat, target, card, group)) {
            return Err(self.error_at(
                "group_cards",
                "two tiles for a chi or pon, three for an open kong",
                format!("{} tiles with action {code}", group.len()),
            ));
        }
        Ok(())
    }

    fn new_doras(&mut self, d: &NewDora) -> Result<(), ImportError> {
        self.in_hand("a kan dora")?;
        // `cards` lists every kan dora indicator so far.
        let listed = self.tiles(&d.cards, "cards")?;
        let known = self.b.doras().len().saturating_sub(1);
        for marker in listed.into_iter().skip(known) {
            self.b.dora(marker);
        }
        Ok(())
    }

    /// Score changes by seat from `user_profit`.
    fn deltas(&self, e: &End) -> Result<Option<Vec<i32>>, ImportError> {
        let Some(list) = e.user_profit.as_ref().filter(|l| !l.is_empty()) else {
            return Ok(None);
        };
        let mut deltas = vec![0; usize::from(self.seats())];
        for p in list {
            let seat = self.seat_of(p.user_id, "user_profit")?;
            if let Some(d) = deltas.get_mut(seat.index()) {
                *d = p.point_profit;
            }
        }
        Ok(Some(deltas))
    }

    fn end(&mut self, e: &End) -> Result<(), ImportError> {
        self.in_hand("the end of a hand")?;
        let infos: &[WinInfo] = e.win_info.as_deref().unwrap_or(&[]);
        match e.end_type {
            end::RON | end::TSUMO => {
                let deltas = self.deltas(e)?;
                let many = infos.len() > 1;
                if many {
                    self.meta.notes.push(
                        "several wins on one tile: the record gives their score changes only together, so no win states its own"
                            .to_owned(),
                    );
                }
                for (k, info) in infos.iter().enumerate() {
                    self.win(info, k, if many { None } else { deltas.clone() })?;
                }
            }
            end::EXHAUSTIVE => {
                self.b.riichi_passes();
                let n = usize::from(self.seats());
                let mut tenpai = vec![false; n];
                let mut shown: Vec<Option<Vec<Tile>>> = vec![None; n];
                for (k, info) in infos.iter().enumerate() {
                    let seat = self.seat_of(info.user_id, &format!("win_info[{k}].user_id"))?;
                    if let Some(t) = tenpai.get_mut(seat.index()) {
                        *t = true;
                    }
                    if let Some(cards) = &info.user_cards {
                        let hand = self.tiles(cards, &format!("win_info[{k}].user_cards"))?;
                        if let Some(s) = shown.get_mut(seat.index()) {
                            *s = Some(hand);
                        }
                    }
                }
                let claim = DrawClaim {
                    tenpai: Some(tenpai),
                    shown_hands: Some(shown),
                    deltas: self.deltas(e)?,
                    ..DrawClaim::default()
                };
                self.b.drawn(DrawKind::Exhaustive, claim);
            }
            end::CLOSED => {
                // No outcome: the kyoku stays open, as in a log cut there.
                self.meta.incomplete = true;
                self.meta.notes.push(
                    "a hand ends without an outcome (end type 8: the room was closed)".to_owned(),
                );
                self.b.stop_kyoku();
                self.wins.clear();
                return Ok(());
            }
            _ if self.abort.is_some() && infos.is_empty() => {
                let claim = DrawClaim {
                    deltas: self.deltas(e)?,
                    ..DrawClaim::default()
                };
                self.b.drawn(DrawKind::NineTerminals, claim);
            }
            other => {
                return Err(self.error_at(
                    "end_type",
                    "an end of a hand Riichi City records are known to use (0 ron, 1 tsumo, 7 exhaustive draw, 8 room closed)",
                    other.to_string(),
                ));
            }
        }
        self.b.end_kyoku();
        self.wins.clear();
        Ok(())
    }

    fn win(&mut self, w: &WinInfo, k: usize, deltas: Option<Vec<i32>>) -> Result<(), ImportError> {
        let field = |name: &str| format!("win_info[{k}].{name}");
        let actor = self.seat_of(w.user_id, &field("user_id"))?;
        let Some(at) = self.wins.iter().position(|p| p.actor == actor) else {
            return Err(self.error_at(
                &field("user_id"),
                "a winner whose ron or tsumo the hand's actions show",
                format!("seat {actor}"),
            ));
        };
        let pending = self.wins.remove(at);
        let mut hand = pending.hand;
        if let Some(cards) = &w.user_cards {
            hand = self.tiles(cards, &field("user_cards"))?;
            // A ron's hand is shown without the tile won on.
            if pending.target != actor {
                hand.push(pending.pai);
            }
        }
        let seat_wind = self.b.seat_wind(actor);
        let round_wind = self.b.round_wind();
        let mut yaku = Vec::new();
        for f in w.fang_info.as_deref().unwrap_or(&[]) {
            if f.fang_num == 0 {
                continue;
            }
            yaku.push(ClaimedYaku {
                yaku: fans::yaku(f.fang_type, seat_wind, round_wind),
                han: u8::try_from(f.fang_num).unwrap_or(u8::MAX),
            });
        }
        let yakuman = yaku.iter().any(|y| y.han >= 13);
        let ura_markers = match &w.li_bao_card {
            Some(list) => Some(self.tiles(list, &field("li_bao_card"))?),
            None => None,
        };
        let han = u8::try_from(w.all_fang_num).unwrap_or(u8::MAX);
        let fu = u8::try_from(w.all_fu).unwrap_or(u8::MAX);
        let claim = WinClaim {
            han: (!yakuman).then_some(han),
            fu: (!yakuman).then_some(fu),
            points: Some(w.all_point),
            limit: Some(if yakuman {
                Limit::Yakuman
            } else {
                limit(han, fu, w.all_point)
            }),
            yaku,
            dora_markers: Some(self.b.doras().to_vec()),
            ura_markers,
            hand: (!hand.is_empty()).then_some(hand),
            deltas,
            ..WinClaim::default()
        };
        self.b.win(actor, pending.target, pending.pai, claim);
        Ok(())
    }

    fn game_end(&mut self, g: &GameEnd) -> Result<(), ImportError> {
        let n = usize::from(self.seats());
        if g.user_data.len() != n {
            return Ok(());
        }
        let mut scores = vec![0; n];
        let mut points = vec![0.0; n];
        for (k, u) in g.user_data.iter().enumerate() {
            let seat = self.seat_of(u.user_id, &format!("user_data[{k}].user_id"))?;
            if let (Some(s), Some(p)) = (scores.get_mut(seat.index()), points.get_mut(seat.index()))
            {
                *s = u.point_num;
                *p = f64::from(u.score) / 10.0;
            }
        }
        self.meta.end = Some(EndClaim {
            scores: Some(scores),
            points: Some(points),
        });
        Ok(())
    }
}

/// The limit name of a hand of `han` and `fu` worth `points`: the record
/// states none, so it is read off the han, fu and points the record claims.
/// Whether a 4 han 30 fu or 3 han 60 fu hand is rounded up to a mangan
/// (kiriage) is the room's setting, which the record does not carry: the
/// points say it. Unrounded, such a hand is worth 7700, 11600, 7900,
/// 11700, 5900 or 7800 (ron, tsumo, four or three players, dealer or not),
/// never a whole thousand; rounded, 8000, 12000 or 6000
/// (`formats/riichicity.md`, "Wins").
fn limit(han: u8, fu: u8, points: i32) -> Limit {
    match han {
        13.. => Limit::Yakuman,
        11..=12 => Limit::Sanbaiman,
        8..=10 => Limit::Baiman,
        6..=7 => Limit::Haneman,
        5 => Limit::Mangan,
        4 if fu >= 40 => Limit::Mangan,
        3 if fu >= 70 => Limit::Mangan,
        4 if fu == 30 && points % 1000 == 0 => Limit::Mangan,
        3 if fu == 60 && points % 1000 == 0 => Limit::Mangan,
        _ => Limit::None,
    }
}

#[cfg(test)]
mod tests {
    use super::limit;
    use crate::event::Limit;

    /// Kiriage is read off the points: rounded up in one room (8000,
    /// 12000, a 2000/4000 tsumo in three), not in another (7700, 11600).
    #[test]
    fn a_4_han_30_fu_hand_is_a_mangan_when_its_points_are() {
        assert_eq!(limit(4, 30, 7700), Limit::None);
        assert_eq!(limit(4, 30, 11600), Limit::None);
        assert_eq!(limit(4, 30, 5900), Limit::None);
        assert_eq!(limit(3, 60, 7800), Limit::None);
        assert_eq!(limit(4, 30, 8000), Limit::Mangan);
        assert_eq!(limit(3, 60, 12000), Limit::Mangan);
        assert_eq!(limit(4, 30, 6000), Limit::Mangan);
        assert_eq!(limit(4, 40, 8000), Limit::Mangan);
        assert_eq!(limit(3, 30, 4000), Limit::None);
    }
}
