//! The game header: `GO` (rules, formats.md §1.3) and `UN` (players).

use percent_encoding::percent_decode_str;

use super::attrs::Attrs;
use crate::event::{GameLength, Player, RuleHints, Seat, Source};
use crate::import::ImportError;

/// `GO type` bits (formats.md §1.3).
const NO_RED: u32 = 0x02;
const NO_KUITAN: u32 = 0x04;
const HANCHAN: u32 = 0x08;
const SANMA: u32 = 0x10;
const TOKUJOU: u32 = 0x20;
const FAST: u32 = 0x40;
const JOUKYUU: u32 = 0x80;

/// What the `GO` element says.
pub(super) struct Go {
    /// The rule hints.
    pub(super) rules: RuleHints,
    /// Number of seats.
    pub(super) seats: u8,
    /// Whether ids 16, 52 and 88 are red fives.
    pub(super) red: bool,
}

/// Reads `GO type lobby`.
pub(super) fn go(attrs: &Attrs<'_>, src: &Source) -> Result<Go, ImportError> {
    let kind: u32 = attrs.int("type", src)?;
    let red = kind & NO_RED == 0;
    let rules = RuleHints {
        red_fives: Some(if red { 3 } else { 0 }),
        open_tanyao: Some(kind & NO_KUITAN == 0),
        length: Some(if kind & HANCHAN != 0 {
            GameLength::Hanchan
        } else {
            GameLength::EastOnly
        }),
        fast: Some(kind & FAST != 0),
        lobby: attrs.text("lobby", src)?,
        display: Some(display(kind)),
        tenhou_type: Some(kind),
        lobby_rules: attrs.text("csrule", src)?.filter(|c| !c.is_empty()),
        tenhou_early_format: None,
        starting_points: None,
        tsumo_loss: None,
        rinshan_liability: None,
        nukidora: None,
        unrecorded: Vec::new(),
        local_rules: Vec::new(),
        sheet: None,
        lobby_game: None,
    };
    Ok(Go {
        rules,
        seats: if kind & SANMA != 0 { 3 } else { 4 },
        red,
    })
}

/// The rule line tenhou.net/6 shows for a `GO type`, e.g. `鳳南喰赤`.
fn display(kind: u32) -> String {
    let mut s = String::with_capacity(18);
    if kind & SANMA != 0 {
        s.push('三');
    }
    s.push(match (kind & TOKUJOU != 0, kind & JOUKYUU != 0) {
        (false, false) => '般',
        (false, true) => '上',
        (true, false) => '特',
        (true, true) => '鳳',
    });
    s.push(if kind & HANCHAN != 0 { '南' } else { '東' });
    if kind & NO_KUITAN == 0 {
        s.push('喰');
    }
    if kind & NO_RED == 0 {
        s.push('赤');
    }
    if kind & FAST != 0 {
        s.push('速');
    }
    s
}

/// Rank names by Tenhou's `dan` index, spelt as tenhou.net/6 JSON spells
/// them (full-width digits for the kyuu ranks; index 20 is `天鳳`, as in a
/// real tenhou.net/6 file of a game with a Tenhou-i player).
const RANKS: [&str; 21] = [
    "新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級", "初段", "二段",
    "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
];

/// What a `UN` element says.
pub(super) enum Un {
    /// The initial form: every seat's name and details.
    Players(Vec<Player>, Vec<String>),
    /// A single name: that seat came back.
    Reconnect(Seat),
}

/// The name attributes of `UN`, by seat.
const NAMES: [&str; 4] = ["n0", "n1", "n2", "n3"];

/// Reads `UN`. The second value of [`Un::Players`] holds notes about what
/// had to be inferred.
pub(super) fn un(attrs: &Attrs<'_>, seats: u8, src: &Source) -> Result<Un, ImportError> {
    let present: Vec<usize> = (0..4)
        .filter(|i| NAMES.get(*i).is_some_and(|n| attrs.has(n)))
        .collect();
    let details = attrs.has("dan") || attrs.has("rate") || attrs.has("sx");
    if let ([only], false) = (present.as_slice(), details) {
        let seat = Seat::new(*only as u8).filter(|s| s.get() < seats);
        return seat.map(Un::Reconnect).ok_or_else(|| {
            ImportError::expected(
                crate::event::Format::TenhouXml,
                src.clone(),
                format!(
                    "a seat 0-{} in a reconnecting `UN`",
                    seats.saturating_sub(1)
                ),
                format!("n{only}"),
            )
        });
    }
    let dan = attrs.ints::<u32>("dan", src)?.unwrap_or_default();
    let rate: Vec<f64> = attrs.numbers("rate", src)?.unwrap_or_default();
    let sx: Vec<&str> = attrs
        .get("sx")
        .map(|s| s.split(',').collect())
        .unwrap_or_default();
    let mut notes = Vec::new();
    let mut players = Vec::with_capacity(4);
    for (i, key) in NAMES.iter().enumerate().take(usize::from(seats)) {
        let raw = attrs.text(key, src)?.unwrap_or_default();
        let (name, lossy) = decode_name(&raw);
        if lossy {
            notes.push(format!(
                "the name of seat {i} is not UTF-8 once percent-decoded; invalid bytes were replaced"
            ));
        }
        let rank = match dan.get(i) {
            Some(d) => {
                let r = usize::try_from(*d).ok().and_then(|d| RANKS.get(d));
                if r.is_none() {
                    notes.push(format!("seat {i} has the unknown rank index {d}"));
                }
                r.map(|r| (*r).to_owned())
            }
            None => None,
        };
        players.push(Player {
            name,
            rank,
            rating: rate.get(i).copied(),
            sex: sx.get(i).filter(|s| !s.is_empty()).map(|s| (*s).to_owned()),
        });
    }
    Ok(Un::Players(players, notes))
}

/// Percent-decodes a name (not form-decoding: `+` stays `+`). Returns the
/// name and whether invalid UTF-8 had to be replaced.
fn decode_name(raw: &str) -> (String, bool) {
    match percent_decode_str(raw).decode_utf8() {
        Ok(name) => (name.into_owned(), false),
        Err(_) => (
            percent_decode_str(raw).decode_utf8_lossy().into_owned(),
            true,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(content: &str) -> Attrs<'_> {
        let mut a = Attrs::default();
        a.load(content, 2, &Source::default()).unwrap();
        a
    }

    #[test]
    fn display_strings() {
        assert_eq!(display(169), "鳳南喰赤");
        assert_eq!(display(225), "鳳東喰赤速");
        assert_eq!(display(185), "三鳳南喰赤");
        assert_eq!(display(137), "上南喰赤");
        assert_eq!(display(41), "特南喰赤");
        assert_eq!(display(9), "般南喰赤");
        assert_eq!(display(1), "般東喰赤");
        assert_eq!(display(0x07), "般東");
    }

    #[test]
    fn go_bits() {
        let g = go(&attrs(r#"GO type="185" lobby="0""#), &Source::default()).unwrap();
        assert_eq!(g.seats, 3);
        assert!(g.red);
        assert_eq!(g.rules.red_fives, Some(3));
        assert_eq!(g.rules.open_tanyao, Some(true));
        assert_eq!(g.rules.length, Some(GameLength::Hanchan));
        assert_eq!(g.rules.fast, Some(false));
        assert_eq!(g.rules.lobby.as_deref(), Some("0"));
        assert_eq!(g.rules.tenhou_type, Some(185));
        let g = go(&attrs(r#"GO type="71""#), &Source::default()).unwrap();
        assert!(!g.red);
        assert_eq!(g.seats, 4);
        assert_eq!(g.rules.red_fives, Some(0));
        assert_eq!(g.rules.open_tanyao, Some(false));
        assert_eq!(g.rules.length, Some(GameLength::EastOnly));
        assert_eq!(g.rules.fast, Some(true));
        assert_eq!(g.rules.lobby, None);
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(
            decode_name("%E5%A6%82%E6%9C%88%E7%83%8F%E6%9C%89"),
            ("如月烏有".to_owned(), false)
        );
        assert_eq!(decode_name("%44%45%52%45%53%55%4B%45").0, "DERESUKE");
        // Plus is not a space in these names.
        assert_eq!(decode_name("a+b%20c").0, "a+b c");
        assert_eq!(decode_name("%FF").0, "\u{fffd}");
        assert!(decode_name("%FF").1);
        assert_eq!(decode_name("").0, "");
    }

    #[test]
    fn initial_un() {
        let a = attrs(
            r#"UN n0="%41" n1="%42" n2="%43" n3="" dan="0,9,16,20" rate="1500,2000.5,1500,1500" sx="M,F,M,C""#,
        );
        let Un::Players(p, notes) = un(&a, 4, &Source::default()).unwrap() else {
            panic!("not the initial form")
        };
        assert!(notes.is_empty());
        assert_eq!(p.len(), 4);
        assert_eq!(p[0].name, "A");
        assert_eq!(p[0].rank.as_deref(), Some("新人"));
        assert_eq!(p[1].rank.as_deref(), Some("１級"));
        assert_eq!(p[2].rank.as_deref(), Some("七段"));
        assert_eq!(p[3].rank.as_deref(), Some("天鳳"));
        assert_eq!(p[1].rating, Some(2000.5));
        assert_eq!(p[1].sex.as_deref(), Some("F"));
        // Three-player games keep three players.
        let Un::Players(p, _) = un(&a, 3, &Source::default()).unwrap() else {
            panic!("not the initial form")
        };
        assert_eq!(p.len(), 3);
    }

    #[test]
    fn reconnecting_un() {
        let a = attrs(r#"UN n2="%41""#);
        assert!(matches!(
            un(&a, 4, &Source::default()).unwrap(),
            Un::Reconnect(s) if s.get() == 2
        ));
        let a = attrs(r#"UN n3="%41""#);
        assert!(un(&a, 3, &Source::default()).is_err());
    }
}
