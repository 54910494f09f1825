"""The union-find forest drawn as it is stored: every city an arrow to its parent, the leader
at the top of its tree, pointers that path compression just moved in colour.

The board shows *which* cities are connected; this picture shows *how union-find knows*: the
parent pointers that ``find`` follows up to the leader. :func:`forest_svg` draws the groups of
two or more cities; :func:`moved_pointers` tells which pointers a step changed, so a frame can
show a union (one leader now points at the other) and a path compression (a city now points
straight at its leader) apart.

>>> parent = {"a": "a", "b": "a", "c": "b", "d": "d"}
>>> svg = forest_svg(parent, names={"a": "Paris", "b": "Wien", "c": "Zagrab"})
>>> svg.count("<line"), "Zagrab" in svg and "d</text>" not in svg
(2, True)
>>> moved_pointers({"c": "b", "b": "a"}, {"c": "a", "b": "a"})
{'c': ('b', 'a')}
"""
from __future__ import annotations

import html

#: The colours of an ordinary pointer, of a pointer just moved by a union, and by compression.
POINTER_INK, UNION_INK, COMPRESSED_INK = "#555555", "#1565c0", "#d84315"
NODE_W, NODE_H, GAP_X, GAP_Y = 86, 24, 8, 46


def moved_pointers(before: dict, after: dict) -> dict:
    """``{city: (old parent, new parent)}`` for every pointer that differs between two
    snapshots of the parents (a city missing from ``before`` pointed at itself)."""
    return {x: (before.get(x, x), p) for x, p in after.items() if before.get(x, x) != p}


def _trees(parent: dict) -> dict:
    """``{root: {node: [children]}}`` for the groups of two or more."""
    children: dict = {}
    roots: dict = {}
    for x, p in parent.items():
        if x != p:
            children.setdefault(p, []).append(x)
    for x in parent:
        r = x
        while parent[r] != r:
            r = parent[r]
        roots.setdefault(r, set()).add(x)
    return {r: {n: sorted(children.get(n, [])) for n in members}
            for r, members in roots.items() if len(members) > 1}


def _layout(root, kids, x0: float) -> tuple:
    """Positions ``{node: (x, depth)}`` of one tree with its leaves side by side from ``x0``;
    returns the positions and the next free x."""
    pos = {}

    def place(node, depth, x):
        if not kids[node]:
            pos[node] = (x, depth)
            return x + NODE_W + GAP_X
        start = x
        for child in kids[node]:
            x = place(child, depth + 1, x)
        first, last = pos[kids[node][0]][0], pos[kids[node][-1]][0]
        pos[node] = ((first + last) / 2 if x > start else start, depth)
        return x

    return pos, place(root, 0, x0)


def forest_svg(parent: dict, names: dict | None = None, moved: dict | None = None,
               unions: tuple = (), title: str = "") -> str:
    """SVG of the union-find forest ``parent`` (``{city: parent}``; a leader is its own parent):
    one tree per group of two or more cities, leader on top, an arrow from every city to its
    parent. ``moved``: pointers to draw in colour (see :func:`moved_pointers`); those of
    cities in ``unions`` (a leader absorbed by a union) in blue, the others (path compression)
    in orange."""
    names, moved = names or {}, moved or {}
    trees = _trees(parent)
    pos, x = {}, 0.0
    for root in sorted(trees, key=lambda r: (-len(trees[r]), names.get(r, r))):
        placed, x = _layout(root, trees[root], x)
        pos.update(placed)
        x += 2 * GAP_X
    depth = max((d for _, d in pos.values()), default=0)
    width, height = max(x, 2 * NODE_W), (depth + 1) * (NODE_H + GAP_Y) + (22 if title else 0)
    top = 22 if title else 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="ttr-forest" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'style="width:100%;max-width:{width:.0f}px;height:auto" font-family="sans-serif" font-size="11">',
           "<defs>" + "".join(
               f'<marker id="uf-{k}" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" '
               f'orient="auto-start-reverse"><path d="M0,0 L8,4 L0,8 z" fill="{ink}"/></marker>'
               for k, ink in (("p", POINTER_INK), ("u", UNION_INK), ("c", COMPRESSED_INK))) + "</defs>"]
    if title:
        out.append(f'<text x="2" y="14" font-weight="bold">{html.escape(title)}</text>')

    def centre(node):
        px, d = pos[node]
        return px + NODE_W / 2, top + d * (NODE_H + GAP_Y)

    for node, (_px, _d) in pos.items():
        p = parent[node]
        if p == node:
            continue
        (cx, cy), (tx, ty) = centre(node), centre(p)
        kind = ("u" if node in unions else "c") if node in moved else "p"
        ink = {"p": POINTER_INK, "u": UNION_INK, "c": COMPRESSED_INK}[kind]
        out.append(f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{tx:.1f}" y2="{ty + NODE_H:.1f}" stroke="{ink}" '
                   f'stroke-width="{2.5 if kind != "p" else 1.3}" marker-end="url(#uf-{kind})"/>')
    for node, (px, _d) in pos.items():
        cx, cy = centre(node)
        leader = parent[node] == node
        out.append(f'<rect x="{px:.1f}" y="{cy:.1f}" width="{NODE_W}" height="{NODE_H}" rx="5" '
                   f'fill="{"#fff3c4" if leader else "#ffffff"}" stroke="#333" '
                   f'stroke-width="{2 if leader else 1}"/>'
                   f'<text x="{cx:.1f}" y="{cy + 16:.1f}" text-anchor="middle"'
                   f'{" font-weight=" + chr(34) + "bold" + chr(34) if leader else ""}>'
                   f"{html.escape(names.get(node, str(node)))}</text>")
    out.append("</svg>")
    return "".join(out)
