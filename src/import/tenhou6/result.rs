//! The result array, element 16 of a kyoku (`formats/tenhou6.md`,
//! "Result"): wins with their (deltas, detail) pairs, or a draw by name.
//! Everything read here is a claim and stored as written.

use serde_json::value::RawValue;

use super::doc::Doc;
use super::order::EndRule;
use crate::event::{ClaimedYaku, DrawClaim, DrawKind, Limit, Seat, Source, WinClaim};
use crate::import::ImportError;
use crate::tile::Tile;
use crate::yaku::Yaku;

/// How a kyoku ended, as its result array says.
pub(super) enum Outcome {
    /// One or more wins (several share one discard).
    Wins(Vec<Win>),
    /// A draw.
    Draw {
        kind: DrawKind,
        claim: Box<DrawClaim>,
        src: Source,
    },
}

/// One win of a result array.
pub(super) struct Win {
    pub(super) actor: Seat,
    pub(super) target: Seat,
    pub(super) claim: WinClaim,
    pub(super) src: Source,
}

impl Outcome {
    /// The end the order of play must have.
    pub(super) fn end_rule(&self) -> Option<EndRule> {
        match self {
            Self::Draw {
                kind: DrawKind::NineTerminals,
                ..
            } => Some(EndRule::AfterTake),
            Self::Draw { .. } => Some(EndRule::AfterDiscard),
            Self::Wins(wins) => {
                let first = wins.first()?;
                if !wins.iter().all(|w| w.target == first.target) {
                    return None;
                }
                if first.actor == first.target {
                    (wins.len() == 1).then_some(EndRule::Tsumo {
                        winner: first.actor.get(),
                    })
                } else if wins.iter().all(|w| w.actor != w.target) {
                    Some(EndRule::Ron {
                        from: first.target.get(),
                    })
                } else {
                    None
                }
            }
        }
    }

    /// Whether the kyoku ended on the last discard being won on (a riichi
    /// discard won on is not accepted). A triple ron counts.
    pub(super) fn takes_last_discard(&self) -> bool {
        match self {
            Self::Wins(wins) => wins.iter().all(|w| w.actor != w.target),
            Self::Draw { kind, .. } => *kind == DrawKind::TripleRon,
        }
    }
}

/// What the kyoku around the result array provides.
pub(super) struct ResultCtx<'k> {
    pub(super) path: &'k str,
    pub(super) seats: u8,
    pub(super) dora: &'k [Tile],
    pub(super) ura: &'k [Tile],
    /// The seats that declared riichi in the kyoku (a yakuman's yaku list
    /// does not name riichi, but Tenhou shows the ura indicators).
    pub(super) riichi: &'k [bool],
}

const DRAW_NAMES: &[(&str, DrawKind)] = &[
    ("流局", DrawKind::Exhaustive),
    ("全員聴牌", DrawKind::Exhaustive),
    ("全員不聴", DrawKind::Exhaustive),
    ("流し満貫", DrawKind::Exhaustive),
    ("九種九牌", DrawKind::NineTerminals),
    ("四家立直", DrawKind::FourRiichi),
    ("三家和了", DrawKind::TripleRon),
    ("三家和", DrawKind::TripleRon),
    ("四槓散了", DrawKind::FourKongs),
    ("四開槓", DrawKind::FourKongs),
    ("四風連打", DrawKind::FourWinds),
    // tensoul's romanised and English spellings.
    ("Ryuukyoku", DrawKind::Exhaustive),
    ("Exhaustive Draw", DrawKind::Exhaustive),
    ("Nagashi Mangan", DrawKind::Exhaustive),
    ("Mangan at Draw", DrawKind::Exhaustive),
    ("Kyuushu Kyuuhai", DrawKind::NineTerminals),
    ("Nine Terminal Abortion", DrawKind::NineTerminals),
    ("Suucha Riichi", DrawKind::FourRiichi),
    ("Four Riichi Abortion", DrawKind::FourRiichi),
    ("Sanchahou", DrawKind::TripleRon),
    ("Three Ron Abortion", DrawKind::TripleRon),
    ("Suukaikan", DrawKind::FourKongs),
    ("Four Kan Abortion", DrawKind::FourKongs),
    ("Suufon Renda", DrawKind::FourWinds),
    ("Four Wind Abortion", DrawKind::FourWinds),
];

const WIN_NAMES: &[&str] = &["和了", "Agari"];

const RESULT_EXPECTED: &str = "a result name (和了, 流局, 全員聴牌, 全員不聴, 流し満貫, 九種九牌, 四家立直, 三家和了, 四槓散了, 四風連打)";

/// Reads the result array. `None` when it is empty (the kyoku was cut
/// off).
pub(super) fn read_result<'t>(
    doc: &Doc<'t>,
    raw: &'t RawValue,
    ctx: &ResultCtx<'_>,
    notes: &mut Vec<String>,
) -> Result<Option<Outcome>, ImportError> {
    let path = format!("{}[16]", ctx.path);
    let items = doc.array(raw, &path, "a result array")?;
    let Some(first) = items.first() else {
        return Ok(None);
    };
    let name_path = format!("{path}[0]");
    let name = doc.string(first, &name_path, RESULT_EXPECTED)?;
    if WIN_NAMES.contains(&name.as_ref()) {
        return read_wins(doc, first, &items, &path, ctx, notes).map(|w| Some(Outcome::Wins(w)));
    }
    let Some(&(_, kind)) = DRAW_NAMES.iter().find(|(n, _)| *n == name) else {
        return Err(doc.expected(first, name_path, RESULT_EXPECTED));
    };
    // tenhou.net/6 leaves the deltas out exactly when nobody pays.
    let deltas = match items.get(1) {
        Some(d) => read_deltas(doc, d, &format!("{path}[1]"), ctx.seats)?,
        None => vec![0; usize::from(ctx.seats)],
    };
    if items.len() > 2 {
        notes.push(format!(
            "{path}: entries after the draw's deltas are not carried"
        ));
    }
    let nagashi = matches!(
        name.as_ref(),
        "流し満貫" | "Nagashi Mangan" | "Mangan at Draw"
    );
    let n = usize::from(ctx.seats);
    let tenpai = match (kind, name.as_ref()) {
        (DrawKind::Exhaustive, "全員聴牌") => Some(vec![true; n]),
        (DrawKind::Exhaustive, "全員不聴") => Some(vec![false; n]),
        (DrawKind::Exhaustive, _) if !nagashi => match &deltas {
            d if d.iter().any(|x| *x != 0) => Some(d.iter().map(|x| *x > 0).collect()),
            _ => {
                notes.push(format!(
                    "{path}: an exhaustive draw without score changes is either all tenpai or all noten; tenpai is left unknown"
                ));
                None
            }
        },
        _ => None,
    };
    Ok(Some(Outcome::Draw {
        kind,
        claim: Box::new(DrawClaim {
            tenpai,
            nagashi_mangan: nagashi,
            deltas: Some(deltas),
            ..DrawClaim::default()
        }),
        src: doc.src(raw, path),
    }))
}

fn read_deltas(
    doc: &Doc<'_>,
    raw: &RawValue,
    path: &str,
    seats: u8,
) -> Result<Vec<i32>, ImportError> {
    const WHAT: &str = "an array of score changes, one per seat";
    let items = doc.array(raw, path, WHAT)?;
    if items.len() < usize::from(seats) {
        return Err(doc.expected(raw, path, WHAT));
    }
    items
        .iter()
        .take(usize::from(seats))
        .enumerate()
        .map(|(i, d)| {
            let p = format!("{path}[{i}]");
            doc.int(d, &p, "a score change in points").and_then(|v| {
                i32::try_from(v).map_err(|_| doc.expected(d, p, "a score change in points"))
            })
        })
        .collect()
}

fn read_wins<'t>(
    doc: &Doc<'t>,
    name: &RawValue,
    items: &[&'t RawValue],
    path: &str,
    ctx: &ResultCtx<'_>,
    notes: &mut Vec<String>,
) -> Result<Vec<Win>, ImportError> {
    let mut wins = Vec::new();
    let mut i = 1;
    while i < items.len() {
        let Some(&deltas_raw) = items.get(i) else {
            break;
        };
        let Some(&detail_raw) = items.get(i + 1) else {
            return Err(doc.expected(
                deltas_raw,
                format!("{path}[{i}]"),
                "a (deltas, detail) pair for each winner",
            ));
        };
        let deltas = read_deltas(doc, deltas_raw, &format!("{path}[{i}]"), ctx.seats)?;
        let detail_path = format!("{path}[{}]", i + 1);
        let win = read_detail(doc, detail_raw, &detail_path, ctx, deltas, notes)?;
        wins.push(win);
        i += 2;
    }
    if wins.is_empty() {
        return Err(doc.expected(
            name,
            format!("{path}[0]"),
            "和了 followed by (deltas, detail) pairs",
        ));
    }
    Ok(wins)
}

fn read_detail<'t>(
    doc: &Doc<'t>,
    raw: &'t RawValue,
    path: &str,
    ctx: &ResultCtx<'_>,
    deltas: Vec<i32>,
    notes: &mut Vec<String>,
) -> Result<Win, ImportError> {
    const WHAT: &str = "a detail array [winner, from, liable, score, yaku…]";
    let items = doc.array(raw, path, WHAT)?;
    let seat_at = |i: usize| -> Result<Option<Seat>, ImportError> {
        let Some(v) = items.get(i) else {
            return Ok(None);
        };
        let n = doc.small(v, &format!("{path}[{i}]"), ctx.seats, "a seat number")?;
        Ok(Seat::new(n))
    };
    let (Some(actor), Some(target)) = (seat_at(0)?, seat_at(1)?) else {
        return Err(doc.expected(raw, path, WHAT));
    };
    let pao = seat_at(2)?.filter(|p| *p != actor);
    let mut claim = WinClaim {
        pao,
        deltas: Some(deltas),
        dora_markers: Some(ctx.dora.to_vec()),
        ..WinClaim::default()
    };
    if let Some(score_raw) = items.get(3) {
        let p = format!("{path}[3]");
        let text = doc.string(score_raw, &p, "a score string such as 30符2飜2000点")?;
        match parse_score(&text, ctx.seats) {
            Some(score) => {
                claim.han = score.han;
                claim.fu = score.fu;
                claim.points = score.points;
                claim.limit = score.limit;
            }
            None => notes.push(format!("{p}: the score string `{text}` is not understood")),
        }
    }
    let mut riichi = ctx.riichi.get(actor.index()).copied().unwrap_or(false);
    let mut yaku_han: u32 = 0;
    for (i, y) in items.iter().enumerate().skip(4) {
        let p = format!("{path}[{i}]");
        let text = doc.string(y, &p, "a yaku string such as 立直(1飜)")?;
        let Some((yaku, han)) = parse_yaku(&text) else {
            notes.push(format!(
                "{p}: the yaku `{text}` is not understood and left out"
            ));
            continue;
        };
        riichi |= matches!(yaku, Yaku::Riichi | Yaku::DoubleRiichi);
        yaku_han += u32::from(han);
        if han > 0 {
            claim.yaku.push(ClaimedYaku { yaku, han });
        }
    }
    if claim.han.is_none() && items.len() > 4 {
        claim.han = u8::try_from(yaku_han).ok();
    }
    if riichi && !ctx.ura.is_empty() {
        claim.ura_markers = Some(ctx.ura.to_vec());
    }
    Ok(Win {
        actor,
        target,
        claim,
        src: doc.src(raw, path),
    })
}

/// The parts of a score string such as `30符2飜2000点`, `満貫2000-4000点`
/// or `跳満6000点∀`.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Score {
    pub(super) han: Option<u8>,
    pub(super) fu: Option<u8>,
    pub(super) points: Option<i32>,
    pub(super) limit: Option<Limit>,
}

/// Limit words, longest first where one contains another.
const LIMITS: &[(&str, Limit)] = &[
    ("数え役満", Limit::Yakuman),
    ("Kazoe Yakuman", Limit::Yakuman),
    ("Counted Yakuman", Limit::Yakuman),
    ("三倍満", Limit::Sanbaiman),
    ("Sanbaiman", Limit::Sanbaiman),
    ("倍満", Limit::Baiman),
    ("Baiman", Limit::Baiman),
    ("跳満", Limit::Haneman),
    ("Haneman", Limit::Haneman),
    ("切り上げ満貫", Limit::Mangan),
    ("Kiriage Mangan", Limit::Mangan),
    ("Rounded Mangan", Limit::Mangan),
    ("満貫", Limit::Mangan),
    ("Mangan", Limit::Mangan),
    ("役満", Limit::Yakuman),
    ("Yakuman", Limit::Yakuman),
];

/// Reads a score string; `None` when nothing in it is recognised.
pub(super) fn parse_score(s: &str, seats: u8) -> Option<Score> {
    let fu = number_before(s, &["符", "Fu"]).and_then(|n| u8::try_from(n).ok());
    let han = number_before(s, &["飜", "Han"]).and_then(|n| u8::try_from(n).ok());
    let word = LIMITS.iter().find(|(w, _)| s.contains(w)).map(|(_, l)| *l);
    let points = s.find('点').and_then(|end| {
        let head = s.get(..end)?;
        let start = head
            .rfind(|c: char| !(c.is_ascii_digit() || c == '-'))
            .map_or(0, |i| {
                i + head
                    .get(i..)
                    .and_then(|t| t.chars().next())
                    .map_or(1, char::len_utf8)
            });
        let pay = head.get(start..)?;
        let dealer_tsumo = s.get(end..).is_some_and(|rest| rest.contains('∀'));
        let payers = i64::from(seats.max(2));
        let total = match pay.split_once('-') {
            Some((child, dealer)) => {
                child.parse::<i64>().ok()? * (payers - 2) + dealer.parse::<i64>().ok()?
            }
            None if dealer_tsumo => pay.parse::<i64>().ok()? * (payers - 1),
            None => pay.parse::<i64>().ok()?,
        };
        i32::try_from(total).ok()
    });
    if fu.is_none() && han.is_none() && word.is_none() && points.is_none() {
        return None;
    }
    Some(Score {
        han,
        fu,
        points,
        limit: Some(word.unwrap_or(Limit::None)),
    })
}

/// The decimal number right before the first of `markers` found.
fn number_before(s: &str, markers: &[&str]) -> Option<u32> {
    let at = markers.iter().find_map(|m| s.find(m))?;
    let head = s.get(..at)?.trim_end();
    let digits: String = head
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits.parse().ok()
}

/// Reads `立直(1飜)` or `大三元(役満)`: the yaku and its han (13 per
/// yakuman).
pub(super) fn parse_yaku(s: &str) -> Option<(Yaku, u8)> {
    let open = s.rfind('(')?;
    let name = s.get(..open)?.trim();
    let inner = s.get(open + 1..)?.strip_suffix(')')?.trim();
    let han = match inner {
        "役満" | "Yakuman" => 13,
        "ダブル役満" | "Double Yakuman" => 26,
        _ => u8::try_from(number_before(inner, &["飜", "Han"])?).ok()?,
    };
    if name.is_empty() {
        return None;
    }
    Some((Yaku::from_name(name), han))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(han: Option<u8>, fu: Option<u8>, points: i32, limit: Limit) -> Option<Score> {
        Some(Score {
            han,
            fu,
            points: Some(points),
            limit: Some(limit),
        })
    }

    #[test]
    fn score_strings() {
        assert_eq!(
            parse_score("30符2飜2000点", 4),
            score(Some(2), Some(30), 2000, Limit::None)
        );
        assert_eq!(
            parse_score("40符2飜700-1300点", 4),
            score(Some(2), Some(40), 2700, Limit::None)
        );
        assert_eq!(
            parse_score("30符3飜2000点∀", 4),
            score(Some(3), Some(30), 6000, Limit::None)
        );
        assert_eq!(
            parse_score("満貫2000-4000点", 4),
            score(None, None, 8000, Limit::Mangan)
        );
        assert_eq!(
            parse_score("跳満6000点∀", 4),
            score(None, None, 18000, Limit::Haneman)
        );
        assert_eq!(
            parse_score("役満32000点", 4),
            score(None, None, 32000, Limit::Yakuman)
        );
        assert_eq!(
            parse_score("三倍満12000点∀", 4),
            score(None, None, 36000, Limit::Sanbaiman)
        );
        assert_eq!(
            parse_score("満貫2000-4000点", 3),
            score(None, None, 6000, Limit::Mangan)
        );
        assert_eq!(
            parse_score("数え役満32000点", 4),
            score(None, None, 32000, Limit::Yakuman)
        );
        assert_eq!(parse_score("nothing", 4), None);
    }

    #[test]
    fn yaku_strings() {
        assert_eq!(parse_yaku("立直(1飜)"), Some((Yaku::Riichi, 1)));
        assert_eq!(parse_yaku("大三元(役満)"), Some((Yaku::Daisangen, 13)));
        assert_eq!(parse_yaku("Ura Dora(0飜)"), Some((Yaku::UraDora, 0)));
        assert_eq!(parse_yaku("役牌 白(1飜)"), Some((Yaku::Haku, 1)));
        assert_eq!(
            parse_yaku("四暗刻単騎(ダブル役満)"),
            Some((Yaku::SuuankouTanki, 26))
        );
        assert_eq!(parse_yaku("立直"), None);
        assert_eq!(parse_yaku("(1飜)"), None);
    }
}
