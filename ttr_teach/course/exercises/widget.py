"""Exercises and progress as ipywidgets: an answer box, *Check*, hints in steps, the solution
after a try, and a progress bar with an export button.

Prompts, hints and solutions are Markdown (``**bold**``, ```code```, ``- `` lists) drawn as
HTML. ipywidgets is imported only when something is shown.

>>> print(markdown_html("Two parts:\\n- routes: 10\\n- tickets: +8\\nTotal: 18."))
<p>Two parts:</p>
<ul>
<li>routes: 10</li>
<li>tickets: +8</li>
</ul>
<p>Total: 18.</p>
"""
from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import cast

from ...engine.i18n import gettext

#: Colours of a right and a wrong verdict (the lessons' green and red).
RIGHT_INK, WRONG_INK = "#1a7f37", "#c62828"


def _separate_items(text: str) -> str:
    """Put a blank line between a ``- `` list and a plain line after it, so the plain line
    starts a new paragraph instead of continuing the last item."""
    out, in_list = [], False
    for line in text.splitlines():
        item = line.startswith(("- ", "* "))
        if in_list and line.strip() and not item and not line.startswith((" ", "\t")):
            out.append("")
            in_list = False
        if item:
            in_list = True
        elif not line.strip():
            in_list = False
        out.append(line)
    return "\n".join(out)


def markdown_html(text: str, inline: bool = False) -> str:
    """Markdown text as HTML (the author's text is escaped, never run as HTML). ``inline``: a
    single paragraph comes without its ``<p>`` (for a hint in a list, or a line of text).

    >>> markdown_html("Look at the *table*.", inline=True)
    'Look at the <em>table</em>.'
    """
    import mistune

    out = cast(str, mistune.create_markdown(escape=True)(_separate_items(text or ""))).strip()
    if inline and out.startswith("<p>") and out.endswith("</p>") and out.count("<p>") == 1:
        out = out[3:-4]
    return out


def verdict_html(verdict) -> str:
    """A verdict as a line of HTML: a green tick or a red cross, and its sentence."""
    return _mark_html(verdict.correct, verdict.message)


def _mark_html(correct: bool, message: str) -> str:
    mark, ink = ("✔", RIGHT_INK) if correct else ("✘", WRONG_INK)
    return f'<span style="color:{ink};font-weight:bold">{mark}</span> {html.escape(message)}'



def input_for(exercise):
    """The answer input for ``exercise``: its own (``make_input``), True/False buttons, a list
    of options for a choice (whole sentences wrap, never cut), or a text box."""
    import ipywidgets as w

    custom = getattr(exercise, "make_input", None)
    if custom is not None:
        return custom()
    if exercise.answer_input == "true/false":
        return w.ToggleButtons(options=[(exercise.label(o), o) for o in exercise.options], value=None,
                               style={"button_width": "80px"})
    if exercise.answer_input == "choice":
        box = w.RadioButtons(options=[(exercise.label(o), o) for o in exercise.options], value=None,
                             layout=w.Layout(width="auto"))
        box.add_class("ttr-choice")
        return box
    return w.Text(placeholder=gettext(exercise.placeholder), layout=w.Layout(width="320px", max_width="100%"))


def exercise_widget(exercise):
    """The exercise as a box: prompt (and figure), answer input, Check, Hint, Show solution,
    the feedback, the hints seen so far and the solution once asked for (after a try)."""
    import ipywidgets as w
    from IPython.display import HTML, display

    coding = exercise.answer_input == "function"
    prompt = w.HTML(f'<div class="ttr-exercise-prompt" style="font-weight:600">{markdown_html(exercise.prompt)}</div>')
    feedback, hints, solution = w.HTML(), w.HTML(), w.Output()
    feedback.add_class("ttr-exercise-feedback")
    hints.add_class("ttr-exercise-hints")
    solution.add_class("ttr-exercise-solution")
    hint = w.Button(description=gettext("Hint"), icon="lightbulb-o", disabled=not exercise.hints,
                    tooltip=gettext("a nudge; press again for the next one"))
    reveal = w.Button(description=gettext("Show solution"), icon="eye", tooltip=gettext("opens after your first try"))
    rows = [prompt]
    if exercise.figure is not None:
        figure = w.Output()
        # set as the widget's outputs, not captured with `with figure:` while the cell runs:
        # Voila can wait forever on output captured during its execution (voila#1428)
        figure.append_display_data(exercise.figure())
        rows.append(figure)
    if coding:
        rows.append(w.HTML(gettext("Write {function} in the cell below, then run {call}.").format(
            function=f"<code>{html.escape(exercise.function_name)}</code>",
            call=f"<code>{html.escape(exercise.call)}</code>")))
    else:
        answer_box = input_for(exercise)
        check = w.Button(description=gettext("Check"), button_style="primary", icon="check")

        def on_check(_):
            feedback.value = verdict_html(exercise.check(answer_box.value))

        check.on_click(on_check)
        rows.append(w.HBox([answer_box, check], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")))
    rows += [w.HBox([hint, reveal]), feedback, hints, solution]
    if exercise.store is not None and exercise.id and exercise.store.solved(exercise.id):
        feedback.value = _mark_html(True, gettext("You solved this one in an earlier session."))

    def show_verdict(_exercise, verdict):
        feedback.value = verdict_html(verdict)

    def on_hint(_):
        exercise.next_hint()
        shown = "".join(f"<li>{markdown_html(h, inline=True)}</li>" for h in exercise.hints[:exercise.hints_seen])
        title = gettext("Hints")
        hints.value = f"<b>{title}</b><ol>{shown}</ol>"
        hint.description = gettext("Next hint") if exercise.hints_seen < len(exercise.hints) else gettext("Hint")
        hint.disabled = exercise.hints_seen >= len(exercise.hints)

    def on_reveal(_):
        text = exercise.reveal_solution()
        solution.clear_output()
        with solution:
            if not exercise.may_reveal:
                display(HTML(f"<i>{html.escape(text)}</i>"))
                return
            title = gettext("Solution.")
            display(HTML(f"<div class='ttr-solution'><b>{title}</b> {markdown_html(text)}</div>"))
            if exercise.solution_view is not None:
                display(exercise.solution_view())

    exercise.on_check(show_verdict)     # a check from code shows here too
    hint.on_click(on_hint)
    reveal.on_click(on_reveal)
    box = w.VBox(rows)
    box.add_class("ttr-exercise")
    return box


#: How the download link looks: a link a learner sees as one (widgets draw bare links as plain text).
LINK_STYLE = "color:#0b5cad;text-decoration:underline;font-weight:bold"


def export_message(path, data: bytes) -> str:
    """The sentence shown after an export: where the file was saved, and a visible link that
    downloads it (the file's bytes in the link, so it works when the notebook runs elsewhere).

    >>> text = export_message(Path("/tmp/ttr-progress-Ann.json"), b"{}")
    >>> text.startswith("Saved as <code>/tmp/ttr-progress-Ann.json</code>. <a download=")
    True
    >>> ">Download ttr-progress-Ann.json</a> and hand it to your teacher." in text
    True
    """
    encoded = base64.b64encode(data).decode()
    name = html.escape(path.name)
    link = (f'<a download="{name}" href="data:application/json;base64,{encoded}" style="{LINK_STYLE}" '
            f'target="_blank">' + html.escape(gettext("Download {file}").format(file=path.name)) + "</a>")
    return gettext("Saved as {path}. {download} and hand it to your teacher.").format(
        path=f"<code>{html.escape(str(path))}</code>", download=link)


def export_widget(progress, file_name: str | None = None, message=None):
    """An *Export my progress* button: it writes the learner's whole record (every lesson)
    beside the notebook and offers it as a download, for the teacher. The file is named after
    the learner (the name saved on the start page, else the computer account's name:
    ``ttr-progress-Ann.json``), so that a class's files never share a name. ``message`` (an
    ipywidgets HTML) is where it says so, when the page has one message line for several
    buttons: the newest message replaces the older one."""
    import ipywidgets as w

    export = w.Button(description=gettext("Export my progress"), icon="download", layout=w.Layout(width="auto"),
                      tooltip=gettext("a file for your teacher (every lesson, not only this one)"))
    link = message if message is not None else w.HTML()

    def on_export(_):
        path = progress.export(Path(file_name or progress.record.export_file_name()).resolve())
        link.value = export_message(path, path.read_bytes())

    export.on_click(on_export)
    box = w.VBox([export] if message is not None else [export, link])
    box.add_class("ttr-progress-export")
    return box


def progress_widget(progress):
    """A progress bar, "N of M solved", and the export button (:func:`export_widget`)."""
    import ipywidgets as w

    bar = w.IntProgress(value=progress.solved, min=0, max=max(len(progress.exercises), 1),
                        description=gettext("Progress"))
    label = w.Label(progress.summary())
    label.add_class("ttr-progress-label")

    def refresh(*_):
        bar.value = progress.solved
        label.value = progress.summary()

    for exercise in progress.exercises:
        exercise.on_check(refresh)
    box = w.VBox([w.HBox([bar, label]), export_widget(progress)])
    box.add_class("ttr-progress")
    return box
