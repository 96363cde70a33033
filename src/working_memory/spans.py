"""Pure planning: which span compacts next, which tool groups eviction drops, which results
masking hides. Plain functions over per-message facts, shared by the window (which acts on
the plan), replay and the workbench preview (which only show it), so the rules exist once.

Every function takes parallel sequences, one item per message in window order:
`tokens` (its count), `groups` (the key of its tool group; a group's key is the id of the
message that opened it, see `messages.tool_groups`), and `ids` (the message's id).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

__all__ = ["eviction_plan", "find_span", "mask_victims"]


def find_span(
    tokens: Sequence[int],
    groups: Sequence[int],
    ids: Sequence[int],
    eligible: Sequence[bool],
    *,
    need: float,
    min_tokens: float,
    cap: float,
    min_span: int,
    need_messages: int = 0,
) -> tuple[int, int, str]:
    """The oldest run of whole, eligible tool groups worth compacting: (start, end, "") as
    positions [start, end), or (0, 0, why) when none is.

    A span grows group by group until it holds `need` tokens and more than `need_messages`
    messages (one summary takes the place of a span), and stops before a group that
    would take it past `cap` tokens (its first group is always
    taken whole). A run with fewer than `min_span` messages or `min_tokens` tokens is
    skipped and the next run considered.
    """
    count = len(tokens)
    if len(groups) != count:
        raise ValueError(f"find_span: {count} token counts but {len(groups)} groups")
    # Sizes by a C-level count; a group's tokens are summed only when the walk reaches it
    # whole (its members are then exactly the next `size` positions), since a span is found
    # near the start and most of the window is never walked.
    group_sizes = Counter(groups)
    best, runs = 0, 0
    index = 0
    while index < count:
        if not eligible[index]:
            index += 1
            continue
        runs += 1
        start = position = index
        total = 0
        while position < count and eligible[position]:
            group = groups[position]
            # A group that began before the run, or is not contiguous from here, cannot be
            # split off: the span ends before it.
            if group != ids[position]:
                break
            size = group_sizes[group]
            if position + size > count or not all(
                eligible[j] and groups[j] == group for j in range(position + 1, position + size)
            ):
                break
            group_total = tokens[position] if size == 1 else sum(tokens[position : position + size])
            if position > start and total + group_total > cap:
                break
            total += group_total
            position += size
            if total >= need and position - start > need_messages:
                break
        if position - start >= min_span and total >= min_tokens and total > 0:
            return start, position, ""
        best = max(best, total)
        index = max(position, index + 1)
    if runs == 0:
        return 0, 0, "every message is pinned, a summary, or waiting for a tool result"
    return (
        0,
        0,
        f"no run of unpinned tool groups frees the {int(min_tokens)} tok a compaction must "
        f"gain; the largest of {runs} run(s) holds {best} tok",
    )


def eviction_plan(
    tokens: Sequence[int],
    groups: Sequence[int],
    summary: Sequence[bool],
    blocked: Collection[int],
    need: float,
) -> set[int]:
    """The tool groups to drop, oldest first and summaries last, until `need` tokens are
    freed; groups in `blocked` (pinned, open, or spared) never go."""
    group_tokens: dict[int, int] = {}
    order: list[int] = []
    summaries: list[int] = []
    for size, group, is_summary in zip(tokens, groups, summary, strict=True):
        if group in blocked:
            continue
        if group not in group_tokens:
            group_tokens[group] = 0
            (summaries if is_summary else order).append(group)
        group_tokens[group] += size
    # The newest summary is the last thing to go: it stands for everything before it.
    chosen: set[int] = set()
    freed = 0
    for group in (*order, *summaries):
        if freed >= need:
            break
        chosen.add(group)
        freed += group_tokens[group]
    return chosen


def mask_victims(
    results: Sequence[bool], masked: Sequence[bool], pinned: Sequence[bool], keep: int
) -> list[int]:
    """Positions of the tool results masking would hide: all but the last `keep` results,
    leaving alone those already masked and those pinned."""
    positions = [i for i, is_result in enumerate(results) if is_result]
    cutoff = max(0, len(positions) - keep)
    return [i for i in positions[:cutoff] if not masked[i] and not pinned[i]]
