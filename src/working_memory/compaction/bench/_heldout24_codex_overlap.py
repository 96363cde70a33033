"""Held out, twenty-fourth set: written 2026-12-07, while round 12 was tuned on the twenty-third
set, by an author who never ran the handoff on them. Codex, a C#/.NET 8 worker service
(BackgroundService, System.Threading.Timer, EF Core on SQL Server with SQLite in the tests,
xUnit, Microsoft.Extensions.TimeProvider.Testing): on the night of Dec 1 Tripletex got 2,120
invoices twice (BILL-2317), because ExportWorker's Timer fires every 5 minutes whether or not the
last callback has finished: the month-end run (3,870 invoices) took 8 min 40 s, the run started
at 01:05 read the 2,120 invoices the first run had posted but not yet saved (ExportedAt is saved
every 250) and posted them again; a cross-process lock (JobLockService with an sp_getapplock
wrapper, SqlAppLock, and a JobLocks table through an EF migration AddJobLocks) written, then
ruled out by the user (one instance on billing-app-02; a session applock pins a pooled
connection for the whole run, which the DBA forbids since the March blocking incident; a new
table needs the CAB, next on Dec 16) for a PeriodicTimer loop in ExportWorker.ExecuteAsync (each
run awaited before the next tick, so runs never overlap) and ExportedAt saved per invoice as
soon as Tripletex accepts it; Locking/ and the migration deleted, BillingDbContext.cs, its model
snapshot, ExportWorker.cs and ServiceCollectionExtensions.cs checked out again; the two new
ExportWorkerTests time out (TimeoutException, no POST ever made), which dotnet clean, removing
every bin and obj and a re-run (the suspected stale build) did not fix and
TryAddSingleton(TimeProvider.System) in ServiceCollectionExtensions.cs did (TestHost registers
the test doubles first and AddInvoiceExport only TryAdds what they replace, so its
AddSingleton(TimeProvider.System) won over the FakeTimeProvider and the worker read the
machine's 10:42, outside the 01:00-05:00 window); a PR review (#418) with four points: one done
already (a service stopped mid-run resends up to 249 invoices: the save is per invoice now), one
answered on the PR (why not Quartz.NET), one a ticket (Tripletex's externalId, BILL-2331), one
pending (validate Export:Period at start, ValidateOnStart, at least one minute, with a test);
the assistant's last words name that validation as the next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/sindre/src/billing-export"
_SRC = "src/Billing.Export"
_WORKER = f"{_SRC}/ExportWorker.cs"
_EXT = f"{_SRC}/ServiceCollectionExtensions.cs"
_CTX = f"{_SRC}/Data/BillingDbContext.cs"
_SNAP = f"{_SRC}/Data/Migrations/BillingDbContextModelSnapshot.cs"
_MIG = f"{_SRC}/Data/Migrations/20261207091412_AddJobLocks"
_LOCKING = f"{_SRC}/Locking"
_TESTS = "tests/Billing.Export.Tests"
_WTESTS = f"{_TESTS}/ExportWorkerTests.cs"
_FAKE = f"{_TESTS}/FakeTripletexClient.cs"
_TESTHOST = f"{_TESTS}/TestHost.cs"
_LOG = "~/logs/billing-export-20261201.log"

_OLD_WORKER = """using System.Diagnostics;
using Billing.Export.Data;
using Billing.Export.Tripletex;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Options;

namespace Billing.Export;

// Sends approved invoices to Tripletex in the nightly window (Export:WindowStart..WindowEnd).
public sealed class ExportWorker : BackgroundService
{
    private const int SaveEvery = 250;
    private readonly IServiceScopeFactory _scopes;
    private readonly ExportOptions _options;
    private readonly ILogger<ExportWorker> _log;
    private Timer? _timer;

    public ExportWorker(IServiceScopeFactory scopes, IOptions<ExportOptions> options,
        ILogger<ExportWorker> log)
    {
        _scopes = scopes;
        _options = options.Value;
        _log = log;
    }

    protected override Task ExecuteAsync(CancellationToken stoppingToken)
    {
        _timer = new Timer(_ => _ = RunOnceAsync(stoppingToken), null, TimeSpan.Zero,
            _options.Period);
        return Task.CompletedTask;
    }

    private async Task RunOnceAsync(CancellationToken ct)
    {
        var now = TimeOnly.FromDateTime(DateTime.Now);
        if (now < _options.WindowStart || now >= _options.WindowEnd) return;

        await using var scope = _scopes.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<BillingDbContext>();
        var tripletex = scope.ServiceProvider.GetRequiredService<ITripletexClient>();
        var started = Stopwatch.StartNew();

        var invoices = await db.Invoices
            .Where(i => i.Status == InvoiceStatus.Approved && i.ExportedAt == null)
            .Include(i => i.Lines)
            .OrderBy(i => i.Number)
            .ToListAsync(ct);
        _log.LogInformation("Export run started: {Count} invoices", invoices.Count);

        for (var n = 0; n < invoices.Count; n++)
        {
            await tripletex.PostInvoiceAsync(invoices[n], ct);
            invoices[n].ExportedAt = DateTime.UtcNow;
            if ((n + 1) % SaveEvery == 0) await db.SaveChangesAsync(ct);
        }
        await db.SaveChangesAsync(ct);
        _log.LogInformation("Exported {Count} invoices in {Elapsed}", invoices.Count,
            started.Elapsed);
    }

    public override void Dispose()
    {
        _timer?.Dispose();
        base.Dispose();
    }
}
"""

_FILES = (
    f"{_SRC}/Data/BillingDbContext.cs\n"
    f"{_SRC}/Data/Invoice.cs\n"
    f"{_SRC}/Data/InvoiceLine.cs\n"
    f"{_SRC}/Data/Migrations/20260311140207_Initial.cs\n"
    f"{_SRC}/Data/Migrations/20260311140207_Initial.Designer.cs\n"
    f"{_SNAP}\n"
    f"{_WORKER}\n"
    f"{_SRC}/ExportOptions.cs\n"
    f"{_SRC}/Program.cs\n"
    f"{_EXT}\n"
    f"{_SRC}/Tripletex/ITripletexClient.cs\n"
    f"{_SRC}/Tripletex/TripletexClient.cs\n"
    f"{_TESTS}/ExportOptionsTests.cs\n"
    f"{_TESTS}/InvoiceQueryTests.cs\n"
    f"{_TESTHOST}\n"
    f"{_TESTS}/TripletexClientTests.cs\n"
)


def _plus(text: str) -> str:
    return "".join(f"+{line}\n" for line in text.splitlines())


def _minus(text: str) -> str:
    return "".join(f"-{line}\n" for line in text.splitlines())


_BUILD = (
    "  Determining projects to restore...\n"
    "  All projects are up-to-date for restore.\n"
    f"  Billing.Export -> {_ROOT}/{_SRC}/bin/Debug/net8.0/Billing.Export.dll\n"
    f"  Billing.Export.Tests -> {_ROOT}/{_TESTS}/bin/Debug/net8.0/Billing.Export.Tests.dll\n"
    f"Test run for {_ROOT}/{_TESTS}/bin/Debug/net8.0/Billing.Export.Tests.dll "
    "(.NETCoreApp,Version=v8.0)\n"
    "Microsoft (R) Test Execution Command Line Tool Version 17.11.1 (x64)\n"
    "Copyright (c) Microsoft Corporation.  All rights reserved.\n\n"
    "Starting test execution, please wait...\n"
    "A total of 1 test files matched the specified pattern.\n"
)


def _timeouts(seconds: str) -> str:
    """dotnet test with the two new ExportWorkerTests timing out before the first POST."""
    return (
        "[xUnit.net 00:00:11.02]     Billing.Export.Tests.ExportWorkerTests."
        "A_slow_run_is_not_overlapped_by_the_next_tick [FAIL]\n"
        "[xUnit.net 00:00:21.47]     Billing.Export.Tests.ExportWorkerTests."
        "Each_invoice_is_marked_as_soon_as_Tripletex_accepts_it [FAIL]\n"
        "  Failed Billing.Export.Tests.ExportWorkerTests."
        "A_slow_run_is_not_overlapped_by_the_next_tick [10 s]\n"
        "  Error Message:\n"
        "   System.TimeoutException : The operation has timed out.\n"
        "  Stack Trace:\n"
        "     at Billing.Export.Tests.ExportWorkerTests."
        f"A_slow_run_is_not_overlapped_by_the_next_tick() in {_ROOT}/{_WTESTS}:line 26\n"
        "--- End of stack trace from previous location ---\n"
        "  Failed Billing.Export.Tests.ExportWorkerTests."
        "Each_invoice_is_marked_as_soon_as_Tripletex_accepts_it [10 s]\n"
        "  Error Message:\n"
        "   System.TimeoutException : The operation has timed out.\n"
        "  Stack Trace:\n"
        "     at Billing.Export.Tests.ExportWorkerTests."
        f"Each_invoice_is_marked_as_soon_as_Tripletex_accepts_it() in {_ROOT}/{_WTESTS}:line 52\n"
        "--- End of stack trace from previous location ---\n\n"
        "Failed!  - Failed:     2, Passed:    23, Skipped:     0, Total:    25, Duration: "
        f"{seconds} - Billing.Export.Tests.dll (net8.0)\n"
    )


s = Script("You are Codex, a coding agent. cwd: /home/sindre/src/billing-export")
s.user(
    "BILL-2317: accounting found 2,120 of our invoices booked twice in Tripletex on the night of "
    "Dec 1 (2026-118204 to 2026-120323, Marte is crediting them by hand). The export is "
    "ExportWorker in src/Billing.Export. Find out why and fix it so an invoice only ever goes to "
    f"Tripletex once. The worker's log from that night is {_LOG}; tests are `dotnet test`."
)
s.call(
    "shell",
    _FILES + "---\n" + _OLD_WORKER + "---\n"
    '  "Export": {\n'
    '    "Period": "00:05:00",\n'
    '    "WindowStart": "01:00",\n'
    '    "WindowEnd": "05:00"\n'
    "  },\n"
    "---\n"
    "Passed!  - Failed:     0, Passed:    23, Skipped:     0, Total:    23, Duration: 1 s - "
    "Billing.Export.Tests.dll (net8.0)\n",
    command=[
        "bash",
        "-lc",
        f"git ls-files {_SRC} {_TESTS} | grep '\\.cs$'; echo ---; "
        f"cat {_WORKER}; echo ---; grep -A5 '\"Export\"' {_SRC}/appsettings.json; echo ---; "
        "dotnet test 2>&1 | tail -1",
    ],
)
s.call(
    "shell",
    "2026-12-01 01:00:00.013 +01:00 [INF] Export run started: 3870 invoices\n"
    "2026-12-01 01:05:00.009 +01:00 [INF] Export run started: 2120 invoices\n"
    "2026-12-01 01:08:40.552 +01:00 [INF] Exported 3870 invoices in 00:08:40.5391022\n"
    "2026-12-01 01:09:44.107 +01:00 [INF] Exported 2120 invoices in 00:04:44.0982711\n"
    "2026-12-01 01:10:00.004 +01:00 [INF] Export run started: 0 invoices\n"
    "2026-12-01 01:10:00.061 +01:00 [INF] Exported 0 invoices in 00:00:00.0571180\n"
    "---\n"
    "2026-11-30 01:00:00.011 +01:00 [INF] Export run started: 412 invoices\n"
    "2026-11-30 01:00:55.870 +01:00 [INF] Exported 412 invoices in 00:00:55.8593306\n",
    "The night of Dec 1 against an ordinary night.",
    command=[
        "bash",
        "-lc",
        f"grep -E 'Export(ed| run started)' {_LOG} | head -6; echo ---; "
        "grep -E 'Export(ed| run started)' ~/logs/billing-export-20261130.log | head -2",
    ],
)
s.say(
    "Found it. System.Threading.Timer calls its callback every Period (00:05:00) whether or not "
    "the last one has finished, and the callback is fire-and-forget. An ordinary night is 412 "
    "invoices in 56 s, but the month-end run on Dec 1 was 3,870 invoices in 8 min 40 s, so at "
    "01:05 a second run started beside it. The first run saves ExportedAt only every 250 "
    "invoices, so at 01:05 it had saved 1,750 of them and the second run read the other 2,120 "
    "as not exported and posted them again while the first run posted them too: exactly the "
    "2,120 duplicates. I'll make a run take a lock and skip when another holds it, which also "
    "covers a second instance: a JobLockService in src/Billing.Export/Locking with a small "
    "SqlAppLock wrapper around sp_getapplock (@LockOwner = 'Session', on its own connection for "
    "the length of the run), and a JobLocks table (job name, holder, lease until) through an EF "
    "migration, so a stuck lease shows who holds it."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\n"
    f"A {_LOCKING}/SqlAppLock.cs\nA {_LOCKING}/JobLockService.cs\nA {_LOCKING}/JobLock.cs\n"
    f"M {_CTX}\nM {_WORKER}\nM {_EXT}\n",
    input="*** Begin Patch\n"
    f"*** Add File: {_LOCKING}/SqlAppLock.cs\n"
    "+using System.Data;\n"
    "+using Microsoft.Data.SqlClient;\n"
    "+\n"
    "+namespace Billing.Export.Locking;\n"
    "+\n"
    "+// An sp_getapplock held by a session of its own until disposed.\n"
    "+public sealed class SqlAppLock : IAsyncDisposable\n"
    "+{\n"
    "+    private readonly SqlConnection _connection;\n"
    "+    private readonly string _resource;\n"
    "+\n"
    "+    private SqlAppLock(SqlConnection connection, string resource)\n"
    "+    {\n"
    "+        _connection = connection;\n"
    "+        _resource = resource;\n"
    "+    }\n"
    "+\n"
    "+    public static async Task<SqlAppLock?> TryAcquireAsync(string connectionString,\n"
    "+        string resource, CancellationToken ct)\n"
    "+    {\n"
    "+        var connection = new SqlConnection(connectionString);\n"
    "+        await connection.OpenAsync(ct);\n"
    '+        await using var cmd = new SqlCommand("sp_getapplock", connection)\n'
    "+            { CommandType = CommandType.StoredProcedure };\n"
    '+        cmd.Parameters.AddWithValue("@Resource", resource);\n'
    '+        cmd.Parameters.AddWithValue("@LockMode", "Exclusive");\n'
    '+        cmd.Parameters.AddWithValue("@LockOwner", "Session");\n'
    '+        cmd.Parameters.AddWithValue("@LockTimeout", 0);\n'
    '+        var result = cmd.Parameters.Add("@Result", SqlDbType.Int);\n'
    "+        result.Direction = ParameterDirection.ReturnValue;\n"
    "+        await cmd.ExecuteNonQueryAsync(ct);\n"
    "+        if ((int)result.Value >= 0) return new SqlAppLock(connection, resource);\n"
    "+        await connection.DisposeAsync();\n"
    "+        return null;\n"
    "+    }\n"
    "+\n"
    "+    public async ValueTask DisposeAsync() => await _connection.DisposeAsync();\n"
    "+}\n"
    f"*** Add File: {_LOCKING}/JobLock.cs\n"
    "+namespace Billing.Export.Locking;\n"
    "+\n"
    "+public sealed class JobLock\n"
    "+{\n"
    '+    public string JobName { get; set; } = "";\n'
    '+    public string HeldBy { get; set; } = "";\n'
    "+    public DateTime LeaseUntil { get; set; }\n"
    "+}\n"
    f"*** Add File: {_LOCKING}/JobLockService.cs\n"
    "+namespace Billing.Export.Locking;\n"
    "+\n"
    "+// One run of a job at a time across processes: the applock decides, the JobLocks row says\n"
    "+// who holds it and until when.\n"
    "+public sealed class JobLockService(BillingDbContext db, IConfiguration config)\n"
    "+{\n"
    "+    public async Task<SqlAppLock?> TryAcquireAsync(string job, TimeSpan lease,\n"
    "+        CancellationToken ct)\n"
    "+    {\n"
    "+        var applock = await SqlAppLock.TryAcquireAsync(\n"
    '+            config.GetConnectionString("Billing")!, $"job:{job}", ct);\n'
    "+        if (applock is null) return null;\n"
    "+        var row = await db.JobLocks.FindAsync([job], ct) ?? db.JobLocks.Add(\n"
    "+            new JobLock { JobName = job }).Entity;\n"
    "+        row.HeldBy = Environment.MachineName;\n"
    "+        row.LeaseUntil = DateTime.UtcNow + lease;\n"
    "+        await db.SaveChangesAsync(ct);\n"
    "+        return applock;\n"
    "+    }\n"
    "+}\n"
    f"*** Update File: {_CTX}\n@@\n"
    "     public DbSet<Invoice> Invoices => Set<Invoice>();\n"
    "     public DbSet<InvoiceLine> InvoiceLines => Set<InvoiceLine>();\n"
    "+    public DbSet<JobLock> JobLocks => Set<JobLock>();\n"
    "@@\n"
    "         modelBuilder.ApplyConfigurationsFromAssembly(typeof(BillingDbContext).Assembly);\n"
    "+        modelBuilder.Entity<JobLock>().HasKey(l => l.JobName);\n"
    f"*** Update File: {_WORKER}\n@@\n"
    "         await using var scope = _scopes.CreateAsyncScope();\n"
    "+        var locks = scope.ServiceProvider.GetRequiredService<JobLockService>();\n"
    '+        await using var held = await locks.TryAcquireAsync("invoice-export",\n'
    "+            TimeSpan.FromMinutes(30), ct);\n"
    "+        if (held is null)\n"
    "+        {\n"
    '+            _log.LogInformation("Export run skipped: another run holds the lock");\n'
    "+            return;\n"
    "+        }\n"
    "         var db = scope.ServiceProvider.GetRequiredService<BillingDbContext>();\n"
    f"*** Update File: {_EXT}\n@@\n"
    "         services.AddHostedService<ExportWorker>();\n"
    "+        services.AddScoped<JobLockService>();\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "Build started...\n"
    "Build succeeded.\n"
    "Done. To undo this action, use 'ef migrations remove'\n"
    f" M {_CTX}\n"
    f" M {_SNAP}\n"
    f" M {_EXT}\n"
    f" M {_WORKER}\n"
    f"?? {_MIG}.Designer.cs\n"
    f"?? {_MIG}.cs\n"
    f"?? {_LOCKING}/\n"
    "Passed!  - Failed:     0, Passed:    23, Skipped:     0, Total:    23, Duration: 1 s - "
    "Billing.Export.Tests.dll (net8.0)\n",
    "Adding the JobLocks table migration and running the tests.",
    command=[
        "bash",
        "-lc",
        f"dotnet ef migrations add AddJobLocks --project {_SRC} --output-dir Data/Migrations "
        "&& git status --short && dotnet test 2>&1 | tail -1",
    ],
)
s.say(
    "The lock is in: a run takes the sp_getapplock 'job:invoice-export' through SqlAppLock "
    "before reading invoices and skips with a log line when another run holds it, and "
    "JobLockService writes the holder and a 30-minute lease into the new JobLocks table "
    "(migration 20261207091412_AddJobLocks). The 23 existing tests pass; the migration still "
    "has to be applied to the Billing database."
)
s.user(
    "No, no lock service. There is one instance of this worker, the systemd unit on "
    "billing-app-02, so a cross-process lock guards against a problem we don't have. And a "
    "Session applock pins a pooled connection for the whole 9-minute run: Ingrid forbade "
    "long-held applocks on the Billing database after the blocking incident in March. A new "
    "table means a migration through the CAB, and the next one is Dec 16. The overlap is ours: "
    "Timer fires every 5 minutes whether the last callback finished or not. Use PeriodicTimer "
    "in ExportWorker.ExecuteAsync and await each run before waiting for the next tick, so runs "
    "can't overlap. And save ExportedAt on each invoice as soon as Tripletex accepts it, not "
    "every 250, so a stopped run doesn't send them again. Delete Locking/ and the migration and "
    "put the DbContext, the snapshot and the rest back first."
)
s.call(
    "shell",
    "",
    "Deleting Locking/ and the migration and checking the four changed files out again.",
    command=[
        "bash",
        "-lc",
        f"rm -r {_LOCKING} {_MIG}.cs {_MIG}.Designer.cs && git checkout -- {_CTX} {_SNAP} "
        f"{_WORKER} {_EXT} && git status --short",
    ],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_WORKER}\nM {_EXT}\n",
    "ExecuteAsync becomes a PeriodicTimer loop: a run is awaited before the next "
    "WaitForNextTickAsync, and ticks that pass during a long run collapse into one, so runs "
    "never overlap. The worker takes a TimeProvider (the window check and the timer both use "
    "it, so a test can drive the clock), saves ExportedAt right after each POST (with "
    "CancellationToken.None, so an invoice Tripletex has is marked even while the service "
    "stops), and logs a failed run instead of ending ExecuteAsync, which in .NET 8 would stop "
    "the host.",
    input=f"*** Begin Patch\n*** Update File: {_WORKER}\n@@\n"
    "-    private const int SaveEvery = 250;\n"
    "     private readonly IServiceScopeFactory _scopes;\n"
    "     private readonly ExportOptions _options;\n"
    "     private readonly ILogger<ExportWorker> _log;\n"
    "-    private Timer? _timer;\n"
    "+    private readonly TimeProvider _time;\n"
    "@@\n"
    "     public ExportWorker(IServiceScopeFactory scopes, IOptions<ExportOptions> options,\n"
    "-        ILogger<ExportWorker> log)\n"
    "+        TimeProvider time, ILogger<ExportWorker> log)\n"
    "     {\n"
    "         _scopes = scopes;\n"
    "         _options = options.Value;\n"
    "+        _time = time;\n"
    "         _log = log;\n"
    "     }\n"
    " \n"
    "-    protected override Task ExecuteAsync(CancellationToken stoppingToken)\n"
    "-    {\n"
    "-        _timer = new Timer(_ => _ = RunOnceAsync(stoppingToken), null, TimeSpan.Zero,\n"
    "-            _options.Period);\n"
    "-        return Task.CompletedTask;\n"
    "-    }\n"
    "+    // BILL-2317: a run is awaited before the next tick, and the ticks that pass while a run\n"
    "+    // takes longer than the period collapse into one, so two runs never overlap.\n"
    "+    protected override async Task ExecuteAsync(CancellationToken stoppingToken)\n"
    "+    {\n"
    "+        using var timer = new PeriodicTimer(_options.Period, _time);\n"
    "+        do\n"
    "+        {\n"
    "+            try\n"
    "+            {\n"
    "+                await RunOnceAsync(stoppingToken);\n"
    "+            }\n"
    "+            catch (Exception ex) when (ex is not OperationCanceledException)\n"
    "+            {\n"
    '+                _log.LogError(ex, "Export run failed");\n'
    "+            }\n"
    "+        }\n"
    "+        while (await timer.WaitForNextTickAsync(stoppingToken));\n"
    "+    }\n"
    "@@\n"
    "-        var now = TimeOnly.FromDateTime(DateTime.Now);\n"
    "+        var now = TimeOnly.FromDateTime(_time.GetLocalNow().DateTime);\n"
    "@@\n"
    "-        for (var n = 0; n < invoices.Count; n++)\n"
    "-        {\n"
    "-            await tripletex.PostInvoiceAsync(invoices[n], ct);\n"
    "-            invoices[n].ExportedAt = DateTime.UtcNow;\n"
    "-            if ((n + 1) % SaveEvery == 0) await db.SaveChangesAsync(ct);\n"
    "-        }\n"
    "-        await db.SaveChangesAsync(ct);\n"
    "+        foreach (var invoice in invoices)\n"
    "+        {\n"
    "+            await tripletex.PostInvoiceAsync(invoice, ct);\n"
    "+            invoice.ExportedAt = _time.GetUtcNow().UtcDateTime;\n"
    "+            // marked as soon as Tripletex has it; not ct: a posted invoice is saved even\n"
    "+            // while the service stops\n"
    "+            await db.SaveChangesAsync(CancellationToken.None);\n"
    "+        }\n"
    "@@\n"
    "-    public override void Dispose()\n"
    "-    {\n"
    "-        _timer?.Dispose();\n"
    "-        base.Dispose();\n"
    "-    }\n"
    f"*** Update File: {_EXT}\n@@\n"
    '         services.Configure<ExportOptions>(config.GetSection("Export"));\n'
    "+        services.AddSingleton(TimeProvider.System);\n"
    "*** End Patch\n",
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA {_WTESTS}\nA {_FAKE}\n"
    f"M {_TESTS}/Billing.Export.Tests.csproj\n",
    "Two worker tests on a FakeTimeProvider at 01:00: a run held up inside its first POST while "
    "the clock passes 01:05 and 01:10 must send each of the 3 invoices once, and a host stopped "
    "after 2 of 5 POSTs must leave exactly those 2 with ExportedAt.",
    input="*** Begin Patch\n"
    f"*** Add File: {_WTESTS}\n"
    + _plus(
        "using Billing.Export.Tripletex;\n"
        "using Microsoft.Extensions.DependencyInjection;\n"
        "using Microsoft.Extensions.Hosting;\n"
        "using Microsoft.Extensions.Time.Testing;\n"
        "\n"
        "namespace Billing.Export.Tests;\n"
        "\n"
        "public sealed class ExportWorkerTests\n"
        "{\n"
        "    // 01:00 on the night of BILL-2317, the start of the export window\n"
        "    private readonly FakeTimeProvider _time =\n"
        "        new(new DateTimeOffset(2026, 12, 1, 1, 0, 0, TimeSpan.Zero));\n"
        "\n"
        "    [Fact]\n"
        "    public async Task A_slow_run_is_not_overlapped_by_the_next_tick()\n"
        "    {\n"
        "        var tripletex = new FakeTripletexClient(blocked: true);\n"
        "        using var host = TestHost.Build(services =>\n"
        "        {\n"
        "            services.AddSingleton<TimeProvider>(_time);\n"
        "            services.AddSingleton<ITripletexClient>(tripletex);\n"
        "        });\n"
        "        await TestHost.SeedApprovedInvoicesAsync(host, 3);\n"
        "        await host.StartAsync();\n"
        "\n"
        "        await tripletex.FirstPost.WaitAsync(TimeSpan.FromSeconds(10));\n"
        "        _time.Advance(TimeSpan.FromMinutes(5)); // 01:05, the first run still posting\n"
        "        _time.Advance(TimeSpan.FromMinutes(5)); // 01:10\n"
        "        tripletex.Unblock();\n"
        "        await tripletex.WaitForPostsAsync(3).WaitAsync(TimeSpan.FromSeconds(10));\n"
        "        _time.Advance(TimeSpan.FromMinutes(5));\n"
        "        await host.StopAsync();\n"
        "\n"
        "        Assert.Equal(3, tripletex.Posted.Count);\n"
        "        Assert.Equal(3, tripletex.Posted.Distinct().Count());\n"
        "    }\n"
        "\n"
        "    [Fact]\n"
        "    public async Task Each_invoice_is_marked_as_soon_as_Tripletex_accepts_it()\n"
        "    {\n"
        "        var tripletex = new FakeTripletexClient(blocked: true);\n"
        "        using var host = TestHost.Build(services =>\n"
        "        {\n"
        "            services.AddSingleton<TimeProvider>(_time);\n"
        "            services.AddSingleton<ITripletexClient>(tripletex);\n"
        "        });\n"
        "        await TestHost.SeedApprovedInvoicesAsync(host, 5);\n"
        "        await host.StartAsync();\n"
        "\n"
        "        tripletex.Unblock(2);\n"
        "        await tripletex.WaitForPostsAsync(2).WaitAsync(TimeSpan.FromSeconds(10));\n"
        "        await host.StopAsync(); // a deploy stopping the service mid-run\n"
        "\n"
        "        Assert.Equal(tripletex.Posted, await TestHost.ExportedNumbersAsync(host));\n"
        "    }\n"
        "}\n"
    )
    + f"*** Add File: {_FAKE}\n"
    + _plus(
        "using System.Collections.Concurrent;\n"
        "using Billing.Export.Data;\n"
        "using Billing.Export.Tripletex;\n"
        "\n"
        "namespace Billing.Export.Tests;\n"
        "\n"
        "// Records each POST; while blocked, a POST waits until Unblock lets it through.\n"
        "public sealed class FakeTripletexClient(bool blocked = false) : ITripletexClient\n"
        "{\n"
        "    private readonly SemaphoreSlim _gate = new(blocked ? 0 : int.MaxValue);\n"
        "    private readonly TaskCompletionSource _first = new(\n"
        "        TaskCreationOptions.RunContinuationsAsynchronously);\n"
        "    private readonly ConcurrentQueue<string> _posted = new();\n"
        "\n"
        "    public Task FirstPost => _first.Task;\n"
        "    public IReadOnlyList<string> Posted => _posted.ToList();\n"
        "\n"
        "    public async Task PostInvoiceAsync(Invoice invoice, CancellationToken ct)\n"
        "    {\n"
        "        _first.TrySetResult();\n"
        "        await _gate.WaitAsync(ct);\n"
        "        _posted.Enqueue(invoice.Number);\n"
        "    }\n"
        "\n"
        "    public void Unblock(int posts = int.MaxValue / 2) => _gate.Release(posts);\n"
        "\n"
        "    public async Task WaitForPostsAsync(int count)\n"
        "    {\n"
        "        while (_posted.Count < count) await Task.Delay(10);\n"
        "    }\n"
        "}\n"
    )
    + f"*** Update File: {_TESTS}/Billing.Export.Tests.csproj\n@@\n"
    '     <PackageReference Include="Microsoft.EntityFrameworkCore.Sqlite" Version="8.0.10" />\n'
    '+    <PackageReference Include="Microsoft.Extensions.TimeProvider.Testing" '
    'Version="8.10.0" />\n'
    '     <PackageReference Include="xunit" Version="2.9.2" />\n'
    "*** End Patch\n",
)
s.call(
    "shell",
    _BUILD + _timeouts("21 s"),
    command=["bash", "-lc", "dotnet test 2>&1 | tail -30"],
)
s.call(
    "shell",
    "\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:01.38\n"
    + _BUILD.replace(
        "  All projects are up-to-date for restore.\n",
        f"  Restored {_ROOT}/{_SRC}/Billing.Export.csproj (in 412 ms).\n"
        f"  Restored {_ROOT}/{_TESTS}/Billing.Export.Tests.csproj (in 451 ms).\n",
    )
    + _timeouts("22 s"),
    "Both new tests time out waiting for the first POST, as if the worker never ran, and the "
    "23 old ones pass. The tree has just been through the lock files and a migration being "
    "deleted and four files checked out again, so the test's bin may hold a stale build of "
    "Billing.Export.dll, the Timer version from before. Cleaning, removing every bin and obj "
    "and running again.",
    command=[
        "bash",
        "-lc",
        "dotnet clean -v q && rm -rf src/*/bin src/*/obj tests/*/bin tests/*/obj && "
        "dotnet test 2>&1 | tail -32",
    ],
)
s.say(
    "The same two timeouts after dotnet clean and a restore into empty bin and obj folders, so "
    "nothing was stale: it is the code. Neither test sees even the first POST, so RunOnceAsync "
    "returns before it reads invoices, and the only early return is the window check. That "
    "reads the TimeProvider the worker was given; if it is not the test's FakeTimeProvider at "
    "01:00 but the machine's clock, it is 10:42 here, outside 01:00-05:00, and a 5-minute "
    "PeriodicTimer on the real clock never ticks within 10 s either. Looking at how TestHost "
    "puts the test doubles in."
)
s.call(
    "shell",
    f'{_EXT}:14:        services.Configure<ExportOptions>(config.GetSection("Export"));\n'
    f"{_EXT}:15:        services.AddSingleton(TimeProvider.System);\n"
    f"{_EXT}:16:        services.AddDbContext<BillingDbContext>(o =>\n"
    f'{_EXT}:17:            o.UseSqlServer(config.GetConnectionString("Billing")));\n'
    f'{_EXT}:18:        services.AddHttpClient("tripletex", c => c.BaseAddress = '
    'new Uri(config["Tripletex:BaseUrl"]!))\n'
    f"{_EXT}:19:            .AddStandardResilienceHandler();\n"
    f"{_EXT}:20:        services.TryAddScoped<ITripletexClient>(sp => new TripletexClient(\n"
    "---\n"
    "    14\t    public static IHost Build(Action<IServiceCollection>? configure = null)\n"
    "    15\t    {\n"
    "    16\t        var builder = Host.CreateApplicationBuilder();\n"
    "    17\t        builder.Configuration.AddInMemoryCollection(TestConfig);\n"
    "    18\t        // Test doubles go in first: AddInvoiceExport only TryAdds what they "
    "replace\n"
    "    19\t        // (AddDbContext and the Tripletex client), so the first registration "
    "stays.\n"
    "    20\t        builder.Services.AddDbContext<BillingDbContext>(o => o.UseSqlite(Connection));\n"
    "    21\t        configure?.Invoke(builder.Services);\n"
    "    22\t        builder.Services.AddInvoiceExport(builder.Configuration);\n"
    "    23\t        return builder.Build();\n"
    "    24\t    }\n",
    command=[
        "bash",
        "-lc",
        f"grep -n 'services\\.' {_EXT} | sed -n '1,7p' | sed 's|^|{_EXT}:|'; echo ---; "
        f"nl -ba {_TESTHOST} | sed -n '14,24p'",
    ],
)
s.say(
    "That's it, and it is in ServiceCollectionExtensions.cs, not in the worker or the tests. "
    "TestHost registers the test doubles before AddInvoiceExport, and AddInvoiceExport only "
    "TryAdds what a test replaces (AddDbContext and the Tripletex client), so the first "
    "registration stays. The AddSingleton(TimeProvider.System) I added registers a second "
    "TimeProvider after the test's FakeTimeProvider, and with Microsoft.Extensions."
    "DependencyInjection the last registration wins: the worker got the system clock. The fix "
    "is TryAddSingleton(TimeProvider.System), as the rest of the file does it."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_EXT}\n",
    input=f"*** Begin Patch\n*** Update File: {_EXT}\n@@\n"
    '         services.Configure<ExportOptions>(config.GetSection("Export"));\n'
    "-        services.AddSingleton(TimeProvider.System);\n"
    "+        // TryAdd: a test's FakeTimeProvider, registered first, stays (see TestHost)\n"
    "+        services.TryAddSingleton(TimeProvider.System);\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "Passed!  - Failed:     0, Passed:    25, Skipped:     0, Total:    25, Duration: 1 s - "
    "Billing.Export.Tests.dll (net8.0)\n",
    command=["bash", "-lc", "dotnet test 2>&1 | tail -1"],
)
s.call(
    "shell",
    "2026-12-07 11:31:02.118 +01:00 [INF] Export run started: 3870 invoices\n"
    "2026-12-07 11:39:14.630 +01:00 [INF] Exported 3870 invoices in 00:08:12.5117254\n"
    "2026-12-07 11:39:14.702 +01:00 [INF] Export run started: 0 invoices\n"
    "2026-12-07 11:39:14.731 +01:00 [INF] Exported 0 invoices in 00:00:00.0290413\n"
    "2026-12-07 11:40:02.120 +01:00 [INF] Export run started: 0 invoices\n"
    "2026-12-07 11:40:02.148 +01:00 [INF] Exported 0 invoices in 00:00:00.0281196\n"
    "sandbox: 3870 invoices, 0 duplicate numbers\n",
    "25 tests pass. Replaying the Dec 1 batch: billing_dev restored from the Dec 1 00:55 backup "
    "(3,870 approved, not exported), the Tripletex sandbox, a 1-minute period and an all-day "
    "window, so the run outlasts eight ticks.",
    command=[
        "bash",
        "-lc",
        "Export__Period=00:01:00 Export__WindowStart=00:00 Export__WindowEnd=23:59 "
        "ConnectionStrings__Billing='Server=localhost;Database=billing_dev;Trusted_Connection="
        "False;User Id=sa;Password=$SA_PASSWORD;TrustServerCertificate=True' "
        "Tripletex__BaseUrl=https://api-test.tripletex.tech/v2/ "
        f"timeout 560 dotnet run --project {_SRC} 2>&1 | grep -E 'Export(ed| run started)'; "
        "./scripts/sandbox-dupes.sh 2026-12-07",
    ],
)
s.call(
    "shell",
    "[BILL-2317-no-overlap 6c1f0a9] Export: never overlap runs, mark each invoice as it is "
    "sent (BILL-2317)\n"
    " 5 files changed, 131 insertions(+), 21 deletions(-)\n"
    f" create mode 100644 {_FAKE}\n"
    f" create mode 100644 {_WTESTS}\n"
    "https://github.com/halvorsen-freight/billing-export/pull/418\n",
    "The replay sent each of the 3,870 invoices once in 8 min 12 s; the ticks that passed "
    "during the run collapsed into one that started right after it and found nothing. "
    "Committing and opening the PR.",
    command=[
        "bash",
        "-lc",
        "git checkout -b BILL-2317-no-overlap && git add -A && git commit -m 'Export: never "
        "overlap runs, mark each invoice as it is sent (BILL-2317)' && git push -q -u origin "
        "HEAD && gh pr create --fill",
    ],
)
s.user(
    "Jonas reviewed #418:\n"
    "1. if systemd stops the service mid-run (deploys sometimes go out at 02:00), everything "
    "posted since the last save of 250 is sent again on the next start\n"
    "2. why not Quartz.NET with [DisallowConcurrentExecution]? Billing.Reminders already uses it\n"
    "3. Tripletex's POST /v2/invoice takes an externalId; send our invoice number and Tripletex "
    "itself refuses a duplicate, whatever we get wrong next time\n"
    "4. Export:Period comes from config: 00:00:00, or a typo that binds to zero, makes new "
    "PeriodicTimer throw ArgumentOutOfRangeException, and in .NET 8 the failed BackgroundService "
    "stops the host with one log line. Validate it at startup\n"
    "Mine: 1 is done already, confirm and point him at the line. 2 answer him: one job in one "
    "process, PeriodicTimer is in the BCL, Quartz brings a scheduler and its job store for "
    "nothing; Reminders needs cron triggers, we don't. 3 is BILL-2331, it needs the v2 client, "
    "separate PR. 4 yes: ValidateOnStart, at least one minute, with a test."
)
s.call(
    "shell",
    f"{_WORKER}:64:            await db.SaveChangesAsync(CancellationToken.None);\n",
    command=["bash", "-lc", f"git grep -n 'SaveChangesAsync' -- {_WORKER}"],
)
s.call(
    "shell",
    "https://github.com/halvorsen-freight/billing-export/pull/418#issuecomment-2519377\n",
    "Answering (1), (2) and (3) on the PR.",
    command=["bash", "-lc", "gh pr comment 418 --body-file /tmp/pr418.md"],
    body="(1) Already in this PR: ExportedAt is saved right after each POST Tripletex accepts "
    "(ExportWorker.cs:64), with CancellationToken.None, so a service stopped mid-run leaves "
    "nothing posted and unmarked; Each_invoice_is_marked_as_soon_as_Tripletex_accepts_it stops "
    "the host after 2 of 5. (2) One job in one process: PeriodicTimer is in the BCL and does it; "
    "Quartz brings a scheduler and its job store for nothing. Billing.Reminders needs cron "
    "triggers, we don't. (3) externalId is BILL-2331: it needs the v2 Tripletex client, a "
    "separate PR.",
)
s.say(
    "(1) needed no change: ExportWorker.cs:64 saves ExportedAt right after each POST, with "
    "CancellationToken.None, so a stop mid-run leaves nothing posted and unmarked. (2) and (3) "
    "are answered on #418. Next I'll validate Export:Period at startup (Jonas's point 4): in "
    "AddInvoiceExport in ServiceCollectionExtensions.cs, AddOptions<ExportOptions>().Bind(...)"
    ".Validate(o => o.Period >= TimeSpan.FromMinutes(1)).ValidateOnStart(), and a test in "
    "ExportOptionsTests.cs that the host fails to start with Export:Period 00:00:00; then "
    "dotnet test and push to #418."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "BILL-2317: on the night of Dec 1, 2,120 invoices went to Tripletex twice, because "
             "ExportWorker's System.Threading.Timer started a second export run at 01:05 while "
             "the month-end run (3,870 invoices, 8 min 40 s) was still posting; fix it so an "
             "invoice only ever goes to Tripletex once.",
             must=(("bill-2317", "twice", "2,120", "duplicate", "overlap", "once"),
                   ("timer", "exportworker", "export run", "tripletex")),
             partial_means="The duplicates without what sends them, or the ticket number alone.",
             wrong="A Tripletex outage; a slow export to speed up; wrong amounts on invoices."),
    Question("latest_request", "What did the user last ask?",
             "Jonas's review of PR #418 with the user's answers: (1) confirm ExportedAt is "
             "already saved per invoice and point him at the line; (2) answer why not Quartz.NET "
             "(one job in one process, PeriodicTimer is in the BCL, Reminders needs cron "
             "triggers); (3) externalId is BILL-2331, needs the v2 client, separate PR; (4) "
             "validate Export:Period at startup with ValidateOnStart, at least one minute, with "
             "a test.",
             must=(("validateonstart", "validate", "export:period", "at least one minute"),
                   ("quartz", "bill-2331", "externalid", "savechangesasync", "per invoice")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "jonas", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Moving to Quartz.NET; sending externalId in this PR.",
             stale_means="The correction (PeriodicTimer, no lock) or the first request given as "
                         "the latest."),
    Question("next_step", "What exactly is the next step?",
             "Jonas's point 4: in AddInvoiceExport (ServiceCollectionExtensions.cs) bind "
             "ExportOptions with Validate(o => o.Period >= TimeSpan.FromMinutes(1)) and "
             "ValidateOnStart, add a test in ExportOptionsTests.cs that the host fails to start "
             "with Export:Period 00:00:00, run dotnet test and push to PR #418. externalId is "
             "BILL-2331, a separate PR.",
             must=(("validateonstart", "validate", "validation"),
                   ("period",),
                   ("servicecollectionextensions", "exportoptionstests", "addinvoiceexport",
                    "push", "dotnet test")),
             stale=("externalid", "quartz", "sp_getapplock", "joblockservice", "dotnet clean",
                    "rm -rf", "joblocks"),
             partial_means="A validation without saying it is of Export:Period at start, or "
                           "only the push.",
             wrong="Lowering the period; replaying the Dec 1 batch again.",
             stale_means="Says to send the invoice number as Tripletex's externalId (put off "
                         "to BILL-2331), to move to Quartz.NET (answered), to bring the "
                         "sp_getapplock lock or the JobLocks table back, or to clean the build "
                         "and re-run."),
    Question("files_edited", "Which files were changed, and why?",
             "src/Billing.Export/ExportWorker.cs (a PeriodicTimer loop in ExecuteAsync instead "
             "of the Timer, a TimeProvider for the timer and the window check, ExportedAt saved "
             "after each POST with CancellationToken.None, a failed run logged); "
             "ServiceCollectionExtensions.cs (TryAddSingleton(TimeProvider.System)); "
             "tests/Billing.Export.Tests/ExportWorkerTests.cs (two tests on a FakeTimeProvider) "
             "with FakeTripletexClient.cs and the test csproj "
             "(Microsoft.Extensions.TimeProvider.Testing). Locking/SqlAppLock.cs, "
             "JobLockService.cs, JobLock.cs and the AddJobLocks migration were created and "
             "deleted; BillingDbContext.cs and the model snapshot were checked out again.",
             must=(("exportworker.cs",), ("servicecollectionextensions.cs",),
                   ("exportworkertests.cs",)),
             stale=("sqlapplock.cs", "joblockservice.cs", "joblock.cs", "addjoblocks",
                    "billingdbcontext.cs"),
             spread=True,
             partial_means="One or two of the three files.",
             wrong="TripletexClient.cs, Program.cs or appsettings.json given as edited.",
             stale_means="The Locking/ files (SqlAppLock, JobLockService, JobLock) or the "
                         "AddJobLocks migration listed as current changes, or "
                         "BillingDbContext.cs as given a JobLocks DbSet."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Keep it inside the one process: a PeriodicTimer loop in ExportWorker.ExecuteAsync "
             "that awaits each run before the next tick (ticks missed during a long run "
             "collapse into one), so runs never overlap; ExportedAt saved per invoice as soon "
             "as Tripletex accepts it instead of every 250. It rules out a cross-process lock: "
             "JobLockService with the sp_getapplock wrapper SqlAppLock and a JobLocks table "
             "through a migration (one instance on billing-app-02; a Session applock pins a "
             "pooled connection for the whole run, which Ingrid forbade; a new table needs the "
             "CAB, next on Dec 16), and Quartz.NET (answered on the PR).",
             must=(("periodictimer",),
                   ("sp_getapplock", "applock", "joblockservice", "joblocks", "lock service",
                    "cross-process", "distributed lock", "quartz")),
             stale=("sp_getapplock", "joblockservice", "sqlapplock", "jobLocks table"),
             partial_means="The PeriodicTimer loop without what it rules out.",
             wrong="Serialising runs with a SemaphoreSlim; making the export faster.",
             stale_means="A JobLockService taking an sp_getapplock (SqlAppLock) with a JobLocks "
                         "lease table given as the design."),
    Question("review", "What did the review find?",
             "Jonas on #418: (1) a service stopped mid-run resends what was posted since the "
             "last save of 250 (already done: ExportedAt saved per invoice, ExportWorker.cs:64, "
             "CancellationToken.None); (2) why not Quartz.NET with [DisallowConcurrentExecution] "
             "(answered on the PR); (3) send the invoice number as Tripletex's externalId so "
             "Tripletex refuses duplicates (BILL-2331, separate PR, needs the v2 client); (4) a "
             "zero Export:Period makes PeriodicTimer throw ArgumentOutOfRangeException and stops "
             "the host, validate at startup (pending).",
             must=(("mid-run", "250", "per invoice", "per-invoice", "stopped",
                    "savechangesasync"),
                   ("quartz",), ("externalid", "bill-2331"),
                   ("validateonstart", "period", "argumentoutofrange", "validat")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "jonas", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The test timeouts given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No lock service: one instance (the systemd unit on billing-app-02), so a "
             "cross-process lock guards against a problem they don't have; a Session applock "
             "pins a pooled connection for the whole run, which Ingrid forbade after the March "
             "blocking incident; a new table needs a migration through the CAB (next Dec 16). "
             "Use PeriodicTimer in ExportWorker.ExecuteAsync, awaiting each run before the next "
             "tick; save ExportedAt per invoice as soon as Tripletex accepts it, not every 250; "
             "delete Locking/ and the migration and restore the DbContext and snapshot first.",
             must=(("lock", "applock", "one instance", "cab", "migration"),
                   ("periodictimer",)),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No lock without what to do instead, or the reverse.",
             wrong="The stale-build guess given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The two new ExportWorkerTests timed out (System.TimeoutException, no POST ever "
             "made); dotnet clean, removing every bin and obj and a re-run did not fix it (not "
             "a stale build); AddInvoiceExport's AddSingleton(TimeProvider.System) was "
             "registered after TestHost's FakeTimeProvider and the last registration wins, so "
             "the worker read the machine's clock (10:42, outside the 01:00-05:00 window); fixed "
             "by TryAddSingleton(TimeProvider.System) in ServiceCollectionExtensions.cs. "
             "Earlier, the duplicates themselves: the Timer starting a second run, fixed by the "
             "PeriodicTimer loop.",
             must=(("timeoutexception", "timed out", "time out", "timeout"),
                   ("tryaddsingleton", "tryadd", "last registration")),
             stale=("fixed by dotnet clean", "fixed by cleaning", "fixed by rm -rf",
                    "fixed by a re-run", "fixed by re-running", "fixed by a clean build",
                    "stale build"),
             partial_means="The timeouts without their fix, or only the duplicates.",
             wrong="An ArgumentOutOfRangeException from PeriodicTimer; a SQLite locking error.",
             stale_means="The timeouts 'fixed' by dotnet clean, removing bin and obj and a "
                         "re-run, or put down to a stale build."),
    Question("key_values", "Which key values matter?",
             "BILL-2317, PR #418, BILL-2331 (externalId); 2,120 duplicates of the 3,870-invoice "
             "run of Dec 1 (8 min 40 s; the second run at 01:05; 412 invoices in 56 s on an "
             "ordinary night); Export:Period 00:05:00, window 01:00-05:00; ExportedAt saved "
             "every 250 before; the replay: 3,870 once in 8 min 12 s; 23 tests before, 25 now; "
             "the CAB on Dec 16.",
             must=(("bill-2317", "#418", "bill-2331"),
                   ("3,870", "8 min 40", "00:08:40", "01:05", "1,750", "25 tests", "00:05:00",
                    "8 min 12")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "ExportWorker.cs is the BackgroundService that sends approved invoices to Tripletex "
             "in the nightly window and marks ExportedAt; ServiceCollectionExtensions.cs "
             "(AddInvoiceExport) registers the options, the DbContext, the Tripletex client, the "
             "TimeProvider and the worker, TryAdding what tests replace; TestHost.cs builds the "
             "test host with the test doubles first; ExportWorkerTests.cs holds the worker "
             "tests, FakeTripletexClient.cs records POSTs; ExportOptionsTests.cs the options "
             "tests.",
             must=(("exportworker.cs",),
                   ("servicecollectionextensions.cs", "testhost.cs", "exportworkertests.cs",
                    "faketripletexclient.cs", "exportoptionstests.cs"),
                   ("sends", "registers", "test doubles", "backgroundservice", "tests",
                    "records", "tripletex", "export")),
             partial_means="The files named without what they hold.",
             wrong="JobLockService.cs as the export's lock."),
    Question("pending", "What work is still pending?",
             "The Export:Period validation at startup (ValidateOnStart, at least one minute) "
             "with its test (Jonas's 4), dotnet test and the push to #418; externalId later in "
             "BILL-2331.",
             must=(("validateonstart", "validate", "validation"),
                   ("bill-2331", "externalid")),
             partial_means="The validation without the externalId ticket, or the reverse.",
             wrong="The per-invoice save or the Quartz reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #418 is open and pushed: the PeriodicTimer loop and the per-invoice ExportedAt "
             "save; all 25 tests pass; the Dec 1 replay sent 3,870 invoices once; Jonas's 1 "
             "needed no change, 2 and 3 are answered on the PR; the Period validation is not "
             "written and nothing is pushed since.",
             must=(("25 tests", "25 pass", "tests pass"),
                   ("not written", "not pushed", "not yet", "validateonstart", "validation")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the migration applied.",
             stale_means="Says a run takes the sp_getapplock through JobLockService."),
)  # fmt: skip

PRODUCTION = """Summary so far: BILL-2317: on Dec 1 ExportWorker's System.Threading.Timer (period 00:05:00) started a second export run at 01:05 while the month-end run (3,870 invoices, 8 min 40 s) still posted; ExportedAt was saved only every 250, so the second run sent the 2,120 unsaved invoices to Tripletex twice.
I first wrote a cross-process lock (JobLockService, an sp_getapplock wrapper SqlAppLock, a JobLocks table via migration AddJobLocks); the user ruled it out (one instance on billing-app-02, a Session applock pins a connection for the run, a new table needs the CAB), so Locking/ and the migration are deleted and BillingDbContext.cs and the snapshot reverted.
Decision: a PeriodicTimer loop in ExportWorker.ExecuteAsync, each run awaited before the next tick, so runs never overlap; ExportedAt saved per invoice as soon as Tripletex accepts it.
Error: the two new ExportWorkerTests timed out (TimeoutException, no POST); dotnet clean, rm -rf bin obj and a re-run did not help; AddSingleton(TimeProvider.System) in AddInvoiceExport overrode TestHost's FakeTimeProvider (last registration wins); fixed by TryAddSingleton.
Files: ExportWorker.cs (PeriodicTimer, TimeProvider, per-invoice save), ServiceCollectionExtensions.cs (TryAddSingleton), ExportWorkerTests.cs and FakeTripletexClient.cs (2 tests), the test csproj.
State: all 25 tests pass; the Dec 1 replay sent 3,870 once; PR #418 open and pushed.
Jonas's review: the per-invoice save already done (ExportWorker.cs:64); Quartz.NET answered on the PR; externalId is BILL-2331, not this PR; the Period validation pending, not written.
Next: validate Export:Period at start (ValidateOnStart, at least one minute) in ServiceCollectionExtensions.cs with a test in ExportOptionsTests.cs; dotnet test, push to #418."""
