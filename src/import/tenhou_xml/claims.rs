//! Outcomes and what the log claims about them: `AGARI`, `RYUUKYOKU` and
//! the final `owari` (formats.md §1.3). Everything here is recorded as the
//! log states it; nothing is checked or corrected.

use super::attrs::{self, Attrs};
use crate::event::{
    ClaimedYaku, DrawClaim, DrawKind, EndClaim, Event, Format, Limit, Source, Sticks, WinClaim,
};
use crate::import::ImportError;
use crate::tile::sort_tiles;
use crate::yaku::Yaku;

/// Han Tenhou counts for each yakuman id listed in `yakuman`.
const YAKUMAN_HAN: u8 = 13;

/// The hand attributes of `RYUUKYOKU`, by seat.
const HANDS: [&str; 4] = ["hai0", "hai1", "hai2", "hai3"];

/// Reads `AGARI` into a [`Event::Hora`].
pub(super) fn agari(
    attrs: &Attrs<'_>,
    seats: u8,
    red: bool,
    src: &Source,
) -> Result<Event, ImportError> {
    let actor = attrs.seat("who", seats, src)?;
    let target = attrs.seat("fromWho", seats, src)?;
    let machi: u32 = attrs.int("machi", src)?;
    let pai = attrs::tile(machi, "machi", red, src)?;
    let mut claim = WinClaim::default();
    if let Some(ten) = attrs.ints::<i64>("ten", src)? {
        let [fu, points, limit] = &*ten else {
            return Err(expected(src, "`ten` as fu,points,limit", &ten));
        };
        claim.fu = Some(fit(*fu, "fu in `ten`", src)?);
        claim.points = Some(fit(*points, "points in `ten`", src)?);
        claim.limit = Some(match limit {
            0 => Limit::None,
            1 => Limit::Mangan,
            2 => Limit::Haneman,
            3 => Limit::Baiman,
            4 => Limit::Sanbaiman,
            5 => Limit::Yakuman,
            _ => return Err(expected(src, "a limit 0-5 in `ten`", limit)),
        });
    }
    let mut han: Option<u32> = None;
    if let Some(yaku) = attrs.ints::<u32>("yaku", src)? {
        if !yaku.len().is_multiple_of(2) {
            return Err(expected(src, "`yaku` as id,han pairs", &yaku));
        }
        for pair in yaku.chunks_exact(2) {
            let &[id, n] = pair else { continue };
            let n: u8 = fit(n, "han in `yaku`", src)?;
            *han.get_or_insert(0) += u32::from(n);
            if n > 0 {
                claim.yaku.push(ClaimedYaku {
                    yaku: yaku_of(id),
                    han: n,
                });
            }
        }
    }
    if let Some(yakuman) = attrs.ints::<u32>("yakuman", src)? {
        for &id in yakuman.iter() {
            *han.get_or_insert(0) += u32::from(YAKUMAN_HAN);
            claim.yaku.push(ClaimedYaku {
                yaku: yaku_of(id),
                han: YAKUMAN_HAN,
            });
        }
    }
    claim.han = han
        .map(|h| fit(h, "a total han below 256", src))
        .transpose()?;
    claim.dora_markers = attrs.tiles("doraHai", red, src)?;
    claim.ura_markers = attrs.tiles("doraHaiUra", red, src)?;
    claim.hand = attrs.tiles("hai", red, src)?.map(|mut h| {
        sort_tiles(&mut h);
        h
    });
    claim.pao = attrs
        .get("paoWho")
        .map(|v| attrs::seat(v, "paoWho", seats, src))
        .transpose()?;
    if let Some(sc) = scores(attrs, seats, src)? {
        claim.scores_before = Some(sc.before);
        claim.deltas = Some(sc.deltas);
        claim.chips = sc.chips;
    }
    claim.sticks = sticks(attrs, src)?;
    Ok(Event::Hora {
        actor,
        target,
        pai,
        claim: Box::new(claim),
    })
}

/// A Tenhou yaku id; an id no table knows is kept as its number.
fn yaku_of(id: u32) -> Yaku {
    u8::try_from(id)
        .ok()
        .and_then(Yaku::from_tenhou_id)
        .unwrap_or_else(|| Yaku::Other(id.to_string()))
}

/// What a `RYUUKYOKU` element amounts to.
pub(super) enum Draw {
    /// A draw outcome; the string is a note when chip changes were dropped.
    Outcome(Event, Option<String>),
    /// No kind, no scores, no hands: the server stopped the game here
    /// without ending the kyoku (seen with `owari=""`).
    Stopped,
}

/// Reads `RYUUKYOKU`.
pub(super) fn ryuukyoku(
    attrs: &Attrs<'_>,
    seats: u8,
    red: bool,
    src: &Source,
) -> Result<Draw, ImportError> {
    let shown = HANDS.iter().take(usize::from(seats)).any(|h| attrs.has(h));
    if !attrs.has("type") && !attrs.has("ba") && !attrs.has("sc") && !shown {
        return Ok(Draw::Stopped);
    }
    let (kind, nagashi_mangan) = match attrs.get("type") {
        None => (DrawKind::Exhaustive, false),
        Some("nm") => (DrawKind::Exhaustive, true),
        Some("yao9") => (DrawKind::NineTerminals, false),
        Some("reach4") => (DrawKind::FourRiichi, false),
        Some("ron3") => (DrawKind::TripleRon, false),
        Some("kan4") => (DrawKind::FourKongs, false),
        Some("kaze4") => (DrawKind::FourWinds, false),
        Some(other) => {
            return Err(ImportError::expected(
                Format::TenhouXml,
                src.clone(),
                "a draw `type` (none, nm, yao9, reach4, ron3, kan4 or kaze4)",
                attrs::quote(other),
            ));
        }
    };
    let mut hands = Vec::with_capacity(usize::from(seats));
    for name in HANDS.iter().take(usize::from(seats)) {
        hands.push(attrs.tiles(name, red, src)?.map(|mut h| {
            sort_tiles(&mut h);
            h
        }));
    }
    let mut claim = DrawClaim {
        nagashi_mangan,
        ..DrawClaim::default()
    };
    if kind == DrawKind::Exhaustive {
        claim.tenpai = Some(hands.iter().map(Option::is_some).collect());
    }
    claim.shown_hands = Some(hands);
    let mut note = None;
    if let Some(sc) = scores(attrs, seats, src)? {
        claim.scores_before = Some(sc.before);
        claim.deltas = Some(sc.deltas);
        if sc.chips.is_some_and(|c| c.iter().any(|d| *d != 0)) {
            note = Some(format!(
                "the chip changes of the draw at element {} are not carried (draw claims have no chips)",
                src.element.unwrap_or_default()
            ));
        }
    }
    claim.sticks = sticks(attrs, src)?;
    Ok(Draw::Outcome(
        Event::Ryukyoku {
            kind,
            claim: Box::new(claim),
        },
        note,
    ))
}

/// Reads `owari` (final scores and game points). `None` when the attribute
/// is absent or empty; the string is a note when final chips were dropped.
pub(super) fn owari(
    attrs: &Attrs<'_>,
    seats: u8,
    src: &Source,
) -> Result<Option<(EndClaim, Option<String>)>, ImportError> {
    let Some(value) = attrs.get("owari").filter(|v| !v.trim().is_empty()) else {
        return Ok(None);
    };
    let values: Vec<f64> = attrs::list(value, "owari", src).collect::<Result<_, _>>()?;
    let n = usize::from(seats);
    if values.len() < 2 * n || !values.len().is_multiple_of(2) {
        return Err(ImportError::expected(
            Format::TenhouXml,
            src.clone(),
            format!("`owari` as {n} pairs of final score and points"),
            attrs::quote(value),
        ));
    }
    let mut scores = Vec::with_capacity(n);
    let mut points = Vec::with_capacity(n);
    for pair in values.chunks_exact(2).take(n) {
        let &[score, pts] = pair else { continue };
        // Scores are whole hundreds written as integers.
        let score = score * 100.0;
        if score.fract() != 0.0 || score.abs() > f64::from(i32::MAX) {
            return Err(expected(src, "whole scores in `owari`", &values));
        }
        scores.push(score as i32);
        points.push(pts);
    }
    let note = (values.len() >= 16).then(|| {
        "the final chip counts in `owari` are not carried (the end claim has no chips)".to_owned()
    });
    Ok(Some((
        EndClaim {
            scores: Some(scores),
            points: Some(points),
        },
        note,
    )))
}

/// `sc` split into per-seat lists.
struct Sc {
    before: Vec<i32>,
    deltas: Vec<i32>,
    chips: Option<Vec<i32>>,
}

/// Reads `sc`: score before and change per seat in hundreds, then (chip
/// lobbies, 16 numbers) chips before and change per seat.
fn scores(attrs: &Attrs<'_>, seats: u8, src: &Source) -> Result<Option<Sc>, ImportError> {
    let Some(values) = attrs.ints::<i32>("sc", src)? else {
        return Ok(None);
    };
    let n = usize::from(seats);
    if values.len() < 2 * n || !values.len().is_multiple_of(2) {
        return Err(expected(
            src,
            &format!("`sc` as {n} pairs of score and change"),
            &values,
        ));
    }
    let mut before = Vec::with_capacity(n);
    let mut deltas = Vec::with_capacity(n);
    for pair in values.chunks_exact(2).take(n) {
        let &[b, d] = pair else { continue };
        before.push(hundreds(b, src)?);
        deltas.push(hundreds(d, src)?);
    }
    let chips = (values.len() >= 16).then(|| {
        values
            .iter()
            .skip(8)
            .skip(1)
            .step_by(2)
            .take(n)
            .copied()
            .collect()
    });
    Ok(Some(Sc {
        before,
        deltas,
        chips,
    }))
}

/// Reads `ba`: counters and riichi sticks.
fn sticks(attrs: &Attrs<'_>, src: &Source) -> Result<Option<Sticks>, ImportError> {
    let Some(ba) = attrs.ints::<u8>("ba", src)? else {
        return Ok(None);
    };
    match &*ba {
        [honba, riichi] => Ok(Some(Sticks {
            honba: *honba,
            riichi: *riichi,
        })),
        _ => Err(expected(src, "`ba` as honba,riichi sticks", &ba)),
    }
}

/// A score in hundreds as points.
pub(super) fn hundreds(v: i32, src: &Source) -> Result<i32, ImportError> {
    v.checked_mul(100).ok_or_else(|| {
        ImportError::expected(
            Format::TenhouXml,
            src.clone(),
            "a score that fits in 32 bits",
            v.to_string(),
        )
    })
}

/// Narrows a number, or fails naming what was expected.
fn fit<T: TryFrom<U>, U: Copy + std::fmt::Display>(
    v: U,
    what: &str,
    src: &Source,
) -> Result<T, ImportError> {
    T::try_from(v).map_err(|_| {
        ImportError::expected(
            Format::TenhouXml,
            src.clone(),
            format!("a representable {what}"),
            v.to_string(),
        )
    })
}

fn expected(src: &Source, what: &str, found: &impl std::fmt::Debug) -> ImportError {
    ImportError::expected(
        Format::TenhouXml,
        src.clone(),
        what,
        attrs::quote(&format!("{found:?}")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;

    fn attrs(content: &str) -> Attrs<'_> {
        let mut a = Attrs::default();
        let name_len = content.find(' ').unwrap_or(content.len());
        a.load(content, name_len, &Source::default()).unwrap();
        a
    }

    fn t(s: &str) -> Tile {
        Tile::from_mjai(s).unwrap()
    }

    #[test]
    fn agari_claims() {
        let a = attrs(
            r#"AGARI ba="1,2" hai="4,10,13,22,25,29,72,77,80,88,89,91,120,122" machi="29" ten="40,8000,1" yaku="1,1,2,1,52,1,54,1,53,0" chip="2,1,54,1" doraHai="11" doraHaiUra="114" who="3" fromWho="2" sc="204,0,164,0,408,-95,204,115,0,0,0,0,0,-2,0,2""#,
        );
        let Event::Hora {
            actor,
            target,
            pai,
            claim,
        } = agari(&a, 4, true, &Source::default()).unwrap()
        else {
            panic!("not a hora")
        };
        assert_eq!((actor.get(), target.get()), (3, 2));
        assert_eq!(pai, t("8m"));
        assert_eq!(claim.han, Some(4));
        assert_eq!(claim.fu, Some(40));
        assert_eq!(claim.points, Some(8000));
        assert_eq!(claim.limit, Some(Limit::Mangan));
        let yaku: Vec<_> = claim.yaku.iter().map(|y| (y.yaku.name(), y.han)).collect();
        assert_eq!(
            yaku,
            [("riichi", 1), ("ippatsu", 1), ("dora", 1), ("aka_dora", 1)]
        );
        assert_eq!(claim.dora_markers, Some(vec![t("3m")]));
        assert_eq!(claim.ura_markers, Some(vec![t("S")]));
        let hand = claim.hand.unwrap();
        assert_eq!(hand.len(), 14);
        assert_eq!(hand[0], t("2m"));
        assert!(hand.contains(&t("5sr")));
        assert_eq!(claim.scores_before, Some(vec![20400, 16400, 40800, 20400]));
        assert_eq!(claim.deltas, Some(vec![0, 0, -9500, 11500]));
        assert_eq!(claim.chips, Some(vec![0, 0, -2, 2]));
        assert_eq!(
            claim.sticks,
            Some(Sticks {
                honba: 1,
                riichi: 2
            })
        );
        assert_eq!(claim.pao, None);
    }

    #[test]
    fn yakuman_and_pao() {
        let a = attrs(
            r#"AGARI ba="0,0" hai="124,125,126,128,129,130" m="51755" machi="130" ten="30,32000,5" yakuman="39" doraHai="5" who="1" fromWho="1" paoWho="0" sc="250,-320,250,320,250,0,250,0""#,
        );
        let Event::Hora { claim, .. } = agari(&a, 4, true, &Source::default()).unwrap() else {
            panic!("not a hora")
        };
        assert_eq!(claim.han, Some(13));
        assert_eq!(claim.yaku.len(), 1);
        assert_eq!(claim.yaku[0].yaku, Yaku::Daisangen);
        assert_eq!(claim.limit, Some(Limit::Yakuman));
        assert_eq!(claim.pao.map(|s| s.get()), Some(0));
        assert_eq!(claim.chips, None);
    }

    #[test]
    fn sanma_drops_the_fourth_pair() {
        let a = attrs(
            r#"AGARI ba="0,0" hai="36,38,39,45,47,53,56,61,68,69,71" machi="68" ten="40,12000,1" yaku="35,5" doraHai="87" who="1" fromWho="2" sc="310,0,410,130,320,-120,0,0""#,
        );
        let Event::Hora { claim, .. } = agari(&a, 3, true, &Source::default()).unwrap() else {
            panic!("not a hora")
        };
        assert_eq!(claim.deltas, Some(vec![0, 13000, -12000]));
        assert!(agari(&a, 4, true, &Source::default()).is_ok());
        let a = attrs(r#"AGARI who="1" fromWho="3" machi="1""#);
        assert!(agari(&a, 3, true, &Source::default()).is_err());
    }

    #[test]
    fn draws() {
        let a = attrs(
            r#"RYUUKYOKU ba="0,1" sc="250,15,250,-15,250,15,250,-15" hai0="1,2,3" hai2="4,5,6""#,
        );
        let Draw::Outcome(Event::Ryukyoku { kind, claim }, None) =
            ryuukyoku(&a, 4, true, &Source::default()).unwrap()
        else {
            panic!("not a draw")
        };
        assert_eq!(kind, DrawKind::Exhaustive);
        assert_eq!(claim.tenpai, Some(vec![true, false, true, false]));
        assert!(!claim.nagashi_mangan);
        let hands = claim.shown_hands.unwrap();
        assert_eq!(hands[0].as_ref().map(Vec::len), Some(3));
        assert_eq!(hands[1], None);
        assert_eq!(claim.deltas, Some(vec![1500, -1500, 1500, -1500]));

        let a = attrs(r#"RYUUKYOKU type="nm" ba="0,0" sc="250,120,250,-40,250,-40,250,-40""#);
        let Draw::Outcome(Event::Ryukyoku { kind, claim }, _) =
            ryuukyoku(&a, 4, true, &Source::default()).unwrap()
        else {
            panic!("not a draw")
        };
        assert_eq!(kind, DrawKind::Exhaustive);
        assert!(claim.nagashi_mangan);
        assert_eq!(claim.tenpai, Some(vec![false; 4]));

        let a = attrs(r#"RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" hai1="0""#);
        let Draw::Outcome(Event::Ryukyoku { kind, claim }, _) =
            ryuukyoku(&a, 4, true, &Source::default()).unwrap()
        else {
            panic!("not a draw")
        };
        assert_eq!(kind, DrawKind::NineTerminals);
        assert_eq!(claim.tenpai, None);

        let a = attrs(r#"RYUUKYOKU type="odd" ba="0,0""#);
        let e = ryuukyoku(&a, 4, true, &Source::default()).err().unwrap();
        assert!(e.to_string().contains("kaze4"), "{e}");

        let a = attrs(r#"RYUUKYOKU owari="""#);
        assert!(matches!(
            ryuukyoku(&a, 4, true, &Source::default()).unwrap(),
            Draw::Stopped
        ));
        assert!(owari(&a, 4, &Source::default()).unwrap().is_none());
    }

    #[test]
    fn final_result() {
        let a = attrs(r#"AGARI owari="487,43.0,276,-32.0,287,-11.0,0,0.0""#);
        let (end, note) = owari(&a, 3, &Source::default()).unwrap().unwrap();
        assert_eq!(end.scores, Some(vec![48700, 27600, 28700]));
        assert_eq!(end.points, Some(vec![43.0, -32.0, -11.0]));
        assert!(note.is_none());
        let a = attrs(r#"AGARI owari="238,-16.0,432,33.0,392,19.0,138,-36.0,-3,0,2,0,5,0,-4,0""#);
        let (end, note) = owari(&a, 4, &Source::default()).unwrap().unwrap();
        assert_eq!(end.points, Some(vec![-16.0, 33.0, 19.0, -36.0]));
        assert!(note.is_some());
        let a = attrs(r#"AGARI owari="1,2,3""#);
        assert!(owari(&a, 4, &Source::default()).is_err());
    }
}
