"""HTML fragments for the panels. Transcript text is untrusted: everything goes through `esc`.

Nothing here imports a third-party package; the panels put these strings in `HTML` widgets.
"""

from __future__ import annotations

import difflib
import html
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..messages import render_content

__all__ = [
    "CSS",
    "LONG_TEXT",
    "diff_html",
    "error_html",
    "esc",
    "highlight_facts",
    "message_html",
    "notice_html",
    "table_html",
]

LONG_TEXT = 1_500  # characters after which a message body is folded into <details>

# One stylesheet, prefixed with a class so it cannot restyle the rest of the notebook.
CSS = """<style>
.wm-wb {font-family: -apple-system, 'Segoe UI', Roboto, sans-serif; font-size: 12.5px; color: #1f2933;
  line-height: 1.4}
.wm-wb table {border-collapse: collapse; width: 100%; max-width: 100%; table-layout: auto}
.wm-wb th, .wm-wb td {overflow-wrap: break-word}
.wm-wb th {background: #f1f4f8; text-align: left; padding: 4px 8px; border-bottom: 2px solid #d5dbe3;
  font-weight: 600; position: sticky; top: 0}
.wm-wb td {padding: 3px 8px; border-bottom: 1px solid #eef1f5; vertical-align: top}
.wm-wb td.num {text-align: right; font-variant-numeric: tabular-nums}
.wm-wb tr.sel td {background: #fff4c2}
.wm-wb tr.span td {background: #fdecea}
.wm-wb tr.evict td {color: #9aa5b1; text-decoration: line-through}
.wm-wb .badge {display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 11px;
  color: #fff; margin-right: 3px}
.wm-wb pre {white-space: pre-wrap; word-break: break-word; background: #f8fafc; padding: 8px;
  border-radius: 4px; border: 1px solid #e4e7eb; max-height: 420px; overflow: auto; margin: 4px 0}
.wm-wb .err {color: #9b1c1c; background: #fdecea; border-left: 4px solid #d64545; padding: 6px 10px}
.wm-wb .note {color: #52606d; background: #f5f7fa; border-left: 4px solid #9aa5b1; padding: 6px 10px}
.wm-wb .warn {color: #8d2b0b; background: #fff8e1; border-left: 4px solid #f0b429; padding: 6px 10px}
.wm-wb mark.kept {background: #c6f6d5; padding: 0 2px}
.wm-wb span.lost {color: #9b1c1c; background: #fdecea; padding: 0 3px; margin: 1px; display: inline-block;
  border-radius: 3px; max-width: 100%; box-sizing: border-box; overflow-wrap: anywhere}
.wm-wb .chips {max-height: 96px; overflow-y: auto; overflow-x: hidden}
.wm-wb .muted {color: #7b8794}
.wm-wb .verdict {font-weight: 600; margin-bottom: 4px}
.wm-wb table.metrics-grid {table-layout: fixed}
.wm-wb table.metrics-grid td, .wm-wb table.metrics-grid th {overflow-wrap: anywhere}
.wm-wb ins {background: #c6f6d5; text-decoration: none}
.wm-wb del {background: #fed7d7}
.wm-wb .grid {display: grid; gap: 10px}
.wm-wb .card {border: 1px solid #d5dbe3; border-radius: 6px; padding: 8px; min-width: 0;
  overflow-wrap: anywhere}
.wm-wb .card pre {max-height: 260px}
.wm-wb .card h4 {margin: 0 0 6px 0; font-size: 13px}
.wm-wb .metrics td {padding: 1px 6px; border: none}
.wm-wb.wm-context {max-width: 760px}
.wm-wb .ctx-bar {display: flex; height: 14px; margin: 6px 0; border: 1px solid #9aa5b1;
  border-radius: 3px; overflow: hidden}
.wm-wb .ctx-bar .seg {display: block; height: 100%; flex: none}
.wm-wb table.context td {padding: 1px 8px}
.wm-wb table.context tfoot td {font-weight: 600; border-top: 2px solid #d5dbe3}
.wm-wb .swatch {display: inline-block; width: 10px; height: 10px; margin-right: 6px;
  border: 1px solid #9aa5b1; vertical-align: baseline}
</style>"""


def esc(value: Any) -> str:
    """Escape anything for HTML text or a quoted attribute."""
    return html.escape("" if value is None else str(value), quote=True)


def _wrap(body: str) -> str:
    return f'{CSS}<div class="wm-wb">{body}</div>'


def error_html(message: str) -> str:
    return _wrap(f'<div class="err">{esc(message)}</div>')


def notice_html(message: str, kind: str = "note") -> str:
    return _wrap(f'<div class="{esc(kind)}">{esc(message)}</div>')


def badge(text: str, color: str) -> str:
    return f'<span class="badge" style="background:{esc(color)}">{esc(text)}</span>'


def table_html(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str],
    *,
    numeric: Iterable[str] = (),
    row_class: Sequence[str] | None = None,
    raw: Iterable[str] = (),
    caption: str = "",
    labels: Mapping[str, str] | None = None,
) -> str:
    """A plain table. Cells are escaped, except columns named in `raw` (already-built HTML);
    `labels` gives a header text other than the column's name."""
    numeric_set, raw_set = set(numeric), set(raw)
    head = "".join(f"<th>{esc((labels or {}).get(c, c))}</th>" for c in columns)
    body: list[str] = []
    for n, row in enumerate(rows):
        cls = f' class="{esc(row_class[n])}"' if row_class and row_class[n] else ""
        cells = []
        for column in columns:
            value = row.get(column, "")
            text = value if column in raw_set else esc(_fmt(value))
            attr = ' class="num"' if column in numeric_set else ""
            cells.append(f"<td{attr}>{text}</td>")
        body.append(f"<tr{cls}>{''.join(cells)}</tr>")
    cap = f'<div class="note" style="margin-bottom:4px">{esc(caption)}</div>' if caption else ""
    return _wrap(
        f"{cap}<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def _fmt(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, float):
        if value != value:  # NaN
            return ""
        return f"{value:,.3f}" if abs(value) < 10 else f"{value:,.1f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _shown_block(block: Mapping[str, Any]) -> str:
    """A block as the detail view shows it: its text, `[image]` for an image, else its JSON."""
    if isinstance(block.get("text"), str):
        return str(block["text"])
    if block.get("type") in ("image", "image_url"):
        return "[image]"
    return _dump(block)


def _text_of(content: Any) -> str:
    return render_content(content, _shown_block, item=_dump, other=_dump)


def _body(text: str, *, fold: bool, label: str) -> str:
    if fold and len(text) > LONG_TEXT:
        head = esc(text[:300])
        return (
            f"<details><summary>{esc(label)}: {len(text):,} characters (click to expand)</summary>"
            f"<pre>{esc(text)}</pre></details><pre>{head}…</pre>"
        )
    return f"<pre>{esc(text)}</pre>"


def message_html(
    index: int,
    message: Mapping[str, Any],
    *,
    tokens: int | None = None,
    reason: str | None = None,
    partners: Sequence[tuple[int, Mapping[str, Any]]] = (),
    role_color: str = "#52606d",
) -> str:
    """One message in full, escaped; long bodies fold; its tool-call partners below it."""
    role = str(message.get("role", "?"))
    bits = [badge(role, role_color), f"<b>message {index}</b>"]
    if tokens is not None:
        bits.append(f"{tokens:,} tokens")
    if reason:
        bits.append(badge(f"pinned: {reason}", "#3e4c59"))
    parts = [" · ".join(bits)]
    text = _text_of(message.get("content"))
    if text:
        parts.append(_body(text, fold=role == "tool" or len(text) > 4 * LONG_TEXT, label=role))
    for call in message.get("tool_calls") or ():
        function = call.get("function") or {}
        arguments = function.get("arguments") or ""
        if not isinstance(arguments, str):
            arguments = json.dumps(arguments, ensure_ascii=False)
        parts.append(
            f"<div>call <code>{esc(function.get('name'))}</code> "
            f"<small>(id {esc(call.get('id'))})</small></div>"
            + _body(arguments, fold=True, label="arguments")
        )
    for partner_index, partner in partners:
        partner_text = _text_of(partner.get("content"))
        names = ", ".join(
            str((c.get("function") or {}).get("name")) for c in partner.get("tool_calls") or ()
        )
        what = f"calls {names}" if names else f"{len(partner_text):,} chars"
        preview = partner_text[:400] + ("…" if len(partner_text) > 400 else "")
        parts.append(
            f'<div class="note">tool-call partner: message {partner_index} '
            f"({esc(partner.get('role'))}, {esc(what)})<br><small>{esc(preview)}</small></div>"
        )
    return _wrap("".join(f"<div>{p}</div>" for p in parts))


def highlight_facts(text: str, kept: Iterable[str]) -> str:
    """Escape `text` and mark each kept fact in it (longest first, so no fact splits another)."""
    facts = sorted({f for f in kept if f}, key=len, reverse=True)
    if not facts or not text:
        return esc(text)
    pattern = re.compile("|".join(re.escape(f) for f in facts))
    out: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        out.append(esc(text[last : match.start()]))
        out.append(f'<mark class="kept">{esc(match.group(0))}</mark>')
        last = match.end()
    out.append(esc(text[last:]))
    return "".join(out)


def diff_html(baseline: str, other: str) -> str:
    """A word-level diff of `other` against `baseline`: <del> what it lost, <ins> what it added."""
    a, b = re.split(r"(\s+)", baseline), re.split(r"(\s+)", other)
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(esc("".join(a[i1:i2])))
            continue
        if op in ("delete", "replace"):
            out.append(f"<del>{esc(''.join(a[i1:i2]))}</del>")
        if op in ("insert", "replace"):
            out.append(f"<ins>{esc(''.join(b[j1:j2]))}</ins>")
    return "".join(out)
