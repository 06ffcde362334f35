//! The items drawn from a call or a kong the player took, judged from its
//! choice's alternatives (`choice.rs`) and the table when it was made:
//! `KONG-INTO-RIICHI` and `CALL-NO-PROGRESS`. `formats/review.md` gives
//! each rule and weight.

use crate::engine::KyokuState;
use crate::event::Seat;
use crate::hand::{Counts, TileSet, shanten_in};
use crate::names;
use crate::score::Meld;
use crate::tile::{Tile, sort_tiles};

use super::choice::Alternative;
use super::items::{accepted, distance};
use super::judge;
use super::walk::Walk;
use super::{Item, ItemKind, Weight};

/// A call or kong taken, with its choice's alternatives (the one taken
/// marked) and the table before it.
pub(super) struct Taken<'a> {
    /// The call's or kong's own event.
    pub event: usize,
    /// The kyoku label.
    pub kyoku: &'a str,
    /// Who took it.
    pub seat: Seat,
    /// The tile called, or the kong's kind.
    pub tile: Tile,
    /// The choice's alternatives: `pass` or `no kong` among them.
    pub alternatives: &'a [Alternative],
    /// The table before the call or kong.
    pub state: &'a KyokuState,
}

impl Taken<'_> {
    fn taken(&self) -> Option<&Alternative> {
        self.alternatives.iter().find(|a| a.taken)
    }

    /// The alternative that keeps the hand as it is: `pass` or `no kong`.
    fn stay(&self) -> Option<&Alternative> {
        self.alternatives
            .iter()
            .find(|a| a.name == "pass" || a.name == "no kong")
    }
}

/// A call accepting at least this many times the tiles passing accepts
/// (and [`SHAPE_CALL_MORE`] more) reshapes the hand: a strong player may
/// make it for the shape although the shanten stays.
const SHAPE_CALL_RATIO: (u8, u8) = (3, 2);

/// Tiles more than passing a shape call must accept: a ratio over a
/// handful of tiles is no clear widening.
const SHAPE_CALL_MORE: u8 = 8;

/// Seats in a message: `seat 2 (West)`, `seats 1 (South) and 3 (North)`.
fn riichi_seats(state: &KyokuState, seats: &[Seat]) -> String {
    let each: Vec<String> = seats
        .iter()
        .map(|&s| format!("{s} ({})", names::short_tile(state.seat_wind(s).tile())))
        .collect();
    match each.as_slice() {
        [one] => format!("seat {one} is"),
        [rest @ .., last] => format!("seats {} and {last} are", rest.join(", ")),
        [] => String::new(),
    }
}

impl Walk<'_> {
    /// A new item about the call or kong `t`, with the hand and melds before
    /// it, the shanten before (staying) and after (taking it), and the
    /// acceptance of each (taken, stay).
    fn taken_item(
        &self,
        t: &Taken<'_>,
        kind: ItemKind,
        weight: Weight,
        message: String,
    ) -> Option<Item> {
        let (taken, stay) = (t.taken()?, t.stay()?);
        let p = t.state.player(t.seat).ok()?;
        let mut hand = p.concealed.clone();
        sort_tiles(&mut hand);
        Some(Item {
            kind,
            weight,
            event: t.event,
            kyoku: t.kyoku.to_owned(),
            seat: t.seat,
            played: Some(t.tile),
            better: Vec::new(),
            shanten: stay.shanten.zip(taken.shanten),
            ukeire: taken.ukeire.zip(stay.ukeire),
            value: None,
            message,
            citation: kind.citation(self.rules.book),
            src: self.src(t.event),
            hand,
            melds: p
                .melds
                .iter()
                .map(|m| m.meld.clone())
                .collect::<Vec<Meld>>(),
            decision: None,
            related: None,
            situation: None,
            hindsight: None,
        })
    }

    /// `KONG-INTO-RIICHI`: a kong (concealed, added or open) taken while
    /// another seat is in riichi, by a hand not in riichi that the kong
    /// leaves not tenpai.
    pub(super) fn kong_into_riichi(&mut self, t: &Taken<'_>) {
        let Some(taken) = t.taken() else { return };
        let Some(stay) = t.stay() else { return };
        let Ok(p) = t.state.player(t.seat) else {
            return;
        };
        // A kong in one's own riichi keeps the wait (the engine allows no
        // other): it is the riichi's, not a choice against another's.
        if p.riichi.is_some() || self.away(t.seat, t.event) {
            return;
        }
        let riichi: Vec<Seat> = (0..t.state.seats)
            .filter_map(Seat::new)
            .filter(|&s| s != t.seat)
            .filter(|&s| t.state.player(s).is_ok_and(|o| o.riichi.is_some()))
            .collect();
        let (Some(after), Some(kept)) = (taken.shanten, stay.shanten) else {
            return;
        };
        if riichi.is_empty() || after < 1 {
            return;
        }
        let (what, weight, rob, not) = match taken.name {
            "ankan" => ("concealed kong", Weight::Inaccuracy, "", "not declaring it"),
            "kakan" => (
                "added kong",
                Weight::Mistake,
                " and a chance to rob the kong",
                "not declaring it",
            ),
            "daiminkan" => ("open kong", Weight::Mistake, "", "not calling"),
            _ => return,
        };
        // In the all-last hand a seat behind may need the value a kong
        // brings (its own dora, a replacement draw), which the engine does
        // not weigh; the leader only risks its place by feeding the riichi.
        let leads = t
            .state
            .scores
            .as_deref()
            .is_some_and(|s| judge::place(s, t.seat) == 1);
        let all_last = self.all_last_hand() && !leads;
        let message = format!(
            "{what} of {} while {} in riichi leaves the hand {} ({}): a new dora indicator (and its kan ura) for the riichi hand{rob} with no win in sight; {not} kept it {} ({}){}",
            names::short_tile(t.tile),
            riichi_seats(t.state, &riichi),
            distance(after),
            accepted(taken.ukeire.unwrap_or(0), after),
            distance(kept),
            accepted(stay.ukeire.unwrap_or(0), kept),
            if all_last {
                "; a note: in the all-last hand, not in first place, the placement may call for the value a kong brings"
            } else {
                ""
            },
        );
        let weight = if all_last { Weight::Note } else { weight };
        let related = riichi
            .first()
            .and_then(|&s| self.tracked(s))
            .and_then(|tr| tr.riichi_at);
        let item = self
            .taken_item(t, ItemKind::KongIntoRiichi, weight, message)
            .map(|i| Item { related, ..i });
        if let Some(item) = item {
            self.out.items.push(item);
        }
    }

    /// `CALL-NO-PROGRESS`: a chi or pon from a closed hand whose shanten
    /// after the call (its best discard) is no lower than passing's.
    pub(super) fn call_no_progress(&mut self, t: &Taken<'_>) {
        let Some(taken) = t.taken() else { return };
        let Some(pass) = t.stay() else { return };
        if !matches!(taken.name, "chi" | "pon") || self.away(t.seat, t.event) {
            return;
        }
        let Ok(p) = t.state.player(t.seat) else {
            return;
        };
        // An open hand had no riichi left to give up.
        if !p.is_closed() {
            return;
        }
        let (Some(after), Some(before)) = (taken.shanten, pass.shanten) else {
            return;
        };
        // A call leaves only the standard form (sets and a pair): a call
        // that brings that form closer is progress, even where seven pairs
        // was as close before (a hand with four pairs and a shape for
        // sets). With a meld counted, `shanten_in` weighs the standard form
        // alone.
        let standard = shanten_in(
            &Counts::from_tiles(&p.concealed),
            1,
            TileSet::for_seats(t.state.seats),
        );
        // A yakuhai pon is a yaku by itself; a call to tenpai is progress
        // whatever the shanten before (a closed tenpai calling into another).
        let yakuhai =
            taken.name == "pon" && judge::yakuhai(t.state, t.seat).contains(t.tile.kind());
        if after < before.max(standard) || after == 0 || yakuhai {
            return;
        }
        let (took, kept) = (taken.ukeire.unwrap_or(0), pass.ukeire.unwrap_or(0));
        let routes = taken.routes.as_deref().unwrap_or(&[]);
        // Every note is for a call that keeps the hand's shanten and a
        // route to a yaku: a call that sets the hand back is no shape, no
        // value and no chase, and a hand with no yaku cannot win, however
        // wide or rich.
        let (num, den) = SHAPE_CALL_RATIO;
        let shape = u32::from(took) * u32::from(den) >= u32::from(kept) * u32::from(num)
            && took >= kept.saturating_add(SHAPE_CALL_MORE);
        let dora = t.tile.is_red() || judge::dora_kinds(t.state).contains(t.tile.kind());
        let why_note = if after != before || routes.is_empty() {
            None
        } else if shape {
            Some(format!(
                "the call accepts {took} tiles to passing's {kept}: a shape a strong player may call for"
            ))
        } else if dora {
            Some(format!(
                "the call takes {} into the hand: value a strong player may call for, which the engine does not weigh",
                if t.tile.is_red() {
                    "a red five"
                } else {
                    "a dora"
                }
            ))
        } else if judge::late(t.state) {
            Some(
                "late in the hand a call that keeps a route to a yaku may chase a tenpai for the exhaustive draw's payment"
                    .to_owned(),
            )
        } else {
            None
        };
        let passing = if standard > before {
            format!(
                "{} counting seven pairs and thirteen orphans ({}), {} in sets and a pair",
                distance(before),
                accepted(kept, before),
                distance(standard),
            )
        } else {
            format!("{}, {}", distance(before), accepted(kept, before))
        };
        let message = format!(
            "{} of {} from a closed hand leaves it {} after its best discard ({}), {} tenpai than passing ({passing}): the call gives up riichi and the closed hand's value for nothing; {}{}",
            taken.name,
            names::short_tile(t.tile),
            distance(after),
            accepted(took, after),
            if after > before {
                "further from"
            } else {
                "no closer to"
            },
            if routes.is_empty() {
                "no route to a yaku kept".to_owned()
            } else {
                format!("routes to a yaku kept: {}", routes.join(", "))
            },
            why_note
                .as_ref()
                .map_or_else(String::new, |w| format!("; a note: {w}")),
        );
        let weight = if why_note.is_some() {
            Weight::Note
        } else {
            Weight::Inaccuracy
        };
        if let Some(item) = self.taken_item(t, ItemKind::CallNoProgress, weight, message) {
            self.out.items.push(item);
        }
    }
}
