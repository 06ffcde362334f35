//! Riichi City's yaku ids (`fang_info[].fang_type` of a win).
//!
//! `formats/riichicity.md` ("Yaku") says which ids are verified on the
//! corpus's wins (the audit's own yaku for the same hand) and which are
//! assumed. An id no row knows is kept as [`Yaku::Other`] `rc:<id>`.

use crate::event::Wind;
use crate::yaku::Yaku;

/// The yaku of Riichi City's id `id` for a winner with `seat_wind` in a
/// `round_wind` round.
pub(super) fn yaku(id: u32, seat_wind: Wind, round_wind: Wind) -> Yaku {
    match id {
        0 => Yaku::Riichi,
        1 => Yaku::MenzenTsumo,
        2 => Yaku::Ippatsu,
        7 => Yaku::Chun,
        8 => Yaku::Hatsu,
        9 => Yaku::Haku,
        10 => match round_wind {
            Wind::East => Yaku::RoundWindEast,
            Wind::South => Yaku::RoundWindSouth,
            Wind::West => Yaku::RoundWindWest,
            Wind::North => Yaku::RoundWindNorth,
        },
        11 => match seat_wind {
            Wind::East => Yaku::SeatWindEast,
            Wind::South => Yaku::SeatWindSouth,
            Wind::West => Yaku::SeatWindWest,
            Wind::North => Yaku::SeatWindNorth,
        },
        12 => Yaku::Iipeikou,
        13 => Yaku::Pinfu,
        14 => Yaku::Tanyao,
        17 => Yaku::Chiitoitsu,
        22 => Yaku::Ittsu,
        24 => Yaku::Shousangen,
        27 => Yaku::Honitsu,
        29 => Yaku::Chinitsu,
        42 => Yaku::Tsuuiisou,
        44 => Yaku::Shousuushii,
        49 => Yaku::AkaDora,
        50 => Yaku::Dora,
        51 => Yaku::UraDora,
        // Open riichi, worth 2 han: no profile scores it.
        52 => Yaku::Other("open_riichi".to_owned()),
        55 => Yaku::Nukidora,
        other => Yaku::Other(format!("rc:{other}")),
    }
}
