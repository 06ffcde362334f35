//! The top-level keys besides `log` (`formats/tenhou6.md`, "Top-level keys"):
//! players, rules, platform, final scores, title, connection events.

use serde_json::value::RawValue;

use super::doc::{Doc, Object, number, string};
use crate::event::{EndClaim, GameLength, Platform, Player, RuleHints, Source};

/// Keys this importer reads or knowingly skips (`ver`, `ratingc` carry
/// nothing the event model has).
const KNOWN_KEYS: &[&str] = &[
    "ver",
    "ref",
    "log",
    "ratingc",
    "rule",
    "lobby",
    "dan",
    "rate",
    "sx",
    "sc",
    "name",
    "title",
    "connection",
    "csrule",
];

/// What the rule information says.
pub(super) struct Rules {
    pub(super) hints: RuleHints,
    /// The rules say three players.
    pub(super) sanma: bool,
}

/// Reads `rule` (an object, or a lobby's array), `lobby` and the game type
/// inside a Tenhou `ref`.
pub(super) fn read_rules(obj: &Object<'_>, notes: &mut Vec<String>) -> Rules {
    let mut hints = RuleHints::default();
    let mut sanma = false;
    let ref_type = obj
        .get("ref")
        .and_then(|r| string(r))
        .and_then(|r| tenhou_log_type(&r));
    hints.tenhou_type = ref_type;
    hints.lobby = obj.get("lobby").and_then(|l| {
        string(l)
            .map(|s| s.into_owned())
            .or_else(|| number(l).map(|n| n.to_string()))
    });
    hints.lobby_rules = obj.get("csrule").and_then(|c| {
        string(c).map(|s| s.into_owned()).or_else(|| {
            serde_json::from_str::<Vec<String>>(c.get())
                .ok()
                .map(|v| v.join(","))
        })
    });
    if let Some(ratingc) = obj.get("ratingc").and_then(|r| string(r)) {
        sanma |= ratingc == "PF3";
    }
    let Some(rule) = obj.get("rule") else {
        return Rules { hints, sanma };
    };
    if let Ok(fields) = serde_json::from_str::<Object<'_>>(rule.get()) {
        let disp = fields
            .get("disp")
            .and_then(|d| string(d))
            .map(|d| d.into_owned());
        let count = |key: &str| fields.get(key).and_then(|v| number(v));
        let per_suit: Vec<f64> = ["aka51", "aka52", "aka53"]
            .iter()
            .filter_map(|k| count(k))
            .collect();
        hints.red_fives = if per_suit.is_empty() {
            match count("aka") {
                Some(a) => Some(if a > 0.0 { 3 } else { 0 }),
                None if disp.as_deref().is_some_and(|d| d.contains('赤')) => {
                    notes.push(
                        "rule: no aka count; three red fives inferred from 赤 in disp".into(),
                    );
                    Some(3)
                }
                None => None,
            }
        } else {
            let sum: f64 = per_suit.iter().sum();
            let any = count("aka").is_some_and(|a| a > 0.0);
            Some(match sum {
                s if s > 0.0 => s.min(16.0) as u8,
                _ if any => 3,
                _ => 0,
            })
        };
        if let Some(d) = &disp {
            sanma |= d.contains('三') || d.contains("3-Player") || d.starts_with('3');
            hints.length = if d.contains('南') || d.contains("South") {
                Some(GameLength::Hanchan)
            } else if d.contains('東') || d.contains("East") {
                Some(GameLength::EastOnly)
            } else {
                None
            };
            // A Japanese display names every rule that is on; an English
            // room name ("Gold Room South") does not.
            let japanese = d.chars().any(|c| c > '\u{3000}');
            hints.open_tanyao = (d.contains('喰') || japanese).then(|| d.contains('喰'));
            hints.fast = (d.contains('速') || japanese).then(|| d.contains('速'));
        }
        hints.display = disp;
    } else if let Ok(items) = serde_json::from_str::<Vec<&RawValue>>(rule.get()) {
        // Tournament lobbies: [start, end, game type in hex, …].
        let bits = items
            .get(2)
            .and_then(|t| string(t))
            .and_then(|t| u32::from_str_radix(&t, 16).ok());
        match bits.or(ref_type) {
            Some(bits) => {
                hints.tenhou_type = Some(bits);
                // A lobby sets red fives and open tanyao in its own rule
                // sheet (csrule); its game type bits can say "no red fives"
                // while red fives are dealt (measured on an ARML lobby log).
                hints.length = Some(if bits & 0x08 != 0 {
                    GameLength::Hanchan
                } else {
                    GameLength::EastOnly
                });
                hints.fast = Some(bits & 0x40 != 0);
                sanma |= bits & 0x10 != 0;
                notes.push(
                    "rule is an array (a lobby's rules): length, speed and seats come from its game type; red fives and open tanyao are the lobby's own (csrule) and are not read".into(),
                );
            }
            None => notes.push("rule is an array without a game type; no rule is carried".into()),
        }
    } else {
        notes.push("rule is neither an object nor an array; no rule is carried".into());
    }
    Rules { hints, sanma }
}

/// The game type inside a Tenhou log id (`2020052700gm-00a9-0000-75a4695c`
/// → 0x00a9); `None` when `id` is not a Tenhou log id.
pub(super) fn tenhou_log_type(id: &str) -> Option<u32> {
    let mut parts = id.split('-');
    let (date, kind, lobby, hash) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let date_ok = date.len() == 12
        && date.ends_with("gm")
        && date.get(..10)?.bytes().all(|b| b.is_ascii_digit());
    let ok = parts.next().is_none()
        && date_ok
        && kind.len() == 4
        && lobby.len() >= 4
        && lobby.bytes().all(|b| b.is_ascii_digit())
        && hash.len() == 8
        && hash.bytes().all(|b| b.is_ascii_hexdigit());
    if !ok {
        return None;
    }
    u32::from_str_radix(kind, 16).ok()
}

fn mahjong_soul_uuid(id: &str) -> bool {
    let parts: Vec<&str> = id.split('-').collect();
    let lens: Vec<usize> = parts.iter().map(|p| p.len()).collect();
    lens == [6, 8, 4, 4, 4, 12]
        && parts
            .first()
            .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()))
        && parts
            .iter()
            .skip(1)
            .all(|p| p.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Mahjong Soul room names (Japanese and English clients).
const MAHJONG_SOUL_ROOMS: &[&str] = &[
    "の間",
    "大会戦",
    "友人戦",
    "Bronze Room",
    "Silver Room",
    "Gold Room",
    "Jade Room",
    "Throne Room",
];

/// Who ran the game, from `ref`, the room name and the ranks.
pub(super) fn platform(
    obj: &Object<'_>,
    rules: &RuleHints,
    players: &[Player],
) -> Option<Platform> {
    let title = title_parts(obj).join(" ");
    let room = format!("{} {title}", rules.display.as_deref().unwrap_or(""));
    if room.contains("電脳") {
        return Some(Platform::Majiang);
    }
    let id = obj.get("ref").and_then(|r| string(r));
    let soul = MAHJONG_SOUL_ROOMS.iter().any(|r| room.contains(r))
        || players
            .iter()
            .any(|p| p.rank.as_deref().is_some_and(|r| r.contains('★')))
        || id.as_deref().is_some_and(mahjong_soul_uuid);
    if soul {
        return Some(Platform::MahjongSoul);
    }
    id.as_deref()
        .and_then(tenhou_log_type)
        .map(|_| Platform::Tenhou)
}

/// `name`, `dan`, `rate`, `sx` per seat.
pub(super) fn players(obj: &Object<'_>, seats: u8, notes: &mut Vec<String>) -> Vec<Player> {
    let list = |key: &str| -> Vec<&RawValue> {
        obj.get(key)
            .and_then(|v| serde_json::from_str::<Vec<&RawValue>>(v.get()).ok())
            .unwrap_or_default()
    };
    let (names, dans, rates, sexes) = (list("name"), list("dan"), list("rate"), list("sx"));
    let mut bad = Vec::new();
    let mut text = |key: &str, items: &[&RawValue], i: usize| -> Option<String> {
        let v = items.get(i)?;
        match string(v) {
            Some(s) => Some(s.into_owned()).filter(|s| !s.is_empty()),
            None => {
                bad.push(format!("{key}[{i}]"));
                None
            }
        }
    };
    let mut out = Vec::new();
    for i in 0..usize::from(seats) {
        let name = text("name", &names, i).unwrap_or_default();
        let rank = text("dan", &dans, i);
        let sex = text("sx", &sexes, i);
        let rating = rates.get(i).and_then(|r| number(r));
        out.push(Player {
            name,
            rank,
            rating,
            sex,
        });
    }
    if !bad.is_empty() {
        notes.push(format!("{} not text; left out", bad.join(", ")));
    }
    out
}

/// `sc`: final score and game points per seat.
pub(super) fn end_claim(obj: &Object<'_>, seats: u8, notes: &mut Vec<String>) -> Option<EndClaim> {
    let raw = obj.get("sc")?;
    let values: Option<Vec<f64>> = serde_json::from_str::<Vec<&RawValue>>(raw.get())
        .ok()
        .and_then(|items| items.iter().map(|v| number(v)).collect());
    let n = usize::from(seats);
    let Some(values) = values.filter(|v| v.len() >= 2 * n) else {
        notes
            .push("sc is not a list of final scores and points for every seat; not carried".into());
        return None;
    };
    let pairs = values.chunks(2).take(n);
    let mut scores = Vec::new();
    let mut points = Vec::new();
    for pair in pairs {
        if let [score, pts] = pair {
            scores.push(*score);
            points.push(*pts);
        }
    }
    let integral = scores
        .iter()
        .all(|s| s.fract() == 0.0 && s.abs() < f64::from(i32::MAX));
    Some(EndClaim {
        scores: integral.then(|| scores.iter().map(|s| *s as i32).collect()),
        points: Some(points),
    })
}

/// The title's text parts (a string or an array), percent-decoded.
pub(super) fn title_parts(obj: &Object<'_>) -> Vec<String> {
    let Some(raw) = obj.get("title") else {
        return Vec::new();
    };
    let items = serde_json::from_str::<Vec<&RawValue>>(raw.get()).unwrap_or_else(|_| vec![*raw]);
    items
        .iter()
        .filter_map(|v| {
            string(v)
                .map(|s| percent_decode(&s))
                .or_else(|| number(v).map(|n| n.to_string()))
        })
        .filter(|s| !s.trim().is_empty())
        .collect()
}

fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_owned();
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = s
            .get(i + 1..i + 3)
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes.get(i), hex) {
            (Some(b'%'), Some(h)) => {
                out.push(h);
                i += 3;
            }
            (Some(b), _) => {
                out.push(*b);
                i += 1;
            }
            (None, _) => break,
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_owned())
}

/// One `connection` entry.
pub(super) struct Connection {
    /// Kyoku index in the document (−1: outside any kyoku).
    pub(super) kyoku: i64,
    pub(super) seat: u8,
    /// Draws, discards and calls of that kyoku before it.
    pub(super) step: u64,
    pub(super) reconnect: bool,
    pub(super) src: Source,
}

/// Reads `connection`; entries that do not fit are noted and skipped.
pub(super) fn connections(
    doc: &Doc<'_>,
    obj: &Object<'_>,
    seats: u8,
    notes: &mut Vec<String>,
) -> Vec<Connection> {
    let Some(raw) = obj.get("connection") else {
        return Vec::new();
    };
    let Ok(items) = serde_json::from_str::<Vec<&RawValue>>(raw.get()) else {
        notes.push("connection is not an array; not carried".into());
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let fields = serde_json::from_str::<Object<'_>>(item.get()).unwrap_or_default();
        let int = |k: &str| {
            fields
                .get(k)
                .and_then(|v| number(v))
                .filter(|n| n.fract() == 0.0)
        };
        let entry = (int("what"), int("log"), int("who"), int("step"));
        let (Some(what @ (0.0 | 1.0)), Some(kyoku), Some(who), Some(step)) = entry else {
            notes.push(format!(
                "connection[{i}] is not {{what: 0|1, log, who, step}}; not carried"
            ));
            continue;
        };
        if who < 0.0 || who >= f64::from(seats) || step < 0.0 {
            notes.push(format!(
                "connection[{i}] names no seat or step at the table; not carried"
            ));
            continue;
        }
        out.push(Connection {
            kyoku: kyoku as i64,
            seat: who as u8,
            step: step as u64,
            reconnect: what == 1.0,
            src: doc.src(item, format!("connection[{i}]")),
        });
    }
    out
}

/// A note naming the top-level keys nothing reads.
pub(super) fn unknown_keys(obj: &Object<'_>) -> Option<String> {
    let unknown: Vec<&str> = obj
        .keys()
        .map(String::as_str)
        .filter(|k| !KNOWN_KEYS.contains(k))
        .collect();
    (!unknown.is_empty()).then(|| format!("top-level keys not carried: {}", unknown.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenhou_ids() {
        assert_eq!(
            tenhou_log_type("2020052700gm-00a9-0000-75a4695c"),
            Some(0xa9)
        );
        assert_eq!(
            tenhou_log_type("2023083107gm-000b-18940-79affd70"),
            Some(0x0b)
        );
        assert_eq!(
            tenhou_log_type("231014-84c11a6f-b3f7-4363-966e-25f37886cfbf"),
            None
        );
        assert_eq!(tenhou_log_type("2020052700gm-00a9-0000"), None);
        assert!(mahjong_soul_uuid(
            "231014-84c11a6f-b3f7-4363-966e-25f37886cfbf"
        ));
        assert!(!mahjong_soul_uuid("2020052700gm-00a9-0000-75a4695c"));
    }

    #[test]
    fn percent_titles() {
        assert_eq!(percent_decode("%41%52%4D%4C%20Main"), "ARML Main");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%E9%B3%B3"), "鳳");
    }

    #[test]
    fn rules_from_display_and_counts() {
        let obj: Object<'_> = serde_json::from_str(
            r#"{"rule":{"disp":"鳳東喰赤速","aka51":1,"aka52":2,"aka53":1},"ref":"2022081017gm-00e1-0000-2df24853","lobby":0}"#,
        )
        .unwrap();
        let mut notes = Vec::new();
        let r = read_rules(&obj, &mut notes);
        assert_eq!(r.hints.red_fives, Some(4));
        assert_eq!(r.hints.length, Some(GameLength::EastOnly));
        assert_eq!(r.hints.fast, Some(true));
        assert_eq!(r.hints.open_tanyao, Some(true));
        assert_eq!(r.hints.tenhou_type, Some(0xe1));
        assert_eq!(r.hints.lobby.as_deref(), Some("0"));
        assert!(!r.sanma);

        let obj: Object<'_> =
            serde_json::from_str(r#"{"rule":{"disp":"Gold Room South","aka":1}}"#).unwrap();
        let r = read_rules(&obj, &mut notes);
        assert_eq!(r.hints.red_fives, Some(3));
        assert_eq!(r.hints.length, Some(GameLength::Hanchan));
        assert_eq!(r.hints.open_tanyao, None);

        let obj: Object<'_> =
            serde_json::from_str(r#"{"rule":["2023","2023","0019","0"]}"#).unwrap();
        let r = read_rules(&obj, &mut notes);
        assert!(r.sanma);
        assert_eq!(r.hints.tenhou_type, Some(0x19));
        assert_eq!(r.hints.red_fives, None);
        assert_eq!(r.hints.length, Some(GameLength::Hanchan));
        assert!(notes.iter().any(|n| n.contains("array")));
    }
}
