//! "Why": for the selected seat at the cursor, what the engine knows —
//! shanten and waits, furiten and its cause, riichi, a dead hand; at a
//! concealed kong in riichi the waits before and after; at a discard the
//! review analysed, its candidates (whoever discarded); at a win the
//! audit's own verdict ([`crate::engine::win_at`]): the recomputed yaku,
//! fu, points, score changes and liability beside what the log recorded,
//! marked as the audit's comparison marks them; on request the same win
//! under several profiles side by side ([`super::compare`]). At a win the
//! winner's hand is shown complete with its winning tile framed, and
//! furiten is left out at a tsumo, where it does not matter.

use egui::{Color32, RichText, Sense, vec2};

use crate::engine::{ClaimField, FuritenCause, SeatView, WinCheck, WinView};
use crate::event::Seat;
use crate::hand::Waits;
use crate::score::Payment;
use crate::tile::Tile;
use crate::viewer::app::Action;
use crate::viewer::describe::{player_name, tile_name};
use crate::viewer::session::{Command, Session};
use crate::viewer::tiles::{Face, TileAtlas};

const OK: Color32 = Color32::from_rgb(110, 200, 120);
const BAD: Color32 = Color32::from_rgb(235, 95, 85);
/// The frame of the winning tile.
const WIN: Color32 = Color32::from_rgb(240, 190, 60);

/// Draws the panel.
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    selected: Seat,
    atlas: Option<&TileAtlas>,
    actions: &mut Vec<Action>,
) {
    ui.heading("Why");
    let Some(view) = session.view() else {
        ui.label("No table at this event.");
        return;
    };
    ui.horizontal_wrapped(|ui| {
        for s in Seat::all(view.state.seats) {
            let wind = view.state.seat_wind(s).letter();
            let name = player_name(&session.log, s);
            let short: String = name.chars().take(10).collect();
            if ui
                .selectable_label(s == selected, format!("{wind} {short}"))
                .clicked()
            {
                actions.push(Action::SelectSeat(s));
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("Hide hand:");
        for s in Seat::all(view.state.seats) {
            let wind = view.state.seat_wind(s).letter().to_string();
            if ui
                .small_button(wind)
                .on_hover_text("show or hide this hand")
                .clicked()
            {
                actions.push(Action::ToggleHidden(s.index()));
            }
        }
    });
    let Some(seat) = view.seats.get(selected.index()) else {
        return;
    };
    let player = view.state.players.get(selected.index());
    let win = session.win_here();
    let won = session
        .win_event_here()
        .filter(|(actor, _, _)| *actor == selected)
        .map(|(actor, target, tile)| Won {
            tsumo: actor == target,
            tile,
            concealed: win
                .as_ref()
                .and_then(|w| w.inputs())
                .map(|i| i.hand.concealed.clone()),
        });
    seat_facts(ui, seat, won.as_ref(), atlas);
    if let Some(p) = player {
        match p.riichi {
            Some(r) => {
                let mut parts = vec![if r.double { "double riichi" } else { "riichi" }];
                if r.ippatsu {
                    parts.push("ippatsu still possible");
                }
                if !r.accepted {
                    parts.push("stick not yet paid");
                }
                ui.label(format!("Riichi: {}", parts.join(", ")));
            }
            None if p.is_closed() => {
                ui.label("Riichi: not declared (closed hand)");
            }
            None => {
                ui.label("Riichi: not declared (open hand)");
            }
        }
    }
    if let Some(liable) = player.and_then(|p| p.liable) {
        ui.label(format!(
            "Liability (pao): {} fed the set that completes a big dragons or big winds hand.",
            player_name(&session.log, liable)
        ));
    }
    if let Some(k) = session.kong_in_riichi() {
        ui.separator();
        ui.label(
            RichText::new(format!("Concealed kong of {} in riichi", tile_name(k.tile))).strong(),
        );
        waits_row(ui, "waits before", k.before, atlas);
        waits_row(ui, "waits after", k.after, atlas);
        let (text, color) = if k.before == k.after {
            ("the waits are unchanged", OK)
        } else {
            ("the kong changes the waits", BAD)
        };
        ui.colored_label(color, text);
    }
    if let Some(d) = session.decision_here() {
        ui.separator();
        super::candidates::show(ui, session, d, atlas);
    }
    if let Some(win) = win {
        ui.separator();
        win_facts(ui, session, &win);
        compare_toggle(ui, session, actions);
        if let Some(c) = session.comparison() {
            super::compare::show(ui, c);
        }
    }
}

/// The selected seat won at the cursor.
struct Won {
    /// By its own draw (furiten does not matter then).
    tsumo: bool,
    /// The winning tile.
    tile: Tile,
    /// The winning hand's concealed tiles, the winning tile among them,
    /// when the audit scored the win.
    concealed: Option<Vec<Tile>>,
}

fn compare_toggle(ui: &mut egui::Ui, session: &Session, actions: &mut Vec<Action>) {
    let on = session.comparing();
    if ui
        .selectable_label(on, "Compare rule books")
        .on_hover_text("this win under every profile for the same number of players")
        .clicked()
    {
        let set = if on { None } else { Some(Vec::new()) };
        actions.push(Action::Session(Command::Compare(set)));
    }
}

/// The winning hand with the winning tile set apart and framed.
fn winning_hand(ui: &mut egui::Ui, won: &Won, atlas: Option<&TileAtlas>) {
    ui.horizontal_wrapped(|ui| {
        let mut rest = won.concealed.clone().unwrap_or_default();
        if let Some(i) = rest.iter().position(|t| *t == won.tile) {
            rest.remove(i);
        }
        crate::tile::sort_tiles(&mut rest);
        if let Some(a) = atlas {
            for t in &rest {
                let (rect, response) = ui.allocate_exact_size(vec2(18.0, 24.0), Sense::hover());
                ui.painter()
                    .add(a.upright(Face::Up(*t), rect, Color32::WHITE));
                response.on_hover_text(tile_name(*t));
            }
            ui.add_space(6.0);
            let (rect, response) = ui.allocate_exact_size(vec2(18.0, 24.0), Sense::hover());
            ui.painter()
                .add(a.upright(Face::Up(won.tile), rect, Color32::WHITE));
            ui.painter().rect_stroke(
                rect.expand(1.5),
                2.0,
                egui::Stroke::new(2.0, WIN),
                egui::StrokeKind::Outside,
            );
            response.on_hover_text(format!("winning tile: {}", tile_name(won.tile)));
        } else if !rest.is_empty() {
            ui.label(crate::tile::format_hand(&rest));
        }
        ui.label(RichText::new(format!("winning tile: {}", tile_name(won.tile))).color(WIN));
    });
}

fn seat_facts(ui: &mut egui::Ui, seat: &SeatView, won: Option<&Won>, atlas: Option<&TileAtlas>) {
    if let Some(won) = won {
        // The table at a win is the one before it: its shanten, waits and
        // furiten describe the hand that was waiting, not the hand won.
        let how = if won.tsumo { "by tsumo" } else { "by ron" };
        ui.label(
            RichText::new(format!(
                "Hand: complete, won on {} {how}",
                tile_name(won.tile)
            ))
            .strong(),
        );
        winning_hand(ui, won, atlas);
        if won.tsumo {
            return;
        }
    }
    if seat.hidden {
        ui.label("The log hides this hand: nothing to explain.");
        return;
    }
    if seat.dead {
        ui.colored_label(
            BAD,
            "Dead hand: it may not win or call, and counts as noten.",
        );
    }
    let shanten = match seat.shanten {
        Some(-1) => "complete".to_owned(),
        Some(0) => "tenpai".to_owned(),
        Some(n) => format!("{n}-shanten"),
        None => "unknown".to_owned(),
    };
    if won.is_none() {
        ui.label(RichText::new(format!("Hand: {shanten}")).strong());
    }
    if seat.waits.is_tenpai() {
        let label = if won.is_some() { "waited on" } else { "waits" };
        waits_row(ui, label, seat.waits, atlas);
    }
    match seat.furiten {
        None if won.is_some() => {
            ui.colored_label(OK, "Not furiten: the ron stands.");
        }
        None if seat.waits.is_tenpai() => {
            ui.colored_label(OK, "Not furiten: may win on a discard.");
        }
        None => {}
        Some(FuritenCause::OwnDiscard { tile }) => {
            ui.colored_label(
                BAD,
                format!(
                    "Furiten: {} is a winning tile and lies in the player's own river.",
                    tile_name(tile)
                ),
            );
        }
        Some(FuritenCause::Passed { tile, event }) => {
            ui.colored_label(
                BAD,
                format!(
                    "Furiten (temporary): passed a winning {} at event {event} — until the player's next draw or call.",
                    tile_name(tile)
                ),
            );
        }
        Some(FuritenCause::PassedInRiichi { tile, event }) => {
            ui.colored_label(
                BAD,
                format!(
                    "Furiten (riichi): passed a winning {} at event {event} — for the rest of the hand.",
                    tile_name(tile)
                ),
            );
        }
    }
}

fn waits_row(ui: &mut egui::Ui, label: &str, waits: Waits, atlas: Option<&TileAtlas>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("{label}:"));
        let tiles: Vec<Tile> = waits.kinds().filter_map(Tile::from_kind).collect();
        if tiles.is_empty() {
            ui.label("none");
        }
        for t in tiles {
            match atlas {
                Some(a) => {
                    let (rect, response) = ui.allocate_exact_size(vec2(24.0, 32.0), Sense::hover());
                    ui.painter()
                        .add(a.upright(Face::Up(t), rect, Color32::WHITE));
                    response.on_hover_text(tile_name(t));
                }
                None => {
                    ui.label(tile_name(t));
                }
            }
        }
    });
}

/// Whether the log recorded any of the figures the recomputation is
/// compared with.
fn records_a_score(claim: &crate::event::WinClaim) -> bool {
    claim.han.is_some()
        || claim.fu.is_some()
        || claim.points.is_some()
        || claim.limit.is_some()
        || claim.deltas.is_some()
        || !claim.yaku.is_empty()
}

fn payment_text(p: Payment) -> String {
    match p {
        Payment::Ron { discarder } => format!("{discarder} from the discarder"),
        Payment::TsumoDealer { each } => format!("{each} from each player"),
        Payment::TsumoNonDealer { dealer, non_dealer } => {
            format!("{dealer} from the dealer, {non_dealer} from each other player")
        }
    }
}

fn win_facts(ui: &mut egui::Ui, session: &Session, win: &WinView) {
    ui.label(RichText::new("The win, recomputed").strong());
    let claim = &win.claim;
    let (inputs, verdict) = match &win.check {
        WinCheck::Recomputed { inputs, verdict } => (inputs, verdict),
        WinCheck::Hidden => {
            ui.label("The winner's hand is hidden: the audit does not score the win.");
            return;
        }
        WinCheck::Chombo { offence } => {
            ui.colored_label(
                BAD,
                format!(
                    "Chombo under {}: {offence}. The penalty is paid, not the win.",
                    session.rules.name
                ),
            );
            return;
        }
        WinCheck::NotFollowed => {
            ui.label(
                "The audit was not following this kyoku at the win (see the findings): nothing is recomputed.",
            );
            return;
        }
    };
    let s = match &verdict.score {
        Err(rejected) => {
            ui.colored_label(
                BAD,
                format!(
                    "Not a valid win under {} ({}): {}",
                    session.rules.name, rejected.rule, rejected.message
                ),
            );
            return;
        }
        Ok(s) => s,
    };
    let name = |seat: Option<Seat>| seat.map_or("nobody".into(), |p| player_name(&session.log, p));
    // The engine's comparison decides what is marked; the panel only shows it.
    let logged = |v: Option<String>, what: ClaimField| match v {
        None => RichText::new("not recorded").weak(),
        Some(v) => RichText::new(v).color(if verdict.agrees(what) { OK } else { BAD }),
    };
    egui::Grid::new("win-grid").striped(true).show(ui, |ui| {
        ui.label("");
        ui.label(RichText::new("paifu").strong());
        ui.label(RichText::new("log").strong());
        ui.end_row();
        for y in &s.scored.yaku {
            ui.label(super::yaku_names::name(ui, &y.yaku));
            ui.label(format!("{} han", y.han));
            let c = claim.yaku.iter().find(|c| c.yaku == y.yaku);
            ui.label(if claim.yaku.is_empty() {
                RichText::new("not recorded").weak()
            } else {
                logged(
                    Some(c.map_or("—".into(), |c| format!("{} han", c.han))),
                    ClaimField::Yaku,
                )
            });
            ui.end_row();
        }
        for y in &s.scored.yakuman {
            ui.label(super::yaku_names::name(ui, &y.yaku));
            ui.label(format!("yakuman ×{}", y.multiplier));
            let c = claim.yaku.iter().any(|c| c.yaku == y.yaku);
            ui.label(if claim.yaku.is_empty() {
                RichText::new("not recorded").weak()
            } else {
                logged(Some(if c { "yes" } else { "—" }.into()), ClaimField::Yaku)
            });
            ui.end_row();
        }
        for c in &claim.yaku {
            let ours = s.scored.yaku.iter().any(|y| y.yaku == c.yaku)
                || s.scored.yakuman.iter().any(|y| y.yaku == c.yaku)
                || c.yaku.is_dora();
            if !ours {
                ui.label(super::yaku_names::name(ui, &c.yaku));
                ui.label("—");
                ui.label(logged(Some(format!("{} han", c.han)), ClaimField::Yaku));
                ui.end_row();
            }
        }
        let d = s.scored.dora;
        ui.label("dora / red / ura / north");
        ui.label(format!(
            "{} / {} / {} / {}",
            d.dora, d.aka, d.ura, d.nukidora
        ));
        ui.label("");
        ui.end_row();
        ui.label("han");
        ui.label(s.scored.han.to_string());
        ui.label(logged(claim.han.map(|h| h.to_string()), ClaimField::Han));
        ui.end_row();
        ui.label("fu");
        ui.label(s.scored.fu.to_string());
        ui.label(logged(claim.fu.map(|f| f.to_string()), ClaimField::Fu));
        ui.end_row();
        ui.label("points");
        ui.label(s.value.to_string());
        ui.label(logged(
            claim.points.map(|p| p.to_string()),
            ClaimField::Points,
        ));
        ui.end_row();
        ui.label("score changes");
        ui.label(format!("{:?}", s.deltas));
        ui.label(logged(
            claim.deltas.as_ref().map(|d| format!("{d:?}")),
            ClaimField::Deltas,
        ));
        ui.end_row();
        if s.pao.is_some() || claim.pao.is_some() {
            ui.label("liable (pao)");
            ui.label(name(s.pao));
            // Pao is compared only where the log records payments and
            // liability at all, as the audit does.
            let recorded = (claim.deltas.is_some() && !claim.pao_unknown).then(|| name(claim.pao));
            ui.label(logged(recorded, ClaimField::Pao));
            ui.end_row();
        }
    });
    let gain = s
        .deltas
        .get(inputs.table.winner.index())
        .copied()
        .unwrap_or(s.scored.total);
    match s.pao {
        None => ui.label(format!(
            "Payment: {}; the winner gains {gain}.",
            payment_text(s.scored.payment)
        )),
        Some(liable) => ui.label(format!(
            "Payment with liability (pao): {} fed the set that completed the hand and pays as the rules say; the winner gains {gain}.",
            name(Some(liable))
        )),
    };
    if let Some(ura) = &verdict.assumed_ura {
        ui.label(format!(
            "The log records no ura indicators: {} ura dora are assumed (indicators {}), the fewest the claim agrees with.",
            s.scored.dora.ura,
            crate::tile::format_hand(ura)
        ));
    }
    if !session.rules.values_known && !verdict.discrepancies.is_empty() {
        ui.label(
            "These differences are not judged: the game's rules are not known (see the notes).",
        );
    }
    for d in &verdict.discrepancies {
        ui.colored_label(
            BAD,
            format!("{}: paifu {} · log {}", d.what, d.expected, d.recorded),
        );
    }
    if !records_a_score(claim) {
        ui.label("The log recorded no score to compare.");
    } else if verdict.agrees_with_claim() {
        ui.colored_label(OK, "The log's claim agrees with the recomputation.");
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::hand::KindSet;

    /// A seat the table shows furiten (a winning 3s in its own river).
    fn furiten_seat() -> SeatView {
        let tile = crate::tile::parse_hand("3s").unwrap()[0];
        SeatView {
            waits: Waits(1 << tile.kind()),
            shanten: Some(0),
            furiten: Some(FuritenCause::OwnDiscard { tile }),
            dead: false,
            hidden: false,
            kuikae: KindSet(0),
        }
    }

    fn won(tsumo: bool) -> Won {
        let hand = crate::tile::parse_hand("234m45655p234678s").unwrap();
        Won {
            tsumo,
            tile: hand[8],
            concealed: Some(hand),
        }
    }

    fn render(won: Option<Won>) -> Harness<'static> {
        let seat = furiten_seat();
        let mut h = Harness::new_ui(move |ui| seat_facts(ui, &seat, won.as_ref(), None));
        h.run();
        h
    }

    #[test]
    fn furiten_does_not_matter_at_a_tsumo() {
        let h = render(Some(won(true)));
        h.get_by_label_contains("Hand: complete, won on");
        h.get_by_label_contains("by tsumo");
        assert!(h.query_by_label_contains("Furiten").is_none());
        assert!(h.query_by_label_contains("waits").is_none());
    }

    #[test]
    fn furiten_still_shows_at_a_ron_and_before_a_win() {
        let h = render(Some(won(false)));
        h.get_by_label_contains("by ron");
        h.get_by_label_contains("Furiten:");
        let h = render(None);
        h.get_by_label("Hand: tenpai");
        h.get_by_label_contains("Furiten:");
    }

    #[test]
    fn the_winning_tile_is_named_and_set_apart() {
        let h = render(Some(won(false)));
        let tile = won(false).tile;
        h.get_by_label(&format!("winning tile: {}", tile_name(tile)));
        // The rest of the hand, without the winning tile, sorted.
        h.get_by_label("234m45556p34678s");
        assert!(h.query_by_label("Hand: tenpai").is_none());
    }
}
