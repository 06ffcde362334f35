//! The 16-bit meld code of `<N m>` (reference notes formats.md §1.5) and
//! its translation into call events.
//!
//! The code is dispatched on its flag bits in a fixed order: 0x04 chi, else
//! 0x08 pon, else 0x10 added kong, else 0x20 north set aside, else a kong
//! (concealed when the relative seat is 0). The low two bits are the offset
//! of the seat the tile came from (§1.4).

use crate::event::{Event, Seat};
use crate::tile::{Tile, TileError, sort_tiles};

/// A meld code decoded into Tenhou tile ids (0–135).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Meld {
    /// A chi: the three ids in ascending order and the called one.
    Chi {
        /// Offset of the discarder (3 in practice).
        from: u8,
        /// The three tiles, ascending.
        tiles: [u8; 3],
        /// The called tile (one of `tiles`).
        called: u8,
    },
    /// A pon: the three ids of the meld and the called one.
    Pon {
        /// Offset of the discarder.
        from: u8,
        /// The three tiles, ascending.
        tiles: [u8; 3],
        /// The called tile (one of `tiles`).
        called: u8,
    },
    /// An added kong: the pon it extends and the added fourth copy.
    Kakan {
        /// The three tiles of the pon, ascending.
        pon: [u8; 3],
        /// The added tile.
        added: u8,
    },
    /// An open kong on a discard.
    Daiminkan {
        /// Offset of the discarder.
        from: u8,
        /// The called tile.
        called: u8,
        /// The three other copies, from the caller's hand.
        others: [u8; 3],
    },
    /// A concealed kong: all four copies.
    Ankan {
        /// The four tiles, ascending.
        tiles: [u8; 4],
    },
    /// A north set aside (three-player games).
    Nukidora {
        /// The tile.
        tile: u8,
    },
}

/// Why a meld code describes no meld.
pub(super) type MeldError = &'static str;

/// Decodes a meld code.
///
/// # Errors
///
/// A short reason when the code points outside the 136 tiles (a chi on
/// honours, a pon of a kind above 33, a kong id above 135).
pub(super) fn decode(m: u16) -> Result<Meld, MeldError> {
    let from = (m & 3) as u8;
    if m & 0x04 != 0 {
        let x = m >> 10;
        let called = usize::from(x % 3);
        let seq = x / 3;
        if seq >= 21 {
            return Err("a chi code whose run is not in a suit");
        }
        let low = (seq / 7) * 9 + seq % 7;
        let copy = |i: u16| (m >> (3 + 2 * i)) & 3;
        let tiles = [0, 1, 2].map(|i| ((low + i) * 4 + copy(i)) as u8);
        let called = tiles.get(called).copied().ok_or("a chi code")?;
        Ok(Meld::Chi {
            from,
            tiles,
            called,
        })
    } else if m & 0x18 != 0 {
        let unused = (m >> 5) & 3;
        let x = m >> 9;
        let kind = x / 3;
        if kind >= 34 {
            return Err("a pon code whose kind is above 33");
        }
        let mut tiles = [0u8; 3];
        let copies = (0..4u16).filter(|c| *c != unused);
        for (slot, c) in tiles.iter_mut().zip(copies) {
            *slot = (kind * 4 + c) as u8;
        }
        if m & 0x08 != 0 {
            let called = tiles.get(usize::from(x % 3)).copied().ok_or("a pon code")?;
            Ok(Meld::Pon {
                from,
                tiles,
                called,
            })
        } else {
            Ok(Meld::Kakan {
                pon: tiles,
                added: (kind * 4 + unused) as u8,
            })
        }
    } else if m & 0x20 != 0 {
        let id = m >> 8;
        if id > 135 {
            return Err("a north code whose tile id is above 135");
        }
        Ok(Meld::Nukidora { tile: id as u8 })
    } else {
        let id = m >> 8;
        if id > 135 {
            return Err("a kong code whose tile id is above 135");
        }
        let first = (id / 4 * 4) as u8;
        let all = [first, first + 1, first + 2, first + 3];
        if from == 0 {
            Ok(Meld::Ankan { tiles: all })
        } else {
            let mut others = [0u8; 3];
            let rest = all.iter().filter(|t| u16::from(**t) != id);
            for (slot, t) in others.iter_mut().zip(rest) {
                *slot = *t;
            }
            Ok(Meld::Daiminkan {
                from,
                called: id as u8,
                others,
            })
        }
    }
}

impl Meld {
    /// The seat the called tile came from, for calls on a discard.
    pub(super) fn target(self, actor: Seat) -> Option<Seat> {
        match self {
            Self::Chi { from, .. } | Self::Pon { from, .. } | Self::Daiminkan { from, .. } => {
                // Tenhou counts the offset round a four-seat table in
                // three-player games too (measured: the discarder always
                // matches), so the modulus is 4 whatever the seat count.
                Some(actor.plus(from, 4))
            }
            Self::Kakan { .. } | Self::Ankan { .. } | Self::Nukidora { .. } => None,
        }
    }

    /// Whether the meld is a kong or a north set aside: the caller draws a
    /// replacement tile next.
    pub(super) fn draws_replacement(self) -> bool {
        matches!(
            self,
            Self::Kakan { .. }
                | Self::Daiminkan { .. }
                | Self::Ankan { .. }
                | Self::Nukidora { .. }
        )
    }

    /// The call event of `actor`, tiles read with or without red fives.
    /// `target` is the discarder for calls on a discard (see
    /// [`Meld::target`]); other melds ignore it.
    pub(super) fn to_event(self, actor: Seat, target: Seat, red: bool) -> Result<Event, TileError> {
        let t = |id: u8| Tile::from_tenhou_id(u32::from(id), red);
        let two = |tiles: [u8; 3], called: u8| -> Result<[Tile; 2], TileError> {
            let mut out = [t(called)?; 2];
            let rest = tiles.into_iter().filter(|id| *id != called);
            for (slot, id) in out.iter_mut().zip(rest) {
                *slot = t(id)?;
            }
            sort_tiles(&mut out);
            Ok(out)
        };
        let three = |tiles: [u8; 3]| -> Result<[Tile; 3], TileError> {
            let mut out = [t(tiles[0])?, t(tiles[1])?, t(tiles[2])?];
            sort_tiles(&mut out);
            Ok(out)
        };
        Ok(match self {
            Self::Chi { tiles, called, .. } => Event::Chi {
                actor,
                target,
                pai: t(called)?,
                consumed: two(tiles, called)?,
            },
            Self::Pon { tiles, called, .. } => Event::Pon {
                actor,
                target,
                pai: t(called)?,
                consumed: two(tiles, called)?,
            },
            Self::Kakan { pon, added } => Event::Kakan {
                actor,
                pai: t(added)?,
                consumed: three(pon)?,
            },
            Self::Daiminkan { called, others, .. } => Event::Daiminkan {
                actor,
                target,
                pai: t(called)?,
                consumed: three(others)?,
            },
            Self::Ankan { tiles } => {
                let mut consumed = [t(tiles[0])?, t(tiles[1])?, t(tiles[2])?, t(tiles[3])?];
                sort_tiles(&mut consumed);
                Event::Ankan { actor, consumed }
            }
            Self::Nukidora { tile } => Event::Nukidora {
                actor,
                pai: t(tile)?,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    fn names(tiles: &[Tile]) -> Vec<&'static str> {
        tiles.iter().map(|t| t.to_mjai()).collect()
    }

    #[test]
    fn ankan_code_names_one_copy() {
        // formats.md §1.5: m=4608 is an ankan whose code names id 18.
        assert_eq!(
            decode(4608),
            Ok(Meld::Ankan {
                tiles: [16, 17, 18, 19]
            })
        );
        let Event::Ankan { consumed, .. } = decode(4608)
            .unwrap()
            .to_event(seat(2), seat(2), true)
            .unwrap()
        else {
            panic!("not an ankan")
        };
        assert_eq!(names(&consumed), ["5m", "5m", "5m", "5mr"]);
    }

    #[test]
    fn chi_from_a_real_log() {
        // mjx 2011020401gm-…-f6eff225: `<D101/><N who="1" m="60559"/>`.
        let meld = decode(60559).unwrap();
        assert_eq!(
            meld,
            Meld::Chi {
                from: 3,
                tiles: [93, 96, 101],
                called: 101
            }
        );
        assert_eq!(meld.target(seat(1)), Some(seat(0)));
        let ev = meld.to_event(seat(1), seat(0), true).unwrap();
        let Event::Chi { pai, consumed, .. } = ev else {
            panic!("not a chi")
        };
        assert_eq!(pai.to_mjai(), "8s");
        assert_eq!(names(&consumed), ["6s", "7s"]);
    }

    #[test]
    fn pon_and_its_kakan() {
        // A pon of 2p (ids 40, 42, 43; copy 1 unused) called from the
        // player opposite: x = 10 * 3 + 0, u = 1, from = 2.
        let pon = (30 << 9) | (1 << 5) | 0x08 | 2;
        assert_eq!(pon, 15402);
        let meld = decode(pon).unwrap();
        assert_eq!(
            meld,
            Meld::Pon {
                from: 2,
                tiles: [40, 42, 43],
                called: 40
            }
        );
        assert_eq!(meld.target(seat(3)), Some(seat(1)));
        // The kakan code is the pon's with 0x08 cleared and 0x10 set.
        let kakan = decode(pon - 0x08 + 0x10).unwrap();
        assert_eq!(
            kakan,
            Meld::Kakan {
                pon: [40, 42, 43],
                added: 41
            }
        );
        assert!(kakan.draws_replacement());
        assert!(!meld.draws_replacement());
    }

    #[test]
    fn red_five_in_a_pon() {
        // Pon of 5p (ids 52..55) with copy 3 unused, red 52 called.
        let m = ((13 * 3) << 9) | (3 << 5) | 0x08 | 1;
        let meld = decode(m).unwrap();
        let Event::Pon { pai, consumed, .. } = meld.to_event(seat(0), seat(1), true).unwrap()
        else {
            panic!("not a pon")
        };
        assert_eq!(pai.to_mjai(), "5pr");
        assert_eq!(names(&consumed), ["5p", "5p"]);
        // Without red fives the same id is a plain five.
        let Event::Pon { pai, .. } = meld.to_event(seat(0), seat(1), false).unwrap() else {
            panic!("not a pon")
        };
        assert_eq!(pai.to_mjai(), "5p");
    }

    #[test]
    fn daiminkan() {
        let m = (53 << 8) | 2;
        let meld = decode(m).unwrap();
        assert_eq!(
            meld,
            Meld::Daiminkan {
                from: 2,
                called: 53,
                others: [52, 54, 55]
            }
        );
        let Event::Daiminkan {
            target,
            pai,
            consumed,
            ..
        } = meld.to_event(seat(0), seat(2), true).unwrap()
        else {
            panic!("not a daiminkan")
        };
        assert_eq!(target, seat(2));
        assert_eq!(pai.to_mjai(), "5p");
        assert_eq!(names(&consumed), ["5p", "5p", "5pr"]);
    }

    #[test]
    fn nukidora() {
        // A three-player log: `<N who="1" m="30752"/>` sets a north aside.
        let meld = decode(30752).unwrap();
        assert_eq!(meld, Meld::Nukidora { tile: 120 });
        assert_eq!(meld.target(seat(1)), None);
        let ev = meld.to_event(seat(1), seat(1), true).unwrap();
        assert_eq!(
            ev,
            Event::Nukidora {
                actor: seat(1),
                pai: Tile::from_mjai("N").unwrap()
            }
        );
    }

    #[test]
    fn impossible_codes_are_refused() {
        // A chi run starting at seq 21 would be in the honours.
        assert!(decode((63 << 10) | 0x04 | 3).is_err());
        // A pon of kind 34.
        assert!(decode(((34 * 3) << 9) | 0x08 | 1).is_err());
        // A kong of id 136.
        assert!(decode((136 << 8) | 1).is_err());
        assert!(decode((200 << 8) | 0x20).is_err());
    }

    #[test]
    fn every_code_decodes_or_fails_cleanly() {
        for m in 0..=u16::MAX {
            if let Ok(meld) = decode(m) {
                let ev = meld.to_event(seat(0), seat(1), true);
                assert!(ev.is_ok(), "{m}");
            }
        }
    }
}
