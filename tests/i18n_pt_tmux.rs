//! Portuguese end to end (issue #38): the real binary in a real terminal (tmux), speaking
//! Portuguese because `LANG` says so; `Cf3` typed in Portuguese SAN is played, the engine
//! answers and explains in Portuguese, `:nivel 3` (a command by its Portuguese name) sets the
//! level, the key line and the help are Portuguese, and `q` quits.

#[path = "support/tmux.rs"]
mod tmux;
use tmux::Tmux;

#[test]
fn cf3_in_portuguese_in_the_real_binary() {
    let Some(tmux) = Tmux::start("pt", 100, 30) else {
        return;
    };
    tmux.launch_env("LC_ALL= LC_MESSAGES= LANG=pt_BR.UTF-8", "--new");
    // The key line is drawn last: waiting for it sees the whole first frame (waiting for the
    // move list's first line could catch a half-drawn screen under load).
    let start = tmux.wait_for("? teclas");
    assert!(start.contains("nenhum lance ainda"), "{start}");
    assert!(start.contains("vez das Brancas"), "{start}");
    assert!(
        start.contains("? teclas"),
        "the key line in Portuguese:\n{start}"
    );

    // Portuguese SAN: C is the knight.
    tmux.keys(&[":"]);
    tmux.send_literal("Cf3");
    tmux.keys(&["Enter"]);
    let played = tmux.wait_for("1. Cf3");
    assert!(!played.contains("Nf3"), "{played}");
    let reply = tmux.wait_for("O computador jogou");
    for english in ["The engine", "White to move", "no moves yet", "? keys"] {
        assert!(!reply.contains(english), "English {english:?}:\n{reply}");
    }

    // A command typed by its Portuguese name, without its accent (`:nível`).
    tmux.keys(&[":"]);
    tmux.send_literal("nivel 3");
    tmux.keys(&["Enter"]);
    tmux.wait_for("nível 3 a partir do próximo lance do computador");

    // The help is Portuguese too.
    tmux.keys(&["?"]);
    tmux.wait_for("esta ajuda");
    tmux.keys(&["Escape"]);
    tmux.wait_until("the help to close", |s| !s.contains("esta ajuda"));

    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
}
