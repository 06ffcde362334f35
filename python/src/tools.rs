//! The calls that are one library function each: `convert`
//! (`export::export`), `rules` and `profile` (`Rules::PRESETS`,
//! `ProfileSpec`), `score` (`score::score`, its result the line `paifu
//! score --json` writes: `score::case::CaseResult`).

use pyo3::prelude::*;

use paifu::event::Format;
use paifu::export::export;
use paifu::rules::{ProfileSpec, Rules};
use paifu::score::case::{Case, CaseResult};
use paifu::score::notation::{SituationText, winning_hand};
use paifu::score::{ScoreError as LibScoreError, score as score_hand};

use crate::errors::{PaifuError, ScoreError, rules_error};
use crate::game::Game;
use crate::json;

/// Adds this module's functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add_function(wrap_pyfunction!(profile, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    Ok(())
}

/// Writes a game as `mjai` (JSON lines) or `tenhou6` (one JSON object):
/// the text `paifu convert --to FORMAT` writes, final newline included.
#[pyfunction]
#[pyo3(signature = (game, to))]
pub fn convert(py: Python<'_>, game: &Game, to: &str) -> PyResult<String> {
    let format = match to {
        "mjai" => Format::Mjai,
        "tenhou6" => Format::Tenhou6,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "cannot convert to {other:?}: choose \"mjai\" or \"tenhou6\""
            )));
        }
    };
    let log = std::sync::Arc::clone(&game.log);
    let mut text = py
        .detach(move || export(&log, format))
        .map_err(|e| PaifuError::new_err(format!("{}: {e}", game.file)))?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

/// The names of the built-in rule profiles, as `paifu rules` lists them.
#[pyfunction]
pub fn rules() -> Vec<&'static str> {
    Rules::PRESETS.to_vec()
}

/// A rule profile as a dict: the JSON `paifu rules NAME` prints (a preset
/// name or a JSON profile file). Raises paifu.RulesError when unknown.
#[pyfunction]
pub fn profile<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let rules = ProfileSpec::parse(name, false)
        .and_then(|s| s.rules())
        .map_err(|e| rules_error(&e))?;
    json::to_py(py, &rules)
}

/// Scores one winning hand: the dict `paifu score --json` writes (`han`,
/// `fu`, `yaku`, `yakuman`, `dora`, `limit`, `payment`, `total`; for a hand
/// that is no win, `error` and `error_category`).
///
/// `hand` is either a case dict of `formats/score-cases.md` (the input of
/// `paifu score --json`: then no other argument is used, the case names
/// its rules) or the compact notation of `paifu score HAND`: the concealed
/// tiles, winning tile included, then each meld after `+` (`123m` chi,
/// `555z` pon, `5555z` open kong, `a5555z` concealed kong, `k5555z` added
/// kong). The keywords are the CLI's options; `seat` defaults to `S` (a
/// non-dealer; `E` with `tenhou`), `round` to `E`, the result's `id` is the
/// hand as written. Raises paifu.ScoreError when the hand or a tile cannot
/// be read, paifu.RulesError for an unknown profile.
#[pyfunction]
#[pyo3(signature = (hand, *, win = None, tsumo = false, riichi = false, double_riichi = false,
    ippatsu = false, haitei = false, houtei = false, rinshan = false, chankan = false,
    tenhou = false, chiihou = false, renhou = false, seat = None, round = None, dora = "",
    ura = "", nukidora = 0, honba = 0, sticks = 0, rules = "tenhou"))]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
pub fn score<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    win: Option<&str>,
    tsumo: bool,
    riichi: bool,
    double_riichi: bool,
    ippatsu: bool,
    haitei: bool,
    houtei: bool,
    rinshan: bool,
    chankan: bool,
    tenhou: bool,
    chiihou: bool,
    renhou: bool,
    seat: Option<&str>,
    round: Option<&str>,
    dora: &str,
    ura: &str,
    nukidora: u8,
    honba: u8,
    sticks: u8,
    rules: &str,
) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(case) = hand.cast::<pyo3::types::PyDict>() {
        let dumps = py.import("json")?.getattr("dumps")?;
        let line: String = dumps.call1((case,))?.extract()?;
        let case = Case::parse(&line).map_err(|e| ScoreError::new_err(e.to_string()))?;
        let result = case
            .inputs()
            .map_err(|e| LibScoreError::Malformed {
                reason: e.to_string(),
            })
            .and_then(|(hand, situation, rules)| score_hand(&hand, &situation, &rules));
        return json::to_py(py, &CaseResult::of(&case.id, &result, None));
    }
    let text: String = hand.extract()?;
    let rules = ProfileSpec::parse(rules, false)
        .and_then(|s| s.rules())
        .map_err(|e| rules_error(&e))?;
    let winning = winning_hand(&text, win).map_err(|e| ScoreError::new_err(e.to_string()))?;
    let situation = SituationText {
        tsumo,
        riichi,
        double_riichi,
        ippatsu,
        haitei,
        houtei,
        rinshan,
        chankan,
        tenhou,
        chiihou,
        renhou,
        seat: seat.unwrap_or(if tenhou { "E" } else { "S" }),
        round: round.unwrap_or("E"),
        dora,
        ura,
        nukidora,
        honba,
        sticks,
    }
    .situation()
    .map_err(|e| ScoreError::new_err(e.to_string()))?;
    let result = score_hand(&winning, &situation, &rules);
    json::to_py(py, &CaseResult::of(&text, &result, None))
}
