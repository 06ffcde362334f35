//! Hand analysis on fixed pseudo-random hands: waits, is_complete, shanten
//! and decompositions, reported per hand. Before the benchmarks, prints
//! how long the first call of each table-backed function took (the table
//! build).

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group};
use paifu::hand::{
    Counts, TileSet, acceptance, decompositions, discard_acceptance, is_complete, shanten, waits,
};

const HANDS: usize = 10_000;

/// Knuth's MMIX linear congruential generator.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// `size` tiles from the 136-tile wall.
fn draw(rng: &mut Lcg, size: usize) -> Counts {
    let mut wall: Vec<usize> = (0..34).flat_map(|k| [k; 4]).collect();
    let mut c = Counts::default();
    for _ in 0..size {
        let t = wall.swap_remove(rng.below(wall.len()));
        c.0[t] += 1;
    }
    c
}

/// A complete 14-tile hand (four sets and a pair, no fifth copy).
fn complete(rng: &mut Lcg) -> Counts {
    loop {
        let mut c = Counts::default();
        for _ in 0..4 {
            let k = rng.below(34);
            if rng.below(2) == 0 && k < 27 && k % 9 <= 6 {
                for j in k..k + 3 {
                    c.0[j] += 1;
                }
            } else {
                c.0[k] += 3;
            }
        }
        c.0[rng.below(34)] += 2;
        if c.0.iter().all(|&n| n <= 4) {
            return c;
        }
    }
}

/// Half uniform draws, half near-complete hands (a complete hand with one
/// tile removed, or swapped for 14 tiles), so that waits and small shanten
/// numbers are as common as in play.
fn hands(seed: u64, size: usize) -> Vec<Counts> {
    let mut rng = Lcg(seed);
    (0..HANDS)
        .map(|i| {
            if i % 2 == 0 {
                return draw(&mut rng, size);
            }
            let mut c = complete(&mut rng);
            let held: Vec<usize> = (0..34).filter(|&k| c.0[k] > 0).collect();
            c.0[held[rng.below(held.len())]] -= 1;
            if size == 14 {
                let room: Vec<usize> = (0..34).filter(|&k| c.0[k] < 4).collect();
                c.0[room[rng.below(room.len())]] += 1;
            }
            c
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let thirteen = hands(1, 13);
    let fourteen = hands(2, 14);
    let mut group = c.benchmark_group("hand");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("waits_13", |b| {
        b.iter(|| {
            for h in &thirteen {
                black_box(waits(black_box(h), h));
            }
        });
    });
    group.bench_function("is_complete_14", |b| {
        b.iter(|| {
            for h in &fourteen {
                black_box(is_complete(black_box(h)));
            }
        });
    });
    group.bench_function("shanten_13", |b| {
        b.iter(|| {
            for h in &thirteen {
                black_box(shanten(black_box(h), 0));
            }
        });
    });
    group.bench_function("shanten_14", |b| {
        b.iter(|| {
            for h in &fourteen {
                black_box(shanten(black_box(h), 0));
            }
        });
    });
    group.bench_function("acceptance_13", |b| {
        b.iter(|| {
            for h in &thirteen {
                black_box(acceptance(black_box(h), 0, TileSet::Full));
            }
        });
    });
    // Every discard of a 14-tile hand with its acceptance: one decision
    // of the review.
    group.bench_function("discard_acceptance_14", |b| {
        b.iter(|| {
            for h in &fourteen {
                black_box(discard_acceptance(black_box(h), 0, TileSet::Full));
            }
        });
    });
    group.bench_function("decompositions_14", |b| {
        b.iter(|| {
            for h in &fourteen {
                black_box(decompositions(black_box(h)));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, bench);

fn main() {
    // The first calls build the process-wide tables.
    let h = hands(3, 14)[1];
    let t = Instant::now();
    black_box(is_complete(&h));
    let completeness = t.elapsed();
    let t = Instant::now();
    black_box(shanten(&h, 0));
    let distance = t.elapsed();
    println!(
        "table build: completeness/waits {completeness:?}, shanten (after those) {distance:?}"
    );
    let complete = hands(2, 14).iter().filter(|h| is_complete(h)).count();
    let tenpai = hands(1, 13)
        .iter()
        .filter(|h| waits(h, h).is_tenpai())
        .count();
    println!(
        "hands: {complete} of {HANDS} 14-tile hands complete, {tenpai} of {HANDS} 13-tile hands tenpai"
    );
    benches();
    Criterion::default().configure_from_args().final_summary();
}
