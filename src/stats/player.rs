//! The games' tallies added up per player: one line per player and table
//! size (and group, when asked), with the rates taken.

use std::collections::BTreeMap;

use serde::Serialize;

use super::review::{KindLine, WorkOn};
use super::{GameStats, ReviewTally, Tally};

/// What the lines are split by, besides the player and the table size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum By {
    /// The platform (Tenhou, Mahjong Soul, Riichi City, Majiang).
    Platform,
    /// The lobby or room, as the log names it.
    Lobby,
    /// The month the game was played (`2020-05`).
    Month,
}

/// How the games are added up.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Options {
    /// Only these names, merged into one person (the first name is the
    /// line's); empty: every player, each name its own.
    pub players: Vec<String>,
    /// Split each player's line by this.
    pub by: Option<By>,
    /// Leave out lines of fewer games.
    pub min_games: u32,
}

/// What one line is of: a person at a table size, in a group.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct PlayerKey {
    /// The player's name (the first `--player` name for a merged person).
    pub name: String,
    /// The table size: 3 or 4.
    pub seats: u8,
    /// The group's value (`None`: not split, or the log does not say).
    pub group: Option<String>,
}

/// One player's games added up.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerStats {
    /// Whose games.
    pub key: PlayerKey,
    /// The names merged (those the games showed).
    pub names: Vec<String>,
    /// Games played.
    pub games: u32,
    /// Games with recorded final scores (placed).
    pub placed_games: u32,
    /// Per placement, the games ended in it (3 or 4 entries).
    pub placements: Vec<u32>,
    /// The placements summed.
    pub placement_sum: u64,
    /// The final scores summed, over the placed games.
    pub final_points_sum: i64,
    /// The counts of every kyoku played.
    pub tally: Tally,
    /// The review's decisions and items, when every game was reviewed
    /// beside the statistics (`None` otherwise).
    pub review: Option<ReviewTally>,
    /// Games with a review.
    reviewed: u32,
}

impl PlayerStats {
    fn new(key: PlayerKey) -> Self {
        Self {
            placements: vec![0; usize::from(key.seats)],
            key,
            names: Vec::new(),
            games: 0,
            placed_games: 0,
            placement_sum: 0,
            final_points_sum: 0,
            tally: Tally::default(),
            review: None,
            reviewed: 0,
        }
    }
}

/// The group a game falls in.
fn group(game: &GameStats, by: Option<By>) -> Option<String> {
    match by? {
        By::Platform => game.platform.map(|p| {
            serde_json::to_value(p)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default()
        }),
        By::Lobby => game.lobby.clone(),
        By::Month => game.month.clone(),
    }
}

/// Every player's games added up, in the order of name, table size and
/// group; lines of fewer than `options.min_games` games are left out.
pub fn collect<'a>(
    games: impl IntoIterator<Item = &'a GameStats>,
    options: &Options,
) -> Vec<PlayerStats> {
    let mut lines: BTreeMap<PlayerKey, PlayerStats> = BTreeMap::new();
    for game in games {
        let group = group(game, options.by);
        for seat in &game.players {
            let name = if options.players.is_empty() {
                seat.name.clone()
            } else if options.players.contains(&seat.name) {
                options.players.first().cloned().unwrap_or_default()
            } else {
                continue;
            };
            let key = PlayerKey {
                name,
                seats: game.seats,
                group: group.clone(),
            };
            let line = lines
                .entry(key.clone())
                .or_insert_with(|| PlayerStats::new(key));
            if !line.names.contains(&seat.name) {
                line.names.push(seat.name.clone());
            }
            line.games += 1;
            line.tally += &seat.tally;
            if let Some(r) = &seat.review {
                line.reviewed += 1;
                line.review.get_or_insert_default().merge(r);
            }
            if let (Some(place), Some(points)) = (seat.placement, seat.final_points)
                && let Some(n) = line
                    .placements
                    .get_mut(usize::from(place).saturating_sub(1))
            {
                *n += 1;
                line.placed_games += 1;
                line.placement_sum += u64::from(place);
                line.final_points_sum += i64::from(points);
            }
        }
    }
    lines
        .into_values()
        .filter(|l| l.games >= options.min_games)
        .map(|mut l| {
            // A review of some games only would make the rates a mix.
            if l.reviewed < l.games {
                l.review = None;
            }
            l
        })
        .collect()
}

/// A rate: `None` for a zero denominator, never 0.
fn ratio(n: impl Into<f64>, d: u32) -> Option<f64> {
    (d > 0).then(|| n.into() / f64::from(d))
}

/// One player line of `paifu stats --format json` (`formats/stats.md`).
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct PlayerLine {
    /// Always `player`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The player's name.
    pub name: String,
    /// The names merged.
    pub names: Vec<String>,
    /// The group's value (only when split).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<Option<String>>,
    /// The table size.
    pub seats: u8,
    /// Games played.
    pub games: u32,
    /// Games with recorded final scores.
    pub placed_games: u32,
    /// Kyoku played.
    pub kyoku: u32,
    /// Games per placement.
    pub placements: Vec<u32>,
    /// The mean placement of the placed games.
    pub average_placement: Option<f64>,
    /// The mean final score of the placed games.
    pub average_final_points: Option<f64>,
    /// Wins / kyoku.
    pub win_rate: Option<f64>,
    /// Deal-ins / kyoku.
    pub deal_in_rate: Option<f64>,
    /// Riichi / kyoku.
    pub riichi_rate: Option<f64>,
    /// Kyoku with a call / kyoku.
    pub call_rate: Option<f64>,
    /// Exhaustive draws / kyoku.
    pub draw_rate: Option<f64>,
    /// Tenpai at an exhaustive draw / exhaustive draws with tenpai known.
    pub tenpai_at_draw_rate: Option<f64>,
    /// Tsumo wins / wins.
    pub tsumo_share: Option<f64>,
    /// Closed wins without riichi / wins.
    pub dama_share: Option<f64>,
    /// Mean value of the valued wins.
    pub average_win: Option<f64>,
    /// Mean payment of the valued deal-ins.
    pub average_deal_in: Option<f64>,
    /// First riichi / riichi.
    pub riichi_first_share: Option<f64>,
    /// Chasing riichi / riichi.
    pub riichi_chasing_share: Option<f64>,
    /// Good waits / riichi with the hand known.
    pub riichi_good_wait_share: Option<f64>,
    /// Mean unseen wait tiles of the riichi with the hand known.
    pub average_riichi_unseen_waits: Option<f64>,
    /// Deal-ins while tenpai / deal-ins with the hand known.
    pub deal_in_while_tenpai_share: Option<f64>,
    /// Discard decisions the review analysed (`null` without the review).
    pub decisions: Option<u32>,
    /// The review's items per kind (`null` without the review).
    pub review_items: Option<BTreeMap<&'static str, KindLine>>,
    /// The three costliest kinds, a sentence each (`null` without the
    /// review).
    pub work_on: Option<Vec<WorkOn>>,
    /// The counts behind the rates.
    #[serde(flatten)]
    pub counts: Counts,
}

/// The counts behind [`PlayerLine`]'s rates, under their JSON names.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[allow(missing_docs)] // each is a field of `Tally`, documented there
pub struct Counts {
    pub wins: u32,
    pub deal_ins: u32,
    pub riichi: u32,
    pub calls: u32,
    pub exhaustive_draws: u32,
    pub tenpai_at_draw: u32,
    pub tenpai_at_draw_known: u32,
    pub tsumo_wins: u32,
    pub dama_wins: u32,
    pub wins_valued: u32,
    pub deal_ins_valued: u32,
    pub riichi_first: u32,
    pub riichi_chasing: u32,
    pub riichi_known_hand: u32,
    pub riichi_good_wait: u32,
    pub deal_ins_known_hand: u32,
    pub deal_ins_while_tenpai: u32,
}

impl PlayerStats {
    /// The line with its rates; `split` says whether the lines are split
    /// by a group (the line then carries it, `null` when unknown).
    #[must_use]
    pub fn line(&self, split: bool) -> PlayerLine {
        let t = &self.tally;
        // Points fit f64 exactly far beyond any corpus.
        #[allow(clippy::cast_precision_loss)]
        let mean = |sum: i64, n: u32| (n > 0).then(|| sum as f64 / f64::from(n));
        #[allow(clippy::cast_precision_loss)]
        let average_placement = (self.placed_games > 0)
            .then(|| self.placement_sum as f64 / f64::from(self.placed_games));
        PlayerLine {
            kind: "player",
            name: self.key.name.clone(),
            names: self.names.clone(),
            group: split.then(|| self.key.group.clone()),
            seats: self.key.seats,
            games: self.games,
            placed_games: self.placed_games,
            kyoku: t.kyoku,
            placements: self.placements.clone(),
            average_placement,
            average_final_points: mean(self.final_points_sum, self.placed_games),
            win_rate: ratio(t.wins, t.kyoku),
            deal_in_rate: ratio(t.deal_ins, t.kyoku),
            riichi_rate: ratio(t.riichi, t.kyoku),
            call_rate: ratio(t.calls, t.kyoku),
            draw_rate: ratio(t.exhaustive_draws, t.kyoku),
            tenpai_at_draw_rate: ratio(t.tenpai_at_draw, t.tenpai_at_draw_known),
            tsumo_share: ratio(t.tsumo_wins, t.wins),
            dama_share: ratio(t.dama_wins, t.wins),
            average_win: mean(t.win_points, t.wins_valued),
            average_deal_in: mean(t.deal_in_points, t.deal_ins_valued),
            riichi_first_share: ratio(t.riichi_first, t.riichi),
            riichi_chasing_share: ratio(t.riichi_chasing, t.riichi),
            riichi_good_wait_share: ratio(t.riichi_good_wait, t.riichi_known_hand),
            average_riichi_unseen_waits: ratio(t.riichi_unseen_waits, t.riichi_known_hand),
            deal_in_while_tenpai_share: ratio(t.deal_ins_while_tenpai, t.deal_ins_known_hand),
            decisions: self.review.as_ref().map(|r| r.decisions),
            review_items: self.review.as_ref().map(|r| {
                r.kinds
                    .iter()
                    .map(|c| (c.kind.code(), r.kind_line(c)))
                    .collect()
            }),
            work_on: self.review.as_ref().map(ReviewTally::work_on_lines),
            counts: Counts {
                wins: t.wins,
                deal_ins: t.deal_ins,
                riichi: t.riichi,
                calls: t.calls,
                exhaustive_draws: t.exhaustive_draws,
                tenpai_at_draw: t.tenpai_at_draw,
                tenpai_at_draw_known: t.tenpai_at_draw_known,
                tsumo_wins: t.tsumo_wins,
                dama_wins: t.dama_wins,
                wins_valued: t.wins_valued,
                deal_ins_valued: t.deal_ins_valued,
                riichi_first: t.riichi_first,
                riichi_chasing: t.riichi_chasing,
                riichi_known_hand: t.riichi_known_hand,
                riichi_good_wait: t.riichi_good_wait,
                deal_ins_known_hand: t.deal_ins_known_hand,
                deal_ins_while_tenpai: t.deal_ins_while_tenpai,
            },
        }
    }
}
