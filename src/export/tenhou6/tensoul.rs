//! Where a tenhou.net/6 file that tensoul (the usual converter of Mahjong
//! Soul records) wrote of the same game would differ from paifu's, said per
//! case in `paifu_notes` (`formats/majsoul.md`, "tensoul").
//!
//! tensoul reads the same record but guesses what it does not look up:
//! the kind of an abortive draw, which copy of a five marks a concealed
//! kong, whether the dealer's first discard was the tile dealt fourteenth,
//! who is liable for a big-three-dragons or big-four-winds hand; and it
//! writes an exhaustive draw with every seat (or no seat) tenpai as a plain
//! `流局`. paifu reads these from the record; each note names the kyoku, the
//! seat and the call or outcome.

use crate::event::{DrawKind, Event, Format, GameLog, Seat, StartKyoku, WinClaim};
use crate::tile::Tile;
use crate::yaku::Yaku;

/// What tensoul counts in a kyoku to guess from.
#[derive(Default)]
struct Kyoku {
    label: String,
    dealer: Option<Seat>,
    /// Each seat's draws in order, the dealer's fourteenth first.
    drawn: Vec<Vec<Tile>>,
    /// The dealer has not discarded yet.
    first_discard: bool,
    riichi: usize,
    kongs: usize,
    /// Per seat: sets of winds and dragons, and who fed the last one that
    /// makes four winds or three dragons (`None`: a concealed kong did).
    winds: Vec<u8>,
    dragons: Vec<u8>,
    wind_feeder: Option<Option<Seat>>,
    dragon_feeder: Option<Option<Seat>>,
}

impl Kyoku {
    fn new(sk: &StartKyoku, seats: usize) -> Self {
        Self {
            label: sk.label(),
            dealer: Some(sk.dealer),
            drawn: vec![Vec::new(); seats],
            first_discard: true,
            winds: vec![0; seats],
            dragons: vec![0; seats],
            ..Self::default()
        }
    }

    /// A set of `tile` for `owner`, fed by `feeder` (`None`: concealed).
    fn set(&mut self, tile: Tile, owner: Seat, feeder: Option<Seat>) {
        let kind = tile.kind();
        let i = owner.index();
        if (27..31).contains(&kind) {
            if let Some(n) = self.winds.get_mut(i) {
                *n += 1;
                if *n == 4 {
                    self.wind_feeder = Some(feeder);
                }
            }
        } else if kind >= 31
            && let Some(n) = self.dragons.get_mut(i)
        {
            *n += 1;
            if *n == 3 {
                self.dragon_feeder = Some(feeder);
            }
        }
    }
}

/// The notes for a Mahjong Soul game; none for other games.
pub(super) fn notes(log: &GameLog) -> Vec<String> {
    if log.meta.format != Format::MahjongSoul {
        return Vec::new();
    }
    let seats = usize::from(log.meta.seats);
    let mut notes = Vec::new();
    let mut k = Kyoku::default();
    for entry in &log.events {
        match &entry.event {
            Event::StartKyoku(sk) => k = Kyoku::new(sk, seats),
            Event::Tsumo {
                actor,
                pai: Some(pai),
                ..
            } => {
                if let Some(d) = k.drawn.get_mut(actor.index()) {
                    d.push(*pai);
                }
            }
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
                riichi,
            } => {
                if *riichi {
                    k.riichi += 1;
                }
                if k.first_discard && Some(*actor) == k.dealer {
                    k.first_discard = false;
                    let fourteenth = k.drawn.get(actor.index()).and_then(|d| d.first());
                    if !tsumogiri && fourteenth == Some(pai) {
                        notes.push(format!(
                            "{}: the dealer's first discard {pai} is another copy than the tile dealt fourteenth, as the record says (`moqie` false); tensoul writes it as that tile (60, tsumogiri), comparing tiles",
                            k.label
                        ));
                    }
                }
            }
            Event::Pon {
                actor, target, pai, ..
            }
            | Event::Daiminkan {
                actor, target, pai, ..
            } => {
                if matches!(entry.event, Event::Daiminkan { .. }) {
                    k.kongs += 1;
                }
                k.set(*pai, *actor, Some(*target));
            }
            Event::Kakan { .. } => k.kongs += 1,
            Event::Ankan { actor, consumed } => {
                k.kongs += 1;
                k.set(consumed[0], *actor, None);
                if let Some(note) = concealed_kong(&k, *actor, consumed) {
                    notes.push(note);
                }
            }
            Event::Hora {
                actor,
                target,
                claim,
                ..
            } => {
                if let Some(note) = liability(&k, *actor, *target, claim) {
                    notes.push(note);
                }
            }
            Event::Ryukyoku { kind, claim } => {
                let label = &k.label;
                match kind {
                    DrawKind::Exhaustive if !claim.nagashi_mangan => {
                        let every = claim.tenpai.as_deref().and_then(|t| {
                            if t.iter().all(|x| *x) {
                                Some(("every seat tenpai", "全員聴牌"))
                            } else if t.iter().all(|x| !*x) {
                                Some(("no seat tenpai", "全員不聴"))
                            } else {
                                None
                            }
                        });
                        if let Some((who, name)) = every {
                            notes.push(format!(
                                "{label}: an exhaustive draw with {who}: paifu writes `{name}`, tensoul `流局` with no payments"
                            ));
                        }
                    }
                    DrawKind::FourRiichi | DrawKind::FourKongs | DrawKind::TripleRon => {
                        notes.push(abortive(&k, *kind));
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    notes
}

/// An abortive draw whose kind tensoul guesses from what it counted.
fn abortive(k: &Kyoku, kind: DrawKind) -> String {
    let (what, ours) = match kind {
        DrawKind::FourRiichi => ("four riichi", "四家立直"),
        DrawKind::FourKongs => ("four kongs", "四槓散了"),
        _ => ("a triple ron", "三家和了"),
    };
    // tensoul: four riichi declared, else four kongs or more, else a
    // triple ron.
    let (guess, name) = if k.riichi == 4 {
        ("four riichi", "四家立直")
    } else if k.kongs >= 4 {
        ("four kongs", "四開槓")
    } else {
        ("a triple ron", "三家和")
    };
    let label = &k.label;
    if guess == what {
        format!(
            "{label}: an abortive draw by {what} (the record's type): paifu writes `{ours}`, tensoul `{name}`"
        )
    } else {
        format!(
            "{label}: an abortive draw by {what} (the record's type): paifu writes `{ours}`; tensoul, which guesses the kind from {} riichi and {} kongs, writes `{name}` ({guess})",
            k.riichi, k.kongs
        )
    }
}

/// A concealed kong of fives with its red five: tensoul lists the seat's
/// dealt and drawn copies in the order it met them and marks the last one
/// (`…a…`); paifu writes the plain fives, then the red one as the mark.
fn concealed_kong(k: &Kyoku, actor: Seat, consumed: &[Tile; 4]) -> Option<String> {
    let red = consumed.iter().find(|t| t.is_red())?;
    let kind = red.kind();
    let drawn: Vec<Tile> = k
        .drawn
        .get(actor.index())?
        .iter()
        .copied()
        .filter(|t| t.kind() == kind)
        .collect();
    let label = &k.label;
    match drawn.last() {
        Some(last) if last == red => None,
        Some(last) => Some(format!(
            "{label}: seat {actor}'s concealed kong of {}: tensoul marks the copy drawn last ({last}) and lists the red five among the others; paifu marks the red five",
            red.plain()
        )),
        None => Some(format!(
            "{label}: seat {actor}'s concealed kong of {}, all four dealt: tensoul lists them in the order the record deals them and marks the last; paifu marks the red five",
            red.plain()
        )),
    }
}

/// A win whose liability tensoul works out itself: only for big three
/// dragons and big four winds, from who fed the last set.
fn liability(k: &Kyoku, actor: Seat, target: Seat, claim: &WinClaim) -> Option<String> {
    let has = |y: &Yaku| claim.yaku.iter().any(|c| c.yaku == *y);
    let feeder = if has(&Yaku::Daisuushii) {
        k.wind_feeder.flatten()
    } else if has(&Yaku::Daisangen) {
        k.dragon_feeder.flatten()
    } else {
        None
    };
    // A liable seat that is the winner's own is none.
    let feeder = feeder.filter(|f| *f != actor);
    if feeder == claim.pao {
        return None;
    }
    let name = |s: Option<Seat>| s.map_or("nobody".to_owned(), |s| format!("seat {s}"));
    let from = if target == actor {
        "tsumo".to_owned()
    } else {
        format!("ron on seat {target}")
    };
    Some(format!(
        "{}: seat {actor}'s win ({from}): the record makes {} liable (`baopai`); tensoul, which counts the sets fed, would make {} liable and compute the payments itself",
        k.label,
        name(claim.pao),
        name(feeder)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{DrawClaim, Entry, GameMeta, Wind};
    use crate::tile::parse_hand;
    use crate::tile::t;

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    fn game(events: Vec<Event>) -> GameLog {
        let mut hands = vec![vec![Some(t("1z")); 13]; 4];
        hands[0] = parse_hand("555m123p456s789s11z")
            .unwrap()
            .into_iter()
            .take(12)
            .chain([t("0m")])
            .map(Some)
            .collect();
        let start = StartKyoku {
            round_wind: Wind::East,
            kyoku: 1,
            honba: 0,
            riichi_sticks: 0,
            dealer: seat(0),
            scores: None,
            dora_marker: t("1p"),
            hands,
            wall: None,
        };
        let mut all = vec![Event::StartKyoku(Box::new(start))];
        all.extend(events);
        GameLog {
            meta: GameMeta::new(Format::MahjongSoul, 4),
            events: all
                .into_iter()
                .map(|event| Entry {
                    event,
                    src: crate::event::Source::default(),
                })
                .collect(),
        }
    }

    fn dealer_draws(tile: &str) -> Event {
        Event::Tsumo {
            actor: seat(0),
            pai: Some(t(tile)),
            rinshan: false,
        }
    }

    fn dealer_discards(tile: &str, tsumogiri: bool) -> Event {
        Event::Dahai {
            actor: seat(0),
            pai: t(tile),
            tsumogiri,
            riichi: false,
        }
    }

    #[test]
    fn each_guess_is_named_where_it_would_differ() {
        let draw = |tenpai: Vec<bool>| Event::Ryukyoku {
            kind: DrawKind::Exhaustive,
            claim: Box::new(DrawClaim {
                tenpai: Some(tenpai),
                ..DrawClaim::default()
            }),
        };
        // The dealer discards a copy of the fourteenth tile from the hand.
        let log = game(vec![
            dealer_draws("1z"),
            dealer_discards("1z", false),
            draw(vec![true; 4]),
        ]);
        let n = notes(&log);
        assert_eq!(n.len(), 2, "{n:?}");
        assert!(
            n[0].starts_with("E1-0: the dealer's first discard"),
            "{n:?}"
        );
        assert!(n[1].contains("`全員聴牌`"), "{n:?}");
        // A draw with tenpai and noten seats, and a tsumogiri: nothing.
        let log = game(vec![
            dealer_draws("1z"),
            dealer_discards("1z", true),
            draw(vec![true, false, false, true]),
        ]);
        assert!(notes(&log).is_empty());
        // A concealed kong of fives whose red five was dealt, the fourth
        // five drawn: tensoul marks the drawn plain five.
        let log = game(vec![
            dealer_draws("5m"),
            Event::Ankan {
                actor: seat(0),
                consumed: [t("5m"), t("5m"), t("5m"), t("0m")],
            },
            Event::Ryukyoku {
                kind: DrawKind::FourKongs,
                claim: Box::new(DrawClaim::default()),
            },
        ]);
        let n = notes(&log);
        assert!(n[0].contains("concealed kong of 5m"), "{n:?}");
        assert!(
            n[1].contains("`四槓散了`") && n[1].contains("a triple ron"),
            "{n:?}"
        );
        // Another format: no notes.
        let mut other = log.clone();
        other.meta.format = Format::Tenhou6;
        assert!(notes(&other).is_empty());
    }
}
