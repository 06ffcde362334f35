//! The record's own wall (`StartKyoku.wall`, `formats/events.md`, "The
//! wall"), when it gives one: each draw is held against the next tile of the
//! live wall, each replacement draw against the next replacement tile, each
//! dora indicator turned against the next indicator, the ura indicators a
//! win shows against the first ones under the indicators, and the deal with
//! the wall against the tile set (`WALL-MISMATCH`). Hidden tiles are not
//! judged, but they take their place in the wall all the same.
//!
//! [`WallView`] is where play stands in that wall, for the viewer.

use crate::event::{Seat, StartKyoku, Wall, WinClaim};
use crate::rules::Rules;
use crate::tile::{KINDS, Tile, format_hand, sort_tiles};

use super::{Auditor, RuleId};

/// How far play has taken the record's wall.
#[derive(Clone, Debug)]
pub(super) struct WallTrack {
    wall: Wall,
    /// Draws from the live wall so far (hidden ones included).
    live: usize,
    /// Replacement draws so far.
    replacements: usize,
    /// Dora indicators turned (the first at the start).
    dora: usize,
    /// Ura indicators a win has shown.
    ura: usize,
}

impl WallTrack {
    /// Where the live wall ends now: each replacement draw moves its last
    /// tile into the dead wall.
    fn live_end(&self) -> usize {
        self.wall.live.len().saturating_sub(self.replacements)
    }
}

/// Where play stands in the wall the record gives: what is left of the live
/// wall, and the dead wall with what has been taken and turned. The viewer
/// shows this; the tiles are the record's, the counts the engine's replay.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WallView {
    /// The live wall's tiles still to be drawn, the next one first (its end
    /// shortened by one tile per replacement draw).
    pub live: Vec<Tile>,
    /// Tiles drawn from the live wall so far.
    pub live_drawn: usize,
    /// The replacement tiles in the order they are taken.
    pub replacements: Vec<Tile>,
    /// How many of them have been taken.
    pub replacements_taken: usize,
    /// The dora indicators in the order they are turned.
    pub dora_markers: Vec<Tile>,
    /// How many are turned (the first at the deal).
    pub dora_turned: usize,
    /// The ura indicators, each under the dora indicator of its index.
    pub ura_markers: Vec<Tile>,
    /// How many a win has shown (the ones its claim names).
    pub ura_shown: usize,
}

impl WallView {
    pub(super) fn of(track: &WallTrack) -> Self {
        let w = &track.wall;
        Self {
            live: w
                .live
                .get(track.live.min(track.live_end())..track.live_end())
                .unwrap_or_default()
                .to_vec(),
            live_drawn: track.live,
            replacements: w.replacements.clone(),
            replacements_taken: track.replacements,
            dora_markers: w.dora_markers.clone(),
            dora_turned: track.dora,
            ura_markers: w.ura_markers.clone(),
            ura_shown: track.ura,
        }
    }
}

/// One place of the wall compared: what the wall holds there (`None`: the
/// wall has no tile there) and what the log records.
struct Place {
    what: String,
    expected: Option<Tile>,
    recorded: Tile,
}

impl Auditor<'_> {
    /// The deal: the wall, when the record gives one, is kept for the
    /// kyoku; it and the hands must make up the tile set, and its first
    /// indicator must be the one turned.
    pub(super) fn wall_at_deal(&mut self, at: usize, sk: &StartKyoku) {
        let Some(wall) = sk.wall.as_deref() else {
            return;
        };
        if let Some((message, expected, recorded)) = conservation(&sk.hands, wall, self.rules) {
            self.report_values(
                at,
                RuleId::WallMismatch,
                None,
                message,
                Some(expected),
                Some(recorded),
            );
        }
        self.wall_deal(at, sk, wall);
        self.wall_place(
            at,
            None,
            Place {
                what: "the first dora indicator".into(),
                expected: wall.dora_markers.first().copied(),
                recorded: sk.dora_marker,
            },
        );
        if let Some(k) = self.kyoku.as_mut() {
            k.wall = Some(WallTrack {
                wall: wall.clone(),
                live: 0,
                replacements: 0,
                dora: 1,
                ura: 0,
            });
        }
    }

    /// Each seat's starting hand against the hand the wall deals it, when
    /// the wall gives the deal. A hand's order is not its deal's, so they
    /// are compared as sorted lists; a hand with hidden tiles is not judged.
    fn wall_deal(&mut self, at: usize, sk: &StartKyoku, wall: &Wall) {
        let counts = |tiles: &mut dyn Iterator<Item = Tile>| {
            let mut n = [0u8; 37];
            for t in tiles {
                if let Some(c) = n.get_mut(usize::from(t.index())) {
                    *c = c.saturating_add(1);
                }
            }
            n
        };
        for (i, (hand, dealt)) in sk.hands.iter().zip(&wall.deal).enumerate() {
            if hand.iter().any(Option::is_none)
                || counts(&mut hand.iter().flatten().copied()) == counts(&mut dealt.iter().copied())
            {
                continue;
            }
            let mut hand: Vec<Tile> = hand.iter().flatten().copied().collect();
            let mut dealt = dealt.clone();
            sort_tiles(&mut hand);
            sort_tiles(&mut dealt);
            let seat = u8::try_from(i).ok().and_then(Seat::new);
            let (expected, recorded) = (format_hand(&dealt), format_hand(&hand));
            self.report_values(
                at,
                RuleId::WallMismatch,
                seat,
                format!(
                    "seat {i}'s starting hand is {recorded}, but the record's wall deals {expected}"
                ),
                Some(expected),
                Some(recorded),
            );
        }
    }

    /// A draw takes the next tile of the live wall, a replacement draw the
    /// next replacement tile. A live draw past the wall's end is reported
    /// here only when `WALL-EMPTY` (which counts the tiles) has not.
    pub(super) fn wall_draw(
        &mut self,
        at: usize,
        actor: Seat,
        pai: Option<Tile>,
        rinshan: bool,
        empty_reported: bool,
    ) {
        let Some(w) = self.kyoku.as_mut().and_then(|k| k.wall.as_mut()) else {
            return;
        };
        let (i, expected) = if rinshan {
            let i = w.replacements;
            w.replacements += 1;
            (i, w.wall.replacements.get(i).copied())
        } else {
            let i = w.live;
            w.live += 1;
            let expected = w.wall.live.get(i).copied().filter(|_| i < w.live_end());
            if expected.is_none() && empty_reported {
                return;
            }
            (i, expected)
        };
        // Most draws agree: the message is written only for one that does
        // not (this runs for every draw of every Tenhou log).
        if let Some(recorded) = pai.filter(|&t| Some(t) != expected) {
            let what = if rinshan {
                format!("seat {actor}'s replacement draw {}", i + 1)
            } else {
                format!("seat {actor}'s draw {} from the live wall", i + 1)
            };
            self.wall_place(
                at,
                Some(actor),
                Place {
                    what,
                    expected,
                    recorded,
                },
            );
        }
    }

    /// A dora indicator turned: the next of the wall's indicators.
    pub(super) fn wall_dora(&mut self, at: usize, marker: Tile) {
        let Some(w) = self.kyoku.as_mut().and_then(|k| k.wall.as_mut()) else {
            return;
        };
        let i = w.dora;
        w.dora += 1;
        // An indicator the wall does not list is not judged: the layout of
        // a platform may leave out places that are also live tiles
        // (Mahjong Soul's and Tenhou's three-player fourth and fifth pairs).
        let Some(expected) = w.wall.dora_markers.get(i).copied() else {
            return;
        };
        if expected == marker {
            return;
        }
        let expected = Some(expected);
        self.wall_place(
            at,
            None,
            Place {
                what: format!("dora indicator {}", i + 1),
                expected,
                recorded: marker,
            },
        );
    }

    /// The ura indicators a win shows: the first ones of the wall's.
    pub(super) fn wall_ura(&mut self, at: usize, actor: Seat, claim: &WinClaim) {
        let Some(shown) = claim.ura_markers.as_deref() else {
            return;
        };
        let Some(w) = self.kyoku.as_mut().and_then(|k| k.wall.as_mut()) else {
            return;
        };
        w.ura = w.ura.max(shown.len());
        // As with dora indicators, one the wall does not list is not judged.
        let places: Vec<Place> = shown
            .iter()
            .zip(&w.wall.ura_markers)
            .enumerate()
            .filter(|(_, (t, e))| t != e)
            .map(|(i, (t, e))| Place {
                what: format!("ura indicator {}", i + 1),
                expected: Some(*e),
                recorded: *t,
            })
            .collect();
        for place in places {
            self.wall_place(at, Some(actor), place);
        }
    }

    fn wall_place(&mut self, at: usize, seat: Option<Seat>, place: Place) {
        let Place {
            what,
            expected,
            recorded,
        } = place;
        match expected {
            Some(e) if e == recorded => {}
            Some(e) => self.report_values(
                at,
                RuleId::WallMismatch,
                seat,
                format!("{what} is {recorded}, but the record's wall has {e} there"),
                Some(e.to_string()),
                Some(recorded.to_string()),
            ),
            None => self.report_values(
                at,
                RuleId::WallMismatch,
                seat,
                format!("{what} is {recorded}, but the record's wall has no tile there"),
                Some("no tile".into()),
                Some(recorded.to_string()),
            ),
        }
    }
}

/// Whether the hands and the wall make up the rules' tile set: four of each
/// kind of the set (108 tiles without 2m–8m for three players), a red five
/// counted as its kind, no suit with more red fives than the rules give a
/// suit (`Rules::red_fives_in`, one when they have none), and, when
/// the rules have red fives (and their values are known to be the game's),
/// that many in each suit of the set. A set with red
/// fives the rules do not have is `TILE-NOT-IN-SET` once one comes into
/// play, not a mismatch of the wall. With hidden tiles in the hands only an
/// excess is judged. Returns the message, the expected and the recorded
/// counts of the kinds that differ.
fn conservation(
    hands: &[Vec<Option<Tile>>],
    wall: &Wall,
    rules: &Rules,
) -> Option<(String, String, String)> {
    let mut counts = [0u16; 37];
    let mut total = 0usize;
    let tiles = hands
        .iter()
        .flatten()
        .flatten()
        .copied()
        .chain(wall.tiles());
    for t in tiles {
        if let Some(n) = counts.get_mut(usize::from(t.index())) {
            *n = n.saturating_add(1);
        }
        total += 1;
    }
    let hidden = hands.iter().flatten().any(Option::is_none);
    let count = |i: usize| counts.get(i).copied().unwrap_or(0);
    let in_set = |kind: usize| rules.seats != 3 || !(1..=7).contains(&kind);
    let mut differ: Vec<(Tile, u16, u16)> = Vec::new();
    for kind in 0..KINDS {
        let red = match kind {
            4 => 34,
            13 => 35,
            22 => 36,
            _ => usize::MAX,
        };
        let have = count(kind) + count(red);
        let want = if in_set(kind) { 4 } else { 0 };
        if have > want || (have < want && !hidden) {
            differ
                .extend(Tile::from_kind(u8::try_from(kind).unwrap_or(0)).map(|t| (t, want, have)));
        }
        if red == usize::MAX || !in_set(kind) {
            continue;
        }
        let reds = count(red);
        // As many red fives a suit as the set has (more than one only
        // where the profile says so), and at most one otherwise.
        let per_suit = u16::from(rules.red_fives_in(kind / 9).max(1));
        // Whether the game has red fives is the profile's value: judged
        // only when the profile's values are known to be the game's.
        let want_red = if rules.red_fives > 0 && rules.values_known {
            per_suit
        } else {
            reds.min(per_suit)
        };
        if reds > per_suit || (reds < want_red && !hidden) {
            differ.extend(
                Tile::from_index(u8::try_from(red).unwrap_or(0)).map(|t| (t, want_red, reds)),
            );
        }
    }
    if differ.is_empty() {
        return None;
    }
    let set = if rules.seats == 3 { 108 } else { 136 };
    let list = |pick: fn(&(Tile, u16, u16)) -> u16| {
        differ
            .iter()
            .map(|d| format!("{}×{}", d.0, pick(d)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let reds = if rules.red_fives > 0 {
        " with red fives"
    } else {
        ""
    };
    Some((
        format!(
            "the deal and the record's wall ({total} tiles{}) are not the {set}-tile set{reds}: {}",
            if hidden { ", some hidden" } else { "" },
            list(|d| d.2)
        ),
        list(|d| d.1),
        list(|d| d.2),
    ))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::tile::t;

    /// The four-player set with three red fives, dealt 13 a seat in order,
    /// the rest as the wall in the layout's order.
    fn full_set(seats: u8) -> (Vec<Vec<Option<Tile>>>, Wall) {
        let mut all: Vec<Tile> = Vec::new();
        for kind in Tile::all_kinds() {
            if seats == 3 && (1..=7).contains(&kind.kind()) {
                continue;
            }
            for copy in 0..4 {
                let red = copy == 0 && kind.number() == 5 && !kind.is_honor();
                all.push(if red { kind.reddened().unwrap() } else { kind });
            }
        }
        let dealt = 13 * usize::from(seats);
        let hands = all[..dealt]
            .chunks(13)
            .map(|h| h.iter().copied().map(Some).collect())
            .collect();
        let rest = &all[dealt..];
        let live = rest.len() - 14;
        let wall = Wall {
            live: rest[..live].to_vec(),
            replacements: rest[live..live + 4].to_vec(),
            dora_markers: rest[live + 4..live + 9].to_vec(),
            ura_markers: rest[live + 9..].to_vec(),
            deal: Vec::new(),
        };
        (hands, wall)
    }

    #[test]
    fn a_whole_set_conserves_under_every_profile_of_its_size() {
        for name in ["tenhou", "mahjongsoul", "ema2016", "wrc2015", "ema2012"] {
            let rules = Rules::preset(name).unwrap();
            let (hands, wall) = full_set(4);
            assert_eq!(wall.live.len(), 70);
            assert_eq!(conservation(&hands, &wall, &rules), None, "{name}");
        }
        let sanma = Rules::preset("tenhou-sanma").unwrap();
        let (hands, wall) = full_set(3);
        assert_eq!(wall.live.len(), 55);
        assert_eq!(conservation(&hands, &wall, &sanma), None);
    }

    #[test]
    fn a_tile_swapped_for_another_is_named_both_ways() {
        let rules = Rules::preset("tenhou").unwrap();
        let (hands, mut wall) = full_set(4);
        let i = wall.live.iter().position(|x| *x == t("7p")).unwrap();
        wall.live[i] = t("3m");
        let (message, expected, recorded) = conservation(&hands, &wall, &rules).unwrap();
        assert_eq!(expected, "3m×4 7p×4");
        assert_eq!(recorded, "3m×5 7p×3");
        assert!(message.contains("136-tile set"), "{message}");
    }

    #[test]
    fn red_fives_are_judged_only_where_the_rules_have_them() {
        let (hands, mut wall) = full_set(4);
        let red = wall.live.iter().position(|x| *x == t("5sr"));
        let red = red.unwrap_or_else(|| panic!("the red 5s is dealt"));
        wall.live[red] = t("5s");
        let tenhou = Rules::preset("tenhou").unwrap();
        let (_, expected, recorded) = conservation(&hands, &wall, &tenhou).unwrap();
        assert_eq!((expected.as_str(), recorded.as_str()), ("5sr×1", "5sr×0"));
        // EMA 2016 has no red fives: four plain 5s are its set.
        let ema = Rules::preset("ema2016").unwrap();
        assert_eq!(conservation(&hands, &wall, &ema), None);
        // Nor is a missing red five judged when the values are not known.
        let unknown = Rules {
            values_known: false,
            ..tenhou.clone()
        };
        assert_eq!(conservation(&hands, &wall, &unknown), None);
        // A second red five is no set's.
        wall.live[red] = t("5pr");
        let i = wall.live.iter().position(|x| *x == t("5p")).unwrap();
        wall.live[i] = t("5s");
        let (_, _, recorded) = conservation(&hands, &wall, &ema).unwrap();
        assert_eq!(recorded, "5pr×2");
    }

    #[test]
    fn with_hidden_hands_only_an_excess_counts() {
        let rules = Rules::preset("tenhou").unwrap();
        let (mut hands, mut wall) = full_set(4);
        hands[1] = vec![None; 13];
        assert_eq!(conservation(&hands, &wall, &rules), None);
        wall.live[0] = t("E");
        wall.live[1] = t("E");
        let (message, _, recorded) = conservation(&hands, &wall, &rules).unwrap();
        assert!(message.contains("some hidden"), "{message}");
        assert!(recorded.contains("E×"), "{recorded}");
    }

    fn fixture(name: &str) -> crate::event::GameLog {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata/rules/WALL-MISMATCH")
            .join(name);
        let bytes = std::fs::read(path).unwrap();
        crate::import::import_bytes(&bytes, &crate::import::ImportOptions::default()).unwrap()
    }

    fn mismatches(log: &crate::event::GameLog) -> Vec<crate::engine::Finding> {
        let rules = Rules::preset("tenhou").unwrap();
        super::super::audit(log, &rules)
            .findings
            .into_iter()
            .filter(|f| f.rule == RuleId::WallMismatch)
            .collect()
    }

    #[test]
    fn a_swapped_draw_names_the_event_the_seat_and_both_tiles() {
        let log = fixture("hit_draw_order.jsonl");
        let found = mismatches(&log);
        assert_eq!(found.len(), 2);
        let f = &found[0];
        // The fifth draw is the dealer's second.
        assert_eq!(f.seat, Seat::new(0));
        let crate::event::Event::Tsumo { pai: Some(pai), .. } = &log.events[f.event].event else {
            panic!("{f}");
        };
        assert_eq!(f.recorded.as_deref(), Some(pai.to_string().as_str()));
        assert_ne!(f.expected, f.recorded);
        assert!(f.message.contains("draw 5 from the live wall"), "{f}");
    }

    #[test]
    fn a_draw_past_the_end_of_a_short_wall_is_reported_where_wall_empty_is_not() {
        // The record's live wall is ten tiles short (and the set short of
        // them): the last ten draws have no tile of the wall to be.
        let mut log = fixture("miss.jsonl");
        let crate::event::Event::StartKyoku(sk) = &mut log.events[0].event else {
            panic!("{:?}", log.events[0]);
        };
        let wall = sk.wall.as_mut().unwrap();
        wall.live.truncate(60);
        let found = mismatches(&log);
        assert_eq!(found.len(), 11, "{found:#?}");
        assert!(
            found[0].message.contains("not the 136-tile set"),
            "{}",
            found[0]
        );
        assert!(
            found[1..]
                .iter()
                .all(|f| f.expected.as_deref() == Some("no tile")),
            "{found:#?}"
        );
    }

    #[test]
    fn the_replay_shows_the_wall_as_play_takes_it() {
        let log = fixture("miss_kong.jsonl");
        let rules = Rules::preset("tenhou").unwrap();
        let wall = |i: usize| {
            super::super::view_at(&log, &rules, i)
                .unwrap()
                .wall
                .unwrap()
        };
        let at_deal = wall(0);
        assert_eq!((at_deal.live.len(), at_deal.live_drawn), (70, 0));
        assert_eq!((at_deal.dora_turned, at_deal.replacements_taken), (1, 0));
        // Draw, kong, dora, replacement draw: events 1 to 4.
        let after = wall(4);
        assert_eq!((after.live_drawn, after.replacements_taken), (1, 1));
        assert_eq!(after.dora_turned, 2);
        let v = super::super::view_at(&log, &rules, 4).unwrap();
        assert_eq!(
            after.live.len(),
            usize::try_from(v.state.live_wall).unwrap()
        );
        // The live wall lost its last tile to the dead wall.
        let crate::event::Event::StartKyoku(sk) = &log.events[0].event else {
            panic!("{:?}", log.events[0])
        };
        let full = sk.wall.as_deref().unwrap();
        assert_eq!(after.live.last(), full.live.get(68));
        assert_eq!(after.live.first(), full.live.get(1));
        // A record without a wall has no wall view.
        let plain = crate::import::import_str(
            &std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("testdata/rules/WALL-EMPTY/miss.jsonl"),
            )
            .unwrap(),
            crate::event::Format::Mjai,
        )
        .unwrap();
        assert!(
            super::super::view_at(&plain, &rules, 3)
                .unwrap()
                .wall
                .is_none()
        );
    }

    #[test]
    fn a_win_shows_its_ura_indicators() {
        let log = fixture("miss_ura.jsonl");
        let rules = Rules::preset("tenhou").unwrap();
        let win = log.events.iter().position(|e| e.event.is_win()).unwrap();
        let before = super::super::view_at(&log, &rules, win - 1).unwrap();
        assert_eq!(before.wall.unwrap().ura_shown, 0);
        let after = super::super::view_at(&log, &rules, win).unwrap();
        assert_eq!(after.wall.unwrap().ura_shown, 1);
        let mut replay = super::super::Replay::new(&log, &rules);
        while replay.position() <= win {
            replay.step();
        }
        assert_eq!(replay.wall().map(|w| w.ura_shown), Some(1));
    }

    #[test]
    fn the_view_shortens_the_live_wall_by_each_replacement_draw() {
        let (_, wall) = full_set(4);
        let track = WallTrack {
            wall: wall.clone(),
            live: 10,
            replacements: 2,
            dora: 3,
            ura: 0,
        };
        let v = WallView::of(&track);
        assert_eq!(v.live.len(), 70 - 10 - 2);
        assert_eq!(v.live.first(), wall.live.get(10));
        assert_eq!(v.live.last(), wall.live.get(67));
        assert_eq!((v.replacements_taken, v.dora_turned), (2, 3));
        // Past the end: nothing left, never a panic.
        let done = WallTrack { live: 80, ..track };
        assert!(WallView::of(&done).live.is_empty());
    }
}
