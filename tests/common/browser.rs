//! Headless Chromium for the tests of paifu's HTML pages: render a page,
//! dump its DOM after the scripts ran, take a screenshot and read its
//! pixels. Where `chromium` is missing (`.ci/run` installs it) the tests
//! say they are skipped.

use std::path::Path;
use std::process::Command;

/// Whether `chromium` is on the path.
pub fn has_chromium() -> bool {
    Command::new("sh")
        .args(["-c", "command -v chromium"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs headless chromium on `page` with a fresh profile in `dir` and a
/// window of `width` × `height`; `what` is the output switch
/// (`--dump-dom`, `--screenshot=…`). Returns its stdout.
pub fn chromium(dir: &Path, page: &Path, what: &str, (width, height): (u32, u32)) -> String {
    let name = what
        .trim_start_matches('-')
        .split('=')
        .next()
        .unwrap_or("run");
    let profile = dir.join(format!("profile-{name}"));
    let _ = std::fs::remove_dir_all(&profile);
    // `timeout` keeps a browser that never finishes from hanging the run.
    let out = Command::new("timeout")
        .args([
            "120",
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--virtual-time-budget=10000",
        ])
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(what)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("timeout and chromium run");
    assert!(
        out.status.success(),
        "chromium {what} failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The value of an attribute of the dumped `<html>` element.
pub fn root_attribute<'a>(dom: &'a str, name: &str) -> Option<&'a str> {
    let root = &dom[dom.find("<html")?..];
    let root = &root[..root.find('>')?];
    let at = root.find(&format!("{name}=\""))? + name.len() + 2;
    let value = &root[at..];
    Some(&value[..value.find('"')?])
}

/// The box (x, y, width, height) of the first bar of an `svg.chart` that
/// paifu's page script reports on the `<html>` element after loading.
pub fn first_bar_box(dom: &str) -> [u32; 4] {
    let bar: Vec<u32> = root_attribute(dom, "data-bar-box")
        .expect("the script reports the first bar's box")
        .split(',')
        .map(|n| n.parse().unwrap())
        .collect();
    bar.try_into().unwrap_or_else(|b| panic!("bad box {b:?}"))
}

/// A screenshot of `page` in a window of `size`, taken into `dir/NAME.png`
/// and read back: its RGB pixels, row by row (`y * width + x`).
pub fn screenshot(dir: &Path, page: &Path, name: &str, size: (u32, u32)) -> Vec<[u8; 3]> {
    let shot = dir.join(format!("{name}.png"));
    chromium(dir, page, &format!("--screenshot={}", shot.display()), size);
    let (width, height, pixels) = read_png(&shot);
    assert_eq!((width, height), size, "the screenshot is the window's size");
    pixels
}

/// Width, height and RGB pixels of a PNG.
pub fn read_png(path: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = match info.color_type {
        png::ColorType::Rgba => 4,
        png::ColorType::Rgb => 3,
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let pixels = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    (info.width, info.height, pixels)
}
