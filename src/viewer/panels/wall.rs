//! "Wall": where play stands in the wall the record gives (the engine's
//! [`crate::engine::WallView`]): the next tiles of the live wall with the
//! count left and its last tile, and the dead wall with the dora
//! indicators turned, the ura indicators under them (bright once a win
//! shows them) and the replacement tiles taken. A record without a wall
//! shows nothing here.

use egui::{Color32, Rect, RichText, Role, Sense, Stroke, Ui, WidgetInfo, vec2};

use crate::engine::WallView;
use crate::tile::Tile;
use crate::viewer::describe::tile_name;
use crate::viewer::session::Session;
use crate::viewer::tiles::{Face, TileAtlas};

/// A tile's size in the panel, in points.
const TILE: egui::Vec2 = vec2(22.0, 29.0);
/// The space between two tiles.
const GAP: f32 = 2.0;
/// The colour that marks the tile play takes next.
const NEXT: Color32 = Color32::from_rgb(255, 210, 60);
/// A tile's back, as the board draws it.
const BACK: Color32 = Color32::from_rgb(214, 122, 40);

/// How a tile of the wall is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Look {
    /// In play or about to be: full colour.
    Bright,
    /// The one play takes next: full colour, outlined.
    Next,
    /// Still hidden in the wall (an indicator not turned, an ura indicator
    /// no win has shown): faded.
    Dim,
    /// Already taken from the wall: faint and struck through.
    Taken,
}

/// Draws the panel when the wall at the cursor is known; returns whether
/// it drew anything.
pub fn show(ui: &mut Ui, session: &Session, atlas: Option<&TileAtlas>) -> bool {
    let Some(wall) = session.view().and_then(|v| v.wall.as_ref()) else {
        return false;
    };
    ui.heading("Wall");
    live_row(ui, wall, atlas);
    dead_wall(ui, wall, atlas);
    true
}

fn live_row(ui: &mut Ui, wall: &WallView, atlas: Option<&TileAtlas>) {
    let left = wall.live.len();
    ui.label(if left == 0 {
        "Live wall: empty".to_owned()
    } else {
        format!("Live wall: {left} left, in drawing order")
    });
    if left == 0 {
        return;
    }
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = GAP;
        // As many as fit, keeping room for the last tile after a gap.
        let room = ((ui.available_width() - 3.0 * TILE.x) / (TILE.x + GAP)).floor();
        let fit = if room.is_finite() && room > 4.0 {
            room as usize
        } else {
            4
        };
        let shown = if left > fit + 1 { fit } else { left };
        for (i, t) in wall.live.iter().take(shown).enumerate() {
            let look = if i == 0 { Look::Next } else { Look::Bright };
            tile(
                ui,
                atlas,
                *t,
                look,
                &format!("next draw {}: {}", i + 1, tile_name(*t)),
            );
        }
        if shown < left
            && let Some(last) = wall.live.last()
        {
            ui.add_space(4.0);
            ui.label(RichText::new("… last").small());
            tile(
                ui,
                atlas,
                *last,
                Look::Bright,
                &format!("last tile of the live wall: {}", tile_name(*last)),
            );
        }
    });
}

fn dead_wall(ui: &mut Ui, wall: &WallView, atlas: Option<&TileAtlas>) {
    let replacements = wall.replacements.len();
    ui.label(format!(
        "Dead wall: indicators {} of {} turned · replacement tiles {} of {} taken · ura indicators {}",
        wall.dora_turned.min(wall.dora_markers.len()),
        wall.dora_markers.len(),
        wall.replacements_taken.min(replacements),
        replacements,
        match wall.ura_shown {
            0 => "not shown".to_owned(),
            n => format!("{n} shown"),
        }
    ));
    // Two rows, as the dead wall stands: the indicators over the ura
    // indicators, then the replacement tiles two to a stack.
    let stacks = replacements.div_ceil(2);
    for row in 0..2 {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing = vec2(GAP, GAP);
            let what = if row == 0 { "dora" } else { "ura" };
            // A fixed width, so that the two rows line up.
            let (cell, _) = ui.allocate_exact_size(vec2(30.0, TILE.y), Sense::hover());
            ui.painter().text(
                cell.left_center(),
                egui::Align2::LEFT_CENTER,
                what,
                egui::FontId::proportional(11.0),
                ui.visuals().weak_text_color(),
            );
            let list = if row == 0 {
                &wall.dora_markers
            } else {
                &wall.ura_markers
            };
            for (i, t) in list.iter().enumerate() {
                let (look, state) = if row == 0 {
                    if i < wall.dora_turned {
                        (Look::Bright, "turned")
                    } else {
                        (Look::Dim, "not turned")
                    }
                } else if i < wall.ura_shown {
                    (Look::Bright, "shown")
                } else {
                    (Look::Dim, "hidden")
                };
                let label = format!("{what} indicator {}: {}, {state}", i + 1, tile_name(*t));
                tile(ui, atlas, *t, look, &label);
            }
            ui.add_space(8.0);
            for s in 0..stacks {
                let i = 2 * s + row;
                if let Some(t) = wall.replacements.get(i) {
                    let (look, state) = match i.cmp(&wall.replacements_taken) {
                        std::cmp::Ordering::Less => (Look::Taken, "taken"),
                        std::cmp::Ordering::Equal => (Look::Next, "next"),
                        std::cmp::Ordering::Greater => (Look::Dim, "waiting"),
                    };
                    let label = format!("replacement tile {}: {}, {state}", i + 1, tile_name(*t));
                    tile(ui, atlas, *t, look, &label);
                }
            }
        });
    }
}

/// One tile of the wall, with its description for a tooltip and for
/// assistive technology.
fn tile(ui: &mut Ui, atlas: Option<&TileAtlas>, t: Tile, look: Look, label: &str) {
    let (rect, response) = ui.allocate_exact_size(TILE, Sense::hover());
    response.widget_info(|| WidgetInfo::labeled(Role::Image, true, label));
    if ui.is_rect_visible(rect) {
        paint(ui, atlas, t, look, rect);
    }
    response.on_hover_text(label);
}

fn paint(ui: &Ui, atlas: Option<&TileAtlas>, t: Tile, look: Look, rect: Rect) {
    let painter = ui.painter();
    let tint = match look {
        Look::Bright | Look::Next => Color32::WHITE,
        Look::Dim => Color32::from_white_alpha(120),
        Look::Taken => Color32::from_white_alpha(40),
    };
    if look == Look::Dim {
        // The tile's back shows through: still face down in the wall, in
        // the board's colour for a tile back.
        painter.rect_filled(rect, 2.0, BACK);
    }
    match atlas {
        Some(a) => {
            painter.add(a.upright(Face::Up(t), rect, tint));
        }
        None => {
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                t.to_string(),
                egui::FontId::proportional(11.0),
                ui.visuals()
                    .text_color()
                    .gamma_multiply(f32::from(tint.a()) / 255.0),
            );
        }
    }
    let edge = match look {
        Look::Next => Stroke::new(2.0, NEXT),
        _ => Stroke::new(0.6, Color32::from_black_alpha(90)),
    };
    painter.rect_stroke(rect, 2.0, edge, egui::StrokeKind::Outside);
    if look == Look::Taken {
        painter.line_segment(
            [rect.left_bottom(), rect.right_top()],
            Stroke::new(1.2, ui.visuals().weak_text_color()),
        );
    }
}
