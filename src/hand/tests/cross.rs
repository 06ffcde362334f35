//! The fast paths against slow, independent references on deterministic
//! pseudo-random hands.

use crate::hand::{
    Counts, Decomposition, Group, GroupKind, SuitMemo, decompositions, is_complete, shanten,
    shape_waits, shape_waits_memo, waits,
};

use crate::hand::decompose::ORPHANS;

/// A 64-bit linear congruential generator (Knuth's MMIX constants).
pub(in crate::hand) struct Lcg(u64);

impl Lcg {
    pub(in crate::hand) const fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub(in crate::hand) fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// `size` tiles drawn without replacement from the four copies of `kinds`.
fn draw(rng: &mut Lcg, kinds: &[u8], size: usize) -> Counts {
    let mut wall: Vec<u8> = kinds.iter().flat_map(|&k| [k; 4]).collect();
    let mut c = Counts::default();
    for _ in 0..size.min(wall.len()) {
        let t = wall.swap_remove(rng.below(wall.len()));
        c.0[usize::from(t)] += 1;
    }
    c
}

/// A random complete hand of `sets` sets and a pair (never a fifth copy).
fn complete(rng: &mut Lcg, kinds: &[u8], sets: usize) -> Counts {
    loop {
        let mut c = Counts::default();
        let mut ok = true;
        for _ in 0..sets {
            let k = usize::from(kinds[rng.below(kinds.len())]);
            if rng.below(2) == 0 && k < 27 && k % 9 <= 6 {
                for j in k..k + 3 {
                    c.0[j] += 1;
                }
            } else {
                c.0[k] += 3;
            }
        }
        c.0[usize::from(kinds[rng.below(kinds.len())])] += 2;
        ok &= c.0.iter().all(|&n| n <= 4);
        if ok {
            return c;
        }
    }
}

fn remove_random(rng: &mut Lcg, c: &mut Counts) {
    let held: Vec<usize> = (0..34).filter(|&k| c.0[k] > 0).collect();
    c.0[held[rng.below(held.len())]] -= 1;
}

fn add_random(rng: &mut Lcg, c: &mut Counts, kinds: &[u8]) {
    let room: Vec<u8> = kinds
        .iter()
        .copied()
        .filter(|&k| c.0[usize::from(k)] < 4)
        .collect();
    c.0[usize::from(room[rng.below(room.len())])] += 1;
}

/// A deterministic mix of hands of `3n + residue` tiles: uniform draws,
/// one- and two-suit draws, and complete hands with a tile removed or
/// swapped (so that waits and small shanten numbers are common).
pub(in crate::hand) fn hands(seed: u64, count: usize, residue: usize) -> Vec<Counts> {
    let all: Vec<u8> = (0..34).collect();
    let man: Vec<u8> = (0..9).collect();
    let man_pin: Vec<u8> = (0..18).collect();
    let honours: Vec<u8> = (27..34).collect();
    let mut rng = Lcg::new(seed);
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        // Mostly full hands, some smaller concealed parts.
        let sets = if rng.below(4) == 0 { rng.below(4) } else { 4 };
        let size = 3 * sets + residue;
        let kinds = match i % 4 {
            0 => &all,
            1 => &man,
            2 => &man_pin,
            _ => {
                if rng.below(8) == 0 {
                    &honours
                } else {
                    &all
                }
            }
        };
        let hand = match rng.below(3) {
            0 => draw(&mut rng, kinds, size),
            _ => {
                let mut c = complete(&mut rng, kinds, sets);
                // 3n+2 complete; remove one for 3n+1, and for 3n+2 maybe
                // swap one.
                if residue == 1 || rng.below(2) == 0 {
                    remove_random(&mut rng, &mut c);
                    if residue == 2 {
                        add_random(&mut rng, &mut c, kinds);
                    }
                }
                c
            }
        };
        if hand.total() as usize == size {
            out.push(hand);
        }
    }
    out
}

// ---------------------------------------------------------------- references

/// Every standard reading by brute force over multisets of the 55 sets.
fn reference_decompositions(c: &Counts) -> Vec<Decomposition> {
    let total = c.total() as usize;
    let mut out = Vec::new();
    if total % 3 != 2 || c.0.iter().any(|&n| n > 4) {
        return out;
    }
    let mut groups: Vec<Group> = (0..34u8)
        .map(|tile| Group {
            kind: GroupKind::Triplet,
            tile,
        })
        .collect();
    groups.extend((0..27u8).filter(|k| k % 9 <= 6).map(|tile| Group {
        kind: GroupKind::Sequence,
        tile,
    }));
    fn choose(
        left: &mut [u8; 34],
        groups: &[Group],
        from: usize,
        need: usize,
        chosen: &mut Vec<Group>,
        out: &mut Vec<Decomposition>,
    ) {
        if need == 0 {
            let rest: Vec<usize> = (0..34).filter(|&k| left[k] > 0).collect();
            if rest.len() == 1 && left[rest[0]] == 2 {
                let mut g = chosen.clone();
                g.sort();
                out.push(Decomposition::Standard {
                    groups: g.into_iter().collect(),
                    pair: rest[0] as u8,
                });
            }
            return;
        }
        for (i, g) in groups.iter().enumerate().skip(from) {
            let t = usize::from(g.tile);
            let tiles: Vec<usize> = match g.kind {
                GroupKind::Triplet => vec![t, t, t],
                GroupKind::Sequence => vec![t, t + 1, t + 2],
            };
            let mut ok = true;
            for &k in &tiles {
                if left[k] == 0 {
                    ok = false;
                }
                left[k] = left[k].wrapping_sub(1);
            }
            if ok {
                chosen.push(*g);
                choose(left, groups, i, need - 1, chosen, out);
                chosen.pop();
            }
            for &k in &tiles {
                left[k] = left[k].wrapping_add(1);
            }
        }
    }
    let mut left = c.0;
    choose(&mut left, &groups, 0, total / 3, &mut Vec::new(), &mut out);
    if total == 14 {
        let pairs: Vec<u8> = (0..34u8).filter(|&k| c.0[usize::from(k)] == 2).collect();
        if pairs.len() == 7 {
            out.push(Decomposition::SevenPairs(pairs.try_into().expect("seven")));
        }
        for &pair in &ORPHANS {
            let mut want = [0u8; 34];
            for &k in &ORPHANS {
                want[usize::from(k)] = 1;
            }
            want[usize::from(pair)] += 1;
            if want == c.0 {
                out.push(Decomposition::ThirteenOrphans { pair });
            }
        }
    }
    out.sort();
    out
}

/// Waits by trying all 34 kinds with [`decompositions`].
fn trial_waits(c: &Counts) -> u64 {
    let mut w = 0;
    for k in 0..34 {
        let mut grown = *c;
        grown.0[k] += 1;
        if !decompositions(&grown).is_empty() {
            w |= 1 << k;
        }
    }
    w
}

/// Complete shapes of one suit by class (`2m + pair`), listed by brute
/// force.
fn suit_shapes(kinds: usize, sequences: bool) -> Vec<Vec<Vec<u8>>> {
    let mut groups: Vec<Vec<u8>> = (0..kinds)
        .map(|k| {
            let mut v = vec![0; kinds];
            v[k] = 3;
            v
        })
        .collect();
    if sequences {
        for k in 0..kinds - 2 {
            let mut v = vec![0; kinds];
            v[k..k + 3].fill(1);
            groups.push(v);
        }
    }
    let mut classes = vec![Vec::new(); 10];
    fn go(
        v: &mut Vec<u8>,
        groups: &[Vec<u8>],
        from: usize,
        m: usize,
        classes: &mut [Vec<Vec<u8>>],
    ) {
        if v.iter().any(|&n| n > 4) {
            return;
        }
        classes[2 * m].push(v.clone());
        for k in 0..v.len() {
            if v[k] <= 2 {
                let mut p = v.clone();
                p[k] += 2;
                classes[2 * m + 1].push(p);
            }
        }
        if m == 4 {
            return;
        }
        for (i, g) in groups.iter().enumerate().skip(from) {
            for (a, b) in v.iter_mut().zip(g) {
                *a += b;
            }
            go(v, groups, i, m + 1, classes);
            for (a, b) in v.iter_mut().zip(g) {
                *a -= b;
            }
        }
    }
    go(&mut vec![0; kinds], &groups, 0, 0, &mut classes);
    for c in &mut classes {
        c.sort();
        c.dedup();
    }
    classes
}

/// Shanten as "fewest tiles to draw, minus one", by brute force over each
/// suit's complete shapes and every split of the sets between suits.
pub(in crate::hand) struct ReferenceShanten {
    number: Vec<Vec<Vec<u8>>>,
    honour: Vec<Vec<Vec<u8>>>,
}

impl ReferenceShanten {
    pub(in crate::hand) fn new() -> Self {
        Self {
            number: suit_shapes(9, true),
            honour: suit_shapes(7, false),
        }
    }

    pub(in crate::hand) fn shanten(&self, c: &Counts, melds: u8) -> i8 {
        let total = c.total() as usize;
        let sets = (total / 3).min(4);
        let kept = |shapes: &[Vec<Vec<u8>>], v: &[u8]| -> Vec<Option<usize>> {
            shapes
                .iter()
                .map(|list| {
                    list.iter()
                        .map(|w| w.iter().zip(v).map(|(&a, &b)| a.min(b) as usize).sum())
                        .max()
                })
                .collect()
        };
        let per_suit = [
            kept(&self.number, &c.0[0..9]),
            kept(&self.number, &c.0[9..18]),
            kept(&self.number, &c.0[18..27]),
            kept(&self.honour, &c.0[27..34]),
        ];
        let mut best = 0;
        for a in 0..10 {
            for b in 0..10 {
                for d in 0..10 {
                    for e in 0..10 {
                        let cls = [a, b, d, e];
                        let m: usize = cls.iter().map(|x| x / 2).sum();
                        let p: usize = cls.iter().map(|x| x % 2).sum();
                        if m != sets || p != 1 {
                            continue;
                        }
                        let mut sum = 0;
                        let mut ok = true;
                        for (s, &cl) in cls.iter().enumerate() {
                            match per_suit[s][cl] {
                                Some(k) => sum += k,
                                None => ok = false,
                            }
                        }
                        if ok {
                            best = best.max(sum);
                        }
                    }
                }
            }
        }
        let mut result = (3 * sets + 2 - best) as i8 - 1;
        if melds == 0 && (total == 13 || total == 14) {
            let mut twos: Vec<usize> = c.0.iter().map(|&n| usize::from(n.min(2))).collect();
            twos.sort_unstable_by(|a, b| b.cmp(a));
            let pairs_kept: usize = twos.iter().take(7).sum();
            result = result.min((14 - pairs_kept) as i8 - 1);
            let orphans: usize = ORPHANS
                .iter()
                .map(|&k| usize::from(c.0[usize::from(k)].min(1)))
                .sum();
            let paired = ORPHANS.iter().any(|&k| c.0[usize::from(k)] >= 2);
            result = result.min((14 - orphans - usize::from(paired)) as i8 - 1);
        }
        result
    }
}

// --------------------------------------------------------------------- tests

#[test]
fn decompositions_and_is_complete_against_brute_force() {
    let hands = hands(0x5eed_0001, 3000, 2);
    let mut complete = 0;
    for h in &hands {
        let d = decompositions(h);
        assert_eq!(d, reference_decompositions(h), "{h:?}");
        assert_eq!(is_complete(h), !d.is_empty(), "{h:?}");
        complete += usize::from(!d.is_empty());
    }
    // The generator must produce a fair share of complete hands.
    assert!(complete > hands.len() / 4, "{complete} of {}", hands.len());
}

#[test]
fn waits_against_trial_insertion() {
    let hands = hands(0x5eed_0002, 4000, 1);
    let mut rng = Lcg::new(7);
    let mut memo = SuitMemo::default();
    let mut tenpai = 0;
    for h in &hands {
        let trial = trial_waits(h);
        assert_eq!(shape_waits(h).0, trial, "{h:?}");
        // The cached path, its memo carried from hand to hand (and the same
        // hand twice, as a tsumogiri gives).
        assert_eq!(shape_waits_memo(h, &mut memo), trial, "{h:?}");
        assert_eq!(shape_waits_memo(h, &mut memo), trial, "{h:?}");
        assert_eq!(waits(h, h).0, trial, "{h:?}");
        // Melds bring more copies: kinds held four times drop out.
        let mut held = *h;
        for _ in 0..rng.below(4) {
            let k = rng.below(34);
            held.0[k] = (held.0[k] + 3).min(4);
        }
        let four: u64 = (0..34)
            .filter(|&k| held.0[k] >= 4)
            .fold(0, |a, k| a | 1 << k);
        assert_eq!(waits(h, &held).0, trial & !four, "{h:?} {held:?}");
        // Shanten 0 exactly when a tile (not a fifth copy) completes.
        let melds = 4 - (h.total() / 3) as u8;
        assert_eq!(shanten(h, melds) == 0, trial != 0, "{h:?}");
        assert!(shanten(h, melds) >= 0);
        tenpai += usize::from(trial != 0);
    }
    assert!(tenpai > hands.len() / 4, "{tenpai} of {}", hands.len());
}

#[test]
fn shanten_against_the_reference() {
    let reference = ReferenceShanten::new();
    for (seed, residue) in [(0x5eed_0003, 1), (0x5eed_0004, 2)] {
        let mut histogram = [0usize; 10];
        for h in &hands(seed, 600, residue) {
            let melds = 4 - (h.total() / 3) as u8;
            let s = shanten(h, melds);
            assert_eq!(s, reference.shanten(h, melds), "{h:?} melds {melds}");
            // Seven pairs and thirteen orphans only count without melds.
            assert_eq!(shanten(h, 1), reference.shanten(h, 1), "{h:?}");
            histogram[usize::try_from(s + 1).unwrap_or(9).min(9)] += 1;
        }
        // A spread of shanten numbers, not only the easy ones.
        assert!(
            histogram.iter().filter(|&&n| n > 0).count() >= 5,
            "{histogram:?}"
        );
    }
}

#[test]
fn shanten_of_fourteen_is_the_best_discard() {
    for h in &hands(0x5eed_0005, 1500, 2) {
        let melds = 4 - (h.total() / 3) as u8;
        let s = shanten(h, melds);
        if s == -1 {
            assert!(is_complete(h), "{h:?}");
            continue;
        }
        let best = (0..34)
            .filter(|&k| h.0[k] > 0)
            .map(|k| {
                let mut less = *h;
                less.0[k] -= 1;
                shanten(&less, melds)
            })
            .min();
        assert_eq!(Some(s), best, "{h:?}");
    }
}
