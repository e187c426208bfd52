//! The analysis board's tree of moves: the game it was opened on is the main line, and every
//! move that differs from the continuation already there starts a variation. The current
//! node's position is a [`Game`] rebuilt by [`Game::play`] along the path from the root, so the
//! tree never applies a move any other way. The tree holds a game of any variant (chess or
//! Pawn Battle): its moves, its notation and its endings are the game's.

use shakmaty::{Chess, Move};

use crate::game::{Game, PlayError, PlayedMove};
use crate::pgn::{Variation, VariationMove};
use crate::variant::{Variant, VariantPosition};

/// A move in the tree (an index into its nodes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NodeId(usize);

impl NodeId {
    /// The number [`crate::pgn::VariationMove::id`] carries for this node.
    #[must_use]
    pub fn index(self) -> usize {
        self.0
    }
}

#[derive(Debug, Clone)]
struct Node {
    played: PlayedMove,
    parent: Option<NodeId>,
    /// The continuations, the main one first.
    children: Vec<NodeId>,
}

/// What [`Tree::play`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    /// The move was already the main continuation or a variation: the cursor went there.
    Existing,
    /// The move is the first continuation of the position (it extends the line).
    Extended,
    /// The move differs from the existing continuation: it starts a variation.
    Variation,
}

/// A tree of moves from one start position of the game `P`, with a cursor on one node (or the
/// start).
#[derive(Debug, Clone)]
pub struct Tree<P: VariantPosition = Chess> {
    /// The start position, no move played.
    start: Game<P>,
    /// Every node ever added; deleted ones are unlinked, not removed, so ids stay valid.
    nodes: Vec<Node>,
    /// The first moves, the main one first.
    roots: Vec<NodeId>,
    /// The node the board shows (`None`: the start position).
    current: Option<NodeId>,
    /// The game at the cursor: the start and the path to it, played through [`Game::play`].
    game: Game<P>,
}

/// Whether threefold repetition and the fifty-move rule end a line of the tree. Not in chess:
/// over the board those draws must be claimed, so the analysis goes on (as in a PGN read from
/// a file). In Pawn Battle they are draws by the rules (issue 25), so the line ends there and
/// the board says so.
#[must_use]
pub fn draws_end_lines(variant: Variant) -> bool {
    variant != Variant::Chess
}

impl<P: VariantPosition> Tree<P> {
    /// The tree of `game`'s moves (up to its cursor) as the main line, the cursor after
    /// `ply` moves. Repetitions and the fifty-move rule end a line only where the game's rules
    /// say so ([`draws_end_lines`]).
    #[must_use]
    pub fn from_game(game: &Game<P>, ply: usize) -> Tree<P> {
        let fresh = match game.start_fen() {
            Some(fen) => Game::from_variant_fen(fen),
            None => Ok(Game::starting()),
        };
        // A set-up the game accepted parses again; if it ever did not, its own start serves.
        let mut start = fresh.unwrap_or_else(|_| {
            let mut g = game.clone();
            g.truncate(0);
            g
        });
        start.set_automatic_draws(draws_end_lines(P::VARIANT));
        let mut tree = Tree {
            game: start.clone(),
            start,
            nodes: Vec::new(),
            roots: Vec::new(),
            current: None,
        };
        for played in game.moves() {
            if tree.play(played.mv).is_err() {
                break;
            }
        }
        let main = tree.main_line();
        let shown = ply
            .checked_sub(1)
            .map(|i| main[i.min(main.len().saturating_sub(1))]);
        tree.go_to(shown.filter(|_| !main.is_empty()));
        tree
    }

    /// The game from the start to the cursor (its position is the one shown).
    #[must_use]
    pub fn game(&self) -> &Game<P> {
        &self.game
    }

    /// The start position's game (no move played).
    #[must_use]
    pub fn start(&self) -> &Game<P> {
        &self.start
    }

    /// The node at the cursor (`None`: the start).
    #[must_use]
    pub fn current(&self) -> Option<NodeId> {
        self.current
    }

    /// The node with this [`NodeId::index`], if the tree has one.
    #[must_use]
    pub fn node(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then_some(NodeId(index))
    }

    /// Whether the cursor is on the main line.
    #[must_use]
    pub fn on_main_line(&self) -> bool {
        self.variation_start().is_none()
    }

    /// The move of a node.
    #[must_use]
    pub fn played(&self, id: NodeId) -> &PlayedMove {
        &self.nodes[id.0].played
    }

    /// The continuations of `of` (`None`: the start), the main one first.
    #[must_use]
    pub fn continuations(&self, of: Option<NodeId>) -> &[NodeId] {
        self.children(of)
    }

    fn children(&self, of: Option<NodeId>) -> &[NodeId] {
        match of {
            Some(id) => &self.nodes[id.0].children,
            None => &self.roots,
        }
    }

    fn children_mut(&mut self, of: Option<NodeId>) -> &mut Vec<NodeId> {
        match of {
            Some(id) => &mut self.nodes[id.0].children,
            None => &mut self.roots,
        }
    }

    fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.0].parent
    }

    /// The nodes from the first move to `to`.
    fn path(&self, to: Option<NodeId>) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = to;
        while let Some(id) = at {
            path.push(id);
            at = self.parent(id);
        }
        path.reverse();
        path
    }

    /// The main line: the first move, then each first continuation.
    #[must_use]
    pub fn main_line(&self) -> Vec<NodeId> {
        self.line_from(None)
    }

    /// The first continuations from `of` on.
    fn line_from(&self, of: Option<NodeId>) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = of;
        while let Some(&next) = self.children(at).first() {
            line.push(next);
            at = Some(next);
        }
        line
    }

    /// Moves the cursor to `to`, rebuilding the game along the path.
    fn go_to(&mut self, to: Option<NodeId>) {
        let mut game = self.start.clone();
        for id in self.path(to) {
            // Invariant: every node was added by playing its move at its parent's position.
            if game.play(self.nodes[id.0].played.mv).is_err() {
                break;
            }
        }
        self.game = game;
        self.current = to;
    }

    /// Plays `mv` at the cursor: a continuation already there is followed, a new one is added
    /// (the first continuation of a position extends the line; any other starts a variation).
    ///
    /// # Errors
    /// [`Game::play`]'s error when the move is illegal or the game is over at the cursor.
    pub fn play(&mut self, mv: Move) -> Result<Added, PlayError<P::GameEnd>> {
        if let Some(&existing) = self
            .children(self.current)
            .iter()
            .find(|&&c| self.nodes[c.0].played.mv == mv)
        {
            self.go_to(Some(existing));
            return Ok(Added::Existing);
        }
        let played = self.game.play(mv)?.clone();
        let id = NodeId(self.nodes.len());
        self.nodes.push(Node {
            played,
            parent: self.current,
            children: Vec::new(),
        });
        let siblings = self.children_mut(self.current);
        siblings.push(id);
        let added = if siblings.len() == 1 {
            Added::Extended
        } else {
            Added::Variation
        };
        self.current = Some(id);
        Ok(added)
    }

    /// One move back; false at the start.
    pub fn back(&mut self) -> bool {
        match self.current {
            Some(id) => {
                self.go_to(self.parent(id));
                true
            }
            None => false,
        }
    }

    /// One move forward along the first continuation; false at the end of the line.
    pub fn forward(&mut self) -> bool {
        match self.children(self.current).first() {
            Some(&next) => {
                self.go_to(Some(next));
                true
            }
            None => false,
        }
    }

    /// To the node `to` (a move of the tree); false when it was deleted.
    pub fn go(&mut self, to: NodeId) -> bool {
        let linked = self
            .path(Some(to))
            .first()
            .is_some_and(|first| self.roots.contains(first))
            && self
                .path(Some(to))
                .windows(2)
                .all(|w| self.nodes[w[0].0].children.contains(&w[1]));
        if linked {
            self.go_to(Some(to));
        }
        linked
    }

    /// To the start position.
    pub fn to_start(&mut self) {
        self.go_to(None);
    }

    /// To the end of the current line (following first continuations).
    pub fn to_end(&mut self) {
        let end = self
            .line_from(self.current)
            .last()
            .copied()
            .or(self.current);
        self.go_to(end);
    }

    /// To the cursor's sibling `step` places away (the other moves played in the same
    /// position: into a variation and back); false when there is none that way.
    pub fn sibling(&mut self, step: isize) -> bool {
        let Some(id) = self.current else { return false };
        let siblings = self.children(self.parent(id));
        let Some(at) = siblings.iter().position(|&s| s == id) else {
            return false;
        };
        match at.checked_add_signed(step).and_then(|i| siblings.get(i)) {
            Some(&other) => {
                self.go_to(Some(other));
                true
            }
            None => false,
        }
    }

    /// The first move of the variation the cursor is in, and the move it replaces: `None` on
    /// the main line.
    fn variation_start(&self) -> Option<NodeId> {
        let mut at = self.current?;
        loop {
            let parent = self.parent(at);
            if self.children(parent).first() != Some(&at) {
                return Some(at);
            }
            at = parent?;
        }
    }

    /// Out of the variation the cursor is in, to the move it replaces (the line it left);
    /// false on the main line.
    pub fn leave_variation(&mut self) -> bool {
        let Some(start) = self.variation_start() else {
            return false;
        };
        let main = self.children(self.parent(start)).first().copied();
        self.go_to(main);
        true
    }

    /// Makes the variation the cursor is in the main continuation where it starts (the move
    /// it replaced becomes its first variation); false on the main line.
    pub fn promote(&mut self) -> bool {
        let Some(start) = self.variation_start() else {
            return false;
        };
        let siblings = self.children_mut(self.nodes[start.0].parent);
        siblings.retain(|&s| s != start);
        siblings.insert(0, start);
        true
    }

    /// Deletes the cursor's move and everything after it; the cursor goes back one move.
    /// False at the start.
    pub fn delete(&mut self) -> bool {
        let Some(id) = self.current else { return false };
        let parent = self.parent(id);
        self.children_mut(parent).retain(|&c| c != id);
        self.go_to(parent);
        true
    }

    /// The whole tree for the PGN writer: the main line as a game (for its tags and outcome)
    /// and, for each of its moves, the variations that replace it.
    #[must_use]
    pub fn for_pgn(&self) -> (Game<P>, Vec<Vec<Variation>>) {
        let main = self.main_line();
        let mut game = self.start.clone();
        for &id in &main {
            if game.play(self.nodes[id.0].played.mv).is_err() {
                break;
            }
        }
        let line = self.variation_from(None);
        let alternatives = line.moves.into_iter().map(|m| m.alternatives).collect();
        (game, alternatives)
    }

    /// The line of first continuations after `of`, each move with its variations, for the
    /// writer and the move list ([`crate::pgn::line_tokens`]; ids are [`NodeId::index`]).
    #[must_use]
    pub fn variation_from(&self, of: Option<NodeId>) -> Variation {
        self.variation_of(self.children(of).first().copied())
    }

    /// The line starting with `first` (then first continuations), with the variations at each
    /// move.
    fn variation_of(&self, first: Option<NodeId>) -> Variation {
        let mut moves = Vec::new();
        let mut at = first;
        while let Some(id) = at {
            let parent = self.parent(id);
            let alternatives = self
                .children(parent)
                .iter()
                .skip(1)
                .filter(|_| self.children(parent).first() == Some(&id))
                .map(|&alt| self.variation_of(Some(alt)))
                .collect();
            moves.push(VariationMove {
                played: self.nodes[id.0].played.clone(),
                id: id.0,
                alternatives,
            });
            at = self.children(Some(id)).first().copied();
        }
        Variation { moves }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_of(sans: &[&str]) -> Game {
        let mut game = Game::new();
        for san in sans {
            game.play_text(san).unwrap();
        }
        game
    }

    fn play(tree: &mut Tree, san: &str) -> Added {
        let mv = tree.game().parse_move(san).unwrap();
        tree.play(mv).unwrap()
    }

    fn sans(tree: &Tree, line: &[NodeId]) -> Vec<String> {
        line.iter()
            .map(|&id| tree.played(id).san.to_string())
            .collect()
    }

    fn pgn(tree: &Tree) -> String {
        let (game, alternatives) = tree.for_pgn();
        let text =
            crate::pgn::export_with_variations(&game, &alternatives, &crate::pgn::Tags::default());
        text.split_once("\n\n").unwrap().1.trim().to_owned()
    }

    #[test]
    fn the_game_is_the_main_line_and_the_cursor_the_ply_shown() {
        let tree = Tree::from_game(&game_of(&["e4", "e5", "Nf3"]), 2);
        assert_eq!(sans(&tree, &tree.main_line()), ["e4", "e5", "Nf3"]);
        assert_eq!(tree.game().ply(), 2);
        assert_eq!(tree.game().fen(), game_of(&["e4", "e5"]).fen());
        let at_start = Tree::from_game(&game_of(&["e4"]), 0);
        assert_eq!(at_start.current(), None);
    }

    #[test]
    fn a_different_move_starts_a_variation_and_the_same_one_follows_the_line() {
        let mut tree = Tree::from_game(&game_of(&["e4", "e5", "Nf3"]), 2);
        assert_eq!(play(&mut tree, "Nf3"), Added::Existing);
        assert!(tree.back());
        assert_eq!(play(&mut tree, "Bc4"), Added::Variation);
        assert_eq!(play(&mut tree, "Nf6"), Added::Extended);
        assert_eq!(sans(&tree, &tree.main_line()), ["e4", "e5", "Nf3"]);
        assert_eq!(pgn(&tree), "1. e4 e5 2. Nf3 (2. Bc4 Nf6) *");
        // An illegal move is refused and changes nothing.
        let before = pgn(&tree);
        let illegal = game_of(&[]).parse_move("e4").unwrap();
        assert!(tree.play(illegal).is_err());
        assert_eq!(pgn(&tree), before);
    }

    #[test]
    fn navigation_back_forward_and_between_variations() {
        let mut tree = Tree::from_game(&game_of(&["e4", "e5"]), 1);
        play(&mut tree, "c5");
        play(&mut tree, "Nf3");
        // Back to the branch, then forward follows the main line.
        assert!(tree.back());
        assert!(tree.back());
        assert!(tree.forward());
        assert_eq!(tree.played(tree.current().unwrap()).san.to_string(), "e5");
        // Into the variation (the next sibling) and out of it again.
        assert!(tree.sibling(1));
        assert_eq!(tree.played(tree.current().unwrap()).san.to_string(), "c5");
        assert!(!tree.sibling(1), "no third move here");
        tree.to_end();
        assert_eq!(tree.played(tree.current().unwrap()).san.to_string(), "Nf3");
        assert!(tree.leave_variation());
        assert_eq!(tree.played(tree.current().unwrap()).san.to_string(), "e5");
        assert!(!tree.leave_variation(), "already on the main line");
        tree.to_start();
        assert_eq!((tree.current(), tree.game().ply()), (None, 0));
        assert!(!tree.back());
    }

    #[test]
    fn promote_makes_the_variation_the_main_line() {
        let mut tree = Tree::from_game(&game_of(&["e4", "e5", "Nf3"]), 1);
        play(&mut tree, "c5");
        play(&mut tree, "Nc3");
        assert!(tree.promote());
        assert_eq!(sans(&tree, &tree.main_line()), ["e4", "c5", "Nc3"]);
        assert_eq!(pgn(&tree), "1. e4 c5 (1... e5 2. Nf3) 2. Nc3 *");
        assert!(!tree.promote(), "the main line has nothing to promote");
    }

    #[test]
    fn delete_removes_the_move_and_what_follows() {
        let mut tree = Tree::from_game(&game_of(&["e4", "e5", "Nf3"]), 1);
        play(&mut tree, "c5");
        play(&mut tree, "Nc3");
        tree.back();
        assert!(tree.delete());
        assert_eq!(tree.game().ply(), 1);
        assert_eq!(pgn(&tree), "1. e4 e5 2. Nf3 *");
        // Deleting a main-line move deletes the rest of the main line.
        tree.forward();
        tree.forward();
        assert!(tree.delete());
        assert_eq!(pgn(&tree), "1. e4 e5 *");
        tree.to_start();
        assert!(!tree.delete());
    }

    #[test]
    fn a_set_up_position_keeps_its_start() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40";
        let mut game = Game::from_fen(fen).unwrap();
        game.play_text("Kd7").unwrap();
        let mut tree = Tree::from_game(&game, 0);
        play(&mut tree, "Kf7");
        assert_eq!(tree.start().fen(), fen);
        assert_eq!(pgn(&tree), "40... Kd7 (40... Kf7) *");
    }
}
