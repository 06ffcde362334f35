//! Counts in text for people: `1 error`, `2 errors`, `0 errors`. Every
//! count a report, a summary or the viewer prints goes through [`count`],
//! so that none says "1 errors".

/// `n` and its noun: `one` for exactly one, `many` otherwise (English
/// uses the plural for zero too). Nouns that do not change (`kyoku`,
/// `info`) pass the same word twice.
#[must_use]
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_zero_and_two_are_plural() {
        assert_eq!(count(0, "error", "errors"), "0 errors");
        assert_eq!(count(1, "error", "errors"), "1 error");
        assert_eq!(count(2, "error", "errors"), "2 errors");
        assert_eq!(count(1, "info", "info"), "1 info");
    }
}
