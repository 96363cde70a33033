"""Format only, on the CI model (SmolLM2-135M on llama_cpp.server): for each shipped template,
is the reply to a working span a note (not a reply to the span), and the reply to a span of
failed searches NOTHING? Judged by `compaction.read_reply`; a model this small is no judge of
a summary's quality, only of whether the prompt's format is followed.

    python benchmarks/bench_prompt_format.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.real_server.conftest import MODEL, RealServer, _missing

from working_memory.clients import OpenAIClient
from working_memory.compaction import TEMPLATES, read_reply, render_prompt

WORK = (
    "user: please update docs/phase-4.1.md with the new test plan\n"
    "assistant: I will read the document first.\n"
    "[assistant calls read_file(path='docs/phase-4.1.md')]\n"
    "tool result read_file: # Phase 4.1\nThe test plan covers the parser.\n"
    "assistant: Added the cache layer to the test plan in docs/phase-4.1.md."
)
FAILED_SEARCHES = "\n".join(
    f"[assistant calls grep(pattern='{p}')]\ntool result grep: no matches"
    for p in ("TODO_X", "legacy_io", "parse_v0", "OLD_FLAG")
)


def main() -> None:
    missing = _missing()
    if missing:
        sys.exit(missing)
    server = RealServer()
    server.n_ctx = 2048
    server.start()
    try:
        client = OpenAIClient(MODEL, base_url=server.base_url, max_tokens=120, temperature=0,
                              max_retries=0, timeout=300)  # fmt: skip
        print(f"{'template':<10} {'working span':<14} {'failed searches':<16}")
        for name, template in TEMPLATES.items():
            verdicts = []
            for span in (WORK, FAILED_SEARCHES):
                prompt = render_prompt(template.template, span=span, limit=100)
                reply = client.complete([{"role": "user", "content": prompt}]).content
                verdicts.append(read_reply(reply, span).kind)
            print(f"{name:<10} {verdicts[0]:<14} {verdicts[1]:<16}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
