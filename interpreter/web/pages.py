"""The web app's pages: plain HTML with no script of their own. Each page loads its script and
style sheet from ``/static/``; what a script needs from the request (the game, its options, the
agents) travels as JSON in a ``<script type="application/json" id="config">`` element, which a
browser never runs, with ``<``, ``>``, ``&`` and the line separators escaped so that no text can
close the element. Every other text from a request or a game file is escaped for where it lands
(:func:`html.escape` in text and quoted attributes, :func:`urllib.parse.quote` inside a URL).
"""

from __future__ import annotations

import json
from html import escape
from typing import Any
from urllib.parse import quote

__all__ = ["edit_page", "index_page", "json_for_html", "play_page"]

#: characters that could end a script element or a line in old JavaScript, as JSON escapes
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def json_for_html(value: Any) -> str:
    """``value`` as JSON that can stand inside an HTML element: no ``<``, ``>`` or ``&`` in it."""
    text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    return "".join(_JSON_ESCAPES.get(c, c) for c in text)


def _page(title: str, body: str, scripts: list[str], config: dict[str, Any] | None = None) -> str:
    data = ("<script type=\"application/json\" id=\"config\">" + json_for_html(config) + "</script>"
            if config is not None else "")
    tags = "".join(f'<script src="/static/{escape(s)}" defer></script>' for s in scripts)
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><link rel=\"stylesheet\" href=\"/static/style.css\">"
            f"{data}{tags}</head><body>{body}</body></html>")


def _option_field(name: str, option: dict[str, Any]) -> str:
    label = escape(name)
    default = option.get("default")
    if option.get("type") == "choice" or option.get("values"):
        values = "".join(f'<option{" selected" if v == default else ""}>{escape(str(v))}</option>'
                         for v in option.get("values", []))
        return f'<label>{label} <select name="{label}">{values}</select></label> '
    if option.get("type") == "bool":
        first = str(bool(default)).lower()
        other = str(not default).lower()
        return (f'<label>{label} <select name="{label}"><option>{first}</option>'
                f'<option>{other}</option></select></label> ')
    shown = "" if default is None or isinstance(default, dict) else str(default)
    return f'<label>{label} <input name="{label}" size="6" value="{escape(shown)}"></label> '


def index_page(games: list[dict[str, Any]]) -> str:
    """The bundled games, then the gallery's under a heading of their own, each with its options
    as a form."""
    rows = []
    gallery = False
    for g in games:
        if g.get("gallery") and not gallery:
            gallery = True
            rows.append("<h2 id=\"gallery\">The gallery</h2><p>Example files of rules beyond the main games, "
                        "some for more than two players.</p>")
        name = str(g["name"])
        fields = "".join(_option_field(str(k), o) for k, o in g["options"].items())
        rows.append(f'<form class="game" action="/play" method="get">'
                    f'<input type="hidden" name="game" value="{escape(name)}">'
                    f'<h2>{escape(str(g["title"]))}</h2><p>{escape(str(g["description"])[:300])}</p>{fields}'
                    f'<button type="submit">Play</button> '
                    f'<a href="/edit?from={escape(quote(name, safe=""))}">make a variant</a></form>')
    body = "<h1>Spielwerk</h1><p><a href=\"/edit\">Write a game</a></p>" + "".join(rows)
    return _page("Spielwerk", body, [])


_PLAY_BODY = """
<nav><a href="/">games</a> · <a id="editlink" href="/edit">edit these rules</a></nav>
<h1 id="title">Spielwerk</h1>
<div id="setup"><span id="seats"></span>
<button id="start" type="button">New game</button>
<label><input type="checkbox" id="autoroll" checked> roll automatically</label></div>
<div id="layout"><div id="boardarea"><div id="board"></div><div id="chooser" hidden></div>
<div id="viewing" hidden><span id="viewingtext"></span> <button id="backtogame" type="button">back to the game</button></div>
</div>
<div id="side"><div id="status"></div><div id="seat"></div><div id="counts"></div>
<div id="thinking" hidden><span id="thinker"></span> <button id="cancel" type="button">Cancel</button></div>
<div id="message" role="status"></div>
<div id="turn"><button id="roll" type="button">Roll</button> <button id="undo" type="button">Undo</button>
<button id="endturn" type="button" hidden>End the turn</button>
<button id="agentgo" type="button" hidden>Let the agent move</button> <span id="turnsofar"></span></div>
<p><input id="typed" placeholder="type a move" size="14"> <button id="typedgo" type="button">Play it</button></p>
<p>legal moves <input id="filter" placeholder="filter" size="8"> <span id="more"></span></p><div id="moves"></div>
<p>moves played</p><ol id="history"></ol>
<div id="hostonly"><p><button id="invite" type="button">Invite</button> a link for each person's seat: whoever
opens it plays that seat, live</p><div id="invites"></div>
<p><button id="export" type="button">Export</button> <button id="import" type="button">Import</button></p>
<textarea id="io" rows="6" placeholder="a record or a position text"></textarea></div></div></div>
"""


def play_page(config: dict[str, Any]) -> str:
    return _page("Spielwerk: play", _PLAY_BODY, ["common.js", "play.js"], config)


_EDIT_BODY = """
<nav><a href="/">games</a></nav><h1>Rule editor</h1>
<div id="edittools"><button id="play" type="button">Play it</button>
<span id="seats"></span>
<button id="save" type="button">Save</button> <span id="saved"></span></div>
<div id="message" role="status"></div>
<div id="editlayout"><div id="editor"></div>
<div id="editside"><h2>Problems</h2><ul id="errors"></ul><h2>Options</h2><div id="options"></div></div></div>
"""


def edit_page(config: dict[str, Any]) -> str:
    return _page("Spielwerk: editor", _EDIT_BODY, ["common.js", "editor.js", "edit.js"], config)
