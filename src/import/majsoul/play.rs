//! The round records into the event stream.
//!
//! The records name every tile as it is (`0m` is the red five), so the
//! reader keeps each seat's concealed tiles (the [`StreamBuilder`]'s) to
//! give a kong the exact copies it is made of. It does not judge the play:
//! a tile the record takes from a hand that does not hold it is taken as
//! written.

use crate::event::{
    ClaimPart, ClaimedYaku, DrawClaim, DrawKind, GameLog, GameMeta, Limit, Seat, Source,
    StartKyoku, Wall, WinClaim, Wind,
};
use crate::import::stream::{Call, StreamBuilder};
use crate::import::{ImportError, ImportErrorKind};
use crate::tile::{Tile, parse_hand};

use super::records::{
    AnGangAddGang, BaBei, ChiPengGang, DealTile, DiscardTile, Hule, HuleInfo, Liqi, LiuJu,
    NewRound, NoTile,
};
use super::{Record, fans, head::Head, wall};

/// The North tile, which three-player games set aside.
const NORTH: u8 = 30;

/// The records of play, which only a kyoku holds.
const PLAY: &[&str] = &[
    "RecordDealTile",
    "RecordDiscardTile",
    "RecordChiPengGang",
    "RecordAnGangAddGang",
    "RecordBaBei",
    "RecordHule",
    "RecordNoTile",
    "RecordLiuJu",
];

/// What happened last, for replacement draws and robbed kongs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Last {
    Other,
    /// A kong or a north set aside: the next draw is a replacement.
    Kong,
    /// An added kong by this seat of this tile: a ron on it robs it.
    AddedKong(Seat, Tile),
    /// A north set aside by this seat: a ron on it takes it from that
    /// seat, and otherwise the next draw is a replacement.
    Nukidora(Seat),
}

struct Reader {
    meta: GameMeta,
    b: StreamBuilder,
    last: Last,
    /// The dealer and the fourteenth tile dealt, written as the dealer's
    /// first draw, until the dealer's first discard (or any draw).
    fourteenth: Option<(Seat, Tile)>,
    /// The events and notes when the last kyoku ended.
    complete: Option<(usize, usize)>,
}

/// The game the records give.
pub(super) struct Played {
    pub(super) log: GameLog,
    /// The events and notes when the last kyoku ended.
    complete: Option<(usize, usize)>,
}

impl Played {
    /// The game up to the end of its last complete kyoku, if one is.
    pub(super) fn complete_part(mut self) -> Option<GameLog> {
        let (events, notes) = self.complete?;
        self.log.events.truncate(events);
        self.log.meta.notes.truncate(notes);
        self.log.meta.incomplete = true;
        Some(self.log)
    }
}

/// A record that cannot become events, and the game before it.
pub(super) struct Stopped {
    pub(super) error: ImportError,
    /// The game up to the end of the last kyoku complete before the record.
    pub(super) saved: Option<GameLog>,
}

/// Reads every record into events.
pub(super) fn events(
    records: &[Record<'_>],
    mut meta: GameMeta,
    head: Option<&Head>,
) -> Result<Played, Box<Stopped>> {
    // Without a mode, the first deal tells the table's size.
    if head.and_then(Head::sanma).is_none()
        && let Some(first) = records.iter().find(|r| r.name == "RecordNewRound")
    {
        let round: NewRound = first
            .decode()
            .map_err(|error| Stopped { error, saved: None })?;
        meta.seats = if round.tiles3.is_empty() { 3 } else { 4 };
    }
    let mut r = Reader {
        b: StreamBuilder::new(meta.seats, records.len() + 16),
        meta,
        last: Last::Other,
        fourteenth: None,
        complete: None,
    };
    for record in records {
        r.b.at(record.src.clone());
        if let Err(error) = r.record(record) {
            let complete = r.complete;
            let saved = Played {
                log: GameLog {
                    meta: r.meta,
                    events: r.b.into_events(),
                },
                complete,
            }
            .complete_part();
            return Err(Box::new(Stopped { error, saved }));
        }
    }
    if !r.b.started() {
        return Err(Box::new(Stopped {
            error: ImportError::new(
                crate::event::Format::MahjongSoul,
                Source::default(),
                ImportErrorKind::Empty,
            ),
            saved: None,
        }));
    }
    if r.b.playing() {
        r.meta.incomplete = true;
        r.meta
            .notes
            .push("the last kyoku has no outcome: the record stops in it".to_owned());
    } else if r.meta.end.is_none() {
        r.meta.incomplete = true;
    }
    Ok(Played {
        log: GameLog {
            meta: r.meta,
            events: r.b.into_events(),
        },
        complete: r.complete,
    })
}

impl Reader {
    /// A kyoku ends: its outcome is complete.
    fn end_kyoku(&mut self) {
        self.b.end_kyoku();
        self.complete = Some((self.b.len(), self.meta.notes.len()));
    }

    fn error(&self, expected: &str, found: impl Into<String>) -> ImportError {
        ImportError::expected(
            crate::event::Format::MahjongSoul,
            self.b.src().clone(),
            expected,
            found,
        )
    }

    fn tile(&self, text: &str) -> Result<Tile, ImportError> {
        match parse_hand(text).as_deref() {
            Ok([t]) => Ok(*t),
            _ => Err(self.error(
                "a tile (`1m`…`9s`, `0m` red, `1z`…`7z`)",
                format!("`{text}`"),
            )),
        }
    }

    fn tiles(&self, texts: &[String]) -> Result<Vec<Tile>, ImportError> {
        texts.iter().map(|t| self.tile(t)).collect()
    }

    fn seat(&self, n: u32) -> Result<Seat, ImportError> {
        u8::try_from(n)
            .ok()
            .and_then(Seat::new)
            .filter(|s| s.get() < self.meta.seats)
            .ok_or_else(|| self.error(&format!("a seat 0–{}", self.meta.seats - 1), n.to_string()))
    }

    /// A record of play inside a kyoku.
    fn in_kyoku(&self, name: &str) -> Result<(), ImportError> {
        if self.b.playing() {
            Ok(())
        } else {
            Err(self.error(
                "a new round before play",
                format!("a {name} outside a kyoku"),
            ))
        }
    }

    fn record(&mut self, record: &Record<'_>) -> Result<(), ImportError> {
        let name: &str = &record.name;
        if PLAY.contains(&name) {
            self.in_kyoku(name)?;
        }
        match name {
            "RecordNewRound" => self.new_round(&record.decode()?),
            "RecordDealTile" => self.deal(&record.decode()?),
            "RecordDiscardTile" => self.discard(&record.decode()?),
            "RecordChiPengGang" => self.call(&record.decode()?),
            "RecordAnGangAddGang" => self.kong(&record.decode()?),
            "RecordBaBei" => self.nukidora(&record.decode()?),
            "RecordHule" => self.wins(&record.decode()?),
            "RecordNoTile" => self.exhaustive(&record.decode()?),
            "RecordLiuJu" => self.abortive(&record.decode()?),
            // Records that change nothing in the game: a game's start or
            // end notice, a player's state, a choice offered.
            _ if name.starts_with("Record") => Ok(()),
            // Not a round record at all (a tag a tool wrote, a message of
            // the client's): skipped, and said.
            _ => {
                self.meta.notes.push(format!(
                    "{}: `{name}` is no round record (`Record…`); skipped",
                    record.src
                ));
                Ok(())
            }
        }
    }

    fn new_round(&mut self, nr: &NewRound) -> Result<(), ImportError> {
        self.b.abandon_kyoku(
            &mut self.meta,
            "a kyoku has no outcome: the next round follows it",
        );
        let seats = usize::from(self.meta.seats);
        let dealer = self.seat(nr.ju)?;
        let round_wind = Wind::from_index(u8::try_from(nr.chang % 4).unwrap_or(0));
        let dealt = [&nr.tiles0, &nr.tiles1, &nr.tiles2, &nr.tiles3];
        let mut hands = Vec::with_capacity(seats);
        let mut first_draw = None;
        for (i, tiles) in dealt.iter().take(seats).enumerate() {
            let mut hand = self.tiles(tiles)?;
            let want = if i == dealer.index() { 14 } else { 13 };
            if hand.len() != want {
                return Err(self.error(
                    &format!("{want} tiles dealt to seat {i}"),
                    format!("{} tiles", hand.len()),
                ));
            }
            if i == dealer.index() {
                // The dealer's fourteenth tile is the first draw.
                first_draw = hand.pop();
            }
            hands.push(hand);
        }
        let doras = match (&nr.doras[..], nr.dora.as_str()) {
            ([], one) if !one.is_empty() => vec![self.tile(one)?],
            (list, _) => self.tiles(list)?,
        };
        let Some(&dora_marker) = doras.first() else {
            return Err(self.error("a dora indicator (`doras`)", "none"));
        };
        let scores = nr.scores.get(..seats).map(<[i32]>::to_vec);
        let start = StartKyoku {
            round_wind,
            kyoku: dealer.get() + 1,
            honba: u8::try_from(nr.ben).unwrap_or(u8::MAX),
            riichi_sticks: u8::try_from(nr.liqibang).unwrap_or(u8::MAX),
            dealer,
            scores,
            dora_marker,
            hands: Vec::new(),
            wall: self.wall(&nr.paishan, dealer).map(Box::new),
        };
        self.b.start_kyoku(start, hands, doras);
        self.last = Last::Other;
        self.fourteenth = first_draw.map(|pai| (dealer, pai));
        if let Some(pai) = first_draw {
            self.b.draw(dealer, pai, false);
        }
        Ok(())
    }

    /// The kyoku's wall from `paishan`, when the record has one that is a
    /// wall (else a note: the wall is a check on play, not part of it).
    fn wall(&mut self, paishan: &str, dealer: Seat) -> Option<Wall> {
        if paishan.is_empty() {
            return None;
        }
        let wall = parse_hand(paishan)
            .ok()
            .and_then(|tiles| wall::layout(&tiles, self.meta.seats, dealer));
        if wall.is_none() {
            let quote: String = paishan.chars().take(24).collect();
            self.meta.notes.push(format!(
                "{}: the wall (`paishan` `{quote}…`) is not a string of {} tiles; it is not kept",
                self.b.src(),
                wall::size(self.meta.seats)
            ));
        }
        wall
    }

    /// A riichi stick paid for the previous discard's riichi. The server
    /// writes the payment (`liqi`) on the record after the discard; a
    /// layout that leaves it out says nothing, and play going on without a
    /// win on the discard is what pays the stick, so it is paid then.
    fn riichi_paid(&mut self, liqi: Option<&Liqi>) -> Result<(), ImportError> {
        match liqi {
            Some(l) => {
                let actor = self.seat(l.seat)?;
                self.b.riichi_paid_as_recorded(actor);
            }
            None => self.b.riichi_passes(),
        }
        Ok(())
    }

    /// Kan dora indicators turned since the last record (the record
    /// lists every indicator so far).
    fn new_doras(&mut self, listed: &[String]) -> Result<(), ImportError> {
        let known = self.b.doras().len();
        if listed.len() <= known {
            return Ok(());
        }
        for marker in self.tiles(listed)?.into_iter().skip(known) {
            self.b.dora(marker);
        }
        Ok(())
    }

    fn deal(&mut self, d: &DealTile) -> Result<(), ImportError> {
        self.riichi_paid(d.liqi.as_ref())?;
        let seat = self.seat(d.seat)?;
        let pai = self.tile(&d.tile)?;
        // A kan dora the record shows with the draw was turned before it.
        self.new_doras(&d.doras)?;
        let rinshan = matches!(
            self.last,
            Last::Kong | Last::AddedKong(..) | Last::Nukidora(_)
        );
        self.last = Last::Other;
        self.fourteenth = None;
        self.b.draw(seat, pai, rinshan);
        Ok(())
    }

    fn discard(&mut self, d: &DiscardTile) -> Result<(), ImportError> {
        let seat = self.seat(d.seat)?;
        let pai = self.tile(&d.tile)?;
        let pai = self.b.take(seat, pai);
        // An open kong's indicator, shown with the discard, is turned as
        // it is made (before it, as Tenhou writes it).
        self.new_doras(&d.doras)?;
        // The server writes `moqie: false` on the dealer's first discard
        // whatever it is: the fourteenth tile is dealt, not drawn, so the
        // flag claims nothing there. The import wrote that tile as the
        // first draw; its discard is the tile just drawn, any other is
        // from the hand.
        let moqie = match self.fourteenth.take() {
            Some((dealer, fourteenth)) if dealer == seat => pai == fourteenth,
            _ => d.moqie,
        };
        self.b.discard(seat, pai, moqie, d.is_liqi || d.is_wliqi);
        self.last = Last::Other;
        Ok(())
    }

    fn call(&mut self, c: &ChiPengGang) -> Result<(), ImportError> {
        self.riichi_paid(c.liqi.as_ref())?;
        let seat = self.seat(c.seat)?;
        let tiles = self.tiles(&c.tiles)?;
        if tiles.len() != c.froms.len() {
            return Err(self.error(
                "as many `froms` as `tiles`",
                format!("{} and {}", c.froms.len(), tiles.len()),
            ));
        }
        let Some(called) = c.froms.iter().position(|f| *f != c.seat) else {
            return Err(self.error(
                "a tile called from another seat",
                "every tile from the caller",
            ));
        };
        let target = self.seat(c.froms.get(called).copied().unwrap_or(c.seat))?;
        let Some(&pai) = tiles.get(called) else {
            return Err(self.error("a called tile", "none"));
        };
        // tensoul, the usual converter, takes the last of `tiles` as the
        // called one; `froms` settles it.
        if let Some(&last) = tiles.last()
            && called + 1 != tiles.len()
            && last != pai
        {
            self.meta.notes.push(format!(
                "{}: seat {seat}'s call: the record's `froms` name {pai} as the called tile, not the last of `tiles` ({last}), which tensoul takes as called",
                self.b.src()
            ));
        }
        let rest: Vec<Tile> = tiles
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != called)
            .map(|(_, t)| *t)
            .collect();
        let call = match c.kind {
            0 => Some(Call::Chi),
            1 => Some(Call::Pon),
            2 => Some(Call::OpenKong),
            _ => None,
        };
        if !call.is_some_and(|call| self.b.call(call, seat, target, pai, &rest)) {
            return Err(self.error(
                "a chi (type 0, 3 tiles), pon (1, 3 tiles) or open kong (2, 4 tiles)",
                format!("type {} with {} tiles", c.kind, tiles.len()),
            ));
        }
        self.last = if call == Some(Call::OpenKong) {
            Last::Kong
        } else {
            Last::Other
        };
        Ok(())
    }

    fn kong(&mut self, k: &AnGangAddGang) -> Result<(), ImportError> {
        let seat = self.seat(k.seat)?;
        let tile = self.tile(&k.tiles)?;
        match k.kind {
            3 => {
                self.b.concealed_kong(seat, [tile.plain(); 4]);
                self.last = Last::Kong;
            }
            2 => {
                let Some(pai) = self.b.added_kong(seat, tile) else {
                    return Err(self.error(
                        "an added kong on a pon of the same tile",
                        format!("no pon of {tile} for seat {seat}"),
                    ));
                };
                self.last = Last::AddedKong(seat, pai);
            }
            other => {
                return Err(self.error(
                    "an added kong (type 2) or a concealed kong (type 3)",
                    format!("type {other}"),
                ));
            }
        }
        self.new_doras(&k.doras)
    }

    fn nukidora(&mut self, b: &BaBei) -> Result<(), ImportError> {
        let seat = self.seat(b.seat)?;
        let north = Tile::from_kind(NORTH).unwrap_or(Tile::wind(3));
        self.b.nukidora(seat, north);
        self.last = Last::Nukidora(seat);
        self.new_doras(&b.doras)
    }

    fn wins(&mut self, h: &Hule) -> Result<(), ImportError> {
        let many = h.hules.len() > 1;
        if many {
            self.meta.notes.push(
                "several wins on one tile: the record gives their score changes only together, so no win states its own"
                    .to_owned(),
            );
        }
        for win in &h.hules {
            self.win(win, h, many)?;
        }
        self.end_kyoku();
        Ok(())
    }

    fn win(&mut self, w: &HuleInfo, h: &Hule, many: bool) -> Result<(), ImportError> {
        let actor = self.seat(w.seat)?;
        let pai = self.tile(&w.hu_tile)?;
        let target = if w.zimo {
            actor
        } else if let Last::AddedKong(seat, _) | Last::Nukidora(seat) = self.last {
            seat
        } else {
            match self.b.last_discard() {
                Some((seat, _)) => seat,
                None => return Err(self.error("a discard to win on", "a ron before any discard")),
            }
        };
        let seat_wind = self.b.seat_wind(actor);
        let round_wind = self.b.round_wind();
        let yaku: Vec<ClaimedYaku> = w
            .fans
            .iter()
            .filter(|f| f.val > 0)
            .map(|f| {
                let val = u8::try_from(f.val).unwrap_or(u8::MAX);
                ClaimedYaku {
                    yaku: fans::yaku(f.id, seat_wind, round_wind),
                    han: if w.yiman { val.saturating_mul(13) } else { val },
                }
            })
            .collect();
        let mut hand = self.tiles(&w.hand)?;
        hand.push(pai);
        // A title left out is 0 in the wire form, so it says "no limit"
        // when the record states the han beside it; with neither, the
        // writer dropped the hand's value and the limit is unknown.
        let limit = match w.title_id.or(w.count.map(|_| 0)) {
            Some(0) => Some(Limit::None),
            Some(1) => Some(Limit::Mangan),
            Some(2) => Some(Limit::Haneman),
            Some(3) => Some(Limit::Baiman),
            Some(4) => Some(Limit::Sanbaiman),
            Some(_) => Some(Limit::Yakuman),
            None => None,
        };
        // Absent claims are unknown, not zero: no win has 0 han, 0 fu (a
        // limit hand's fu is written too), no value or no yaku, and the
        // wire form leaves a 0 out, so a 0 is a claim left out as well.
        let han = w.count.filter(|&c| c > 0);
        let fu = w.fu.filter(|&f| f > 0);
        let mut not_recorded = Vec::new();
        if !w.yiman {
            if han.is_none() {
                not_recorded.push(ClaimPart::Han);
            }
            if fu.is_none() {
                not_recorded.push(ClaimPart::Fu);
            }
        }
        if w.dadian == 0 {
            not_recorded.push(ClaimPart::Points);
        }
        if limit.is_none() {
            not_recorded.push(ClaimPart::Limit);
        }
        if yaku.is_empty() {
            not_recorded.push(ClaimPart::Yaku);
        }
        let pao = match u32::try_from(h.baopai) {
            Ok(0) => None,
            Ok(n) => Some(self.seat(n - 1)?),
            Err(_) => {
                return Err(self.error("a liable seat plus one (`baopai`)", h.baopai.to_string()));
            }
        };
        let claim = WinClaim {
            han: han
                .filter(|_| !w.yiman)
                .map(|c| u8::try_from(c).unwrap_or(u8::MAX)),
            fu: fu
                .filter(|_| !w.yiman)
                .map(|f| u8::try_from(f).unwrap_or(u8::MAX)),
            points: (w.dadian > 0).then(|| i32::try_from(w.dadian).unwrap_or(i32::MAX)),
            limit,
            yaku,
            // Every win has a dora indicator: none listed is none recorded.
            dora_markers: if w.doras.is_empty() {
                None
            } else {
                Some(self.tiles(&w.doras)?)
            },
            // A riichi winner's list, empty when the room turns no ura
            // indicators.
            ura_markers: if w.liqi {
                Some(self.tiles(&w.li_doras)?)
            } else {
                None
            },
            hand: Some(hand),
            pao,
            pao_unknown: false,
            not_recorded,
            deltas: if many || h.delta_scores.is_empty() {
                None
            } else {
                Some(h.delta_scores.clone())
            },
            scores_before: (!h.old_scores.is_empty()).then(|| h.old_scores.clone()),
            sticks: None,
            chips: None,
        };
        self.b.win(actor, target, pai, claim);
        Ok(())
    }

    fn exhaustive(&mut self, n: &NoTile) -> Result<(), ImportError> {
        let seats = usize::from(self.meta.seats);
        let mut tenpai = vec![false; seats];
        let mut shown: Vec<Option<Vec<Tile>>> = vec![None; seats];
        for (i, p) in n.players.iter().enumerate().take(seats) {
            if let Some(t) = tenpai.get_mut(i) {
                *t = p.tingpai;
            }
            if p.tingpai
                && !p.hand.is_empty()
                && let Some(s) = shown.get_mut(i)
            {
                *s = Some(self.tiles(&p.hand)?);
            }
        }
        // Noten payments, or one entry per nagashi mangan: their sum.
        let mut deltas: Option<Vec<i32>> = None;
        for s in n.scores.iter().filter(|s| !s.delta_scores.is_empty()) {
            let sum = deltas.get_or_insert_with(|| vec![0; seats]);
            for (a, b) in sum.iter_mut().zip(&s.delta_scores) {
                *a += b;
            }
        }
        if deltas.is_none() && !n.scores.is_empty() {
            // Nobody paid: every seat tenpai or every seat noten.
            deltas = Some(vec![0; seats]);
        }
        let claim = DrawClaim {
            tenpai: Some(tenpai),
            shown_hands: Some(shown),
            nagashi_mangan: n.liujumanguan,
            deltas,
            scores_before: n
                .scores
                .first()
                .filter(|s| !s.old_scores.is_empty())
                .map(|s| s.old_scores.clone()),
            ..DrawClaim::default()
        };
        self.b.drawn(DrawKind::Exhaustive, claim);
        self.end_kyoku();
        Ok(())
    }

    fn abortive(&mut self, l: &LiuJu) -> Result<(), ImportError> {
        self.riichi_paid(l.liqi.as_ref())?;
        let kind = match l.kind {
            1 => DrawKind::NineTerminals,
            2 => DrawKind::FourWinds,
            3 => DrawKind::FourKongs,
            4 => DrawKind::FourRiichi,
            5 => DrawKind::TripleRon,
            other => {
                return Err(self.error("an abortive draw of type 1–5", format!("type {other}")));
            }
        };
        let mut claim = DrawClaim::default();
        if kind == DrawKind::NineTerminals && !l.tiles.is_empty() {
            let seats = usize::from(self.meta.seats);
            let mut shown: Vec<Option<Vec<Tile>>> = vec![None; seats];
            if let Some(s) = usize::try_from(l.seat).ok().and_then(|i| shown.get_mut(i)) {
                *s = Some(self.tiles(&l.tiles)?);
            }
            claim.shown_hands = Some(shown);
        }
        claim.deltas = Some(vec![0; usize::from(self.meta.seats)]);
        self.b.drawn(kind, claim);
        self.end_kyoku();
        Ok(())
    }
}
