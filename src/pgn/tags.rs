//! PGN tag pairs (`[White "Tal, M."]`), kept in the order they were read or set.

/// The tag pairs of a game, in order. Names are case-sensitive, as in PGN.
///
/// ```
/// use kibitzer::pgn::Tags;
/// let mut tags = Tags::default();
/// tags.set("White", "Lasker, Emanuel");
/// tags.set("White", "Lasker, E.");
/// assert_eq!(tags.get("White"), Some("Lasker, E."));
/// assert_eq!(tags.0.len(), 1);
/// assert_eq!(tags.get("Black"), None);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
    /// The value of the first tag called `name`, if any.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the first tag called `name` to `value`, or appends the tag when there is none.
    pub fn set(&mut self, name: &str, value: &str) {
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => value.clone_into(v),
            None => self.0.push((name.to_owned(), value.to_owned())),
        }
    }
}
