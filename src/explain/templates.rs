//! Explanation texts: loading a language file (`assets/explanations/<code>.toml`, embedded in
//! the binary) and rendering sentences from established themes and claims.
//!
//! The code holds no words of any language: piece names, conjunctions and every phrasing come
//! from the language file, so a second language is one more TOML file with the same ids.
//! A sentence is rendered only when every need of its template holds and every placeholder
//! has a value; the phrasing is chosen deterministically from the FEN, the move and the
//! template id.
//!
//! Why one file of about 1,060 lines before its tests: loading a language file and rendering
//! from it share the template's private form (needs, placeholders, the phrasing's choice);
//! the words themselves are data in `assets/explanations/`.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{Color, Role};

use crate::explain::claims::{self, At, Claim, Fact, Supports};
use crate::explain::quality::{MateNote, Quality};
use crate::explain::themes::Theme;

// `LANGUAGES`: every `assets/explanations/*.toml`, embedded by build.rs.
include!(concat!(env!("OUT_DIR"), "/languages.rs"));

/// Words the renderer needs besides the phrasings.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// Piece names.
    pub pawn: String,
    /// Piece names.
    pub knight: String,
    /// Piece names.
    pub bishop: String,
    /// Piece names.
    pub rook: String,
    /// Piece names.
    pub queen: String,
    /// Piece names.
    pub king: String,
    /// Side names.
    pub white: String,
    /// Side names.
    pub black: String,
    /// List conjunction ("and").
    pub and: String,
    /// Definite article with trailing space, or empty.
    pub the: String,
    /// "pawn" as a unit of material.
    pub pawn_unit: String,
    /// "pawns" as a unit of material.
    pub pawn_units: String,
    /// One pawn in prose ("um peão": "com um peão a mais"), where a language writes the
    /// number one as a word. Absent: "1" and `pawn_unit`.
    #[serde(default)]
    pub one_pawn: Option<String>,
    /// "move" as a count ("in 1 move").
    pub move_unit: String,
    /// "moves" as a count ("in 3 moves").
    pub move_units: String,
    /// "rook" as a count ("1 rook").
    pub rook_unit: String,
    /// "rooks" as a count ("2 rooks").
    pub rook_units: String,
    /// The piece letters of this language's SAN, king, queen, rook, bishop, knight (`"RDTBC"`
    /// in Portuguese); every SAN placeholder (`{move}`, `{best}`, `{line}`, `{threat}`, …) is
    /// written with them. Absent: English SAN.
    #[serde(default)]
    pub san: Option<String>,
    /// What opens a sentence about the move right after one that opened with the move ("It
    /// also": "Nce7 prepares the pawn break d5. It also makes c6 possible"), and `is_also`
    /// for one whose verb is `is` ("It is also"). Absent: the move is named again.
    #[serde(default)]
    pub it_also: Option<String>,
    /// The verb "is" as a sentence about the move uses it after the move ("is"), and what
    /// replaces the move and it ("It is also"); see `it_also`.
    #[serde(default)]
    pub is_also: Option<(String, String)>,
    /// Forms of the piece names for languages whose articles and adjectives agree with the
    /// piece (`[words.forms.the]`: `queen = "a dama"`, `knight = "o cavalo"`): a placeholder
    /// holding a piece name, `{p0}`, also has `{p0_the}`, `{p0_of_the}`, … one per form.
    /// `{others}` uses the form `the` when there is one.
    #[serde(default)]
    pub forms: BTreeMap<String, Forms>,
}

/// One form of every piece name (`[words.forms.<name>]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forms {
    /// The form for a pawn.
    pub pawn: String,
    /// The form for a knight.
    pub knight: String,
    /// The form for a bishop.
    pub bishop: String,
    /// The form for a rook.
    pub rook: String,
    /// The form for a queen.
    pub queen: String,
    /// The form for a king.
    pub king: String,
}

impl Forms {
    /// The form of a role.
    #[must_use]
    pub fn role(&self, r: Role) -> &str {
        match r {
            Role::Pawn => &self.pawn,
            Role::Knight => &self.knight,
            Role::Bishop => &self.bishop,
            Role::Rook => &self.rook,
            Role::Queen => &self.queen,
            Role::King => &self.king,
        }
    }
}

impl Words {
    /// `n` pawns as a count in prose: "3 pawns", "1 pawn"; one pawn is [`Words::one_pawn`]
    /// when the language has it ("com um peão a mais").
    #[must_use]
    pub fn pawn_count(&self, n: u32) -> String {
        match (&self.one_pawn, n) {
            (Some(one), 1) => one.clone(),
            (None, 1) => format!("1 {}", self.pawn_unit),
            _ => format!("{n} {}", self.pawn_units),
        }
    }

    /// A material change in pawns with its sign: "+2 pawns", "-1 pawn".
    #[must_use]
    pub fn signed_pawns(&self, n: i32) -> String {
        let unit = if n.abs() == 1 {
            &self.pawn_unit
        } else {
            &self.pawn_units
        };
        format!("{n:+} {unit}")
    }

    /// Name of a role.
    #[must_use]
    pub fn role(&self, r: Role) -> &str {
        match r {
            Role::Pawn => &self.pawn,
            Role::Knight => &self.knight,
            Role::Bishop => &self.bishop,
            Role::Rook => &self.rook,
            Role::Queen => &self.queen,
            Role::King => &self.king,
        }
    }

    /// The role a piece name names (the reverse of [`Words::role`]).
    #[must_use]
    pub fn role_named(&self, name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| self.role(*r) == name)
    }

    /// `placeholder_form` (`p0_the`): the form `form` of the piece a placeholder names.
    fn form_of(&self, key: &str, values: &BTreeMap<&'static str, String>) -> Option<String> {
        let (base, form) = key
            .match_indices('_')
            .map(|(i, _)| (&key[..i], &key[i + 1..]))
            .find(|(b, f)| values.contains_key(b) && self.forms.contains_key(*f))?;
        let role = self.role_named(values.get(base)?)?;
        Some(self.forms.get(form)?.role(role).to_owned())
    }

    /// A SAN text in this language's piece letters.
    fn san_text(&self, text: &str) -> String {
        let Some(letters) = &self.san else {
            return text.to_owned();
        };
        let mut to = ['K', 'Q', 'R', 'B', 'N'];
        for (slot, c) in to.iter_mut().zip(letters.chars()) {
            *slot = c;
        }
        crate::i18n::letters(text, ['K', 'Q', 'R', 'B', 'N'], to)
    }

    /// Name of a side.
    #[must_use]
    pub fn side(&self, c: Color) -> &str {
        if c.is_white() {
            &self.white
        } else {
            &self.black
        }
    }
}

/// One template of the language file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// Unique id.
    pub id: String,
    /// One of the nine category names. A language other than English may leave out
    /// `category`, `priority` and `needs`: they are then the English template's, so every
    /// language says its sentences under the same conditions.
    #[serde(default)]
    pub category: String,
    /// Higher is said first.
    #[serde(default)]
    pub priority: i32,
    /// Conditions that must all hold (see the language file's header).
    #[serde(default)]
    pub needs: Vec<String>,
    /// Alternative phrasings.
    pub phrasings: Vec<String>,
    /// Verb phrase for "Better was X, which …".
    #[serde(default)]
    pub reason: Option<String>,
    /// The rank of `reason` among the reasons (higher is chosen first) when it differs from
    /// `priority`: a sentence's order in an explanation is not the order of what makes a move
    /// better (a mate or the queen taken before "trades into an ending"). Left to English in
    /// other languages, as `priority` is.
    #[serde(default)]
    pub reason_priority: Option<i32>,
}

impl Template {
    /// Whether the template's words name the opponent's reply (`{reply}`).
    fn names_reply(&self) -> bool {
        self.phrasings.iter().any(|p| p.contains("{reply}"))
    }

    /// Whether the template's words name the material a line wins (`{gain}`).
    fn names_gain(&self) -> bool {
        self.phrasings.iter().any(|p| p.contains("{gain}"))
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LanguageFile {
    language: String,
    words: Words,
    template: Vec<Template>,
}

/// A loaded language.
#[derive(Debug, Clone)]
pub struct Templates {
    /// Language code.
    pub language: String,
    /// Words.
    pub words: Words,
    /// Templates, highest priority first.
    pub templates: Vec<Template>,
    /// The indices of the templates with a reason phrase, highest reason rank first
    /// (`reason_priority`, else `priority`): the order [`Templates::reason`] tries them in.
    reasons: Vec<usize>,
}

/// A template's rank among the reasons.
fn reason_rank(t: &Template) -> i32 {
    t.reason_priority.unwrap_or(t.priority)
}

/// Why a language could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateError {
    /// No embedded file for this code.
    UnknownLanguage(String),
    /// The file does not parse.
    Parse(String),
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateError::UnknownLanguage(c) => {
                write!(f, "no explanation texts for language {c:?}")
            }
            TemplateError::Parse(e) => write!(f, "explanation texts: {e}"),
        }
    }
}

impl std::error::Error for TemplateError {}

/// A rendered sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Sentence {
    /// Template id.
    pub template: String,
    /// Category name.
    pub category: String,
    /// Priority.
    pub priority: i32,
    /// The text.
    pub text: String,
    /// Indices (into the explanation's claims) of the claims the sentence rests on.
    pub claims: Vec<usize>,
}

/// Everything a sentence may draw on, established beforehand.
#[derive(Debug, Clone)]
pub struct Facts<'a> {
    /// SAN of the move.
    pub san: String,
    /// The mover.
    pub mover: Color,
    /// SAN of the engine's better move, when the move was not the best.
    pub better: Option<String>,
    /// Reason phrase for the better move, already rendered.
    pub reason: Option<String>,
    /// The better move develops: castles, or takes a knight or bishop off its back rank. A
    /// principle broken (a piece moved twice, the queen out early) is the error's fault only
    /// then (8.Nh4 "moves a developed piece again" where the better a4, d4 and Re1 develop
    /// nothing either: fischer.pgn game 7, session 42 read).
    pub better_develops: bool,
    /// Why the opponent's answer to an error hurts (`{reply_reason}`), already rendered.
    pub reply_reason: Option<String>,
    /// The move and its PV in SAN, space separated.
    pub line: String,
    /// The mover's next moves in the line, in SAN (`{plan}`): see
    /// [`crate::explain::explanation::line_plan`].
    pub plan: Vec<String>,
    /// The mover's next move in the line when it takes the moved piece back (`{back}`): see
    /// [`crate::explain::explanation::line_back`].
    pub back: Option<String>,
    /// The mover's next move in the line when the reply attacks the moved piece and it goes
    /// back (`{driven}`: 14.Re3 Bf4 Ree1): the move is driven back, not waiting.
    pub driven: Option<String>,
    /// The evaluation in words (White's side with its sign, who is better:
    /// [`crate::explain::score_text::evaluation`]).
    pub score: Option<String>,
    /// Themes of the move's line.
    pub themes: &'a [Theme],
    /// Claims established for the move.
    pub claims: &'a [Claim],
    /// Quality of the move.
    pub quality: Option<Quality>,
    /// Mate situation.
    pub mate: Option<MateNote>,
    /// Only-move flag.
    pub only_move: bool,
    /// Seed for the phrasing choice (e.g. FEN + UCI).
    pub seed: String,
    /// For a book move, the name of its opening line (`{opening}`).
    pub opening: Option<String>,
    /// A forced win in a game without mate (Pawn Battle), said in the game's terms instead
    /// of a mate score (`forced_win:*` needs).
    pub forced_win: Option<ForcedWin>,
    /// What the endgame tables say of the move ([`crate::tablebase::Note`]; `tablebase:*`
    /// needs), in a position they hold.
    pub tablebase: Option<crate::tablebase::Note>,
    /// A move judged good or excellent in a decided game though it gives away two pawns or
    /// more ([`crate::explain::quality::decided_drop`]; `decided:*` and `undecided` needs).
    pub decided: Option<crate::explain::quality::Decided>,
    /// The sentence checks of the move ([`crate::explain::sentence_check::Gate`]): a template
    /// it does not allow is never said. `None` checks nothing (Pawn Battle, which has none of
    /// the checked templates).
    pub gate: Option<&'a crate::explain::sentence_check::Gate>,
}

/// A forced win the search found after the move, in a game without mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForcedWin {
    /// The side that wins (`{winner}`).
    pub winner: Color,
    /// The winner's moves still to play, the winning one included (`{win_moves}`; 1 = its
    /// next move).
    pub moves: u32,
    /// The square its pawn reaches on the last rank with the winning move, when the line
    /// shows it (`{win_goal}`).
    pub goal: Option<shakmaty::Square>,
}

/// 64-bit FNV-1a, stable across platforms and Rust versions.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Templates {
    /// The embedded texts for a language code (`"en"`).
    ///
    /// # Errors
    /// [`TemplateError::UnknownLanguage`] when no file is embedded for `code`, or
    /// [`TemplateError::Parse`] when it does not parse.
    pub fn load(code: &str) -> Result<Templates, TemplateError> {
        let text = LANGUAGES
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
            .map(|(_, t)| *t)
            .ok_or_else(|| TemplateError::UnknownLanguage(code.to_owned()))?;
        Templates::parse(text)
    }

    /// The embedded texts for a language code, parsed once and kept for the program's life
    /// (every explanation uses them).
    ///
    /// # Errors
    /// As [`Templates::load`].
    pub fn get(code: &str) -> Result<&'static Templates, TemplateError> {
        static CACHE: std::sync::OnceLock<Vec<(&'static str, Result<Templates, TemplateError>)>> =
            std::sync::OnceLock::new();
        let all = CACHE.get_or_init(|| {
            LANGUAGES
                .iter()
                .map(|(c, text)| (*c, Templates::parse(text)))
                .collect()
        });
        all.iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
            .ok_or_else(|| TemplateError::UnknownLanguage(code.to_owned()))?
            .1
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Codes of the embedded languages.
    #[must_use]
    pub fn languages() -> Vec<&'static str> {
        LANGUAGES.iter().map(|(c, _)| *c).collect()
    }

    /// Parses a language file.
    ///
    /// # Errors
    /// [`TemplateError::Parse`] with the TOML error.
    pub fn parse(text: &str) -> Result<Templates, TemplateError> {
        let file: LanguageFile =
            toml::from_str(text).map_err(|e| TemplateError::Parse(e.to_string()))?;
        let mut templates = file.template;
        if templates.iter().any(|t| t.category.is_empty()) {
            // The conditions of a template left to English (see `Template::category`).
            let english = LANGUAGES
                .iter()
                .find(|(c, _)| *c == "en")
                .map(|(_, t)| *t)
                .ok_or_else(|| {
                    TemplateError::Parse("no English texts to take needs from".into())
                })?;
            let english: LanguageFile =
                toml::from_str(english).map_err(|e| TemplateError::Parse(e.to_string()))?;
            for t in templates.iter_mut().filter(|t| t.category.is_empty()) {
                let Some(en) = english.template.iter().find(|e| e.id == t.id) else {
                    return Err(TemplateError::Parse(format!(
                        "template {} gives no needs and English has no template of that id",
                        t.id
                    )));
                };
                t.category.clone_from(&en.category);
                t.priority = en.priority;
                t.reason_priority = en.reason_priority;
                t.needs.clone_from(&en.needs);
            }
        }
        templates.sort_by(|a, b| b.priority.cmp(&a.priority).then_with(|| a.id.cmp(&b.id)));
        let mut reasons: Vec<usize> = (0..templates.len())
            .filter(|i| templates[*i].reason.is_some())
            .collect();
        reasons.sort_by_key(|i| std::cmp::Reverse(reason_rank(&templates[*i])));
        Ok(Templates {
            language: file.language,
            words: file.words,
            templates,
            reasons,
        })
    }

    fn need_holds(&self, t: &Template, need: &str, f: &Facts) -> bool {
        if let Some((id, at)) = theme_need(need) {
            f.themes.iter().any(|t| t.id == id && at(t.ply))
        } else if need == "claim:hangs_own" {
            f.claims.iter().any(|c| own_hanging(c, f))
        } else if need.starts_with("claim:") || need.starts_with("watch:") {
            let prefer = self.theme_for(t, f).map_or(&[][..], |th| &th.squares[..]);
            self.claim_for(need, f, prefer).is_some()
        } else if let Some(q) = need.strip_prefix("quality:") {
            f.quality.is_some_and(|x| x.as_str() == q)
        } else if let Some(how) = need.strip_prefix("forced_win:") {
            f.forced_win.is_some_and(|w| match how {
                "promotes_next" => w.moves == 1 && w.goal.is_some(),
                "next" => w.moves == 1 && w.goal.is_none(),
                "in" => w.moves > 1,
                _ => false,
            })
        } else if let Some(kind) = need.strip_prefix("tablebase:") {
            f.tablebase.is_some_and(|n| n.need() == kind)
        } else if let Some(d) = need.strip_prefix("decided:") {
            matches!(
                (d, f.decided),
                ("lost", Some(crate::explain::quality::Decided::Lost))
                    | ("won", Some(crate::explain::quality::Decided::Won))
            )
        } else if let Some(m) = need.strip_prefix("mate:") {
            matches!(
                (m, f.mate),
                ("missed_mate", Some(MateNote::MissedMate))
                    | ("allowed_mate", Some(MateNote::AllowedMate))
            )
        } else {
            match need {
                "only_move" => f.only_move,
                "undecided" => f.decided.is_none(),
                // A good move close to the best, or one that gives up a little more: "A good,
                // solid move" for 11...Qe7, 0.5 below Ng4, misled (session 47 read).
                "precise" | "imprecise" => f.claims.iter().any(|c| {
                    matches!(&c.fact, Fact::Quality { drop, .. }
                        if (*drop < crate::explain::quality::PRECISE_DROP) == (need == "precise"))
                }),
                // The engine stands behind the move: its own choice (no quality judged) or a
                // move judged best, excellent or good. "On purpose" needs this.
                "sound" => f
                    .quality
                    .is_none_or(|q| matches!(q.as_str(), "book" | "best" | "excellent" | "good")),
                // What the move is for may be said of an inaccuracy too (9.f3 frees the knight
                // on c3 for Nd5, though g4 was better: "Better was g4" alone read as no
                // reason, session 46), not of a mistake or a blunder, whose point fails.
                "meant" => f.quality.is_none_or(|q| {
                    matches!(q.as_str(), "book" | "best" | "excellent" | "good" | "inaccuracy")
                }),
                "better" => f.better.is_some(),
                "better_develops" => f.better_develops,
                // The move lost something against the engine's best (an excellent move is
                // as good as the best: no "better was").
                "worse" => f.quality.is_some_and(|q| {
                    matches!(q.as_str(), "good" | "inaccuracy" | "mistake" | "blunder")
                }),
                // A principle broken is worth saying only of a move judged an error: the
                // best move that moves a piece twice or brings the queen out had its reason.
                "error" => f
                    .quality
                    .is_some_and(|q| matches!(q.as_str(), "inaccuracy" | "mistake" | "blunder")),
                // Conditions only the chess gate knows: never said without it (Pawn Battle's
                // "a3 is forced" with a4 legal, its win "no move saves White from mate").
                "only_legal" => f.gate.is_some_and(|g| g.only_legal),
                "mated_later" => f.gate.is_some_and(|g| g.mated_later),
                "reason" => f.reason.is_some(),
                "reply_reason" => f.reply_reason.is_some(),
                // Checked by `render`, which knows what was said before.
                "alone" | "alone_unless_blow" => true,
                // The threat the reply brings is on a piece: a pawn's is said only as a last
                // resort ("Watch out: after d4 the opponent threatens dxe5" in the Ruy Lopez
                // beside the move's own point, session 39).
                "watch_piece" => f.claims.iter().any(|c| {
                    matches!(c.at, At::Line(_))
                        && c.supports == Supports::Played
                        && matches!(c.fact, Fact::ThreatWins { role, .. } if role != shakmaty::Role::Pawn)
                }),
                "score" => f.score.is_some(),
                // The line is the move and the opponent's mating reply: the mover is mated next.
                "mated_next" => {
                    let line: Vec<&str> = f.line.split_whitespace().collect();
                    line.len() == 2 && line[1].ends_with('#')
                }
                _ => false,
            }
        }
    }

    /// The index of the first claim a `claim:KIND[/SUB]` need (a fact about the move's own
    /// positions) or a `watch:KIND` need (a fact about the opponent's reply in the line)
    /// matches; `claim:hangs_own` is a hanging piece of the mover. A claim about one of
    /// `prefer` (the theme's squares) comes first; with the suffix `@theme` only such a claim
    /// counts (the sentence names the theme's piece: the claim must be about that piece).
    fn claim_for(&self, need: &str, f: &Facts, prefer: &[shakmaty::Square]) -> Option<usize> {
        if need == "claim:hangs_own" {
            return f.claims.iter().position(|c| own_hanging(c, f));
        }
        let (need, strict) = match need.strip_suffix(THEME_SQUARE) {
            Some(n) => (n, true),
            None => (need, false),
        };
        let (line, specs) = if let Some(k) = need.strip_prefix("watch:") {
            (true, k)
        } else {
            (false, need.strip_prefix("claim:")?)
        };
        // `claim:a|b`: the first alternative that holds.
        specs
            .split('|')
            .find_map(|spec| self.claim_of(spec, line, f, prefer, strict))
    }

    fn claim_of(
        &self,
        spec: &str,
        line: bool,
        f: &Facts,
        prefer: &[shakmaty::Square],
        strict: bool,
    ) -> Option<usize> {
        let (kind, sub) = match spec.split_once('/') {
            Some((k, s)) => (k, Some(s)),
            None => (spec, None),
        };
        let matches = |c: &Claim| {
            c.fact.kind() == kind
                && matches!(c.at, At::Line(_)) == line
                && c.supports == Supports::Played
                && sub.is_none_or(|s| c.fact.sub() == Some(s))
                && f.gate.is_none_or(|g| g.allows_claim(c))
        };
        // The claim about the theme's own squares when there is one.
        let on_theme = f
            .claims
            .iter()
            .position(|c| matches(c) && c.fact.square().is_some_and(|s| prefer.contains(&s)));
        if strict {
            return on_theme;
        }
        on_theme.or_else(|| f.claims.iter().position(matches))
    }

    /// The claims a template's needs rest on: the claim each `claim:`/`watch:` need matched,
    /// and the quality claim for quality, score and "better" needs.
    fn rests_on(&self, t: &Template, f: &Facts) -> Vec<usize> {
        let quality = f.claims.iter().position(|c| c.fact.kind() == "quality");
        let prefer = self.theme_for(t, f).map_or(&[][..], |th| &th.squares[..]);
        let mut out: Vec<usize> = Vec::new();
        for n in &t.needs {
            let idx = if n.starts_with("claim:") || n.starts_with("watch:") {
                self.claim_for(n, f, prefer)
            } else if rests_on_quality(n) {
                quality
            } else {
                None
            };
            if let Some(i) = idx.filter(|i| !out.contains(i)) {
                out.push(i);
            }
        }
        out
    }

    fn theme_for<'a>(&self, t: &Template, f: &'a Facts) -> Option<&'a Theme> {
        t.needs.iter().find_map(|n| {
            let (id, at) = theme_need(n)?;
            f.themes.iter().find(|x| x.id == id && at(x.ply))
        })
    }

    fn list(&self, names: &[String]) -> String {
        match names {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} {} {last}", init.join(", "), self.words.and),
        }
    }

    fn values(&self, t: &Template, f: &Facts) -> BTreeMap<&'static str, String> {
        let mut v = BTreeMap::new();
        let w = &self.words;
        v.insert("move", f.san.clone());
        v.insert("line", f.line.clone());
        v.insert("mover_side", w.side(f.mover).to_owned());
        v.insert("opponent", w.side(!f.mover).to_owned());
        if let Some(b) = &f.better {
            v.insert("best", b.clone());
        }
        if let Some(r) = &f.reason {
            v.insert("reason", r.clone());
        }
        if let Some(r) = &f.reply_reason {
            v.insert("reply_reason", r.clone());
        }
        if let Some(s) = &f.score {
            v.insert("score", s.clone());
        }
        if let Some(o) = &f.opening {
            v.insert("opening", o.clone());
        }
        if let Some(win) = &f.forced_win {
            v.insert("winner", w.side(win.winner).to_owned());
            v.insert("win_moves", win.moves.to_string());
            if let Some(goal) = win.goal {
                v.insert("win_goal", goal.to_string());
            }
        }
        if let Some(th) = self.theme_for(t, f) {
            for (i, key) in ["s0", "s1", "s2"].into_iter().enumerate() {
                if let Some(s) = th.squares.get(i) {
                    v.insert(key, s.to_string());
                }
            }
            if let Some(s) = th.squares.first() {
                v.insert("file", s.file().char().to_string());
            }
            for (i, key) in ["p0", "p1", "p2"].into_iter().enumerate() {
                if let Some(p) = th.pieces.get(i) {
                    v.insert(key, w.role(p.role).to_owned());
                }
            }
            if th.pieces.len() >= 2 {
                let names: Vec<String> = th.pieces[1..]
                    .iter()
                    .map(|p| match w.forms.get("the") {
                        Some(the) => the.role(p.role).to_owned(),
                        None => format!("{}{}", w.the, w.role(p.role)),
                    })
                    .collect();
                v.insert("others", self.list(&names));
            }
        }
        for i in self.rests_on(t, f) {
            if let Some(c) = f.claims.get(i) {
                self.claim_values(c, &mut v);
            }
        }
        if let Some(reply) = f.line.split_whitespace().nth(1) {
            v.insert("reply", reply.to_owned());
            // The piece that makes the reply, from its SAN (English letters; a file is a pawn).
            let role = match reply.chars().next() {
                Some('K') => Some(Role::King),
                Some('Q') => Some(Role::Queen),
                Some('R') => Some(Role::Rook),
                Some('B') => Some(Role::Bishop),
                Some('N') => Some(Role::Knight),
                Some('a'..='h') => Some(Role::Pawn),
                _ => None,
            };
            if let Some(role) = role {
                v.insert("reply_piece", w.role(role).to_owned());
            }
        }
        if !f.plan.is_empty() {
            v.insert("plan", self.list(&f.plan));
        }
        if let Some(back) = &f.back {
            v.insert("back", back.clone());
        }
        if let Some(driven) = &f.driven {
            v.insert("driven", driven.clone());
        }
        let words: Vec<&str> = f.line.split_whitespace().collect();
        // The opponent's capture of the moved piece and the mover's recapture (`{retake}`:
        // "Ne5 invites Bxe5, and Bxe5 takes back"): the line's trade.
        if words.len() >= 3 && words[1].contains('x') && recaptures(words[1], words[2]) {
            v.insert("retake", words[2].to_owned());
        }
        for c in f.claims {
            match &c.fact {
                Fact::MateIn { n, .. } => {
                    v.entry("n").or_insert_with(|| n.to_string());
                }
                Fact::WinsMaterial { gain, .. } => {
                    v.entry("gain").or_insert_with(|| w.signed_pawns(*gain));
                    // Material won back is a count, not a lead: "+2 pawns" read as White
                    // ahead when it was a knight down (21.Bxe6+, session 49 read).
                    v.entry("gain_back")
                        .or_insert_with(|| w.pawn_count(gain.unsigned_abs()));
                }
                Fact::CanCastle { uci } => {
                    let b = uci.as_bytes();
                    let short = b.len() >= 4 && b[2] > b[0];
                    v.entry("castle")
                        .or_insert_with(|| if short { "O-O" } else { "O-O-O" }.to_owned());
                }
                Fact::Captures { captured, .. } => {
                    v.entry("captured")
                        .or_insert_with(|| w.role(*captured).to_owned());
                }
                Fact::Hangs { square } if own_hanging(c, f) => {
                    if let Some(r) = piece_role(c, *square) {
                        v.entry("hung").or_insert_with(|| w.role(r).to_owned());
                        v.entry("hung_sq").or_insert_with(|| square.to_string());
                    }
                }
                _ => {}
            }
        }
        for key in [
            "move",
            "best",
            "line",
            "reply",
            "retake",
            "plan",
            "back",
            "driven",
            "threat",
            "their_threat",
            "idea_san",
            "idea_then",
        ] {
            if let Some(text) = v.get_mut(key) {
                *text = w.san_text(text);
            }
        }
        v
    }

    /// Placeholders of the purpose claims: the threat's SAN and target, the threat met, the
    /// defender attacked, the weak point, the pinned piece, the central square.
    fn claim_values(&self, c: &Claim, v: &mut BTreeMap<&'static str, String>) {
        let w = &self.words;
        let role_on = |sq: shakmaty::Square| piece_role(c, sq).map(|r| w.role(r).to_owned());
        let mut put = |k: &'static str, val: Option<String>| {
            if let Some(val) = val {
                v.entry(k).or_insert(val);
            }
        };
        match &c.fact {
            Fact::ThreatMate { san, .. } => put("threat", Some(san.clone())),
            Fact::ThreatWins {
                san,
                target,
                role,
                gain,
                ..
            } => {
                put("threat", Some(san.clone()));
                put("t_piece", Some(w.role(*role).to_owned()));
                put("t_sq", Some(target.to_string()));
                put(
                    "t_gain",
                    Some(w.signed_pawns(i32::try_from(*gain).unwrap_or(i32::MAX))),
                );
            }
            Fact::ThreatMet {
                threat_san, target, ..
            } => {
                put("their_threat", Some(threat_san.clone()));
                put("met_piece", role_on(*target));
                put("met_sq", Some(target.to_string()));
            }
            Fact::AttacksDefender {
                defender, target, ..
            } => {
                put("def_piece", role_on(*defender));
                put("def_sq", Some(defender.to_string()));
                put("def_target", Some(target.to_string()));
            }
            Fact::WeakPoint { target, .. } => put("weak_sq", Some(target.to_string())),
            Fact::Pins { pinned, behind, .. } => {
                put("pinned_piece", role_on(*pinned));
                put("pinned_sq", Some(pinned.to_string()));
                put("behind_piece", role_on(*behind));
            }
            Fact::Controls { square, .. } => put("central_sq", Some(square.to_string())),
            // A king that lands on the square it heads for is there, not walking towards it
            // ("The king walks towards e5" for Ke5, session 37).
            Fact::KingCloser { toward, uci } => {
                let key = if uci.get(2..4) == Some(toward.to_string().as_str()) {
                    "king_at"
                } else {
                    "toward"
                };
                put(key, Some(toward.to_string()));
            }
            Fact::PassedPawn { queens_on, .. } => put("queen_sq", Some(queens_on.to_string())),
            Fact::OpensFile { rook, .. } => {
                put("rook_sq", Some(rook.to_string()));
                put("rook_file", Some(rook.file().char().to_string()));
            }
            Fact::Outpost { square } => {
                put("outpost_sq", Some(square.to_string()));
                put("outpost_piece", role_on(*square));
            }
            Fact::PreparesBreak { push, .. } => put("break", push.get(2..4).map(str::to_owned)),
            Fact::Race {
                pawn,
                queens_on,
                moves,
                king,
                their_moves,
            } => {
                let count = |n: u32| self.moves_count(n);
                put("race_pawn", Some(pawn.to_string()));
                put("queen_sq", Some(queens_on.to_string()));
                put("race_moves", Some(count(*moves)));
                put("race_king", Some(king.to_string()));
                put("their_moves", their_moves.map(count));
                put(
                    "their_side",
                    board_of(c)
                        .and_then(|b| b.color_at(*king))
                        .map(|k| w.side(k).to_owned()),
                );
            }
            Fact::ImprovesPiece {
                from,
                before,
                after,
                ..
            } => {
                put("worst_piece", role_on(*from));
                put("worst_before", Some(before.to_string()));
                put("worst_after", Some(after.to_string()));
            }
            Fact::Luft { square, .. } => put("luft_sq", Some(square.to_string())),
            Fact::Idea {
                square,
                other,
                san,
                n,
                idea,
                ..
            } => {
                // A threatened line: its first move, then the rest as a line.
                if matches!(
                    idea.as_str(),
                    "threat_line"
                        | "threat_mating"
                        | "stops_mate"
                        | "stops_line"
                        | "removes_line"
                        | "trade_tempo"
                        | "refutes"
                        | "stops_plan_answer"
                        | "check_first"
                ) && san.len() > 1
                {
                    put("idea_san", Some(san[0].clone()));
                    // A move refuted is said with the answer that refutes it (the rest of
                    // the line, checked, stays in the claim).
                    let then = if matches!(
                        idea.as_str(),
                        "refutes" | "stops_plan_answer" | "check_first"
                    ) {
                        &san[1..2]
                    } else {
                        &san[1..]
                    };
                    put("idea_then", Some(then.join(" ")));
                }
                put("idea_sq", Some(square.to_string()));
                put("idea_file", Some(square.file().char().to_string()));
                put("idea_piece", role_on(*square));
                put("idea_other", other.map(|o| o.to_string()));
                put("idea_other_piece", other.and_then(role_on));
                // A line of more than two moves is said as a line (9.Nxg5: "Qxg5 Bxf7+ Kd8
                // Bxf4"), two moves as "X and Y".
                let joint = if matches!(idea.as_str(), "piece_for_pawns" | "line_costs") {
                    " ".to_owned()
                } else {
                    format!(" {} ", w.and)
                };
                put("idea_san", (!san.is_empty()).then(|| san.join(&joint)));
                put("idea_first", san.first().cloned());
                if *n > 0 {
                    put("idea_n", Some(w.pawn_count(*n)));
                }
            }
            Fact::PbMaterial {
                white_pawns,
                white_rooks,
                black_pawns,
                black_rooks,
            } => {
                let count = |n: u32, one: &str, many: &str| {
                    format!("{n} {}", if n == 1 { one } else { many })
                };
                let pawns = |n: u32| count(n, &w.pawn_unit, &w.pawn_units);
                let rooks = |n: u32| count(n, &w.rook_unit, &w.rook_units);
                put("white_pawns", Some(pawns(*white_pawns)));
                put("white_rooks", Some(rooks(*white_rooks)));
                put("black_pawns", Some(pawns(*black_pawns)));
                put("black_rooks", Some(rooks(*black_rooks)));
            }
            Fact::PbPassed { square, goal } => {
                put("passer_sq", Some(square.to_string()));
                put("goal_sq", Some(goal.to_string()));
            }
            Fact::PbRace {
                pawn,
                goal,
                moves,
                their_moves,
            } => {
                let count = |n: u32| self.moves_count(n);
                put("race_pawn", Some(pawn.to_string()));
                put("goal_sq", Some(goal.to_string()));
                put("race_moves", Some(count(*moves)));
                put("their_moves", their_moves.map(count));
                // The side to move in the claim's position is the runner's opponent.
                put(
                    "their_side",
                    c.fen
                        .split_whitespace()
                        .nth(1)
                        .map(|t| w.side(if t == "b" { Color::Black } else { Color::White }))
                        .map(str::to_owned),
                );
            }
            Fact::PbBlockade { pawn, blocker } => {
                put("blocked_sq", Some(pawn.to_string()));
                put("blocker_sq", Some(blocker.to_string()));
                put("blocker_piece", role_on(*blocker));
            }
            Fact::PbRookFile { rook, .. } => {
                put("rook_sq", Some(rook.to_string()));
                put("rook_file", Some(rook.file().char().to_string()));
            }
            Fact::PbRookBehind { rook, pawn } => {
                put("rook_sq", Some(rook.to_string()));
                put("passer_sq", Some(pawn.to_string()));
            }
            Fact::PbRookBacks { rook, pawn } => {
                put("rook_sq", Some(rook.to_string()));
                put("backed_sq", Some(pawn.to_string()));
            }
            Fact::PbThreat { pawn, goal } => {
                put("threat_pawn", Some(pawn.to_string()));
                put("goal_sq", Some(goal.to_string()));
            }
            Fact::PbAttack { target, .. } => put("target_sq", Some(target.to_string())),
            Fact::PbDefend { pawn, attacker, .. } => {
                put("defended_sq", Some(pawn.to_string()));
                put("attacker_sq", Some(attacker.to_string()));
                put("attacker_piece", role_on(*attacker));
            }
            Fact::PbAdvance { goal, moves, .. } => {
                put("goal_sq", Some(goal.to_string()));
                put("advance_moves", Some(self.moves_count(*moves)));
            }
            _ => {}
        }
    }

    /// "1 move", "3 moves".
    fn moves_count(&self, n: u32) -> String {
        let w = &self.words;
        let unit = if n == 1 { &w.move_unit } else { &w.move_units };
        format!("{n} {unit}")
    }

    #[cfg(test)]
    fn fill(pattern: &str, values: &BTreeMap<&'static str, String>) -> Option<String> {
        Templates::fill_in(pattern, values, None)
    }

    /// [`Templates::fill`] with the piece forms of `words` (`{p0_the}`).
    fn fill_in(
        pattern: &str,
        values: &BTreeMap<&'static str, String>,
        words: Option<&Words>,
    ) -> Option<String> {
        let mut out = String::new();
        let mut rest = pattern;
        while let Some(start) = rest.find('{') {
            out.push_str(&rest[..start]);
            let end = rest[start..].find('}')? + start;
            let key = &rest[start + 1..end];
            match values.get(key) {
                Some(v) => out.push_str(v),
                None => out.push_str(&words?.form_of(key, values)?),
            }
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        // Moves keep their notation (`f3`, not `F3`); other sentence starts are capitalised.
        if pattern.starts_with("{move}") || pattern.starts_with("{best}") {
            return Some(out);
        }
        let mut chars = out.chars();
        let first = chars.next()?;
        Some(first.to_uppercase().chain(chars).collect())
    }

    /// Varies the openings of the sentences that say the move's point: one that opens with the
    /// move (`san`, English letters) right after another that did opens with `it_also` instead
    /// ("Nce7 prepares the pawn break d5. Nce7 makes c6 possible. Nce7 sidesteps Bxc6", session
    /// 50 read), every other one at most; a verdict keeps the move's name.
    pub fn vary_openings(&self, sentences: &mut [Sentence], san: &str) {
        let Some(it) = &self.words.it_also else {
            return;
        };
        let lead = format!("{} ", self.words.san_text(san));
        let (mut prev_opened, mut prev_varied) = (false, false);
        for s in sentences.iter_mut() {
            let opens = s.text.starts_with(&lead);
            let vary = opens && prev_opened && !prev_varied && s.category != "move_quality";
            if vary {
                let rest = &s.text[lead.len()..];
                s.text = match &self.words.is_also {
                    Some((is, is_also)) if rest.starts_with(&format!("{is} ")) => {
                        format!("{is_also} {}", &rest[is.len() + 1..])
                    }
                    _ => format!("{it} {rest}"),
                };
            }
            (prev_opened, prev_varied) = (opens, vary);
        }
    }

    /// Renders at most `max` sentences, at most two per category, most important first.
    #[must_use]
    pub fn render(&self, f: &Facts, max: usize) -> Vec<Sentence> {
        let mut out: Vec<Sentence> = Vec::new();
        let mut per_cat: BTreeMap<&str, usize> = BTreeMap::new();
        for t in &self.templates {
            if out.len() >= max {
                break;
            }
            if per_cat.get(t.category.as_str()).copied().unwrap_or(0) >= 2 {
                continue;
            }
            if t.phrasings.is_empty() || !t.needs.iter().all(|n| self.need_holds(t, n, f)) {
                continue;
            }
            // The sentence checks: the template's meaning holds on the board and the numbers.
            if f.gate.is_some_and(|g| !g.allows(&t.id)) {
                continue;
            }
            // A sentence about the move other than the verdict was said already.
            let reason_said = out.iter().any(|s| s.category != "move_quality");
            // "alone": said only when no sentence but the verdict was found (the line's plan,
            // the last resort that keeps a verdict from standing without a reason).
            if t.needs.iter().any(|n| n == "alone") && reason_said {
                continue;
            }
            // An error's reply read out from the line adds nothing once the better move was
            // said with its reason: "Better was g4, which storms the king on g8", then "after
            // f3 the engine's line goes on with Be6" (fischer.pgn game 46, session 42 read).
            if t.needs.iter().any(|n| n == "alone")
                && t.needs.iter().any(|n| n == "worse")
                && out.iter().any(|s| s.template == "q_better_was")
            {
                continue;
            }
            // A last resort that names the reply is not said after a verdict that named it
            // ("a6 allows a forced mate, starting with Qxf7#", then "the engine's line goes on
            // with Qxf7#").
            if t.needs.iter().any(|n| n == "alone")
                && t.names_reply()
                && out.iter().any(|s| {
                    self.templates
                        .iter()
                        .any(|said| said.id == s.template && said.names_reply())
                })
            {
                continue;
            }
            // A verdict said with its reason ("q_mistake_why") replaces the plain one.
            if out.iter().any(|s| {
                s.template.strip_suffix("_why").is_some_and(|v| {
                    v == t.id.as_str() || v.strip_suffix("_line") == Some(t.id.as_str())
                })
            }) {
                continue;
            }
            // "Better was" variants exclude each other, as do the quality classes.
            if t.id.starts_with("q_better")
                && out.iter().any(|s| s.template.starts_with("q_better"))
            {
                continue;
            }
            // No fact is said twice: a sentence whose board facts were all said already is
            // dropped (quality claims back several sentences).
            let claims = self.rests_on(t, f);
            let facts: Vec<usize> = claims
                .iter()
                .copied()
                .filter(|i| f.claims.get(*i).is_some_and(|c| c.fact.kind() != "quality"))
                .collect();
            // The material a line wins is said only by a sentence that names it: "Bxe5 uncovers
            // an attack from d8" rests on the line's gain without a word of it, and "wins
            // material back" must still be said (11...Bxe5, session 46 read).
            let gain_unsaid = |i: usize, template: &str| {
                f.claims
                    .get(i)
                    .is_some_and(|c| c.fact.kind() == "wins_material")
                    && !self
                        .templates
                        .iter()
                        .any(|said| said.id == template && said.names_gain())
            };
            let said = |i: usize| {
                out.iter().any(|s| {
                    s.claims.iter().any(|j| same_fact(f.claims, i, *j))
                        && !gain_unsaid(i, &s.template)
                })
            };
            if !facts.is_empty() && facts.iter().all(|i| said(*i)) {
                continue;
            }
            let values = self.values(t, f);
            // "alone_unless_blow": after another sentence about the move, the line's next
            // moves are said only when the first of them captures or checks (the plan Nf6+
            // and Bxc7+); quiet ones after a reason are filler ("Rh1 puts the rook on the
            // h-file. Rh1 is followed by Bb1 and a3 in the main line"), and so is a capture
            // behind a quiet step, which waits on the reply ("O-O is followed by d5 and dxc6",
            // where d5 only chases the knight, session 41 read).
            // A step the line makes possible is not said again when an earlier sentence named
            // it ("Qd2 readies Bh6: the fianchetto bishop … can be traded off. Qd2 makes Bh6
            // possible"; "g3 prepares the fianchetto: the bishop on f1 can go to g2 … g3
            // prepares Bg2", session 45 read).
            if matches!(t.id.as_str(), "idea_prepares" | "idea_prepares_hit")
                && claims.iter().any(|i| {
                    f.claims.get(*i).is_some_and(|c| {
                        out.iter().any(|said| {
                            said.claims
                                .iter()
                                .filter_map(|j| f.claims.get(*j))
                                .any(|earlier| names_same_step(earlier, c))
                        })
                    })
                })
            {
                continue;
            }
            // A pawn taking a pawn is no blow either (20.Qe2 "is followed by fxe6 and Ng6"
            // after "takes the attacked queen to safety", read as an engine line given as the
            // reason, session 44 read).
            if t.needs.iter().any(|n| n == "alone_unless_blow")
                && reason_said
                && !values
                    .get("idea_first")
                    .is_some_and(|san| san.contains(['+', '#']))
                && !claims
                    .iter()
                    .any(|i| f.claims.get(*i).is_some_and(plan_captures_piece))
            {
                continue;
            }
            let mut pick =
                (fnv(&format!("{}|{}", f.seed, t.id)) % t.phrasings.len() as u64) as usize;
            // Not two sentences in a row that open with the move: "c5 is a pawn break against
            // d4. c5 is excellent" (session 50 read); another phrasing when there is one.
            let opens_with_move = |p: &str| p.starts_with("{move}");
            let lead = values.get("move").map(|m| format!("{m} "));
            if out
                .last()
                .zip(lead.as_deref())
                .is_some_and(|(s, lead)| s.text.starts_with(lead))
                && opens_with_move(&t.phrasings[pick])
                && let Some(other) = t.phrasings.iter().position(|p| !opens_with_move(p))
            {
                pick = other;
            }
            let Some(text) = Templates::fill_in(&t.phrasings[pick], &values, Some(&self.words))
            else {
                continue;
            };
            *per_cat.entry(t.category.as_str()).or_default() += 1;
            out.push(Sentence {
                template: t.id.clone(),
                category: t.category.clone(),
                priority: t.priority,
                text,
                claims,
            });
        }
        out
    }

    /// The reason phrase of the most important template that holds for `f` (used to say why a
    /// better move was better).
    #[must_use]
    /// Also returns the indices (into `f.claims`) of the claims the phrase rests on.
    pub fn reason(&self, f: &Facts) -> Option<(String, Vec<usize>)> {
        self.reason_from(f, i32::MIN, &[], &[])
    }

    /// As [`Templates::reason`], among the reasons ranked at least `floor` (the rank is
    /// `reason_priority`, else `priority`), other than any of `except` (the played move's own
    /// reasons: "Ng6 rules out Rf8. Better was Bf5, which stops Rf8" says no difference), and
    /// none of the templates `skip`.
    #[must_use]
    pub fn reason_from(
        &self,
        f: &Facts,
        floor: i32,
        except: &[String],
        skip: &[&str],
    ) -> Option<(String, Vec<usize>)> {
        self.reasons_among(f, floor, skip)
            .find(|(text, _)| !except.contains(text))
    }

    /// Every reason phrase that holds for `f`, most important first: what the played move
    /// does, which the better move's reason must not repeat ("Better was Na5, which saves the
    /// attacked knight" when Ne5 saved it too, session 47 read).
    #[must_use]
    pub fn reasons(&self, f: &Facts, skip: &[&str]) -> Vec<String> {
        self.reasons_among(f, i32::MIN, skip)
            .map(|(text, _)| text)
            .collect()
    }

    /// The reason phrases that hold for `f` among the templates ranked at least `floor` and
    /// not in `skip`, each with the indices (into `f.claims`) of the claims it rests on.
    fn reasons_among<'s>(
        &'s self,
        f: &'s Facts,
        floor: i32,
        skip: &'s [&str],
    ) -> impl Iterator<Item = (String, Vec<usize>)> + 's {
        let ranked = self.reasons.iter().map(|i| &self.templates[*i]);
        ranked
            .take_while(move |t| reason_rank(t) >= floor)
            .filter(move |t| !skip.contains(&t.id.as_str()))
            .filter_map(move |t| {
                let r = t.reason.as_ref()?;
                if !t.needs.iter().all(|n| self.need_holds(t, n, f))
                    || f.gate.is_some_and(|g| !g.allows(&t.id))
                {
                    return None;
                }
                Templates::fill_in(r, &self.values(t, f), Some(&self.words)).map(|s| {
                    let mut c = s.chars();
                    let text: String = c
                        .next()
                        .map(|x| x.to_lowercase().chain(c).collect())
                        .unwrap_or_default();
                    (text, self.rests_on(t, f))
                })
            })
    }
}

/// Whether claims `i` and `j` say the same thing: the same claim, or a defence of a piece and
/// the threat on that piece met by defending it.
fn same_fact(claims: &[Claim], i: usize, j: usize) -> bool {
    let (Some(a), Some(b)) = (claims.get(i), claims.get(j)) else {
        return false;
    };
    // "Bb5 defends the knight" and "Bb5 meets the threat to the knight"; "Nxe5 removes the
    // piece that threatened Nxc4" and "the bishop on c4 is safe again": one piece kept.
    // "f3 defends the pawn on g4 against Rxg4+" and "f3 adds a guard to the pawn on g4, which
    // the rook on h4 attacks" (session 49 read).
    let defence = |x: &Fact, y: &Fact| {
        matches!((x, y), (Fact::Defends { target, .. }, Fact::ThreatMet { target: t, .. })
            if target == t)
            || matches!((x, y), (Fact::Idea { idea, square, .. }, Fact::ThreatMet { target: t, .. })
            if idea == "guards" && square == t)
    };
    // "threatens to win the queen on c2" and "attacks the queen on c2" (or "attacks the knight
    // on e4, the defender of c3") say one thing: the piece under attack.
    let attacked = |f: &Fact| match f {
        Fact::Threatens { target, .. } | Fact::ThreatWins { target, .. } => Some(*target),
        Fact::AttacksDefender { defender, .. } => Some(*defender),
        // "d4 takes aim at the central square e5" and "the pawn strikes at e5" (the pawn on e5).
        Fact::Controls { square, .. } | Fact::Attacks { target: square, .. } => Some(*square),
        // "a4: the minority attack, aimed at the pawn on b5" and "a4 is a pawn break against
        // b5"; "undermines the pawn on d5" and "strikes at d5".
        Fact::Idea { idea, square, .. } if idea == "minority" || idea == "undermines" => {
            Some(*square)
        }
        // "Rg3 meets the threat Nxg1 with a counter-attack on the queen on h3" and "Rg3
        // attacks the queen on h3" (session 49 read).
        Fact::Idea { idea, other, .. } if idea == "counters" => *other,
        _ => None,
    };
    // (A counter-attack is claimed before the move, the attack after it: the same enemy man,
    // which the move did not take.)
    let counters = |f: &Fact| matches!(f, Fact::Idea { idea, .. } if idea == "counters");
    let same_target = match (attacked(&a.fact), attacked(&b.fact)) {
        (Some(x), Some(y)) => x == y && (a.fen == b.fen || counters(&a.fact) || counters(&b.fact)),
        _ => false,
    };
    // "Bd3 clears the way to castle" and "Bd3 prepares O-O" say one thing.
    let castling = |x: &Fact, y: &Fact| {
        matches!((x, y), (Fact::CanCastle { .. }, Fact::Idea { idea, san, .. })
            if idea == "prepares" && san.first().is_some_and(|s| s.starts_with("O-O")))
    };
    // "Qxd4+ answers the threat Qxa2 with a check" and "Qxd4+ gives check" say one check;
    // "Nxd5 takes the attacker and stops Nxe3" and "Nxd5 takes the knight" one capture.
    // "Nd7+ gives check and uncovers the bishop on f4 against c7" and "Nd7+ gives check";
    // "Re1+ checks, and after Kf8 the king can no longer castle" and "Re1+ gives check".
    let check = |x: &Fact, y: &Fact| {
        matches!((x, y), (Fact::Check { uci }, Fact::ThreatMet { uci: u, how, .. })
            if uci == u && how == "check")
            || matches!((x, y), (Fact::Check { uci }, Fact::Idea { uci: u, idea, .. })
            if uci == u && (idea == "uncovers" || idea == "costs_castling"))
            || matches!((x, y), (Fact::Captures { uci, .. }, Fact::ThreatMet { uci: u, how, .. })
            if uci == u && how == "captures")
            // "Bxe6 removes the piece that threatened Nxg7+" and "Bxe6 removes the knight that
            // hit the queen on g7": one piece taken off (session 48 read).
            || matches!((x, y), (Fact::ThreatMet { threat, how, .. }, Fact::Idea { idea, square, .. })
            if how == "captures" && idea == "trades_hitter"
                && threat.get(0..2) == Some(square.to_string().as_str()))
    };
    // "h3 gives the king the escape square h2" and "the king's pawn shield is weakened by h3":
    // one pawn move in front of one king, said once (the first, the point, wins).
    let shelter = |x: &Fact, y: &Fact| matches!((x, y), (Fact::Luft { king, .. }, Fact::ShieldPawn { king: k, .. }) if king == k);
    // "Re1 puts the rook on the e-file, ready for exd5 to open it" and "the plan is exd5":
    // one next move.
    let next_move = |x: &Fact, y: &Fact| {
        matches!((x, y), (Fact::Idea { idea: i, san: s, .. }, Fact::Idea { idea: j, san: t, .. })
            if i.starts_with("rook_") && (claims::is_plan_idea(j) || matches!(j.as_str(), "prepares" | "prepares_hit" | "clears"))
                && !s.is_empty() && s.first() == t.first())
            // "Nf3 threatens Nxe5" and "Nf3 is followed by Nxe5": one next move.
            || matches!((x, y), (Fact::ThreatWins { uci, .. }, Fact::Idea { idea, moves, .. })
            if claims::is_plan_idea(idea) && moves.get(2) == Some(uci))
    };
    // "c3 takes d4 from the bishop on c5" (or "prepares d4, with the pawn on c3 to support
    // it") and "c3 takes aim at the central square d4": one square.
    let denied = |x: &Fact, y: &Fact| {
        matches!((x, y), (Fact::Idea { idea, square, .. }, Fact::Controls { square: s, .. })
            if matches!(idea.as_str(), "denies" | "supports") && square == s)
    };
    // "c3 readies d4: the pawn on c3 will back it up" and "c3 gets ready for the break d4":
    // one push (session 35 read).
    let one_push = |x: &Fact, y: &Fact| {
        matches!((x, y), (Fact::Idea { idea, square, .. }, Fact::PreparesBreak { push, .. })
            if idea == "supports" && push.get(2..4) == Some(square.to_string().as_str()))
    };
    // "Nd5 centralises the knight on d5, where no enemy pawn attacks it" and "Nd5 puts the
    // knight on d5, an outpost": one square.
    let centre_post = |x: &Fact, y: &Fact| {
        matches!((x, y), (Fact::Idea { idea, square, .. }, Fact::Outpost { square: s })
            if idea == "centralises" && square == s)
    };
    // "Rf3 is a step on the rook's way to h3" and "Rf3 lifts the rook: it can swing over to
    // g3": one rook lift (session 37).
    let lift_route = |x: &Fact, y: &Fact| {
        matches!((x, y), (Fact::Idea { idea: i, .. }, Fact::Idea { idea: j, .. })
            if i == "rook_lift" && matches!(j.as_str(), "route" | "route_hits"))
            // "Nbd4 blockades the isolated pawn on d5" and "Nbd4 centralises the knight on
            // d4" (or "puts the knight on d4, an outpost"): one square.
            || matches!((x, y), (Fact::Idea { idea: i, other: Some(o), .. }, Fact::Idea { idea: j, square, .. })
            if i == "blockade_isolated" && j == "centralises" && o == square)
            || matches!((x, y), (Fact::Idea { idea: i, other: Some(o), .. }, Fact::Outpost { square })
            if i == "blockade_isolated" && o == square)
    };
    i == j
        || lift_route(&a.fact, &b.fact)
        || lift_route(&b.fact, &a.fact)
        || one_push(&a.fact, &b.fact)
        || one_push(&b.fact, &a.fact)
        || centre_post(&a.fact, &b.fact)
        || centre_post(&b.fact, &a.fact)
        || denied(&a.fact, &b.fact)
        || denied(&b.fact, &a.fact)
        || shelter(&a.fact, &b.fact)
        || shelter(&b.fact, &a.fact)
        || next_move(&a.fact, &b.fact)
        || next_move(&b.fact, &a.fact)
        || defence(&a.fact, &b.fact)
        || defence(&b.fact, &a.fact)
        || same_target
        || castling(&a.fact, &b.fact)
        || castling(&b.fact, &a.fact)
        || check(&a.fact, &b.fact)
        || check(&b.fact, &a.fact)
        || offer(&a.fact, &b.fact)
        || offer(&b.fact, &a.fact)
}

/// "Qe3 offers a trade of queens: the queen on c5 comes off" and "the queen on c5 is now under
/// attack" say one thing: the piece met by one of its kind; so do "Ba6 threatens Bxb5: after
/// Bxb5 Bxd2, …" and "the queen on b5 is now under attack" (session 47).
fn offer(x: &Fact, y: &Fact) -> bool {
    matches!((x, y), (Fact::Idea { idea, square, .. }, Fact::Threatens { target, .. } | Fact::ThreatWins { target, .. })
        if (idea.starts_with("offers_trade") || idea == "threat_line") && square == target)
}

/// The suffix of a `claim:` need that counts only a claim about the theme's own squares.
const THEME_SQUARE: &str = "@theme";

/// Whether the SAN move `ours` takes on the square the SAN move `theirs` just went to.
fn recaptures(theirs: &str, ours: &str) -> bool {
    let dest = |san: &str| {
        let core = san.trim_end_matches(['+', '#', '!', '?']);
        let core = core.split('=').next().unwrap_or(core);
        core.get(core.len().saturating_sub(2)..).map(str::to_owned)
    };
    ours.contains('x') && dest(ours).is_some() && dest(ours) == dest(theirs)
}

/// Which plies of the engine's line a theme need matches.
type PlyTest = fn(usize) -> bool;

/// Whether a template need rests on the judgement (the quality claim): the verdict, the mate
/// note, the better move, the score and the like.
fn rests_on_quality(n: &str) -> bool {
    ["quality:", "mate:", "forced_win:", "tablebase:", "decided:"]
        .iter()
        .any(|p| n.starts_with(p))
        || matches!(
            n,
            "only_move"
                | "better"
                | "better_develops"
                | "worse"
                | "error"
                | "score"
                | "sound"
                | "meant"
                | "undecided"
                | "precise"
                | "imprecise"
        )
}

/// A theme need and the plies of the line it matches: `theme:ID` the move's own theme (ply 0),
/// `line:ID` a theme anywhere in the engine's line, `later:ID` one later in the line only (a
/// sacrifice the line makes after the move: said after the move's own point).
fn theme_need(need: &str) -> Option<(&str, PlyTest)> {
    if let Some(id) = need.strip_prefix("theme:") {
        Some((id, |ply| ply == 0))
    } else if let Some(id) = need.strip_prefix("line:") {
        Some((id, |_| true))
    } else {
        need.strip_prefix("later:")
            .map(|id| (id, (|ply| ply > 0) as fn(usize) -> bool))
    }
}

/// Whether `c` says a piece of the mover hangs, and the sentence checks let it be said.
fn own_hanging(c: &Claim, f: &Facts) -> bool {
    matches!(c.fact, Fact::Hangs { square } if own_piece(c, square, f.mover))
        && f.gate.is_none_or(|g| g.allows_claim(c))
}

/// Whether the mover's first move in the line's plan (an `idea` claim about the position
/// before the move, its `moves` the move, the reply, then ours) captures anything but a pawn
/// taken by a pawn: a blow worth saying after a reason.
fn plan_captures_piece(c: &Claim) -> bool {
    let Fact::Idea { moves, .. } = &c.fact else {
        return false;
    };
    let step = || {
        let fen: shakmaty::fen::Fen = c.fen.parse().ok()?;
        let mut pos: shakmaty::Chess = fen.into_position(shakmaty::CastlingMode::Standard).ok()?;
        for u in moves.iter().take(2) {
            pos = crate::explain::board::play(&pos, uci_move(&pos, u)?)?;
        }
        uci_move(&pos, moves.get(2)?)
    };
    step()
        .and_then(|m| m.capture().map(|taken| (m.role(), taken)))
        .is_some_and(|(by, taken)| !(by == Role::Pawn && taken == Role::Pawn))
}

/// Whether the idea claim `earlier` names the step `next` prepares (a `prepares` idea: its
/// `moves` the move, the reply, then the step): the same move by its SAN, or the same piece's
/// way from `other` to `square` (a fianchetto prepared).
fn names_same_step(earlier: &Claim, next: &Claim) -> bool {
    let (
        Fact::Idea {
            san: said,
            square,
            other,
            idea,
            ..
        },
        Fact::Idea {
            san: step, moves, ..
        },
    ) = (&earlier.fact, &next.fact)
    else {
        return false;
    };
    // A prepared step is not its own earlier naming (nor is another one's).
    if matches!(idea.as_str(), "prepares" | "prepares_hit") {
        return false;
    }
    let bare = |x: &String| x.trim_end_matches(['+', '#']).to_owned();
    let same_san = step
        .first()
        .is_some_and(|m| said.iter().any(|x| bare(x) == bare(m)));
    let way = moves.get(2).filter(|u| u.len() >= 4);
    let same_way = way.is_some_and(|u| {
        other.is_some_and(|o| o.to_string() == u[0..2]) && square.to_string() == u[2..4]
    });
    same_san || same_way
}

/// The legal move `u` (UCI) in `pos`.
fn uci_move(pos: &shakmaty::Chess, u: &str) -> Option<shakmaty::Move> {
    u.parse::<shakmaty::uci::UciMove>().ok()?.to_move(pos).ok()
}

fn board_of(c: &Claim) -> Option<shakmaty::Board> {
    let fen: shakmaty::fen::Fen = c.fen.parse().ok()?;
    Some(fen.into_setup().board)
}

fn own_piece(c: &Claim, sq: shakmaty::Square, mover: Color) -> bool {
    board_of(c).is_some_and(|b| b.color_at(sq) == Some(mover))
}

fn piece_role(c: &Claim, sq: shakmaty::Square) -> Option<Role> {
    board_of(c).and_then(|b| b.role_at(sq))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_named_once_is_not_prepared_again() {
        // Carlsen - Sedlak, 9.g3 (session 45 read): "prepares the fianchetto: the bishop on
        // f1 can go to g2" then "g3 prepares Bg2"; 9.Qd2 "readies Bh6 …" then "makes Bh6
        // possible".
        let fen = "rnbqk2r/1pp1bp1p/p3p3/5p2/3P4/2N2N2/PPP2PPP/R2QKB1R w KQkq - 0 9";
        let idea = |name: &str, square, other, moves: &[&str], san: &[&str]| Claim {
            fen: fen.to_owned(),
            at: At::Before,
            supports: Supports::Played,
            fact: Fact::Idea {
                uci: "g2g3".to_owned(),
                idea: name.to_owned(),
                square,
                other,
                moves: moves.iter().map(|m| (*m).to_owned()).collect(),
                san: san.iter().map(|m| (*m).to_owned()).collect(),
                n: 0,
            },
        };
        use shakmaty::Square::{C8, F1, G2, H6};
        let prepares = idea("prepares", G2, None, &["g2g3", "b7b5", "f1g2"], &["Bg2"]);
        let fianchetto = idea("prepares_fianchetto", G2, Some(F1), &[], &[]);
        assert!(names_same_step(&fianchetto, &prepares));
        let bh6 = idea("trades_fianchetto", H6, Some(C8), &[], &["Bh6"]);
        let hit = idea(
            "prepares_hit",
            H6,
            None,
            &["d1d2", "e8g8", "e3h6"],
            &["Bh6"],
        );
        assert!(names_same_step(&bh6, &hit));
        let elsewhere = idea("prepares", G2, None, &["g2g3", "b7b5", "h2h4"], &["h4"]);
        assert!(!names_same_step(&fianchetto, &elsewhere));
        assert!(!names_same_step(&prepares, &prepares));
    }

    #[test]
    fn a_pawn_trade_in_the_plan_is_no_blow() {
        // Tal, 20.Qe2 (the knight on g4 hit e3): the line's fxe6 takes a pawn with a pawn, no
        // blow to say after "takes the attacked queen to safety" (session 44 read); Nxe6
        // takes it with a piece.
        let fen = "1k1r3r/3bbp2/p2ppp2/qp3P1p/4PNn1/4QNPB/PPP4P/1K1RR3 w - - 6 20";
        let plan = |moves: &[&str]| Claim {
            fen: fen.to_owned(),
            at: At::Before,
            supports: Supports::Played,
            fact: Fact::Idea {
                uci: "e3e2".to_owned(),
                idea: "plan".to_owned(),
                square: shakmaty::Square::E2,
                other: None,
                moves: moves.iter().map(|m| (*m).to_owned()).collect(),
                san: Vec::new(),
                n: 0,
            },
        };
        assert!(!plan_captures_piece(&plan(&["e3e2", "h8g8", "f5e6"])));
        assert!(plan_captures_piece(&plan(&["e3e2", "h8g8", "f4e6"])));
        assert!(!plan_captures_piece(&plan(&["e3e2", "h8g8", "f4d5"])));
    }

    /// The fischer read: "Qxd4+ answers the threat Qxa2 with a check. Qxd4+ gives check." said
    /// one check twice.
    #[test]
    fn a_threat_met_with_a_check_or_a_capture_and_that_check_or_capture_are_one_fact() {
        let claim = |fact: Fact| Claim {
            fen: String::new(),
            at: At::After,
            supports: Supports::Played,
            fact,
        };
        let claims = [
            claim(Fact::Check { uci: "d1d4".into() }),
            claim(Fact::ThreatMet {
                uci: "d1d4".into(),
                threat: "d7a4".into(),
                threat_san: "Qxa2".into(),
                mate: false,
                target: shakmaty::Square::A2,
                how: "check".into(),
            }),
            claim(Fact::Check { uci: "e1e2".into() }),
        ];
        assert!(same_fact(&claims, 0, 1) && same_fact(&claims, 1, 0));
        assert!(!same_fact(&claims, 2, 1), "another move's check");
        // The Carlsen read: "Nxd5 takes the attacker and stops Nxe3. Nxd5 takes the knight."
        let claims = [
            claim(Fact::Captures {
                uci: "c3d5".into(),
                captured: shakmaty::Role::Knight,
            }),
            claim(Fact::ThreatMet {
                uci: "c3d5".into(),
                threat: "d5e3".into(),
                threat_san: "Nxe3".into(),
                mate: false,
                target: shakmaty::Square::E3,
                how: "captures".into(),
            }),
        ];
        assert!(same_fact(&claims, 0, 1) && same_fact(&claims, 1, 0));
    }

    #[test]
    fn a_recapture_is_no_plan() {
        assert!(recaptures("Nxe3", "Qxe3"));
        assert!(recaptures("Nxe3+", "fxe3"));
        assert!(!recaptures("Nxe3", "f4"));
        assert!(!recaptures("Nd5", "Nxc7"));
        assert!(!recaptures("e4", "Nf3"));
    }

    #[test]
    fn a_piece_kept_and_a_pawn_aimed_at_are_said_once() {
        let claim = |fact: Fact| Claim {
            fen: String::new(),
            at: At::After,
            supports: Supports::Played,
            fact,
        };
        // Fischer, game 31: "Bxb2 takes the attacker and stops Bxa1. Bxb2 takes care of the
        // rook on a1."
        let claims = [
            claim(Fact::ThreatMet {
                uci: "g2b2".into(),
                threat: "b2a1".into(),
                threat_san: "Bxa1".into(),
                mate: false,
                target: shakmaty::Square::A1,
                how: "captures".into(),
            }),
            claim(Fact::Defends {
                from: shakmaty::Square::B2,
                target: shakmaty::Square::A1,
            }),
            claim(Fact::Defends {
                from: shakmaty::Square::B2,
                target: shakmaty::Square::C3,
            }),
        ];
        assert!(same_fact(&claims, 0, 1) && same_fact(&claims, 1, 0));
        assert!(!same_fact(&claims, 0, 2), "another piece defended");
        // Carlsen, game 200: "a4: the minority attack, aimed at the pawn on b5. a4 is a pawn
        // break against b5."
        let claims = [
            claim(Fact::Idea {
                uci: "a3a4".into(),
                idea: "minority".into(),
                square: shakmaty::Square::B5,
                other: None,
                moves: Vec::new(),
                san: Vec::new(),
                n: 0,
            }),
            claim(Fact::Attacks {
                from: shakmaty::Square::A4,
                target: shakmaty::Square::B5,
            }),
        ];
        assert!(same_fact(&claims, 0, 1) && same_fact(&claims, 1, 0));
        // Morphy, game 127: "Nd5 centralises the knight on d5" and "Nd5 puts the knight on
        // d5, an outpost"; "d6 takes e5 from the knight" and "d6 takes aim at e5".
        let idea = |name: &str, square| Fact::Idea {
            uci: "c3d5".into(),
            idea: name.into(),
            square,
            other: None,
            moves: Vec::new(),
            san: Vec::new(),
            n: 0,
        };
        let claims = [
            claim(idea("centralises", shakmaty::Square::D5)),
            claim(Fact::Outpost {
                square: shakmaty::Square::D5,
            }),
            claim(idea("denies", shakmaty::Square::E5)),
            claim(Fact::Controls {
                from: shakmaty::Square::D6,
                square: shakmaty::Square::E5,
            }),
        ];
        assert!(same_fact(&claims, 0, 1) && same_fact(&claims, 1, 0));
        assert!(same_fact(&claims, 2, 3) && same_fact(&claims, 3, 2));
        assert!(!same_fact(&claims, 0, 3) && !same_fact(&claims, 2, 1));
    }

    #[test]
    fn every_embedded_language_parses_and_has_every_english_template() {
        let en = Templates::load("en").unwrap();
        assert!(Templates::languages().contains(&"en"));
        for code in Templates::languages() {
            let t = Templates::get(code).unwrap_or_else(|e| panic!("{code}: {e}"));
            assert_eq!(t.language, code, "the file's `language` names its file");
            let ids: std::collections::BTreeSet<&str> =
                t.templates.iter().map(|x| x.id.as_str()).collect();
            for x in &en.templates {
                assert!(
                    ids.contains(x.id.as_str()),
                    "{code} lacks template {}",
                    x.id
                );
            }
        }
        assert!(matches!(
            Templates::get("xx"),
            Err(TemplateError::UnknownLanguage(_))
        ));
    }

    #[test]
    fn english_loads_with_enough_templates() {
        let t = Templates::load("en").unwrap();
        assert!(t.templates.len() >= 100, "{}", t.templates.len());
        let cats: std::collections::BTreeSet<&str> =
            t.templates.iter().map(|x| x.category.as_str()).collect();
        for c in [
            "king_safety",
            "piece_activity",
            "pawn_structure",
            "tactical_motifs",
            "strategic_themes",
            "material_considerations",
            "endgame_technique",
            "mating_patterns",
            "move_quality",
        ] {
            assert!(cats.contains(c), "missing category {c}");
        }
        assert!(Templates::load("xx").is_err());
    }

    #[test]
    fn ids_unique_and_themes_known() {
        let t = Templates::load("en").unwrap();
        let mut ids = std::collections::BTreeSet::new();
        for x in &t.templates {
            assert!(ids.insert(x.id.clone()), "duplicate {}", x.id);
            assert!(
                x.phrasings.is_empty() || x.phrasings.len() >= 2,
                "{} needs several phrasings (or none: a theme listed but never said)",
                x.id
            );
            for n in &x.needs {
                if let Some((id, _)) = theme_need(n) {
                    assert!(
                        crate::explain::themes::spec(id).is_some(),
                        "{}: unknown theme {id}",
                        x.id
                    );
                }
            }
        }
    }

    #[test]
    fn every_theme_and_claim_kind_has_a_template_and_every_need_is_produced() {
        let t = Templates::load("en").unwrap();
        let needs: Vec<&str> = t
            .templates
            .iter()
            .flat_map(|x| x.needs.iter().map(String::as_str))
            .collect();
        for spec in crate::explain::themes::specs() {
            assert!(
                needs
                    .iter()
                    .any(|n| theme_need(n).is_some_and(|(id, _)| id == spec.id)),
                "theme {} has no template",
                spec.id
            );
        }
        let quality_needs = |n: &str| rests_on_quality(n);
        for kind in Fact::KINDS {
            let covered = match kind {
                "quality" => needs.iter().any(|n| quality_needs(n)),
                "hangs" => needs.contains(&"claim:hangs_own"),
                _ => needs.iter().any(|n| {
                    let n = n.strip_suffix(THEME_SQUARE).unwrap_or(n);
                    let spec = n
                        .strip_prefix("claim:")
                        .or_else(|| n.strip_prefix("watch:"))
                        .unwrap_or("");
                    spec.split('|')
                        .any(|alt| alt.split('/').next() == Some(kind))
                }),
            };
            assert!(covered, "claim kind {kind} has no template");
        }
        for idea in Fact::IDEAS {
            assert!(
                needs.contains(&format!("claim:idea/{idea}").as_str()),
                "idea {idea} has no template"
            );
        }
        for n in &needs {
            let n = &n.strip_suffix(THEME_SQUARE).unwrap_or(n);
            let specs = n
                .strip_prefix("claim:")
                .or_else(|| n.strip_prefix("watch:"));
            for spec in specs.into_iter().flat_map(|s| s.split('|')) {
                let kind = spec.split('/').next().unwrap_or(spec);
                assert!(
                    Fact::KINDS.contains(&kind) || *n == "claim:hangs_own",
                    "a template needs claim kind {kind}, which nothing produces"
                );
                if let Some(sub) = spec.split('/').nth(1) {
                    assert!(
                        (kind == "idea" && Fact::IDEAS.contains(&sub))
                            || matches!(
                                sub,
                                "moves"
                                    | "captures"
                                    | "blocks"
                                    | "defends"
                                    | "check"
                                    | "stops"
                                    | "mate"
                                    | "first"
                                    | "free"
                                    | "open"
                                    | "half_open"
                                    | "last_rank"
                                    | "last_pawn"
                                    | "rook"
                                    | "pawn"
                                    | "piece"
                                    | "exchange"
                                    | "part"
                            ),
                        "unknown variant {sub} of {kind}"
                    );
                }
            }
            if specs.is_none() && theme_need(n).is_none() {
                assert!(
                    quality_needs(n)
                        || matches!(
                            *n,
                            "reason"
                                | "reply_reason"
                                | "alone"
                                | "alone_unless_blow"
                                | "watch_piece"
                                | "only_legal"
                                | "mated_later"
                                | "mated_next"
                        ),
                    "unknown need {n}"
                );
            }
        }
    }

    #[test]
    fn no_phrasing_fits_any_move() {
        let t = Templates::load("en").unwrap();
        for x in &t.templates {
            for p in x.phrasings.iter().chain(x.reason.iter()) {
                let lower = p.to_lowercase();
                for vacuous in [
                    "no check, no capture",
                    "calm, quiet move",
                    "engine's choice",
                    "opening phase",
                    "neither checks nor captures",
                ] {
                    assert!(!lower.contains(vacuous), "{}: {p}", x.id);
                }
            }
        }
    }

    #[test]
    fn loaded_words_need_their_claim() {
        let t = Templates::load("en").unwrap();
        for x in &t.templates {
            let texts: Vec<&String> = x.phrasings.iter().chain(x.reason.iter()).collect();
            for text in texts {
                let lower = text.to_lowercase();
                let words: Vec<&str> = lower.split(|c: char| !c.is_alphabetic()).collect();
                let winning = words
                    .iter()
                    .any(|w| matches!(*w, "win" | "wins" | "winning" | "won"));
                if winning || lower.contains("free pawn") {
                    assert!(
                        x.needs.iter().any(|n| matches!(
                            n.as_str(),
                            "claim:wins_material"
                                | "claim:mate_in"
                                | "claim:threat_wins/piece"
                                | "claim:threat_wins/exchange"
                                | "claim:threat_wins/part"
                                | "watch:threat_wins"
                                | "claim:idea/line_costs"
                                | "claim:idea/refutes"
                                | "claim:idea/stops_line"
                                | "claim:idea/removes_line"
                                | "claim:idea/takes_first"
                                | "claim:pb_wins/last_rank"
                                | "claim:pb_wins/last_pawn"
                                | "forced_win:promotes_next"
                                | "forced_win:next"
                                | "forced_win:in"
                        ) || n.starts_with("tablebase:")),
                        "{}: {text}",
                        x.id
                    );
                }
                if lower.contains("blunder") {
                    assert!(
                        x.needs.iter().any(|n| n == "quality:blunder"),
                        "{}: {text}",
                        x.id
                    );
                }
                if lower.contains("brilliant") {
                    panic!(
                        "{}: 'brilliant' needs a sacrifice claim we do not make",
                        x.id
                    );
                }
            }
        }
    }

    #[test]
    fn one_pawn_is_a_word_in_portuguese_prose() {
        let pt = Templates::load("pt-BR").unwrap();
        assert_eq!(pt.words.pawn_count(1), "um peão");
        assert_eq!(pt.words.pawn_count(3), "3 peões");
        let en = Templates::load("en").unwrap();
        assert_eq!(en.words.pawn_count(1), "1 pawn");
        assert_eq!(en.words.pawn_count(2), "2 pawns");
    }

    #[test]
    fn portuguese_forms_agree_with_the_piece_and_moves_use_portuguese_letters() {
        let pt = Templates::load("pt-BR").unwrap();
        let w = &pt.words;
        let mut v = BTreeMap::new();
        v.insert("move", w.san_text("Qxd8+"));
        v.insert("p0", w.role(Role::Queen).to_owned());
        v.insert("p1", w.role(Role::Knight).to_owned());
        let fill = |p: &str| Templates::fill_in(p, &v, Some(w));
        assert_eq!(
            fill("{move}: {p0_the} crava {p1_the}, {p1_pinned}.").as_deref(),
            Some("Dxd8+: a dama crava o cavalo, cravado.")
        );
        assert_eq!(
            fill("{p0_the} {p0_undefended}; atrás {p1_of_the}; {p0_to_the}.").as_deref(),
            Some("A dama desprotegida; atrás do cavalo; à dama.")
        );
        // A defender agrees with its piece: "a dama em e2, defensora de e3" (issue 38's read).
        assert_eq!(
            fill("{p0_the}, {p0_defender} de e3; {p1_the}, {p1_defender} de e5.").as_deref(),
            Some("A dama, defensora de e3; o cavalo, defensor de e5.")
        );
        // A form of no placeholder, or an unknown form, drops the sentence.
        assert_eq!(fill("{p2_the}."), None);
        assert_eq!(fill("{p0_xyz}."), None);
        // English has no forms and keeps English SAN.
        let en = Templates::load("en").unwrap();
        assert_eq!(en.words.san_text("Qxd8+ Nf3 e8=Q"), "Qxd8+ Nf3 e8=Q");
        assert_eq!(w.san_text("Qxd8+ Nf3 e8=Q Kg1"), "Dxd8+ Cf3 e8=D Rg1");
        // Every form names all six pieces, and the Portuguese file gives no needs of its own.
        for form in [
            "the", "of_the", "to_the", "by_the", "a", "o", "pinned", "defender",
        ] {
            assert!(w.forms.contains_key(form), "{form}");
        }
        for t in &pt.templates {
            let en_t = en.templates.iter().find(|e| e.id == t.id).unwrap();
            assert_eq!(
                (&t.needs, t.priority, &t.category),
                (&en_t.needs, en_t.priority, &en_t.category)
            );
            assert_eq!(t.phrasings.len(), en_t.phrasings.len(), "{}", t.id);
            assert_eq!(t.reason.is_some(), en_t.reason.is_some(), "{}", t.id);
        }
    }

    #[test]
    fn fill_drops_sentences_with_missing_values() {
        let mut v = BTreeMap::new();
        v.insert("move", "Nf3".to_owned());
        assert_eq!(
            Templates::fill("{move} develops.", &v).as_deref(),
            Some("Nf3 develops.")
        );
        assert_eq!(Templates::fill("{move} forks {others}.", &v), None);
    }
}
