//! A profile as a person names it: `auto`, a preset, a JSON profile file,
//! or a comma list of them for rule books side by side. [`ProfileSpec::parse`]
//! is the one reader of that grammar (`--rules` of every command, the
//! viewer's profile switch and its Rules menu); [`ProfileSpec::load`] reads
//! the files it names, and [`RulesChoice::for_log`] gives each game its
//! profile.

use std::fmt;
use std::path::{Path, PathBuf};

use super::{AutoRules, Rules};
use crate::event::GameLog;

/// A profile as named: what `--rules` takes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ProfileSpec {
    /// Each game's from its log's metadata ([`Rules::for_log`]).
    Auto,
    /// A built-in profile by name ([`Rules::PRESETS`], or an alias such as
    /// `ema`).
    Preset(String),
    /// A JSON profile file (the form `paifu rules NAME` prints, or a
    /// partial one on a `base`).
    File(PathBuf),
    /// Two profiles or more, compared side by side (never `auto`, never a
    /// list).
    Side(Vec<ProfileSpec>),
}

/// What a spec names that is no profile, or a profile file that is none.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// Neither `auto`, a preset nor an existing file.
    #[error("`{0}` is neither a rule profile ({presets}) nor a file", presets = Rules::PRESETS.join(", "))]
    Unknown(String),
    /// `auto` in a list: it picks one profile per game.
    #[error("`auto` picks one profile per game: name the profiles to compare")]
    AutoInSide,
    /// A list with fewer than two profiles.
    #[error("--rules `{0}`: name two profiles or more to compare, separated by commas")]
    TooFew(String),
    /// A profile file that cannot be read.
    #[error("cannot read rules file {}: {error}", path.display())]
    Read {
        /// The file, as named.
        path: PathBuf,
        /// Why (written in the message: no separate cause).
        error: std::io::Error,
    },
    /// A profile file that is not a profile.
    #[error("rules file {}: {error}", path.display())]
    Json {
        /// The file, as named.
        path: PathBuf,
        /// What is wrong, with its line and column.
        error: serde_json::Error,
    },
}

impl ProfileSpec {
    /// Reads a spec: `auto`, a preset, a file, or with `list` a comma list
    /// of presets and files (two or more) to compare. Files are read now,
    /// so that a missing or bad one is reported before any work; without
    /// `list`, a comma is part of a name.
    ///
    /// # Errors
    ///
    /// A name that is no profile, `auto` or fewer than two profiles in a
    /// list, a file that is no profile; in a list, the first one wrong.
    pub fn parse(text: &str, list: bool) -> Result<Self, SpecError> {
        if !list || !text.contains(',') {
            return Self::one(text);
        }
        let mut out = Vec::new();
        for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if name == "auto" {
                return Err(SpecError::AutoInSide);
            }
            out.push(Self::one(name)?);
        }
        if out.len() < 2 {
            return Err(SpecError::TooFew(text.to_owned()));
        }
        Ok(Self::Side(out))
    }

    /// One name: `auto`, a preset, or an existing file (read and checked).
    fn one(name: &str) -> Result<Self, SpecError> {
        if name == "auto" {
            Ok(Self::Auto)
        } else if Rules::preset(name).is_some() {
            Ok(Self::Preset(name.to_owned()))
        } else if Path::new(name).exists() {
            Self::from_file(Path::new(name))
        } else {
            Err(SpecError::Unknown(name.to_owned()))
        }
    }

    /// A JSON profile file, read now so that a missing or bad file is
    /// reported at once (the viewer's "Load profile…", a dropped file).
    ///
    /// # Errors
    ///
    /// When the file cannot be read or is not a profile.
    pub fn from_file(path: &Path) -> Result<Self, SpecError> {
        read_file(path)?;
        Ok(Self::File(path.to_path_buf()))
    }

    /// `auto`, then every preset: the viewer's switcher.
    #[must_use]
    pub fn all() -> Vec<Self> {
        std::iter::once(Self::Auto)
            .chain(Rules::PRESETS.iter().map(|p| Self::Preset((*p).to_owned())))
            .collect()
    }

    /// The spec as a user types it (`auto`, `ema2016`, a path, `a,b`).
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Self::Auto => "auto".into(),
            Self::Preset(p) => p.clone(),
            Self::File(path) => path.display().to_string(),
            Self::Side(list) => list.iter().map(Self::name).collect::<Vec<_>>().join(","),
        }
    }

    /// The one profile named, its file read: a preset or a file (`auto`
    /// and a list are [`SpecError::Unknown`], for a command that takes a
    /// fixed profile).
    ///
    /// # Errors
    ///
    /// As [`ProfileSpec::parse`] for a file that changed since.
    pub fn rules(&self) -> Result<Rules, SpecError> {
        match self {
            Self::Preset(p) => Rules::preset(p).ok_or_else(|| SpecError::Unknown(p.clone())),
            Self::File(path) => read_file(path),
            Self::Auto | Self::Side(_) => Err(SpecError::Unknown(self.name())),
        }
    }

    /// The profiles of a list, in its order; `None` for one profile.
    ///
    /// # Errors
    ///
    /// As [`ProfileSpec::rules`].
    pub fn side(&self) -> Result<Option<Vec<Rules>>, SpecError> {
        match self {
            Self::Side(list) => list
                .iter()
                .map(Self::rules)
                .collect::<Result<_, _>>()
                .map(Some),
            Self::Auto | Self::Preset(_) | Self::File(_) => Ok(None),
        }
    }

    /// The spec with its files read, for a batch: `auto` or one fixed
    /// profile (a list is [`SpecError::Unknown`]: each of its profiles is
    /// a batch of its own).
    ///
    /// # Errors
    ///
    /// As [`ProfileSpec::rules`].
    pub fn load(&self) -> Result<RulesChoice, SpecError> {
        match self {
            Self::Auto => Ok(RulesChoice::Auto),
            Self::Preset(_) | Self::File(_) | Self::Side(_) => self.rules().map(RulesChoice::Fixed),
        }
    }

    /// One game's profile, with the notes on how it was chosen.
    ///
    /// # Errors
    ///
    /// As [`ProfileSpec::load`].
    pub fn resolve(&self, log: &GameLog) -> Result<AutoRules, SpecError> {
        Ok(self.load()?.for_log(log))
    }
}

impl fmt::Display for ProfileSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A profile file's rules.
fn read_file(path: &Path) -> Result<Rules, SpecError> {
    let text = std::fs::read_to_string(path).map_err(|error| SpecError::Read {
        path: path.to_path_buf(),
        error,
    })?;
    Rules::from_json(&text).map_err(|error| SpecError::Json {
        path: path.to_path_buf(),
        error,
    })
}

/// A spec with its files read ([`ProfileSpec::load`]): how a batch gives
/// each game its profile.
#[derive(Clone, PartialEq, Debug)]
pub enum RulesChoice {
    /// From the log's metadata ([`Rules::for_log`]).
    Auto,
    /// One profile for every game.
    Fixed(Rules),
}

impl RulesChoice {
    /// The profile for one game, with the notes on how it was chosen.
    #[must_use]
    pub fn for_log(&self, log: &GameLog) -> AutoRules {
        match self {
            Self::Auto => Rules::for_log(&log.meta),
            Self::Fixed(rules) => AutoRules {
                rules: rules.clone(),
                notes: Vec::new(),
            },
        }
    }

    /// `auto`, or the fixed profile's name.
    #[must_use]
    pub fn label(&self) -> &str {
        match self {
            Self::Auto => "auto",
            Self::Fixed(rules) => &rules.name,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_as_auto_presets_files_and_lists() {
        assert_eq!(ProfileSpec::parse("auto", true).unwrap(), ProfileSpec::Auto);
        assert_eq!(
            ProfileSpec::parse("ema", false).unwrap(),
            ProfileSpec::Preset("ema".into())
        );
        assert_eq!(
            ProfileSpec::parse("tenhou, ema2016", true).unwrap(),
            ProfileSpec::Side(vec![
                ProfileSpec::Preset("tenhou".into()),
                ProfileSpec::Preset("ema2016".into())
            ])
        );
        assert_eq!(
            ProfileSpec::parse("tenhou,ema2016", true).unwrap().name(),
            "tenhou,ema2016"
        );
    }

    #[test]
    fn the_errors_say_what_is_wrong() {
        let e = |text: &str, list: bool| ProfileSpec::parse(text, list).unwrap_err().to_string();
        assert_eq!(
            e("nosuch", true),
            format!(
                "`nosuch` is neither a rule profile ({}) nor a file",
                Rules::PRESETS.join(", ")
            )
        );
        // Without a list, a comma is part of the name.
        assert!(e("tenhou,ema2016", false).starts_with("`tenhou,ema2016` is neither"));
        assert_eq!(
            e("tenhou,auto", true),
            "`auto` picks one profile per game: name the profiles to compare"
        );
        assert_eq!(
            e("tenhou,", true),
            "--rules `tenhou,`: name two profiles or more to compare, separated by commas"
        );
        assert!(ProfileSpec::Auto.rules().is_err());
    }

    #[test]
    fn a_file_is_read_when_named() {
        let dir = std::env::temp_dir().join(format!("paifu-spec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("ema.json");
        let ema = Rules::preset("ema2016").unwrap();
        std::fs::write(&good, serde_json::to_string(&ema).unwrap()).unwrap();
        let spec = ProfileSpec::parse(good.to_str().unwrap(), true).unwrap();
        assert_eq!(spec, ProfileSpec::File(good.clone()));
        assert_eq!(spec.rules().unwrap(), ema);
        let bad = dir.join("bad.json");
        std::fs::write(&bad, "{\"name\": 3}").unwrap();
        let e = ProfileSpec::parse(bad.to_str().unwrap(), false).unwrap_err();
        assert!(matches!(e, SpecError::Json { .. }), "{e}");
        assert!(e.to_string().starts_with("rules file "), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
