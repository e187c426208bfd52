//! The play screen on the shell's stack: [`App`] as a [`Screen`] (either game) and as the
//! [`PlayScreen`] the shell asks for its settings, its size and the editor.

use ratatui::Frame;

use super::{App, Playable};
use crate::config::Config;
use crate::screen::{Context, Effect, Event, Kind, PlayScreen, Screen, View};

impl<P: Playable> Screen for App<P> {
    fn kind(&self) -> Kind {
        Kind::Play(P::VARIANT)
    }

    fn update(&mut self, event: Event, _cx: &mut Context) -> Vec<Effect> {
        App::update(self, event)
    }

    fn render(&self, frame: &mut Frame, view: &View) {
        crate::ui::render(frame, self, view.theme);
    }

    /// Every event the screens above do not take: ticks, the engine's reports, its own
    /// analyses, files, configuration reloads (reports of a closed screen are dropped).
    fn waits_for(&self, event: &Event) -> bool {
        !matches!(
            event,
            Event::Key(_)
                | Event::Mouse(_)
                | Event::ReviewReport(_)
                | Event::Lines(..)
                | Event::PgnWritten(_)
        )
    }

    fn covered(&mut self, covered: bool) -> Vec<Effect> {
        self.set_covered(covered);
        let mut fx = Vec::new();
        if covered {
            // Another screen is over play: the verdicts deepen again when it is back.
            self.stop_deepening(&mut fx);
        }
        fx
    }

    fn play(&self) -> Option<&dyn PlayScreen> {
        Some(self)
    }

    fn play_mut(&mut self) -> Option<&mut dyn PlayScreen> {
        Some(self)
    }

    fn boxed(&self) -> Box<dyn Screen> {
        Box::new(self.clone())
    }
}

impl<P: Playable> PlayScreen for App<P> {
    fn update(&mut self, event: Event) -> Vec<Effect> {
        App::update(self, event)
    }
    fn config(&self) -> &Config {
        &self.config
    }
    fn keys(&self) -> &std::sync::Arc<crate::keys::Keymaps> {
        &self.keys
    }
    fn quits(&self) -> bool {
        self.quit
    }
    fn size(&self) -> (u16, u16) {
        self.size
    }
    fn next_game(&self) -> (u64, crate::clock::TimeSource) {
        (self.seed(), self.time.clone())
    }
    fn ask_editor(&mut self) -> Vec<Effect> {
        App::ask_editor(self, false)
    }
}
