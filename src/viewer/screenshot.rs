//! `paifu view FILE --screenshot OUT.png`: open the window, draw the chosen
//! state, capture the rendered frame, write it as a PNG and exit. Works
//! under Xvfb, for documentation and CI.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use egui::ColorImage;

use super::app::{Options, ViewerApp, place};
use super::session::Session;
use super::{ViewerError, tiles::TileAtlas};

/// Frames drawn before the capture, so that textures are uploaded and
/// layouts have settled (egui sizes some widgets on the second frame).
const SETTLE_FRAMES: u32 = 4;
/// Frames after which a capture that never arrived is given up.
const GIVE_UP_FRAMES: u32 = 300;

type Shared<T> = Arc<Mutex<Option<T>>>;

struct Capture {
    app: ViewerApp,
    frames: u32,
    requested: bool,
    image: Shared<Arc<ColorImage>>,
    out: PathBuf,
    result: Shared<Result<(), ViewerError>>,
}

impl eframe::App for Capture {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.show(ui);
        self.frames += 1;
        let ctx = ui.ctx().clone();
        if self.frames >= SETTLE_FRAMES && !self.requested {
            self.requested = true;
            let slot = Arc::clone(&self.image);
            ctx.request_screenshot(move |image| {
                if let Ok(mut s) = slot.lock() {
                    *s = Some(image);
                }
            });
        }
        let taken = self.image.lock().ok().and_then(|mut s| s.take());
        let outcome = match taken {
            Some(image) => Some(write_png(&image, &self.out)),
            None if self.frames > GIVE_UP_FRAMES => Some(Err(ViewerError::Screenshot(
                "the window system never delivered the frame".into(),
            ))),
            None => None,
        };
        match outcome {
            Some(r) => {
                if let Ok(mut slot) = self.result.lock() {
                    *slot = Some(r);
                }
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            None => ctx.request_repaint(),
        }
    }
}

/// Encodes a captured frame as an 8-bit RGBA PNG.
///
/// # Errors
///
/// When the file cannot be written.
pub fn write_png(image: &ColorImage, out: &Path) -> Result<(), ViewerError> {
    let bad =
        |e: &dyn std::fmt::Display| ViewerError::Screenshot(format!("{}: {e}", out.display()));
    let file = std::fs::File::create(out).map_err(|e| bad(&e))?;
    let [w, h] = image.size;
    let mut encoder = png::Encoder::new(
        std::io::BufWriter::new(file),
        u32::try_from(w).map_err(|e| bad(&e))?,
        u32::try_from(h).map_err(|e| bad(&e))?,
    );
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| bad(&e))?;
    let bytes: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| c.to_srgba_unmultiplied())
        .collect();
    writer.write_image_data(&bytes).map_err(|e| bad(&e))?;
    writer.finish().map_err(|e| bad(&e))
}

/// Renders the state `options` names (file, kyoku and step, or review
/// item) to `out`.
///
/// # Errors
///
/// When the log cannot be opened, the position does not exist, no window
/// can be opened (no display), or the PNG cannot be written.
pub fn screenshot(options: &Options, out: &Path) -> Result<(), ViewerError> {
    let Some(file) = &options.file else {
        return Err(ViewerError::Position(
            "--screenshot needs a log file".into(),
        ));
    };
    let mut session = Session::open(file, options.profile.clone())?;
    place(&mut session, options).map_err(ViewerError::Position)?;
    if let Some(set) = &options.compare {
        session.apply(super::session::Command::Compare(Some(set.clone())));
    }
    let result: Shared<Result<(), ViewerError>> = Arc::new(Mutex::new(None));
    let image: Shared<Arc<ColorImage>> = Arc::new(Mutex::new(None));
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("paifu")
            .with_inner_size([options.width, options.height])
            .with_resizable(false),
        ..eframe::NativeOptions::default()
    };
    let slot = Arc::clone(&result);
    let dark = options.dark;
    let bottom = options.bottom;
    let what_if = options.what_if.clone();
    let out_path = out.to_path_buf();
    let run = eframe::run_native(
        "paifu-screenshot",
        native,
        Box::new(move |cc| {
            // Fail early and clearly if the bundled tiles are broken.
            TileAtlas::load(&cc.egui_ctx, dark)?;
            let mut app = ViewerApp::with_session(session, dark);
            app.bottom = crate::event::Seat::wrapping(bottom);
            app.selected = app.bottom;
            if let Some(text) = &what_if
                && let Err(e) = app.start_what_if(text)
            {
                // Said as it is, not as a window that failed to open.
                if let Ok(mut r) = slot.lock() {
                    *r = Some(Err(ViewerError::Position(e.clone())));
                }
                return Err(ViewerError::Position(e).into());
            }
            Ok(Box::new(Capture {
                app,
                frames: 0,
                requested: false,
                image,
                out: out_path,
                result: slot,
            }))
        }),
    );
    let outcome = result.lock().ok().and_then(|mut r| r.take());
    match (run, outcome) {
        (_, Some(Err(e @ ViewerError::Position(_)))) => Err(e),
        (Err(e), _) => Err(ViewerError::Window(e.to_string())),
        (Ok(()), Some(r)) => r,
        (Ok(()), None) => Err(ViewerError::Screenshot(
            "the window closed before the frame was captured".into(),
        )),
    }
}
