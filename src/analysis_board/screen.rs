//! The analysis board on the shell's stack: [`AnalysisBoard`] of either game as a [`Screen`].
//! After every event it restarts its engine when its position changed (the old analysis
//! cancelled, a new one asked for with play's engine settings, or the review's without play).

use ratatui::Frame;

use super::AnalysisBoard;
use crate::app::Playable;
use crate::screen::{Context, Effect, Event, Kind, Screen, View};
use crate::ui::analysis_board::BoardLayout;

impl<P: Playable> AnalysisBoard<P> {
    /// Restarts the engine when the position changed or it was turned on: the old analysis is
    /// cancelled, a new one asked for from `cx` (none where the game is over).
    fn restart_engine(&mut self, cx: &mut Context, fx: &mut Vec<Effect>) {
        let Some(old) = self.take_restart() else {
            return;
        };
        fx.extend(old.map(Effect::CancelAnalysis));
        if !self.wants_engine() {
            return;
        }
        let mut job = cx.analyses.request(self.position().clone());
        job.request = self.request(job.request);
        self.lines_started(job.id);
        fx.push(Effect::AnalyseLines(P::analysis_job(job)));
    }
}

impl<P: Playable> Screen for AnalysisBoard<P> {
    fn kind(&self) -> Kind {
        Kind::AnalysisBoard(P::VARIANT)
    }

    fn update(&mut self, event: Event, cx: &mut Context) -> Vec<Effect> {
        self.set_keys(cx.keys);
        let mut fx = match event {
            Event::Key(_) | Event::Mouse(_) => {
                AnalysisBoard::update(self, &event, &BoardLayout::new(cx.area))
            }
            Event::Lines(id, report) => {
                self.lines(id, report.map(|l| *l));
                Vec::new()
            }
            Event::AnalysisFailed(id, why) => {
                self.lines(id, Err(why));
                Vec::new()
            }
            Event::PgnWritten(written) => {
                self.written(written);
                Vec::new()
            }
            _ => Vec::new(),
        };
        self.restart_engine(cx, &mut fx);
        fx
    }

    fn render(&self, frame: &mut Frame, view: &View) {
        crate::ui::analysis_board::render(frame, self, view.ui, view.theme);
    }

    fn waits_for(&self, event: &Event) -> bool {
        match event {
            Event::Lines(id, _) | Event::AnalysisFailed(id, _) => {
                AnalysisBoard::waits_for(self, *id)
            }
            Event::PgnWritten(_) => true,
            _ => false,
        }
    }

    fn opened(&mut self, cx: &mut Context) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.restart_engine(cx, &mut fx);
        fx
    }

    fn closed(&self) -> Vec<Effect> {
        self.engine
            .running
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
