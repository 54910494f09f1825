"""Tournaments in parallel give the very result of the serial run: on a process pool, on any
``concurrent.futures`` executor, and on a local dask cluster (processes), bots given as
classes, as text and as a lambda (sent by value with cloudpickle)."""
from __future__ import annotations

import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest

import ttr_teach
from ttr_teach import PlannerBot, RandomBot

BOTS = {"random": RandomBot, "planner": "planner", "lambda": lambda seed: RandomBot(seed + 7)}
ARGS = dict(games=6, maps=("usa",), seed=11, progress=False)


@pytest.fixture(scope="module")
def serial():
    return ttr_teach.tournament(BOTS, jobs=1, **ARGS)


def test_tournament_on_a_process_pool_equals_the_serial_run(serial):
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # every bot travels: no fallback warning
        pooled = ttr_teach.tournament(BOTS, jobs=2, **ARGS)
    assert pooled == serial
    assert pooled.to_dict(timings=False) == serial.to_dict(timings=False)


def test_tournament_on_any_executor_equals_the_serial_run(serial):
    with ThreadPoolExecutor(2) as pool:
        assert ttr_teach.tournament(BOTS, executor=pool, **ARGS) == serial


def test_tournament_on_a_local_dask_cluster_equals_the_serial_run(serial):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        result = ttr_teach.tournament(BOTS, executor=client.get_executor(), **ARGS)
    assert result == serial


def test_tournament_a_worker_that_dies_costs_only_its_games():
    import os

    class KillsItsProcess:
        def choose(self, view):
            os._exit(1)

    result = ttr_teach.tournament({"planner": PlannerBot, "killer": KillsItsProcess}, jobs=2, games=2,
                                  maps=("usa",), progress=False)
    assert [r.fault["kind"] for r in result.games] == ["crashed", "crashed"]
    assert "the process playing this game died" in result.games[0].fault["reason"]
    assert result.standings()["planner"]["wins"] == 0


def test_tournament_a_factory_that_cannot_travel_plays_here_with_a_warning():
    import threading

    lock = threading.Lock()          # neither pickle nor cloudpickle can send a lock

    def factory(seed, lock=lock):
        return RandomBot(seed)

    with pytest.warns(RuntimeWarning, match="cannot be sent to other processes"):
        result = ttr_teach.tournament({"a": factory, "b": RandomBot}, jobs=2, games=2, maps=("usa",),
                                      progress=False)
    assert len(result.games) == 2 and all(r.fault is None for r in result.games)
