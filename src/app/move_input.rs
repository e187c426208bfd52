//! Entering a move on a board, by keys and by the mouse: pick a piece, put it on a square (by a
//! second press, a click or a drag), castle by moving the king two squares or onto its rook, and
//! choose a promotion piece in the picker. One [`MoveInput`] serves every screen that takes a
//! move on a board (play mode, the review's "learn from your mistakes"), so they behave the same.
//!
//! It holds only what the user has done so far; the position comes with each call, and a
//! finished move comes back as [`Step::Move`] for the screen to play or judge.

use std::fmt;

use ratatui::crossterm::event::KeyEvent;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Move, Role, Square};

use crate::variant::VariantPosition;

/// The promotion choices in picker order.
pub const PROMOTION_ROLES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

crate::keys::actions! {
    /// What a key asks of the promotion picker (`[[promotion]]`), on every screen that has one.
    pub enum PromotionAction in "promotion" {
        /// Promote to a queen.
        Queen = "queen",
        /// Promote to a rook.
        Rook = "rook",
        /// Promote to a bishop.
        Bishop = "bishop",
        /// Promote to a knight.
        Knight = "knight",
        /// Highlight the piece before.
        Previous = "previous",
        /// Highlight the piece after.
        Next = "next",
        /// Take the highlighted piece.
        Take = "take",
        /// Close the picker.
        Cancel = "cancel",
    }
}

/// A pawn move waiting for its promotion piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Promotion {
    /// The pawn's square.
    pub from: Square,
    /// The destination.
    pub to: Square,
    /// The highlighted choice (index in [`PROMOTION_ROLES`]).
    pub choice: usize,
}

/// What the user has done towards a move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveInput {
    /// The picked-up piece.
    pub selected: Option<Square>,
    /// Where a mouse drag started.
    pub drag_from: Option<Square>,
    /// The promotion picker, while open.
    pub promotion: Option<Promotion>,
}

/// What one action did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Nothing to report (the picker's highlight moved, a click outside the board).
    Nothing,
    /// A piece was picked up.
    Picked(Square),
    /// The picked piece (or the promotion) was put back.
    Cancelled,
    /// The promotion picker opened.
    ChoosePromotion,
    /// A move is complete.
    Move(Move),
    /// The action was refused (why).
    Refused(Refusal),
}

/// Why an action was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// No legal move goes from the first square to the second.
    Illegal {
        /// The picked square.
        from: Square,
        /// The square chosen.
        to: Square,
    },
    /// The square holds a piece of the side not to move.
    NotYourPiece,
    /// The square is empty and nothing is picked.
    Empty,
    /// The promotion chosen is not legal.
    Promotion,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Illegal { from, to } => f.write_str(&crate::i18n::tr(
                "pick-illegal",
                &[
                    ("from", from.to_string().into()),
                    ("to", to.to_string().into()),
                ],
            )),
            Refusal::NotYourPiece => f.write_str(&crate::i18n::t("pick-not-yours")),
            Refusal::Empty => f.write_str(&crate::i18n::t("pick-empty")),
            Refusal::Promotion => f.write_str(&crate::i18n::t("pick-promotion")),
        }
    }
}

/// The destination square as the user sees it: castling is the king's two-square move.
pub fn target(mv: &Move) -> Square {
    match mv.to_uci(CastlingMode::Standard) {
        UciMove::Normal { to, .. } | UciMove::Put { to, .. } => to,
        UciMove::Null => mv.to(),
    }
}

/// The legal moves from `from` to `to` in `pos`: `to` is the destination as the user sees it
/// ([`target`]), or the rook's square for castling (the king put onto its own rook). Several
/// moves are the promotions of one pawn move.
pub fn moves_between<P: VariantPosition>(pos: &P, from: Square, to: Square) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(from) && (target(m) == to || (m.is_castle() && m.to() == to)))
        .collect()
}

impl MoveInput {
    /// Forgets the picked piece, the drag and the promotion picker.
    pub fn clear(&mut self) {
        *self = MoveInput::default();
    }

    /// Legal destinations of the picked piece (castling as the king's destination).
    pub fn targets<P: VariantPosition>(&self, pos: &P) -> Vec<Square> {
        match self.selected {
            Some(from) => pos
                .legal_moves()
                .iter()
                .filter(|m| m.from() == Some(from))
                .map(target)
                .collect(),
            None => Vec::new(),
        }
    }

    /// A press on `sq` (Enter on the cursor's square, or a click): picks a piece of the side
    /// to move, puts the picked one back, or finishes a move there.
    pub fn press<P: VariantPosition>(&mut self, pos: &P, sq: Square) -> Step {
        self.drag_from = None;
        let own = pos.board().color_at(sq) == Some(pos.turn());
        match self.selected {
            Some(from) if from == sq => {
                self.selected = None;
                Step::Cancelled
            }
            Some(from) if !own || !moves_between(pos, from, sq).is_empty() => {
                self.finish(pos, from, sq)
            }
            _ if own => {
                self.selected = Some(sq);
                Step::Picked(sq)
            }
            _ if pos.board().piece_at(sq).is_some() => Step::Refused(Refusal::NotYourPiece),
            _ => Step::Refused(Refusal::Empty),
        }
    }

    /// The mouse button went down on `sq`: as [`MoveInput::press`], and a piece picked up
    /// this way may be dragged to its destination ([`MoveInput::mouse_up`]).
    pub fn mouse_down<P: VariantPosition>(&mut self, pos: &P, sq: Square) -> Step {
        let step = self.press(pos, sq);
        if let Step::Picked(from) = step {
            self.drag_from = Some(from);
        }
        step
    }

    /// The mouse button came up on `sq` (`None`: off the board): finishes a drag that ends on
    /// another square.
    pub fn mouse_up<P: VariantPosition>(&mut self, pos: &P, sq: Option<Square>) -> Step {
        match (self.drag_from.take(), sq) {
            (Some(from), Some(to)) if to != from && self.selected == Some(from) => {
                self.finish(pos, from, to)
            }
            _ => Step::Nothing,
        }
    }

    /// A key while the promotion picker is open, through the keymap's `[[promotion]]`
    /// ([`PromotionAction`]; by default arrows and hjkl move the highlight, Enter or Space
    /// takes it, `q r b n` choose directly, Esc closes the picker).
    pub fn promotion_key<P: VariantPosition>(
        &mut self,
        pos: &P,
        key: KeyEvent,
        keys: &crate::keys::Keymaps,
    ) -> Step {
        let Some(p) = self.promotion else {
            return Step::Nothing;
        };
        let n = PROMOTION_ROLES.len();
        let Some(action) = keys.action::<PromotionAction>(&key) else {
            return Step::Nothing;
        };
        let role = match action {
            PromotionAction::Cancel => {
                self.clear();
                return Step::Cancelled;
            }
            PromotionAction::Previous => {
                self.promotion = Some(Promotion {
                    choice: (p.choice + n - 1) % n,
                    ..p
                });
                return Step::Nothing;
            }
            PromotionAction::Next => {
                self.promotion = Some(Promotion {
                    choice: (p.choice + 1) % n,
                    ..p
                });
                return Step::Nothing;
            }
            PromotionAction::Take => PROMOTION_ROLES[p.choice % n],
            PromotionAction::Queen => Role::Queen,
            PromotionAction::Rook => Role::Rook,
            PromotionAction::Bishop => Role::Bishop,
            PromotionAction::Knight => Role::Knight,
        };
        self.promote(pos, role)
    }

    /// A click while the promotion picker is open: on choice `choice` (an index in
    /// [`PROMOTION_ROLES`]) takes it, elsewhere (`None`) closes the picker.
    pub fn promotion_click<P: VariantPosition>(&mut self, pos: &P, choice: Option<usize>) -> Step {
        match choice.and_then(|c| PROMOTION_ROLES.get(c)) {
            Some(&role) => self.promote(pos, role),
            None => {
                self.clear();
                Step::Cancelled
            }
        }
    }

    fn promote<P: VariantPosition>(&mut self, pos: &P, role: Role) -> Step {
        let Some(p) = self.promotion else {
            return Step::Nothing;
        };
        self.clear();
        moves_between(pos, p.from, p.to)
            .into_iter()
            .find(|m| m.promotion() == Some(role))
            .map_or(Step::Refused(Refusal::Promotion), Step::Move)
    }

    fn finish<P: VariantPosition>(&mut self, pos: &P, from: Square, to: Square) -> Step {
        match moves_between(pos, from, to).as_slice() {
            [] => {
                self.clear();
                Step::Refused(Refusal::Illegal { from, to })
            }
            [mv] => {
                self.clear();
                Step::Move(*mv)
            }
            _ => {
                self.selected = Some(from);
                self.drag_from = None;
                self.promotion = Some(Promotion {
                    from,
                    to,
                    choice: 0,
                });
                Step::ChoosePromotion
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::Action;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};
    use shakmaty::Chess;

    fn pos(fen: &str) -> Chess {
        crate::game::fen::parse(fen).unwrap()
    }

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    fn san(pos: &Chess, step: Step) -> String {
        match step {
            Step::Move(mv) => shakmaty::san::San::from_move(pos, mv).to_string(),
            other => panic!("no move: {other:?}"),
        }
    }

    #[test]
    fn castling_by_the_king_two_squares_or_onto_its_rook() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for (to, expected) in [
            (Square::G1, "O-O"),
            (Square::H1, "O-O"),
            (Square::C1, "O-O-O"),
            (Square::A1, "O-O-O"),
        ] {
            let mut input = MoveInput::default();
            assert_eq!(input.press(&p, Square::E1), Step::Picked(Square::E1));
            assert_eq!(san(&p, input.press(&p, to)), expected, "e1 then {to}");
            assert_eq!(input, MoveInput::default());
        }
        // By drag, onto the rook.
        let mut input = MoveInput::default();
        input.mouse_down(&p, Square::E1);
        assert_eq!(san(&p, input.mouse_up(&p, Some(Square::H1))), "O-O");
        // The highlights show the king's destinations.
        let mut input = MoveInput::default();
        input.press(&p, Square::E1);
        let targets = input.targets(&p);
        assert!(targets.contains(&Square::G1) && targets.contains(&Square::C1));
    }

    #[test]
    fn a_rook_click_without_castling_rights_picks_the_rook() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
        let mut input = MoveInput::default();
        input.press(&p, Square::E1);
        assert_eq!(input.press(&p, Square::H1), Step::Picked(Square::H1));
    }

    /// Issue 35: the promotion picker's keys are the keymap's `[[promotion]]`: remapped in the
    /// config, the new key chooses and the old one does nothing; the help and the key line
    /// name the new key.
    #[test]
    fn the_promotion_picker_keys_come_from_the_keymap() {
        let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let config: crate::keys::KeysConfig =
            toml::from_str("[promotion]\nknight = \"x\"\ncancel = \"Backspace\"\n").unwrap();
        let keys = crate::keys::Keymaps::with(&config).unwrap();
        let mut input = MoveInput::default();
        input.press(&p, Square::A7);
        input.press(&p, Square::A8);
        assert_eq!(input.promotion_key(&p, key('n'), &keys), Step::Nothing);
        let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
        assert_eq!(input.promotion_key(&p, esc, &keys), Step::Nothing);
        assert_eq!(san(&p, input.promotion_key(&p, key('x'), &keys)), "a8=N");
        input.press(&p, Square::A7);
        input.press(&p, Square::A8);
        let back = KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE);
        assert_eq!(input.promotion_key(&p, back, &keys), Step::Cancelled);
        let line = keys.key_line(PromotionAction::SCREEN);
        assert!(line.contains("x knight"), "{line}");
        assert!(!line.contains("n knight"), "{line}");
        let help = keys.help(PromotionAction::SCREEN);
        assert!(help.iter().any(|(k, _)| k.contains('x')), "{help:?}");
    }

    #[test]
    fn promotion_opens_the_picker_for_every_piece() {
        let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let keys = crate::keys::Keymaps::defaults();
        let mut input = MoveInput::default();
        input.press(&p, Square::A7);
        assert_eq!(input.press(&p, Square::A8), Step::ChoosePromotion);
        assert_eq!(input.promotion.map(|x| x.choice), Some(0));
        assert_eq!(
            input.promotion_key(&p, KeyEvent::new(KeyCode::Right, KeyModifiers::NONE), &keys),
            Step::Nothing
        );
        assert_eq!(
            san(
                &p,
                input.promotion_key(&p, KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), &keys)
            ),
            "a8=R"
        );
        input.press(&p, Square::A7);
        input.press(&p, Square::A8);
        assert_eq!(san(&p, input.promotion_key(&p, key('n'), &keys)), "a8=N");
        input.press(&p, Square::A7);
        input.press(&p, Square::A8);
        assert_eq!(san(&p, input.promotion_click(&p, Some(2))), "a8=B");
        input.press(&p, Square::A7);
        input.press(&p, Square::A8);
        assert_eq!(input.promotion_click(&p, None), Step::Cancelled);
        assert_eq!(input, MoveInput::default());
    }

    #[test]
    fn refusals_say_why() {
        let p = Chess::default();
        let mut input = MoveInput::default();
        assert_eq!(input.press(&p, Square::E4), Step::Refused(Refusal::Empty));
        assert_eq!(
            input.press(&p, Square::E7),
            Step::Refused(Refusal::NotYourPiece)
        );
        input.press(&p, Square::E2);
        let step = input.press(&p, Square::E5);
        assert_eq!(
            step,
            Step::Refused(Refusal::Illegal {
                from: Square::E2,
                to: Square::E5
            })
        );
        if let Step::Refused(r) = step {
            assert_eq!(r.to_string(), "e2e5 is not a legal move here");
        }
        // Pressing the picked square again puts it back; another own piece is picked instead.
        input.press(&p, Square::E2);
        assert_eq!(input.press(&p, Square::E2), Step::Cancelled);
        input.press(&p, Square::E2);
        assert_eq!(input.press(&p, Square::D2), Step::Picked(Square::D2));
    }
}
