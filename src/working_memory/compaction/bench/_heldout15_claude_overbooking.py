"""Held out, fifteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, C#/ASP.NET Core with EF Core: Studiobook
lets a yoga class of 20 spots take 23 bookings when the week's schedule opens (SB-311), because
BookingService.BookAsync checks BookedCount and saves with nothing ordering two requests; a
per-class SemaphoreSlim in a new Bookings/ClassSessionLocks.cs written, then ruled out by the
user (three API instances, an in-process lock serialises one of them) for a rowversion
concurrency token on ClassSession and up to three attempts on DbUpdateConcurrencyException; the
lock file deleted and BookingService.cs checked out again; a parallel-booking test that still
overbooks, which dotnet clean and a rebuild did not fix and running the tests on SQL Server
through Testcontainers did (SQLite never generates a rowversion); Tomasz's review of PR #418
with a CI failure: the Windows job fixed, the single-UPDATE question answered on the PR, the
waitlist a later ticket, and the 500 after the third conflict (503 with Retry-After) pending;
the assistant's last words only report what it did and announce no next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/priya/src/studiobook"
_API = f"{_ROOT}/src/Studiobook.Api"
_SERVICE = f"{_API}/Bookings/BookingService.cs"
_ENDPOINTS = f"{_API}/Bookings/BookingEndpoints.cs"
_LOCKS = f"{_API}/Bookings/ClassSessionLocks.cs"
_SESSION = f"{_API}/Data/ClassSession.cs"
_TESTS = f"{_ROOT}/tests/Studiobook.Api.Tests"
_FACTORY = f"{_TESTS}/ApiFactory.cs"
_CONCURRENCY = f"{_TESTS}/Bookings/BookingConcurrencyTests.cs"
_CI = f"{_ROOT}/.github/workflows/ci.yml"
_FILTER = (
    "dotnet test tests/Studiobook.Api.Tests --filter FullyQualifiedName~BookingConcurrencyTests"
)


def _failed(actual: int, ms: int) -> str:
    return (
        "  Failed Studiobook.Api.Tests.Bookings.BookingConcurrencyTests."
        f"ParallelBookingsNeverExceedCapacity [{ms} ms]\n"
        "  Error Message:\n   Assert.Equal() Failure: Values differ\n"
        f"Expected: 20\nActual:   {actual}\n"
        "  Stack Trace:\n     at Studiobook.Api.Tests.Bookings.BookingConcurrencyTests."
        f"ParallelBookingsNeverExceedCapacity() in {_CONCURRENCY}:line 44\n\n"
        "Failed!  - Failed:     1, Passed:     0, Skipped:     0, Total:     1, Duration: "
        f"{ms} ms - Studiobook.Api.Tests.dll (net8.0)\n"
    )


_BOOK_OLD = (
    "    public async Task<Booking> BookAsync(int sessionId, Guid memberId, "
    "CancellationToken ct)\n    {\n"
    "        var session = await _db.ClassSessions.SingleAsync(s => s.Id == sessionId, ct);\n"
    "        if (session.BookedCount >= session.Capacity)\n"
    "            throw new ClassFullException(sessionId);\n\n"
    "        var booking = new Booking { ClassSessionId = sessionId, MemberId = memberId, "
    "BookedAt = _clock.UtcNow };\n"
    "        _db.Bookings.Add(booking);\n        session.BookedCount++;\n"
    "        await _db.SaveChangesAsync(ct);\n        return booking;\n    }\n"
)

s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "SB-311: Monday's 18:00 Vinyasa Flow has 23 bookings for 20 spots. It happened at 07:00 "
    "when the week's schedule opened and everybody booked at once. There's a skipped test for "
    "exactly this in the API tests, ParallelBookingsNeverExceedCapacity. Unskip it and make "
    "the overbooking stop."
)
s.call(
    "Read",
    "namespace Studiobook.Api.Bookings;\n\npublic sealed class BookingService(StudiobookDb "
    "_db, IClock _clock)\n{\n" + _BOOK_OLD + "}\n",
    file_path=_SERVICE,
)
s.call(
    "Read",
    "public sealed class BookingConcurrencyTests(ApiFactory factory) : "
    "IClassFixture<ApiFactory>\n{\n"
    '    [Fact(Skip = "SB-311: overbooks under load")]\n'
    "    public async Task ParallelBookingsNeverExceedCapacity()\n    {\n"
    "        var sessionId = await factory.SeedSessionAsync(capacity: 20);\n"
    "        var requests = Enumerable.Range(0, 50).Select(_ => factory.CreateMemberClient()\n"
    '            .PostAsync($"/sessions/{sessionId}/bookings", null));\n'
    "        var responses = await Task.WhenAll(requests);\n\n"
    "        Assert.Equal(20, await factory.CountBookingsAsync(sessionId));\n"
    "        Assert.All(responses, r => Assert.Contains(r.StatusCode, "
    "new[] { HttpStatusCode.Created, HttpStatusCode.Conflict }));\n    }\n}\n",
    file_path=_CONCURRENCY,
)
s.call(
    "Edit",
    f"The file {_CONCURRENCY} has been updated.",
    file_path=_CONCURRENCY,
    old_string='    [Fact(Skip = "SB-311: overbooks under load")]',
    new_string="    [Fact]",
)
s.call(
    "Bash",
    _failed(26, 1284),
    command=_FILTER,
    description="Run the unskipped concurrency test",
)
s.call(
    "Write",
    f"File created successfully at: {_LOCKS}",
    "Reproduced: 50 parallel POSTs against a session with capacity 20 leave 26 bookings. "
    "BookAsync reads BookedCount, checks it against Capacity and saves, and nothing stops two "
    "requests from reading the same count. The smallest change is a SemaphoreSlim per class "
    "session, held around the read-check-save, in a new Bookings/ClassSessionLocks.cs.",
    file_path=_LOCKS,
    content="namespace Studiobook.Api.Bookings;\n\npublic sealed class ClassSessionLocks\n{\n"
    "    private readonly ConcurrentDictionary<int, SemaphoreSlim> _locks = new();\n\n"
    "    public async Task<IDisposable> AcquireAsync(int sessionId, CancellationToken ct)\n"
    "    {\n        var gate = _locks.GetOrAdd(sessionId, _ => new SemaphoreSlim(1, 1));\n"
    "        await gate.WaitAsync(ct);\n        return new Releaser(gate);\n    }\n}\n",
)
s.call(
    "Edit",
    f"The file {_SERVICE} has been updated.",
    file_path=_SERVICE,
    old_string="        var session = await _db.ClassSessions.SingleAsync(s => s.Id == sessionId, "
    "ct);",
    new_string="        using var held = await _locks.AcquireAsync(sessionId, ct);\n"
    "        var session = await _db.ClassSessions.SingleAsync(s => s.Id == sessionId, ct);",
)
s.user(
    "No in-process lock. Production runs three instances of the API behind the load balancer "
    "(api-1, api-2, api-3), so a SemaphoreSlim only serialises the requests that land on one "
    "of them. Let the database decide: a rowversion concurrency token on ClassSession, and "
    "retry on DbUpdateConcurrencyException, three attempts at most. A full class stays a 409."
)
s.call(
    "Bash",
    "Updated 1 path from the index\n"
    " M tests/Studiobook.Api.Tests/Bookings/BookingConcurrencyTests.cs\n",
    "Dropping the lock file and the lock in BookAsync.",
    command=f"rm {_LOCKS} && git checkout -- {_SERVICE} && git status --short",
    description="Delete ClassSessionLocks.cs and restore BookingService.cs",
)
s.call(
    "Edit",
    f"The file {_SESSION} has been updated.",
    file_path=_SESSION,
    old_string="    public int BookedCount { get; set; }\n",
    new_string="    public int BookedCount { get; set; }\n\n"
    "    [Timestamp]\n    public byte[] RowVersion { get; set; } = null!;\n",
)
s.call(
    "Bash",
    "Build started...\nBuild succeeded.\nDone. To undo this action, use 'ef migrations remove'\n",
    command="dotnet ef migrations add AddClassSessionRowVersion --project src/Studiobook.Api",
    description="Add the migration for the RowVersion column",
)
s.call(
    "Edit",
    f"The file {_SERVICE} has been updated.",
    file_path=_SERVICE,
    old_string=_BOOK_OLD,
    new_string="    private const int MaxAttempts = 3;\n\n"
    "    public async Task<Booking> BookAsync(int sessionId, Guid memberId, "
    "CancellationToken ct)\n    {\n"
    "        for (var attempt = 1; ; attempt++)\n        {\n"
    "            var session = await _db.ClassSessions.SingleAsync(s => s.Id == sessionId, "
    "ct);\n"
    "            if (session.BookedCount >= session.Capacity)\n"
    "                throw new ClassFullException(sessionId);\n\n"
    "            var booking = new Booking { ClassSessionId = sessionId, MemberId = memberId, "
    "BookedAt = _clock.UtcNow };\n"
    "            _db.Bookings.Add(booking);\n            session.BookedCount++;\n"
    "            try\n            {\n                await _db.SaveChangesAsync(ct);\n"
    "                return booking;\n            }\n"
    "            catch (DbUpdateConcurrencyException) when (attempt < MaxAttempts)\n"
    "            {\n                _db.ChangeTracker.Clear();\n            }\n        }\n    }\n",
)
s.call(
    "Edit",
    f"The file {_ENDPOINTS} has been updated.",
    file_path=_ENDPOINTS,
    old_string="        var booking = await bookings.BookAsync(sessionId, member.Id, ct);\n"
    '        return Results.Created($"/bookings/{booking.Id}", booking.ToDto());',
    new_string="        try\n        {\n"
    "            var booking = await bookings.BookAsync(sessionId, member.Id, ct);\n"
    '            return Results.Created($"/bookings/{booking.Id}", booking.ToDto());\n'
    "        }\n        catch (ClassFullException)\n        {\n"
    '            return Results.Conflict(new { error = "class_full" });\n        }',
)
s.call(
    "Bash",
    _failed(24, 1190),
    command=_FILTER,
    description="Run the concurrency test with the rowversion token",
)
s.call(
    "Bash",
    "Build succeeded.\n    0 Warning(s)\n    0 Error(s)\n\n" + _failed(25, 1236),
    "Still overbooked, 24 this time. The test host may be running a stale build of "
    "Studiobook.Api from before the new migration; cleaning and building everything again.",
    command=f"dotnet clean && dotnet build && {_FILTER}",
    description="Clean, rebuild and re-run the test",
)
s.call(
    "Read",
    "public sealed class ApiFactory : WebApplicationFactory<Program>\n{\n"
    '    private readonly SqliteConnection _connection = new("DataSource=studiobook-'
    'tests.db");\n\n'
    "    protected override void ConfigureWebHost(IWebHostBuilder builder) =>\n"
    "        builder.ConfigureServices(services =>\n        {\n"
    "            services.RemoveAll<DbContextOptions<StudiobookDb>>();\n"
    "            services.AddDbContext<StudiobookDb>(o => o.UseSqlite(_connection));\n"
    "        });\n}\n",
    "Same failure after a clean build, so it isn't stale binaries. Checking what database the "
    "tests run on.",
    file_path=_FACTORY,
)
s.call(
    "Bash",
    "  Determining projects to restore...\n"
    "info : PackageReference for package 'Testcontainers.MsSql' version '3.9.0' added to file "
    f"'{_TESTS}/Studiobook.Api.Tests.csproj'.\n"
    "info : Committing restore...\n  Restored "
    f"{_TESTS}/Studiobook.Api.Tests.csproj (in 2.41 sec).\n",
    "That's the cause: the integration tests run on SQLite, and SQLite has no rowversion. "
    "EF Core's SQLite provider never generates a value for a [Timestamp] column, so RowVersion "
    'stays null, every UPDATE goes out as WHERE "RowVersion" IS NULL, it always matches, and '
    "DbUpdateConcurrencyException never fires. Production is SQL Server, so the tests should "
    "run there too: a SQL Server container per test run with Testcontainers.MsSql, the "
    "migrations applied at start-up.",
    command="dotnet add tests/Studiobook.Api.Tests package Testcontainers.MsSql --version 3.9.0",
    description="Add Testcontainers.MsSql to the test project",
)
s.call(
    "Edit",
    f"The file {_FACTORY} has been updated.",
    file_path=_FACTORY,
    old_string="public sealed class ApiFactory : WebApplicationFactory<Program>\n{\n"
    '    private readonly SqliteConnection _connection = new("DataSource=studiobook-'
    'tests.db");\n',
    new_string="public sealed class ApiFactory : WebApplicationFactory<Program>, "
    "IAsyncLifetime\n{\n"
    "    private readonly MsSqlContainer _sql = new MsSqlBuilder()\n"
    '        .WithImage("mcr.microsoft.com/mssql/server:2022-CU14-ubuntu-22.04")\n'
    "        .Build();\n\n"
    "    public async Task InitializeAsync()\n    {\n        await _sql.StartAsync();\n"
    "        using var scope = Services.CreateScope();\n"
    "        await scope.ServiceProvider.GetRequiredService<StudiobookDb>().Database"
    ".MigrateAsync();\n    }\n\n"
    "    Task IAsyncLifetime.DisposeAsync() => _sql.DisposeAsync().AsTask();\n",
)
s.call(
    "Edit",
    f"The file {_FACTORY} has been updated.",
    file_path=_FACTORY,
    old_string="            services.AddDbContext<StudiobookDb>(o => o.UseSqlite(_connection));",
    new_string="            services.AddDbContext<StudiobookDb>(o => "
    "o.UseSqlServer(_sql.GetConnectionString()));",
)
s.call(
    "Bash",
    "[testcontainers.org 00:00:01.12] Docker container 3f9c1be07a21 ready\n"
    "  Standard Output Messages:\n   201 Created: 20, 409 Conflict: 30\n\n"
    "Passed!  - Failed:     0, Passed:     1, Skipped:     0, Total:     1, Duration: 9 s - "
    "Studiobook.Api.Tests.dll (net8.0)\n",
    command=f"{_FILTER} --logger 'console;verbosity=normal' | grep -E 'ready|Created|Passed!|"
    "Failed!'",
    description="Run the concurrency test against SQL Server in a container",
)
s.call(
    "Bash",
    "Passed!  - Failed:     0, Passed:    64, Skipped:     0, Total:    64, Duration: 41 s - "
    "Studiobook.Api.Tests.dll (net8.0)\n"
    "Switched to a new branch 'sb-311-no-overbooking'\n"
    "[sb-311-no-overbooking 5be09d3] Stop overbooking class sessions (SB-311)\n"
    " 9 files changed, 412 insertions(+), 14 deletions(-)\n"
    "https://github.com/studiobook/studiobook/pull/418\n",
    command="dotnet test | tail -1 && git checkout -b sb-311-no-overbooking && git add -A && "
    "git commit -m 'Stop overbooking class sessions (SB-311)' && git push -u origin HEAD && "
    "gh pr create --fill",
    description="Run the whole suite, then commit, push and open the PR",
)
s.say(
    "PR #418 is open. ClassSession has a rowversion token (migration "
    "AddClassSessionRowVersion), BookAsync makes up to three attempts on "
    "DbUpdateConcurrencyException, a full class answers 409, and the API tests run on SQL "
    "Server 2022 through Testcontainers. The concurrency test books exactly 20 of 50 (30 get "
    "409), and all 64 tests pass."
)
s.user(
    "Tomasz reviewed #418 and CI failed it:\n"
    "1. Tomasz: when the third SaveChanges conflicts too, DbUpdateConcurrencyException escapes "
    "BookAsync and the member gets a 500. The class isn't full, it's contended: return 503 "
    "with Retry-After: 1.\n"
    "2. Tomasz: why not a single UPDATE ClassSessions SET BookedCount = BookedCount + 1 WHERE "
    "Id = @id AND BookedCount < Capacity, with no retries at all?\n"
    "3. Tomasz: the waitlist should hand freed spots over the same way.\n"
    "4. CI: build (windows-latest) fails in ApiFactory.InitializeAsync: Docker API responded "
    "with status code=InternalServerError, no matching manifest for windows/amd64 10.0.20348 "
    "in the manifest list entries.\n"
    "My answers: 1, yes, do it. 2, reply on the PR: rowversion stays, the Booking insert and "
    "the count go in one SaveChanges and the capacity rule stays in C#. 3 is SB-290, not this "
    "PR. 4, the Windows runners only run Windows containers: don't run the database tests "
    "there, ubuntu-latest covers them."
)
s.call(
    "Edit",
    f"The file {_CONCURRENCY} has been updated.",
    file_path=_CONCURRENCY,
    old_string="public sealed class BookingConcurrencyTests(ApiFactory factory)",
    new_string='[Trait("Category", "Database")]\n'
    "public sealed class BookingConcurrencyTests(ApiFactory factory)",
)
s.call(
    "Bash",
    f"{_TESTS}/Bookings/BookingEndpointTests.cs:9:public sealed class BookingEndpointTests"
    "(ApiFactory factory) : IClassFixture<ApiFactory>\n"
    f"{_TESTS}/Members/MemberTests.cs:11:public sealed class MemberTests(ApiFactory factory) "
    ": IClassFixture<ApiFactory>\n",
    command=f"grep -rn 'IClassFixture<ApiFactory>' {_TESTS} | grep -v BookingConcurrencyTests",
    description="Find the other test classes that use the SQL Server fixture",
)
s.call(
    "Edit",
    f"The file {_TESTS}/Bookings/BookingEndpointTests.cs has been updated.",
    file_path=f"{_TESTS}/Bookings/BookingEndpointTests.cs",
    old_string="public sealed class BookingEndpointTests(ApiFactory factory)",
    new_string='[Trait("Category", "Database")]\n'
    "public sealed class BookingEndpointTests(ApiFactory factory)",
)
s.call(
    "Edit",
    f"The file {_TESTS}/Members/MemberTests.cs has been updated.",
    file_path=f"{_TESTS}/Members/MemberTests.cs",
    old_string="public sealed class MemberTests(ApiFactory factory)",
    new_string='[Trait("Category", "Database")]\npublic sealed class MemberTests(ApiFactory '
    "factory)",
)
s.call(
    "Edit",
    f"The file {_CI} has been updated.",
    file_path=_CI,
    old_string="      - run: dotnet test --no-build",
    new_string="      - run: dotnet test --no-build ${{ matrix.os == 'windows-latest' && "
    "'--filter Category!=Database' || '' }}",
)
s.call(
    "Bash",
    "[sb-311-no-overbooking 7d41c2e] ci: run the database tests on Linux runners only\n"
    " 4 files changed, 4 insertions(+), 1 deletion(-)\n"
    "build (ubuntu-latest)   pass  3m12s  "
    "https://github.com/studiobook/studiobook/actions/runs/12207741893/job/34059113720\n"
    "build (windows-latest)  pass  2m47s  "
    "https://github.com/studiobook/studiobook/actions/runs/12207741893/job/34059113845\n",
    command="git commit -am 'ci: run the database tests on Linux runners only' && git push && "
    "gh pr checks 418 --watch",
    description="Commit and push the CI fix, wait for the checks",
)
s.call(
    "Bash",
    "https://github.com/studiobook/studiobook/pull/418#issuecomment-2531907764\n",
    command="gh pr comment 418 --body 'We keep the rowversion token: the Booking insert and "
    "the BookedCount change are saved in one SaveChanges, and the capacity rule stays in C# "
    "rather than in SQL.'",
    description="Answer Tomasz on the single UPDATE",
)
s.say(
    "Pushed 7d41c2e to #418: the three test classes that start the database container carry "
    '[Trait("Category", "Database")] and the Windows job of ci.yml filters them out, so the '
    "container only starts on Linux runners; gh pr checks 418 shows both builds passing. "
    "Tomasz has his answer on #418: the rowversion token stays, with the Booking insert and "
    "the BookedCount change saved in one SaveChanges."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "SB-311: Monday's 18:00 Vinyasa Flow took 23 bookings for 20 spots when the week's "
             "schedule opened and everybody booked at once; unskip "
             "ParallelBookingsNeverExceedCapacity and stop the overbooking.",
             must=(("overbook", "23 bookings", "more bookings than", "exceed capacity",
                    "exceeds capacity", "over capacity"),
                   ("sb-311", "spots", "vinyasa", "class session", "a class")),
             partial_means="The overbooking without where, or the ticket alone.",
             wrong="A slow booking page; bookings lost; double charges."),
    Question("latest_request", "What did the user last ask?",
             "Tomasz's review of PR #418 and a CI failure, with the user's answers: (1) return "
             "503 with Retry-After: 1 when the third SaveChanges conflicts too, instead of the "
             "500 (do it); (2) reply on the PR why not a single conditional UPDATE (rowversion "
             "stays); (3) the waitlist is SB-290, not this PR; (4) don't run the database tests "
             "on the windows-latest runner, ubuntu-latest covers them.",
             must=(("503", "retry-after"),
                   ("windows", "single update", "conditional update", "sb-290", "waitlist",
                    "ci")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomasz", "answers"),
             partial_means="One of the points to act on.",
             wrong="Switching to a single UPDATE; building the waitlist now.",
             stale_means="The no-in-process-lock correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Tomasz's first point, the one left: when the third attempt conflicts too, stop "
             "DbUpdateConcurrencyException escaping BookAsync as a 500; throw a distinct "
             "exception and map it in BookingEndpoints.cs to 503 with Retry-After: 1, test it, "
             "and push it to #418. The CI fix and the reply to Tomasz are done.",
             must=(("503", "retry-after"),
                   ("third", "conflict", "dbupdateconcurrencyexception", "500", "retries run "
                    "out", "attempts run out", "exhaust", "contended")),
             stale=("semaphoreslim", "classsessionlocks", "windows-latest", "dotnet clean",
                    "answer tomasz"),
             partial_means="The 503 without when it applies, or the conflict without the 503.",
             wrong="Rewriting BookAsync as a single UPDATE; building the waitlist (SB-290).",
             stale_means="Says to fix the Windows CI job or to answer Tomasz (both done), or "
                         "to add the SemaphoreSlim lock (ruled out)."),
    Question("files_edited", "Which files were changed, and why?",
             "Data/ClassSession.cs (a [Timestamp] RowVersion) with the "
             "AddClassSessionRowVersion migration; Bookings/BookingService.cs (up to three "
             "attempts on DbUpdateConcurrencyException); Bookings/BookingEndpoints.cs (409 on "
             "ClassFullException); tests: ApiFactory.cs (SQL Server through "
             "Testcontainers.MsSql instead of SQLite), the test csproj (the package), "
             "BookingConcurrencyTests.cs (unskipped; the Database trait, as on "
             "BookingEndpointTests.cs and MemberTests.cs); .github/workflows/ci.yml (the "
             "Windows job filters out Category!=Database). Bookings/ClassSessionLocks.cs was "
             "created and deleted, and BookingService.cs's lock edit checked out again.",
             must=(("classsession.cs",), ("bookingservice.cs",),
                   ("apifactory.cs", "ci.yml", "addclasssessionrowversion")),
             stale=("classsessionlocks.cs",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="Program.cs or the DbContext given as edited.",
             stale_means="ClassSessionLocks.cs listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The database decides: a rowversion concurrency token on ClassSession and up to "
             "three attempts on DbUpdateConcurrencyException, a full class a 409; the API "
             "tests run on SQL Server (Testcontainers) since SQLite has no rowversion. It "
             "rules out an in-process SemaphoreSlim per class (three API instances), and, in "
             "the answer to Tomasz, a single conditional UPDATE.",
             must=(("rowversion", "concurrency token", "optimistic concurrency"),
                   ("semaphoreslim", "in-process lock", "lock")),
             stale=("semaphoreslim per class", "classsessionlocks"),
             partial_means="The rowversion without what it rules out.",
             wrong="A distributed Redis lock; a serializable transaction.",
             stale_means="The per-class SemaphoreSlim given as the design."),
    Question("review", "What did the review find?",
             "Tomasz on #418: after the third conflict DbUpdateConcurrencyException escapes as "
             "a 500, make it 503 with Retry-After: 1 (pending); why not a single UPDATE ... "
             "WHERE BookedCount < Capacity (answered: rowversion stays); the waitlist should "
             "do the same (SB-290, later). CI: build (windows-latest) failed because the "
             "Windows runner can't pull the Linux SQL Server image (fixed: the Database tests "
             "are filtered out there).",
             must=(("500", "503", "third", "retry-after"),
                   ("single update", "one update", "conditional update", "update ... where",
                    "bookedcount + 1"),
                   ("windows", "docker", "manifest", "sb-290", "waitlist")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "reported",
                  "tomasz", "ci", "comment"),
             partial_means="One or two of the points.",
             wrong="The SQLite rowversion failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No in-process lock: production runs three API instances behind the load "
             "balancer, so a SemaphoreSlim serialises only one of them; let the database "
             "decide with a rowversion token on ClassSession and retries on "
             "DbUpdateConcurrencyException, three attempts at most, a full class a 409.",
             must=(("in-process", "semaphoreslim", "lock"),
                   ("rowversion", "database", "three instances", "3 instances")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No lock without what to do instead, or the reverse.",
             wrong="The Windows CI failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "ParallelBookingsNeverExceedCapacity: Expected 20, Actual 24 then 25 after the "
             "rowversion token; dotnet clean and a rebuild did not fix it; the tests ran on "
             "SQLite, which never generates a rowversion (WHERE RowVersion IS NULL always "
             "matches); fixed by running them on SQL Server through Testcontainers.MsSql in "
             "ApiFactory.cs. CI's windows-latest build failed to start the container (no "
             "matching manifest for windows/amd64); fixed by the Database trait and a "
             "Category!=Database filter on the Windows job.",
             must=(("parallelbookingsneverexceedcapacity", "expected: 20", "expected 20",
                    "overbook", "sqlite"),
                   ("testcontainers", "sql server", "mssql")),
             stale=("fixed by dotnet clean", "fixed by a clean", "fixed by rebuilding",
                    "fixed by a rebuild", "fixed by re-running", "stale build"),
             partial_means="One of the errors without its fix, or the fix without the error.",
             wrong="A migration error; a deadlock on SQL Server.",
             stale_means="The overbooking test 'fixed' by dotnet clean and a rebuild."),
    Question("key_values", "Which key values matter?",
             "23 bookings for 20 spots (SB-311); the test: 50 parallel requests, capacity 20, "
             "26/24/25 booked before the fix, 20 booked and 30 409s after; at most 3 attempts; "
             "64 tests; Testcontainers.MsSql 3.9.0 and the SQL Server 2022 image; PR #418 "
             "(commits 5be09d3, 7d41c2e); SB-290 for the waitlist; Retry-After: 1.",
             must=(("capacity 20", "20 spots", "23 bookings", "50 parallel", "50 requests",
                    "64 tests"),
                   ("#418", "sb-311", "sb-290"),
                   ("3 attempts", "three attempts", "max 3", "at most 3", "retry-after: 1",
                    "3.9.0")),
             spread=True,
             partial_means="One or two groups of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "Bookings/BookingService.cs books a spot (BookAsync); Bookings/BookingEndpoints.cs "
             "maps it to HTTP (201, 409); Data/ClassSession.cs is the session entity with "
             "Capacity, BookedCount and now RowVersion; ApiFactory.cs is the test host "
             "(WebApplicationFactory, now on SQL Server in a container); "
             "BookingConcurrencyTests.cs holds the parallel-booking test; ci.yml runs the "
             "build on ubuntu-latest and windows-latest.",
             must=(("bookingservice.cs",),
                   ("apifactory.cs", "classsession.cs", "bookingconcurrencytests.cs",
                    "bookingendpoints.cs"),
                   ("books", "the entity", "test host", "hosts the tests", "the session",
                    "capacity", "maps", "http")),
             partial_means="The files named without what they hold.",
             wrong="ClassSessionLocks.cs as the per-class lock."),
    Question("pending", "What work is still pending?",
             "Tomasz's point 1: 503 with Retry-After: 1 when the third attempt conflicts, "
             "with a test, pushed to #418; the waitlist later in SB-290.",
             must=(("503", "retry-after"), ("sb-290", "waitlist", "push", "#418", "test")),
             partial_means="The 503 without the rest, or the reverse.",
             wrong="The Windows CI job or the reply to Tomasz as pending."),
    Question("state", "What is the state of the work?",
             "PR #418 is open with the rowversion token, the retries and the tests on SQL "
             "Server; all 64 tests pass and both CI builds pass after the Windows filter "
             "(7d41c2e pushed); Tomasz is answered on the single UPDATE; the 503 for the "
             "third conflict is not started.",
             must=(("64 tests", "tests pass", "checks pass", "builds pass", "ci passes",
                    "both builds"),
                   ("503", "not started", "retry-after")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the 503 is done.",
             stale_means="Says a SemaphoreSlim serialises the bookings."),
)  # fmt: skip

PRODUCTION = """SB-311: a class took 23 bookings for 20 spots. The user ruled out an in-process SemaphoreSlim lock (three API instances; ClassSessionLocks.cs deleted) for a rowversion token on ClassSession, 3 attempts on DbUpdateConcurrencyException, 409 when full.
Changed ClassSession.cs, BookingService.cs, BookingEndpoints.cs, ApiFactory.cs (the test host), ci.yml.
Error: the concurrency test still overbooked on SQLite (no rowversion); dotnet clean did not help; fixed by SQL Server through Testcontainers.
Tomasz's review of #418: Windows CI fixed, single UPDATE answered, waitlist is SB-290.
State: 64 tests and both CI builds pass; the 503 is not started.
Pending: 503 with Retry-After: 1 when a third conflict escapes as a 500, then push."""
