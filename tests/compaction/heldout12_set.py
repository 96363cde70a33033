"""The twelfth held-out set: its spans, the status words its answers use ("not pushed",
"not written" among them), a careless handoff of each, a reader's handoff of the chat span, and
the Codex and Claude Code summaries that answer (Claude Code's a short one). The checks every
set passes are in `test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
_STALE = {
    "heldout12-codex-dataloader": (
        "Decision: a module-level cache, a Map from customer id to row, filled on first "
        "lookup.\n"
        "Files: src/graphql/resolvers/order.ts; src/cache/customerCache.ts added for the "
        "lookups.\n"
        "Error: the query-count test failed with the DataLoader same-length error; fixed by "
        "jest --clearCache and a re-run.\n"
        "Next: re-run npx jest test/orders.querycount.test.ts to confirm the batching works."
    ),
    "heldout12-claude-borrow": (
        "Decision: leak each line with Box::leak so the fields are &'static str.\n"
        "Files: src/record.rs; src/arena.rs added to own the leaking.\n"
        "Error: parses_escaped_quotes failed on a stale test binary; fixed by cargo clean -p "
        "logq and a re-run.\n"
        "Next: run cargo clean and re-run cargo test."
    ),
    "heldout12-chat-dtypes": (
        "Decision: a normalize_id() helper casts ids to int before the merge.\n"
        "Files: report/revenue.py; report/ids.py added with normalize_id.\n"
        "Error: TypeError: boolean value of NA is ambiguous; fixed by reinstalling "
        "requirements.txt (pandas version drift).\n"
        "Next step: add normalize_id() back in report/ids.py."
    ),
}

# A reader's handoff of the chat span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 300 words.
_READER_CHAT = """Task: the nightly revenue report crashed in report/revenue.py with ValueError: You are trying to merge on float64 and object columns for key 'customer_id', after billing's export changed (guest orders have an empty customer_id, so read_csv made it float64).
Latest request, Jonas's review with the user's answers: postal codes (already done); reply that billing can only produce CSV this year, so we read it with explicit dtypes; the Excel copy showing 123 for 00123 is FIN-311, not now; add a test with 00123 and 123 as two customers.
Decision: customer_id stays a string, read with the pandas "string" dtype in both read_csv calls (a missing id is <NA>), postal_code as a string too. This rules out casting ids to integer: 00123 and 123 are different customers, C-77 is a real id.
The user's correction: don't cast to int; read customer_id with the "string" dtype.
Files changed: report/revenue.py (customer_id and coupon_code as "string" in orders, customer_id and postal_code as "string" in customers, has_coupon from notna() & ne("")). report/ids.py with normalize_id was created and deleted.
Errors: the merge ValueError, fixed by the string dtype. test_coupon_share failed with TypeError: boolean value of NA is ambiguous from coupon_code.apply(bool); reinstalling requirements.txt and re-running did not help; fixed by notna() & ne("").
Review (Jonas) found: postal codes lose their leading zero (done); why not a binary export with real types (answered: billing only produces CSV this year); the Excel copy shows 123 for 00123 (FIN-311); no test with an id that starts with zeros (pending).
Values: ids 00123 and C-77; 24 tests pass; 1,842 orders, 0 unmatched; FIN-311.
Roles: report/revenue.py loads and merges orders and customers; data/2026-12-01/orders.csv and customers.csv are billing's export; tests/test_revenue.py its tests.
State: all 24 tests pass and the 2026-12-01 report builds; the leading-zero test is not written.
Next step: add a test in tests/test_revenue.py with 00123 and 123 as two different customers, then run pytest.
Pending: the 00123 test; the Excel copy later in FIN-311."""


HELDOUT12 = HeldoutSet(
    prefix="heldout12-",
    shapes={
        "heldout12-codex-dataloader": "codex",
        "heldout12-claude-borrow": "claude-code",
        "heldout12-chat-dtypes": "openai-chat",
    },
    status=STATUS | {"not pushed", "not written"},
    production={
        # Codex's "Summary so far", and a brief Claude Code compaction.
        "heldout12-codex-dataloader": Production(words=(150, 220), opens="Summary so far: "),
        "heldout12-claude-borrow": Production(words=(80, 140)),
    },
    stale=_STALE,
    readers={"heldout12-chat-dtypes": _READER_CHAT},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
