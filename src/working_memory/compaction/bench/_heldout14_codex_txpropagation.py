"""Held out, fourteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, Java/Spring Boot: a declined card rolls back
checkout and the payment_attempts row with it, because OrderService calls its own
REQUIRES_NEW recordAttempt() past the proxy; AopContext.currentProxy() with a new
config/ProxyConfig.java (exposeProxy) written, then ruled out by the user for a separate
PaymentAttemptRecorder bean; the config file deleted; a bean cycle at startup that
spring.main.allow-circular-references (written, then reverted) did not fix and a static
PaymentAttempt.from() mapping did; a PR review with four points: one answered on the PR (the
connection pool), one already done, one a ticket, one pending (a test that a successful
checkout writes exactly one attempt row); the assistant's last words name the put-off ticket's
work as the next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_PKG = "src/main/java/com/acme/checkout"
_CYCLE = (
    "***************************\nAPPLICATION FAILED TO START\n***************************\n\n"
    "Description:\n\nThe dependencies of some of the beans in the application context form a "
    "cycle:\n\n\u250c\u2500\u2500\u2500\u2500\u2500\u2510\n"
    "|  orderService defined in file [target/classes/com/acme/checkout/OrderService.class]\n"
    "\u2191     \u2193\n|  paymentAttemptRecorder defined in file "
    "[target/classes/com/acme/checkout/PaymentAttemptRecorder.class]\n"
    "\u2514\u2500\u2500\u2500\u2500\u2500\u2518\n\nAction:\n\nRelying upon circular references "
    "is discouraged and they are prohibited by default. Update your application to remove the "
    "dependency cycle between beans. As a last resort, it may be possible to break the cycle "
    "automatically by setting spring.main.allow-circular-references to true.\n"
)

s = Script("You are Codex, a coding agent. cwd: /home/tomas/checkout-svc")
s.user(
    "PAY-233: when a card is declined, checkout rolls back as it should, but the "
    "payment_attempts row for the decline disappears with it, so support can't see why an "
    "order failed. OrderService.checkout() is @Transactional and recordAttempt() in the same "
    "class is @Transactional(propagation = REQUIRES_NEW). Make the decline row survive the "
    "rollback."
)
s.call(
    "shell",
    "@Service\npublic class OrderService {\n"
    "    private final OrderRepository orders;\n"
    "    private final PaymentAttemptRepository attempts;\n"
    "    private final PaymentGateway gateway;\n\n"
    "    @Transactional\n    public Order checkout(Cart cart) {\n"
    "        Order order = orders.save(Order.from(cart));\n"
    "        PaymentResult result = gateway.charge(order);\n"
    "        recordAttempt(order, result);\n"
    "        if (result.declined()) throw new PaymentDeclinedException(result.reason());\n"
    "        return order;\n    }\n\n"
    "    @Transactional(propagation = Propagation.REQUIRES_NEW)\n"
    "    public void recordAttempt(Order order, PaymentResult result) {\n"
    "        attempts.save(toAttempt(order, result));\n    }\n\n"
    "    PaymentAttempt toAttempt(Order order, PaymentResult result) { ... }\n}\n",
    command=["bash", "-lc", f"cat {_PKG}/OrderService.java"],
)
s.call(
    "shell",
    "    <spring-boot.version>3.2.4</spring-boot.version>\n"
    "Tests run: 142, Failures: 0, Errors: 0, Skipped: 0\n",
    command=[
        "bash",
        "-lc",
        "grep spring-boot.version pom.xml; ./mvnw -q test 2>&1 | grep 'Tests run' | tail -1",
    ],
)
s.say(
    "checkout() calls recordAttempt() on this, so the call never goes through the Spring proxy "
    "and REQUIRES_NEW is ignored: the insert joins checkout's transaction and is rolled back "
    "with it. Quickest fix that keeps the method where it is: expose the proxy with "
    "@EnableAspectJAutoProxy(exposeProxy = true) in a new config class and call "
    "((OrderService) AopContext.currentProxy()).recordAttempt(...)."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA {_PKG}/config/ProxyConfig.java\n"
    f"M {_PKG}/OrderService.java\n",
    input=f"*** Begin Patch\n*** Add File: {_PKG}/config/ProxyConfig.java\n"
    "+@Configuration\n+@EnableAspectJAutoProxy(exposeProxy = true)\n"
    "+public class ProxyConfig {}\n"
    f"*** Update File: {_PKG}/OrderService.java\n@@\n"
    "-        recordAttempt(order, result);\n"
    "+        ((OrderService) AopContext.currentProxy()).recordAttempt(order, result);\n"
    "*** End Patch\n",
)
s.user(
    "No AopContext. It ties OrderService to Spring AOP internals, and any unit test that builds "
    "the service without a proxy gets an IllegalStateException. Move recordAttempt into its "
    "own bean, PaymentAttemptRecorder, with the REQUIRES_NEW on its public method, and inject "
    "it into OrderService through the constructor like everything else."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nD {_PKG}/config/ProxyConfig.java\n"
    f"A {_PKG}/PaymentAttemptRecorder.java\nM {_PKG}/OrderService.java\n",
    "Deleting ProxyConfig and moving recordAttempt into PaymentAttemptRecorder; it reuses "
    "OrderService.toAttempt() for the mapping.",
    input=f"*** Begin Patch\n*** Delete File: {_PKG}/config/ProxyConfig.java\n"
    f"*** Add File: {_PKG}/PaymentAttemptRecorder.java\n"
    "+@Service\n+public class PaymentAttemptRecorder {\n"
    "+    private final PaymentAttemptRepository attempts;\n"
    "+    private final OrderService orderService;\n\n"
    "+    public PaymentAttemptRecorder(PaymentAttemptRepository attempts, "
    "OrderService orderService) { ... }\n\n"
    "+    @Transactional(propagation = Propagation.REQUIRES_NEW)\n"
    "+    public void record(Order order, PaymentResult result) {\n"
    "+        attempts.save(orderService.toAttempt(order, result));\n+    }\n+}\n"
    f"*** Update File: {_PKG}/OrderService.java\n@@\n"
    "-    private final PaymentGateway gateway;\n"
    "+    private final PaymentGateway gateway;\n+    private final PaymentAttemptRecorder recorder;\n"
    "@@\n"
    "-        ((OrderService) AopContext.currentProxy()).recordAttempt(order, result);\n"
    "+        recorder.record(order, result);\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    _CYCLE + "\nTests run: 142, Failures: 0, Errors: 31, Skipped: 0\n",
    command=["bash", "-lc", "./mvnw -q test 2>&1 | tail -30"],
)
s.say(
    "Spring names allow-circular-references as the last resort; setting it in "
    "application.yml to get the context up."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/main/resources/application.yml\n",
    input="*** Begin Patch\n*** Update File: src/main/resources/application.yml\n@@\n"
    " spring:\n+  main:\n+    allow-circular-references: true\n*** End Patch\n",
)
s.call(
    "shell",
    "org.springframework.beans.factory.BeanCurrentlyInCreationException: Error creating bean "
    "with name 'orderService': Requested bean is currently in creation: Is there an "
    "unresolvable circular reference?\n\nTests run: 142, Failures: 0, Errors: 31, Skipped: 0\n",
    command=["bash", "-lc", "./mvnw -q test 2>&1 | grep -E 'Exception|Tests run' | tail -3"],
)
s.say(
    "That setting only helps field or setter injection; here both beans take each other in "
    "their constructors, so Spring cannot build either one first. The cycle exists only for "
    "toAttempt(): moving that mapping to a static PaymentAttempt.from(order, result), so the "
    "recorder needs only the repository, and reverting the application.yml line."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/main/resources/application.yml\n"
    f"M {_PKG}/PaymentAttempt.java\nM {_PKG}/PaymentAttemptRecorder.java\n"
    f"M {_PKG}/OrderService.java\n",
    input="*** Begin Patch\n*** Update File: src/main/resources/application.yml\n@@\n"
    " spring:\n-  main:\n-    allow-circular-references: true\n"
    f"*** Update File: {_PKG}/PaymentAttempt.java\n@@\n"
    "+    public static PaymentAttempt from(Order order, PaymentResult result) { ... }\n"
    f"*** Update File: {_PKG}/PaymentAttemptRecorder.java\n@@\n"
    "-    private final OrderService orderService;\n"
    "-        attempts.save(orderService.toAttempt(order, result));\n"
    "+        attempts.save(PaymentAttempt.from(order, result));\n"
    f"*** Update File: {_PKG}/OrderService.java\n@@\n"
    "-    PaymentAttempt toAttempt(Order order, PaymentResult result) { ... }\n"
    "*** End Patch\n",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/test/java/com/acme/checkout/CheckoutIT.java\n",
    input="*** Begin Patch\n*** Update File: src/test/java/com/acme/checkout/CheckoutIT.java\n"
    "@@\n+    @Test\n+    void declinedPaymentKeepsAttempt() {\n"
    '+        gatewayStub.declineNext("insufficient_funds");\n'
    "+        assertThrows(PaymentDeclinedException.class, () -> checkout.checkout(cart()));\n"
    "+        assertThat(orders.count()).isZero();\n"
    "+        assertThat(attempts.findAll()).singleElement()\n"
    "+            .extracting(PaymentAttempt::status).isEqualTo(DECLINED);\n+    }\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "[INFO] Tests run: 143, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n",
    command=["bash", "-lc", "./mvnw -q verify 2>&1 | tail -2"],
)
s.say(
    "recordAttempt now lives in PaymentAttemptRecorder.record(), a bean of its own with "
    "REQUIRES_NEW, injected into OrderService; the mapping is PaymentAttempt.from(). A "
    "declined checkout leaves no order and one DECLINED payment_attempts row "
    "(declinedPaymentKeepsAttempt in CheckoutIT), and all 143 tests pass."
)
s.call(
    "shell",
    "[pay-233-attempt-recorder 4e7a1d2] Record payment attempts in their own transaction "
    "(PAY-233)\n 4 files changed, 58 insertions(+), 19 deletions(-)\n"
    "https://github.com/acme/checkout-svc/pull/318\n",
    command=[
        "bash",
        "-lc",
        "git checkout -b pay-233-attempt-recorder && git add -A && git commit -m 'Record "
        "payment attempts in their own transaction (PAY-233)' && git push -u origin HEAD && "
        "gh pr create --fill",
    ],
)
s.user(
    "Lena reviewed #318:\n"
    "1. REQUIRES_NEW takes a second connection from the Hikari pool while checkout holds the "
    "first; under load that can starve the pool\n"
    "2. drop the allow-circular-references line from application.yml\n"
    "3. gateway timeouts (PaymentTimeoutException) aren't recorded either\n"
    "4. add a test that a successful checkout writes exactly one attempt row\n"
    "Mine: 1 answer her: the prod pool is 30 and the rate limiter caps checkouts at 12 at "
    "once. 2 I think that's gone already, check. 3 is PAY-241, separate PR. 4 yes, add it."
)
s.call(
    "shell",
    "no matches\n",
    command=[
        "bash",
        "-lc",
        "git grep -n allow-circular src/main/resources || echo 'no matches'",
    ],
)
s.call(
    "shell",
    "https://github.com/acme/checkout-svc/pull/318#issuecomment-2209114\n",
    "Answering (1) and (2) on the PR.",
    command=["bash", "-lc", "gh pr comment 318 --body-file /tmp/pr318.md"],
    body="(1) Prod's Hikari pool is 30 and the rate limiter caps concurrent checkouts at 12, "
    "so the second connection can't starve it. (2) Already gone: the line was reverted before "
    "the first push. (3) is PAY-241.",
)
s.say(
    "(2) was already done: application.yml has no allow-circular-references line since the "
    "revert. (1) is answered on #318: prod's Hikari pool is 30 and checkouts are capped at 12 "
    "at once. (3) is PAY-241."
)
s.say(
    "Next: make PaymentAttemptRecorder record PaymentTimeoutException as well, with status TIMEOUT."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "PAY-233: a declined card rolls back checkout and the payment_attempts row for "
             "the decline with it, because OrderService.checkout() calls its own REQUIRES_NEW "
             "recordAttempt(); make the decline row survive the rollback.",
             must=(("payment_attempts", "decline", "attempt row"),
                   ("rollback", "rolls back", "rolled back", "pay-233")),
             partial_means="The lost row without the rollback, or the ticket alone.",
             wrong="Retrying declined payments; a slow checkout."),
    Question("latest_request", "What did the user last ask?",
             "Lena's review of PR #318 with the user's answers: (1) answer that the prod "
             "Hikari pool is 30 and the rate limiter caps checkouts at 12; (2) check the "
             "allow-circular-references line is gone; (3) timeouts are PAY-241, a separate "
             "PR; (4) add a test that a successful checkout writes exactly one attempt row.",
             must=(("exactly one", "successful checkout"),
                   ("pay-241", "pool", "rate limiter", "allow-circular")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "lena", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Recording timeouts now; raising the pool size.",
             stale_means="The no-AopContext correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Lena's fourth point: add a test to CheckoutIT that a successful checkout writes "
             "exactly one payment_attempts row, run ./mvnw verify, then commit and push to PR "
             "#318. Recording PaymentTimeoutException is PAY-241, a separate PR.",
             must=(("test",), ("exactly one", "successful checkout")),
             stale=("with status timeout", "record paymenttimeoutexception", "aopcontext",
                    "proxyconfig"),
             partial_means="Says to push or commit without the one-attempt test.",
             wrong="Raising the Hikari pool; adding allow-circular-references.",
             stale_means="Says to record PaymentTimeoutException with status TIMEOUT (put off "
                         "to PAY-241 by the user), or to use AopContext."),
    Question("files_edited", "Which files were changed, and why?",
             "PaymentAttemptRecorder.java (new: record() with REQUIRES_NEW, only the "
             "repository injected); OrderService.java (calls recorder.record, toAttempt "
             "removed); PaymentAttempt.java (static from(order, result)); CheckoutIT.java "
             "(declinedPaymentKeepsAttempt). config/ProxyConfig.java was created and deleted; "
             "application.yml was edited and reverted.",
             must=(("paymentattemptrecorder.java",), ("orderservice.java",),
                   ("paymentattempt.java", "checkoutit.java")),
             stale=("proxyconfig.java",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="pom.xml given as edited.",
             stale_means="config/ProxyConfig.java listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "recordAttempt moves into its own bean, PaymentAttemptRecorder, whose public "
             "record() is REQUIRES_NEW and which OrderService gets through its constructor, so "
             "the call goes through the proxy; it rules out exposing the proxy and calling "
             "AopContext.currentProxy() (ties the service to Spring AOP internals, fails in "
             "tests without a proxy).",
             must=(("paymentattemptrecorder", "own bean", "separate bean"),
                   ("requires_new", "proxy"), ("aopcontext", "exposeproxy", "currentproxy")),
             partial=2,
             stale=("exposeproxy = true", "quickest fix that keeps the method"),
             partial_means="The recorder bean without what it rules out.",
             wrong="Catching the exception and saving the row after the rollback; "
                   "an event listener.",
             stale_means="AopContext.currentProxy() with exposeProxy given as the design."),
    Question("review", "What did the review find?",
             "Lena on #318: (1) REQUIRES_NEW takes a second Hikari connection, which could "
             "starve the pool (answered: prod pool 30, checkouts capped at 12); (2) drop the "
             "allow-circular-references line (already gone); (3) gateway timeouts are not "
             "recorded (PAY-241); (4) a test that a successful checkout writes exactly one "
             "attempt row (pending).",
             must=(("pool", "hikari", "second connection"), ("allow-circular",),
                   ("timeout", "pay-241"), ("exactly one", "successful checkout")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "lena", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The bean cycle given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No AopContext: it ties OrderService to Spring AOP internals and fails in unit "
             "tests without a proxy; move recordAttempt into its own PaymentAttemptRecorder "
             "bean with REQUIRES_NEW, injected through the constructor.",
             must=(("aopcontext",), ("paymentattemptrecorder", "own bean", "constructor")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No AopContext without what to do instead, or the reverse.",
             wrong="The bean cycle given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The context failed to start on a bean cycle between orderService and "
             "paymentAttemptRecorder (the recorder took OrderService in its constructor for "
             "toAttempt()); setting spring.main.allow-circular-references: true did not fix it "
             "(BeanCurrentlyInCreationException, both constructor-injected); fixed by a static "
             "PaymentAttempt.from(order, result), so the recorder needs only the repository, "
             "and the application.yml line reverted.",
             must=(("cycle", "circular", "beancurrentlyincreation"),
                   ("paymentattempt.from", "toattempt", "static")),
             stale=("fixed by allow-circular-references",
                    "fixed by setting spring.main.allow-circular-references",
                    "fixed by spring.main.allow-circular-references", "last resort"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A LazyInitializationException; a Hikari timeout.",
             stale_means="The cycle 'fixed' by allow-circular-references."),
    Question("key_values", "Which key values matter?",
             "142 tests before, 143 after (31 errors while the context failed); Spring Boot "
             "3.2.4; prod Hikari pool 30, checkouts capped at 12; PR #318; PAY-233 and "
             "PAY-241.",
             must=(("143 tests", "tests run: 143", "31 errors", "errors: 31"),
                   ("#318", "pay-233", "pay-241")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "OrderService.java runs checkout (saves the order, charges the gateway); "
             "PaymentAttemptRecorder.java writes the payment_attempts row in its own "
             "transaction; PaymentAttempt.java is the attempt entity with its from() mapping; "
             "CheckoutIT.java is the checkout integration test.",
             must=(("orderservice.java",), ("paymentattemptrecorder.java",),
                   ("checkoutit.java", "paymentattempt.java")),
             partial_means="The files named without what they hold.",
             wrong="ProxyConfig.java as the proxy configuration."),
    Question("pending", "What work is still pending?",
             "The test that a successful checkout writes exactly one attempt row (Lena's 4), "
             "commit and push to #318; recording gateway timeouts later in PAY-241.",
             must=(("exactly one", "successful checkout"), ("pay-241", "push", "#318")),
             partial_means="The test without the rest, or the reverse.",
             wrong="The pool reply or the allow-circular-references line as pending."),
    Question("state", "What is the state of the work?",
             "PR #318 is open with PaymentAttemptRecorder; a declined checkout keeps its "
             "DECLINED row and all 143 tests pass; Lena's 1 answered on the PR, 2 already "
             "done, 3 is PAY-241; the exactly-one-row test is not written or pushed.",
             must=(("143 tests", "tests pass", "build success"),
                   ("not written", "not pushed", "exactly one")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or timeouts are recorded.",
             stale_means="Says AopContext.currentProxy() is in place."),
)  # fmt: skip

PRODUCTION = """Summary so far: PAY-233: a declined card rolled back checkout and the payment_attempts row with it, because OrderService.checkout() called its own REQUIRES_NEW recordAttempt() past the Spring proxy. I first exposed the proxy and used AopContext.currentProxy() (config/ProxyConfig.java); the user ruled that out (ties the service to AOP internals, fails in tests without a proxy), and the file is deleted.
Decision: recordAttempt moved into its own bean, PaymentAttemptRecorder, with REQUIRES_NEW on record(), injected into OrderService through the constructor.
Error: the context failed to start on a bean cycle (orderService and paymentAttemptRecorder); setting spring.main.allow-circular-references did not help (both constructor-injected, line reverted); fixed by a static PaymentAttempt.from(order, result) so the recorder needs only the repository.
Files: PaymentAttemptRecorder.java, OrderService.java, PaymentAttempt.java, CheckoutIT.java (declinedPaymentKeepsAttempt). All 143 tests pass; PR #318 open.
Lena's review: the second Hikari connection answered on the PR (pool 30, checkouts capped at 12); allow-circular-references already gone; timeouts are PAY-241, not this PR; a test that a successful checkout writes exactly one attempt row is pending.
Next: add that exactly-one-row test to CheckoutIT, run ./mvnw verify, push to #318."""
