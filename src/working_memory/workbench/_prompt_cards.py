"""The prompt lab's HTML: a variant's card (its summary with kept facts marked, lost facts as
chips), the metrics table (a column per variant), the variant list's prompt excerpt.
"""

from __future__ import annotations

from typing import Any

from ..compaction import CONTINUATION_PROBES, TEMPLATES
from ._html import esc, highlight_facts

__all__ = ["card_metrics", "metrics_table_html", "prompt_excerpt", "variant_card"]


def _value(fact: object) -> str:
    """A fact as compare() lists it is "kind:value"; the value is what appears in a summary."""
    return str(fact).split(":", 1)[-1]


def _prompt_note(used: Any) -> str:
    if used is None or used != used:  # None or NaN: the production column
        return "—"
    return "sent to the model" if bool(used) else "not used (offline)"


def prompt_excerpt(template: str, used: bool) -> str:
    """HTML for a variant's prompt in the variant list: the shipped template it is, else
    where it differs from the default (an edited variant must not look like the default),
    with the whole prompt a click away."""
    shipped = next((t.name for t in TEMPLATES.values() if t.template == template), None)
    if shipped is not None:
        head = f"shipped <b>{esc(shipped)}</b> template"
    else:
        base = TEMPLATES["default"].template
        start = next(
            (i for i, (a, b) in enumerate(zip(base, template, strict=False)) if a != b),
            min(len(base), len(template)),
        )
        tail = 0  # the common end, so the excerpt stops where the edit does
        while (
            tail < min(len(base), len(template)) - start
            and base[len(base) - 1 - tail] == template[len(template) - 1 - tail]
        ):
            tail += 1
        changed = template[start : len(template) - tail] or "(text removed)"
        before = template[max(0, start - 40) : start]
        excerpt = (
            f"{'…' if start > 40 else ''}{esc(before)}<ins>{esc(changed[:240])}</ins>"
            f"{'…' if len(changed) > 240 else ''}"
        )
        head = f"edited default: {excerpt}"
    note = "" if used else ' <span class="muted">— not used (offline)</span>'
    return (
        f"<div>{head}{note}</div><details><summary>whole prompt "
        f"({len(template.split())} words)</summary><pre>{esc(template)}</pre></details>"
    )


def _mean(rows: Any, column: str) -> float | None:
    if column not in rows:
        return None
    values = rows[column].dropna()
    return float(values.astype(float).mean()) if len(values) else None


def card_metrics(row: Any, rows: Any) -> list[tuple[str, str]]:
    """(metric, value) pairs of one variant: means over its samples, or the sample's own."""
    base = row.get("same_as")
    retention = _mean(rows, "fact_retention")
    continuation = _mean(rows, "continuation")
    cost = _mean(rows, "cost_usd")
    latency = _mean(rows, "latency_s")
    share = _mean(rows, "judge_share")
    compression = _mean(rows, "compression")
    headline = row.get("judge_headline")
    if isinstance(base, str) and base:
        # Not run: no numbers of its own (NaN would read as "nan" or as NOTHING "yes").
        return [
            ("judge", f"not run (= {base})"),
            ("prompt", _prompt_note(row.get("prompt_used"))),
            ("model", str(row.get("model") or "—")),
        ]
    if isinstance(headline, str):
        verdict = headline
    else:
        judge = row.get("judge")
        shown = f"{share:.0%}" if share is not None else "—"
        verdict = f"{judge}: {shown}" if isinstance(judge, str) else shown
    return [
        ("judge", verdict),
        ("fact retention", f"{retention:.0%}" if retention is not None else "—"),
        ("continuation probes", f"{continuation:.0%}" if continuation is not None else "—"),
        *[
            (f"· {probe.replace('_', ' ')}", f"{value:.0%}")
            for probe in CONTINUATION_PROBES
            if (value := _mean(rows, f"cont_{probe}")) is not None
        ],
        ("prompt", _prompt_note(row.get("prompt_used"))),
        ("facts kept", f"{row.get('facts_kept', 0) or 0:.0f} / {row.get('facts', 0) or 0:.0f}"),
        (
            "corrections kept",
            f"{row.get('corrections_kept', 0) or 0:.0f} / {row.get('corrections', 0) or 0:.0f}",
        ),
        ("compression", f"{compression:.1f}×" if compression else "—"),
        (
            "summary",
            f"{row.get('summary_tokens', 0) or 0:.0f} tok, "
            f"{row.get('summary_words', 0) or 0:.0f} words",
        ),
        ("NOTHING", "yes" if bool(row.get("nothing")) else "no"),
        ("latency", f"{latency:.2f} s" if latency is not None else "—"),
        ("cost", f"${cost:.5f}" if cost is not None else "—"),
        ("model", str(row.get("model") or "—")),
    ]


def metrics_table_html(names: list[str], chosen: Any, results: Any) -> str:
    """One table, a column per variant and a row per metric: every variant's numbers side by
    side at any width (fixed layout: long values wrap inside their column)."""
    per = {n: dict(card_metrics(chosen[n], results[results["variant"] == n])) for n in names}
    keys = list(dict.fromkeys(k for n in names for k in per[n]))
    head = "".join(f"<th>{esc(n)}</th>" for n in names)
    body = "".join(
        f"<tr><td>{esc(k)}</td>"
        + "".join(f"<td>{esc(per[n].get(k, '—'))}</td>" for n in names)
        + "</tr>"
        for k in keys
    )
    return (
        f'<table class="metrics-grid"><colgroup><col style="width:150px">'
        f"{''.join('<col>' for _ in names)}</colgroup><thead><tr><th>metric</th>{head}</tr>"
        f"</thead><tbody>{body}</tbody></table>"
    )


def variant_card(name: str, row: Any, rows: Any) -> str:
    """A variant's summary with its kept facts marked, its lost facts as chips, its judge's
    per-question results folded; the numbers are in `metrics_table_html`."""
    base = row.get("same_as")
    if isinstance(base, str) and base:
        # Not run: an offline variant that would repeat `base`'s summary. No scores (they
        # would only tie), and the prompt it would send once a model is given.
        sent = str(row.get("would_send") or "")
        return (
            f'<div class="card"><h4>{esc(name)}</h4><div class="note">Not run: offline, the '
            f"prompt is not used, so it would give the same summary as <b>{esc(base)}</b> (the "
            "offline baseline). Give the lab a model to compare prompts.</div>"
            f"<details><summary>what it would send ({len(sent.split())} words)</summary>"
            f"<pre>{esc(sent)}</pre></details></div>"
        )
    error = row.get("error")
    if isinstance(error, str) and error:
        body = f'<div class="err">{esc(error)}</div>'
    elif bool(row.get("nothing")):
        body = '<div class="note">NOTHING — the summariser judged the span empty of facts.</div>'
    else:
        kept = row.get("kept")
        kept = [_value(f) for f in kept] if isinstance(kept, list | tuple) else []
        body = f"<pre>{highlight_facts(str(row.get('summary') or ''), kept)}</pre>"
    lost = row.get("lost")
    lost = lost if isinstance(lost, list | tuple) else ()
    lost_html = "".join(
        f'<span class="lost" title="{esc(str(f).split(":", 1)[0])}">{esc(_value(f))}</span>'
        for f in list(lost)[:40]
    )
    more = f" … and {len(lost) - 40} more" if len(lost) > 40 else ""
    headline = row.get("judge_headline")
    graded = row.get("judge_results")
    graded = [str(g) for g in graded] if isinstance(graded, list | tuple) else []
    return (
        f'<div class="card"><h4>{esc(name)}</h4>'
        + (f'<div class="verdict">{esc(headline)}</div>' if isinstance(headline, str) else "")
        + f'{body}<div class="chips"><small>lost facts ({len(lost)}):</small> '
        f"{lost_html or '—'}{esc(more)}</div>"
        + (
            f"<details><summary>per question</summary><pre>{esc(chr(10).join(graded))}</pre>"
            "</details>"
            if graded
            else ""
        )
        + "</div>"
    )
