//! `paifu score`: score one hand given on the command line, or a file of
//! hand situations (`formats/score-cases.md`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use paifu::compare::{compare_hand, yakuman_multiple};
use paifu::event::Limit;
use paifu::names;
use paifu::rules::{ProfileSpec, Rules};
use paifu::score::notation::{self, SituationText};
use paifu::score::{MeldKind, Payment, Scored, Situation, WinningHand, score};
use paifu::tile::{format_hand, sort_tiles};

use super::side;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
HAND is the concealed tiles in compact notation (0 = red five), the winning
tile included, then each meld after a `+`: `123m` chi, `555z` pon, `5555z`
open kong, `a5555z` concealed kong, `k5555z` added kong.

Unless told otherwise the hand is won by ron, by a non-dealer (South) in
the East round, as most score tables and calculators assume; the output
names every such assumption. --seat E scores the dealer (--tenhou
implies it).

Several profiles separated by commas (--rules tenhou,ema2016,wrc2015)
print the hand under each in a column, each cell that differs from the
first column marked `*` and explained under the table by the rule
responsible and its paragraph.

Examples:
  paifu score 234m567p33345s+555z --win 3s --ron --riichi --seat S --dora 4s --rules ema2016
  paifu score 19m19p19s1234567z1m --win 1m --tsumo --seat E
  paifu score 234m406p33567s+555z --win 6s --rules tenhou,ema2016,wrc2015
  paifu score --json cases.jsonl --check")]
pub struct Args {
    /// The hand (see below); not with --json.
    #[arg(required_unless_present = "json", conflicts_with = "json")]
    hand: Option<String>,
    /// The winning tile (default: the last concealed tile written).
    #[arg(long)]
    win: Option<String>,
    /// Won on a discard (the default).
    #[arg(long, conflicts_with = "tsumo")]
    ron: bool,
    /// Won on the player's own draw.
    #[arg(long)]
    tsumo: bool,
    /// Riichi declared.
    #[arg(long)]
    riichi: bool,
    /// Double riichi declared.
    #[arg(long, conflicts_with = "riichi")]
    double_riichi: bool,
    /// Won within the first go-around after riichi.
    #[arg(long)]
    ippatsu: bool,
    /// Tsumo on the last tile of the wall.
    #[arg(long)]
    haitei: bool,
    /// Ron on the discard after the last tile.
    #[arg(long)]
    houtei: bool,
    /// Tsumo on a replacement tile after a kong.
    #[arg(long)]
    rinshan: bool,
    /// Ron on a tile added to a kong.
    #[arg(long)]
    chankan: bool,
    /// The dealer's win on the initial hand.
    #[arg(long)]
    tenhou: bool,
    /// A non-dealer's tsumo on the first uninterrupted draw.
    #[arg(long)]
    chiihou: bool,
    /// A non-dealer's ron before their first draw.
    #[arg(long)]
    renhou: bool,
    /// The winner's seat wind: E, S, W or N (E is the dealer). Default:
    /// S, a non-dealer (E with --tenhou).
    #[arg(long)]
    seat: Option<String>,
    /// The round wind. Default: E.
    #[arg(long)]
    round: Option<String>,
    /// Dora indicators in compact notation (`4s1z`).
    #[arg(long, default_value = "")]
    dora: String,
    /// Ura dora indicators (counted with riichi only).
    #[arg(long, default_value = "")]
    ura: String,
    /// North tiles set aside (three-player).
    #[arg(long, default_value_t = 0)]
    nukidora: u8,
    /// Counters on the table.
    #[arg(long, default_value_t = 0)]
    honba: u8,
    /// Riichi sticks the winner collects.
    #[arg(long, default_value_t = 0)]
    sticks: u8,
    /// Rule profile: a preset name or a JSON file; several separated by
    /// commas print them side by side.
    #[arg(long, default_value = "tenhou")]
    rules: String,
    /// Read hand situations as JSON lines from FILE (`-` = standard input)
    /// and write one result per line.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// With --json: compare each result with the case's `expected` and end
    /// with `agree N of M`.
    #[arg(long, requires = "json")]
    check: bool,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    match &args.json {
        Some(path) => run_cases(path, args.check),
        None => run_one(args),
    }
}

/// What the command line left to the defaults, in words for the output.
fn assumed(args: &Args) -> Vec<&'static str> {
    let mut out = Vec::new();
    if args.seat.is_none() && !args.tenhou {
        out.push("--seat S (a non-dealer)");
    }
    if !args.ron && !args.tsumo {
        out.push("--ron");
    }
    if args.round.is_none() {
        out.push("--round E");
    }
    out
}

fn run_one(args: &Args) -> anyhow::Result<ExitCode> {
    let spec = ProfileSpec::parse(&args.rules, true)?;
    let profiles = match spec.side()? {
        Some(list) => list,
        None => vec![spec.rules()?],
    };
    let hand = notation::winning_hand(args.hand.as_deref().unwrap_or(""), args.win.as_deref())?;
    // A dealer's first-draw win is the only one the default seat cannot be.
    let seat = args
        .seat
        .as_deref()
        .unwrap_or(if args.tenhou { "E" } else { "S" });
    let situation = SituationText {
        tsumo: args.tsumo,
        riichi: args.riichi,
        double_riichi: args.double_riichi,
        ippatsu: args.ippatsu,
        haitei: args.haitei,
        houtei: args.houtei,
        rinshan: args.rinshan,
        chankan: args.chankan,
        tenhou: args.tenhou,
        chiihou: args.chiihou,
        renhou: args.renhou,
        seat,
        round: args.round.as_deref().unwrap_or("E"),
        dora: &args.dora,
        ura: &args.ura,
        nukidora: args.nukidora,
        honba: args.honba,
        sticks: args.sticks,
    }
    .situation()?;
    let out = std::io::stdout();
    let mut out = out.lock();
    let assumed = assumed(args);
    let [rules] = profiles.as_slice() else {
        return print_side_by_side(&mut out, &hand, &situation, &profiles, &assumed);
    };
    match score(&hand, &situation, rules) {
        Ok(scored) => {
            print_scored(&mut out, &hand, &situation, &scored, rules, &assumed)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            writeln!(out, "{}: {e}", describe_hand(&hand))?;
            Ok(ExitCode::from(1))
        }
    }
}

fn describe_hand(hand: &WinningHand) -> String {
    let mut concealed = hand.concealed.clone();
    sort_tiles(&mut concealed);
    let mut s = format_hand(&concealed);
    for m in &hand.melds {
        let kind = match m.kind {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Daiminkan => "open kong",
            MeldKind::Kakan => "added kong",
            MeldKind::Ankan => "concealed kong",
        };
        s.push_str(&format!(" + {kind} {}", format_hand(&m.tiles)));
    }
    s
}

/// The situation in words: `ron by South (non-dealer) in the East round`.
fn situation_words(situation: &Situation) -> String {
    let how = if situation.tsumo { "tsumo" } else { "ron" };
    let who = if situation.dealer() {
        "dealer"
    } else {
        "non-dealer"
    };
    format!(
        "{how} by {} ({who}) in the {} round",
        names::wind(situation.seat_wind),
        names::wind(situation.round_wind)
    )
}

/// The header both forms share: the hand, the situation and what the
/// command line left to the defaults.
fn print_head(
    out: &mut impl Write,
    hand: &WinningHand,
    situation: &Situation,
    assumed: &[&str],
) -> std::io::Result<()> {
    writeln!(
        out,
        "hand     {}  (wins on {})",
        describe_hand(hand),
        hand.win_tile.to_compact()
    )?;
    writeln!(out, "as       {}", situation_words(situation))?;
    if !assumed.is_empty() {
        writeln!(
            out,
            "assumed  {} (the defaults; give the option to change it)",
            assumed.join(", ")
        )?;
    }
    Ok(())
}

fn print_side_by_side(
    out: &mut impl Write,
    hand: &WinningHand,
    situation: &Situation,
    profiles: &[Rules],
    assumed: &[&str],
) -> anyhow::Result<ExitCode> {
    print_head(out, hand, situation, assumed)?;
    let c = compare_hand(hand, situation, profiles);
    writeln!(out)?;
    side::write_win(out, "", &c, "")?;
    if situation.riichi_sticks > 0 {
        writeln!(
            out,
            "(payments: counters included; the winner also collects {} riichi stick{})",
            situation.riichi_sticks,
            if situation.riichi_sticks == 1 {
                ""
            } else {
                "s"
            }
        )?;
    }
    if !c.differences.is_empty() {
        let first = c.profiles.first().map_or("", String::as_str);
        writeln!(out)?;
        writeln!(out, "* differs from {first}:")?;
        side::write_reasons(out, "", &c, "  ")?;
    }
    for (name, outcome) in c.profiles.iter().zip(&c.columns) {
        if let Err(why) = outcome {
            writeln!(out, "{name}: {why}")?;
        }
    }
    // One profile that cannot score the hand is what the command reports.
    Ok(if c.columns.iter().any(Result::is_err) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_scored(
    out: &mut impl Write,
    hand: &WinningHand,
    situation: &Situation,
    scored: &Scored,
    rules: &Rules,
    assumed: &[&str],
) -> std::io::Result<()> {
    print_head(out, hand, situation, assumed)?;
    writeln!(out, "rules    {}", rules.name)?;
    if scored.yakuman.is_empty() {
        let yaku: Vec<String> = scored
            .yaku
            .iter()
            .map(|y| format!("{} {}", y.yaku.for_people(), y.han))
            .collect();
        writeln!(out, "yaku     {}", yaku.join(", "))?;
        let d = scored.dora;
        let mut dora = Vec::new();
        for (name, n) in [
            ("dora", d.dora),
            ("red fives", d.aka),
            ("ura dora", d.ura),
            ("north", d.nukidora),
        ] {
            if n > 0 {
                dora.push(format!("{name} {n}"));
            }
        }
        if !dora.is_empty() {
            writeln!(out, "dora     {}", dora.join(", "))?;
        }
    } else {
        let y: Vec<String> = scored
            .yakuman
            .iter()
            .map(|y| {
                if y.multiplier > 1 {
                    format!("{} ({})", y.yaku.for_people(), names::yakuman(y.multiplier))
                } else {
                    y.yaku.for_people().into_owned()
                }
            })
            .collect();
        writeln!(out, "yakuman  {}", y.join(", "))?;
    }
    let fu: Vec<String> = scored
        .fu_parts
        .iter()
        .map(|p| format!("{} {}", words(&format!("{:?}", p.reason)), p.fu))
        .collect();
    if scored.yakuman.is_empty() {
        writeln!(out, "fu       {} ({})", scored.fu, fu.join(", "))?;
    }
    let limit = match scored.limit {
        Limit::None => "no limit".to_owned(),
        Limit::Yakuman if scored.yakuman.is_empty() => "counted yakuman (kazoe)".to_owned(),
        Limit::Yakuman => names::yakuman(yakuman_multiple(scored)),
        other => names::limit(other).to_owned(),
    };
    writeln!(
        out,
        "value    {} han {} fu, {limit}, basic points {}",
        scored.han, scored.fu, scored.base
    )?;
    let pay = match scored.payment {
        Payment::Ron { discarder } => format!("the discarder pays {discarder}"),
        Payment::TsumoDealer { each } => format!("each player pays {each}"),
        Payment::TsumoNonDealer { dealer, non_dealer } => {
            format!("the dealer pays {dealer}, each other player {non_dealer}")
        }
    };
    let counters = if situation.honba > 0 {
        " (counters included)"
    } else {
        ""
    };
    writeln!(out, "payment  {pay}{counters}")?;
    let sticks = match situation.riichi_sticks {
        0 => String::new(),
        1 => " (1 riichi stick included)".to_owned(),
        n => format!(" ({n} riichi sticks included)"),
    };
    writeln!(out, "total    +{} for the winner{sticks}", scored.total)?;
    Ok(())
}

/// `OpenTripletTerminal` → `open triplet terminal`.
fn words(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}

fn run_cases(path: &PathBuf, check: bool) -> anyhow::Result<ExitCode> {
    use paifu::score::case::{Case, CaseResult};
    use std::io::BufRead;

    let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        Box::new(std::io::BufReader::new(file))
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut total, mut agree) = (0usize, 0usize);
    for (n, line) in reader.lines().enumerate() {
        let line = line.with_context(|| format!("cannot read {}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        total += 1;
        let case = match Case::parse(&line) {
            Ok(c) => c,
            Err(e) => {
                let id = format!("line {}", n + 1);
                let r = CaseResult::failed(
                    &id,
                    format!("cannot read the case: {e}"),
                    None,
                    check.then(|| vec!["unreadable case".to_owned()]),
                );
                serde_json::to_writer(&mut out, &r)?;
                writeln!(out)?;
                continue;
            }
        };
        let result = case
            .inputs()
            .map_err(|e| paifu::score::ScoreError::Malformed {
                reason: e.to_string(),
            })
            .and_then(|(hand, situation, rules)| score(&hand, &situation, &rules));
        let differences = check.then(|| case.check(&result));
        if differences.as_ref().is_some_and(Vec::is_empty) {
            agree += 1;
        }
        let r = CaseResult::of(&case.id, &result, differences);
        serde_json::to_writer(&mut out, &r)?;
        writeln!(out)?;
    }
    if check {
        writeln!(out, "agree {agree} of {total}")?;
    }
    out.flush()?;
    Ok(if check && agree < total {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
