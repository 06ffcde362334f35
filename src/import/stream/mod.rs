//! The event stream as a record reader builds it.
//!
//! Every reader of a platform's record (Mahjong Soul, Riichi City,
//! tenhou.net/6) keeps the same books while it turns records into events:
//! each seat's concealed tiles and pons, the dora indicators shown, the
//! last discard and draw, the riichi stick due, whether a kyoku is being
//! played, and the place in the input each event comes from. The
//! [`StreamBuilder`] keeps them, so that a reader only decodes its
//! format and says what happened. It judges nothing: a tile taken from a
//! hand that does not hold it is taken as written, and the engine says
//! what is wrong.

mod concealed;

use concealed::Concealed;

use crate::event::{
    DrawClaim, DrawKind, Entry, Event, GameMeta, Seat, Source, StartKyoku, WinClaim, Wind,
};
use crate::tile::{Tile, sort_seen_tiles, sort_tiles};

/// A call on a discard.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Call {
    /// Two tiles from the hand.
    Chi,
    /// Two tiles from the hand.
    Pon,
    /// Three tiles from the hand (daiminkan).
    OpenKong,
}

/// The books of a reader, and the events written so far.
#[derive(Debug)]
pub(crate) struct StreamBuilder {
    events: Vec<Entry>,
    /// Where the record being read is: the place of every event pushed.
    src: Source,
    hands: Concealed,
    /// Each seat's pons, sorted, for an added kong.
    pons: Vec<Vec<[Tile; 3]>>,
    doras: Vec<Tile>,
    last_discard: Option<(Seat, Tile)>,
    last_draw: Option<(Seat, Tile)>,
    /// A riichi discard whose stick is paid when play goes on.
    riichi_due: Option<Seat>,
    dealer: Seat,
    round_wind: Wind,
    seats: u8,
    /// Inside a kyoku, before its outcome.
    playing: bool,
    /// A kyoku has started.
    started: bool,
}

impl StreamBuilder {
    /// A builder for a table of `seats`, with room for `capacity` events.
    pub(crate) fn new(seats: u8, capacity: usize) -> Self {
        Self {
            events: Vec::with_capacity(capacity),
            src: Source::default(),
            hands: Concealed::default(),
            pons: Vec::new(),
            doras: Vec::new(),
            last_discard: None,
            last_draw: None,
            riichi_due: None,
            dealer: Seat::wrapping(0),
            round_wind: Wind::East,
            seats,
            playing: false,
            started: false,
        }
    }

    /// The place of the record being read, given to the events that follow.
    pub(crate) fn at(&mut self, src: Source) {
        self.src = src;
    }

    /// The place of the record being read.
    pub(crate) fn src(&self) -> &Source {
        &self.src
    }

    /// Pushes an event at the current place.
    pub(crate) fn push(&mut self, event: Event) {
        self.events.push(Entry {
            event,
            src: self.src.clone(),
        });
    }

    /// Pushes an event at its own place.
    pub(crate) fn push_at(&mut self, event: Event, src: Source) {
        self.events.push(Entry { event, src });
    }

    /// How many events are written.
    pub(crate) fn len(&self) -> usize {
        self.events.len()
    }

    /// The events written.
    pub(crate) fn into_events(self) -> Vec<Entry> {
        self.events
    }

    /// Inside a kyoku, before its outcome.
    pub(crate) fn playing(&self) -> bool {
        self.playing
    }

    /// A kyoku has started.
    pub(crate) fn started(&self) -> bool {
        self.started
    }

    /// The round wind of the kyoku.
    pub(crate) fn round_wind(&self) -> Wind {
        self.round_wind
    }

    /// A seat's wind in this kyoku.
    pub(crate) fn seat_wind(&self, seat: Seat) -> Wind {
        let n = self.seats.max(1);
        Wind::from_index((seat.get() + n - self.dealer.get() % n) % n)
    }

    /// A seat's concealed tiles.
    pub(crate) fn hand(&self, seat: Seat) -> &[Tile] {
        self.hands.of(seat)
    }

    /// The dora indicators shown in this kyoku, the first included.
    pub(crate) fn doras(&self) -> &[Tile] {
        &self.doras
    }

    /// The last discard of the kyoku and who made it.
    pub(crate) fn last_discard(&self) -> Option<(Seat, Tile)> {
        self.last_discard
    }

    /// The tile just drawn and its drawer, forgotten once asked.
    pub(crate) fn take_last_draw(&mut self) -> Option<(Seat, Tile)> {
        self.last_draw.take()
    }

    /// A kyoku with no outcome is followed by another: it ends here, and
    /// the game is incomplete (`note` says why in its notes).
    pub(crate) fn abandon_kyoku(&mut self, meta: &mut GameMeta, note: &str) {
        if self.playing {
            meta.incomplete = true;
            meta.notes.push(note.to_owned());
            self.push(Event::EndKyoku);
        }
    }

    /// A kyoku starts: `start` with the `dealt` hands (its own `hands` are
    /// replaced by them, sorted) and the dora indicators shown.
    pub(crate) fn start_kyoku(
        &mut self,
        mut start: StartKyoku,
        dealt: Vec<Vec<Tile>>,
        doras: Vec<Tile>,
    ) {
        start.hands = dealt
            .iter()
            .map(|h| {
                let mut seen: Vec<Option<Tile>> = h.iter().copied().map(Some).collect();
                sort_seen_tiles(&mut seen);
                seen
            })
            .collect();
        self.dealer = start.dealer;
        self.round_wind = start.round_wind;
        self.push(Event::StartKyoku(Box::new(start)));
        self.hands = Concealed::new(dealt);
        self.pons = vec![Vec::new(); usize::from(self.seats)];
        self.doras = doras;
        self.last_discard = None;
        self.riichi_due = None;
        self.playing = true;
        self.started = true;
    }

    /// A draw: the tile comes into the seat's hand.
    pub(crate) fn draw(&mut self, seat: Seat, pai: Tile, rinshan: bool) {
        self.hands.add(seat, pai);
        self.last_draw = Some((seat, pai));
        self.push(Event::Tsumo {
            actor: seat,
            pai: Some(pai),
            rinshan,
        });
    }

    /// Takes `tile` out of a seat's hand: the same copy, else any of its
    /// kind, else `tile` itself as the record writes it.
    pub(crate) fn take(&mut self, seat: Seat, tile: Tile) -> Tile {
        self.hands.take(seat, tile)
    }

    /// A discard of `pai`, already taken from the hand ([`Self::take`]).
    pub(crate) fn discard(&mut self, seat: Seat, pai: Tile, tsumogiri: bool, riichi: bool) {
        self.push(Event::Dahai {
            actor: seat,
            pai,
            tsumogiri,
            riichi,
        });
        self.last_discard = Some((seat, pai));
        self.riichi_due = riichi.then_some(seat);
    }

    /// A riichi stick is paid.
    pub(crate) fn pay_riichi(&mut self, actor: Seat) {
        self.push(Event::RiichiAccepted { actor, claim: None });
    }

    /// A riichi stick the record says is paid: the one due, if any, is
    /// this one.
    pub(crate) fn riichi_paid_as_recorded(&mut self, actor: Seat) {
        self.riichi_due = None;
        self.pay_riichi(actor);
    }

    /// The stick of the last riichi discard is paid, if one is due: play
    /// went on without a win on it.
    pub(crate) fn riichi_passes(&mut self) {
        if let Some(actor) = self.riichi_due.take() {
            self.pay_riichi(actor);
        }
    }

    /// A call of `pai` from `target`'s discard with `from_hand` taken from
    /// the caller's hand; `false` (and nothing written) when the count of
    /// tiles is not the call's.
    pub(crate) fn call(
        &mut self,
        call: Call,
        actor: Seat,
        target: Seat,
        pai: Tile,
        from_hand: &[Tile],
    ) -> bool {
        let mut consumed: Vec<Tile> = from_hand.iter().map(|t| self.take(actor, *t)).collect();
        // In hand order, as every reader gives a call's tiles.
        sort_tiles(&mut consumed);
        let event = match (call, consumed.as_slice()) {
            (Call::Chi, &[a, b]) => Event::Chi {
                actor,
                target,
                pai,
                consumed: [a, b],
            },
            (Call::Pon, &[a, b]) => {
                self.add_pon(actor, pai, [a, b]);
                Event::Pon {
                    actor,
                    target,
                    pai,
                    consumed: [a, b],
                }
            }
            (Call::OpenKong, &[a, b, c]) => Event::Daiminkan {
                actor,
                target,
                pai,
                consumed: [a, b, c],
            },
            _ => return false,
        };
        self.push(event);
        true
    }

    /// Keeps a seat's pon for an added kong.
    pub(crate) fn add_pon(&mut self, seat: Seat, pai: Tile, consumed: [Tile; 2]) {
        if self.pons.len() <= seat.index() {
            self.pons.resize(seat.index() + 1, Vec::new());
        }
        if let Some(p) = self.pons.get_mut(seat.index()) {
            let mut set = [pai, consumed[0], consumed[1]];
            sort_tiles(&mut set);
            p.push(set);
        }
    }

    /// The first of a seat's pons that `fits` (it says what of it the
    /// reader needs), taken out of the books.
    pub(crate) fn take_pon<T>(
        &mut self,
        seat: Seat,
        fits: impl Fn(&[Tile; 3]) -> Option<T>,
    ) -> Option<(T, [Tile; 3])> {
        let list = self.pons.get_mut(seat.index())?;
        let (at, found) = list
            .iter()
            .enumerate()
            .find_map(|(i, p)| Some((i, fits(p)?)))?;
        Some((found, list.remove(at)))
    }

    /// An added kong of `tile` on the seat's pon of its kind; `None` (and
    /// nothing written) without such a pon.
    pub(crate) fn added_kong(&mut self, seat: Seat, tile: Tile) -> Option<Tile> {
        let pai = self.take(seat, tile);
        let ((), consumed) = self.take_pon(seat, |p| (p[0].kind() == tile.kind()).then_some(()))?;
        self.push(Event::Kakan {
            actor: seat,
            pai,
            consumed,
        });
        Some(pai)
    }

    /// A concealed kong of these four tiles, taken from the hand.
    pub(crate) fn concealed_kong(&mut self, seat: Seat, tiles: [Tile; 4]) {
        let mut consumed = tiles;
        for (slot, t) in consumed.iter_mut().zip(tiles) {
            *slot = self.take(seat, t);
        }
        sort_tiles(&mut consumed);
        self.push(Event::Ankan {
            actor: seat,
            consumed,
        });
    }

    /// A north set aside (three players).
    pub(crate) fn nukidora(&mut self, seat: Seat, tile: Tile) {
        let pai = self.take(seat, tile);
        self.push(Event::Nukidora { actor: seat, pai });
    }

    /// A new dora indicator.
    pub(crate) fn dora(&mut self, marker: Tile) {
        self.push(Event::Dora { marker });
        self.doras.push(marker);
    }

    /// A win.
    pub(crate) fn win(&mut self, actor: Seat, target: Seat, pai: Tile, claim: WinClaim) {
        self.push(Event::Hora {
            actor,
            target,
            pai,
            claim: Box::new(claim),
        });
    }

    /// The kyoku is drawn.
    pub(crate) fn drawn(&mut self, kind: DrawKind, claim: DrawClaim) {
        self.push(Event::Ryukyoku {
            kind,
            claim: Box::new(claim),
        });
    }

    /// The kyoku is over (after its outcome).
    pub(crate) fn end_kyoku(&mut self) {
        self.push(Event::EndKyoku);
        self.playing = false;
    }

    /// The kyoku stops without an outcome and without `end_kyoku`, as a
    /// log cut there would.
    pub(crate) fn stop_kyoku(&mut self) {
        self.playing = false;
    }
}
