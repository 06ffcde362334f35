//! The names the panels give yaku: the menu's choice, kept in egui's
//! memory so that every panel reads the same one without being handed it.

use egui::Id;

use crate::yaku::{NameStyle, Yaku};

fn id() -> Id {
    Id::unique("paifu-yaku-names")
}

/// Makes `style` the one the panels read (the app sets it every frame).
pub fn set(ctx: &egui::Context, style: NameStyle) {
    ctx.data_mut(|d| d.insert_temp(id(), style));
}

/// The style chosen (the default until one is set).
#[must_use]
pub fn style(ui: &egui::Ui) -> NameStyle {
    ui.ctx().data(|d| d.get_temp(id())).unwrap_or_default()
}

/// A yaku's name in the chosen style.
#[must_use]
pub fn name(ui: &egui::Ui, yaku: &Yaku) -> String {
    yaku.display_name(style(ui)).into_owned()
}
