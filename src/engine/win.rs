//! What a win needs to be scored, read off the kyoku state: the hand, the
//! situation (riichi, ippatsu, last tile, first go-around, winds, dora) and
//! who pays.

use crate::event::Seat;
use crate::rules::{MultipleRonSticks, Rules};
use crate::score::{RiichiKind, Situation, Table, WinningHand};
use crate::tile::Tile;

use super::state::{KyokuState, Last};

/// The inputs of [`crate::score::score`] and [`crate::score::settle`] for one win.
#[derive(Clone, PartialEq, Debug)]
pub struct WinInputs {
    /// The winner's tiles.
    pub hand: WinningHand,
    /// How the win happened.
    pub situation: Situation,
    /// Who pays.
    pub table: Table,
}

/// Builds the inputs for a win by `actor` on `pai` from `target` (equal to
/// `actor` for a tsumo). `order` is the winner's place among several winners
/// on one discard (0 = nearest the discarder). `ura` are the ura indicators
/// the log revealed (they are hidden in the wall until then).
///
/// # Errors
///
/// When the winner is not at the table.
pub fn win_inputs(
    state: &KyokuState,
    actor: Seat,
    target: Seat,
    pai: Tile,
    ura: &[Tile],
    order: usize,
    rules: &Rules,
) -> Result<WinInputs, String> {
    let p = state.player(actor)?;
    let tsumo = actor == target;
    let mut concealed = p.concealed.clone();
    if !tsumo {
        concealed.push(pai);
    }
    let chankan = !tsumo
        && match state.last {
            Last::Kakan(s, _) | Last::Ankan(s, _) => s == target,
            _ => false,
        };
    let first_go_around = !state.interrupted && p.river.is_empty();
    let riichi = match p.riichi {
        Some(r) if r.double => RiichiKind::Double,
        Some(_) => RiichiKind::Riichi,
        None => RiichiKind::None,
    };
    let (honba, riichi_sticks) = match (order, rules.multiple_ron_sticks) {
        (0, _) => (state.honba, state.riichi_sticks),
        (_, MultipleRonSticks::CountersToEachSticksToNearest) => (state.honba, 0),
        (_, MultipleRonSticks::AllToNearest) => (0, 0),
    };
    let mut situation = Situation {
        tsumo,
        riichi,
        ippatsu: p.riichi.is_some_and(|r| r.ippatsu),
        haitei: tsumo && !p.drew_replacement && state.live_wall <= 0,
        houtei: !tsumo && !chankan && state.live_wall <= 0,
        rinshan: tsumo && p.drew_replacement,
        chankan,
        tenhou: tsumo && actor == state.dealer && first_go_around && p.draws == 1,
        chiihou: tsumo && actor != state.dealer && first_go_around && p.draws == 1,
        renhou: !tsumo && actor != state.dealer && first_go_around && p.draws == 0,
        seat_wind: state.seat_wind(actor),
        round_wind: state.round_wind,
        dora_indicators: state.dora_indicators.clone(),
        ura_indicators: if p.riichi.is_some() {
            ura.to_vec()
        } else {
            Vec::new()
        },
        nukidora: p.nukidora,
        honba,
        riichi_sticks,
    };
    let mut hand = WinningHand {
        concealed,
        melds: p.melds.iter().map(|m| m.meld.clone()).collect(),
        win_tile: pai,
    };
    plain_fives(&mut hand, &mut situation, rules);
    Ok(WinInputs {
        hand,
        situation,
        table: Table {
            seats: state.seats,
            dealer: state.dealer,
            winner: actor,
            discarder: (!tsumo).then_some(target),
            liable: p.liable,
        },
    })
}

/// The inputs of a win `seat` does not make but could: its concealed
/// tiles `concealed` (without the winning tile) and melds as they stand,
/// winning on `tile` by tsumo or on a discard, with none of the situational
/// yaku (riichi, ippatsu, last tile, replacement draw, robbing a kong,
/// first go-around) and no dora. What is left says whether the hand's
/// shape has a yaku of its own on that tile.
///
/// # Errors
///
/// When the seat is not at the table.
pub fn shape_win_inputs(
    state: &KyokuState,
    seat: Seat,
    concealed: &[Tile],
    tile: Tile,
    tsumo: bool,
    rules: &Rules,
) -> Result<WinInputs, String> {
    let p = state.player(seat)?;
    let mut tiles = concealed.to_vec();
    tiles.push(tile);
    let mut situation = Situation {
        tsumo,
        riichi: RiichiKind::None,
        ippatsu: false,
        haitei: false,
        houtei: false,
        rinshan: false,
        chankan: false,
        tenhou: false,
        chiihou: false,
        renhou: false,
        seat_wind: state.seat_wind(seat),
        round_wind: state.round_wind,
        dora_indicators: Vec::new(),
        ura_indicators: Vec::new(),
        nukidora: 0,
        honba: 0,
        riichi_sticks: 0,
    };
    let mut hand = WinningHand {
        concealed: tiles,
        melds: p.melds.iter().map(|m| m.meld.clone()).collect(),
        win_tile: tile,
    };
    plain_fives(&mut hand, &mut situation, rules);
    let other = seat.plus(1, state.seats);
    Ok(WinInputs {
        hand,
        situation,
        table: Table {
            seats: state.seats,
            dealer: state.dealer,
            winner: seat,
            discarder: (!tsumo).then_some(other),
            liable: None,
        },
    })
}

/// Red fives the rules do not have were reported when they came into
/// play; for the score they are ordinary fives.
fn plain_fives(hand: &mut WinningHand, situation: &mut Situation, rules: &Rules) {
    if rules.red_fives != 0 {
        return;
    }
    for t in hand
        .concealed
        .iter_mut()
        .chain(hand.melds.iter_mut().flat_map(|m| m.tiles.iter_mut()))
        .chain(situation.dora_indicators.iter_mut())
        .chain(situation.ura_indicators.iter_mut())
        .chain(std::iter::once(&mut hand.win_tile))
    {
        *t = t.plain();
    }
}
