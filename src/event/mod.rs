//! The normalised event stream: the contract between the importers and
//! everything that reads a game (engine, exporters, viewer).
//!
//! `formats/events.md` is the written specification of these types and of
//! their JSON lines form; keep the two in step.
//!
//! Three kinds of data travel here, and they are kept apart:
//!
//! * **actions**: what the players did (draws, discards, calls, riichi);
//! * **outcomes**: how a kyoku ended (a win by whom on which tile, a draw of
//!   which kind);
//! * **claims**: what the log *asserts* about the result (han, fu, points,
//!   yaku, score deltas, tenpai, final scores). Claims are never trusted: the
//!   engine recomputes them and compares.
//!
//! Every event carries the [`Source`] location it came from.

mod claim;
mod meta;
mod sheet;
mod table;
mod wall;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use claim::{
    ClaimPart, ClaimedYaku, DrawClaim, DrawKind, Limit, ScoresClaim, Sticks, WinClaim,
};
pub use meta::{
    Damage, EndClaim, Format, GameLength, GameLine, GameLog, GameMeta, Platform, Player, RuleHints,
    WhatIf,
};
pub use sheet::{LobbyGame, MultipleRon, RuleSheet, SheetNote, SheetRule};
pub use table::{Seat, Wind};
pub use wall::Wall;

use crate::tile::Tile;

/// Where in the source file an event (or an error) comes from. Fields that a
/// format does not have are `None`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Source {
    /// 1-based line of the (decompressed) input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// 0-based byte offset in the (decompressed) input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byte: Option<u64>,
    /// Tenhou XML: 0-based ordinal of the element in the document (the root
    /// `mjloggm` is element 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub element: Option<u32>,
    /// tenhou.net/6 JSON: the path of the value, e.g. `log[2][6][4]` (kyoku
    /// index 2, array 6 = seat 0's discards, entry 4); Mahjong Soul: the
    /// round record's, in JSON or protobuf bytes alike
    /// (`data.data.actions[812].result.data`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

impl Source {
    /// Whether no field is known.
    #[must_use]
    pub fn is_unknown(&self) -> bool {
        self.line.is_none() && self.byte.is_none() && self.element.is_none() && self.path.is_none()
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(l) = self.line {
            parts.push(format!("line {l}"));
        }
        if let Some(p) = &self.path {
            parts.push(p.clone());
        }
        if let Some(e) = self.element {
            parts.push(format!("element {e}"));
        }
        if let Some(b) = self.byte {
            parts.push(format!("byte {b}"));
        }
        if parts.is_empty() {
            f.write_str("(unknown location)")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

/// One event of the normalised stream with the place it came from.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Entry {
    /// What happened.
    #[serde(flatten)]
    pub event: Event,
    /// Where the log says it.
    #[serde(default, skip_serializing_if = "Source::is_unknown")]
    pub src: Source,
}

/// One event. Names follow mjai (`tsumo`, `dahai`, `hora`, `ryukyoku`); the
/// JSON form is an object with a `type` field, as in mjai.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A kyoku begins.
    StartKyoku(Box<StartKyoku>),
    /// A draw, from the live wall or (`rinshan`) the replacement draw after
    /// a kong or a north tile set aside.
    Tsumo {
        /// Who draws.
        actor: Seat,
        /// The tile, `None` (JSON `null`) when the log hides it.
        pai: Option<Tile>,
        /// A replacement draw from the dead wall.
        #[serde(default, skip_serializing_if = "is_false")]
        rinshan: bool,
    },
    /// A discard.
    Dahai {
        /// Who discards.
        actor: Seat,
        /// The tile.
        pai: Tile,
        /// The discard is the tile just drawn (tsumogiri).
        tsumogiri: bool,
        /// The discard declares riichi.
        #[serde(default, skip_serializing_if = "is_false")]
        riichi: bool,
    },
    /// A chi: `actor` takes `pai` discarded by `target` and shows `consumed`
    /// from the hand.
    Chi {
        /// Who calls.
        actor: Seat,
        /// Whose discard is taken.
        target: Seat,
        /// The tile taken.
        pai: Tile,
        /// The two tiles from the caller's hand.
        consumed: [Tile; 2],
    },
    /// A pon.
    Pon {
        /// Who calls.
        actor: Seat,
        /// Whose discard is taken.
        target: Seat,
        /// The tile taken.
        pai: Tile,
        /// The two tiles from the caller's hand.
        consumed: [Tile; 2],
    },
    /// An open kong on a discard (daiminkan).
    Daiminkan {
        /// Who calls.
        actor: Seat,
        /// Whose discard is taken.
        target: Seat,
        /// The tile taken.
        pai: Tile,
        /// The three tiles from the caller's hand.
        consumed: [Tile; 3],
    },
    /// An added kong (kakan): `pai` is added to an existing pon.
    Kakan {
        /// Who declares.
        actor: Seat,
        /// The added tile.
        pai: Tile,
        /// The three tiles of the pon it extends.
        consumed: [Tile; 3],
    },
    /// A concealed kong (ankan).
    Ankan {
        /// Who declares.
        actor: Seat,
        /// The four tiles.
        consumed: [Tile; 4],
    },
    /// A north tile set aside as dora in a three-player game (nukidora, kita).
    Nukidora {
        /// Who sets it aside.
        actor: Seat,
        /// The tile (a north).
        pai: Tile,
    },
    /// A new dora indicator is revealed, at the place the log shows it.
    Dora {
        /// The indicator.
        marker: Tile,
    },
    /// The riichi discard passed without a win: the stick is paid.
    RiichiAccepted {
        /// The riichi player.
        actor: Seat,
        /// What the log claims about the scores after paying. Boxed: the
        /// claim is rare and large, and an inline one would make every
        /// event (and every entry of a stream) twice the size.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim: Option<Box<ScoresClaim>>,
    },
    /// A win. Several in a row share one discard (double ron).
    Hora {
        /// The winner.
        actor: Seat,
        /// The discarder; equal to `actor` for a tsumo.
        target: Seat,
        /// The winning tile (for chankan, the added tile of the kong robbed).
        pai: Tile,
        /// What the log claims about this win.
        claim: Box<WinClaim>,
    },
    /// The kyoku ends in a draw.
    Ryukyoku {
        /// Which kind of draw.
        kind: DrawKind,
        /// What the log claims about it.
        claim: Box<DrawClaim>,
    },
    /// The kyoku is over (after its outcome).
    EndKyoku,
    /// A player's connection dropped (Tenhou `BYE`). No rule depends on it.
    Disconnect {
        /// Who.
        seat: Seat,
    },
    /// A player came back (Tenhou single-name `UN`).
    Reconnect {
        /// Who.
        seat: Seat,
    },
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

impl Event {
    /// The seat that acts in this event, if one does.
    #[must_use]
    pub fn actor(&self) -> Option<Seat> {
        match self {
            Self::Tsumo { actor, .. }
            | Self::Dahai { actor, .. }
            | Self::Chi { actor, .. }
            | Self::Pon { actor, .. }
            | Self::Daiminkan { actor, .. }
            | Self::Kakan { actor, .. }
            | Self::Ankan { actor, .. }
            | Self::Nukidora { actor, .. }
            | Self::RiichiAccepted { actor, .. }
            | Self::Hora { actor, .. } => Some(*actor),
            Self::Disconnect { seat } | Self::Reconnect { seat } => Some(*seat),
            Self::StartKyoku(_) | Self::Dora { .. } | Self::Ryukyoku { .. } | Self::EndKyoku => {
                None
            }
        }
    }

    /// A kyoku begins here.
    #[must_use]
    pub fn is_start_kyoku(&self) -> bool {
        matches!(self, Self::StartKyoku(_))
    }

    /// The kyoku is over here (after its outcome).
    #[must_use]
    pub fn is_end_kyoku(&self) -> bool {
        matches!(self, Self::EndKyoku)
    }

    /// A discard.
    #[must_use]
    pub fn is_discard(&self) -> bool {
        matches!(self, Self::Dahai { .. })
    }

    /// A call on another seat's discard: chi, pon or open kong.
    #[must_use]
    pub fn is_call(&self) -> bool {
        matches!(
            self,
            Self::Chi { .. } | Self::Pon { .. } | Self::Daiminkan { .. }
        )
    }

    /// A kong of any kind: open, added or concealed.
    #[must_use]
    pub fn is_kong(&self) -> bool {
        matches!(
            self,
            Self::Daiminkan { .. } | Self::Kakan { .. } | Self::Ankan { .. }
        )
    }

    /// A kong or a north set aside: its actor's next draw is a
    /// replacement draw from the dead wall.
    #[must_use]
    pub fn gives_replacement_draw(&self) -> bool {
        self.is_kong() || matches!(self, Self::Nukidora { .. })
    }

    /// A move of play that shows or moves a tile: a draw, a discard, a
    /// call, a kong or a north set aside (not riichi, dora or an outcome).
    #[must_use]
    pub fn is_play(&self) -> bool {
        matches!(
            self,
            Self::Tsumo { .. } | Self::Dahai { .. } | Self::Kakan { .. } | Self::Ankan { .. }
        ) || self.is_call()
            || matches!(self, Self::Nukidora { .. })
    }

    /// A north set aside (nukidora).
    #[must_use]
    pub fn is_nukidora(&self) -> bool {
        matches!(self, Self::Nukidora { .. })
    }

    /// A new dora indicator.
    #[must_use]
    pub fn is_dora(&self) -> bool {
        matches!(self, Self::Dora { .. })
    }

    /// A win.
    #[must_use]
    pub fn is_win(&self) -> bool {
        matches!(self, Self::Hora { .. })
    }

    /// How the kyoku ended: a win or a draw.
    #[must_use]
    pub fn is_outcome(&self) -> bool {
        matches!(self, Self::Hora { .. } | Self::Ryukyoku { .. })
    }

    /// A connection dropped or came back (no rule depends on it).
    #[must_use]
    pub fn is_connection(&self) -> bool {
        matches!(self, Self::Disconnect { .. } | Self::Reconnect { .. })
    }

    /// The `type` name of the JSON form.
    #[must_use]
    pub fn type_name(&self) -> &'static str {
        match self {
            Self::StartKyoku(_) => "start_kyoku",
            Self::Tsumo { .. } => "tsumo",
            Self::Dahai { .. } => "dahai",
            Self::Chi { .. } => "chi",
            Self::Pon { .. } => "pon",
            Self::Daiminkan { .. } => "daiminkan",
            Self::Kakan { .. } => "kakan",
            Self::Ankan { .. } => "ankan",
            Self::Nukidora { .. } => "nukidora",
            Self::Dora { .. } => "dora",
            Self::RiichiAccepted { .. } => "riichi_accepted",
            Self::Hora { .. } => "hora",
            Self::Ryukyoku { .. } => "ryukyoku",
            Self::EndKyoku => "end_kyoku",
            Self::Disconnect { .. } => "disconnect",
            Self::Reconnect { .. } => "reconnect",
        }
    }
}

/// The start of a kyoku.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct StartKyoku {
    /// The round wind (bakaze).
    pub round_wind: Wind,
    /// The kyoku number within the round, 1–4 (1–3 in three-player games).
    pub kyoku: u8,
    /// Counters (honba) on the table.
    pub honba: u8,
    /// Riichi sticks left on the table from earlier kyoku (kyotaku).
    pub riichi_sticks: u8,
    /// The dealer (oya).
    pub dealer: Seat,
    /// Each seat's score at the start, in points; `None` when the log does
    /// not say (some mjai servers leave it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i32>>,
    /// The first dora indicator.
    pub dora_marker: Tile,
    /// Each seat's 13 starting tiles, sorted (the order carries no
    /// information); `None` for a tile the log hides.
    pub hands: Vec<Vec<Option<Tile>>>,
    /// The wall after the deal, when the record gives it (Mahjong Soul,
    /// Riichi City); `None` otherwise. Boxed: most logs have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<Box<Wall>>,
}

impl StartKyoku {
    /// A label like `E2-1` (round wind, kyoku, honba).
    #[must_use]
    pub fn label(&self) -> String {
        format!("{}{}-{}", self.round_wind.letter(), self.kyoku, self.honba)
    }
}
