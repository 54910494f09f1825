"""Lesson helpers: what the notebooks compute and show, kept out of the notebook cells.

One module per series (e.g. :mod:`ttr_teach.course.lessons.graphs` for ``notebooks/graphs/``).
Like the engine, importing a lesson module never imports a widget or plotting library;
the functions that draw import them when called.
"""
