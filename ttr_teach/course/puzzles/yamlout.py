"""Writing puzzle files as YAML that reads well and edits easily.

Short lists (a route ``[Paris, Wien]``, a ticket) and small mappings of numbers (a deck) are
written on one line; text with line breaks as a ``|`` block; everything else as blocks.

>>> print(dump_yaml({"id": "x", "route": ["Paris", "Wien"], "deck": {"red": 3},
...                  "explanation": "Two lines:\\nhere."}), end="")
id: x
route: [Paris, Wien]
deck: {red: 3}
explanation: |-
  Two lines:
  here.
"""
from __future__ import annotations

import yaml


class _Dumper(yaml.SafeDumper):
    pass


def _is_scalar(x) -> bool:
    return x is None or isinstance(x, (str, int, float, bool))


def _str(dumper, value):
    if "\n" in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value.strip("\n"), style="|")
    if len(value) > 80:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=">")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


def _list(dumper, value):
    flow = all(_is_scalar(x) for x in value) and len(value) <= 8
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


def _dict(dumper, value):
    flow = bool(value) and all(_is_scalar(x) for x in value.values()) and len(value) <= 10 \
        and not any(isinstance(x, str) and len(x) > 40 for x in value.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=flow)


_Dumper.add_representer(str, _str)
_Dumper.add_representer(list, _list)
_Dumper.add_representer(tuple, _list)
_Dumper.add_representer(dict, _dict)


def dump_yaml(data) -> str:
    """``data`` as YAML text (keys in their given order, unicode kept)."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100,
                     default_flow_style=False)
