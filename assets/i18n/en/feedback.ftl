# Feedback on an explanation (src/feedback.rs, src/app/feedback.rs, src/review/screen.rs).
# $san: the move explained (SAN); $verdict: wrong, unclear or helpful; $word: what was typed.

feedback-prompt-label = feedback:{" "}
feedback-prompt-help = w wrong · u unclear · h helpful, then a note if you like; Enter keeps it, Esc cancels
feedback-needs-db = feedback is kept in the position database, which is off in this run (--no-db or database.enabled = false): run without --no-db and with database.enabled = true to give feedback
feedback-kept = kept: { $san } marked { $verdict } (kibitzer feedback list shows it, export writes it)
feedback-no-verdict = say what the explanation is first: w (wrong), u (unclear) or h (helpful), then a note if you like
feedback-bad-verdict = "{ $word }" is no verdict: start with w (wrong), u (unclear) or h (helpful), then a note if you like
feedback-nothing-shown = no explanation on the screen: feedback is about the explanation of a move (play one, or go forward to one with the browse keys)
feedback-not-yet = this move has no explanation yet: wait for it, then give feedback
feedback-hint-not-yet = the hint has no explanation yet: wait for it
feedback-no-text = this move has no explanation to give feedback on
feedback-review-start = no explanation at the start position: go forward to a move to give feedback
feedback-review-not-analysed = this move is not analysed yet: its explanation comes first
feedback-not-kept = the feedback could not be kept in { $file }: { $why }
