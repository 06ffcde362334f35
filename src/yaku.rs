//! The names of yaku and of the dora counts, as logs write them.
//!
//! One spelling per yaku (the glossary in `formats/glossary.md`), with the
//! mappings from every log format: Tenhou's numeric ids (XML `yaku=`), the
//! Japanese names of tenhou.net/6 JSON, the names of the gimite mjai protocol.
//! A name that none of these knows is kept as [`Yaku::Other`] rather than
//! rejected: an importer records claims, it does not judge them. The names
//! for people (English, romaji, Japanese) are in [`crate::names`].

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use crate::names::{NameStyle, listing_for_people};

macro_rules! yaku_table {
    ($( $variant:ident = $id:expr, $snake:literal, $ja:literal, [$($alias:literal),*]; )*) => {
        /// A yaku, or a dora count that logs list among the yaku.
        ///
        /// The variants follow Tenhou's id order (0–54). After them come
        /// entries without a Tenhou id: [`Yaku::Nukidora`] (three-player
        /// north tiles) and the generic wind and dragon names of the gimite
        /// mjai protocol, which do not say which wind or dragon (the han
        /// says how many).
        #[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[non_exhaustive]
        pub enum Yaku {
            $(
                #[doc = concat!("`", $snake, "` (", $ja, ")")]
                $variant,
            )*
            /// A name no table here knows, kept as the log wrote it.
            Other(String),
        }

        impl Yaku {
            /// Every named yaku, in table order.
            pub const ALL: &'static [Yaku] = &[$(Yaku::$variant),*];

            /// Our spelling (snake case).
            #[must_use]
            pub fn name(&self) -> &str {
                match self {
                    $(Self::$variant => $snake,)*
                    Self::Other(s) => s,
                }
            }

            /// Tenhou's numeric id (0–54), if Tenhou has one.
            #[must_use]
            pub fn tenhou_id(&self) -> Option<u8> {
                match self {
                    $(Self::$variant => { let id: i16 = $id; u8::try_from(id).ok() })*
                    Self::Other(_) => None,
                }
            }

            /// The Japanese name tenhou.net/6 JSON uses.
            #[must_use]
            pub fn japanese(&self) -> &str {
                match self {
                    $(Self::$variant => $ja,)*
                    Self::Other(s) => s,
                }
            }

            /// Reads any known spelling: ours, the Japanese tenhou.net/6 name,
            /// a gimite mjai name or an English client name. Unknown names
            /// become [`Yaku::Other`].
            #[must_use]
            pub fn from_name(name: &str) -> Self {
                $(
                    if name == $snake || name == $ja $(|| name == $alias)* {
                        return Self::$variant;
                    }
                )*
                Self::Other(name.to_owned())
            }
        }
    };
}

yaku_table! {
    MenzenTsumo = 0, "menzen_tsumo", "門前清自摸和", ["menzenchin_tsumoho", "Fully Concealed Hand", "Tsumo", "tsumo"];
    Riichi = 1, "riichi", "立直", ["reach", "Riichi"];
    Ippatsu = 2, "ippatsu", "一発", ["Ippatsu"];
    Chankan = 3, "chankan", "槍槓", ["Robbing a Kan", "Chankan"];
    RinshanKaihou = 4, "rinshan_kaihou", "嶺上開花", ["rinshankaiho", "After a Kan", "Rinshan Kaihou"];
    Haitei = 5, "haitei", "海底摸月", ["haiteiraoyue", "haitei_raoyue", "Under the Sea", "Haitei"];
    Houtei = 6, "houtei", "河底撈魚", ["hoteiraoyui", "houtei_raoyui", "Under the River", "Houtei"];
    Pinfu = 7, "pinfu", "平和", ["Pinfu", "No-points Hand"];
    Tanyao = 8, "tanyao", "断幺九", ["tanyaochu", "All Simples", "Tanyao"];
    Iipeikou = 9, "iipeikou", "一盃口", ["ipeko", "Pure Double Sequence", "Iipeikou"];
    SeatWindEast = 10, "seat_wind_east", "自風 東", ["jikaze_east"];
    SeatWindSouth = 11, "seat_wind_south", "自風 南", ["jikaze_south"];
    SeatWindWest = 12, "seat_wind_west", "自風 西", ["jikaze_west"];
    SeatWindNorth = 13, "seat_wind_north", "自風 北", ["jikaze_north"];
    RoundWindEast = 14, "round_wind_east", "場風 東", ["bakaze_east"];
    RoundWindSouth = 15, "round_wind_south", "場風 南", ["bakaze_south"];
    RoundWindWest = 16, "round_wind_west", "場風 西", ["bakaze_west"];
    RoundWindNorth = 17, "round_wind_north", "場風 北", ["bakaze_north"];
    Haku = 18, "haku", "役牌 白", ["White Dragon", "yakuhai_haku"];
    Hatsu = 19, "hatsu", "役牌 發", ["Green Dragon", "yakuhai_hatsu"];
    Chun = 20, "chun", "役牌 中", ["Red Dragon", "yakuhai_chun"];
    DoubleRiichi = 21, "double_riichi", "両立直", ["double_reach", "Double Riichi", "ダブル立直"];
    Chiitoitsu = 22, "chiitoitsu", "七対子", ["chitoitsu", "Seven Pairs", "Chiitoitsu"];
    Chanta = 23, "chanta", "混全帯幺九", ["honchantaiyao", "Half Outside Hand", "Chanta"];
    Ittsu = 24, "ittsu", "一気通貫", ["ikkitsukan", "Pure Straight", "Ittsu"];
    SanshokuDoujun = 25, "sanshoku_doujun", "三色同順", ["sanshokudojun", "Mixed Triple Sequence"];
    SanshokuDoukou = 26, "sanshoku_doukou", "三色同刻", ["sanshokudoko", "Triple Triplets"];
    Sankantsu = 27, "sankantsu", "三槓子", ["Three Quads"];
    Toitoi = 28, "toitoi", "対々和", ["toitoiho", "All Triplets", "Toitoi"];
    Sanankou = 29, "sanankou", "三暗刻", ["sananko", "Three Concealed Triplets"];
    Shousangen = 30, "shousangen", "小三元", ["shosangen", "Little Three Dragons"];
    Honroutou = 31, "honroutou", "混老頭", ["honroto", "All Terminals and Honors"];
    Ryanpeikou = 32, "ryanpeikou", "二盃口", ["ryanpeko", "Twice Pure Double Sequence"];
    Junchan = 33, "junchan", "純全帯幺九", ["junchantaiyao", "Fully Outside Hand"];
    Honitsu = 34, "honitsu", "混一色", ["honiso", "Half Flush", "Honitsu"];
    Chinitsu = 35, "chinitsu", "清一色", ["chiniso", "Full Flush", "Chinitsu"];
    Renhou = 36, "renhou", "人和", ["renho", "Blessing of Man"];
    Tenhou = 37, "tenhou", "天和", ["tenho", "Blessing of Heaven"];
    Chiihou = 38, "chiihou", "地和", ["chiho", "Blessing of Earth"];
    Daisangen = 39, "daisangen", "大三元", ["Big Three Dragons"];
    Suuankou = 40, "suuankou", "四暗刻", ["suanko", "Four Concealed Triplets"];
    SuuankouTanki = 41, "suuankou_tanki", "四暗刻単騎", ["suanko_tanki"];
    Tsuuiisou = 42, "tsuuiisou", "字一色", ["tsuiso", "All Honors"];
    Ryuuiisou = 43, "ryuuiisou", "緑一色", ["ryuiso", "All Green"];
    Chinroutou = 44, "chinroutou", "清老頭", ["chinroto", "All Terminals"];
    ChuurenPoutou = 45, "chuuren_poutou", "九蓮宝燈", ["churenpoton", "Nine Gates"];
    JunseiChuurenPoutou = 46, "junsei_chuuren_poutou", "純正九蓮宝燈", ["junsei_churenpoton"];
    KokushiMusou = 47, "kokushi_musou", "国士無双", ["kokushimuso", "Thirteen Orphans"];
    KokushiMusou13 = 48, "kokushi_musou_13", "国士無双１３面", ["kokushimuso_13", "国士無双13面", "国士無双十三面待ち"];
    Daisuushii = 49, "daisuushii", "大四喜", ["daisushi", "Big Four Winds"];
    Shousuushii = 50, "shousuushii", "小四喜", ["shosushi", "Little Four Winds"];
    Suukantsu = 51, "suukantsu", "四槓子", ["sukantsu", "Four Quads"];
    Dora = 52, "dora", "ドラ", ["Dora"];
    UraDora = 53, "ura_dora", "裏ドラ", ["uradora", "Ura Dora"];
    AkaDora = 54, "aka_dora", "赤ドラ", ["akadora", "Red Five", "Aka Dora"];
    Nukidora = -1, "nukidora", "抜きドラ", ["kita", "北抜き", "Kita"];
    SeatWind = -1, "seat_wind", "自風", ["jikaze", "役牌:自風牌"];
    RoundWind = -1, "round_wind", "場風", ["bakaze", "役牌:場風牌"];
    Dragon = -1, "dragon", "役牌", ["sangenpai", "yakuhai"];
}

impl Yaku {
    /// The yaku with Tenhou's numeric id.
    #[must_use]
    pub fn from_tenhou_id(id: u8) -> Option<Self> {
        // `ALL` lists the yaku in id order: try the id's own place first.
        if let Some(y) = Self::ALL.get(usize::from(id))
            && y.tenhou_id() == Some(id)
        {
            return Some(y.clone());
        }
        Self::ALL
            .iter()
            .find(|y| y.tenhou_id() == Some(id))
            .cloned()
    }

    /// Whether this entry counts dora rather than being a yaku.
    #[must_use]
    pub fn is_dora(&self) -> bool {
        matches!(
            self,
            Self::Dora | Self::UraDora | Self::AkaDora | Self::Nukidora
        )
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Yaku {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Yaku {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Ok(Self::from_name(&s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenhou_ids_cover_0_to_54() {
        for id in 0..=54 {
            let y = Yaku::from_tenhou_id(id).unwrap();
            assert_eq!(y.tenhou_id(), Some(id));
            assert_eq!(Yaku::from_name(y.japanese()), y);
            assert_eq!(Yaku::from_name(y.name()), y);
        }
        assert_eq!(Yaku::from_tenhou_id(55), None);
        assert_eq!(Yaku::Nukidora.tenhou_id(), None);
    }

    #[test]
    fn spaced_names_and_unknown() {
        assert_eq!(Yaku::from_name("自風 東"), Yaku::SeatWindEast);
        assert_eq!(Yaku::from_name("Ura Dora"), Yaku::UraDora);
        assert_eq!(
            Yaku::from_name("something"),
            Yaku::Other("something".into())
        );
        let json = serde_json::to_string(&Yaku::Other("x y".into())).unwrap();
        assert_eq!(json, "\"x y\"");
    }

    /// Every yaku name tensoul writes into tenhou.net/6 JSON from a Mahjong
    /// Soul record (its `data.json`, the `name_jp` of the fan table) for
    /// the standard yaku, dora and yakuman is known. Its local yaku (8 in
    /// a row as dealer, tsubame-gaeshi, kanburi and the others of a room
    /// with local yaku on) are kept as the names the log wrote.
    #[test]
    fn tensouls_names_are_known() {
        for name in [
            "門前清自摸和",
            "立直",
            "槍槓",
            "嶺上開花",
            "海底摸月",
            "河底撈魚",
            "役牌 白",
            "役牌 發",
            "役牌 中",
            "役牌:自風牌",
            "役牌:場風牌",
            "断幺九",
            "一盃口",
            "平和",
            "混全帯幺九",
            "一気通貫",
            "三色同順",
            "ダブル立直",
            "三色同刻",
            "三槓子",
            "対々和",
            "三暗刻",
            "小三元",
            "混老頭",
            "七対子",
            "純全帯幺九",
            "混一色",
            "二盃口",
            "清一色",
            "一発",
            "ドラ",
            "赤ドラ",
            "裏ドラ",
            "抜きドラ",
            "天和",
            "地和",
            "大三元",
            "四暗刻",
            "字一色",
            "緑一色",
            "清老頭",
            "国士無双",
            "小四喜",
            "四槓子",
            "九蓮宝燈",
            "純正九蓮宝燈",
            "四暗刻単騎",
            "国士無双十三面待ち",
            "大四喜",
            "人和",
        ] {
            assert!(!matches!(Yaku::from_name(name), Yaku::Other(_)), "{name}");
        }
        assert_eq!(Yaku::from_name("役牌:場風牌"), Yaku::RoundWind);
        assert_eq!(Yaku::from_name("役牌:自風牌"), Yaku::SeatWind);
        assert_eq!(Yaku::from_name("ダブル立直"), Yaku::DoubleRiichi);
        assert_eq!(Yaku::from_name("国士無双十三面待ち"), Yaku::KokushiMusou13);
    }
}
