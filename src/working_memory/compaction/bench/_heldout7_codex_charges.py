"""Held out, seventh set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex: customers charged twice because the iOS app
retries POST /v1/charges after a 10 s timeout and the server ignores the Idempotency-Key header;
a Redis SET NX claim answering 409 (tillpoint/idempotency.py) written, then ruled out by the
user (a retry must get the original response; Redis here evicts keys) for an idempotency_keys
table in Postgres, and deleted; a concurrent-retry test that still captures twice, which
SELECT ... FOR UPDATE did not fix and claiming the key with INSERT ... ON CONFLICT DO NOTHING
before the capture did; a teammate's review relayed with four findings: one done, one half done
(the request hash stored, the 422 not written), one not started, one left for a ticket; the
assistant's last words name the per-merchant key, already done and tested."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /home/dev/tillpoint")
s.user(
    "37 customers were charged twice last week. The iOS app gives up on POST /v1/charges after "
    "10 s and retries, and the first request had usually gone through at the PSP. The apps "
    "already send an Idempotency-Key header (a UUID per checkout) that the server ignores. The "
    "endpoint is in tillpoint/api/charges.py. Make a retried charge not charge again."
)
s.call(
    "shell",
    '@router.post("/v1/charges", status_code=201)\n'
    "def create_charge(body: ChargeIn, merchant=Depends(current_merchant), db=Depends(get_db)):\n"
    "    result = psp.capture(merchant.psp_account, body.amount_cents, body.currency,\n"
    "                         body.card_token)\n"
    "    charge = Charge(merchant_id=merchant.id, psp_ref=result.ref,\n"
    "                    amount_cents=body.amount_cents, currency=body.currency,\n"
    "                    status=result.status)\n"
    "    db.add(charge)\n    db.commit()\n    return ChargeOut.model_validate(charge)\n",
    command=["bash", "-lc", "sed -n '14,30p' tillpoint/api/charges.py"],
)
s.call(
    "shell",
    "tillpoint/settings.py:22:REDIS_URL = env('REDIS_URL')  # rate limiter, sessions\n"
    "tillpoint/redis.py:3:redis = Redis.from_url(settings.REDIS_URL)\n",
    command=["bash", "-lc", "rg -n 'REDIS' tillpoint"],
)
s.say(
    "Each retry runs psp.capture() again: nothing looks at the Idempotency-Key. Plan: claim the "
    "key in Redis before capturing, SET idem:<key> NX EX 86400, in a new "
    "tillpoint/idempotency.py; a request whose key is already claimed gets 409 Conflict "
    "instead of a second capture."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA tillpoint/idempotency.py\nM tillpoint/api/charges.py",
    input="*** Begin Patch\n*** Add File: tillpoint/idempotency.py\n"
    "+from .redis import redis\n\nTTL = 86400  # a day: the apps never retry later than that\n\n\n"
    "+def claim(key: str) -> bool:\n"
    "+    return bool(redis.set(f'idem:{key}', 1, nx=True, ex=TTL))\n"
    "*** Update File: tillpoint/api/charges.py\n@@\n"
    "-def create_charge(body: ChargeIn, merchant=Depends(current_merchant), db=Depends(get_db)):\n"
    "+def create_charge(body: ChargeIn, merchant=Depends(current_merchant), db=Depends(get_db),\n"
    "+                  idempotency_key: str | None = Header(None)):\n"
    "+    if idempotency_key and not claim(idempotency_key):\n"
    "+        raise HTTPException(409, 'duplicate request')\n*** End Patch",
)
s.user(
    "A 409 is the wrong answer: the app shows 'payment failed' for a charge that went through, "
    "and the customer pays again some other way. A retry must get the original response back, "
    "same status, same body. And Redis isn't durable here: it runs with maxmemory-policy "
    "allkeys-lru and no persistence, keys vanish under load. Keep the key and the response in "
    "Postgres, an idempotency_keys table, written in the same transaction as the charge row. "
    "Delete idempotency.py."
)
s.call(
    "shell",
    "rm 'tillpoint/idempotency.py'\n",
    command=[
        "bash",
        "-lc",
        "git rm -q -f tillpoint/idempotency.py && git checkout -- tillpoint/api/charges.py "
        "&& git status --short",
    ],
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Find why a retry charges again", "status": "completed"},
        {
            "step": "idempotency_keys table; a retry gets the saved response",
            "status": "in_progress",
        },
        {"step": "Tests: a retry, two retries at once", "status": "pending"},
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM tillpoint/models.py\nM tillpoint/api/charges.py",
    input="*** Begin Patch\n*** Update File: tillpoint/models.py\n@@\n"
    "+class IdempotencyKey(Base):\n+    __tablename__ = 'idempotency_keys'\n\n"
    "+    key: Mapped[str] = mapped_column(String(64), primary_key=True)\n"
    "+    response_status: Mapped[int]\n+    response_body: Mapped[dict] = mapped_column(JSONB)\n"
    "+    created_at: Mapped[datetime] = mapped_column(server_default=func.now())\n"
    "*** Update File: tillpoint/api/charges.py\n@@\n"
    "-def create_charge(body: ChargeIn, merchant=Depends(current_merchant), db=Depends(get_db)):\n"
    "+def create_charge(body: ChargeIn, merchant=Depends(current_merchant), db=Depends(get_db),\n"
    "+                  idempotency_key: str | None = Header(None)):\n"
    "+    if idempotency_key:\n"
    "+        saved = db.get(IdempotencyKey, idempotency_key)\n"
    "+        if saved:\n"
    "+            return JSONResponse(saved.response_body, status_code=saved.response_status)\n"
    "     result = psp.capture(merchant.psp_account, body.amount_cents, body.currency,\n@@\n"
    "     db.add(charge)\n-    db.commit()\n-    return ChargeOut.model_validate(charge)\n"
    "+    db.flush()\n+    out = ChargeOut.model_validate(charge).model_dump(mode='json')\n"
    "+    if idempotency_key:\n"
    "+        db.add(IdempotencyKey(key=idempotency_key, response_status=201, "
    "response_body=out))\n"
    "+    db.commit()  # the charge and its key together\n"
    "+    return JSONResponse(out, status_code=201)\n*** End Patch",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA tests/test_idempotency.py",
    input="*** Begin Patch\n*** Add File: tests/test_idempotency.py\n"
    "+def test_retry_returns_original(client, fake_psp):\n"
    "+    h = {'Idempotency-Key': 'k-1'}\n"
    "+    first = client.post('/v1/charges', json=CHARGE, headers=h)\n"
    "+    again = client.post('/v1/charges', json=CHARGE, headers=h)\n"
    "+    assert (again.status_code, again.json()) == (201, first.json())\n"
    "+    assert fake_psp.calls == 1\n\n\n"
    "+def test_concurrent_retry(client, fake_psp):\n"
    "+    fake_psp.delay = 0.2  # the PSP is slow, as when the app gave up\n"
    "+    post = lambda _: client.post('/v1/charges', json=CHARGE, "
    "headers={'Idempotency-Key': 'k-2'})\n"
    "+    with ThreadPoolExecutor(2) as ex:\n+        list(ex.map(post, range(2)))\n"
    "+    assert fake_psp.calls == 1\n*** End Patch",
)
s.call(
    "shell",
    ".F\n=================================== FAILURES ===================================\n"
    "____________________________ test_concurrent_retry _____________________________\n"
    "    assert fake_psp.calls == 1\nE   assert 2 == 1\n"
    "------------------------------ Captured log call -------------------------------\n"
    "ERROR    tillpoint.api:errors.py:31 IntegrityError: duplicate key value violates unique "
    'constraint "idempotency_keys_pkey"\n'
    "1 failed, 1 passed in 1.47s",
    command=["bash", "-lc", "pytest -q tests/test_idempotency.py"],
)
s.say(
    "The sequential retry works, but two requests in flight together both miss the lookup, "
    "both capture, and the second then fails on the key's insert, so the customer is charged "
    "twice and gets a 500. Locking the lookup with SELECT ... FOR UPDATE should serialise them."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM tillpoint/api/charges.py",
    input="*** Begin Patch\n*** Update File: tillpoint/api/charges.py\n@@\n"
    "-        saved = db.get(IdempotencyKey, idempotency_key)\n"
    "+        saved = db.get(IdempotencyKey, idempotency_key, with_for_update=True)\n"
    "*** End Patch",
)
s.call(
    "shell",
    ".F\n=================================== FAILURES ===================================\n"
    "____________________________ test_concurrent_retry _____________________________\n"
    "    assert fake_psp.calls == 1\nE   assert 2 == 1\n"
    "ERROR    tillpoint.api:errors.py:31 IntegrityError: duplicate key value violates unique "
    'constraint "idempotency_keys_pkey"\n'
    "1 failed, 1 passed in 1.52s",
    command=["bash", "-lc", "pytest -q tests/test_idempotency.py"],
)
s.say(
    "Same failure. FOR UPDATE only locks rows that exist, and for the first request there is "
    "no row yet, so both get past it. The key has to be claimed before the capture: INSERT it "
    "first as pending with ON CONFLICT (key) DO NOTHING RETURNING key and commit, so exactly "
    "one request wins. The winner captures and stores the response on its row; a loser whose "
    "key is still pending gets 409 with Retry-After: 1 (in flight, not failed), one whose key "
    "is done gets the saved response."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM tillpoint/models.py\nM tillpoint/api/charges.py",
    input="*** Begin Patch\n*** Update File: tillpoint/models.py\n@@\n"
    "     key: Mapped[str] = mapped_column(String(64), primary_key=True)\n"
    "+    state: Mapped[str] = mapped_column(String(8), default='pending')  # pending | done\n"
    "-    response_status: Mapped[int]\n-    response_body: Mapped[dict] = mapped_column(JSONB)\n"
    "+    response_status: Mapped[int | None]\n"
    "+    response_body: Mapped[dict | None] = mapped_column(JSONB)\n"
    "*** Update File: tillpoint/api/charges.py\n@@\n"
    "-        saved = db.get(IdempotencyKey, idempotency_key, with_for_update=True)\n"
    "-        if saved:\n"
    "-            return JSONResponse(saved.response_body, status_code=saved.response_status)\n"
    "+        won = db.execute(insert(IdempotencyKey).values(key=idempotency_key)\n"
    "+                         .on_conflict_do_nothing().returning(IdempotencyKey.key)).first()\n"
    "+        db.commit()  # the claim is visible before the capture starts\n"
    "+        if not won:\n            saved = db.get(IdempotencyKey, idempotency_key)\n"
    "+            if saved.state == 'pending':\n"
    "+                return JSONResponse({'error': 'in progress'}, status_code=409,\n"
    "+                                    headers={'Retry-After': '1'})\n"
    "+            return JSONResponse(saved.response_body, status_code=saved.response_status)\n"
    "@@\n-        db.add(IdempotencyKey(key=idempotency_key, response_status=201, "
    "response_body=out))\n"
    "+        db.execute(update(IdempotencyKey).where(IdempotencyKey.key == idempotency_key)\n"
    "+                   .values(state='done', response_status=201, response_body=out))\n"
    "*** End Patch",
)
s.call(
    "shell",
    "..\n2 passed in 1.61s",
    command=["bash", "-lc", "pytest -q tests/test_idempotency.py"],
)
s.call(
    "shell",
    "143 passed in 12.84s",
    command=["bash", "-lc", "pytest -q"],
)
s.say(
    "A retried charge now returns the original 201 and body without a second capture: the key "
    "is claimed with INSERT ... ON CONFLICT DO NOTHING before psp.capture(), the response is "
    "stored on the idempotency_keys row in the charge's transaction, and a retry that arrives "
    "while the first is still running gets 409 with Retry-After: 1. All 143 tests pass."
)
s.user(
    "Tomás reviewed it:\n"
    "1. The key is global. Two merchants' apps generating the same key (one of the Android "
    "builds uses a counter, not a UUID) would get each other's charge back. Scope it per "
    "merchant: primary key (merchant_id, key).\n"
    "2. A retry with the same key but a different body (the amount changed) silently gets the "
    "old charge back. Store a sha256 of the request body with the key and answer 422 when it "
    "differs.\n"
    "3. If psp.capture() raises, the pending row stays forever and every retry gets 409. "
    "Delete the pending row when the capture fails.\n"
    "4. Keys are never purged; the table grows by about 90k rows a day.\n"
    "Do 1, 2 and 3. 4 is ticket PAY-418, not now."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Key per merchant: primary key (merchant_id, key)", "status": "in_progress"},
        {
            "step": "Store a sha256 of the body, compare it on a retry, 422 when it differs",
            "status": "pending",
        },
        {"step": "Delete the pending row when the capture fails", "status": "pending"},
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM tillpoint/models.py\nM tillpoint/api/charges.py\n"
    "M tests/test_idempotency.py",
    input="*** Begin Patch\n*** Update File: tillpoint/models.py\n@@\n"
    "+    merchant_id: Mapped[int] = mapped_column(ForeignKey('merchants.id'), "
    "primary_key=True)\n"
    "     key: Mapped[str] = mapped_column(String(64), primary_key=True)\n"
    "*** Update File: tillpoint/api/charges.py\n@@\n"
    "-        won = db.execute(insert(IdempotencyKey).values(key=idempotency_key)\n"
    "+        won = db.execute(insert(IdempotencyKey).values(merchant_id=merchant.id, "
    "key=idempotency_key)\n@@\n"
    "-            saved = db.get(IdempotencyKey, idempotency_key)\n"
    "+            saved = db.get(IdempotencyKey, (merchant.id, idempotency_key))\n@@\n"
    "-        db.execute(update(IdempotencyKey).where(IdempotencyKey.key == idempotency_key)\n"
    "+        db.execute(update(IdempotencyKey).where(IdempotencyKey.merchant_id == merchant.id,\n"
    "+                                                IdempotencyKey.key == idempotency_key)\n"
    "*** Update File: tests/test_idempotency.py\n@@\n"
    "+def test_keys_are_per_merchant(client_for, fake_psp):\n"
    "+    h = {'Idempotency-Key': 'k-3'}\n"
    "+    a = client_for('merchant-a').post('/v1/charges', json=CHARGE, headers=h)\n"
    "+    b = client_for('merchant-b').post('/v1/charges', json=CHARGE, headers=h)\n"
    "+    assert a.json()['id'] != b.json()['id']\n+    assert fake_psp.calls == 2\n"
    "*** End Patch",
)
s.call(
    "shell",
    "...\n3 passed in 1.66s",
    command=["bash", "-lc", "pytest -q tests/test_idempotency.py"],
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Key per merchant: primary key (merchant_id, key)", "status": "completed"},
        {
            "step": "Store a sha256 of the body, compare it on a retry, 422 when it differs",
            "status": "in_progress",
        },
        {"step": "Delete the pending row when the capture fails", "status": "pending"},
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM tillpoint/models.py\nM tillpoint/api/charges.py",
    input="*** Begin Patch\n*** Update File: tillpoint/models.py\n@@\n"
    "     state: Mapped[str] = mapped_column(String(8), default='pending')  # pending | done\n"
    "+    request_hash: Mapped[str] = mapped_column(String(64))  # sha256 of the body\n"
    "*** Update File: tillpoint/api/charges.py\n@@\n"
    "+    request_hash = hashlib.sha256(body.model_dump_json().encode()).hexdigest()\n"
    "     if idempotency_key:\n"
    "-        won = db.execute(insert(IdempotencyKey).values(merchant_id=merchant.id, "
    "key=idempotency_key)\n"
    "+        won = db.execute(insert(IdempotencyKey).values(merchant_id=merchant.id, "
    "key=idempotency_key,\n"
    "+                                                       request_hash=request_hash)\n"
    "*** End Patch",
)
s.say(
    "The request hash is stored with each key now. Next I'll scope the idempotency key per "
    "merchant with a (merchant_id, key) primary key, so two merchants' apps can't get each "
    "other's charge back."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Stop retried charges charging again: the iOS app gives up on POST /v1/charges "
             "after 10 s and retries, and the server (tillpoint/api/charges.py) ignores the "
             "Idempotency-Key header the apps already send; 37 customers were charged twice.",
             must=(("charged twice", "charge again", "retried charge", "retry", "retries"),
                   ("idempotency-key", "idempotency key", "/v1/charges", "charges.py")),
             partial_means="The double charge without the idempotency key or endpoint, or the "
                           "reverse.",
             wrong="A PSP bug; changing the app's timeout."),
    Question("latest_request", "What did the user last ask?",
             "Tomás's review: do 1 (key per merchant, primary key (merchant_id, key)), 2 (store a "
             "sha256 of the request body, 422 when a retry's body differs) and 3 (delete the "
             "pending row when psp.capture() raises); 4 (purging keys) is ticket PAY-418, not "
             "now.",
             must=(("merchant_id", "per merchant"), ("sha256", "422", "different body"),
                   ("pending row", "capture fails", "capture() raises")),
             partial_means="One or two of the three points to do.",
             wrong="Purging old keys now; a Redis claim.",
             stale_means="The Postgres-table correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Finish point 2 in tillpoint/api/charges.py: when the key is not won, compare the "
             "stored request_hash with this request's and answer 422 if they differ (the hash "
             "is stored, the comparison is not written), with a test; then point 3: delete the "
             "pending row when psp.capture() raises; then run pytest.",
             must=(("422",), ("compare", "comparison", "stored request_hash")),
             stale=("scope the idempotency key per merchant", "select ... for update should",
                    "claim the key in redis"),
             partial_means="Names point 3 or the tests without finishing the 422 check.",
             wrong="Purging old keys (PAY-418); a Redis claim.",
             stale_means="Says to scope the key per merchant: done and tested (3 passed)."),
    Question("files_edited", "Which files were changed, and why?",
             "tillpoint/api/charges.py (claim the key with INSERT ... ON CONFLICT DO NOTHING "
             "before psp.capture(), return the saved response, 409 with Retry-After: 1 while "
             "pending, per merchant, request_hash stored); tillpoint/models.py (IdempotencyKey: "
             "idempotency_keys, primary key (merchant_id, key), state, response, request_hash); "
             "tests/test_idempotency.py (new). tillpoint/idempotency.py was created and "
             "deleted.",
             must=(("charges.py",), ("models.py",), ("test_idempotency.py",)),
             stale=("tillpoint/idempotency.py",),
             spread=True,
             partial_means="One or two of the three.",
             wrong="tillpoint/redis.py or settings.py given as changed.",
             stale_means="tillpoint/idempotency.py (the Redis claim) listed as a current "
                         "file."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Keys and responses kept in Postgres (idempotency_keys), written in the charge's "
             "transaction; the key is claimed before the capture with INSERT ... ON CONFLICT DO "
             "NOTHING, so a retry gets the original 201 and body (409 with Retry-After only "
             "while the first is in flight). Rules out the Redis SET NX claim with a 409 "
             "(allkeys-lru evicts keys; the app shows 'payment failed') and SELECT ... FOR "
             "UPDATE.",
             must=(("idempotency_keys", "postgres", "on conflict"),
                   ("redis", "set nx", "409 conflict")),
             stale=("claim the key in redis", "set idem:<key> nx"),
             partial_means="The Postgres table without what it rules out.",
             wrong="The Redis claim or a 409 for every retry given as the design.",
             stale_means="The Redis SET NX claim given as the design."),
    Question("review", "What did the review find?",
             "Tomás: (1) the key is global, merchants could get each other's charge (one "
             "Android build uses a counter); (2) a retry with a different body silently gets "
             "the old charge; (3) a pending row stays forever when psp.capture() raises, every "
             "retry gets 409; (4) keys are never purged (about 90k rows a day), ticket "
             "PAY-418.",
             must=(("global", "per merchant", "merchant_id", "each other"),
                   ("different body", "body differs", "amount changed", "sha256"),
                   ("pending row", "stays forever", "capture() raises", "capture fails"),
                   ("purge", "90k", "pay-418")),
             partial_means="Two or three of the four findings.",
             wrong="The concurrent double capture (the agent's own test found that)."),
    Question("corrections", "How did the user correct the agent?",
             "A 409 is the wrong answer (the app shows 'payment failed' for a charge that went "
             "through): a retry must get the original response; and Redis is not durable here "
             "(allkeys-lru, no persistence): keep the key and response in a Postgres "
             "idempotency_keys table in the charge's transaction; delete idempotency.py.",
             must=(("409", "original response", "payment failed"),
                   ("postgres", "idempotency_keys", "allkeys-lru", "durable")),
             partial_means="One half: the response or the storage.",
             wrong="Tomás's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "test_concurrent_retry failed (assert 2 == 1; IntegrityError duplicate key value "
             "violates unique constraint \"idempotency_keys_pkey\"): two requests in flight "
             "both missed the lookup and both captured. SELECT ... FOR UPDATE did not fix it "
             "(no row exists yet to lock); claiming the key first with INSERT ... ON CONFLICT "
             "DO NOTHING RETURNING and committing before the capture did.",
             must=(("2 == 1", "test_concurrent_retry", "idempotency_keys_pkey", "both capture"),
                   ("on conflict", "claim", "insert it first")),
             stale=("fixed by for update", "fixed by select ... for update",
                    "for update should serialise them"),
             partial_means="The failing concurrent test without the ON CONFLICT fix.",
             wrong="The double charges in production given as the test error.",
             stale_means="The race 'fixed' by SELECT ... FOR UPDATE."),
    Question("key_values", "Which key values matter?",
             "37 customers charged twice; the app's 10 s timeout; Retry-After: 1; 143 tests "
             "passed (3 in test_idempotency.py after the per-merchant key); about 90k rows a "
             "day; ticket PAY-418; the superseded Redis TTL 86400.",
             must=(("143",), ("pay-418", "90k", "retry-after: 1", "37")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "tillpoint/api/charges.py holds create_charge(), the POST /v1/charges endpoint "
             "that calls psp.capture(); tillpoint/models.py the IdempotencyKey model "
             "(idempotency_keys); tests/test_idempotency.py the retry tests; tillpoint/redis.py "
             "is the Redis client (rate limiter, sessions).",
             must=(("charges.py",), ("create_charge", "endpoint", "psp.capture"),
                   ("models.py", "test_idempotency.py")),
             partial_means="charges.py without the other files, or the reverse.",
             wrong="idempotency.py described as a current file."),
    Question("pending", "What work is still pending?",
             "Point 2: the 422 when the request hash differs (the hash is stored, the check "
             "and its test are not written); point 3: delete the pending row when the capture "
             "fails; run the tests; point 4 waits for PAY-418.",
             must=(("422", "hash"), ("pending row", "capture fails", "capture() raises"),
                   ("run the tests", "pytest", "untested", "not written")),
             partial_means="One of the two.",
             wrong="Purging keys now; the per-merchant key (done)."),
    Question("state", "What is the state of the work?",
             "A retry returns the original response and 143 tests passed; the per-merchant key "
             "is done and its test passes (3 passed); request_hash is stored but the 422 check "
             "is not written and nothing ran after that patch; point 3 not started.",
             must=(("143", "3 passed"), ("per merchant", "merchant_id", "(merchant_id, key)"),
                   ("request_hash", "422", "hash")),
             partial_means="The working retry without what is left of the review.",
             wrong="Says customers are still charged twice by a retry.",
             stale_means="Says the key is still global, or that all review points are done."),
)  # fmt: skip

PRODUCTION = """Summary so far: 37 customers were charged twice because the iOS app retries POST /v1/charges after 10 s and tillpoint/api/charges.py ignored the Idempotency-Key header. The user rejected my Redis SET NX claim with a 409 (tillpoint/idempotency.py, deleted): the app shows 'payment failed', and Redis runs allkeys-lru with no persistence. Decision: an idempotency_keys table in Postgres (IdempotencyKey in tillpoint/models.py) written in the charge's transaction; the key is claimed before psp.capture() with INSERT ... ON CONFLICT DO NOTHING, a retry gets the saved 201 and body, one in flight gets 409 with Retry-After: 1. Error: test_concurrent_retry failed (assert 2 == 1, IntegrityError on idempotency_keys_pkey); SELECT ... FOR UPDATE did not help, claiming the key first with ON CONFLICT fixed it. tests/test_idempotency.py added; 143 tests passed.
Tomás's review found: the key is global (merchants could get each other's charge); a retry with a different body gets the old charge; a pending row stays forever when psp.capture() raises; keys are never purged (90k rows a day, ticket PAY-418, not now).
State: per-merchant primary key (merchant_id, key) done, 3 passed; request_hash (sha256) stored, untested.
Next: compare the stored request_hash on a retry and answer 422 when it differs; then delete the pending row when the capture fails; run pytest."""
