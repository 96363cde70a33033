"""Content as text: one walk over a message's content blocks (`messages.render_content`), the
counting rule built on it (`content_text`), and the renderings that add their own blocks on top."""

from __future__ import annotations

import json
from typing import Any

from working_memory.clients._anthropic import _text_of as anthropic_text
from working_memory.compaction._compactor import _text_of as summariser_text
from working_memory.compaction._segments import content_text as segment_text
from working_memory.messages import content_text, render_content
from working_memory.transcripts._builder import normalize_content
from working_memory.workbench._html import _text_of as detail_text


def test_the_walk_joins_what_each_block_renders_and_leaves_out_none() -> None:
    def upper(block: Any) -> str | None:
        return None if block.get("skip") else str(block.get("text", "")).upper()

    assert render_content(None, upper) == ""
    assert render_content("as is", upper) == "as is"
    assert render_content([{"text": "a"}, "b", {"skip": 1}, 3], upper) == "A\nb\n3"
    assert render_content(["b", 3], upper, item=lambda x: None if x == 3 else f"<{x}>") == "<b>"
    assert render_content({"k": "é"}, upper) == '{"k": "é"}'
    assert render_content({"k": 1}, upper, other=lambda v: "other") == "other"


def test_content_text_counts_media_by_block_also_inside_tool_results() -> None:
    screenshot = {"type": "image", "source": {"type": "base64", "data": "A" * 10_000}}
    content = [
        {"type": "text", "text": "look"},
        {"type": "tool_result", "content": [{"type": "text", "text": "shot"}, screenshot]},
        screenshot,
        {"type": "unknown", "x": 1},
    ]
    text, media = content_text(content)
    assert media == 2 and "AAAA" not in text
    assert text == 'look\nshot\n{"type": "unknown", "x": 1}'


def test_the_renderings_share_the_walk_and_differ_only_by_their_blocks() -> None:
    plain: list[Any] = [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]
    renderings = [
        content_text(plain)[0],
        detail_text(plain),
        summariser_text(plain),
        segment_text(plain)[0],
        anthropic_text(plain),
        normalize_content(plain, "assistant"),
    ]
    assert renderings == ["a\nb"] * len(renderings)

    call = {"type": "tool_use", "id": "t1", "name": "bash", "input": {"command": "ls"}}
    result = {"type": "tool_result", "tool_use_id": "t1", "content": "out"}
    image = {"type": "image", "source": {"type": "base64", "data": "AAAA"}}
    mixed: list[Any] = [{"type": "text", "text": "hi"}, image, call, result]
    assert content_text(mixed) == (f"hi\n{json.dumps(call)}\nout", 1)
    assert detail_text(mixed) == f"hi\n[image]\n{json.dumps(call)}\n{json.dumps(result)}"
    assert summariser_text(mixed) == "hi\n[image]\n[calls bash\n$ ls]\ntool result: out"
    assert segment_text(mixed) == ("hi\nout", True)
    assert anthropic_text(mixed) == "hi\n\n\n"
    # A bare string in a block list: text everywhere, except the detail view shows its JSON.
    assert content_text(["s"])[0] == summariser_text(["s"]) == "s" and detail_text(["s"]) == '"s"'
