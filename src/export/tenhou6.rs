//! Writes a game as tenhou.net/6 JSON (`formats/tenhou6.md`).
//!
//! tenhou.net/6 stores, per kyoku and seat, the starting hand, the list of
//! takes (draws and calls) and the list of discards (discards, kongs set
//! aside in the discard slot), plus one result array. What it cannot say —
//! source order beyond what play implies, shown hands, per-win stick
//! bookkeeping, the fu of limit hands — is dropped, and [`carried`] states
//! exactly what survives.

use serde_json::{Value, json};

use crate::event::Source;
use crate::event::{
    DrawClaim, DrawKind, Entry, Event, Format, GameLog, Limit, Seat, StartKyoku, WinClaim,
};
use crate::export::ExportError;
use crate::import::tenhou6::{insert_connection, is_step};
use crate::tile::{Tile, sort_tiles};
use crate::yaku::Yaku;

fn unsupported(reason: impl Into<String>) -> ExportError {
    ExportError::Unsupported {
        format: Format::Tenhou6,
        reason: reason.into(),
    }
}

fn code(t: Tile) -> Value {
    json!(t.to_tenhou6())
}

fn codes(tiles: &[Tile]) -> String {
    tiles.iter().map(|t| t.to_tenhou6().to_string()).collect()
}

/// The per-kyoku arrays being written.
struct KyokuWriter {
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
enum From {
    Left,
    Across,
    Right,
}

/// Tenhou keeps four-seat geometry in three-player games too: seat 0
/// calling seat 2's discard is a call from across (as in its XML meld codes).
fn relative(actor: Seat, target: Seat) -> Result<From, ExportError> {
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
fn open_call(letter: char, from: From, called: Tile, hand: &[Tile]) -> String {
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
    fn new(sk: &StartKyoku, seats: u8, scores: Vec<i32>) -> Result<Self, ExportError> {
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

    fn seat_mut<T>(v: &mut [T], seat: Seat) -> Result<&mut T, ExportError> {
        v.get_mut(seat.index())
            .ok_or_else(|| unsupported(format!("seat {seat} is not at the table")))
    }

    fn apply(&mut self, event: &Event) -> Result<(), ExportError> {
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
                let from = relative(*actor, *target)?;
                let s = open_call('p', from, *pai, consumed);
                Self::seat_mut(&mut self.pons, *actor)?.push((pai.kind(), s.clone()));
                Self::seat_mut(&mut self.takes, *actor)?.push(json!(s));
            }
            Event::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => {
                let from = relative(*actor, *target)?;
                let s = open_call('m', from, *pai, consumed);
                Self::seat_mut(&mut self.takes, *actor)?.push(json!(s));
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

    fn table(&self) -> Table {
        Table {
            seats: self.seats,
            dealer: self.dealer,
            honba: self.honba,
        }
    }

    fn zeros(&self) -> Vec<i32> {
        vec![0; usize::from(self.seats)]
    }

    fn win(&mut self, actor: Seat, target: Seat, claim: &WinClaim) -> Result<(), ExportError> {
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
        self.result.push(json!(deltas));
        self.result.push(Value::Array(detail));
        Ok(())
    }

    fn draw(&mut self, kind: DrawKind, claim: &DrawClaim) {
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
            DrawKind::FourKans => "四槓散了",
            DrawKind::FourWinds => "四風連打",
        };
        self.result = vec![json!(name)];
        if let Some(d) = &claim.deltas
            && d.iter().any(|x| *x != 0)
        {
            self.result.push(json!(d));
        }
    }

    fn finish(self) -> Value {
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

/// tenhou.net/6 always has four seats; a three-player game fills the
/// fourth with `fill`.
fn pad<T: Clone>(mut v: Vec<T>, fill: T) -> Vec<T> {
    while v.len() < 4 {
        v.push(fill.clone());
    }
    v
}

fn limit_word(limit: Limit) -> Option<&'static str> {
    match limit {
        Limit::None => None,
        Limit::Mangan => Some("満貫"),
        Limit::Haneman => Some("跳満"),
        Limit::Baiman => Some("倍満"),
        Limit::Sanbaiman => Some("三倍満"),
        Limit::Yakuman => Some("役満"),
    }
}

fn is_yakuman(y: &Yaku) -> bool {
    y.tenhou_id().is_some_and(|id| (36..=51).contains(&id))
}

fn yaku_string(y: &Yaku, han: u8) -> String {
    if is_yakuman(y) && han >= 13 {
        if han >= 26 {
            format!("{}(ダブル役満)", y.japanese())
        } else {
            format!("{}(役満)", y.japanese())
        }
    } else {
        format!("{}({han}飜)", y.japanese())
    }
}

/// What a score string needs to know about the kyoku.
#[derive(Clone, Copy)]
struct Table {
    seats: u8,
    dealer: Seat,
    honba: u8,
}

/// The score string, e.g. `30符2飜2000点`, `満貫2000-4000点`, `跳満6000点∀`,
/// with only the parts the claim has; `None` when it has none.
fn score_string(t: Table, actor: Seat, target: Seat, claim: &WinClaim) -> Option<String> {
    let mut s = String::new();
    match claim.limit.and_then(limit_word) {
        Some(w) => s.push_str(w),
        None => {
            if let Some(fu) = claim.fu {
                s.push_str(&format!("{fu}符"));
            }
            if let Some(han) = claim.han {
                s.push_str(&format!("{han}飜"));
            }
        }
    }
    if let Some(points) = claim.points {
        let (pay, _) = payment(t, actor, target, claim, points);
        s.push_str(&pay);
    }
    (!s.is_empty()).then_some(s)
}

/// The payment part of a score string and the total it reads back as.
fn payment(t: Table, actor: Seat, target: Seat, claim: &WinClaim, points: i32) -> (String, i32) {
    let seats = i32::from(t.seats);
    if actor != target {
        (format!("{points}点"), points)
    } else if actor == t.dealer {
        let each = points / (seats - 1).max(1);
        (format!("{each}点∀"), each * (seats - 1))
    } else {
        let deltas = claim.deltas.as_deref().unwrap_or(&[]);
        let (child, dealer) = tsumo_split(t, actor, claim.pao.is_some(), points, deltas);
        (format!("{child}-{dealer}点"), child * (seats - 2) + dealer)
    }
}

fn yaku_han(claim: &WinClaim) -> u8 {
    claim
        .yaku
        .iter()
        .fold(0u8, |acc, y| acc.saturating_add(y.han))
}

/// What a non-dealer's tsumo costs each non-dealer and the dealer. The
/// deltas say it directly when nobody is liable; otherwise the standard
/// split of the value is used (the value is four basic points, or three in
/// three-player games with Tenhou's tsumo loss).
fn tsumo_split(t: Table, winner: Seat, liable: bool, points: i32, deltas: &[i32]) -> (i32, i32) {
    let honba = i32::from(t.honba) * 100;
    let children = i32::from(t.seats) - 2;
    if !liable {
        let dealer = deltas.get(t.dealer.index()).map(|d| -d - honba);
        let child = (0..usize::from(t.seats))
            .find(|s| *s != winner.index() && *s != t.dealer.index())
            .and_then(|s| deltas.get(s))
            .map(|d| -d - honba);
        if let (Some(c), Some(d)) = (child, dealer)
            && c * children + d == points
        {
            return (c, d);
        }
    }
    let base = points / (children + 2);
    for child in [base, round_up_100(base)] {
        for dealer in [2 * child, round_up_100(2 * base)] {
            if child * children + dealer == points {
                return (child, dealer);
            }
        }
    }
    let dealer = round_up_100(points / 2);
    ((points - dealer) / children.max(1), dealer)
}

fn round_up_100(x: i32) -> i32 {
    (x + 99) / 100 * 100
}

/// Every kyoku needs starting scores; a log without them gets the previous
/// kyoku's scores plus its claimed deltas (25000 each at the start).
fn starting_scores(log: &GameLog) -> Vec<Option<Vec<i32>>> {
    let seats = usize::from(log.meta.seats);
    let mut out = Vec::new();
    let mut running: Vec<i32> = vec![25000; seats];
    for e in &log.events {
        match &e.event {
            Event::StartKyoku(sk) => {
                if let Some(s) = &sk.scores {
                    running.clone_from(s);
                    out.push(None);
                } else {
                    out.push(Some(running.clone()));
                }
            }
            Event::Hora { claim, .. } => add(&mut running, claim.deltas.as_deref()),
            Event::Ryukyoku { claim, .. } => add(&mut running, claim.deltas.as_deref()),
            Event::RiichiAccepted { actor, .. } => {
                if let Some(s) = running.get_mut(actor.index()) {
                    *s -= 1000;
                }
            }
            _ => {}
        }
    }
    out
}

fn add(running: &mut [i32], deltas: Option<&[i32]>) {
    if let Some(d) = deltas {
        for (r, d) in running.iter_mut().zip(d) {
            *r += d;
        }
    }
}

/// Writes `log` as one tenhou.net/6 JSON object.
///
/// # Errors
///
/// [`ExportError::Unsupported`] for hidden tiles (tenhou.net/6 has no
/// notation for them) and calls the format cannot place.
pub fn write(log: &GameLog) -> Result<String, ExportError> {
    let mut notes = notes_for(log);
    let filled = starting_scores(log);
    if filled.iter().any(Option::is_some) {
        notes.push(
            "the log does not state some kyoku's starting scores: they were carried over from the claimed deltas".into(),
        );
    }
    let mut kyoku = Vec::new();
    let mut current: Option<KyokuWriter> = None;
    let mut filled = filled.into_iter();
    for Entry { event, .. } in &log.events {
        if let Event::StartKyoku(sk) = event {
            if let Some(k) = current.take() {
                kyoku.push(k.finish());
            }
            let scores = match filled.next().flatten() {
                Some(s) => s,
                None => sk.scores.clone().unwrap_or_default(),
            };
            current = Some(KyokuWriter::new(sk, log.meta.seats, scores)?);
        } else if let Some(k) = current.as_mut() {
            k.apply(event)?;
        }
    }
    if let Some(k) = current.take() {
        kyoku.push(k.finish());
    }
    let meta = &log.meta;
    let seats = usize::from(meta.seats);
    let names: Vec<String> = (0..seats)
        .map(|i| {
            meta.players
                .get(i)
                .map(|p| p.name.clone())
                .unwrap_or_default()
        })
        .collect();
    let mut out = serde_json::Map::new();
    out.insert("title".into(), json!(["", ""]));
    out.insert("name".into(), json!(pad(names, String::new())));
    let mut rule = serde_json::Map::new();
    rule.insert(
        "disp".into(),
        json!(meta.rules.display.clone().unwrap_or_default()),
    );
    match meta.rules.red_fives {
        Some(3) => {
            for k in ["aka53", "aka52", "aka51"] {
                rule.insert(k.into(), json!(1));
            }
        }
        Some(n) => {
            rule.insert("aka".into(), json!(i32::from(n > 0)));
        }
        None => {}
    }
    out.insert("rule".into(), Value::Object(rule));
    if let Some(id) = &meta.log_id {
        out.insert("ref".into(), json!(id));
    }
    if meta.players.iter().any(|p| p.rank.is_some()) {
        let dan: Vec<String> = (0..seats)
            .map(|i| {
                meta.players
                    .get(i)
                    .and_then(|p| p.rank.clone())
                    .unwrap_or_default()
            })
            .collect();
        out.insert("dan".into(), json!(pad(dan, String::new())));
    }
    if meta.players.iter().any(|p| p.rating.is_some()) {
        let rate: Vec<f64> = (0..seats)
            .map(|i| meta.players.get(i).and_then(|p| p.rating).unwrap_or(0.0))
            .collect();
        out.insert("rate".into(), json!(rate));
    }
    if meta.players.iter().any(|p| p.sex.is_some()) {
        let sx: Vec<String> = (0..seats)
            .map(|i| {
                meta.players
                    .get(i)
                    .and_then(|p| p.sex.clone())
                    .unwrap_or_default()
            })
            .collect();
        out.insert("sx".into(), json!(sx));
    }
    if let Some(end) = &meta.end
        && let (Some(scores), Some(points)) = (&end.scores, &end.points)
    {
        let mut sc = Vec::new();
        for (s, p) in scores.iter().zip(points) {
            sc.push(json!(s));
            sc.push(json!(p));
        }
        out.insert("sc".into(), Value::Array(sc));
    }
    let (connection, dropped) = connections(log);
    if !connection.is_empty() {
        out.insert("connection".into(), Value::Array(connection));
    }
    if dropped {
        notes.push(
            "tenhou.net/6 cannot place a disconnection before the first deal; dropped".into(),
        );
    }
    out.insert("log".into(), Value::Array(kyoku));
    if !notes.is_empty() {
        out.insert("paifu_notes".into(), json!(notes));
    }
    Ok(serde_json::to_string(&Value::Object(out))?)
}

/// One sentence per kind of information this game holds that tenhou.net/6
/// cannot carry.
fn notes_for(log: &GameLog) -> Vec<String> {
    let mut notes = log.meta.notes.clone();
    let mut has = |what: &str, cond: bool| {
        if cond {
            notes.push(format!("tenhou.net/6 cannot carry {what}; dropped"));
        }
    };
    let events = || log.events.iter().map(|e| &e.event);
    has(
        "the hands shown at draws (tenpai is kept as the result name or the sign of the payments)",
        events().any(|e| matches!(e, Event::Ryukyoku { claim, .. } if claim.shown_hands.is_some())),
    );
    has(
        "the winner's hand, the scores before a win, stick counts and chips as claimed at a win",
        events().any(|e| matches!(e, Event::Hora { claim, .. } if claim.hand.is_some() || claim.scores_before.is_some() || claim.sticks.is_some() || claim.chips.is_some())),
    );
    has(
        "the fu of limit hands",
        events().any(|e| matches!(e, Event::Hora { claim, .. } if claim.fu.is_some() && !matches!(claim.limit, None | Some(Limit::None)))),
    );
    has(
        "the scores claimed when a riichi stick is paid",
        events().any(|e| matches!(e, Event::RiichiAccepted { claim: Some(_), .. })),
    );
    has(
        "the Tenhou GO type bits",
        log.meta.rules.tenhou_type.is_some(),
    );
    notes
}

/// What survives writing `log` as tenhou.net/6 and reading it back, source
/// locations aside.
#[must_use]
pub fn carried(log: &GameLog) -> GameLog {
    let mut out = log.clone();
    let filled = starting_scores(log);
    let mut filled = filled.into_iter();
    let mut events: Vec<Entry> = Vec::new();
    let mut kyoku: Vec<Event> = Vec::new();
    for e in &log.events {
        let mut event = e.event.clone();
        match &mut event {
            Event::StartKyoku(sk) => {
                flush_kyoku(&mut kyoku, &mut events);
                if let Some(Some(s)) = filled.next() {
                    sk.scores = Some(s);
                }
            }
            // Before the first deal there is no kyoku to count steps in.
            Event::Disconnect { .. } | Event::Reconnect { .. } if kyoku.is_empty() => continue,
            Event::RiichiAccepted { claim, .. } => *claim = None,
            _ => {}
        }
        kyoku.push(event);
    }
    flush_kyoku(&mut kyoku, &mut events);
    carry_claims(&mut events, usize::from(log.meta.seats));
    out.events = events;
    out
}

/// One kyoku as tenhou.net/6 gives it back: kan dora at Tenhou's timing,
/// connections where their step count puts them.
fn flush_kyoku(kyoku: &mut Vec<Event>, events: &mut Vec<Entry>) {
    let mut connections = Vec::new();
    let mut steps = 0u64;
    let mut play = Vec::new();
    for e in std::mem::take(kyoku) {
        match e {
            Event::Disconnect { .. } | Event::Reconnect { .. } => connections.push((e, steps)),
            // Written back where tenhou.net/6 implies them (below).
            Event::RiichiAccepted { .. } => {}
            _ => {
                if is_step(&e) {
                    steps += 1;
                }
                play.push(e);
            }
        }
    }
    let mut entries: Vec<Entry> = accept_riichi(tenhou_dora_order(play))
        .into_iter()
        .map(|event| Entry {
            event,
            src: Source::default(),
        })
        .collect();
    for (event, step) in connections {
        let entry = Entry {
            event,
            src: Source::default(),
        };
        insert_connection(&mut entries, entry, step);
    }
    events.extend(entries);
}

/// tenhou.net/6 does not record the stick payment: a riichi discard that
/// passes implies it. It passes unless it is the kyoku's last action and
/// the kyoku ends on it (a ron, a triple ron) or the log stops there.
fn accept_riichi(kyoku: Vec<Event>) -> Vec<Event> {
    let last_step = kyoku.iter().rposition(is_step);
    let open_end = match kyoku.last() {
        Some(Event::Hora { actor, target, .. }) => actor != target,
        Some(Event::Ryukyoku { kind, .. }) => *kind == DrawKind::TripleRon,
        Some(Event::EndKyoku) => kyoku.iter().rev().nth(1).is_some_and(|e| match e {
            Event::Hora { actor, target, .. } => actor != target,
            Event::Ryukyoku { kind, .. } => *kind == DrawKind::TripleRon,
            _ => false,
        }),
        _ => true,
    };
    let mut out = Vec::with_capacity(kyoku.len() + 2);
    for (i, e) in kyoku.into_iter().enumerate() {
        let accepted = match &e {
            Event::Dahai {
                actor,
                riichi: true,
                ..
            } if !(Some(i) == last_step && open_end) => Some(*actor),
            _ => None,
        };
        out.push(e);
        if let Some(actor) = accepted {
            out.push(Event::RiichiAccepted { actor, claim: None });
        }
    }
    out
}

/// The `connection` array: each disconnection and reconnection with its
/// kyoku index and the number of draws, discards and calls before it.
fn connections(log: &GameLog) -> (Vec<Value>, bool) {
    let mut out = Vec::new();
    let mut kyoku: Option<usize> = None;
    let mut steps = 0u64;
    let mut dropped = false;
    for e in &log.events {
        match &e.event {
            Event::StartKyoku(_) => {
                kyoku = Some(kyoku.map_or(0, |k| k + 1));
                steps = 0;
            }
            Event::Disconnect { seat } | Event::Reconnect { seat } => match kyoku {
                Some(k) => {
                    let what = i32::from(matches!(e.event, Event::Reconnect { .. }));
                    out.push(json!({"what": what, "log": k, "who": seat.get(), "step": steps}));
                }
                None => dropped = true,
            },
            other if is_step(other) => steps += 1,
            _ => {}
        }
    }
    (out, dropped)
}

/// Moves kan-dora events to Tenhou's timing (see `formats/events.md`): a
/// concealed kong's indicator right after it, an open kong's before the
/// kong player's next discard or right after their next kong.
fn tenhou_dora_order(kyoku: Vec<Event>) -> Vec<Event> {
    let mut markers: std::collections::VecDeque<Tile> = kyoku
        .iter()
        .filter_map(|e| match e {
            Event::Dora { marker } => Some(*marker),
            _ => None,
        })
        .collect();
    let mut out = Vec::with_capacity(kyoku.len());
    let mut pending = 0usize;
    let mut emit = |out: &mut Vec<Event>, n: usize| {
        for _ in 0..n {
            let Some(marker) = markers.pop_front() else {
                break;
            };
            out.push(Event::Dora { marker });
        }
    };
    for e in kyoku {
        match &e {
            Event::Dora { .. } => continue,
            Event::Dahai { .. } => {
                emit(&mut out, std::mem::take(&mut pending));
                out.push(e);
            }
            Event::Ankan { .. } => {
                out.push(e);
                emit(&mut out, std::mem::take(&mut pending) + 1);
            }
            Event::Daiminkan { .. } | Event::Kakan { .. } => {
                out.push(e);
                emit(&mut out, std::mem::take(&mut pending));
                pending = 1;
            }
            Event::Hora { .. } | Event::Ryukyoku { .. } => {
                emit(&mut out, usize::MAX);
                out.push(e);
            }
            _ => out.push(e),
        }
    }
    out
}

/// Claims as tenhou.net/6 keeps them.
fn carry_claims(events: &mut [Entry], seats: usize) {
    let mut dora: Vec<Tile> = Vec::new();
    let mut ura: Vec<Tile> = Vec::new();
    // The kyoku-wide ura list is the first non-empty one claimed.
    let mut kyoku_ura: Vec<Vec<Tile>> = Vec::new();
    for e in events.iter() {
        match &e.event {
            Event::StartKyoku(_) => kyoku_ura.push(Vec::new()),
            Event::Hora { claim, .. } => {
                if let (Some(last), Some(u)) = (kyoku_ura.last_mut(), &claim.ura_markers)
                    && last.is_empty()
                {
                    last.clone_from(u);
                }
            }
            _ => {}
        }
    }
    let mut kyoku_index = 0usize;
    let mut riichi: Vec<Seat> = Vec::new();
    let mut table: Option<Table> = None;
    for e in events.iter_mut() {
        match &mut e.event {
            Event::StartKyoku(sk) => {
                table = Some(Table {
                    seats: u8::try_from(seats).unwrap_or(4),
                    dealer: sk.dealer,
                    honba: sk.honba,
                });
                dora = vec![sk.dora_marker];
                ura = kyoku_ura.get(kyoku_index).cloned().unwrap_or_default();
                riichi.clear();
                kyoku_index += 1;
            }
            Event::Dahai {
                actor,
                riichi: true,
                ..
            } => riichi.push(*actor),
            Event::Dora { marker } => dora.push(*marker),
            Event::Hora {
                actor,
                target,
                claim,
                ..
            } => {
                let c = claim.as_mut();
                let limit_word = c.limit.and_then(limit_word).is_some();
                let any_score =
                    c.fu.is_some() || c.han.is_some() || c.limit.is_some() || c.points.is_some();
                if let (Some(t), Some(points)) = (table, c.points) {
                    c.points = Some(payment(t, *actor, *target, c, points).1);
                }
                if limit_word {
                    c.fu = None;
                    c.han = None;
                }
                if any_score {
                    c.limit = Some(c.limit.unwrap_or(Limit::None));
                }
                if c.han.is_none() && !c.yaku.is_empty() {
                    c.han = Some(yaku_han(c));
                }
                // Ura indicators belong to a winner who declared riichi (a
                // riichi yakuman lists only the yakuman) or lists riichi.
                let riichi_winner = riichi.contains(actor)
                    || c.yaku
                        .iter()
                        .any(|y| matches!(y.yaku, Yaku::Riichi | Yaku::DoubleRiichi));
                c.ura_markers = (riichi_winner && !ura.is_empty()).then(|| ura.clone());
                c.dora_markers = Some(dora.clone());
                c.hand = None;
                c.scores_before = None;
                c.sticks = None;
                c.chips = None;
                if c.deltas.is_none() {
                    c.deltas = Some(vec![0; seats]);
                }
            }
            Event::Ryukyoku { kind, claim } => {
                let c = claim.as_mut();
                c.shown_hands = None;
                c.scores_before = None;
                c.sticks = None;
                if c.deltas.is_none() {
                    c.deltas = Some(vec![0; seats]);
                }
                c.tenpai = match kind {
                    DrawKind::Exhaustive if c.nagashi_mangan => None,
                    DrawKind::Exhaustive => match c.tenpai.as_deref() {
                        Some(t) if t.iter().all(|x| *x) || t.iter().all(|x| !*x) => {
                            Some(t.to_vec())
                        }
                        // `流局`: the importer reads tenpai from who was paid.
                        _ => c
                            .deltas
                            .as_ref()
                            .filter(|d| d.iter().any(|x| *x != 0))
                            .map(|d| d.iter().map(|x| *x > 0).collect()),
                    },
                    _ => None,
                };
            }
            _ => {}
        }
    }
}
