"""The course: exercises that check a learner's answers (:mod:`.exercises`), the helpers of
every lesson notebook (:mod:`.lessons`) and the scoring puzzles (:mod:`.puzzles`)."""
