//! Checks before scoring: the tiles can be a hand at all (else
//! [`ScoreError::Malformed`]) and the situation does not contradict itself
//! or the hand (else [`ScoreError::InvalidSituation`]).

use super::{MeldKind, RiichiKind, ScoreError, Situation, WinningHand};
use crate::hand::Counts;
use crate::rules::Rules;
use crate::tile::{KINDS, Tile};

fn malformed(reason: impl Into<String>) -> ScoreError {
    ScoreError::Malformed {
        reason: reason.into(),
    }
}

fn invalid(reason: &str) -> ScoreError {
    ScoreError::InvalidSituation {
        reason: reason.to_owned(),
    }
}

/// At most one dora indicator plus one per kong (four kongs at most).
const MAX_INDICATORS: usize = 5;

/// The tiles of a hand that passed [`hand`], counted once for scoring.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tiles {
    /// The concealed tiles by kind.
    pub concealed: Counts,
    /// The concealed tiles and the melds by kind.
    pub all: Counts,
    /// Red fives among the concealed tiles and the melds.
    pub reds: u8,
}

/// Checks the tiles: counts, melds, copies, red fives, the winning tile.
pub(super) fn hand(
    hand: &WinningHand,
    situation: &Situation,
    rules: &Rules,
) -> Result<Tiles, ScoreError> {
    let melds = hand.melds.len();
    if melds > 4 {
        return Err(malformed(format!("{melds} melds; a hand has at most 4")));
    }
    let expected = 14 - 3 * melds;
    if hand.concealed.len() != expected {
        return Err(malformed(format!(
            "{} concealed tiles with {melds} melds; expected {expected}",
            hand.concealed.len()
        )));
    }
    for m in &hand.melds {
        meld(m.kind, &m.tiles)?;
    }
    if !hand.concealed.contains(&hand.win_tile) {
        return Err(malformed(format!(
            "the winning tile {} is not among the concealed tiles",
            hand.win_tile.to_compact()
        )));
    }
    if situation.dora_indicators.len() > MAX_INDICATORS
        || situation.ura_indicators.len() > MAX_INDICATORS
    {
        return Err(malformed("more than five dora or ura indicators"));
    }
    if situation.nukidora > 0 && !rules.nukidora {
        return Err(malformed(
            "north tiles set aside under rules without nukidora",
        ));
    }
    physical_tiles(hand, situation, rules)
}

/// Adds `tiles` to the counts by kind and the red fives by suit.
fn count(tiles: &[Tile], kinds: &mut [u32; KINDS], reds: &mut [u32; 3]) {
    for &t in tiles {
        let kind = t.kind();
        if let Some(n) = kinds.get_mut(usize::from(kind)) {
            *n += 1;
        }
        if t.is_red()
            && let Some(n) = reds.get_mut(usize::from(kind / 9))
        {
            *n += 1;
        }
    }
}

/// Counts as a hand holds them (at most 30 of a kind here: 14 concealed
/// tiles and four kongs).
fn narrow(kinds: &[u32; KINDS]) -> Counts {
    let mut c = Counts::default();
    for (to, &from) in c.0.iter_mut().zip(kinds) {
        *to = u8::try_from(from).unwrap_or(u8::MAX);
    }
    c
}

/// Every physical tile in view (hand, melds, indicators, north tiles set
/// aside) exists: at most four of a kind, red fives only as the rules have
/// them, no 2m–8m at a three-player table. Counts the hand on the way.
fn physical_tiles(
    hand: &WinningHand,
    situation: &Situation,
    rules: &Rules,
) -> Result<Tiles, ScoreError> {
    let mut kinds = [0u32; KINDS];
    let mut reds = [0u32; 3];
    count(&hand.concealed, &mut kinds, &mut reds);
    let concealed = narrow(&kinds);
    for m in &hand.melds {
        count(&m.tiles, &mut kinds, &mut reds);
    }
    let all = narrow(&kinds);
    let hand_reds = u8::try_from(reds.iter().sum::<u32>()).unwrap_or(u8::MAX);
    count(&situation.dora_indicators, &mut kinds, &mut reds);
    count(&situation.ura_indicators, &mut kinds, &mut reds);
    if rules.seats == 3
        && kinds.get(1..=7).is_some_and(|k| k.iter().any(|&n| n > 0))
        && let Some(t) = hand
            .concealed
            .iter()
            .chain(hand.melds.iter().flat_map(|m| m.tiles.iter()))
            .chain(&situation.dora_indicators)
            .chain(&situation.ura_indicators)
            .find(|t| (1..=7).contains(&t.kind()))
    {
        return Err(malformed(format!(
            "{} does not exist at a three-player table",
            t.to_compact()
        )));
    }
    if let Some(n) = kinds.get_mut(30) {
        *n += u32::from(situation.nukidora);
    }
    if let Some(kind) = kinds.iter().position(|&n| n > 4) {
        let name = u8::try_from(kind)
            .ok()
            .and_then(Tile::from_kind)
            .map(Tile::to_compact)
            .unwrap_or_default();
        return Err(malformed(format!(
            "more than four copies of {name} in view"
        )));
    }
    let reds_allowed = u32::from(rules.red_fives).div_ceil(3);
    if reds.iter().any(|&n| n > reds_allowed) {
        return Err(malformed(if rules.red_fives == 0 {
            "a red five under rules without red fives".to_owned()
        } else {
            format!(
                "more red fives of one suit than the rules' {}",
                rules.red_fives
            )
        }));
    }
    Ok(Tiles {
        concealed,
        all,
        reds: hand_reds,
    })
}

/// A meld has the tiles its kind needs.
fn meld(kind: MeldKind, tiles: &[Tile]) -> Result<(), ScoreError> {
    // A meld has three or four tiles; anything longer is refused below.
    let mut buf = [0u8; 4];
    for (slot, t) in buf.iter_mut().zip(tiles) {
        *slot = t.kind();
    }
    let k = buf.get_mut(..tiles.len()).unwrap_or(&mut []);
    k.sort_unstable();
    let ok = match (kind, &*k) {
        (MeldKind::Chi, &[a, b, c]) => a < 27 && a / 9 == c / 9 && b == a + 1 && c == a + 2,
        (MeldKind::Pon, &[a, b, c]) => a == b && b == c,
        (MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan, &[a, b, c, d]) => {
            a == b && b == c && c == d
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(malformed(format!(
            "a {kind:?} of {}",
            crate::tile::format_hand(tiles)
        )))
    }
}

/// Checks that the situation is possible for this hand.
pub(super) fn situation(s: &Situation, hand: &WinningHand) -> Result<(), ScoreError> {
    match contradiction(s, hand) {
        Some(why) => Err(invalid(why)),
        None => Ok(()),
    }
}

/// The first way the situation contradicts itself or the hand, if any.
fn contradiction(s: &Situation, hand: &WinningHand) -> Option<&'static str> {
    let open = hand.melds.iter().any(|m| m.kind.is_open());
    let kong = hand.melds.iter().any(|m| m.kind.is_kong());
    let riichi = s.riichi != RiichiKind::None;
    let dealer = s.dealer();
    let melds = !hand.melds.is_empty();
    // In three-player games a north set aside is replaced from the dead
    // wall too, and a win on that tile is rinshan kaihou.
    let replacement = kong || s.nukidora > 0;
    // Every check but the first needs one of these: most wins skip them.
    let special = s.ippatsu
        || s.rinshan
        || s.chankan
        || s.haitei
        || s.houtei
        || s.tenhou
        || s.chiihou
        || s.renhou;
    if !special {
        return (riichi && open).then_some("riichi with an open hand");
    }
    // In order: the first that holds is the one reported.
    let checks: [(bool, &'static str); 21] = [
        (riichi && open, "riichi with an open hand"),
        (s.ippatsu && !riichi, "ippatsu without riichi"),
        (
            s.ippatsu && s.rinshan && s.nukidora == 0,
            "ippatsu on a replacement tile (the own kong ends it)",
        ),
        (s.chankan && s.tsumo, "chankan on a self-draw"),
        (s.rinshan && !s.tsumo, "rinshan on a discard"),
        (
            s.rinshan && !replacement,
            "rinshan without a kong or a north set aside",
        ),
        (s.haitei && !s.tsumo, "haitei on a discard"),
        (s.haitei && s.rinshan, "haitei on a replacement tile"),
        (s.houtei && s.tsumo, "houtei on a self-draw"),
        (s.houtei && s.chankan, "houtei on a robbed kong"),
        (s.tenhou && !dealer, "tenhou for a non-dealer"),
        (s.tenhou && !s.tsumo, "tenhou on a discard"),
        (s.tenhou && melds, "tenhou with a meld"),
        (s.chiihou && dealer, "chiihou for the dealer"),
        (s.chiihou && !s.tsumo, "chiihou on a discard"),
        (s.chiihou && melds, "chiihou with a meld"),
        (
            (s.tenhou || s.chiihou) && riichi,
            "tenhou or chiihou after riichi",
        ),
        (s.renhou && dealer, "renhou for the dealer"),
        (s.renhou && s.tsumo, "renhou on a self-draw"),
        (s.renhou && melds, "renhou with a meld"),
        (s.renhou && riichi, "renhou after riichi"),
    ];
    checks.iter().find(|(bad, _)| *bad).map(|&(_, why)| why)
}
