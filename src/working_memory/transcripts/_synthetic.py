"""Synthetic but realistic coding-agent sessions, for `simulate`, benchmarks and the examples.

Deterministic for a seed. A session has what real ones have: a system prompt, one task,
a plan that gets updated, tool calls (reads, greps, test runs, edits) whose results vary
from a line to a long log, errors, the occasional user correction, and prose in between.
"""

from __future__ import annotations

import json
import random
from typing import Any

__all__ = ["SIM_TOOLS", "synthetic_session"]

_MODULES = ["billing", "invoices", "auth", "scheduler", "exporter", "payments", "ledger", "notify"]
_FILES = ["models.py", "service.py", "api.py", "tasks.py", "utils.py", "schema.py", "client.py"]
_FUNCS = [
    "apply_discount",
    "charge_card",
    "build_invoice",
    "refresh_token",
    "parse_rows",
    "retry_request",
    "to_cents",
    "load_config",
    "render_pdf",
    "sync_accounts",
]
_ERRORS = [
    "KeyError: 'currency'",
    "TypeError: unsupported operand type(s) for +: 'Decimal' and 'float'",
    "AssertionError: assert 1999 == 2000",
    'sqlalchemy.exc.IntegrityError: duplicate key value violates unique constraint "invoice_number_key"',
    "TimeoutError: request to https://api.stripe.test/v1/charges timed out after 30s",
    "ModuleNotFoundError: No module named 'billing.legacy'",
]
_CORRECTIONS = [
    "No, use the staging database, not production.",
    "Actually, keep amounts in integer cents; never use floats for money.",
    "Wait, don't touch the public API of the payments client.",
    "That's wrong: the tests live in tests/unit, not tests/.",
    "Use Decimal instead of float for the tax calculation.",
]

SIM_TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": name,
            "description": desc,
            "parameters": {
                "type": "object",
                "properties": {arg: {"type": "string", "description": f"the {arg}"}},
                "required": [arg],
            },
        },
    }
    for name, desc, arg in [
        (
            "read_file",
            "Read a file from the repository and return its contents with line numbers.",
            "path",
        ),
        (
            "grep",
            "Search the repository for a regular expression; returns matching lines.",
            "pattern",
        ),
        ("run_tests", "Run pytest on a path and return the output.", "path"),
        ("edit_file", "Replace a unique snippet in a file with new text.", "path"),
        ("bash", "Run a shell command in the repository and return stdout and stderr.", "command"),
    ]
]


def _code(rng: random.Random, lines: int, module: str) -> str:
    out = []
    for n in range(1, lines + 1):
        func = rng.choice(_FUNCS)
        choice = rng.random()
        if choice < 0.15:
            out.append(f"{n:4d}  def {func}(self, amount: int, currency: str = 'EUR') -> int:")
        elif choice < 0.3:
            out.append(
                f'{n:4d}      """{func.replace("_", " ").capitalize()} for the {module} module."""'
            )
        elif choice < 0.5:
            out.append(
                f"{n:4d}      total = sum(line.amount_cents for line in self.lines if line.{module}_id)"
            )
        elif choice < 0.65:
            out.append(f"{n:4d}      if currency not in SUPPORTED_CURRENCIES:")
        elif choice < 0.8:
            out.append(f'{n:4d}          raise ValueError(f"unsupported currency {{currency!r}}")')
        else:
            out.append(
                f"{n:4d}      return {module}_{func}(total, rate=Decimal('0.{rng.randint(10, 99)}'))"
            )
    return "\n".join(out)


def _test_log(rng: random.Random, module: str, failing: bool) -> str:
    lines = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.11.7, pytest-8.3.2, pluggy-1.5.0",
        f"collected {rng.randint(20, 400)} items",
        "",
    ]
    for _ in range(rng.randint(5, 60)):
        name = f"tests/unit/test_{module}.py::test_{rng.choice(_FUNCS)}_{rng.randint(1, 40)}"
        lines.append(f"{name} PASSED{' ' * rng.randint(1, 20)}[{rng.randint(1, 99):3d}%]")
    if failing:
        error = rng.choice(_ERRORS)
        lines += [
            "",
            "=================================== FAILURES ===================================",
            f"____________________ test_{rng.choice(_FUNCS)} ____________________",
            "",
            f"src/{module}/{rng.choice(_FILES)}:{rng.randint(10, 400)}: in {rng.choice(_FUNCS)}",
            f"E   {error}",
            "",
            f"FAILED tests/unit/test_{module}.py::test_{rng.choice(_FUNCS)} - {error}",
            f"=========== 1 failed, {rng.randint(20, 300)} passed in {rng.uniform(1, 40):.2f}s ===========",
        ]
    else:
        lines.append(
            f"=========== {rng.randint(20, 300)} passed in {rng.uniform(1, 40):.2f}s ==========="
        )
    return "\n".join(lines)


def _tool_result(rng: random.Random, name: str, module: str, arg: str) -> str:
    if name == "read_file":
        return _code(rng, rng.choice([12, 40, 120, 400]), module)
    if name == "grep":
        hits = rng.randint(0, 30)
        if not hits:
            return "(no matches)"
        return "\n".join(
            f"src/{module}/{rng.choice(_FILES)}:{rng.randint(1, 500)}:    {rng.choice(_FUNCS)}(amount, currency)"
            for _ in range(hits)
        )
    if name == "run_tests":
        return _test_log(rng, module, failing=rng.random() < 0.45)
    if name == "edit_file":
        return f"Edited {arg}: replaced 1 occurrence ({rng.randint(1, 30)} lines changed)."
    rows = [
        {
            "id": rng.randint(1000, 9999),
            "amount_cents": rng.randint(100, 99_999),
            "currency": rng.choice(["EUR", "USD", "GBP"]),
            "status": rng.choice(["paid", "open", "void"]),
        }
        for _ in range(rng.randint(1, 80))
    ]
    return json.dumps(rows, indent=rng.choice([None, 2]))


def synthetic_session(
    turns: int = 200, *, seed: int = 0, task: str | None = None
) -> list[dict[str, Any]]:
    """About `turns` agent steps of a coding session, as OpenAI chat messages."""
    rng = random.Random(seed)
    module = rng.choice(_MODULES)
    messages: list[dict[str, Any]] = [
        {
            "role": "system",
            "content": (
                "You are a careful software engineering agent working in a Python repository. "
                "Use the tools to read, search, test and edit code. Keep changes minimal, run the "
                "tests after each edit, and explain what you changed."
            ),
        },
        {
            "role": "user",
            "content": task
            or (
                f"TASK: the {module} module computes totals with floats and loses cents on large "
                f"invoices. Fix src/{module}/service.py so every amount is integer cents, keep the "
                f"public API of {module}.api unchanged, and make tests/unit/test_{module}.py pass."
            ),
        },
        {
            "role": "assistant",
            "content": (
                f"Plan:\n1. Read src/{module}/service.py and src/{module}/models.py.\n"
                f"2. Run tests/unit/test_{module}.py to see the failures.\n"
                "3. Replace float arithmetic with integer cents.\n4. Re-run the tests."
            ),
        },
    ]
    call = 0
    for step in range(turns):
        roll = rng.random()
        if roll < 0.04 and step > 5:
            messages.append({"role": "user", "content": rng.choice(_CORRECTIONS)})
            continue
        if roll < 0.06 and step > 10:
            messages.append(
                {
                    "role": "assistant",
                    "content": (
                        f"Plan (updated at step {step}):\n1. Fix {rng.choice(_FUNCS)} in src/{module}/"
                        f"{rng.choice(_FILES)}.\n2. Add a regression test.\n3. Run the full suite."
                    ),
                }
            )
            continue
        if roll < 0.16:
            messages.append(
                {
                    "role": "assistant",
                    "content": (
                        f"The failure comes from {rng.choice(_FUNCS)}() in src/{module}/{rng.choice(_FILES)}: "
                        f"it adds a Decimal to a float. I will convert to cents at the boundary."
                    ),
                }
            )
            continue
        parallel = 2 if rng.random() < 0.15 else 1
        calls = []
        for _ in range(parallel):
            name = rng.choice(
                ["read_file", "read_file", "grep", "run_tests", "run_tests", "edit_file", "bash"]
            )
            arg = (
                f"src/{module}/{rng.choice(_FILES)}"
                if name in ("read_file", "edit_file")
                else f"tests/unit/test_{module}.py"
                if name == "run_tests"
                else rng.choice(_FUNCS)
                if name == "grep"
                else "psql -c 'select * from invoices limit 50' --json"
            )
            key = {
                "read_file": "path",
                "edit_file": "path",
                "run_tests": "path",
                "grep": "pattern",
                "bash": "command",
            }[name]
            calls.append((f"call_{call}", name, arg, key))
            call += 1
        messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": cid,
                        "type": "function",
                        "function": {"name": name, "arguments": json.dumps({key: arg})},
                    }
                    for cid, name, arg, key in calls
                ],
            }
        )
        for cid, name, arg, _ in calls:
            messages.append(
                {
                    "role": "tool",
                    "tool_call_id": cid,
                    "content": _tool_result(rng, name, module, arg),
                }
            )
    messages.append(
        {
            "role": "assistant",
            "content": (
                f"Done: src/{module}/service.py now keeps integer cents throughout; "
                f"tests/unit/test_{module}.py passes."
            ),
        }
    )
    return messages
