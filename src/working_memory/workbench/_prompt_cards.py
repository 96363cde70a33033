"""The prompt lab's result card: one variant's summary with its kept facts marked, its lost
facts listed, and its metrics (means over samples).
"""

from __future__ import annotations

from typing import Any

from ..compaction import CONTINUATION_PROBES
from ._html import esc, highlight_facts

__all__ = ["variant_card"]


def _value(fact: object) -> str:
    """A fact as compare() lists it is "kind:value"; the value is what appears in a summary."""
    return str(fact).split(":", 1)[-1]


def _prompt_note(used: Any) -> str:
    if used is None or used != used:  # None or NaN: the production column
        return "—"
    return "sent to the model" if bool(used) else "not used (offline)"


def variant_card(name: str, row: Any, rows: Any) -> str:
    def mean(column: str) -> Any:
        values = rows[column].dropna()
        return float(values.astype(float).mean()) if len(values) else None

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
    retention = mean("fact_retention")
    continuation = mean("continuation") if "continuation" in rows else None
    cost = mean("cost_usd")
    latency = mean("latency_s")
    judge = row.get("judge")
    share = mean("judge_share") if "judge_share" in rows else None
    headline = row.get("judge_headline")
    verdict = (
        headline if isinstance(headline, str) else (f"{share:.0%}" if share is not None else "—")
    )
    graded = row.get("judge_results")
    graded = [str(g) for g in graded] if isinstance(graded, list | tuple) else []
    metrics = [
        (f"judge: {judge}" if isinstance(judge, str) else "judge", verdict),
        ("fact retention", f"{retention:.0%}" if retention is not None else "—"),
        (
            "continuation probes",
            f"{continuation:.0%}" if continuation is not None else "—",
        ),
        *[
            (f"  {probe.replace('_', ' ')}", f"{value:.0%}")
            for probe in CONTINUATION_PROBES
            if (value := mean(f"cont_{probe}") if f"cont_{probe}" in rows else None) is not None
        ],
        ("prompt", _prompt_note(row.get("prompt_used"))),
        ("facts kept", f"{row.get('facts_kept', 0) or 0:.0f} / {row.get('facts', 0) or 0:.0f}"),
        (
            "corrections kept",
            f"{row.get('corrections_kept', 0) or 0:.0f} / {row.get('corrections', 0) or 0:.0f}",
        ),
        ("compression", f"{mean('compression'):.1f}×" if mean("compression") else "—"),
        (
            "summary",
            f"{row.get('summary_tokens', 0) or 0:.0f} tok, "
            f"{row.get('summary_words', 0) or 0:.0f} words",
        ),
        ("NOTHING", "yes" if bool(row.get("nothing")) else "no"),
        ("latency", f"{latency:.2f} s" if latency is not None else "—"),
        ("cost", f"${cost:.5f}" if cost is not None else "—"),
        ("model", row.get("model") or "—"),
    ]
    table = "".join(f"<tr><td>{esc(k)}</td><td><b>{esc(v)}</b></td></tr>" for k, v in metrics)
    return (
        f'<div class="card"><h4>{esc(name)}</h4><table class="metrics">{table}</table>'
        f"{body}<div><small>lost facts:</small> {lost_html or '—'}{esc(more)}</div>"
        + (
            f"<details><summary>per question</summary><pre>{esc(chr(10).join(graded))}</pre>"
            "</details>"
            if graded
            else ""
        )
        + "</div>"
    )
