"""Exercises with checkers that teach: right or wrong with a nudge, never the key; hints in
steps; the worked solution after a try; progress that counts only the learner's own answers,
kept across notebooks and exportable for a teacher.

========================  ==================================================================
module                    what it holds
========================  ==================================================================
:mod:`.reading`           answers read as people write them (``0,127``, ``12.7%``, ``14/110``,
                          ``yellow and black``) and numbers written in plain decimals
:mod:`.core`              :class:`Verdict`, :class:`Exercise` and the number, choice,
                          true/false and set exercises
:mod:`.functions`         :class:`FunctionExercise`: the learner writes a function
:mod:`.sets`              :class:`ExerciseSet`: a lesson's exercises by name, keys out of sight
:mod:`.progress`          :class:`Progress` and the learner's record (:class:`ProgressStore`)
:mod:`.widget`            the ipywidgets that show them
========================  ==================================================================

>>> ex = NumberExercise("How many train cards are in the deck?", 110, example="110")
>>> ex.check(96).message
'Not quite: 96 is too low.'
>>> ex.verify()
"""
from .core import (
                   TRY_FIRST,
                   ChoiceExercise,
                   Exercise,
                   NotWrittenYet,
                   NumberExercise,
                   SetExercise,
                   TrueFalseExercise,
                   Verdict,
                   count_words,
                   set_verdict,
)
from .functions import FunctionExercise, describe, source_of
from .progress import ENV, Progress, ProgressStore, default_path
from .reading import plain_number, read_items, read_number
from .sets import ExerciseSet

__all__ = ["Verdict", "Exercise", "NumberExercise", "ChoiceExercise", "TrueFalseExercise", "SetExercise",
           "FunctionExercise", "NotWrittenYet", "ExerciseSet", "Progress", "ProgressStore", "default_path",
           "ENV", "set_verdict", "count_words", "read_number", "read_items", "plain_number", "describe",
           "source_of", "TRY_FIRST"]
