//! The table: four seats (three in sanma) around a centre panel, each
//! drawn in its own frame (the viewing seat at the bottom, the others
//! turned to face the centre), with hands, melds, rivers, the wall count,
//! dora indicators, sticks and scores. Only what the engine's
//! [`TableView`] holds is drawn; nothing here decides a rule.

use egui::epaint::TextShape;
use egui::{Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2, vec2};

use crate::engine::{CalledMeld, PlayerState, TableView};
use crate::event::Seat;
use crate::hand::KindSet;
use crate::score::MeldKind;
use crate::tile::{Tile, sort_tiles};

use super::tiles::{Face, TileAtlas, rect_corners};

/// What a finding or a review item points at on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MarkTarget {
    /// The seat's last discard.
    LastDiscard,
    /// The seat's newest meld.
    LastMeld,
    /// The seat's concealed hand.
    Hand,
    /// One concealed tile of each of these kinds (a plain five before a
    /// red one): the review's better discards.
    Tiles(KindSet),
}

/// A finding or a review item shown on the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Mark {
    /// The seat it concerns.
    pub seat: Seat,
    /// What to outline.
    pub target: MarkTarget,
    /// The text beside it (rule id and message); empty for none.
    pub text: String,
    /// The outline's colour (by severity).
    pub color: Color32,
    /// How serious (a review item's severity on the audit's scale: a
    /// mistake as an error), for the order of the marks.
    pub severity: crate::engine::Severity,
}

/// Everything the board draws besides the table itself.
#[derive(Clone, Debug)]
pub struct BoardInput<'a> {
    /// The table at the cursor.
    pub view: &'a TableView,
    /// Player names by seat.
    pub names: Vec<String>,
    /// The seat drawn at the bottom.
    pub bottom: Seat,
    /// Seats whose concealed hand is drawn face down.
    pub hidden: [bool; 4],
    /// The seat that acted in the event under the cursor, and whether the
    /// act was a discard (its tile is then outlined).
    pub actor: Option<(Seat, bool)>,
    /// Score changes to show beside the scores (at an outcome).
    pub deltas: Option<Vec<i32>>,
    /// Findings at the cursor.
    pub marks: Vec<Mark>,
    /// Dark theme.
    pub dark: bool,
}

/// A seat's drawing frame: local x runs along the seat's edge from its
/// left to its right, local y from the centre towards the seat.
#[derive(Clone, Copy)]
struct Frame {
    center: Pos2,
    ex: Vec2,
    ey: Vec2,
}

impl Frame {
    fn for_position(center: Pos2, position: u8) -> Self {
        let (ex, ey) = match position {
            0 => (vec2(1.0, 0.0), vec2(0.0, 1.0)),
            1 => (vec2(0.0, -1.0), vec2(1.0, 0.0)),
            2 => (vec2(-1.0, 0.0), vec2(0.0, -1.0)),
            _ => (vec2(0.0, 1.0), vec2(-1.0, 0.0)),
        };
        Self { center, ex, ey }
    }

    fn at(&self, x: f32, y: f32) -> Pos2 {
        self.center + self.ex * x + self.ey * y
    }

    /// Corners of an upright tile with its top-left at (x, y).
    fn upright(&self, x: f32, y: f32, w: f32, h: f32) -> [Pos2; 4] {
        [
            self.at(x, y),
            self.at(x + w, y),
            self.at(x + w, y + h),
            self.at(x, y + h),
        ]
    }

    /// Corners of a tile turned a quarter anticlockwise, occupying the
    /// local box (x, y, h, w): its top faces the seat's left.
    fn sideways(&self, x: f32, y: f32, h: f32, w: f32) -> [Pos2; 4] {
        [
            self.at(x, y + w),
            self.at(x, y),
            self.at(x + h, y),
            self.at(x + h, y + w),
        ]
    }

    fn angle(&self) -> f32 {
        self.ex.y.atan2(self.ex.x)
    }
}

/// Sizes derived from the board's side.
#[derive(Clone, Copy)]
struct Metrics {
    half: f32,
    tw: f32,
    th: f32,
    centre: f32,
}

impl Metrics {
    fn new(side: f32) -> Self {
        let tw = side / 25.5;
        Self {
            half: side / 2.0,
            tw,
            th: tw * 4.0 / 3.0,
            centre: tw * 3.7,
        }
    }
}

struct Painting<'a> {
    painter: &'a Painter,
    atlas: &'a TileAtlas,
    m: Metrics,
    dark: bool,
}

/// Colours of the table.
fn felt(dark: bool) -> Color32 {
    if dark {
        Color32::from_rgb(20, 58, 44)
    } else {
        Color32::from_rgb(34, 98, 70)
    }
}

impl Painting<'_> {
    fn tile(&self, face: Face, corners: [Pos2; 4], tint: Color32) {
        // A darker copy underneath, shifted down the screen, gives the
        // tile its thickness.
        let lift = vec2(0.0, self.m.tw * 0.08);
        let edge = if self.dark {
            Color32::from_gray(10)
        } else {
            Color32::from_rgb(150, 140, 120)
        };
        self.painter.add(Shape::convex_polygon(
            corners.iter().map(|p| *p + lift).collect(),
            edge,
            Stroke::NONE,
        ));
        if face == Face::Back {
            // A coloured back in both themes: the dark set's back is as
            // dark as its white dragon, which must not be mistaken for it.
            let back = Color32::from_rgb(214, 122, 40).gamma_multiply(f32::from(tint.r()) / 255.0);
            self.painter
                .add(Shape::convex_polygon(corners.to_vec(), back, Stroke::NONE));
        } else {
            self.painter.add(self.atlas.quad(face, corners, tint));
        }
        self.painter.add(Shape::closed_line(
            corners.to_vec(),
            Stroke::new(0.6, Color32::from_black_alpha(90)),
        ));
    }

    fn outline(&self, corners: &[Pos2], color: Color32) {
        self.painter.add(Shape::closed_line(
            corners.to_vec(),
            Stroke::new(self.m.tw * 0.12, color),
        ));
    }

    /// Outlines the screen rectangle around `points` (a hand, a meld).
    fn outline_around(&self, points: &[Pos2], color: Color32) {
        if !points.is_empty() {
            let r = Rect::from_points(points).expand(self.m.tw * 0.12);
            self.outline(&rect_corners(r), color);
        }
    }

    fn text(&self, frame: &Frame, x: f32, y: f32, text: &str, size: f32, color: Color32) -> Rect {
        let galley =
            self.painter
                .layout_no_wrap(text.to_owned(), FontId::proportional(size), color);
        let size = galley.size();
        // (x, y) is the centre of the text in the seat's frame.
        let pos = frame.at(x - size.x / 2.0, y - size.y / 2.0);
        let shape = TextShape::new(pos, galley, color).with_angle(frame.angle());
        let rect = shape.visual_bounding_rect();
        self.painter.add(shape);
        rect
    }
}

/// Where each seat sits: 0 bottom, 1 right, 2 top, 3 left.
fn position(seat: Seat, bottom: Seat, seats: u8) -> u8 {
    seat.offset_from(bottom, seats)
}

/// Where the board put the things a click or a test looks for, in screen
/// coordinates.
#[derive(Clone, Debug, Default)]
pub struct BoardLayout {
    /// Each seat's name plate (wind and name).
    pub name_plates: Vec<(Seat, Rect)>,
    /// The centre panel's lines of text (round, tiles left, honba and
    /// sticks) and its dora indicators.
    pub centre: Vec<Rect>,
    /// The riichi sticks on the table.
    pub sticks: Vec<Rect>,
    /// The callouts of findings and review items.
    pub callouts: Vec<Rect>,
}

/// Draws the table in `rect`; returns where its parts went (the name
/// plates for clicks).
pub fn draw(
    painter: &Painter,
    atlas: &TileAtlas,
    rect: Rect,
    input: &BoardInput<'_>,
) -> BoardLayout {
    let side = rect.width().min(rect.height());
    let m = Metrics::new(side);
    let board = Rect::from_center_size(rect.center(), vec2(side, side));
    let p = Painting {
        painter,
        atlas,
        m,
        dark: input.dark,
    };
    painter.rect_filled(board, m.tw * 0.6, felt(input.dark));
    let state = &input.view.state;
    let mut layout = BoardLayout::default();
    // Drawn after everything else, so that no tile or score covers them.
    let mut callouts: Vec<(Frame, u8, Vec<&Mark>)> = Vec::new();
    for (i, player) in state.players.iter().enumerate() {
        let seat = Seat::wrapping(u8::try_from(i).unwrap_or(0));
        let pos = position(seat, input.bottom, state.seats);
        let frame = Frame::for_position(board.center(), pos);
        let hidden = input.hidden.get(i).copied().unwrap_or(false);
        let marks: Vec<&Mark> = input.marks.iter().filter(|m| m.seat == seat).collect();
        let acted = input.actor.filter(|(s, _)| *s == seat);
        draw_river(&p, &frame, player, acted.is_some_and(|(_, d)| d), &marks);
        let who = HandSeat {
            seat,
            seats: state.seats,
            hidden,
        };
        draw_hand(&p, &frame, player, &who, &marks);
        let name = input.names.get(i).map_or("", String::as_str);
        let wind = crate::names::wind(state.seat_wind(seat));
        let mut plate = format!("{wind}  {name}");
        if player.nukidora > 0 {
            plate.push_str(&format!("   North ×{}", player.nukidora));
        }
        let color = if acted.is_some() {
            Color32::from_rgb(255, 226, 120)
        } else {
            Color32::from_gray(235)
        };
        let plate = p.text(
            &frame,
            0.0,
            m.centre + m.th * 4.0 + m.tw * 0.55,
            &plate,
            m.tw * 0.62,
            color,
        );
        layout.name_plates.push((seat, plate));
        let told: Vec<&Mark> = marks
            .iter()
            .copied()
            .filter(|m| !m.text.is_empty())
            .collect();
        if !told.is_empty() {
            callouts.push((frame, pos, told));
        }
    }
    draw_centre(&p, board.center(), input, &mut layout);
    let plates: Vec<Rect> = layout.name_plates.iter().map(|(_, r)| *r).collect();
    for (frame, pos, marks) in &callouts {
        let place = CalloutPlace {
            frame,
            pos: *pos,
            board,
            plates: &plates,
        };
        layout.callouts.push(draw_callout(&p, &place, marks));
    }
    layout
}

fn draw_river(p: &Painting<'_>, frame: &Frame, player: &PlayerState, acted: bool, marks: &[&Mark]) {
    let m = p.m;
    let (mut x, mut row) = (-3.0 * m.tw, 0usize);
    let mut in_row = 0usize;
    let last = player.river.len().saturating_sub(1);
    for (i, r) in player.river.iter().enumerate() {
        if in_row == 6 && row < 2 {
            row += 1;
            in_row = 0;
            x = -3.0 * m.tw;
        }
        let y = m.centre + m.th * row as f32;
        let tint = if r.called {
            Color32::from_white_alpha(90)
        } else if r.tsumogiri {
            Color32::from_gray(185)
        } else {
            Color32::WHITE
        };
        let corners = if r.riichi {
            let c = frame.sideways(x, y + m.th - m.tw, m.th, m.tw);
            x += m.th;
            c
        } else {
            let c = frame.upright(x, y, m.tw, m.th);
            x += m.tw;
            c
        };
        p.tile(Face::Up(r.tile), corners, tint);
        if r.tsumogiri && !r.called {
            // A small dot in the corner: drawn from the wall and let go.
            let dot = corners[1] + (corners[3] - corners[1]) * 0.12;
            p.painter
                .circle_filled(dot, m.tw * 0.09, Color32::from_rgb(60, 60, 60));
        }
        if i == last {
            if let Some(mark) = marks.iter().find(|m| m.target == MarkTarget::LastDiscard) {
                p.outline(&corners, mark.color);
            } else if acted {
                p.outline(&corners, Color32::from_rgb(255, 210, 60));
            }
        }
        in_row += 1;
    }
}

/// Meld tiles in display order, with the index of the tile turned
/// sideways (the one called, placed towards the seat it came from).
fn meld_layout(meld: &CalledMeld, me: Seat, seats: u8) -> (Vec<Tile>, Option<usize>, Option<Tile>) {
    let tiles = &meld.meld.tiles;
    let kind = meld.meld.kind;
    if kind == MeldKind::Ankan {
        let mut t = tiles.clone();
        sort_tiles(&mut t);
        return (t, None, None);
    }
    let (base, added) = if kind == MeldKind::Kakan {
        (
            tiles.get(..3).unwrap_or(tiles).to_vec(),
            tiles.get(3).copied(),
        )
    } else {
        (tiles.clone(), None)
    };
    let Some((&called, consumed)) = base.split_last() else {
        return (base, None, added);
    };
    let mut own = consumed.to_vec();
    sort_tiles(&mut own);
    let from = meld.from.map_or(0, |f| f.offset_from(me, seats));
    let at = if from == seats - 1 {
        0 // from the left
    } else if from == 1 {
        own.len() // from the right
    } else {
        1 // from across
    };
    own.insert(at.min(own.len()), called);
    (own, Some(at), added)
}

struct HandSeat {
    seat: Seat,
    seats: u8,
    hidden: bool,
}

fn draw_hand(
    p: &Painting<'_>,
    frame: &Frame,
    player: &PlayerState,
    who: &HandSeat,
    marks: &[&Mark],
) {
    let m = p.m;
    let y = m.half - m.th - m.tw * 0.3;
    let hidden = who.hidden;
    let mut concealed = player.concealed.clone();
    let drawn = player.drawn.and_then(|d| {
        let i = concealed.iter().rposition(|t| *t == d)?;
        Some(concealed.remove(i))
    });
    sort_tiles(&mut concealed);
    let left = -m.half + m.th + m.tw * 0.6;
    let mut x = left;
    let mut hand_corners: Vec<Pos2> = Vec::new();
    let mut faces: Vec<(Face, [Pos2; 4])> = Vec::new();
    let tiles = concealed
        .iter()
        .map(|t| if hidden { Face::Back } else { Face::Up(*t) })
        .chain((0..player.hidden_tiles).map(|_| Face::Back));
    for face in tiles {
        faces.push((face, frame.upright(x, y, m.tw, m.th)));
        x += m.tw;
    }
    if let Some(d) = drawn {
        x += m.tw * 0.35;
        let face = if hidden { Face::Back } else { Face::Up(d) };
        faces.push((face, frame.upright(x, y, m.tw, m.th)));
    }
    for (face, c) in &faces {
        p.tile(*face, *c, Color32::WHITE);
        hand_corners.extend([c[0], c[2]]);
    }
    if let Some(mark) = marks.iter().find(|m| m.target == MarkTarget::Hand) {
        p.outline_around(&hand_corners, mark.color);
    }
    for mark in marks {
        if let MarkTarget::Tiles(kinds) = mark.target {
            for c in one_of_each(&faces, kinds) {
                p.outline(&c, mark.color);
            }
        }
    }
    // Melds from the right edge inwards, the first called rightmost.
    let mut right = m.half - m.th - m.tw * 0.3;
    let newest = player.melds.len().saturating_sub(1);
    for (i, meld) in player.melds.iter().enumerate() {
        let (tiles, sideways, added) = meld_layout(meld, who.seat, who.seats);
        let width: f32 =
            tiles.len() as f32 * m.tw + if sideways.is_some() { m.th - m.tw } else { 0.0 };
        let mut x = right - width;
        let mut corners_all: Vec<Pos2> = Vec::new();
        for (j, t) in tiles.iter().enumerate() {
            let face = if meld.meld.kind == MeldKind::Ankan && (j == 0 || j == 3) {
                Face::Back
            } else {
                Face::Up(*t)
            };
            let c = if sideways == Some(j) {
                let c = frame.sideways(x, y + m.th - m.tw, m.th, m.tw);
                if let Some(a) = added {
                    let above = frame.sideways(x, y + m.th - 2.0 * m.tw, m.th, m.tw);
                    p.tile(Face::Up(a), above, Color32::WHITE);
                    corners_all.extend(above);
                }
                x += m.th;
                c
            } else {
                let c = frame.upright(x, y, m.tw, m.th);
                x += m.tw;
                c
            };
            p.tile(face, c, Color32::WHITE);
            corners_all.extend(c);
        }
        if i == newest
            && let Some(mark) = marks.iter().find(|m| m.target == MarkTarget::LastMeld)
        {
            p.outline_around(&corners_all, mark.color);
        }
        right -= width + m.tw * 0.2;
    }
}

/// The corners of one face-up tile of each kind in `kinds`, a plain one
/// where the hand holds both: the tile a player would discard.
fn one_of_each(faces: &[(Face, [Pos2; 4])], kinds: KindSet) -> Vec<[Pos2; 4]> {
    let mut out = Vec::new();
    for kind in kinds.kinds() {
        let of_kind = || {
            faces.iter().filter_map(move |(f, c)| match f {
                Face::Up(t) if t.kind() == kind => Some((t, c)),
                _ => None,
            })
        };
        let pick = of_kind()
            .find(|(t, _)| !t.is_red())
            .or_else(|| of_kind().next());
        if let Some((_, c)) = pick {
            out.push(*c);
        }
    }
    out
}

/// What a callout is placed against.
struct CalloutPlace<'a> {
    frame: &'a Frame,
    pos: u8,
    board: Rect,
    /// Every seat's name plate: a callout never covers one.
    plates: &'a [Rect],
}

/// One box per seat listing its findings and review items at the cursor,
/// upright so that it can be read, kept inside the board and off the name
/// plates; returns where it went.
fn draw_callout(p: &Painting<'_>, place: &CalloutPlace<'_>, marks: &[&Mark]) -> Rect {
    let m = p.m;
    let frame = place.frame;
    let mut lines: Vec<String> = marks.iter().take(2).map(|m| m.text.clone()).collect();
    if marks.len() > 2 {
        lines.push(format!("… and {} more in the side panels", marks.len() - 2));
    }
    // Beyond the seat's river rather than over its hand: the hand is what
    // the mark is usually about. Across the table the gap between river
    // and hand runs along the box, which starts just past the river's
    // third row; at the sides it runs across it, so the box goes to the
    // corner beside where the river starts, which the rivers reach last.
    let across = matches!(place.pos, 0 | 2);
    let wrap = if across { m.tw * 16.0 } else { m.tw * 6.0 };
    let galley = p.painter.layout(
        lines.join("\n"),
        FontId::proportional(m.tw * 0.45),
        Color32::WHITE,
        wrap,
    );
    let size = galley.size() + vec2(m.tw * 0.5, m.tw * 0.3);
    let anchor = if across {
        let past_river = m.centre + m.th * 3.0 + m.tw * 0.15;
        // Never over the hand, even if that means over the river.
        let most = m.half - m.th - m.tw * 0.4 - size.y;
        frame.at(0.0, past_river.min(most) + size.y / 2.0)
    } else {
        // A little nearer the centre than halfway, clear of the hands.
        let corner = (m.centre + m.half - m.th) / 2.0 - m.tw * 0.3;
        frame.at(-corner, corner)
    };
    let rect = Rect::from_center_size(anchor, size);
    let inside = place.board.shrink(m.tw * 0.2);
    let shift = vec2(
        (inside.left() - rect.left()).max(0.0) + (inside.right() - rect.right()).min(0.0),
        (inside.top() - rect.top()).max(0.0) + (inside.bottom() - rect.bottom()).min(0.0),
    );
    let rect = clear_of(rect.translate(shift), frame.ey, place.plates, m.tw * 0.1);
    // The most serious mark colours the box.
    let color = marks.first().map_or(Color32::DARK_RED, |mark| mark.color);
    p.painter
        .rect_filled(rect, m.tw * 0.15, color.gamma_multiply(0.92));
    p.painter.galley(
        rect.min + vec2(m.tw * 0.25, m.tw * 0.15),
        galley,
        Color32::WHITE,
    );
    rect
}

/// `rect` moved towards the centre of the table (against `towards_seat`,
/// the seat's direction) until it covers none of `plates`, `gap` apart:
/// the player's name stays readable whatever the callout says.
fn clear_of(mut rect: Rect, towards_seat: Vec2, plates: &[Rect], gap: f32) -> Rect {
    // Each move clears one plate; a plate it then covers is cleared next.
    for _ in 0..plates.len() {
        let Some(plate) = plates.iter().find(|p| p.intersects(rect)) else {
            break;
        };
        let along = |r: &Rect| rect_corners(*r).map(|c| c.to_vec2().dot(towards_seat));
        let far = along(&rect).into_iter().fold(f32::MIN, f32::max);
        let near = along(plate).into_iter().fold(f32::MAX, f32::min);
        rect = rect.translate(-towards_seat * (far - near + gap));
    }
    rect
}

/// How far the riichi sticks lie from the centre, and their size, in
/// tile widths.
const STICK_FROM_CENTRE: f32 = 2.4;
const STICK_HALF_LENGTH: f32 = 1.5;
const STICK_WIDTH: f32 = 0.22;

/// The riichi stick of the seat drawn at `pos`: along the centre panel's
/// edge facing it, inside the score.
fn stick_ends(m: Metrics, center: Pos2, pos: u8) -> [Pos2; 2] {
    let frame = Frame::for_position(center, pos);
    let y = m.tw * STICK_FROM_CENTRE;
    [
        frame.at(-m.tw * STICK_HALF_LENGTH, y),
        frame.at(m.tw * STICK_HALF_LENGTH, y),
    ]
}

/// The square inside the four riichi sticks: the round, the counters and
/// the dora indicators stay in it, so a stick never hides a digit.
fn inside_sticks(m: Metrics, center: Pos2) -> Rect {
    let half = m.tw * (STICK_FROM_CENTRE - STICK_WIDTH / 2.0 - 0.08);
    Rect::from_center_size(center, vec2(half * 2.0, half * 2.0))
}

fn draw_centre(p: &Painting<'_>, center: Pos2, input: &BoardInput<'_>, layout: &mut BoardLayout) {
    let m = p.m;
    let state = &input.view.state;
    let half = m.centre - m.tw * 0.25;
    let rect = Rect::from_center_size(center, vec2(half * 2.0, half * 2.0));
    p.painter.rect_filled(
        rect,
        m.tw * 0.3,
        Color32::from_rgba_unmultiplied(0, 0, 0, 110),
    );
    let inner = inside_sticks(m, center);
    // A line of text centred at height `y` (from the centre), made smaller
    // if it would not fit between the side sticks.
    let line = |y: f32, text: String, size: f32, color: Color32| {
        let font = FontId::proportional(size);
        let mut galley = p.painter.layout_no_wrap(text.clone(), font, color);
        if galley.size().x > inner.width() {
            let fitted = size * inner.width() / galley.size().x * 0.98;
            galley = p
                .painter
                .layout_no_wrap(text, FontId::proportional(fitted), color);
        }
        let at = center + vec2(-galley.size().x / 2.0, y - galley.size().y / 2.0);
        let r = Rect::from_min_size(at, galley.size());
        p.painter.galley(at, galley, color);
        r
    };
    let dealer_round = format!(
        "{} {}",
        crate::names::wind(state.round_wind),
        input.view.kyoku.get(1..2).unwrap_or("")
    );
    layout
        .centre
        .push(line(-m.tw * 1.62, dealer_round, m.tw * 0.7, Color32::WHITE));
    layout.centre.push(line(
        -m.tw * 0.98,
        format!("left {}", state.live_wall),
        m.tw * 0.48,
        Color32::WHITE,
    ));
    layout.centre.push(line(
        -m.tw * 0.5,
        format!("honba {}  ·  sticks {}", state.honba, state.riichi_sticks),
        m.tw * 0.36,
        Color32::from_gray(220),
    ));
    // Dora indicators: the dead wall's revealed tiles, narrower when many.
    let n = state.dora_indicators.len().max(1) as f32;
    let dw = (m.tw * 0.8).min(inner.width() / n);
    let dh = dw * 4.0 / 3.0;
    let start = center + vec2(-n * dw / 2.0, -m.tw * 0.2);
    for (i, t) in state.dora_indicators.iter().enumerate() {
        let r = Rect::from_min_size(start + vec2(i as f32 * dw, 0.0), vec2(dw, dh));
        p.tile(Face::Up(*t), rect_corners(r), Color32::WHITE);
        layout.centre.push(r);
    }
    // Each seat's score on the centre panel's edge facing it.
    for (i, player) in state.players.iter().enumerate() {
        let seat = Seat::wrapping(u8::try_from(i).unwrap_or(0));
        let pos = position(seat, input.bottom, state.seats);
        let frame = Frame::for_position(center, pos);
        let score = state
            .scores
            .as_ref()
            .and_then(|s| s.get(i))
            .map_or_else(|| "—".to_owned(), |s| s.to_string());
        let wind = state.seat_wind(seat).letter();
        let dealer = if seat == state.dealer { " dealer" } else { "" };
        let color = if seat == state.dealer {
            Color32::from_rgb(255, 200, 90)
        } else {
            Color32::WHITE
        };
        let delta = input
            .deltas
            .as_ref()
            .and_then(|d| d.get(i))
            .copied()
            .filter(|d| *d != 0);
        let line = match delta {
            Some(d) => format!("{wind}{dealer}  {score}  {d:+}"),
            None => format!("{wind}{dealer}  {score}"),
        };
        let color = match delta {
            Some(d) if d > 0 => Color32::from_rgb(120, 230, 140),
            Some(_) => Color32::from_rgb(255, 140, 130),
            None => color,
        };
        p.text(&frame, 0.0, half - m.tw * 0.55, &line, m.tw * 0.55, color);
        if player.riichi.is_some_and(|r| r.accepted) {
            // The riichi stick on the table in front of the player.
            let [a, b] = stick_ends(m, center, pos);
            p.painter.line_segment(
                [a, b],
                Stroke::new(m.tw * STICK_WIDTH, Color32::from_gray(245)),
            );
            p.painter.circle_filled(
                a + (b - a) * 0.5,
                m.tw * 0.09,
                Color32::from_rgb(200, 30, 30),
            );
            layout
                .sticks
                .push(Rect::from_two_pos(a, b).expand(m.tw * STICK_WIDTH / 2.0));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::engine::Riichi;
    use crate::viewer::session::{Command, Profile, Session};

    /// A crowded table: every seat in riichi, three-digit and two-digit
    /// counters, five indicators, long names and three long callouts a
    /// seat.
    fn crowded() -> (TableView, Vec<Mark>) {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml/double_ron.mjlog");
        let mut s = Session::open(&path, Profile::Auto).unwrap();
        s.apply(Command::Goto(40));
        let mut view = s.view().unwrap().clone();
        for p in &mut view.state.players {
            p.riichi = Some(Riichi {
                double: false,
                ippatsu: false,
                accepted: true,
            });
        }
        view.state.live_wall = 122;
        view.state.honba = 12;
        view.state.riichi_sticks = 14;
        let five = Tile::from_mjai("5m").unwrap();
        view.state.dora_indicators = vec![five; 5];
        let long = "RULE-ID a message long enough to wrap over several lines of the callout box";
        let marks = (0..4u8)
            .flat_map(|seat| {
                (0..3).map(move |_| Mark {
                    seat: Seat::wrapping(seat),
                    target: MarkTarget::Hand,
                    text: long.to_owned(),
                    color: Color32::RED,
                    severity: crate::engine::Severity::Error,
                })
            })
            .collect();
        (view, marks)
    }

    /// Draws the crowded table on a `side`-point square; returns its layout.
    fn layout(side: f32, bottom: u8) -> BoardLayout {
        let (view, marks) = crowded();
        let ctx = egui::Context::default();
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(side, side));
        let input = egui::RawInput {
            screen_rect: Some(rect),
            ..egui::RawInput::default()
        };
        let mut out = BoardLayout::default();
        let mut frame = ctx.run_ui(input, |ui| {
            let atlas = TileAtlas::load(ui.ctx(), true).unwrap();
            let board = BoardInput {
                view: &view,
                names: [
                    "桜花閃々の雀士",
                    "a rather long player name",
                    "김민준",
                    "Dさん",
                ]
                .map(String::from)
                .to_vec(),
                bottom: Seat::wrapping(bottom),
                hidden: [false; 4],
                actor: None,
                deltas: Some(vec![-12000, 24000, -6000, -6000]),
                marks: marks.clone(),
                dark: true,
            };
            out = draw(ui.painter(), &atlas, rect, &board);
        });
        // No renderer takes the textures here.
        frame.textures_delta.clear();
        out
    }

    #[test]
    fn the_riichi_sticks_leave_the_counters_readable() {
        for side in [420.0, 760.0, 1100.0] {
            let l = layout(side, 0);
            assert_eq!(l.sticks.len(), 4);
            assert_eq!(l.centre.len(), 3 + 5, "three lines, five indicators");
            for stick in &l.sticks {
                for part in &l.centre {
                    assert!(
                        !stick.intersects(*part),
                        "at {side}: the stick {stick:?} covers {part:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn callouts_never_cover_a_name() {
        for side in [420.0, 760.0, 1100.0] {
            for bottom in 0..4 {
                let l = layout(side, bottom);
                assert_eq!(l.callouts.len(), 4);
                assert_eq!(l.name_plates.len(), 4);
                for callout in &l.callouts {
                    for (seat, plate) in &l.name_plates {
                        assert!(
                            !callout.intersects(*plate),
                            "at {side}, bottom {bottom}: a callout {callout:?} covers {seat:?}'s name {plate:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn one_tile_a_kind_is_outlined_a_plain_five_first() {
        let t = |s: &str| Tile::from_mjai(s).unwrap();
        let at = |x: f32| [Pos2::new(x, 0.0); 4];
        let faces = [
            (Face::Up(t("5mr")), at(0.0)),
            (Face::Up(t("5m")), at(1.0)),
            (Face::Up(t("5m")), at(2.0)),
            (Face::Back, at(3.0)),
            (Face::Up(t("C")), at(4.0)),
        ];
        let kinds = KindSet(1 << t("5m").kind() | 1 << t("C").kind() | 1 << t("1p").kind());
        assert_eq!(one_of_each(&faces, kinds), vec![at(1.0), at(4.0)]);
        let red_only = &faces[..1];
        assert_eq!(one_of_each(red_only, kinds), vec![at(0.0)]);
    }
}
