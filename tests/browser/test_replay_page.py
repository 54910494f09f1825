"""The replay page of ``ttr-teach replay`` in a real browser, offline: the buttons, the slider
and the log move the step; the board, the caption and the scores follow; the last step of a
finished game shows the final totals."""
from __future__ import annotations

from ttr_teach.course.replay_page import replay_page
from ttr_teach.players.play import play_game
from ttr_teach.players.random_bot import RandomBot


def test_the_replay_page_steps_through_the_game_offline(offline_page):
    pg, guard = offline_page
    game = play_game("usa", [RandomBot(1), RandomBot(2)], seed=4)
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_content(replay_page(game, title="Game 0"))      # the page alone: nothing to fetch
    assert pg.locator("#board svg").count() == 1
    assert "The deal" in pg.inner_text("#caption") and pg.input_value("#step") == "0"
    pg.click("#next")
    assert pg.input_value("#step") == "1" and pg.inner_text("#caption").startswith("step 1 of")
    assert pg.locator("#log li.now").get_attribute("data-step") == "1"
    claim = next(i for i, e in enumerate(e for e in game.log if e.get("event") == "action")
                 if e["action"]["type"] == "claim_route") + 1
    pg.locator(f'#log li[data-step="{claim}"]').click()
    assert pg.input_value("#step") == str(claim) and pg.locator("#board .just-taken").count() == 1
    pg.click("#last")
    finals = [p.total for p in game.final_scores().players]
    cells = pg.locator("#scores tbody tr td:last-child").all_inner_texts()
    assert cells == [str(t) for t in finals] and "Game over." in pg.inner_text("#caption")
    pg.focus("#step")
    pg.keyboard.press("Home")
    assert pg.input_value("#step") == "0"
    assert errors == [] and guard.outside == []
