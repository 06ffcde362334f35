//! Mahjong Soul's yaku ids (`fans[].id` of a win) and their yaku.
//!
//! Ids 10 and 11 are "seat wind" and "round wind" without the wind: the
//! winner's seat and the round say which. Ids of local yaku paifu has no
//! name for are kept as [`Yaku::Other`] with the game's Japanese name.

use crate::event::Wind;
use crate::yaku::Yaku;

/// The yaku of Mahjong Soul's id `id` for a winner with `seat_wind` in a
/// `round_wind` round.
pub(super) fn yaku(id: u32, seat_wind: Wind, round_wind: Wind) -> Yaku {
    match id {
        1 => Yaku::MenzenTsumo,
        2 => Yaku::Riichi,
        3 => Yaku::Chankan,
        4 => Yaku::RinshanKaihou,
        5 => Yaku::Haitei,
        6 => Yaku::Houtei,
        7 => Yaku::Haku,
        8 => Yaku::Hatsu,
        9 => Yaku::Chun,
        10 => match seat_wind {
            Wind::East => Yaku::SeatWindEast,
            Wind::South => Yaku::SeatWindSouth,
            Wind::West => Yaku::SeatWindWest,
            Wind::North => Yaku::SeatWindNorth,
        },
        11 => match round_wind {
            Wind::East => Yaku::RoundWindEast,
            Wind::South => Yaku::RoundWindSouth,
            Wind::West => Yaku::RoundWindWest,
            Wind::North => Yaku::RoundWindNorth,
        },
        12 => Yaku::Tanyao,
        13 => Yaku::Iipeikou,
        14 => Yaku::Pinfu,
        15 => Yaku::Chanta,
        16 => Yaku::Ittsu,
        17 => Yaku::SanshokuDoujun,
        18 => Yaku::DoubleRiichi,
        19 => Yaku::SanshokuDoukou,
        20 => Yaku::Sankantsu,
        21 => Yaku::Toitoi,
        22 => Yaku::Sanankou,
        23 => Yaku::Shousangen,
        24 => Yaku::Honroutou,
        25 => Yaku::Chiitoitsu,
        26 => Yaku::Junchan,
        27 => Yaku::Honitsu,
        28 => Yaku::Ryanpeikou,
        29 => Yaku::Chinitsu,
        30 => Yaku::Ippatsu,
        31 => Yaku::Dora,
        32 => Yaku::AkaDora,
        33 => Yaku::UraDora,
        34 => Yaku::Nukidora,
        35 => Yaku::Tenhou,
        36 => Yaku::Chiihou,
        37 => Yaku::Daisangen,
        38 => Yaku::Suuankou,
        39 => Yaku::Tsuuiisou,
        40 => Yaku::Ryuuiisou,
        41 => Yaku::Chinroutou,
        42 => Yaku::KokushiMusou,
        43 => Yaku::Shousuushii,
        44 => Yaku::Suukantsu,
        45 => Yaku::ChuurenPoutou,
        47 => Yaku::JunseiChuurenPoutou,
        48 => Yaku::SuuankouTanki,
        49 => Yaku::KokushiMusou13,
        50 => Yaku::Daisuushii,
        59 => Yaku::Renhou,
        other => Yaku::Other(local_name(other)),
    }
}

/// The Japanese name of a local yaku, or the id.
fn local_name(id: u32) -> String {
    match id {
        46 => "八連荘".to_owned(),
        51 => "燕返し".to_owned(),
        52 => "槓振り".to_owned(),
        53 => "十二落抬".to_owned(),
        54 => "五門斉".to_owned(),
        55 => "三連刻".to_owned(),
        56 => "一色三順".to_owned(),
        57 => "一筒摸月".to_owned(),
        58 => "九筒撈魚".to_owned(),
        60 => "大車輪".to_owned(),
        61 => "大竹林".to_owned(),
        62 => "大数隣".to_owned(),
        63 => "石の上にも三年".to_owned(),
        64 => "大七星".to_owned(),
        other => format!("majsoul yaku {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wind_yaku_take_the_winners_winds() {
        assert_eq!(yaku(10, Wind::South, Wind::East), Yaku::SeatWindSouth);
        assert_eq!(yaku(11, Wind::South, Wind::East), Yaku::RoundWindEast);
        assert_eq!(yaku(25, Wind::East, Wind::East), Yaku::Chiitoitsu);
        assert_eq!(yaku(46, Wind::East, Wind::East).name(), "八連荘");
        assert_eq!(yaku(999, Wind::East, Wind::East).name(), "majsoul yaku 999");
    }
}
