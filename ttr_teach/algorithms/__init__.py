"""Algorithms on the map, one family per module, in the manner of networkx.

:mod:`.graphs` (the map as a graph; union-find, BFS and Dijkstra step by step for lessons),
:mod:`.planning` (the cheapest network for a set of tickets: exact Steiner forests) and
:mod:`.probability` (exact card odds: tunnels, the face-up reset). They build on
:mod:`ttr_teach.engine` and never import a view.
"""
