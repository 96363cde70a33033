"""Held out: written on 2026-12-02, after the offline handoff was last tuned, by an author who
never ran the handoff (or any summariser) on it. Codex: Prometheus metrics for a Rust service;
/metrics on the public router rejected for a private listener, a Send error fixed by an Arc, a
probe binary added then deleted, an address-in-use test failure fixed by binding port 0 (not by
the test run after it), a pasted review on label cardinality, and the MatchedPath change applied
last, not yet built."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are Codex, based on GPT-5. You are running as a coding agent in the Codex CLI on a "
    "user's computer. cwd: /home/kai/tallyd"
)
s.user(
    "Add Prometheus metrics to tallyd: a request counter and a latency histogram per route, "
    "served at /metrics. Use the prometheus-client crate, billing-svc already uses it."
)
s.call(
    "shell",
    '[package]\nname = "tallyd"\nversion = "0.9.2"\nedition = "2021"\n\n[dependencies]\n'
    'anyhow = "1"\naxum = "0.7.5"\ntokio = { version = "1.38", features = ["full"] }\n'
    'tower-http = { version = "0.5", features = ["trace"] }\nserde = { version = "1", features = ["derive"] }\n',
    command=["bash", "-lc", "cat Cargo.toml"],
    workdir="/home/kai/tallyd",
)
s.call(
    "shell",
    "pub async fn serve(cfg: Config) -> anyhow::Result<()> {\n"
    "    let app = Router::new()\n"
    '        .route("/v1/tally", post(tally))\n'
    '        .route("/v1/tally/:id", get(get_tally))\n'
    "        .layer(TraceLayer::new_for_http());\n"
    "    let listener = TcpListener::bind(cfg.listen_addr).await?;\n"
    "    axum::serve(listener, app).await?;\n    Ok(())\n}\n"
    "---- src/config.rs ----\n"
    "pub struct Config {\n    pub listen_addr: SocketAddr, // TALLYD_LISTEN_ADDR, default 0.0.0.0:8080\n"
    "    pub db_url: String,\n}\n",
    command=[
        "bash",
        "-lc",
        "sed -n 1,80p src/server.rs; echo ---- src/config.rs ----; sed -n 1,40p src/config.rs",
    ],
    workdir="/home/kai/tallyd",
)
s.call(
    "update_plan",
    "Plan updated",
    "I'll add a metrics module with a Registry, a middleware that records each request, and "
    "a GET /metrics route on the existing router.",
    plan=[
        {"step": "Add prometheus-client and src/metrics.rs", "status": "in_progress"},
        {"step": "Route GET /metrics on the main router", "status": "pending"},
        {"step": "Test the endpoint", "status": "pending"},
    ],
)
s.user(
    "Not on the main router. 8080 is behind the public load balancer, so /metrics would be "
    "readable from the internet. Serve it on its own listener, 127.0.0.1:9464 by default "
    "(TALLYD_METRICS_ADDR); the Prometheus agent runs as a sidecar in the same pod."
)
s.call(
    "shell",
    "    Updating crates.io index\n      Adding prometheus-client v0.22.3 to dependencies\n",
    command=["bash", "-lc", "cargo add prometheus-client@0.22"],
    workdir="/home/kai/tallyd",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA src/metrics.rs\nM src/config.rs\nM src/server.rs\nM src/main.rs",
    input="*** Begin Patch\n*** Add File: src/metrics.rs\n"
    "+#[derive(Clone, Hash, PartialEq, Eq, EncodeLabelSet, Debug)]\n"
    "+pub struct RouteLabels { pub method: String, pub path: String }\n"
    "+pub struct Metrics {\n+    pub requests: Family<RouteLabels, Counter>,\n"
    "+    pub latency: Family<RouteLabels, Histogram>,\n+}\n"
    "+pub fn registry() -> (Rc<RefCell<Registry>>, Arc<Metrics>) { /* registers http_requests_total, "
    "http_request_duration_seconds with exponential_buckets(0.005, 2.0, 10) */ }\n"
    "+pub async fn track(State(m): State<Arc<Metrics>>, req: Request, next: Next) -> Response {\n"
    "+    let labels = RouteLabels { method: req.method().to_string(), path: req.uri().path().to_owned() };\n"
    "+    let start = Instant::now();\n+    let res = next.run(req).await;\n"
    "+    m.requests.get_or_create(&labels).inc();\n"
    "+    m.latency.get_or_create(&labels).observe(start.elapsed().as_secs_f64());\n+    res\n+}\n"
    "*** Update File: src/config.rs\n@@\n     pub listen_addr: SocketAddr,\n"
    "+    pub metrics_addr: SocketAddr, // TALLYD_METRICS_ADDR, default 127.0.0.1:9464\n"
    "*** Update File: src/server.rs\n@@\n"
    "+    let (registry, metrics) = metrics::registry();\n"
    "+    tokio::spawn(metrics::serve_metrics(cfg.metrics_addr, registry.clone()));\n"
    '@@\n         .route("/v1/tally/:id", get(get_tally))\n'
    "+        .layer(middleware::from_fn_with_state(Arc::clone(&metrics), metrics::track))\n"
    "*** End Patch",
)
s.call(
    "shell",
    "   Compiling tallyd v0.9.2 (/home/kai/tallyd)\n"
    "error[E0277]: `Rc<RefCell<Registry>>` cannot be sent between threads safely\n"
    "   --> src/server.rs:41:18\n    |\n"
    "41  |     tokio::spawn(metrics::serve_metrics(cfg.metrics_addr, registry.clone()));\n"
    "    |     ------------ ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ "
    "`Rc<RefCell<Registry>>` cannot be sent between threads safely\n"
    "    |     |\n    |     required by a bound introduced by this call\n"
    'error: could not compile `tallyd` (bin "tallyd") due to 1 previous error\n',
    command=["bash", "-lc", "cargo build 2>&1 | tail -20"],
    workdir="/home/kai/tallyd",
)
s.say(
    "tokio::spawn needs a Send future and the registry sits in an Rc<RefCell<...>>. Nothing "
    "registers metrics after startup and encode() only needs &Registry, so an Arc<Registry> is "
    "enough, no lock."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/metrics.rs\nM src/server.rs",
    input="*** Begin Patch\n*** Update File: src/metrics.rs\n@@\n"
    "-pub fn registry() -> (Rc<RefCell<Registry>>, Arc<Metrics>) {\n"
    "+pub fn registry() -> (Arc<Registry>, Arc<Metrics>) {\n"
    "*** Update File: src/server.rs\n@@\n"
    "-    tokio::spawn(metrics::serve_metrics(cfg.metrics_addr, registry.clone()));\n"
    "+    tokio::spawn(metrics::serve_metrics(cfg.metrics_addr, Arc::clone(&registry)));\n"
    "*** End Patch",
)
s.call(
    "shell",
    "   Compiling tallyd v0.9.2 (/home/kai/tallyd)\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 6.84s\n",
    command=["bash", "-lc", "cargo build 2>&1 | tail -20"],
    workdir="/home/kai/tallyd",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA src/bin/metrics_probe.rs",
    "Adding a throwaway probe binary to look at the exposition output by hand.",
    input="*** Begin Patch\n*** Add File: src/bin/metrics_probe.rs\n"
    '+fn main() { let body = reqwest::blocking::get("http://127.0.0.1:9464/metrics").unwrap().text().unwrap(); print!("{body}"); }\n'
    "*** End Patch",
)
s.call(
    "shell",
    "# HELP http_requests_total Requests handled.\n# TYPE http_requests_total counter\n"
    'http_requests_total{method="POST",path="/v1/tally"} 3\n'
    "# HELP http_request_duration_seconds Request latency.\n"
    "# TYPE http_request_duration_seconds histogram\n"
    'http_request_duration_seconds_bucket{le="0.005",method="POST",path="/v1/tally"} 2\n'
    "...\n# EOF\n",
    command=[
        "bash",
        "-lc",
        "(cargo run -q & sleep 3; for i in 1 2 3; do curl -s -XPOST localhost:8080/v1/tally -d '{}' >/dev/null; done; cargo run -q --bin metrics_probe; kill %1)",
    ],
    workdir="/home/kai/tallyd",
)
s.say(
    "The exposition looks right. An integration test will cover this instead of the probe, so "
    "I'm deleting src/bin/metrics_probe.rs and adding tests/metrics.rs."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nD src/bin/metrics_probe.rs\nA tests/metrics.rs",
    input="*** Begin Patch\n*** Delete File: src/bin/metrics_probe.rs\n"
    "*** Add File: tests/metrics.rs\n"
    "+#[tokio::test]\n+async fn metrics_endpoint_counts_requests() {\n"
    '+    let cfg = Config { metrics_addr: "127.0.0.1:9464".parse().unwrap(), ..Config::for_tests() };\n'
    "+    tokio::spawn(tallyd::server::serve(cfg));\n+    // POST /v1/tally twice, then GET /metrics\n+}\n"
    "+#[tokio::test]\n+async fn metrics_not_served_on_api_port() { /* GET 8080/metrics is 404 */ }\n"
    "*** End Patch",
)
s.call(
    "shell",
    "running 2 tests\ntest metrics_not_served_on_api_port ... FAILED\n"
    "test metrics_endpoint_counts_requests ... ok\n\nfailures:\n\n"
    "---- metrics_not_served_on_api_port stdout ----\n"
    "thread 'metrics_not_served_on_api_port' panicked at src/metrics.rs:58:44:\n"
    "called `Result::unwrap()` on an `Err` value: Os { code: 98, kind: AddrInUse, message: "
    '"Address already in use" }\n\n'
    "test result: FAILED. 1 passed; 1 failed; 0 ignored\nerror: test failed, to rerun pass `--test metrics`\n",
    command=["bash", "-lc", "cargo test --test metrics 2>&1 | tail -25"],
    workdir="/home/kai/tallyd",
)
s.say(
    "Both tests start a server and the test harness runs them in parallel, so the second bind "
    "of 127.0.0.1:9464 (and of 8080) fails. The tests should bind port 0 and ask the server "
    "where it listens: serve() will return a ServeHandle with the bound api_addr and "
    "metrics_addr."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/server.rs\nM src/metrics.rs\nM tests/metrics.rs",
    input="*** Begin Patch\n*** Update File: src/server.rs\n@@\n"
    "-pub async fn serve(cfg: Config) -> anyhow::Result<()> {\n"
    "+pub struct ServeHandle { pub api_addr: SocketAddr, pub metrics_addr: SocketAddr, pub task: JoinHandle<anyhow::Result<()>> }\n"
    "+pub async fn serve(cfg: Config) -> anyhow::Result<ServeHandle> {\n"
    "*** Update File: src/metrics.rs\n@@\n"
    "-pub async fn serve_metrics(addr: SocketAddr, registry: Arc<Registry>) {\n"
    "+pub async fn bind_metrics(addr: SocketAddr, registry: Arc<Registry>) -> anyhow::Result<(SocketAddr, JoinHandle<anyhow::Result<()>>)> {\n"
    "*** Update File: tests/metrics.rs\n@@\n"
    '-    let cfg = Config { metrics_addr: "127.0.0.1:9464".parse().unwrap(), ..Config::for_tests() };\n'
    '+    let cfg = Config { listen_addr: "127.0.0.1:0".parse().unwrap(), metrics_addr: "127.0.0.1:0".parse().unwrap(), ..Config::for_tests() };\n'
    "*** End Patch",
)
s.call(
    "shell",
    "running 2 tests\ntest metrics_endpoint_counts_requests ... ok\ntest metrics_not_served_on_api_port ... ok\n\n"
    "test result: ok. 2 passed; 0 failed; 0 ignored\n",
    command=["bash", "-lc", "cargo test --test metrics 2>&1 | tail -8"],
    workdir="/home/kai/tallyd",
)
s.call(
    "shell",
    "test result: ok. 62 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.93s\n"
    "test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.41s\n",
    command=["bash", "-lc", "cargo test 2>&1 | grep 'test result'"],
    workdir="/home/kai/tallyd",
)
s.say(
    "All 64 tests pass: /metrics is served on its own listener (127.0.0.1:9464 by default, "
    "TALLYD_METRICS_ADDR), not on the API port, with http_requests_total and "
    "http_request_duration_seconds per method and path."
)
s.user(
    "Tomás reviewed the draft:\n> 1. The `path` label is `req.uri().path()`, so every "
    "/v1/tally/<id> becomes its own time series. That's unbounded cardinality and will take "
    "Prometheus down. Label with the matched route (axum's MatchedPath), i.e. /v1/tally/:id, "
    'and use "unmatched" for 404s.\n> 2. The default buckets stop at 2.56 s but batch tallies '
    "take up to 30 s. Add buckets up to 30 s.\nFix both, then commit on the branch feat/metrics."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Metrics on a private listener (127.0.0.1:9464)", "status": "completed"},
        {"step": 'Label path with MatchedPath, "unmatched" for 404s', "status": "in_progress"},
        {"step": "Histogram buckets up to 30 s", "status": "pending"},
        {"step": "Test one series for /v1/tally/:id; cargo test", "status": "pending"},
        {"step": "Commit on feat/metrics", "status": "pending"},
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/metrics.rs\nM src/server.rs",
    input="*** Begin Patch\n*** Update File: src/metrics.rs\n@@\n"
    "-    let labels = RouteLabels { method: req.method().to_string(), path: req.uri().path().to_owned() };\n"
    "+    let path = req.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned())\n"
    '+        .unwrap_or_else(|| "unmatched".to_owned());\n'
    "+    let labels = RouteLabels { method: req.method().to_string(), path };\n"
    "*** Update File: src/server.rs\n@@\n"
    "-        .layer(middleware::from_fn_with_state(Arc::clone(&metrics), metrics::track))\n"
    "+        .route_layer(middleware::from_fn_with_state(Arc::clone(&metrics), metrics::track))\n"
    "*** End Patch",
)
s.say("I'll check how the router registers the metrics middleware in src/server.rs.")
s.call(
    "shell",
    "27:        .route_layer(middleware::from_fn_with_state(Arc::clone(&metrics), metrics::track))\n"
    "28:        .layer(TraceLayer::new_for_http());\n",
    command=["bash", "-lc", "rg -n 'layer' src/server.rs"],
    workdir="/home/kai/tallyd",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Add Prometheus metrics to tallyd (a request counter and a latency histogram per "
             "route at /metrics) with the prometheus-client crate.",
             must=(("prometheus", "metrics"), ("counter", "histogram", "per route", "latency")),
             partial_means="Metrics without what is measured.",
             wrong="Another task (e.g. tracing or logging).",
             stale_means=""),
    Question("latest_request", "What did the user last ask?",
             "Tomás's review: label path with the matched route (MatchedPath, 'unmatched' for "
             "404s) and add histogram buckets up to 30 s; fix both and commit on feat/metrics.",
             must=(("matchedpath", "matched route", "cardinality"),
                   ("bucket", "30 s", "feat/metrics")),
             partial_means="One of the two review fixes, without the other or the commit.",
             wrong="The original metrics request or the private listener correction.",
             stale_means="Says the user asked for /metrics on the main router."),
    Question("next_step", "What exactly is the next step?",
             "Build and test the MatchedPath change (applied, route_layer in place, not yet "
             "built): cargo test, with a test that /v1/tally/<id> requests share one series; "
             "then the 30 s buckets.",
             must=(("matchedpath", "matched route", "route_layer"),
                   ("cargo test", "cargo build", "test", "build")),
             stale=("check how the router registers",),
             partial_means="Says to run cargo test without naming the MatchedPath change, or "
                           "names the buckets only.",
             wrong="Committing now, or adding the route to the main router.",
             stale_means="Checking how the router registers the middleware (already checked: "
                         "route_layer is there)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/metrics.rs (created: registry, track middleware, MatchedPath label), "
             "src/server.rs (private metrics listener, ServeHandle, route_layer), src/config.rs "
             "(metrics_addr), tests/metrics.rs (created), Cargo.toml (prometheus-client); "
             "src/bin/metrics_probe.rs created then deleted.",
             must=(("metrics.rs",), ("server.rs",), ("tests/metrics.rs", "config.rs")),
             stale=("metrics_probe",), spread=True,
             partial_means="Two of the three groups.",
             wrong="Files never touched.",
             stale_means="The probe binary listed as a current file."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Serve /metrics on a separate listener bound to 127.0.0.1:9464 (TALLYD_METRICS_ADDR) "
             "for the sidecar; rules out a /metrics route on the main router (8080 is behind the "
             "public load balancer). Arc<Registry> without a lock.",
             must=(("9464", "separate listener", "own listener", "private listener"),
                   ("main router", "8080", "load balancer", "public")),
             stale=("route get /metrics on the main router", "a get /metrics route on the "
                                                              "existing router"),
             partial_means="The private listener without what it rules out.",
             wrong="Any other exposure.",
             stale_means="/metrics on the main router stated as the plan."),
    Question("review", "What did the review find?",
             "Tomás: the path label from req.uri().path() makes a series per tally id "
             "(unbounded cardinality); use MatchedPath. The default buckets stop at 2.56 s but "
             "batch tallies take up to 30 s.",
             must=(("cardinality", "time series", "series per", "own time series"),
                   ("matchedpath", "matched route", "uri().path", "path label")),
             partial_means="Only the buckets finding.",
             wrong="Findings the review did not make.",
             stale_means=""),
    Question("corrections", "How did the user correct the agent?",
             "Not on the main router (8080 is public through the load balancer); its own "
             "listener on 127.0.0.1:9464 by default for the sidecar.",
             must=(("main router", "8080", "load balancer"), ("9464", "own listener",
                                                               "separate listener")),
             partial_means="Names the listener without why.",
             wrong="A correction the user never made (e.g. the crate).",
             stale_means=""),
    Question("errors", "Which errors occurred, and what fixed each?",
             "E0277 Rc<RefCell<Registry>> cannot be sent between threads (tokio::spawn) fixed by "
             "Arc<Registry>; AddrInUse (os error 98) in tests/metrics.rs from parallel tests "
             "binding 9464, fixed by binding port 0 (127.0.0.1:0) and serve() returning a "
             "ServeHandle with the bound addresses.",
             must=(("e0277", "cannot be sent", "addrinuse", "address already in use"),
                   ("arc", "port 0", "127.0.0.1:0", "servehandle")),
             stale=("fixed by: $ cargo test", "fixed by cargo test", "fixed by running cargo "
                    "test", "fixed by: cargo test", "fixed by: bash -lc cargo test"),
             partial_means="An error without its fix.",
             wrong="Errors paired with the wrong fix.",
             stale_means="An error 'fixed by' re-running cargo test."),
    Question("key_values", "Which key values matter?",
             "Metrics on 127.0.0.1:9464 (TALLYD_METRICS_ADDR), API on 0.0.0.0:8080; "
             "prometheus-client 0.22.3, axum 0.7.5; 64 tests pass; http_requests_total, "
             "http_request_duration_seconds; buckets to 30 s; branch feat/metrics.",
             must=(("9464",), ("64", "0.22", "feat/metrics", "tallyd_metrics_addr")),
             spread=True,
             partial_means="Some values.",
             wrong="Values not in the span.",
             stale_means=""),
    Question("file_roles", "What is each file for?",
             "src/metrics.rs holds the registry, the metrics and the track middleware; "
             "src/server.rs builds the router and both listeners; src/config.rs the addresses; "
             "tests/metrics.rs the integration tests.",
             must=(("metrics.rs",), ("track", "middleware", "registry")),
             partial_means="Files named without roles.",
             wrong="Roles swapped.",
             stale_means="metrics_probe.rs described as the way to check the output."),
    Question("pending", "What work is still pending?",
             "Build/test the MatchedPath change with a test for one /v1/tally/:id series; "
             "buckets up to 30 s; commit on feat/metrics.",
             must=(("bucket", "30 s"), ("commit", "feat/metrics")),
             partial_means="Only one of buckets and commit.",
             wrong="Work already done (private listener, Arc fix).",
             stale_means="The /metrics route on the main router as still to do."),
    Question("state", "What is the state of the work?",
             "Metrics work on a private listener and 64 tests passed; the MatchedPath label "
             "change is applied but not built or tested; buckets not changed; nothing committed.",
             must=(("matchedpath", "matched route"),
                   ("not yet built", "not built", "untested", "not tested", "not run",
                    "uncommitted", "not committed")),
             partial_means="Says 64 tests pass without saying the latest change is untested.",
             wrong="Says the review is addressed or the work committed.",
             stale_means="Describes the probe binary or the main-router route as current."),
)  # fmt: skip

PRODUCTION = """Handoff summary for continuing the tallyd metrics task.

Task: add Prometheus metrics to tallyd (Rust, axum 0.7.5): a request counter and a latency histogram per route, served at /metrics, using prometheus-client (added v0.22.3 via cargo add), as billing-svc does.

Decisions and constraints:
- The user rejected a /metrics route on the main router: the API port 8080 is behind the public load balancer. Instead /metrics is served on its own listener, default 127.0.0.1:9464 (config metrics_addr, env TALLYD_METRICS_ADDR), scraped by the Prometheus sidecar in the same pod.
- The registry is an Arc<Registry> without a lock: nothing registers after startup and encode() only needs &Registry.

Files:
- src/metrics.rs (new): RouteLabels {method, path}, Metrics with http_requests_total (counter) and http_request_duration_seconds (histogram, still exponential_buckets(0.005, 2.0, 10)), the track middleware, bind_metrics.
- src/server.rs (edited): serve() returns a ServeHandle with the bound api_addr and metrics_addr; the track middleware is registered with route_layer.
- src/config.rs (edited): metrics_addr. Cargo.toml: prometheus-client.
- tests/metrics.rs (new): metrics_endpoint_counts_requests and metrics_not_served_on_api_port.
- src/bin/metrics_probe.rs was a throwaway probe binary, deleted once the integration test covered the output.

Errors fixed:
- error E0277 `Rc<RefCell<Registry>>` cannot be sent between threads safely (tokio::spawn in server.rs): fixed by switching to Arc<Registry>.
- AddrInUse (os error 98) in tests/metrics.rs because parallel tests both bound 127.0.0.1:9464: fixed by binding 127.0.0.1:0 in the tests and having serve() return the bound addresses in a ServeHandle. All 64 tests passed after that (62 unit, 2 integration).

Review (Tomás), pasted by the user, who asked to fix both and then commit on branch feat/metrics:
1. The path label came from req.uri().path(), so every /v1/tally/<id> is its own time series (unbounded cardinality); label with the matched route (MatchedPath, "unmatched" for 404s).
2. The default buckets stop at 2.56 s but batch tallies take up to 30 s; add buckets up to 30 s.

Current state: the MatchedPath change is applied in src/metrics.rs and the middleware is on route_layer in src/server.rs, but it is not built or tested yet. Buckets unchanged. Nothing committed.

Next steps:
1. cargo build and cargo test for the MatchedPath change; add a test that two /v1/tally/<id> requests give one series with path="/v1/tally/:id".
2. Add histogram buckets up to 30 s.
3. Run cargo test, then commit on feat/metrics."""
