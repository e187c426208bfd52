//! The [`Explanation`] of one move and its builder [`explain`], from plain data
//! ([`ExplainInput`]) so that any engine can feed it.
//!
//! Why one file of about 880 lines before its tests: the builder [`explain`] and the
//! [`Explanation`]'s rendering read the same gate (which sentence rests on which search) and
//! stay together so a sentence is checked where it is written; themes, claims, templates and
//! the sentence gate are modules of their own.

use serde::Serialize;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use crate::config::{ExplainLevel, Language};
use crate::explain::board;
use crate::explain::claims::{self, At, Claim, Fact, Supports};
use crate::explain::metrics::{self, Metrics, SearchFacts};
use crate::explain::quality::{self, Judgement, Score};
use crate::explain::sentence_check::{Gate, Subject};
use crate::explain::templates::{Facts, Sentence, Templates};
use crate::explain::themes::{self, Theme};
use crate::opening::{self, Opening};

/// Everything the explanation needs, as plain data. Scores are from the mover's point of
/// view (the side to move in `before`). `P` is the game (chess by default; Pawn Battle's
/// explanation is `variant::pawn_battle::explain`).
#[derive(Debug, Clone)]
pub struct ExplainInput<P = Chess> {
    /// Position before the move.
    pub before: P,
    /// The move to explain (legal in `before`).
    pub mv: Move,
    /// The opponent's move that led to `before`, when known (sharpens a few detectors).
    pub previous: Option<Move>,
    /// The game's moves after the move, when known (a review): what the players did next. The
    /// mover's next move there is tried as what the move prepares, checked as the line's is.
    pub continuation: Vec<Move>,
    /// Principal variation after the move, from the position after it.
    pub pv: Vec<Move>,
    /// The engine's best move in `before`, when known.
    pub best: Option<Move>,
    /// Principal variation after the best move.
    pub best_pv: Vec<Move>,
    /// Evaluation of `before` (mover's view).
    pub score_before: Option<Score>,
    /// Evaluation after the move (mover's view).
    pub score_after: Option<Score>,
    /// Score of the best move (mover's view).
    pub best_score: Option<Score>,
    /// Score of the second-best move (mover's view), for the only-move flag.
    pub second_score: Option<Score>,
    /// Raw facts of the search, when there was one.
    pub facts: Option<SearchFacts>,
    /// Evaluation terms: (name, value before, value after), mover's view.
    pub eval_terms: Vec<(String, i32, i32)>,
    /// The reader's colour (MAX, the "you" of the text); `None` when the reader plays neither
    /// side (scores from White's side, nobody called "you").
    pub human: Option<Color>,
    /// Ply number of the move in the game (0 = White's first move).
    pub ply: usize,
    /// How much to say.
    pub level: ExplainLevel,
    /// In which language.
    pub language: Language,
}

impl<P> ExplainInput<P> {
    /// An input that knows only the position and the move (no search: no scores, lines or
    /// facts), no human, ply 0, at `level`: what the board alone says of `mv`.
    #[must_use]
    pub fn board_only(before: P, mv: Move, level: ExplainLevel) -> ExplainInput<P> {
        ExplainInput {
            before,
            mv,
            previous: None,
            continuation: Vec::new(),
            pv: Vec::new(),
            best: None,
            best_pv: Vec::new(),
            score_before: None,
            score_after: None,
            best_score: None,
            second_score: None,
            facts: None,
            eval_terms: Vec::new(),
            human: None,
            ply: 0,
            level,
            language: Language::default(),
        }
    }
}

/// A score from the mover's side, from the human's (MAX) side and from White's (the side every
/// text shows: [`crate::explain::score_text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ScorePair {
    /// Mover's view.
    pub mover: Score,
    /// Human's (MAX) view.
    pub human: Score,
    /// White's view.
    pub white: Score,
    /// The reader's colour (the "you" of the text), `None` for a spectator.
    #[serde(skip)]
    pub human_side: Option<Color>,
}

/// The engine's better move and its line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BestLine {
    /// SAN of the best move.
    pub san: String,
    /// UCI of the best move.
    pub uci: String,
    /// Best move and its PV, SAN.
    pub pv_san: Vec<String>,
}

/// How one evaluation term moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EvalDelta {
    /// Term name.
    pub term: String,
    /// Value before the move.
    pub before: i32,
    /// Value after the move.
    pub after: i32,
    /// `after - before`.
    pub delta: i32,
}

/// The start of the panel's score line (`score: +0.85 (you are better by 0.9)`).
pub const SCORE_PREFIX: &str = "score: ";

/// The start of the panel's better-line line (`better: Nf3 Nc6 Bb5`); the panel says it in
/// the player's language (`ui::explanation`).
pub const BETTER_PREFIX: &str = "better: ";

/// The explanation of one move.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    /// The move in SAN.
    pub san: String,
    /// The move in UCI.
    pub uci: String,
    /// `white` or `black`.
    pub mover: String,
    /// Ply in the game.
    pub ply: usize,
    /// Position before the move.
    pub fen_before: String,
    /// Position after the move.
    pub fen_after: String,
    /// Evaluation before the move.
    pub score_before: Option<ScorePair>,
    /// Evaluation after the move.
    pub score_after: Option<ScorePair>,
    /// The engine's better move, when it differs from the move.
    pub best: Option<BestLine>,
    /// The move and its PV, SAN.
    pub pv_san: Vec<String>,
    /// Quality against the engine's best (`book` for a book move).
    pub quality: Option<Judgement>,
    /// For a book move, the opening line it belongs to.
    pub opening: Option<Opening>,
    /// Search metrics.
    pub metrics: Option<Metrics>,
    /// Themes of the move and its line.
    pub themes: Vec<Theme>,
    /// Themes of the better move's line.
    pub best_themes: Vec<Theme>,
    /// Evaluation terms sorted by the size of their change.
    pub eval_deltas: Vec<EvalDelta>,
    /// Facts behind the sentences.
    pub claims: Vec<Claim>,
    /// Sentences, most important first.
    pub sentences: Vec<Sentence>,
    /// Level the sentences were chosen for.
    pub level: ExplainLevel,
    /// The rendered text for `level`.
    pub text: String,
    /// The game, which says how a forced win is written (`#3` in chess, `win in 3` in Pawn
    /// Battle: [`Score::text`]).
    #[serde(skip)]
    pub variant: crate::variant::Variant,
    /// What the endgame tables say of the move, in an ending they hold
    /// ([`crate::tablebase::Note`]); the evaluation line then says their result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tablebase: Option<crate::tablebase::Note>,
}

pub(crate) fn human_view(mover: Color, human: Option<Color>, s: Score) -> ScorePair {
    ScorePair {
        mover: s,
        human: s.seen_by(mover, human.unwrap_or(Color::White)),
        white: s.seen_by(mover, Color::White),
        human_side: human,
    }
}

/// SAN of each move of `line` from `pos` (stops at the first illegal move), in any game.
#[must_use]
pub fn san_line<P: crate::variant::VariantPosition>(pos: &P, line: &[Move]) -> Vec<String> {
    let mut cur = pos.clone();
    let mut out = Vec::new();
    for m in line {
        if !crate::variant::VariantPosition::is_legal(&cur, *m) {
            break;
        }
        out.push(crate::variant::VariantPosition::play_san(&mut cur, *m).to_string());
    }
    out
}

/// The judgement of `input.mv` from the input's scores (`is_best`: it is the engine's best),
/// before any book label.
pub(crate) fn judgement_of<P>(input: &ExplainInput<P>, is_best: bool) -> Option<Judgement> {
    match (input.best_score, input.score_after) {
        (Some(b), Some(p)) => Some(quality::judge(is_best, b, p, input.second_score)),
        (None, Some(p)) if is_best => Some(quality::judge(true, p, p, input.second_score)),
        _ => None,
    }
}

/// The claim behind every quality, score and "better was" sentence: the judgement `j` of the
/// move from the position `fen_before`, with the input's scores.
pub(crate) fn quality_claim<P>(
    input: &ExplainInput<P>,
    fen_before: &str,
    j: Judgement,
) -> Option<Claim> {
    let best = input.best_score.or(input.score_after)?;
    let played = input.score_after?;
    Some(Claim {
        fen: fen_before.to_owned(),
        at: At::Before,
        supports: Supports::Played,
        fact: Fact::Quality {
            quality: j.quality.as_str().to_owned(),
            best,
            played,
            second: input.second_score,
            drop: j.drop,
            only_move: j.only_move,
        },
    })
}

/// Why the better move (its line `pv_san`, its themes and claims as derived for it) is
/// better: the reason phrase of "Better was X, which …" and the claims it rests on, which the
/// caller marks as the better move's (the templates match claims of the move they describe,
/// so they must not be marked before).
pub(crate) fn better_reason(
    t: &Templates,
    pv_san: &[String],
    mover: Color,
    themes: &[Theme],
    best_claims: &[Claim],
    gate: Option<&crate::explain::sentence_check::Gate>,
    avoid: Avoid,
) -> Option<(String, Vec<Claim>)> {
    let mut skip = if avoid.same_square {
        SAME_SQUARE_REASONS
    } else {
        LINE_REASONS
    }
    .to_vec();
    // A capture that loses the capturer by exchange takes more than what it captures: "Nxg5
    // was stronger: it takes the pawn" hid a knight given for two pawns (session 47 read).
    if avoid.capture_lost {
        skip.push("captures");
    }
    let wanted = Wanted {
        floor: i32::MIN,
        except: avoid.except,
        skip: &skip,
    };
    reason_from(t, pv_san, mover, themes, best_claims, gate, wanted)
}

/// What the better move's reason must not be: one of the played move's own reasons (`except`), nor,
/// when both moves capture on one square, what both do (`same_square`), nor what it takes when
/// the capturer is lost by exchange (`capture_lost`).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Avoid<'a> {
    pub except: &'a [String],
    pub same_square: bool,
    /// The better move captures and loses the capturer by static exchange: "takes the pawn"
    /// is no reason for it.
    pub capture_lost: bool,
}

/// Which reasons [`reason_from`] may give: ranked at least `floor`, and none of `except` (the
/// played move's own reasons).
#[derive(Debug, Clone, Copy)]
struct Wanted<'a> {
    floor: i32,
    except: &'a [String],
    skip: &'a [&'a str],
}

/// The reasons a better move is not given: its line read out ("Kb1 was stronger: it is
/// followed by Nd5" gave a line as the reason, session 40 read; "Better was Kb1." says no less
/// that is true).
const LINE_REASONS: &[&str] = &["idea_plan", "idea_plan_break"];

/// The reasons a better move is not given when it captures on the square the played move
/// captured on (another recapture): what it takes, and the attacker it removes, the played move
/// took too ("hxg5 takes the pawn. Better was fxg5, which wins material back", then "which
/// removes the attacker", session 45).
const SAME_SQUARE_REASONS: &[&str] = &[
    "idea_plan",
    "idea_plan_break",
    "hanging_piece_capture",
    "wins_material",
    "wins_back",
    "wins_back_later",
    "material_gain",
    "recapture",
    "captures_check",
    "captures_wins",
    "captures",
    "equal_trade",
    "threat_met_captures",
    "idea_trades_hitter",
    "idea_trades_attacked",
    "idea_removes_line",
    "idea_outpost_taken",
];

/// As [`better_reason`], among the reasons [`Wanted`].
fn reason_from(
    t: &Templates,
    pv_san: &[String],
    mover: Color,
    themes: &[Theme],
    best_claims: &[Claim],
    gate: Option<&crate::explain::sentence_check::Gate>,
    wanted: Wanted,
) -> Option<(String, Vec<Claim>)> {
    let f = reason_facts(pv_san, mover, themes, best_claims, gate);
    let (text, rests) = t.reason_from(&f, wanted.floor, wanted.except, wanted.skip)?;
    let claims = rests
        .into_iter()
        .filter_map(|i| best_claims.get(i).cloned())
        .collect();
    Some((text, claims))
}

/// Every reason the played move (its line `line_san`, themes and claims) gives, its line read
/// out aside: what the better move's reason must not repeat.
pub(crate) fn played_reasons(
    t: &Templates,
    line_san: &[String],
    mover: Color,
    themes: &[Theme],
    claims: &[Claim],
    gate: Option<&crate::explain::sentence_check::Gate>,
) -> Vec<String> {
    t.reasons(
        &reason_facts(line_san, mover, themes, claims, gate),
        LINE_REASONS,
    )
}

/// The facts a reason phrase is drawn from: a move's line (the move first), themes and
/// claims, and nothing of a verdict.
fn reason_facts<'a>(
    pv_san: &[String],
    mover: Color,
    themes: &'a [Theme],
    claims: &'a [Claim],
    gate: Option<&'a crate::explain::sentence_check::Gate>,
) -> Facts<'a> {
    Facts {
        san: pv_san.first().cloned().unwrap_or_default(),
        mover,
        better: None,
        reason: None,
        better_develops: false,
        reply_reason: None,
        line: pv_san.join(" "),
        plan: Vec::new(),
        back: None,
        driven: None,
        score: None,
        themes,
        claims,
        quality: None,
        mate: None,
        only_move: false,
        seed: String::new(),
        opening: None,
        forced_win: None,
        tablebase: None,
        decided: None,
        gate,
    }
}

/// Whether `m`, a move of `mover`, develops: castles, or takes a knight or bishop off its
/// back rank.
fn develops(m: Move, mover: Color) -> bool {
    m.is_castle()
        || (matches!(m.role(), shakmaty::Role::Knight | shakmaty::Role::Bishop)
            && m.from().is_some_and(|f| f.rank() == mover.backrank()))
}

/// What the sentences about the move itself may draw on: its line (the move first), the better
/// line and the reason it is better, the themes and claims, the judgement, the phrasing seed;
/// the score from `medium` on. No opening (a book move's caller sets it).
#[allow(clippy::too_many_arguments)]
pub(crate) fn move_facts<'a, P: crate::variant::VariantPosition>(
    input: &ExplainInput<P>,
    line_san: &[String],
    best_line: Option<&BestLine>,
    reason: Option<String>,
    themes: &'a [Theme],
    claims: &'a [Claim],
    judgement: Option<Judgement>,
    seed: String,
) -> Facts<'a> {
    // The moved piece going back: waiting, or driven back by the reply.
    let back = line_back(input.mv, &input.pv, line_san);
    let driven = back.is_some() && driven_back(input);
    Facts {
        san: line_san.first().cloned().unwrap_or_default(),
        mover: crate::variant::VariantPosition::turn(&input.before),
        better: best_line.map(|b| b.san.clone()),
        reason,
        better_develops: input
            .best
            .filter(|b| *b != input.mv)
            .is_some_and(|b| develops(b, crate::variant::VariantPosition::turn(&input.before))),
        reply_reason: None,
        line: line_san.join(" "),
        plan: if first_step_driven(input) {
            Vec::new()
        } else {
            line_plan(input.mv, &input.pv, line_san)
        },
        back: back.clone().filter(|_| !driven),
        driven: back.filter(|_| driven),
        score: input
            .score_after
            .filter(|_| input.level != ExplainLevel::Basic)
            .map(|s| {
                crate::explain::score_text::evaluation_of(
                    s,
                    crate::variant::VariantPosition::turn(&input.before),
                    None,
                    P::VARIANT,
                )
            }),
        themes,
        claims,
        quality: judgement.map(|j| j.quality),
        mate: judgement.and_then(|j| j.mate),
        only_move: judgement.is_some_and(|j| j.only_move),
        seed,
        opening: None,
        forced_win: None,
        tablebase: None,
        decided: decided(input, judgement),
        gate: None,
    }
}

/// [`quality::decided_drop`] of the move, from its judgement and scores.
fn decided<P: crate::variant::VariantPosition>(
    input: &ExplainInput<P>,
    judgement: Option<Judgement>,
) -> Option<quality::Decided> {
    quality::decided_drop(&judgement?, input.best_score?, input.score_after?)
}

/// The mover's next moves in the line `mv` + `pv` (`line_san`, its SAN) as (SAN, whether it
/// undoes the move: the moved piece going back where it came from), recaptures aside (after
/// ...Nxe3, Qxe3 is no plan).
fn mover_steps(mv: Move, pv: &[Move], line_san: &[String]) -> Vec<(String, bool)> {
    let line: Vec<Move> = std::iter::once(mv).chain(pv.iter().copied()).collect();
    let undoes =
        |m: Move| !mv.is_castle() && m.from() == Some(mv.to()) && mv.from() == Some(m.to());
    (2..line_san.len().min(line.len()))
        .step_by(2)
        .filter(|&i| !(line[i].is_capture() && line[i].to() == line[i - 1].to()))
        .map(|i| (line_san[i].clone(), undoes(line[i])))
        .collect()
}

/// The mover's next moves (at most two) in the line, for "the engine's line goes on with Rae1
/// and f4": none from the moved piece going back where it came from on (18...Bb7 and ...Ba8
/// undoes the move: no plan of it).
pub(crate) fn line_plan(mv: Move, pv: &[Move], line_san: &[String]) -> Vec<String> {
    mover_steps(mv, pv, line_san)
        .into_iter()
        .take_while(|(_, back)| !back)
        .take(2)
        .map(|(san, _)| san)
        .collect()
}

/// The mover's next move in the line when it takes the moved piece back where it came from
/// (`{back}`: 51.Ba1 h5 gxh5 gxh5 Bc3): the move waits.
pub(crate) fn line_back(mv: Move, pv: &[Move], line_san: &[String]) -> Option<String> {
    mover_steps(mv, pv, line_san)
        .into_iter()
        .next()
        .filter(|(_, back)| *back)
        .map(|(san, _)| san)
}

/// Whether the mover's first step in the line after the move (its third move) takes away a
/// piece the opponent's move before it attacks, a pawn or a cheaper piece hitting it: the
/// line's answer to a threat, no plan of the move ("The engine's line goes on with Nh5 and
/// Nxf4 for Black" after 11...Re8 12.g5, the knight on f6 hit, session 50 read).
fn first_step_driven<P: crate::variant::VariantPosition>(input: &ExplainInput<P>) -> bool {
    let Some((step, from)) = input.pv.get(1).and_then(|s| Some((*s, s.from()?))) else {
        return false;
    };
    reply_hitter(input, from).is_some_and(|h| {
        crate::explain::board::value(h) < crate::explain::board::value(step.role())
    })
}

/// The piece the line's reply moved, when it attacks `square` after the move and the reply.
fn reply_hitter<P: crate::variant::VariantPosition>(
    input: &ExplainInput<P>,
    square: shakmaty::Square,
) -> Option<shakmaty::Role> {
    let &reply = input.pv.first()?;
    let mut pos = input.before.clone();
    crate::variant::VariantPosition::play_unchecked(&mut pos, input.mv);
    crate::variant::VariantPosition::play_unchecked(&mut pos, reply);
    let board = crate::variant::VariantPosition::board(&pos);
    board
        .attacks_from(reply.to())
        .contains(square)
        .then(|| board.role_at(reply.to()))
        .flatten()
}

/// Whether the line's reply attacks the moved piece where it landed: a piece that then goes
/// back was driven back, not waiting (20.Bc3 b4 Bb2, where Bc3 guarded d2; session 33).
fn driven_back<P: crate::variant::VariantPosition>(input: &ExplainInput<P>) -> bool {
    let landed = crate::explain::themes::util::dest(
        input.mv,
        crate::variant::VariantPosition::turn(&input.before),
    );
    reply_hitter(input, landed).is_some()
}

/// The better move to show, with its line (the move first) and the line's SAN: the engine's
/// best when it is another legal move and the judgement is an inaccuracy or worse ("Better was
/// X" only for a confirmed error, STYLE rule 16).
pub(crate) fn better_move<P: crate::variant::VariantPosition>(
    input: &ExplainInput<P>,
    judgement: Option<Judgement>,
) -> Option<(Move, Vec<Move>, Vec<String>)> {
    // A move that gives away two pawns in a decided game is no error on the winning-chance
    // scale, but its words name the better move ([`decided`]).
    let confirmed_error = judgement.is_some_and(|j| j.quality >= quality::Quality::Inaccuracy)
        || decided(input, judgement).is_some();
    let best = input.best.filter(|b| {
        *b != input.mv
            && confirmed_error
            && crate::variant::VariantPosition::is_legal(&input.before, *b)
    })?;
    let mut line = vec![best];
    line.extend_from_slice(&input.best_pv);
    let line_san = san_line(&input.before, &line);
    Some((best, line, line_san))
}

impl BestLine {
    /// The better move `best` and its line in SAN (`best` first).
    pub(crate) fn new(best: Move, pv_san: Vec<String>) -> BestLine {
        BestLine {
            san: pv_san.first().cloned().unwrap_or_default(),
            uci: best.to_uci(CastlingMode::Standard).to_string(),
            pv_san,
        }
    }
}

/// How many sentences a level says.
pub(crate) fn sentence_limit(level: ExplainLevel) -> usize {
    match level {
        ExplainLevel::Basic => 2,
        ExplainLevel::Medium => 3,
        ExplainLevel::Advanced => 5,
    }
}

/// Adds the claims behind "Better was X, which …" to `claims` (once each) after the move's own
/// sentences are rendered, and lists them on that sentence.
pub(crate) fn attach_reason(
    claims: &mut Vec<Claim>,
    sentences: &mut [Sentence],
    better_claims: Vec<Claim>,
) {
    attach(claims, sentences, better_claims, |t| t == "q_better_was");
}

/// Adds the claims behind "X is a mistake: it allows Y, which …" to `claims` and lists them on
/// that sentence, as [`attach_reason`] does for the better move.
pub(crate) fn attach_reply(
    claims: &mut Vec<Claim>,
    sentences: &mut [Sentence],
    reply_claims: Vec<Claim>,
) {
    attach(claims, sentences, reply_claims, |t| {
        t.starts_with("q_") && t.ends_with("_why")
    });
}

/// Adds `extra` to `claims` (once each) and lists them on the sentences whose template `on`
/// accepts.
fn attach(
    claims: &mut Vec<Claim>,
    sentences: &mut [Sentence],
    extra: Vec<Claim>,
    on: impl Fn(&str) -> bool,
) {
    let mut rests = Vec::new();
    for c in extra {
        let i = claims.iter().position(|x| *x == c).unwrap_or_else(|| {
            claims.push(c);
            claims.len() - 1
        });
        rests.push(i);
    }
    for s in sentences.iter_mut().filter(|s| on(&s.template)) {
        s.claims.extend(rests.iter().copied());
    }
}

/// The least rank of a reason that explains an error by its answer: a threat, a piece won, a
/// mate, a pin, a weak point hit (104 and up), not a square fought for or a piece centralised
/// (the fischer read: "after Qh6, e5 fights for d4", "after Rc2, Qf6 aims at f2").
const REPLY_REASON_FLOOR: i32 = 104;

/// The reason phrase of the answer `pv[0]` to `mv` (in `after`, the position `mv` left) and the
/// claims it rests on, as derived for the answer (not yet marked as the reply's).
fn reply_reason(
    t: &Templates,
    mv: Move,
    after: &Chess,
    pv: &[Move],
    score_after: Option<Score>,
    level: ExplainLevel,
) -> Option<(String, Vec<Claim>)> {
    let reply = *pv.first()?;
    let replied = board::play(after, reply)?;
    let themes = at_root(&themes::detect_line_after(Some(mv), after, pv));
    let mut reply_claims = claims::derive(after, reply, &replied, &pv[1..], &themes, &[]);
    // What the answer wins must be forced: the line read is the engine's, and the mover may
    // have a better defence than the one it shows.
    reply_claims.retain(|c| match c.fact {
        Fact::WinsMaterial { gain, .. } => crate::explain::purpose::gain_forced(after, reply, gain),
        _ => true,
    });
    let gate = Gate {
        answer: true,
        answer_takes_back: mv.is_capture() && reply.is_capture() && reply.to() == mv.to(),
        ..Gate::of(&Subject {
            before: after,
            mv: reply,
            pv: &pv[1..],
            score_after: score_after.map(Score::flip),
            best_score: None,
            second_score: None,
            facts: None,
            level,
        })
    };
    let san = san_line(after, pv);
    reason_from(
        t,
        &san,
        after.turn(),
        &themes,
        &reply_claims,
        Some(&gate),
        Wanted {
            floor: REPLY_REASON_FLOOR,
            except: &[],
            skip: &[],
        },
    )
}

/// Why the opponent's answer to an error hurts: the reason phrase of its top template (as the
/// better move's, "wins the knight on c5") and the claims it rests on (about the reply, in the
/// position after the move: `supports: reply`, positions counted from the move's own).
///
/// Said only for a confirmed error (an inaccuracy or worse) with a line, and not when the
/// better move's line meets the same answer: then the answer is not what the move allowed
/// (the fischer read: "allows Nxe5", which the best move allows too).
fn allowed_reply(
    t: &Templates,
    input: &ExplainInput,
    judgement: Option<Judgement>,
    after: &Chess,
) -> Option<(String, Vec<Claim>)> {
    if judgement.is_none_or(|j| j.quality < quality::Quality::Inaccuracy) {
        return None;
    }
    let reply = *input.pv.first()?;
    let replied = board::play(after, reply)?;
    // A mate (now or forced) is said by q_allowed_mate.
    if replied.is_checkmate() || matches!(input.score_after, Some(Score::Mate(n)) if n < 0) {
        return None;
    }
    let (text, rests) = reply_reason(
        t,
        input.mv,
        after,
        &input.pv,
        input.score_after,
        input.level,
    )?;
    // The same answer, as good for the opponent after the better move, is not what this move
    // allowed (9.Bb2 "allows Nf6, which threatens e4": after 9.h3, Nf6 threatens e4 too).
    // There the answer is followed by the same line, as far as its moves stay legal.
    // When the better move meets the same answer first, the answer is what this move allowed
    // only if it hurts for another reason there, or none (18...Re8 Qb3 pins the queen on f7
    // to the king on g8; after 18...Kh7 Qb3 pins nothing: fischer.pgn game 4, session 42
    // read), read along the better move's own line; a line not replayed says nothing.
    let same_reply = input.best_pv.first() == Some(&reply);
    let same_after_best = input.best.filter(|b| *b != input.mv).and_then(|best| {
        let after_best = board::play(&input.before, best)?;
        // The same answer is read along the better move's own line; another one along this
        // move's line, replayed there as far as its moves stay legal.
        let line = if same_reply {
            input.best_pv.clone()
        } else {
            let mut line = Vec::new();
            let mut pos = after_best.clone();
            for m in &input.pv {
                let Some(same) = board::same_move(&pos, *m) else {
                    break;
                };
                pos.play_unchecked(same);
                line.push(same);
            }
            line
        };
        if line.is_empty() {
            return None;
        }
        Some(
            reply_reason(t, best, &after_best, &line, None, input.level)
                .is_some_and(|r| r.0 == text),
        )
    });
    match same_after_best {
        Some(true) => return None,
        None if same_reply => return None,
        _ => {}
    }
    let rests = rests
        .into_iter()
        .map(|mut c| {
            c.supports = Supports::Reply;
            c.at = match c.at {
                At::Before => At::After,
                At::After => At::Line(2),
                At::Line(n) => At::Line(n + 1),
            };
            c
        })
        .collect();
    Some((text, rests))
}

/// The evaluation terms as deltas, the largest change first.
pub(crate) fn eval_deltas(terms: &[(String, i32, i32)]) -> Vec<EvalDelta> {
    let mut deltas: Vec<EvalDelta> = terms
        .iter()
        .map(|(term, b, a)| EvalDelta {
            term: term.clone(),
            before: *b,
            after: *a,
            delta: a - b,
        })
        .collect();
    deltas.sort_by(|x, y| {
        y.delta
            .abs()
            .cmp(&x.delta.abs())
            .then_with(|| x.term.cmp(&y.term))
    });
    deltas
}

/// Builds the explanation of `input.mv`. Pure: the same input gives the same output.
///
/// An illegal move yields an explanation with no themes, claims or sentences.
#[must_use]
pub fn explain(input: &ExplainInput) -> Explanation {
    let before = &input.before;
    let mover = before.turn();
    let mv = input.mv;
    let after = board::play(before, mv).unwrap_or_else(|| before.clone());
    let legal = before.is_legal(mv);
    let mut line = vec![mv];
    line.extend_from_slice(&input.pv);
    let line_san = san_line(before, &line);
    let san = line_san.first().cloned().unwrap_or_default();
    let uci = mv.to_uci(CastlingMode::Standard).to_string();
    let themes = if legal {
        themes::detect_line_after(input.previous, before, &line)
    } else {
        Vec::new()
    };
    let root_themes = at_root(&themes);
    let mut claims = if legal {
        claims::derive(
            before,
            mv,
            &after,
            &input.pv,
            &root_themes,
            &input.continuation,
        )
    } else {
        Vec::new()
    };

    let is_best = input.best.is_none_or(|b| b == mv);
    // A book move is theory: labelled `book`, named first, never judged against the best;
    // unless the judge refutes it (an error is never theory).
    let measured = judgement_of(input, is_best);
    let opening = legal
        .then(|| opening::book_move(before, mv))
        .flatten()
        .filter(|_| !measured.is_some_and(|j| j.refutes_theory()));
    let judgement = measured.map(|j| match opening {
        Some(_) => quality::Judgement::book(j),
        None => j,
    });
    if let Some(c) = judgement
        .filter(|_| legal)
        .and_then(|j| quality_claim(input, &claims::fen(before), j))
    {
        claims.push(c);
    }
    if let Some(line) = opening {
        claims.push(Claim {
            fen: claims::fen(before),
            at: At::Before,
            supports: Supports::Played,
            fact: Fact::Book {
                uci: shakmaty::uci::UciMove::from_move(mv, shakmaty::CastlingMode::Standard)
                    .to_string(),
                eco: line.eco.to_owned(),
                name: line.name.to_owned(),
            },
        });
    }
    let templates = Templates::get(input.language.code()).ok();
    let gate = Gate::of(&Subject {
        before,
        mv,
        pv: &input.pv,
        score_after: input.score_after,
        best_score: input.best_score,
        second_score: input.second_score,
        facts: input.facts.as_ref(),
        level: input.level,
    });
    // The better move, its themes, claims and reason.
    let mut best_line = None;
    let mut best_themes = Vec::new();
    let mut reason = None;
    // Claims backing the "Better was X, which …" reason. They are added to the explanation's
    // claims only after the move's own sentences are rendered: those must rest on claims about
    // the move itself, never on facts of the better move's position.
    let mut better_claims = Vec::new();
    if let Some((best, bl, pv_san)) = better_move(input, judgement) {
        // The played move's own reasons: the better move's must say something else.
        let played_reasons = match (&templates, legal) {
            (Some(t), true) => {
                played_reasons(t, &line_san, mover, &root_themes, &claims, Some(&gate))
            }
            _ => Vec::new(),
        };

        // Two captures on one square (hxg5 or fxg5): what is taken is no difference.
        let same_square = input.mv.is_capture() && best.is_capture() && input.mv.to() == best.to();
        best_themes = themes::detect_line_after(input.previous, before, &bl);
        let bt = at_root(&best_themes);
        let best_after = board::play(before, best).unwrap_or_else(|| before.clone());
        let best_claims = claims::derive(before, best, &best_after, &input.best_pv, &bt, &[]);
        let best_gate = Gate::of(&Subject {
            before,
            mv: best,
            pv: &input.best_pv,
            score_after: input.best_score,
            best_score: input.best_score,
            second_score: input.second_score,
            facts: input.facts.as_ref(),
            level: input.level,
        });
        if let Some((text, rests)) = templates.as_ref().and_then(|t| {
            better_reason(
                t,
                &pv_san,
                mover,
                &bt,
                &best_claims,
                Some(&best_gate),
                Avoid {
                    except: &played_reasons,
                    same_square,
                    capture_lost: best.is_capture() && !board::see_ge(before, best, 0),
                },
            )
        }) {
            reason = Some(text);
            better_claims = rests
                .into_iter()
                .map(|mut c| {
                    c.supports = Supports::Better;
                    c
                })
                .collect();
        }
        best_line = Some(BestLine::new(best, pv_san));
    }

    // What the move allows, for an error: the opponent's answer and why it hurts.
    let (reply_reason, reply_claims) = match (&templates, legal) {
        (Some(t), true) => allowed_reply(t, input, judgement, &after)
            .map_or((None, Vec::new()), |(text, rests)| (Some(text), rests)),
        _ => (None, Vec::new()),
    };

    // An error whose answer gives no reason of its own: what its line costs, against the best
    // move's line (exd5? and the knight ...b5 wins four moves later).
    if legal
        && reply_reason.is_none()
        && judgement.is_some_and(|j| j.quality >= quality::Quality::Inaccuracy)
        && let Some(best) = input.best.filter(|b| *b != mv)
        && let Some(fact) = crate::explain::purpose::captures::line_costs(
            before,
            mv,
            &input.pv,
            (best, &input.best_pv),
        )
    {
        claims.push(Claim {
            fen: claims::fen(before),
            at: At::Before,
            supports: Supports::Played,
            fact,
        });
    }

    let max = sentence_limit(input.level);
    let fen_before = claims::fen(before);
    // In an ending the tables hold, they judge: the sentences and the evaluation say so.
    let tablebase = if legal {
        crate::tablebase::installed().note(before, input.mv)
    } else {
        None
    };
    let mut sentences = match (&templates, legal) {
        (Some(t), true) => {
            let mut f = move_facts(
                input,
                &line_san,
                best_line.as_ref(),
                reason,
                &root_themes,
                &claims,
                judgement,
                format!("{fen_before}|{uci}"),
            );
            f.opening = opening.map(|o| o.name.to_owned());
            f.reply_reason = reply_reason;
            f.gate = Some(&gate);
            if let Some(note) = tablebase {
                // The tables' own sentences say the result and whether the move was the only
                // one that keeps it; the evaluation is theirs too.
                f.tablebase = Some(note);
                f.only_move = false;
                f.score = f.score.as_ref().map(|_| note.words(mover));
            }
            let mut chosen = select(t.render(&f, 5), input.level, max);
            t.vary_openings(&mut chosen, &san);
            chosen
        }
        _ => Vec::new(),
    };
    // The claims behind "Better was X, which …" join the explanation after the move's own
    // sentences are rendered, and that sentence lists them.
    attach_reason(&mut claims, &mut sentences, better_claims);
    attach_reply(&mut claims, &mut sentences, reply_claims);
    let eval_deltas = eval_deltas(&input.eval_terms);

    let mut e = Explanation {
        san,
        uci,
        mover: if mover.is_white() { "white" } else { "black" }.to_owned(),
        ply: input.ply,
        fen_before,
        fen_after: claims::fen(&after),
        score_before: input
            .score_before
            .map(|s| human_view(mover, input.human, s)),
        score_after: input.score_after.map(|s| human_view(mover, input.human, s)),
        best: best_line,
        pv_san: line_san,
        quality: judgement,
        opening,
        metrics: input.facts.as_ref().map(|f| metrics::compute(before, f)),
        themes,
        best_themes,
        eval_deltas,
        claims,
        sentences,
        level: input.level,
        text: String::new(),
        variant: crate::variant::Variant::Chess,
        tablebase,
    };
    e.text = e.render();
    e
}

fn is_line_theme(t: &Theme) -> bool {
    themes::spec(t.id).is_some_and(|s| s.scope == themes::Scope::Line)
}

/// The themes a move's claims are derived from: those of the move itself (ply 0) and those
/// about its whole line.
fn at_root(themes: &[Theme]) -> Vec<Theme> {
    themes
        .iter()
        .filter(|t| t.ply == 0 || is_line_theme(t))
        .cloned()
        .collect()
}

/// Keeps the sentences a level allows: basic = the most important non-quality sentence plus
/// the quality sentence; medium = three; advanced = five.
pub(crate) fn select(all: Vec<Sentence>, level: ExplainLevel, max: usize) -> Vec<Sentence> {
    match level {
        ExplainLevel::Basic => {
            // A verdict with its reason ("q_blunder_why", category "plan") is the verdict.
            let verdict =
                |s: &Sentence| s.category == "move_quality" || s.template.ends_with("_why");
            let first = all.iter().find(|s| !verdict(s)).cloned();
            let q = all.iter().find(|s| verdict(s)).cloned();
            first.into_iter().chain(q).collect()
        }
        _ => {
            // An error's verdict, and a mistake's "better was", are never crowded out by the
            // move's own sentences (27.d4 "threatens dxc5 … stops Bf2" with no word of the
            // knight on h1 it should have taken back: a coach's read).
            let error = |s: &Sentence| {
                matches!(
                    s.template.as_str(),
                    "q_inaccuracy" | "q_mistake" | "q_blunder" | "q_missed_mate" | "q_allowed_mate"
                ) || s.template.ends_with("_why")
            };
            let better =
                |s: &Sentence| matches!(s.template.as_str(), "q_better_was" | "q_better_plain");
            if !all.iter().any(error) {
                return all.into_iter().take(max).collect();
            }
            // An error keeps its verdict and its better move: an inaccuracy told by its merits
            // alone misleads (20.d4 "takes aim at e5 … stops Ne5. An inaccuracy." without
            // Qa4, session 35 read).
            let reserved = |s: &Sentence| error(s) || better(s);
            let held = all.iter().filter(|s| reserved(s)).count().min(max);
            // The first `held` reserved sentences and the first `max - held` others, in order.
            let (mut verdicts, mut others) = (0, 0);
            all.into_iter()
                .filter(|s| {
                    let (count, room) = if reserved(s) {
                        (&mut verdicts, held)
                    } else {
                        (&mut others, max - held)
                    };
                    *count += 1;
                    *count <= room
                })
                .collect()
        }
    }
}

impl Explanation {
    /// Whether the move won a game without mate (Pawn Battle): its score line says who won.
    fn won_by_the_move(&self) -> bool {
        !self.variant.has_kings() && self.score_after.is_some_and(|s| s.mover == Score::Mate(1))
    }

    /// The text for an interface panel, one entry per line: the sentences as one paragraph;
    /// from `medium` the score after the move (human's side) and the better line; at
    /// `advanced` also the evaluation deltas, metrics, PV and themes with confidence (the
    /// lines of [`Explanation::render`], with the score and better line spelt out, and the
    /// long themes list last so that a small panel cuts it rather than the figures).
    #[must_use]
    pub fn panel_lines(&self) -> Vec<String> {
        let text = self.render();
        let mut lines = text.lines();
        let mut out = vec![lines.next().unwrap_or_default().to_owned()];
        let mut details = Vec::new();
        for l in lines {
            if let Some(score) = l.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                // A game won by the move is said as it is ("you won"), not as a score.
                out.push(if self.won_by_the_move() {
                    score.to_owned()
                } else {
                    format!("{SCORE_PREFIX}{score}")
                });
            } else if let Some(line) = l.strip_prefix("> ") {
                out.push(format!("{BETTER_PREFIX}{line}"));
            } else {
                details.push(l);
            }
        }
        // The labels of `render`'s detail lines, in the language spoken.
        let labels = [
            crate::i18n::t("explain-detail-metrics"),
            crate::i18n::t("explain-detail-pv"),
            crate::i18n::t("explain-detail-themes"),
        ];
        let rank = |l: &str| {
            let head = l.split(':').next().unwrap_or_default();
            // themes 3, pv 2, metrics 1, evaluation deltas 0
            labels.iter().position(|x| x == head).map_or(0, |i| i + 1)
        };
        details.sort_by_key(|l| rank(l)); // stable: the deltas keep their order
        out.extend(details.into_iter().map(str::to_owned));
        out.retain(|l| !l.is_empty());
        out
    }

    /// A score after the move as every text writes it ([`crate::explain::score_text`]):
    /// White's side with its sign, who is better in words ("you" for the human). In Pawn
    /// Battle a forced win counts the moves still to play (the mover's score counts the move
    /// played): a move that won says who won ([`crate::explain::score_text::won`]), never a
    /// mate.
    fn score_text(&self, s: &ScorePair) -> String {
        let mover = if self.mover == "black" {
            Color::Black
        } else {
            Color::White
        };
        match (self.variant.has_kings(), s.mover) {
            (false, Score::Mate(1)) => crate::explain::score_text::won(mover, s.human_side),
            (false, Score::Mate(n)) if n > 1 => crate::explain::score_text::evaluation_of(
                Score::Mate(n - 1),
                mover,
                s.human_side,
                self.variant,
            ),
            _ => match self.tablebase {
                Some(note) => note.words(mover),
                None => crate::explain::score_text::evaluation(s.white, s.human_side, self.variant),
            },
        }
    }

    /// The text for the explanation's level: sentences; for medium also the score and the best
    /// line; for advanced also themes with confidence, metrics, evaluation deltas and the PV.
    #[must_use]
    pub fn render(&self) -> String {
        let mut lines: Vec<String> = self.sentences.iter().map(|s| s.text.clone()).collect();
        if self.level == ExplainLevel::Basic {
            return lines.join(" ");
        }
        let mut out = lines.join(" ");
        if let Some(s) = &self.score_after {
            out.push_str(&format!("\n[{}]", self.score_text(s)));
        }
        if let Some(b) = &self.best {
            out.push_str(&format!("\n> {}", crate::i18n::san(&b.pv_san.join(" "))));
        }
        if self.level == ExplainLevel::Advanced {
            // The figures in the language spoken: labels, SAN, the metrics' words, the terms'
            // names and the decimal mark (the theme ids are identifiers, as in the JSON).
            use crate::i18n::{decimal, san, t, tr};
            lines.clear();
            out.push_str(&format!(
                "\n{}: {}",
                t("explain-detail-pv"),
                san(&self.pv_san.join(" "))
            ));
            let th: Vec<String> = self
                .themes
                .iter()
                .map(|th| {
                    let name = tr("theme-name", &[("id", th.id.to_string().into())]);
                    decimal(&format!("{name}@{} ({:.2})", th.ply, th.confidence))
                })
                .collect();
            out.push_str(&format!(
                "\n{}: {}",
                t("explain-detail-themes"),
                th.join(", ")
            ));
            if let Some(m) = &self.metrics {
                let metrics = tr(
                    "explain-metrics",
                    &[
                        ("concreteness", format!("{:.0}", m.concreteness).into()),
                        (
                            "risk",
                            m.risk.map_or("-".to_owned(), |r| format!("{r:.0}")).into(),
                        ),
                        (
                            "stability",
                            m.stability_depth
                                .map_or("-".to_owned(), |d| d.to_string())
                                .into(),
                        ),
                        ("style", m.style.as_str().into()),
                    ],
                );
                out.push_str(&format!("\n{}: {metrics}", t("explain-detail-metrics")));
            }
            for d in self.eval_deltas.iter().filter(|d| d.delta != 0).take(5) {
                out.push_str(&format!(
                    "\n{}: {} -> {} ({:+})",
                    crate::eval_table::term_name(&d.term),
                    d.before,
                    d.after,
                    d.delta
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn the_plan_stops_where_the_moved_piece_goes_back() {
        // Anand - Carlsen, 18...Bb7: a line with ...Ba8 undoes the move; "Black follows up
        // with Ba8 and h6" names no plan of Bb7.
        let before = pos("b2qrbk1/5ppp/1npp1n2/1p2p3/1P1PP3/1NPB1N1P/5PP1/2BQR1K1 b - - 1 18");
        let sans = |moves: &[&str]| board::line_from(&before, moves);
        let line = sans(&["Bb7", "Qc2", "Ba8", "Be3", "h6"]);
        let line_san = san_line(&before, &line);
        assert!(line_plan(line[0], &line[1..], &line_san).is_empty());
        assert_eq!(
            line_back(line[0], &line[1..], &line_san),
            Some("Ba8".to_owned())
        );
        let line = sans(&["Bb7", "Qc2", "h6", "Be3", "Ba8"]);
        let line_san = san_line(&before, &line);
        assert_eq!(
            line_plan(line[0], &line[1..], &line_san),
            vec!["h6".to_owned()]
        );
        // A recapture is no plan: the next move after it is.
        let line = sans(&["Bb7", "dxe5", "dxe5", "Qc2", "h6"]);
        let line_san = san_line(&before, &line);
        assert_eq!(
            line_plan(line[0], &line[1..], &line_san),
            vec!["h6".to_owned()]
        );
    }

    fn mv(p: &Chess, u: &str) -> Move {
        u.parse::<UciMove>().unwrap().to_move(p).unwrap()
    }

    #[test]
    fn a_piece_the_reply_attacks_is_driven_back_not_waiting() {
        // Carlsen (game 238), 20.Bc3 b4 Bb2: the pawn drives the bishop back; Bc3 guarded d2.
        let before = pos("3r2k1/p3bppp/Prp1p1n1/1pp1P3/4B3/1P4P1/1BPP1PP1/R3R1K1 w - - 2 20");
        let line = board::line_from(&before, &["Bc3", "b4", "Bb2"]);
        let mut driven = input(before.clone(), line[0]);
        driven.pv = line[1..].to_vec();
        assert!(driven_back(&driven));
        // A quiet reply that leaves the bishop alone: going back is waiting.
        let line = board::line_from(&before, &["Bc3", "h6", "Bb2"]);
        let mut waits = input(before, line[0]);
        waits.pv = line[1..].to_vec();
        assert!(!driven_back(&waits));
    }

    #[test]
    fn a_move_driven_back_is_said_never_left_silent() {
        // Morphy (game 104), 14.Re3 Bf4 Ree1: no idea, no plan (the rook goes back) and no
        // waiting move (the bishop drives it back) left the explanation empty (session 38).
        let before = pos("4rrk1/ppqn1pp1/2pb1n1p/3p1B2/3P3B/2N2Q1P/PPP2PP1/4RRK1 w - - 5 14");
        let i = best_with_line(
            before,
            &["Re3", "Bf4", "Ree1", "Bh2+", "Kh1", "Bd6"],
            Score::Cp(-20),
        );
        let e = explain(&i);
        assert!(
            e.sentences.iter().any(|s| s.template == "line_driven"),
            "{}",
            e.text
        );
        assert!(
            e.text.contains("Bf4") && e.text.contains("Ree1"),
            "{}",
            e.text
        );
    }

    #[test]
    fn a_forcing_line_is_read_to_the_material_it_wins() {
        // Carlsen (game 120), 31.Rxe6+ fxe6 Qxe6+ Kd8 Qf6+ Kc8 axb4 Qxb5 Bxb5 Bxb5 Qh8+ Kc7
        // Qxa8: every White move checks or takes, and the rook comes back thirteen plies deep.
        // Read for nine plies it was "takes the pawn" and "gives check" (session 38).
        let before = pos("r3b3/pp2kp1p/3Rp2Q/qN3p2/1nB5/P5P1/5P1P/6K1 w - - 0 31");
        let sans = [
            "Rxe6+", "fxe6", "Qxe6+", "Kd8", "Qf6+", "Kc8", "axb4", "Qxb5", "Bxb5", "Bxb5", "Qh8+",
            "Kc7", "Qxa8", "a5", "Qh8", "axb4",
        ];
        let line = board::line_from(&before, &sans);
        assert_eq!(
            crate::explain::sentence_check::gain_window(&before, &line),
            14
        );
        let e = explain(&best_with_line(before, &sans, Score::Cp(540)));
        assert!(
            e.sentences.iter().any(|s| s.template == "combination"),
            "{}",
            e.text
        );
    }

    #[test]
    fn a_king_that_lands_where_it_heads_is_there() {
        // "The king walks towards e4" for Ke4 (session 37): it stands on e4.
        let before = pos("8/5k2/8/8/8/3K4/4P3/8 w - - 0 1");
        let e = explain(&input(before.clone(), mv(&before, "d3e4")));
        assert!(
            e.sentences
                .iter()
                .any(|s| s.template == "king_activity_there"),
            "{}",
            e.text
        );
        assert!(!e.text.contains("towards e4"), "{}", e.text);
        // One step short of the centre it walks towards it.
        let before = pos("8/5k2/8/8/8/2K5/4P3/8 w - - 0 1");
        let e = explain(&input(before.clone(), mv(&before, "c3d3")));
        assert!(e.text.contains("towards d4"), "{}", e.text);
    }

    #[test]
    fn a_forced_move_into_a_mate_says_both() {
        // Morphy (game 109), 20...Kh5: the only legal move out of the pawn's check, White
        // mating in 5; it was "the engine's line goes on with Bg4 and Kh5" (session 38).
        let before = pos("r1bqr3/ppp1B2p/1b4pk/n2BQ1P1/3P4/2P5/P4P1P/RN4K1 b - - 0 20");
        let mut i = best_with_line(
            before,
            &["Kh5", "Bf3+", "Bg4", "Bxg4+", "Kxg4", "h3+"],
            Score::Mate(-5),
        );
        let e = explain(&i);
        let ids: Vec<&str> = e.sentences.iter().map(|s| s.template.as_str()).collect();
        assert_eq!(&ids[..2], ["only_legal", "mated_anyway"], "{}", e.text);
        // Mated next move is line_mated's to say, not mated_anyway's.
        i.score_after = Some(Score::Mate(-1));
        i.best_score = Some(Score::Mate(-1));
        let e = explain(&i);
        assert!(
            !e.sentences.iter().any(|s| s.template == "mated_anyway"),
            "{}",
            e.text
        );
    }

    #[test]
    fn a_line_that_answers_a_threat_is_no_plan() {
        // Session 50 read (Anand - Carlsen, 11...Re8): 12.g5 hits the knight on f6, and
        // "the engine's line goes on with Nh5 and Nxf4 for Black" read the flight as a plan.
        let p = pos("r2q1rk1/pp1nbppp/2p2n2/3p4/3PbBP1/2N1PN1P/PP3PB1/R2Q1RK1 b - - 4 11");
        let i = best_with_line(p, &["Re8", "g5", "Nh5", "Nxe4", "Nxf4"], Score::Cp(-40));
        let e = explain(&i);
        assert!(
            e.sentences.iter().all(|s| !s.text.contains("Nh5")),
            "{}",
            e.text
        );
        // A line whose next step answers nothing is the move's plan (the same line without
        // the pawn's hit: h3 attacks nothing).
        let p = pos("r2q1rk1/pp1nbppp/2p2n2/3p4/3PbBP1/2N1PN2/PP3PBP/R2Q1RK1 b - - 4 11");
        let i = best_with_line(p, &["Re8", "h3", "Nh5", "Nd2", "Nxf4"], Score::Cp(-40));
        assert!(
            super::line_plan(
                i.mv,
                &i.pv,
                &[
                    "Re8".into(),
                    "h3".into(),
                    "Nh5".into(),
                    "Nd2".into(),
                    "Nxf4".into()
                ]
            )
            .contains(&"Nh5".to_owned())
        );
        assert!(!super::first_step_driven(&i));
    }

    /// The input of the line's first move played as the engine's best, with the rest of the
    /// line and `score` for both.
    fn best_with_line(before: Chess, sans: &[&str], score: Score) -> ExplainInput {
        let line = board::line_from(&before, sans);
        let mut i = input(before, line[0]);
        i.pv = line[1..].to_vec();
        i.best = Some(line[0]);
        i.best_score = Some(score);
        i.score_after = Some(score);
        i
    }

    fn input(before: Chess, m: Move) -> ExplainInput {
        ExplainInput::board_only(before, m, ExplainLevel::Advanced)
    }

    #[test]
    fn knight_fork_is_explained_with_claims() {
        // White knight jumps to c7 forking king and rook.
        let p = pos("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1");
        let m = mv(&p, "b5c7");
        let reply = mv(&board::play(&p, m).unwrap(), "e8d7");
        let mut i = input(p, m);
        i.pv = vec![reply];
        let e = explain(&i);
        assert!(e.themes.iter().any(|t| t.id == "fork"), "{:?}", e.themes);
        assert!(e.claims.iter().any(|c| c.fact.kind() == "forks"));
        assert!(
            e.sentences.iter().any(|s| s.template == "fork"),
            "{:?}",
            e.sentences
        );
        assert_eq!(e.san, "Nc7+");
    }

    #[test]
    fn a_sound_move_with_only_the_reply_in_its_line_is_no_bare_verdict() {
        // 47...Qc7 Qe4 (Carlsen, game 212 of the shared file): a review's line of one reply;
        // it was "An excellent move, as good as the best." alone.
        let p = pos("3q4/5pk1/4pbp1/p6p/PpN4P/1Pr1PQP1/5PK1/1R6 b - - 11 47");
        let m = mv(&p, "d8c7");
        let reply = mv(&board::play(&p, m).unwrap(), "f3e4");
        let mut i = input(p, m);
        i.pv = vec![reply];
        i.best = Some(m);
        i.best_score = Some(Score::Cp(0));
        i.score_after = Some(Score::Cp(0));
        let e = explain(&i);
        assert!(
            e.sentences.iter().any(|s| s.category != "move_quality"),
            "{}",
            e.text
        );
        assert!(e.text.contains("Qe4"), "{}", e.text);
    }

    #[test]
    fn worse_move_gets_better_was_with_reason() {
        // Black queen hangs on d5; White can take it, but plays a3.
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let best = mv(&p, "d2d5");
        let quiet = mv(&p, "e1f1");
        let mut i = input(p, quiet);
        i.best = Some(best);
        i.best_score = Some(Score::Cp(900));
        i.score_after = Some(Score::Cp(-850));
        let e = explain(&i);
        assert_eq!(
            e.quality.map(|q| q.quality),
            Some(quality::Quality::Blunder)
        );
        let text: Vec<&str> = e.sentences.iter().map(|s| s.text.as_str()).collect();
        assert!(text.iter().any(|t| t.contains("Rxd5")), "{text:?}");
        assert!(e.best.as_ref().is_some_and(|b| b.san == "Rxd5"));
        // Human (White) moved: human view equals mover view.
        assert_eq!(e.score_after.map(|s| s.human), Some(Score::Cp(-850)));
    }

    #[test]
    fn a_queen_dropped_in_a_lost_game_is_not_called_good() {
        // Morphy, 9...Be7 (session 33 read): −8.6 with ...Qxf6, −11.7 after Be7 (Qg8+ and
        // Bxd8). The winning-chance scale calls it good; "A good, solid move" was false.
        let p = pos("rnbqk3/pppp2Qp/5B2/2b5/8/2P5/PP3nPP/RN2KBNR b KQq - 0 9");
        let played = mv(&p, "c5e7");
        let mut i = input(p.clone(), played);
        i.level = ExplainLevel::Medium;
        i.best = Some(mv(&p, "d8f6"));
        i.best_score = Some(Score::Cp(-855));
        i.score_after = Some(Score::Cp(-1175));
        let e = explain(&i);
        assert_eq!(e.quality.map(|q| q.quality), Some(quality::Quality::Good));
        let ids: Vec<&str> = e.sentences.iter().map(|s| s.template.as_str()).collect();
        assert!(ids.contains(&"q_decided_lost"), "{}", e.text);
        assert!(!ids.contains(&"q_good"), "{}", e.text);
        assert!(e.text.contains("Qxf6"), "{}", e.text);
        // A small loss in the same lost game stays good.
        i.score_after = Some(Score::Cp(-955));
        let e = explain(&i);
        assert!(
            e.sentences
                .iter()
                .all(|s| !s.template.starts_with("q_decided")),
            "{}",
            e.text
        );
    }

    #[test]
    fn the_better_moves_reason_is_not_the_played_moves_own() {
        // A reason equal to the played move's is passed over for the next one (Morphy, game
        // 112: "Ng6 rules out Rf8. Better was Bf5, which stops Rf8" said no difference).
        let p = pos("4k3/7p/8/4p3/3N4/8/P6P/4K3 w - - 0 1");
        let better = moves(&p, &["d4f5", "e8d7"]);
        let after = board::play(&p, better[0]).unwrap();
        let line = at_root(&themes::detect_line_after(None, &p, &better));
        let claims = claims::derive(&p, better[0], &after, &better[1..], &line, &[]);
        let t = Templates::get("en").unwrap();
        let san = san_line(&p, &better);
        let (first, _) = better_reason(
            t,
            &san,
            Color::White,
            &line,
            &claims,
            None,
            Avoid::default(),
        )
        .expect("a reason");
        let next = better_reason(
            t,
            &san,
            Color::White,
            &line,
            &claims,
            None,
            Avoid {
                except: std::slice::from_ref(&first),
                ..Avoid::default()
            },
        );
        assert!(next.is_none_or(|(text, _)| text != first), "{first}");
    }

    #[test]
    fn a_piece_kept_by_another_pieces_move_is_said_once() {
        // Tal - Speelman, 20.c4: the pawn frees the second rank, so the queen guards b2.
        // "c4 stops the threat Qxb2. The pawn on b2 is safe again." said one thing twice,
        // the second resting on "c4 defends d5".
        let p = pos("r3rk2/1q2ppbp/3p1np1/p1pP2N1/5B2/4R2P/PPPQ1PP1/4R1K1 w - - 4 20");
        let line = moves(&p, &["c2c4", "a5a4", "e3e2", "b7a6", "d2c2"]);
        let mut i = input(p, line[0]);
        i.pv = line[1..].to_vec();
        i.level = ExplainLevel::Medium;
        let e = explain(&i);
        let text = &e.text;
        // Two threats are met: ...Nxd5 (the pawn attacked twice, guarded by the queen alone)
        // and ...Qxb2; the cheaper capturer's comes first (session 39).
        assert!(text.contains("Nxd5"), "{text}");
        assert!(
            !e.sentences.iter().any(|s| s.template == "defends_piece"),
            "{text}"
        );
    }

    #[test]
    fn a_capture_the_line_wins_back_is_not_what_an_error_allowed() {
        // Tal - Larsen, 20.Bxf5 (h5 was better): "after Bxf5, Rxf5 takes the bishop" named
        // as the error's cost, when Rxe7 and fxe5 win more than the bishop back.
        let p = pos("rq4k1/1b1nbrpp/p2p4/3P1pP1/1p1B1P1P/3B1Q2/PPP5/2K1R2R w - - 1 20");
        let line = moves(
            &p,
            &[
                "d3f5", "f7f5", "e1e7", "d7e5", "f3e4", "b8f8", "f4e5", "f8e7", "e4f5",
            ],
        );
        let best = moves(&p, &["h4h5", "b8f8", "g5g6"]);
        let i = judged(&p, &line, &best, 206, 145);
        let e = explain(&i);
        assert!(
            e.quality
                .is_some_and(|q| q.quality >= quality::Quality::Inaccuracy),
            "{}",
            e.text
        );
        assert!(!e.text.contains("Rxf5 takes"), "{}", e.text);
    }

    #[test]
    fn an_answer_the_better_move_meets_too_can_hurt_only_after_the_error() {
        // 1.Kf1? and 1.Kg2 both meet Nd2, but only after Kf1 does it fork the king and the
        // queen on b3 (18...Re8 Qb3 pinned the queen only with the king on g8, fischer.pgn
        // game 4, session 42 read).
        let p = pos("4k3/8/8/8/4n3/1Q4P1/5P1P/6K1 w - - 0 1");
        let played = moves(&p, &["g1f1", "e4d2", "f1e2", "d2b3"]);
        let better = moves(&p, &["g1g2", "e4d2", "b3d5"]);
        let i = judged(&p, &played, &better, 0, -600);
        let e = explain(&i);
        assert!(says_why(&e), "{:?}", e.sentences);
        assert!(
            e.text.contains("Nd2+") && e.text.contains("fork"),
            "{}",
            e.text
        );
    }

    #[test]
    fn a_principle_is_an_errors_fault_only_when_the_better_move_keeps_it() {
        // fischer.pgn game 7, 9.Nh4 (Re1 and a4 were better): the knight moves again while the
        // bishop on c1 is at home, but the better moves develop nothing either.
        let p = pos("rnb2rk1/ppq2pbp/2pp1np1/4p3/4P3/2PP1NP1/PP1N1PBP/R1BQ1RK1 w - - 1 9");
        let played = moves(&p, &["f3h4", "a7a5"]);
        let better = moves(&p, &["a2a4", "a7a5"]);
        let i = judged(&p, &played, &better, 20, -40);
        let e = explain(&i);
        assert!(
            e.quality
                .is_some_and(|q| q.quality >= quality::Quality::Inaccuracy),
            "{}",
            e.text
        );
        assert!(
            e.sentences.iter().all(|s| s.template != "same_piece_twice"),
            "{:?}",
            e.sentences
        );
        // What develops: castling, a knight or bishop off its back rank.
        let start = Chess::default();
        assert!(develops(mv(&start, "g1f3"), Color::White));
        assert!(!develops(mv(&start, "e2e4"), Color::White));
        let black = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
        assert!(develops(mv(&black, "b8c6"), Color::Black));
        assert!(!develops(mv(&black, "d8e7"), Color::Black));
    }

    /// The input of a move judged against a better one, at medium level: `played` and `better`
    /// are each a move and its line, `best_cp` and `after_cp` the scores of the better move and
    /// after the played one (the mover's view).
    fn judged(
        p: &Chess,
        played: &[Move],
        better: &[Move],
        best_cp: i32,
        after_cp: i32,
    ) -> ExplainInput {
        let mut i = input(p.clone(), played[0]);
        i.level = ExplainLevel::Medium;
        i.pv = played[1..].to_vec();
        i.best = Some(better[0]);
        i.best_pv = better[1..].to_vec();
        i.best_score = Some(Score::Cp(best_cp));
        i.score_after = Some(Score::Cp(after_cp));
        i
    }

    /// Plays `ucis` from `p`, each from the position the previous one left.
    fn moves(p: &Chess, ucis: &[&str]) -> Vec<Move> {
        let mut cur = p.clone();
        ucis.iter()
            .map(|u| {
                let m = mv(&cur, u);
                cur = board::play(&cur, m).unwrap();
                m
            })
            .collect()
    }

    /// Whether a verdict with its reason (`q_*_why`) was said.
    fn says_why(e: &Explanation) -> bool {
        e.sentences.iter().any(|s| s.template.ends_with("_why"))
    }

    #[test]
    fn an_attacked_piece_taking_a_cheaper_one_is_said_to_save_itself() {
        // Tal - Lutikov, 9.Qxb4: the queen on b5 hit by the pawn on c6 takes the bishop
        // (session 44 read: "captures a bishop" and "secures the bishop pair" missed why).
        let p = pos("rnbqk2r/pp4pp/2p2n2/1Q1P4/1b2p3/2N2N2/PPP2PPP/R1B1KB1R w KQkq - 0 9");
        let e = explain(&best_with_line(p, &["Qxb4", "exf3", "d6"], Score::Cp(150)));
        assert!(
            e.sentences
                .iter()
                .any(|s| s.template == "threat_met_moves_captures"),
            "{:?}",
            e.sentences
        );
        // A pawn attacked that takes a pawn takes it, nothing more (8.exd5).
        let p = pos("rnbqkb1r/ppp2ppp/5n2/3pp3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 4");
        let e = explain(&best_with_line(p, &["exd5", "Nxd5"], Score::Cp(20)));
        assert!(
            e.sentences
                .iter()
                .all(|s| !s.template.starts_with("threat_met_moves")),
            "{:?}",
            e.sentences
        );
    }

    #[test]
    fn a_better_recapture_is_not_better_for_what_both_take() {
        // Morphy, 20.hxg5 where fxg5 was better (session 44 read): "Better was fxg5, which
        // wins material back" (then "which removes the attacker") said of fxg5 what hxg5 did
        // too.
        let p = pos("r2n1rk1/ppp3p1/6q1/3P1pp1/2P2P1P/3B4/P5K1/R2Q1R2 w - - 0 20");
        let played = moves(&p, &["h4g5", "d8f7", "f1f3"]);
        let better = moves(&p, &["f4g5", "g6h7", "h4h5"]);
        let e = explain(&judged(&p, &played, &better, 230, 150));
        let said = e
            .sentences
            .iter()
            .find(|s| s.template == "q_better_was")
            .unwrap_or_else(|| panic!("{:?}", e.sentences));
        for shared in ["material", "attacker", "takes"] {
            assert!(!said.text.contains(shared), "{}", said.text);
        }
    }

    #[test]
    fn an_error_says_what_its_answer_does() {
        // 1.h4? allows Nc2+, forking the king and the rook; Ra4 (hitting the knight) was better.
        let p = pos("4k3/8/8/8/1n6/8/7P/R3K3 w - - 0 1");
        let played = moves(&p, &["h2h4", "b4c2", "e1d2", "c2a1"]);
        let better = moves(&p, &["a1a4", "b4d5"]);
        let i = judged(&p, &played, &better, 0, -450);
        let e = explain(&i);
        let why = e
            .sentences
            .iter()
            .find(|s| s.template == "q_blunder_why")
            .unwrap_or_else(|| panic!("{:?}", e.sentences));
        assert!(
            why.text.contains("allows Nc2+") || why.text.contains("h4, Nc2+"),
            "{}",
            why.text
        );
        // Said instead of the plain verdict.
        assert!(
            e.sentences.iter().all(|s| s.template != "q_blunder"),
            "{:?}",
            e.sentences
        );
        assert!(why.text.contains("fork"), "{}", why.text);
        // Its claims are about the answer, in the position after the move.
        assert!(!why.claims.is_empty());
        for c in &why.claims {
            let claim = &e.claims[*c];
            assert!(
                matches!(claim.supports, Supports::Reply | Supports::Played),
                "{claim:?}"
            );
        }
        assert!(
            e.claims
                .iter()
                .any(|c| c.supports == Supports::Reply && c.fact.kind() == "forks")
        );
        // The move's own sentences never rest on the answer's claims.
        for s in e.sentences.iter().filter(|s| s.template != "q_blunder_why") {
            assert!(
                s.claims
                    .iter()
                    .all(|c| e.claims[*c].supports != Supports::Reply),
                "{s:?}"
            );
        }

        // When the better move's line meets the same answer, it is what the move allowed only
        // if it hurts more after the move: after Ra4, Nc2+ forks nothing.
        let mut same = i.clone();
        same.best_pv = vec![played[1]];
        let e = explain(&same);
        assert!(says_why(&e), "{:?}", e.sentences);

        // Nor when the answer does the same after the better move (h3 allows the fork too,
        // whatever its line says).
        let mut also = i.clone();
        let h3 = moves(&p, &["h2h3", "b4d5"]);
        also.best = Some(h3[0]);
        also.best_pv = h3[1..].to_vec();
        let e = explain(&also);
        assert!(!says_why(&e), "{:?}", e.sentences);

        // The best move (no error) says nothing of what it allows.
        let mut fine = i.clone();
        fine.best = Some(played[0]);
        fine.best_score = Some(Score::Cp(-450));
        let e = explain(&fine);
        assert!(!says_why(&e), "{:?}", e.sentences);
    }

    #[test]
    fn a_move_that_allows_mate_is_called_what_it_is_and_names_the_mate() {
        // 3...Nd4?? allows Qxf7# (the level-1 engine's move of issue #33).
        let p = pos("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
        let nd4 = mv(&p, "c6d4");
        let after = board::play(&p, nd4).unwrap();
        let mut i = ExplainInput::board_only(p.clone(), nd4, ExplainLevel::Medium);
        i.pv = vec![mv(&after, "h5f7")];
        i.best = Some(mv(&p, "g7g6"));
        i.best_score = Some(Score::Cp(-30));
        i.score_after = Some(Score::Mate(-1));
        i.human = Some(Color::White);
        let e = explain(&i);
        let text = e.render();
        assert!(text.contains("Qxf7#"), "{text}");
        assert!(!text.contains("good"), "{text}");
        assert!(
            text.contains("you have mate in 1"),
            "White's view, in words: {text}"
        );
        assert!(!text.contains("#1") && !text.contains("for you"), "{text}");
        // 3...a6?? with nothing else to say: the mate is named once, the last resort does
        // not read the reply out again (the learn screen's "After a6 the engine's line goes
        // on with Qxf7#").
        let a6 = mv(&p, "a7a6");
        let after = board::play(&p, a6).unwrap();
        i.mv = a6;
        i.pv = vec![mv(&after, "h5f7")];
        let text = explain(&i).render();
        assert_eq!(text.matches("Qxf7#").count(), 1, "{text}");
    }

    #[test]
    fn a_verdict_never_stands_alone() {
        // A quiet king move judged good: the line says what follows.
        let p = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let kd2 = mv(&p, "e1d2");
        let a1 = board::play(&p, kd2).unwrap();
        let r = mv(&a1, "e8d7");
        let a2 = board::play(&a1, r).unwrap();
        let next = mv(&a2, "d2e3");
        let mut i = ExplainInput::board_only(p.clone(), kd2, ExplainLevel::Basic);
        i.pv = vec![r, next];
        i.best = Some(mv(&p, "e1f2"));
        i.best_score = Some(Score::Cp(110));
        i.score_after = Some(Score::Cp(100));
        let e = explain(&i);
        assert!(
            e.sentences.iter().any(|s| s.category != "move_quality"),
            "{:?}",
            e.sentences
        );
    }

    #[test]
    fn a_piece_saved_with_a_threat_is_said_in_one_sentence() {
        // Morphy, game 203: after 9.exd5 the knight on c6 is attacked; 9...Nd4 saves it and
        // hits the queen on e2. "Nd4 saves the attacked knight" alone missed the threat.
        let p = pos("r1bq1rk1/ppp1bpp1/2n2n1p/3Pp3/N1B5/P2P1N2/1PP1QPPP/R1B1K2R b KQ - 0 9");
        let nd4 = mv(&p, "c6d4");
        let e = explain(&ExplainInput::board_only(
            p.clone(),
            nd4,
            ExplainLevel::Medium,
        ));
        let first = &e.sentences[0];
        assert_eq!(
            first.template, "threat_met_with_threat",
            "{:?}",
            e.sentences
        );
        assert!(first.text.contains("queen"), "{}", first.text);
    }

    #[test]
    fn a_pin_broken_comes_before_the_battery_the_move_also_makes() {
        // Morphy, game 192: 11...Qc7 unpins the knight on f6 (Bg5 against the queen on d8)
        // and lines up with the bishop on d6 against h2; the unpin is the point (session 49).
        let p = pos("r2q1rk1/pp1n1ppp/2pb1n2/3p2B1/3P4/2NB1Q1P/PPP2PP1/R3R1K1 b - - 2 11");
        let qc7 = mv(&p, "d8c7");
        let e = explain(&ExplainInput::board_only(
            p.clone(),
            qc7,
            ExplainLevel::Medium,
        ));
        assert_eq!(e.sentences[0].template, "idea_unpins", "{:?}", e.sentences);
    }

    #[test]
    fn an_in_between_check_before_a_piece_steps_away_is_said_as_such() {
        // Morphy, game 199: 11...Bc5+ with the knight on f6 hit by e5; after Kh1 it steps away
        // (Ne4). "Bc5+ gives check" said no reason (session 49 read).
        let p = pos("r1bq1rk1/p1p1bppp/2p2n2/3pP3/5P2/2N5/PPP1B1PP/R1BQ1RK1 b - - 0 11");
        let bc5 = mv(&p, "e7c5");
        let after = board::play(&p, bc5).unwrap();
        let kh1 = mv(&after, "g1h1");
        let mid = board::play(&after, kh1).unwrap();
        let e = explain(&ExplainInput {
            pv: vec![kh1, mv(&mid, "f6e4")],
            ..ExplainInput::board_only(p.clone(), bc5, ExplainLevel::Medium)
        });
        assert_eq!(
            e.sentences[0].template, "idea_check_first",
            "{:?}",
            e.sentences
        );
        assert!(e.sentences[0].text.contains("knight on f6"), "{}", e.text);
    }

    #[test]
    fn stepping_out_of_check_creates_no_threat_that_stood_before_the_check() {
        // Fischer-Tal: after 18...Rxg2+ the knight on e6 still hits the queen on c7; 19.Kh1
        // neither "threatens Nxc7" nor "sets up the blow Nxc7" nor "prepares Rxf1"
        // (session 49).
        let p = pos("2k5/ppq1n2Q/4N3/P2p4/8/P1p5/2P2PrP/R4bK1 w - - 0 19");
        let kh1 = mv(&p, "g1h1");
        let e = explain(&ExplainInput::board_only(
            p.clone(),
            kh1,
            ExplainLevel::Medium,
        ));
        assert!(
            !e.sentences.iter().any(|s| matches!(
                s.template.as_str(),
                "threat_wins" | "idea_threat_line" | "idea_prepares" | "idea_prepares_hit"
            )),
            "{:?}",
            e.sentences
        );
        assert!(e.text.contains("check"), "{}", e.text);
    }

    #[test]
    fn a_man_stepping_out_of_a_capture_with_a_threat_is_said_in_one_sentence() {
        // Tal–Bronstein, 13.d5: the pawn steps out of ...cxd4 and hits the knight on c6.
        // "d5 saves the pawn from cxd4" first hid the point (session 49).
        let p = pos("r1b2rk1/4bppp/pqnp1n2/1pp1p3/3PP3/2P2N1P/PPBN1PP1/R1BQR1K1 w - - 3 13");
        let d5 = mv(&p, "d4d5");
        let e = explain(&ExplainInput::board_only(
            p.clone(),
            d5,
            ExplainLevel::Medium,
        ));
        let first = &e.sentences[0];
        assert_eq!(
            first.template, "idea_escapes_with_threat",
            "{:?}",
            e.sentences
        );
        assert!(first.text.contains("knight on c6"), "{}", first.text);
        assert!(
            !e.sentences
                .iter()
                .any(|s| s.template == "idea_escapes" || s.template == "threat_wins"),
            "{:?}",
            e.sentences
        );
    }

    #[test]
    fn an_errors_verdict_is_never_crowded_out() {
        let sentence =
            |template: &str, category: &str, priority: i32| crate::explain::templates::Sentence {
                template: template.to_owned(),
                category: category.to_owned(),
                priority,
                text: template.to_owned(),
                claims: Vec::new(),
            };
        // Morphy, 27.d4 (a mistake in the review: Nxh1 first): three sentences of the move
        // outrank the verdict and the better move, which a medium explanation (three) kept
        // none of.
        let all = vec![
            sentence("threat_wins", "tactical_motifs", 120),
            sentence("pawn_break", "pawn_structure", 100),
            sentence("idea_stops", "purpose", 99),
            sentence("q_better_was", "move_quality", 95),
            sentence("q_mistake", "move_quality", 89),
        ];
        let kept: Vec<String> = select(all.clone(), ExplainLevel::Medium, 3)
            .into_iter()
            .map(|s| s.template)
            .collect();
        assert_eq!(kept, ["threat_wins", "q_better_was", "q_mistake"]);
        // An inaccuracy too keeps its verdict and its better move.
        let mut slight = all.clone();
        slight[4] = sentence("q_inaccuracy", "move_quality", 89);
        let kept: Vec<String> = select(slight, ExplainLevel::Medium, 3)
            .into_iter()
            .map(|s| s.template)
            .collect();
        assert_eq!(kept, ["threat_wins", "q_better_was", "q_inaccuracy"]);
        // Five sentences at the advanced level: all of them.
        assert_eq!(select(all.clone(), ExplainLevel::Advanced, 5).len(), 5);
        // A good move's verdict may give way as before.
        let good = vec![
            sentence("threat_wins", "tactical_motifs", 120),
            sentence("pawn_break", "pawn_structure", 100),
            sentence("idea_stops", "purpose", 99),
            sentence("q_good", "move_quality", 40),
        ];
        let kept: Vec<String> = select(good, ExplainLevel::Medium, 3)
            .into_iter()
            .map(|s| s.template)
            .collect();
        assert_eq!(kept, ["threat_wins", "pawn_break", "idea_stops"]);
    }

    #[test]
    fn a_best_move_whose_line_only_trades_is_not_left_empty() {
        // Fischer (purpose_tune2), 18...Ne5 Bxe5 Bxe5: the knight is traded at once, so no
        // activity of it and no plan is said; the trade is ("The engine's line trades: ...").
        let p = pos("r2q1r2/pppn2bk/3p2pp/3P1n2/2P1NB2/3B4/PP2Q1PP/R4RK1 b - - 0 18");
        let ne5 = mv(&p, "d7e5");
        let a1 = board::play(&p, ne5).unwrap();
        let r = mv(&a1, "f4e5");
        let a2 = board::play(&a1, r).unwrap();
        let mut i = ExplainInput::board_only(p.clone(), ne5, ExplainLevel::Medium);
        i.pv = vec![r, mv(&a2, "g7e5")];
        i.best = Some(ne5);
        i.best_score = Some(Score::Cp(39));
        i.score_after = Some(Score::Cp(39));
        let e = explain(&i);
        assert!(
            e.sentences.iter().any(|s| s.category != "move_quality"),
            "{:?}",
            e.sentences
        );
    }

    #[test]
    fn a_mate_that_cannot_be_stopped_is_said_first_and_no_safety_is_claimed() {
        // Every black move is mated next; Kh5 leaves the queen's line, but nothing is safe.
        let p = pos("8/pbp3np/1p1pq1pk/1P6/P4Q1P/6K1/8/8 b - - 1 33");
        let kh5 = mv(&p, "h6h5");
        let after = board::play(&p, kh5).unwrap();
        let mut i = ExplainInput::board_only(p.clone(), kh5, ExplainLevel::Medium);
        i.pv = vec![mv(&after, "f4g5")];
        i.best = Some(kh5);
        i.best_score = Some(Score::Mate(-1));
        i.score_after = Some(Score::Mate(-1));
        let e = explain(&i);
        let first = &e.sentences[0];
        assert_eq!(first.template, "line_mated", "{:?}", e.sentences);
        assert!(first.text.contains("Qg5#"), "{}", first.text);
        assert!(
            e.sentences.iter().all(|s| !s.template.starts_with("idea_")),
            "{:?}",
            e.sentences
        );
    }

    #[test]
    fn a_mate_is_not_also_a_check() {
        let p = pos("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        let rh8 = mv(&p, "h1h8");
        let mut i = ExplainInput::board_only(p.clone(), rh8, ExplainLevel::Medium);
        i.best = Some(rh8);
        i.best_score = Some(Score::Mate(1));
        i.score_after = Some(Score::Mate(1));
        let e = explain(&i);
        assert!(e.text.to_lowercase().contains("checkmate"), "{}", e.text);
        assert!(!e.text.contains("gives check"), "{}", e.text);
    }

    #[test]
    fn illegal_move_gives_empty_explanation() {
        let p = Chess::default();
        let m = Move::Normal {
            role: shakmaty::Role::Queen,
            from: shakmaty::Square::D1,
            capture: None,
            to: shakmaty::Square::D5,
            promotion: None,
        };
        let e = explain(&input(p, m));
        assert!(e.themes.is_empty() && e.claims.is_empty() && e.sentences.is_empty());
    }

    /// The medium explanation of the SAN move `san` in `fen` with the line `line` (SAN, after
    /// the move), judged best at `cp` (mover's view).
    fn medium(fen: &str, san: &str, line: &[&str], cp: i32) -> Explanation {
        let (before, m, after) = board::before_move_after(fen, san);
        let mut i = ExplainInput::board_only(before, m, ExplainLevel::Medium);
        i.pv = board::line_from(&after, line);
        i.best = Some(m);
        i.best_score = Some(Score::Cp(cp));
        i.score_after = Some(Score::Cp(cp));
        explain(&i)
    }

    fn first_template(e: &Explanation) -> &str {
        e.sentences.first().map_or("", |s| s.template.as_str())
    }

    #[test]
    fn a_trade_in_a_line_that_wins_back_says_the_line() {
        // Fischer's game, 11...Bxe5, a pawn down: dxe5 takes back, and ...Qxd1 Rxd1 Nxe4 wins
        // the pawn back (session 46 read: "Bxe5 captures a knight" read as a piece won).
        let e = medium(
            "r1bqr1k1/1pp2ppp/p1pb1n2/4N1B1/3PP3/2P5/PP3PPP/RN1QR1K1 b - - 2 11",
            "Bxe5",
            &[
                "dxe5", "Qxd1", "Rxd1", "Nxe4", "Be3", "Bf5", "Nd2", "Nxd2", "Bxd2", "Rxe5",
            ],
            38,
        );
        let said: Vec<&str> = e.sentences.iter().map(|s| s.template.as_str()).collect();
        assert!(!said.contains(&"captures"), "{}", e.text);
        assert!(
            said.iter().any(|t| t.starts_with("wins_")),
            "{said:?} {}",
            e.text
        );
    }

    #[test]
    fn a_captures_point_is_said_before_the_bare_capture() {
        // A coach's read (session 30). 16...Bxd5 cxd5: an even trade, and the knight on d5
        // stood on an outpost (was "Bxd5 captures a knight.").
        let e = medium(
            "r2q1rk1/p3bppp/2npb3/2pNp3/2P1PP2/1P1B4/PB2Q1PP/R4RK1 b - - 0 16",
            "Bxd5",
            &["cxd5", "Nd4", "Bxd4", "cxd4"],
            17,
        );
        assert_eq!(first_template(&e), "idea_outpost_taken", "{}", e.text);
        assert!(
            e.text.contains("outpost") && e.text.contains("takes back with cxd5"),
            "{}",
            e.text
        );
        // 20.Nxc8: the knight on d6, attacked twice and defended once, is traded for the
        // bishop (was "Nxc8 captures a bishop.").
        let e = medium(
            "r1br1bk1/pp3pp1/2pN2p1/3n4/3P1BP1/4P2P/PP1N1P2/2R2K1R w - - 0 20",
            "Nxc8",
            &["Nxf4", "exf4", "Rxd4", "Nf3", "Rxf4", "Kg2", "Rxc8"],
            -46,
        );
        assert_eq!(first_template(&e), "idea_trades_attacked", "{}", e.text);
        // 20.Nxd5: the pawn comes back with more (was "Nxd5 captures a pawn.").
        let e = medium(
            "3rr1k1/pp3ppp/q7/3pn3/4n1b1/P1N1PNP1/1P3PBP/2RQ1R1K w - - 7 20",
            "Nxd5",
            &[
                "Bxf3", "Bxf3", "Nxf3", "Ne7+", "Kf8", "Qxf3", "Rxe7", "Rfd1",
            ],
            -427,
        );
        assert_eq!(first_template(&e), "idea_lost_back", "{}", e.text);
        assert!(e.text.contains("2 pawns worse off"), "{}", e.text);
        // 9.Nxg5 in the Botvinnik: the knight for two pawns, a sacrifice (was "Nxg5 removes
        // the piece that threatened gxh4.").
        let e = medium(
            "rnbqkb1r/p4p2/2p1pn1p/1p2P1p1/2pP3B/2N2N2/PP3PPP/R2QKB1R w KQkq - 0 9",
            "Nxg5",
            &["hxg5", "Bxg5", "Nbd7", "g3", "Qb6", "exf6"],
            68,
        );
        // (A book move: the opening's name may come first.)
        let own = e
            .sentences
            .iter()
            .find(|s| s.template != "book" && s.category != "move_quality");
        assert_eq!(
            own.map(|s| s.template.as_str()),
            Some("idea_gives_piece"),
            "{}",
            e.text
        );
        assert!(e.text.contains("2 pawns"), "{}", e.text);
        assert!(!e.text.contains("threatened"), "{}", e.text);
    }
}
