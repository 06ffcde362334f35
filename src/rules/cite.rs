//! A profile's fields by name: the note of each (from the catalogue's
//! [`FIELD_NOTES`]), its value, and the trial of one field of another
//! profile (`with_field_of`), which explains a difference between two rule
//! books by the field responsible.

use super::Rules;
use crate::catalogue::{FIELD_NOTES, FieldNote};

impl Rules {
    /// The note of a field by its JSON name.
    #[must_use]
    pub fn field_note(field: &str) -> Option<&'static FieldNote> {
        FIELD_NOTES.iter().find(|n| n.field == field)
    }

    /// A field's value in the JSON form of the profile (`true`, `300`,
    /// `"sanbaiman"`); `None` for a field the profile does not have.
    #[must_use]
    pub fn field_value(&self, field: &str) -> Option<serde_json::Value> {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(mut map)) => map.remove(field),
            _ => None,
        }
    }

    /// This profile with one field taken from `other`: the trial that
    /// shows whether that field alone makes a difference.
    ///
    /// # Errors
    ///
    /// When the field is not one of a profile's.
    pub fn with_field_of(&self, other: &Self, field: &str) -> Result<Self, serde_json::Error> {
        use serde::de::Error as _;
        let value = other
            .field_value(field)
            .ok_or_else(|| serde_json::Error::custom(format!("unknown field `{field}`")))?;
        let mut mine = serde_json::to_value(self)?;
        if let serde_json::Value::Object(map) = &mut mine {
            map.insert(field.to_owned(), value);
        }
        serde_json::from_value(mine)
    }

    /// The fields (of [`FIELD_NOTES`]) whose values differ between two
    /// profiles.
    #[must_use]
    pub fn differing_fields(&self, other: &Self) -> Vec<&'static FieldNote> {
        let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
            (serde_json::to_value(self), serde_json::to_value(other))
        else {
            return Vec::new();
        };
        FIELD_NOTES
            .iter()
            .filter(|n| a.get(n.field) != b.get(n.field))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_of_a_profile_has_a_note() {
        let rules = Rules::preset("tenhou").unwrap();
        let serde_json::Value::Object(map) = serde_json::to_value(&rules).unwrap() else {
            panic!("a profile is an object");
        };
        for key in map.keys() {
            let describes = ["name", "revision", "book", "values_known"].contains(&key.as_str());
            assert_eq!(
                Rules::field_note(key).is_some(),
                !describes,
                "field `{key}`"
            );
        }
    }

    #[test]
    fn tenhou_and_wrc_differ_in_kiriage_and_a_trial_takes_one_field() {
        let tenhou = Rules::preset("tenhou").unwrap();
        let wrc = Rules::preset("wrc2015").unwrap();
        let fields: Vec<&str> = tenhou
            .differing_fields(&wrc)
            .iter()
            .map(|n| n.field)
            .collect();
        assert!(fields.contains(&"kiriage"), "{fields:?}");
        assert!(!fields.contains(&"honba_value"));
        let trial = tenhou.with_field_of(&wrc, "kiriage").unwrap();
        assert!(trial.kiriage);
        assert_eq!(trial.kazoe, tenhou.kazoe);
        assert!(tenhou.with_field_of(&wrc, "no_such_field").is_err());
    }
}
