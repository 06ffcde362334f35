//! Riichi City's yaku ids (`fang_info[].fang_type` of a win).
//!
//! The whole table, 0–56, is the game's own list of fan types as three
//! public projects copy it, all alike (`formats/riichicity.md`, "Yaku",
//! names each and says which ids the corpus's wins verify). An id beyond
//! the table is kept as [`Yaku::Other`] `rc:<id>`; a local yaku paifu has
//! no variant for is kept under its own name, so that the audit reports it
//! rather than reading it as something else.

use crate::event::Wind;
use crate::yaku::Yaku;

/// The yaku of Riichi City's id `id` for a winner with `seat_wind` in a
/// `round_wind` round.
pub(super) fn yaku(id: u32, seat_wind: Wind, round_wind: Wind) -> Yaku {
    match id {
        0 => Yaku::Riichi,
        1 => Yaku::MenzenTsumo,
        2 => Yaku::Ippatsu,
        3 => Yaku::RinshanKaihou,
        4 => Yaku::Haitei,
        5 => Yaku::Houtei,
        6 => Yaku::Chankan,
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
        15 => Yaku::DoubleRiichi,
        16 => Yaku::Toitoi,
        17 => Yaku::Chiitoitsu,
        18 => Yaku::Sanankou,
        19 => Yaku::Sankantsu,
        20 => Yaku::Honroutou,
        21 => Yaku::Chanta,
        22 => Yaku::Ittsu,
        23 => Yaku::SanshokuDoujun,
        24 => Yaku::Shousangen,
        25 => Yaku::SanshokuDoukou,
        26 => Yaku::Junchan,
        27 => Yaku::Honitsu,
        28 => Yaku::Ryanpeikou,
        29 => Yaku::Chinitsu,
        // Listed among the fan types; paifu scores it as a draw's payment.
        30 => Yaku::Other("nagashi_mangan".to_owned()),
        31 => Yaku::Tenhou,
        32 => Yaku::Chiihou,
        33 => Yaku::Renhou,
        34 => Yaku::KokushiMusou,
        35 => Yaku::KokushiMusou13,
        36 => Yaku::ChuurenPoutou,
        37 => Yaku::JunseiChuurenPoutou,
        38 => Yaku::Suuankou,
        39 => Yaku::SuuankouTanki,
        40 => Yaku::Suukantsu,
        41 => Yaku::Chinroutou,
        42 => Yaku::Tsuuiisou,
        43 => Yaku::Daisuushii,
        44 => Yaku::Shousuushii,
        45 => Yaku::Daisangen,
        46 => Yaku::Ryuuiisou,
        // Local yaku no profile scores: all green without the green dragon,
        // eight dealer wins in a row, and the open riichi family.
        47 => Yaku::Other("chinryuuiisou".to_owned()),
        48 => Yaku::Other("paarenchan".to_owned()),
        49 => Yaku::AkaDora,
        50 => Yaku::Dora,
        51 => Yaku::UraDora,
        52 => Yaku::Other("open_riichi".to_owned()),
        53 => Yaku::Other("open_double_riichi".to_owned()),
        54 => Yaku::Other("open_riichi_yakuman".to_owned()),
        55 => Yaku::Nukidora,
        // A triplet of north in a room where the north is a yakuhai
        // rather than set aside (`northOperateType` 1).
        56 => Yaku::Other("yakuhai_north".to_owned()),
        other => Yaku::Other(format!("rc:{other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::yaku;
    use crate::event::Wind;
    use crate::yaku::Yaku;

    /// The ids the issue saw on real records and the game's table names.
    #[test]
    fn the_ids_seen_on_real_records_read_as_the_table_says() {
        let y = |id| yaku(id, Wind::South, Wind::East);
        assert_eq!(y(3), Yaku::RinshanKaihou);
        assert_eq!(y(5), Yaku::Houtei);
        assert_eq!(y(15), Yaku::DoubleRiichi);
        assert_eq!(y(16), Yaku::Toitoi);
        assert_eq!(y(18), Yaku::Sanankou);
        assert_eq!(y(20), Yaku::Honroutou);
        assert_eq!(y(23), Yaku::SanshokuDoujun);
        assert_eq!(y(10), Yaku::RoundWindEast);
        assert_eq!(y(11), Yaku::SeatWindSouth);
    }

    /// Every id of the table names a yaku of its own; only ids beyond it
    /// are kept by number.
    #[test]
    fn every_id_of_the_table_is_named_once() {
        let names: Vec<Yaku> = (0..=56)
            .map(|id| yaku(id, Wind::East, Wind::South))
            .collect();
        for (id, y) in names.iter().enumerate() {
            assert!(!y.name().starts_with("rc:"), "{id}: {y}");
            assert_eq!(
                names.iter().filter(|other| *other == y).count(),
                1,
                "{id}: {y} named twice"
            );
        }
        assert_eq!(
            yaku(57, Wind::East, Wind::East),
            Yaku::Other("rc:57".into())
        );
    }
}
