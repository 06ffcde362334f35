//! The viewer's costs on a full game: opening it (read, import, audit,
//! review) and one frame of the window while stepping through every
//! event (a frame only reads the review the session keeps).
//!
//! `cargo bench --bench viewer [-- FILE]` (default: the longest Tenhou
//! hanchan of the corpus beside the repository, else a testdata log).
//! A frame is timed as egui runs it: the app builds every panel and the
//! board (`ViewerApp::show`), then egui tessellates the shapes into
//! triangles; only the GPU upload and rasterisation, which the window
//! system does, are left out. Best of 10 opens; frames: mean, 99th
//! percentile and worst over one pass through all events.

#![allow(clippy::expect_used, clippy::unwrap_used)]

// The integration tests' helpers: the corpus location and the file walk.
#[path = "../tests/common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use paifu::viewer::{Command, Profile, Session, ViewerApp};

fn default_file() -> PathBuf {
    let files = common::corpus()
        .map(|c| common::files_below(&c.join("tenhou-xml")))
        .unwrap_or_default();
    files
        .into_iter()
        .filter_map(|p| {
            let s = Session::open(&p, Profile::Auto).ok()?;
            (!s.log.meta.incomplete).then(|| (s.len(), p))
        })
        // The first of the longest, whatever the walk order.
        .max_by(|(a, pa), (b, pb)| a.cmp(b).then(pb.cmp(pa)))
        .map_or_else(
            || common::testdata().join("tenhou_xml/pao_ron_edited.mjlog"),
            |(_, p)| p,
        )
}

fn main() {
    let file = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map_or_else(default_file, PathBuf::from);
    let mut open = Duration::MAX;
    let mut session = None;
    for _ in 0..10 {
        let start = Instant::now();
        let s = Session::open(&file, Profile::Auto).expect("the log opens");
        open = open.min(start.elapsed());
        session = Some(s);
    }
    let session = session.expect("opened");
    let events = session.len();
    let kyoku = session.kyoku.len();
    let findings = session.findings.len();
    let items = session.review.items.len();
    let decisions = session.review.decisions.len();
    let mut app = ViewerApp::with_session(session, true);
    let ctx = egui::Context::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1440.0, 900.0),
        )),
        ..egui::RawInput::default()
    };
    // Warm up: fonts, the tile atlas, layout caches.
    for _ in 0..3 {
        let mut out = ctx.run_ui(input(), |ui| app.show(ui));
        // No GPU here: the font and atlas uploads are dropped on purpose
        // (epaint asserts that with debug assertions on).
        out.textures_delta.clear();
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    let mut frames = Vec::with_capacity(events);
    let mut triangles = 0usize;
    for i in 0..events {
        app.push(paifu::viewer::Action::Session(Command::Goto(i)));
        let start = Instant::now();
        let mut out = ctx.run_ui(input(), |ui| app.show(ui));
        out.textures_delta.clear();
        let meshes = ctx.tessellate(out.shapes, out.pixels_per_point);
        frames.push(start.elapsed());
        triangles = triangles.max(
            meshes
                .iter()
                .map(|m| match &m.primitive {
                    egui::epaint::Primitive::Mesh(mesh) => mesh.indices.len() / 3,
                    egui::epaint::Primitive::Callback(_) => 0,
                })
                .sum(),
        );
    }
    frames.sort();
    let mean = frames.iter().sum::<Duration>() / u32::try_from(frames.len().max(1)).unwrap_or(1);
    let p99 = frames[(frames.len() * 99 / 100).min(frames.len() - 1)];
    let worst = frames[frames.len() - 1];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{}: {events} events, {kyoku} kyoku, {findings} findings, {decisions} decisions, {items} review items",
        file.display()
    );
    println!(
        "open (read + import + audit + review): {:.2} ms (best of 10)",
        ms(open)
    );
    println!(
        "frame (panels + board + tessellation, 1440x900): mean {:.2} ms, p99 {:.2} ms, worst {:.2} ms over {} frames; up to {triangles} triangles",
        ms(mean),
        ms(p99),
        ms(worst),
        frames.len()
    );
}
