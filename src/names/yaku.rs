//! The names players read: every yaku and dora count in English, in romaji
//! and in Japanese, and the form text for people prints by default
//! (romaji with the English beside it: `Menzen tsumo (fully concealed
//! hand)`). The snake-case ids of [`Yaku::name`] stay what JSON carries.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::yaku::Yaku;

/// The language yaku are named in, for people.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NameStyle {
    /// Romaji with the English in parentheses, or the romaji alone where the
    /// English is the same word (`Riichi`): what most western players read,
    /// and the form of every text report.
    #[default]
    RomajiEnglish,
    /// English (`Fully concealed hand`).
    English,
    /// Romaji (`Menzen tsumo`).
    Romaji,
    /// Japanese (`門前清自摸和`).
    Japanese,
}

impl NameStyle {
    /// Every style, the default first.
    pub const ALL: [Self; 4] = [
        Self::RomajiEnglish,
        Self::English,
        Self::Romaji,
        Self::Japanese,
    ];

    /// The style's own name, for a menu.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::RomajiEnglish => "Romaji (English)",
            Self::English => "English",
            Self::Romaji => "Romaji",
            Self::Japanese => "日本語 (Japanese)",
        }
    }
}

/// English and romaji of one entry of the table.
fn english_romaji(y: &Yaku) -> Option<(&'static str, &'static str)> {
    Some(match y {
        Yaku::MenzenTsumo => ("Fully concealed hand", "Menzen tsumo"),
        Yaku::Riichi => ("Riichi", "Riichi"),
        Yaku::Ippatsu => ("One shot", "Ippatsu"),
        Yaku::Chankan => ("Robbing a kong", "Chankan"),
        Yaku::RinshanKaihou => ("After a kong", "Rinshan kaihou"),
        Yaku::Haitei => ("Under the sea", "Haitei raoyue"),
        Yaku::Houtei => ("Under the river", "Houtei raoyui"),
        Yaku::Pinfu => ("No-points hand", "Pinfu"),
        Yaku::Tanyao => ("All simples", "Tanyao"),
        Yaku::Iipeikou => ("Pure double sequence", "Iipeikou"),
        Yaku::SeatWindEast => ("Seat wind (East)", "Jikaze ton"),
        Yaku::SeatWindSouth => ("Seat wind (South)", "Jikaze nan"),
        Yaku::SeatWindWest => ("Seat wind (West)", "Jikaze shaa"),
        Yaku::SeatWindNorth => ("Seat wind (North)", "Jikaze pei"),
        Yaku::RoundWindEast => ("Round wind (East)", "Bakaze ton"),
        Yaku::RoundWindSouth => ("Round wind (South)", "Bakaze nan"),
        Yaku::RoundWindWest => ("Round wind (West)", "Bakaze shaa"),
        Yaku::RoundWindNorth => ("Round wind (North)", "Bakaze pei"),
        Yaku::Haku => ("White dragon", "Haku"),
        Yaku::Hatsu => ("Green dragon", "Hatsu"),
        Yaku::Chun => ("Red dragon", "Chun"),
        Yaku::DoubleRiichi => ("Double riichi", "Daburu riichi"),
        Yaku::Chiitoitsu => ("Seven pairs", "Chiitoitsu"),
        Yaku::Chanta => ("Half outside hand", "Chanta"),
        Yaku::Ittsu => ("Pure straight", "Ittsu"),
        Yaku::SanshokuDoujun => ("Mixed triple sequence", "Sanshoku doujun"),
        Yaku::SanshokuDoukou => ("Triple triplets", "Sanshoku doukou"),
        Yaku::Sankantsu => ("Three kongs", "Sankantsu"),
        Yaku::Toitoi => ("All triplets", "Toitoi"),
        Yaku::Sanankou => ("Three concealed triplets", "Sanankou"),
        Yaku::Shousangen => ("Little three dragons", "Shousangen"),
        Yaku::Honroutou => ("All terminals and honours", "Honroutou"),
        Yaku::Ryanpeikou => ("Twice pure double sequence", "Ryanpeikou"),
        Yaku::Junchan => ("Fully outside hand", "Junchan"),
        Yaku::Honitsu => ("Half flush", "Honitsu"),
        Yaku::Chinitsu => ("Full flush", "Chinitsu"),
        Yaku::Renhou => ("Blessing of man", "Renhou"),
        Yaku::Tenhou => ("Blessing of heaven", "Tenhou"),
        Yaku::Chiihou => ("Blessing of earth", "Chiihou"),
        Yaku::Daisangen => ("Big three dragons", "Daisangen"),
        Yaku::Suuankou => ("Four concealed triplets", "Suuankou"),
        Yaku::SuuankouTanki => ("Four concealed triplets, single wait", "Suuankou tanki"),
        Yaku::Tsuuiisou => ("All honours", "Tsuuiisou"),
        Yaku::Ryuuiisou => ("All green", "Ryuuiisou"),
        Yaku::Chinroutou => ("All terminals", "Chinroutou"),
        Yaku::ChuurenPoutou => ("Nine gates", "Chuuren poutou"),
        Yaku::JunseiChuurenPoutou => ("Pure nine gates", "Junsei chuuren poutou"),
        Yaku::KokushiMusou => ("Thirteen orphans", "Kokushi musou"),
        Yaku::KokushiMusou13 => ("Thirteen orphans, 13-sided wait", "Kokushi musou juusanmen"),
        Yaku::Daisuushii => ("Big four winds", "Daisuushii"),
        Yaku::Shousuushii => ("Little four winds", "Shousuushii"),
        Yaku::Suukantsu => ("Four kongs", "Suukantsu"),
        Yaku::Dora => ("Dora", "Dora"),
        Yaku::UraDora => ("Hidden dora", "Ura dora"),
        Yaku::AkaDora => ("Red fives", "Aka dora"),
        Yaku::Nukidora => ("North dora", "Nukidora"),
        Yaku::SeatWind => ("Seat wind", "Jikaze"),
        Yaku::RoundWind => ("Round wind", "Bakaze"),
        Yaku::Dragon => ("Dragon", "Yakuhai"),
        Yaku::Other(_) => return None,
    })
}

impl Yaku {
    /// The English name (`Fully concealed hand`); a name no table knows
    /// as the log wrote it.
    #[must_use]
    pub fn english(&self) -> &str {
        english_romaji(self).map_or_else(|| self.name(), |(en, _)| en)
    }

    /// The romaji name (`Menzen tsumo`); a name no table knows as the log
    /// wrote it.
    #[must_use]
    pub fn romaji(&self) -> &str {
        english_romaji(self).map_or_else(|| self.name(), |(_, ro)| ro)
    }

    /// The name for people in `style`. The Japanese is the one
    /// tenhou.net/6 logs use ([`Yaku::japanese`]).
    #[must_use]
    pub fn display_name(&self, style: NameStyle) -> Cow<'_, str> {
        match style {
            NameStyle::English => Cow::Borrowed(self.english()),
            NameStyle::Romaji => Cow::Borrowed(self.romaji()),
            NameStyle::Japanese => Cow::Borrowed(self.japanese()),
            NameStyle::RomajiEnglish => {
                let (en, ro) = (self.english(), self.romaji());
                if en.eq_ignore_ascii_case(ro) {
                    Cow::Borrowed(ro)
                } else {
                    Cow::Owned(format!("{ro} ({})", lower_first(en)))
                }
            }
        }
    }

    /// The name every text report prints: [`NameStyle::default`].
    #[must_use]
    pub fn for_people(&self) -> Cow<'_, str> {
        self.display_name(NameStyle::default())
    }
}

/// `Fully concealed hand` → `fully concealed hand`, for the English beside
/// the romaji; a wind keeps its capital (`Seat wind (East)`).
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A list of yaku with their han as the audit's comparison writes it
/// (`riichi 1, menzen_tsumo 1`), with the ids turned into names for people
/// (`Riichi 1, Menzen tsumo (fully concealed hand) 1`). Parts that are not
/// an id and a number are left as they are.
#[must_use]
pub fn listing_for_people(listing: &str, style: NameStyle) -> String {
    if listing.is_empty() {
        return String::new();
    }
    listing
        .split(", ")
        .map(|part| match part.rsplit_once(' ') {
            Some((id, han)) if han.parse::<u16>().is_ok() => match Yaku::from_name(id) {
                Yaku::Other(_) => part.to_owned(),
                y => format!("{} {han}", y.display_name(style)),
            },
            _ => part.to_owned(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn every_yaku_has_three_names_unique_in_each_language() {
        for style in NameStyle::ALL {
            let mut seen = HashSet::new();
            for y in Yaku::ALL {
                assert!(english_romaji(y).is_some(), "{y:?} has no names");
                let name = y.display_name(style);
                assert!(!name.is_empty(), "{y:?}");
                assert_ne!(name, y.name().replace('_', " "), "{y:?} in {style:?}");
                assert!(
                    seen.insert(name.clone().into_owned()),
                    "{name} twice in {style:?}"
                );
            }
        }
    }

    #[test]
    fn the_default_is_romaji_with_the_english() {
        assert_eq!(
            Yaku::MenzenTsumo.for_people(),
            "Menzen tsumo (fully concealed hand)"
        );
        assert_eq!(Yaku::Riichi.for_people(), "Riichi");
        assert_eq!(
            Yaku::SeatWindWest.display_name(NameStyle::English),
            "Seat wind (West)"
        );
        assert_eq!(
            Yaku::SeatWindWest.display_name(NameStyle::Romaji),
            "Jikaze shaa"
        );
        assert_eq!(
            Yaku::SeatWindWest.display_name(NameStyle::Japanese),
            "自風 西"
        );
        assert_eq!(Yaku::Other("kazoe".into()).for_people(), "kazoe");
    }

    #[test]
    fn listings_name_the_yaku() {
        assert_eq!(
            listing_for_people("riichi 1, menzen_tsumo 1, seat_wind 1", NameStyle::Romaji),
            "Riichi 1, Menzen tsumo 1, Jikaze 1"
        );
        assert_eq!(listing_for_people("", NameStyle::English), "");
        assert_eq!(
            listing_for_people("local_yaku 2, odd", NameStyle::English),
            "local_yaku 2, odd"
        );
    }
}
