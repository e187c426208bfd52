//! The board editor on the shell's stack: [`EditorScreen`] (the [`Editor`] and its analysis in
//! flight) as a [`Screen`]. Keys and the mouse become [`super::EditorAction`]s
//! ([`super::input`]); what the editor asks for becomes effects: copy the FEN, close, explain
//! the best move with play's engine settings, open a Pawn Battle analysis board over the
//! editor, or close and hand the set-up to play ([`Effect::PlayFrom`]).

use ratatui::Frame;

use super::{Editor, EditorOutcome, Note};
use crate::analysis_board::{AnalyseFrom, AnalysisBoard};
use crate::app::{AnalysisId, Playable, SetUp};
use crate::game::Game;
use crate::screen::{Context, Effect, Event, Kind, Opened, Screen, View};
use crate::ui::editor::EditorLayout;
use crate::variant::with_game;

/// The board editor's screen: the editor and its analysis in flight.
#[derive(Debug, Clone)]
pub struct EditorScreen {
    /// The editor's model.
    pub editor: Editor,
    /// The id of the "analyse from here" running for it, whose report comes here.
    pub analysis: Option<AnalysisId>,
}

impl EditorScreen {
    /// The screen of `editor`, nothing running.
    #[must_use]
    pub fn new(editor: Editor) -> EditorScreen {
        EditorScreen {
            editor,
            analysis: None,
        }
    }

    /// A refusal shown in the editor's panel.
    /// The analysis board over the editor on the set-up `fen`, a position of `P` (q on the
    /// board comes back to the set-up).
    fn analysis_board<P: Playable>(&mut self, fen: &str) -> Vec<Effect> {
        let game = match Game::<P>::from_variant_fen(fen) {
            Ok(game) => game,
            Err(e) => {
                self.refuse(e.to_string());
                return Vec::new();
            }
        };
        let from = AnalyseFrom {
            game,
            ply: 0,
            orientation: self.editor.orientation,
            human: self.editor.human,
        };
        vec![Effect::Open(Opened::new(AnalysisBoard::new(&from)))]
    }

    fn refuse(&mut self, text: String) {
        self.editor.note = Some(Note { text, error: true });
    }

    /// What the editor asked for, as effects.
    fn outcome(&mut self, outcome: EditorOutcome, cx: &mut Context) -> Vec<Effect> {
        match outcome {
            EditorOutcome::Stay => Vec::new(),
            EditorOutcome::CopyFen(fen) => vec![Effect::Copy(fen)],
            EditorOutcome::Close => vec![Effect::CloseScreen],
            EditorOutcome::Analyse { fen } => {
                let Ok(before) = crate::game::fen::parse(&fen) else {
                    return Vec::new();
                };
                let mut fx: Vec<Effect> = self
                    .analysis
                    .take()
                    .map(Effect::CancelAnalysis)
                    .into_iter()
                    .collect();
                let job = cx.analyses.request(before);
                self.analysis = Some(job.id);
                fx.push(Effect::Analyse(shakmaty::Chess::analysis_job(job)));
                fx
            }
            EditorOutcome::AnalysisBoard { fen } => {
                with_game!(self.editor.variant, P => self.analysis_board::<P>(&fen))
            }
            EditorOutcome::Play {
                variant,
                fen,
                human,
                level,
            } => {
                let checked = with_game!(variant, P =>
                    Game::<P>::from_variant_fen(&fen).map(drop).map_err(|e| e.to_string()));
                if let Err(e) = checked {
                    self.refuse(e);
                    return Vec::new();
                }
                // The editor closes (its analysis cancelled), then play takes the set-up (a
                // play screen of the other game puts its game away and asks for one of this).
                vec![
                    Effect::CloseScreen,
                    Effect::PlayFrom(Box::new(SetUp {
                        variant,
                        fen,
                        human,
                        level,
                    })),
                ]
            }
        }
    }
}

impl Screen for EditorScreen {
    fn kind(&self) -> Kind {
        Kind::Editor
    }

    fn update(&mut self, event: Event, cx: &mut Context) -> Vec<Effect> {
        let action = match event {
            Event::Key(k) => super::input::key_action(&self.editor, cx.keys, k),
            Event::Mouse(m) => {
                let layout = EditorLayout::new(cx.area, &self.editor);
                super::input::mouse_action(&self.editor, &layout, m)
            }
            Event::Analysed(_, analysis) => {
                self.analysis = None;
                self.editor.analysed(Ok(*analysis));
                None
            }
            Event::AnalysisFailed(_, why) => {
                self.analysis = None;
                self.editor.analysed(Err(why));
                None
            }
            _ => None,
        };
        match action {
            Some(action) => {
                let outcome = self.editor.apply(action);
                self.outcome(outcome, cx)
            }
            None => Vec::new(),
        }
    }

    fn render(&self, frame: &mut Frame, view: &View) {
        crate::ui::editor::render(frame, &self.editor, view.ui, view.theme, view.keys);
    }

    fn waits_for(&self, event: &Event) -> bool {
        matches!(event, Event::Analysed(id, _) | Event::AnalysisFailed(id, _)
            if self.analysis == Some(*id))
    }

    fn closed(&self) -> Vec<Effect> {
        self.analysis
            .map(Effect::CancelAnalysis)
            .into_iter()
            .collect()
    }

    fn passes_interrupt(&self) -> bool {
        true
    }

    fn boxed(&self) -> Box<dyn Screen> {
        Box::new(self.clone())
    }
}
