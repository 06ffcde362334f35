//! A JSON record written in the protobuf wire form, with prost: the form
//! the game's own download has, for the tests that hold the two forms to
//! the same events and for tools that want the binary form.
//!
//! Only the fields paifu reads are carried (`records.rs`, `head.rs`);
//! records it does not read keep their name and lose their data.

use prost::Message;

use crate::event::Format;
use crate::import::{ImportError, ImportErrorKind};

use super::head::Head;
use super::records::{
    AnGangAddGang, BaBei, ChiPengGang, DealTile, DiscardTile, Hule, LiuJu, NewRound, NoTile,
};
use serde_json::value::RawValue;

use super::{Doc, Record, binary::DETAILS, head_of, record_list};

/// `.lq.Wrapper`: a message and its name.
#[derive(Clone, PartialEq, prost::Message)]
pub(super) struct Wrapper {
    #[prost(string, tag = "1")]
    pub(super) name: String,
    #[prost(bytes = "vec", tag = "2")]
    pub(super) data: Vec<u8>,
}

/// `.lq.GameDetailRecords`.
#[derive(Clone, PartialEq, prost::Message)]
pub(super) struct GameDetailRecords {
    /// Version 0: each record, a wrapper.
    #[prost(bytes = "vec", repeated, tag = "1")]
    pub(super) records: Vec<Vec<u8>>,
    #[prost(uint32, tag = "2")]
    pub(super) version: u32,
    /// Version 210715: the actions.
    #[prost(message, repeated, tag = "3")]
    pub(super) actions: Vec<GameAction>,
}

/// `.lq.GameAction`: a record in `result` (type 1).
#[derive(Clone, PartialEq, prost::Message)]
pub(super) struct GameAction {
    #[prost(uint32, tag = "2")]
    pub(super) kind: u32,
    /// A wrapper.
    #[prost(bytes = "vec", tag = "3")]
    pub(super) result: Vec<u8>,
}

/// `.lq.ResGameRecord`: the game server's answer to a record request.
#[derive(Clone, PartialEq, prost::Message)]
pub(super) struct ResGameRecord {
    #[prost(message, optional, tag = "3")]
    pub(super) head: Option<Head>,
    /// A wrapper of the game's records.
    #[prost(bytes = "vec", tag = "4")]
    pub(super) data: Vec<u8>,
    #[prost(string, tag = "5")]
    pub(super) data_url: String,
}

/// Which wire form to write.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// The wrapper of `.lq.GameDetailRecords` with version 0: `records`,
    /// each a wrapper.
    Records,
    /// The wrapper of `.lq.GameDetailRecords` with version 210715:
    /// `actions`, each holding a wrapper in `result` (the file behind
    /// `data_url`).
    Actions,
    /// A `.lq.ResGameRecord`: the head and the wrapper of the actions.
    Response,
}

/// Writes a Mahjong Soul record given in JSON (either layout) in the
/// protobuf wire form of `layout`, carrying the fields paifu reads.
///
/// # Errors
///
/// An [`ImportError`] where the JSON is not a record paifu reads.
pub fn to_wire(text: &str, layout: Layout) -> Result<Vec<u8>, ImportError> {
    let doc = Doc::new(text);
    let root: &RawValue = serde_json::from_str(text).map_err(|e| super::syntax(text, &e))?;
    let records = record_list(&doc, root)?;
    let wrapped = records
        .iter()
        .map(|r| {
            Ok(Wrapper {
                name: format!(".lq.{}", r.name),
                data: data(r)?,
            }
            .encode_to_vec())
        })
        .collect::<Result<Vec<Vec<u8>>, ImportError>>()?;
    let details = match layout {
        Layout::Records => GameDetailRecords {
            records: wrapped,
            version: 0,
            actions: Vec::new(),
        },
        Layout::Actions | Layout::Response => GameDetailRecords {
            records: Vec::new(),
            version: 210_715,
            actions: wrapped
                .into_iter()
                .map(|result| GameAction { kind: 1, result })
                .collect(),
        },
    };
    let wrapper = Wrapper {
        name: DETAILS.to_owned(),
        data: details.encode_to_vec(),
    }
    .encode_to_vec();
    if layout != Layout::Response {
        return Ok(wrapper);
    }
    let head = match head_of(root) {
        Some(raw) => doc.value::<Head>(raw, "head", "the record's `head`")?,
        None => {
            return Err(ImportError::new(
                Format::MahjongSoul,
                crate::event::Source::default(),
                ImportErrorKind::Missing {
                    name: "the record's `head`".to_owned(),
                },
            ));
        }
    };
    Ok(ResGameRecord {
        head: Some(head),
        data: wrapper,
        data_url: String::new(),
    }
    .encode_to_vec())
}

/// A record's data in the wire form: the fields paifu reads.
fn data(r: &Record<'_>) -> Result<Vec<u8>, ImportError> {
    Ok(match &*r.name {
        "RecordNewRound" => r.decode::<NewRound>()?.encode_to_vec(),
        "RecordDealTile" => r.decode::<DealTile>()?.encode_to_vec(),
        "RecordDiscardTile" => r.decode::<DiscardTile>()?.encode_to_vec(),
        "RecordChiPengGang" => r.decode::<ChiPengGang>()?.encode_to_vec(),
        "RecordAnGangAddGang" => r.decode::<AnGangAddGang>()?.encode_to_vec(),
        "RecordBaBei" => r.decode::<BaBei>()?.encode_to_vec(),
        "RecordHule" => {
            let mut hule = r.decode::<Hule>()?;
            // Written as the game's server writes proto3: a zero is left
            // out, whether the JSON held it or not.
            for win in &mut hule.hules {
                for field in [&mut win.count, &mut win.fu, &mut win.title_id] {
                    if *field == Some(0) {
                        *field = None;
                    }
                }
            }
            hule.encode_to_vec()
        }
        "RecordNoTile" => r.decode::<NoTile>()?.encode_to_vec(),
        "RecordLiuJu" => r.decode::<LiuJu>()?.encode_to_vec(),
        _ => Vec::new(),
    })
}
