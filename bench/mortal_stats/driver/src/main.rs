//! Prints Mortal's player statistics (`riichi::stat::Stat` of its libriichi
//! crate) as JSON lines, one line per player name, so that a script can set
//! them beside another tool's figures.
//!
//! Usage: `mortal-stats DIR NAME…`. DIR is read as `Stat::from_dir` reads it
//! (`DIR/**/*.json` and `DIR/**/*.json.gz`, one mjai game per file); every
//! seat whose `start_game` name equals NAME is counted.
//!
//! Each line holds the name, `counts` (every field of `Stat`, as libriichi
//! counts it) and `rates` (libriichi's own getters, under their own names;
//! null where the getter divides by zero).

use riichi::stat::Stat;
use serde_json::{Map, Value, json};
use std::env;
use std::process::ExitCode;

const USAGE: &str = "Usage: mortal-stats DIR NAME...";

/// A float as JSON: libriichi's getters divide by zero into NaN or an
/// infinity, which JSON cannot hold, so those become null.
fn number(x: f64) -> Value {
    if x.is_finite() { json!(x) } else { Value::Null }
}

fn counts(s: &Stat) -> Map<String, Value> {
    let mut m = Map::new();
    macro_rules! put {
        ($($f:ident),* $(,)?) => { $( m.insert(stringify!($f).to_owned(), json!(s.$f)); )* };
    }
    put!(
        game,
        round,
        oya,
        point,
        rank_1,
        rank_2,
        rank_3,
        rank_4,
        tobi,
        fuuro,
        fuuro_num,
        fuuro_point,
        fuuro_agari,
        fuuro_agari_jun,
        fuuro_agari_point,
        fuuro_houjuu,
        agari,
        agari_as_oya,
        agari_jun,
        agari_point_oya,
        agari_point_ko,
        houjuu,
        houjuu_jun,
        houjuu_to_oya,
        houjuu_point_to_oya,
        houjuu_point_to_ko,
        riichi,
        riichi_as_oya,
        riichi_jun,
        riichi_agari,
        riichi_agari_point,
        riichi_agari_jun,
        riichi_houjuu,
        riichi_ryukyoku,
        riichi_point,
        chasing_riichi,
        riichi_got_chased,
        dama_agari,
        dama_agari_jun,
        dama_agari_point,
        ryukyoku,
        ryukyoku_point,
        yakuman,
        nagashi_mangan,
    );
    m
}

fn rates(s: &Stat) -> Map<String, Value> {
    let mut m = Map::new();
    macro_rules! put {
        ($($f:ident),* $(,)?) => { $( m.insert(stringify!($f).to_owned(), number(s.$f())); )* };
    }
    put!(
        rank_1_rate,
        rank_2_rate,
        rank_3_rate,
        rank_4_rate,
        tobi_rate,
        avg_rank,
        avg_point_per_game,
        avg_point_per_round,
        agari_rate,
        houjuu_rate,
        fuuro_rate,
        riichi_rate,
        ryukyoku_rate,
        avg_point_per_agari,
        avg_point_per_oya_agari,
        avg_point_per_ko_agari,
        avg_point_per_riichi_agari,
        avg_point_per_fuuro_agari,
        avg_point_per_dama_agari,
        avg_point_per_ryukyoku,
        avg_agari_jun,
        avg_riichi_agari_jun,
        avg_fuuro_agari_jun,
        avg_dama_agari_jun,
        avg_houjuu_jun,
        avg_point_per_houjuu,
        avg_point_per_houjuu_to_oya,
        avg_point_per_houjuu_to_ko,
        chasing_riichi_rate,
        riichi_chased_rate,
        agari_rate_after_riichi,
        houjuu_rate_after_riichi,
        avg_riichi_jun,
        avg_riichi_point,
        avg_fuuro_num,
        agari_rate_after_fuuro,
        houjuu_rate_after_fuuro,
        avg_fuuro_point,
        agari_rate_as_oya,
        agari_as_oya_rate,
        houjuu_to_oya_rate,
        yakuman_rate,
        nagashi_mangan_rate,
    );
    // The uma Mortal's own `stat` binary prints (90/45/0/-135).
    m.insert(
        "avg_pt_90_45_0_m135".to_owned(),
        number(s.avg_pt([90, 45, 0, -135])),
    );
    m
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let Some((dir, names)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if names.is_empty() {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    for name in names {
        // The progress bar is off: stdout carries the JSON, and stderr stays
        // free for libriichi's errors.
        match Stat::from_dir(dir, name, true) {
            Ok(stat) => {
                let line = json!({
                    "type": "mortal",
                    "name": name,
                    "counts": counts(&stat),
                    "rates": rates(&stat),
                });
                println!("{line}");
            }
            Err(e) => {
                eprintln!("mortal-stats: {name}: {e:#}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
