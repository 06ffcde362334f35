//! Escaping for paifu's HTML pages (the audit's dashboard and the review):
//! every text that comes from a log or a path goes through [`Esc`].

use std::fmt;

/// Text escaped for HTML content and attribute values.
pub(crate) struct Esc<'a>(pub &'a str);

impl fmt::Display for Esc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
            let (plain, tail) = rest.split_at(at);
            f.write_str(plain)?;
            let mut chars = tail.chars();
            f.write_str(match chars.next() {
                Some('&') => "&amp;",
                Some('<') => "&lt;",
                Some('>') => "&gt;",
                Some('"') => "&quot;",
                _ => "&#39;",
            })?;
            rest = chars.as_str();
        }
        f.write_str(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            Esc(r#"<a href="x">&'名前'</a>"#).to_string(),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;名前&#39;&lt;/a&gt;"
        );
        assert_eq!(Esc("plain").to_string(), "plain");
    }
}
