"""Held out, eighteenth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, C#/ASP.NET Core 8
(xUnit with WebApplicationFactory, k6): during the weekday morning peak POST /api/routes/plan
answers 500 with SocketException (99) "Cannot assign requested address" (DISP-219), because
GeocodingClient builds and disposes a new HttpClient for every stop it geocodes and the sockets
sit in TIME_WAIT until the ephemeral ports run out (28,213 on a pod); one static HttpClient in a
new Geocoding/SharedHttpClient.cs written, then ruled out by the user (it never re-resolves DNS,
and Mapquill fails over between IPs) for a typed client from IHttpClientFactory with a
SocketsHttpHandler whose PooledConnectionLifetime is 2 minutes; the file deleted and
GeocodingClient.cs checked out again; every WebApplicationFactory test then fails with "Unable
to resolve service for type 'System.Net.Http.HttpClient'", which dotnet build-server shutdown,
deleting bin and obj and a re-run did not fix and removing the old AddScoped registration in
AddRoutePlanning (it overrode the typed client) did; a review with four points: one done already
(the 10 s Timeout), one answered on the PR (both lifetimes stay), one a ticket (retries with the
standard resilience handler, DISP-231), one still to do (WeatherClient has the same new
HttpClient per call); the assistant's last words announce the resilience handler the user put
off to DISP-231."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_CLIENT = "src/Routewise.Api/Geocoding/GeocodingClient.cs"
_SHARED = "src/Routewise.Api/Geocoding/SharedHttpClient.cs"
_PROGRAM = "src/Routewise.Api/Program.cs"
_EXT = "src/Routewise.Api/Routing/RoutingServiceCollectionExtensions.cs"
_TEST = "tests/Routewise.Api.Tests/HttpClientRegistrationTests.cs"
_PEAK = "./scripts/load/plan-peak.sh"

_CLIENT_SRC = (
    "using System.Net.Http.Json;\n"
    "using Microsoft.Extensions.Options;\n\n"
    "namespace Routewise.Api.Geocoding;\n\n"
    "public sealed class GeocodingClient : IGeocodingClient\n{\n"
    "    private readonly GeocodingOptions _options;\n"
    "    private readonly ILogger<GeocodingClient> _logger;\n\n"
    "    public GeocodingClient(IOptions<GeocodingOptions> options, ILogger<GeocodingClient> "
    "logger)\n    {\n        _options = options.Value;\n        _logger = logger;\n    }\n\n"
    "    public async Task<GeoPoint> GeocodeAsync(string address, CancellationToken ct)\n"
    "    {\n"
    "        using var http = new HttpClient\n        {\n"
    "            BaseAddress = new Uri(_options.BaseUrl),\n"
    "            Timeout = TimeSpan.FromSeconds(10),\n        };\n"
    '        http.DefaultRequestHeaders.Add("X-Api-Key", _options.ApiKey);\n'
    "        var hit = await http.GetFromJsonAsync<GeocodeHit>(\n"
    '            $"v2/geocode?q={Uri.EscapeDataString(address)}", ct);\n'
    "        if (hit is null)\n        {\n"
    '            _logger.LogWarning("No geocode for {Address}", address);\n'
    "            throw new GeocodeNotFoundException(address);\n        }\n"
    "        return new GeoPoint(hit.Lat, hit.Lon);\n    }\n}\n"
)
_OLD_BODY = (
    "    private readonly GeocodingOptions _options;\n"
    "    private readonly ILogger<GeocodingClient> _logger;\n\n"
    "    public GeocodingClient(IOptions<GeocodingOptions> options, ILogger<GeocodingClient> "
    "logger)\n    {\n        _options = options.Value;\n        _logger = logger;\n    }\n\n"
    "    public async Task<GeoPoint> GeocodeAsync(string address, CancellationToken ct)\n"
    "    {\n"
    "        using var http = new HttpClient\n        {\n"
    "            BaseAddress = new Uri(_options.BaseUrl),\n"
    "            Timeout = TimeSpan.FromSeconds(10),\n        };\n"
    '        http.DefaultRequestHeaders.Add("X-Api-Key", _options.ApiKey);\n'
    "        var hit = await http.GetFromJsonAsync<GeocodeHit>(\n"
)
_BUILD = (
    "  Determining projects to restore...\n"
    "  All projects are up-to-date for restore.\n"
    "  Routewise.Api -> /home/dev/routewise-api/src/Routewise.Api/bin/Debug/net8.0/"
    "Routewise.Api.dll\n"
    "  Routewise.Api.Tests -> /home/dev/routewise-api/tests/Routewise.Api.Tests/bin/Debug/"
    "net8.0/Routewise.Api.Tests.dll\n"
    "Test run for /home/dev/routewise-api/tests/Routewise.Api.Tests/bin/Debug/net8.0/"
    "Routewise.Api.Tests.dll (.NETCoreApp,Version=v8.0)\n"
    "Microsoft (R) Test Execution Command Line Tool Version 17.9.0 (x64)\n"
    "Copyright (c) Microsoft Corporation.  All rights reserved.\n\n"
    "Starting test execution, please wait...\n"
    "A total of 1 test files matched the specified pattern.\n"
)
_DI = (
    "'ServiceType: Routewise.Api.Geocoding.IGeocodingClient Lifetime: Scoped "
    "ImplementationType: Routewise.Api.Geocoding.GeocodingClient': Unable to resolve service "
    "for type 'System.Net.Http.HttpClient' while attempting to activate "
    "'Routewise.Api.Geocoding.GeocodingClient'."
)
_DI_FAIL = (
    "[xUnit.net 00:00:02.14]     Routewise.Api.Tests.Routing.RoutePlanEndpointTests."
    "Plan_returns_stops_in_visit_order [FAIL]\n"
    "[xUnit.net 00:00:02.15]     Routewise.Api.Tests.Routing.RoutePlanEndpointTests."
    "Plan_answers_422_for_an_unknown_depot [FAIL]\n"
    "  Failed Routewise.Api.Tests.Routing.RoutePlanEndpointTests."
    "Plan_returns_stops_in_visit_order [1 ms]\n"
    "  Error Message:\n"
    "   System.AggregateException : Some services are not able to be constructed (Error while "
    "validating the service descriptor " + _DI + ")\n"
    "---- System.InvalidOperationException : Error while validating the service descriptor "
    + _DI
    + "\n-------- System.InvalidOperationException : Unable to resolve service for type "
    "'System.Net.Http.HttpClient' while attempting to activate "
    "'Routewise.Api.Geocoding.GeocodingClient'.\n"
    "  Stack Trace:\n"
    "     at Microsoft.Extensions.DependencyInjection.ServiceProvider..ctor(ICollection`1 "
    "serviceDescriptors, ServiceProviderOptions options)\n"
    "     at Microsoft.Extensions.Hosting.HostApplicationBuilder.Build()\n"
    "     at Microsoft.AspNetCore.Builder.WebApplicationBuilder.Build()\n"
    "     at Program.<Main>$(String[] args) in /home/dev/routewise-api/src/Routewise.Api/"
    "Program.cs:line 44\n"
    "  [... 22 more failures with the same message ...]\n\n"
    "Failed!  - Failed:    23, Passed:    64, Skipped:     0, Total:    87, Duration: 5 s - "
    "Routewise.Api.Tests.dll (net8.0)\n"
)

s = Script(
    "You are a coding assistant working in the routewise-api repository (.NET 8, ASP.NET Core, "
    "EF Core on PostgreSQL, xUnit with WebApplicationFactory, a WireMock geocoder stub in "
    "docker compose, k6 for load runs). You can read, write, edit and delete files and run "
    "shell commands through the tools you are given."
)
s.user(
    "DISP-219: every weekday between about 06:30 and 07:15, when the depots plan their routes, "
    "POST /api/routes/plan starts answering 500. Sentry has 1,906 events this week, all "
    "like this:\n\n"
    "System.Net.Http.HttpRequestException: Cannot assign requested address "
    "(geo.mapquill.io:443)\n"
    " ---> System.Net.Sockets.SocketException (99): Cannot assign requested address\n"
    "   at Routewise.Api.Geocoding.GeocodingClient.GeocodeAsync(String address, "
    "CancellationToken ct)\n"
    "   at Routewise.Api.Routing.RoutePlanner.PlanAsync(PlanRequest request, CancellationToken "
    "ct)\n\n"
    "During the peak `ss -tan state time-wait | wc -l` on one api pod printed 28213. A plan "
    "geocodes every stop, 40-odd per route. Find out why and fix it."
)
s.call(
    "run_command",
    f"$ cat {_CLIENT}\n{_CLIENT_SRC}\n"
    f"$ grep -n 'Geocoding\\|AddRoutePlanning' {_PROGRAM}\n"
    '18:builder.Services.Configure<GeocodingOptions>(builder.Configuration.GetSection("Geocoding"));\n'
    "19:builder.Services.AddRoutePlanning();\n",
    command=f"cat {_CLIENT} && grep -n 'Geocoding\\|AddRoutePlanning' {_PROGRAM}",
)
s.call(
    "run_command",
    f"$ {_PEAK}\n"
    "[+] Running 1/1\n \u2714 Container routewise-geocoder-stub-1  Started\n"
    "api listening on http://localhost:5080 (Geocoding:BaseUrl=http://localhost:9091/)\n\n"
    "     scenarios: (100.00%) 1 scenario, 200 max VUs, 1m30s max duration (incl. graceful "
    "stop):\n"
    "              * default: 200 looping VUs for 1m0s (gracefulStop: 30s)\n\n"
    "     checks.........................: 68.79% \u2713 2317      \u2717 1051\n"
    "     http_req_duration..............: p(95)=4.81s\n"
    "     http_req_failed................: 31.20% \u2713 1051      \u2717 2317\n"
    "     http_reqs......................: 3368    55.9/s\n\n"
    "TIME_WAIT to :9091 at the end of the run: 28190\n"
    "'Cannot assign requested address' in /tmp/routewise-api.log: 1051\n",
    "GeocodeAsync creates a new HttpClient, and with it a new connection pool, for every "
    "stop, and disposes it when the call returns. Each disposed connection leaves its socket "
    "in TIME_WAIT for 60 s, so a burst of plans uses up the ephemeral port range "
    "(32768-60999, 28,232 ports): port exhaustion, which matches the 28213 on the pod. "
    "Reproducing it with the peak script against the geocoder stub.",
    command=_PEAK,
)
s.call(
    "write_file",
    f"Wrote {_SHARED} (14 lines)",
    "Reproduced: 31.20% of the plans fail with 28190 sockets in TIME_WAIT. Plan: one static "
    "HttpClient for the process, SharedHttpClient.Instance, so every geocode reuses the same "
    "pooled connections, with the 10 s timeout the client has now; GeocodingClient sends its "
    "requests through it with absolute URIs and the API key on each request.",
    path=_SHARED,
    content="namespace Routewise.Api.Geocoding;\n\n"
    "/// <summary>One HttpClient for the whole process, so geocoding reuses its connections."
    "</summary>\n"
    "internal static class SharedHttpClient\n{\n"
    "    public static readonly HttpClient Instance = new(new SocketsHttpHandler\n    {\n"
    "        MaxConnectionsPerServer = 50,\n    })\n    {\n"
    "        Timeout = TimeSpan.FromSeconds(10),\n    };\n}\n",
)
s.call(
    "edit_file",
    f"Edited {_CLIENT}: 1 hunk, +5 -8",
    path=_CLIENT,
    old="        using var http = new HttpClient\n        {\n"
    "            BaseAddress = new Uri(_options.BaseUrl),\n"
    "            Timeout = TimeSpan.FromSeconds(10),\n        };\n"
    '        http.DefaultRequestHeaders.Add("X-Api-Key", _options.ApiKey);\n'
    "        var hit = await http.GetFromJsonAsync<GeocodeHit>(\n"
    '            $"v2/geocode?q={Uri.EscapeDataString(address)}", ct);\n',
    new="        using var request = new HttpRequestMessage(HttpMethod.Get,\n"
    '            new Uri(new Uri(_options.BaseUrl), $"v2/geocode?q='
    '{Uri.EscapeDataString(address)}"));\n'
    '        request.Headers.Add("X-Api-Key", _options.ApiKey);\n'
    "        using var response = await SharedHttpClient.Instance.SendAsync(request, ct);\n"
    "        var hit = await response.Content.ReadFromJsonAsync<GeocodeHit>(ct);\n",
)
s.user(
    "No static HttpClient. It never re-resolves DNS, and Mapquill moves geo.mapquill.io to "
    "other IPs when they fail over: the static client in the old dispatcher kept hitting a "
    "dead IP for an hour in March. Use IHttpClientFactory: a typed client, "
    "AddHttpClient<IGeocodingClient, GeocodingClient>, on a SocketsHttpHandler with "
    "PooledConnectionLifetime = 2 minutes. Keep the 10 s timeout and the X-Api-Key header. "
    "Delete SharedHttpClient.cs and put GeocodingClient.cs back before you change it."
)
s.call(
    "run_command",
    f"$ rm {_SHARED} && git checkout -- {_CLIENT} && git status --short\n",
    command=f"rm {_SHARED} && git checkout -- {_CLIENT} && git status --short",
)
s.call(
    "edit_file",
    f"Edited {_CLIENT}: 1 hunk, +4 -12",
    "SharedHttpClient.cs is deleted and GeocodingClient.cs is back as it was. GeocodingClient "
    "now takes the HttpClient the factory hands it; the base address, the timeout and the "
    "header move to the registration.",
    path=_CLIENT,
    old=_OLD_BODY,
    new="    private readonly HttpClient _http;\n"
    "    private readonly ILogger<GeocodingClient> _logger;\n\n"
    "    public GeocodingClient(HttpClient http, ILogger<GeocodingClient> logger)\n    {\n"
    "        _http = http;\n        _logger = logger;\n    }\n\n"
    "    public async Task<GeoPoint> GeocodeAsync(string address, CancellationToken ct)\n"
    "    {\n"
    "        var hit = await _http.GetFromJsonAsync<GeocodeHit>(\n",
)
s.call(
    "edit_file",
    f"Edited {_PROGRAM}: 1 hunk, +15 -0",
    path=_PROGRAM,
    old='builder.Services.Configure<GeocodingOptions>(builder.Configuration.GetSection("Geocoding"));\n'
    "builder.Services.AddRoutePlanning();\n",
    new='builder.Services.Configure<GeocodingOptions>(builder.Configuration.GetSection("Geocoding"));\n'
    "builder.Services.AddHttpClient<IGeocodingClient, GeocodingClient>((sp, client) =>\n{\n"
    "    var options = sp.GetRequiredService<IOptions<GeocodingOptions>>().Value;\n"
    "    client.BaseAddress = new Uri(options.BaseUrl);\n"
    "    client.Timeout = TimeSpan.FromSeconds(10);\n"
    '    client.DefaultRequestHeaders.Add("X-Api-Key", options.ApiKey);\n})\n'
    ".ConfigurePrimaryHttpMessageHandler(() => new SocketsHttpHandler\n{\n"
    "    PooledConnectionLifetime = TimeSpan.FromMinutes(2),\n});\n"
    "builder.Services.AddRoutePlanning();\n",
)
s.call(
    "run_command",
    "$ dotnet test\n" + _BUILD + _DI_FAIL,
    command="dotnet test",
)
s.call(
    "run_command",
    "$ dotnet build-server shutdown && rm -rf src/Routewise.Api/bin src/Routewise.Api/obj "
    "tests/Routewise.Api.Tests/bin tests/Routewise.Api.Tests/obj && dotnet test\n"
    "Shutting down MSBuild server...\nShutting down VB/C# compiler server...\n"
    "VB/C# compiler server shut down successfully.\nMSBuild server shut down successfully.\n"
    + _BUILD.replace(
        "  All projects are up-to-date for restore.\n",
        "  Restored /home/dev/routewise-api/src/Routewise.Api/Routewise.Api.csproj "
        "(in 412 ms).\n"
        "  Restored /home/dev/routewise-api/tests/Routewise.Api.Tests/"
        "Routewise.Api.Tests.csproj (in 498 ms).\n",
    )
    + _DI_FAIL.replace("00:00:02.14", "00:00:02.31").replace("00:00:02.15", "00:00:02.32"),
    "The typed client is registered right there in Program.cs, yet the host validates a "
    "GeocodingClient that asks for a bare HttpClient: that looks like stale build output, the "
    "test host loading the Routewise.Api.dll from before the edit. Shutting the build servers "
    "down, deleting bin and obj, and running the tests again.",
    command="dotnet build-server shutdown && rm -rf src/Routewise.Api/bin src/Routewise.Api/obj "
    "tests/Routewise.Api.Tests/bin tests/Routewise.Api.Tests/obj && dotnet test",
)
s.call(
    "run_command",
    "$ grep -rn 'IGeocodingClient' src\n"
    "src/Routewise.Api/Geocoding/IGeocodingClient.cs:3:public interface IGeocodingClient\n"
    "src/Routewise.Api/Geocoding/GeocodingClient.cs:6:public sealed class GeocodingClient : "
    "IGeocodingClient\n"
    "src/Routewise.Api/Program.cs:19:builder.Services.AddHttpClient<IGeocodingClient, "
    "GeocodingClient>((sp, client) =>\n"
    "src/Routewise.Api/Routing/RoutePlanner.cs:11:    public RoutePlanner(IGeocodingClient "
    "geocoder, IRouteOptimizer optimizer)\n"
    "src/Routewise.Api/Routing/RoutingServiceCollectionExtensions.cs:14:        "
    "services.AddScoped<IGeocodingClient, GeocodingClient>();\n",
    "Same failure from a clean build, so it is not stale output. The descriptor in the error "
    "is Scoped, and AddHttpClient registers the typed client as Transient: something else "
    "registers IGeocodingClient.",
    command="grep -rn 'IGeocodingClient' src",
)
s.call(
    "edit_file",
    f"Edited {_EXT}: 1 hunk, +0 -1",
    "There it is: AddRoutePlanning(), called on the line after AddHttpClient, still has the "
    "old services.AddScoped<IGeocodingClient, GeocodingClient>(). The last registration wins, "
    "so the container builds GeocodingClient itself and finds no HttpClient service to pass "
    "it. Removing that line leaves the typed client as the only registration.",
    path=_EXT,
    old="        services.AddScoped<RoutePlanner>();\n"
    "        services.AddScoped<IGeocodingClient, GeocodingClient>();\n",
    new="        services.AddScoped<RoutePlanner>();\n",
)
s.call(
    "write_file",
    f"Wrote {_TEST} (32 lines)",
    path=_TEST,
    content="using Microsoft.AspNetCore.Mvc.Testing;\n"
    "using Microsoft.Extensions.DependencyInjection;\nusing Routewise.Api.Geocoding;\n\n"
    "namespace Routewise.Api.Tests;\n\n"
    "public class HttpClientRegistrationTests : IClassFixture<WebApplicationFactory<Program>>\n"
    "{\n    private readonly WebApplicationFactory<Program> _factory;\n\n"
    "    public HttpClientRegistrationTests(WebApplicationFactory<Program> factory) => "
    "_factory = factory;\n\n"
    "    [Fact]\n"
    "    public void Geocoding_client_comes_from_the_factory_with_a_10s_timeout()\n    {\n"
    "        var http = _factory.Services.GetRequiredService<IHttpClientFactory>()\n"
    "            .CreateClient(nameof(IGeocodingClient));\n\n"
    "        Assert.Equal(TimeSpan.FromSeconds(10), http.Timeout);\n"
    '        Assert.Equal("https://geo.mapquill.io/", http.BaseAddress?.ToString());\n    }\n\n'
    "    [Fact]\n    public void Geocoding_client_resolves_as_the_typed_client()\n    {\n"
    "        using var scope = _factory.Services.CreateScope();\n\n"
    "        var client = scope.ServiceProvider.GetRequiredService<IGeocodingClient>();\n\n"
    "        Assert.IsType<GeocodingClient>(client);\n    }\n}\n",
)
s.call(
    "run_command",
    "$ dotnet test\n" + _BUILD + "\n"
    "Passed!  - Failed:     0, Passed:    89, Skipped:     0, Total:    89, Duration: 6 s - "
    "Routewise.Api.Tests.dll (net8.0)\n",
    command="dotnet test",
)
s.call(
    "run_command",
    f"$ {_PEAK}\n"
    "[+] Running 1/1\n \u2714 Container routewise-geocoder-stub-1  Running\n"
    "api listening on http://localhost:5080 (Geocoding:BaseUrl=http://localhost:9091/)\n\n"
    "     scenarios: (100.00%) 1 scenario, 200 max VUs, 1m30s max duration (incl. graceful "
    "stop):\n"
    "              * default: 200 looping VUs for 1m0s (gracefulStop: 30s)\n\n"
    "     checks.........................: 100.00% \u2713 11240     \u2717 0\n"
    "     http_req_duration..............: p(95)=1.12s\n"
    "     http_req_failed................: 0.00%  \u2713 0         \u2717 11240\n"
    "     http_reqs......................: 11240   186.9/s\n\n"
    "TIME_WAIT to :9091 at the end of the run: 7\n"
    "'Cannot assign requested address' in /tmp/routewise-api.log: 0\n",
    command=_PEAK,
)
_PR = (
    "git checkout -b disp-219-typed-geocoding-client && git add -A && git commit -m 'Geocode "
    "through a typed HttpClient from IHttpClientFactory (DISP-219)' && git push -u origin HEAD "
    "&& gh pr create --fill"
)
s.call(
    "run_command",
    f"$ {_PR}\nSwitched to a new branch 'disp-219-typed-geocoding-client'\n"
    "[disp-219-typed-geocoding-client 8c41e2b] Geocode through a typed HttpClient from "
    "IHttpClientFactory (DISP-219)\n"
    " 4 files changed, 58 insertions(+), 14 deletions(-)\n"
    " create mode 100644 tests/Routewise.Api.Tests/HttpClientRegistrationTests.cs\n"
    "https://github.com/routewise/routewise-api/pull/731\n",
    "All 89 tests pass, and the same peak run now has 0.00% failed requests (31.20% before) "
    "with 7 sockets in TIME_WAIT instead of 28190. Committing and opening the PR.",
    command=_PR,
)
s.user(
    "Tomasz reviewed #731:\n"
    "1. HttpClient's default Timeout is 100 s; the old code used 10 s. Keep that, or a hung "
    "Mapquill call holds a plan request for well over a minute.\n"
    "2. PooledConnectionLifetime on top of the factory's own 2-minute HandlerLifetime looks "
    "like belt and braces. Why both?\n"
    "3. There are no retries: one 503 from Mapquill fails the whole plan. "
    "AddStandardResilienceHandler() from Microsoft.Extensions.Http.Resilience would cover it.\n"
    "4. src/Routewise.Api/Weather/WeatherClient.cs does the same thing, a new HttpClient() on "
    "every call (the forecast for each depot).\n\n"
    "My answers:\n"
    "1: should already be in, you kept the 10 s in the AddHttpClient call; check and tell "
    "him.\n"
    "2: we keep both. Reply that HandlerLifetime only swaps the handler for clients created "
    "after it, while PooledConnectionLifetime closes the pooled connections themselves, so a "
    "DNS change is picked up either way.\n"
    "3: that's DISP-231, not this PR; retrying a geocode waits on Mapquill's rate-limit "
    "budget.\n"
    "4: yes, in this PR. Make WeatherClient a typed client the same way, drop its AddScoped "
    "line in AddRoutePlanning, and add it to HttpClientRegistrationTests."
)
s.call(
    "run_command",
    f"$ grep -n 'Timeout\\|PooledConnectionLifetime' {_PROGRAM}\n"
    "23:    client.Timeout = TimeSpan.FromSeconds(10);\n"
    "28:    PooledConnectionLifetime = TimeSpan.FromMinutes(2),\n",
    "Checking point 1 before replying.",
    command=f"grep -n 'Timeout\\|PooledConnectionLifetime' {_PROGRAM}",
)
s.call(
    "run_command",
    "$ gh pr comment 731 --body-file /tmp/pr731.md\n"
    "https://github.com/routewise/routewise-api/pull/731#issuecomment-2231190\n",
    "Point 1 is already in: Program.cs line 23 sets Timeout = TimeSpan.FromSeconds(10) in the "
    "AddHttpClient call, and HttpClientRegistrationTests asserts it. Posting the reply to "
    "Tomasz: the Timeout is in; both lifetimes stay, since HandlerLifetime only swaps the "
    "handler for clients created after it and PooledConnectionLifetime closes the pooled "
    "connections themselves; retries are DISP-231.",
    command="gh pr comment 731 --body-file /tmp/pr731.md",
)
s.say(
    "Posted the reply on #731. Next I'll add the Microsoft.Extensions.Http.Resilience package "
    "and chain AddStandardResilienceHandler() onto the geocoding client's registration, so a "
    "single 503 from Mapquill gets retried before it fails a plan."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "DISP-219: in the weekday morning peak (about 06:30-07:15) POST /api/routes/plan "
             "answers 500 with HttpRequestException / SocketException (99) 'Cannot assign "
             "requested address' (geo.mapquill.io:443), because GeocodingClient creates and "
             "disposes a new HttpClient for every stop it geocodes and the sockets pile up in "
             "TIME_WAIT (28213 on a pod) until the ephemeral ports run out; find why and fix it.",
             must=(("socketexception", "cannot assign requested address", "time_wait",
                    "time-wait", "port exhaustion", "ephemeral port"),
                   ("disp-219", "geocodingclient", "new httpclient", "routes/plan",
                    "route plan", "geocod")),
             partial_means="The 500s without their cause (the sockets or the new HttpClient "
                           "per call), or the ticket alone.",
             wrong="Slow route optimisation; a Mapquill outage; a database timeout."),
    Question("latest_request", "What did the user last ask?",
             "Tomasz's review of PR #731 with the user's answers: point 1 (the 10 s Timeout) "
             "should already be in, check and tell him; point 2, keep both PooledConnectionLifetime "
             "and HandlerLifetime and reply why; point 3, retries with "
             "AddStandardResilienceHandler are DISP-231, not this PR; point 4, make WeatherClient "
             "a typed client the same way in this PR, drop its AddScoped line in "
             "AddRoutePlanning, and add it to HttpClientRegistrationTests.",
             must=(("weatherclient",),
                   ("disp-231", "timeout", "pooledconnectionlifetime", "handlerlifetime",
                    "tomasz")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomasz", "answers"),
             partial_means="One of the points to act on, without the WeatherClient change or "
                           "without the others.",
             wrong="Adding retries now; going back to a static HttpClient.",
             stale_means="The no-static-HttpClient correction or the first request given as "
                         "the latest."),
    Question("next_step", "What exactly is the next step?",
             "Tomasz's point 4, the one left: make src/Routewise.Api/Weather/WeatherClient.cs a "
             "typed client like the geocoder (AddHttpClient<IWeatherClient, WeatherClient> on "
             "the SocketsHttpHandler, the HttpClient injected instead of a new HttpClient per "
             "call), drop its AddScoped line in AddRoutePlanning "
             "(RoutingServiceCollectionExtensions.cs), add it to HttpClientRegistrationTests, run "
             "dotnet test, then commit and push to #731.",
             must=(("weatherclient",),
                   ("typed client", "addhttpclient", "new httpclient", "addscoped",
                    "httpclientregistrationtests", "registration test")),
             stale=("addstandardresiliencehandler", "microsoft.extensions.http.resilience",
                    "sharedhttpclient", "build-server shutdown"),
             partial_means="Says to change WeatherClient without how (the typed client, the "
                           "AddScoped line, the test), or to push without it.",
             wrong="Raising the ephemeral port range; re-running the peak script as the step.",
             stale_means="Says to add AddStandardResilienceHandler() and the resilience package "
                         "(put off by the user to DISP-231), or to set the 10 s Timeout "
                         "(already in), or to use SharedHttpClient (ruled out, deleted)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/Routewise.Api/Geocoding/GeocodingClient.cs (takes the HttpClient by "
             "constructor, no new HttpClient per call); src/Routewise.Api/Program.cs "
             "(AddHttpClient<IGeocodingClient, GeocodingClient> with the base address, the "
             "X-Api-Key header, the 10 s Timeout and a SocketsHttpHandler with "
             "PooledConnectionLifetime 2 minutes); "
             "src/Routewise.Api/Routing/RoutingServiceCollectionExtensions.cs (the old "
             "AddScoped<IGeocodingClient, GeocodingClient> removed); "
             "tests/Routewise.Api.Tests/HttpClientRegistrationTests.cs (new). "
             "src/Routewise.Api/Geocoding/SharedHttpClient.cs was created and deleted, and "
             "GeocodingClient.cs checked out before its real change.",
             must=(("geocodingclient.cs",), ("program.cs",),
                   ("routingservicecollectionextensions.cs", "httpclientregistrationtests.cs")),
             stale=("sharedhttpclient.cs",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="WeatherClient.cs given as changed.",
             stale_means="SharedHttpClient.cs (the static client) listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Geocoding goes through IHttpClientFactory: a typed client registered with "
             "AddHttpClient<IGeocodingClient, GeocodingClient> (base address, X-Api-Key, 10 s "
             "Timeout) on a SocketsHttpHandler with PooledConnectionLifetime of 2 minutes; it "
             "rules out one static HttpClient for the process (SharedHttpClient.Instance), which "
             "never re-resolves DNS when Mapquill fails over to other IPs.",
             must=(("ihttpclientfactory", "addhttpclient", "typed client"),
                   ("static", "sharedhttpclient")),
             stale=("sharedhttpclient.instance", "one static httpclient"),
             partial_means="The typed client without what it rules out, or the reverse.",
             wrong="Raising the ephemeral port range or tcp_tw_reuse; a longer timeout.",
             stale_means="The static shared HttpClient given as the design."),
    Question("review", "What did the review find?",
             "Tomasz on #731: 1. HttpClient's default Timeout is 100 s, keep the old 10 s "
             "(already in: Program.cs sets it); 2. PooledConnectionLifetime on top of the "
             "factory's 2-minute HandlerLifetime, why both (answered on the PR: both stay); "
             "3. no retries, AddStandardResilienceHandler() (put off to DISP-231); "
             "4. WeatherClient.cs has the same new HttpClient() per call (still to do, in this "
             "PR).",
             must=(("timeout", "100 s", "10 s"),
                   ("pooledconnectionlifetime", "handlerlifetime", "lifetime"),
                   ("retr", "addstandardresiliencehandler", "resilience", "disp-231", "503"),
                   ("weatherclient",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "tomasz", "reviewed", "asked"),
             partial_means="Two or three of the four points.",
             wrong="The DI validation failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No static HttpClient: it never re-resolves DNS and Mapquill moves "
             "geo.mapquill.io to other IPs on failover (the old dispatcher's static client hit "
             "a dead IP for an hour in March); use IHttpClientFactory with a typed client, "
             "AddHttpClient<IGeocodingClient, GeocodingClient>, on a SocketsHttpHandler with "
             "PooledConnectionLifetime = 2 minutes, keep the 10 s timeout and the X-Api-Key "
             "header, delete SharedHttpClient.cs and check GeocodingClient.cs out first.",
             must=(("static",),
                   ("ihttpclientfactory", "addhttpclient", "typed client", "dns")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No static client without what to do instead, or the reverse.",
             wrong="The DI failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The production SocketException (99) 'Cannot assign requested address': a new "
             "HttpClient per geocode left the sockets in TIME_WAIT until the ephemeral ports ran "
             "out; fixed by the typed client from IHttpClientFactory. Then 23 of 87 tests failed "
             "with 'Some services are not able to be constructed ... Unable to resolve service "
             "for type System.Net.Http.HttpClient while attempting to activate GeocodingClient'; "
             "dotnet build-server shutdown, deleting bin and obj and a re-run did not fix it; "
             "the old services.AddScoped<IGeocodingClient, GeocodingClient>() in "
             "AddRoutePlanning (RoutingServiceCollectionExtensions.cs), registered after the "
             "typed client, overrode it; fixed by removing that line.",
             must=(("unable to resolve", "not able to be constructed"),
                   ("addscoped", "routingservicecollectionextensions", "addrouteplanning")),
             stale=("fixed by dotnet build-server shutdown", "fixed by deleting bin",
                    "fixed by rm -rf", "fixed by a clean build", "fixed by cleaning",
                    "fixed by re-running", "stale build"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A Mapquill 503; an EF Core migration error.",
             stale_means="The DI failure 'fixed' by dotnet build-server shutdown, deleting bin "
                         "and obj, or a re-run (stale build output)."),
    Question("key_values", "Which key values matter?",
             "28213 sockets in TIME_WAIT on a pod (28190 in the local peak run, 7 after); "
             "31.20% of plans failed locally, 0.00% after; 1,906 Sentry events; ephemeral ports "
             "32768-60999; Timeout 10 s (default 100 s); PooledConnectionLifetime 2 minutes; "
             "89 tests pass; PR #731; DISP-219 and DISP-231.",
             must=(("28213", "28,213", "28190", "31.20%", "1,906", "89 tests", "28,232"),
                   ("#731", "disp-231", "disp-219")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/Routewise.Api/Geocoding/GeocodingClient.cs is the Mapquill geocoding client "
             "(IGeocodingClient); src/Routewise.Api/Program.cs is the host setup with the "
             "service registrations; RoutingServiceCollectionExtensions.cs has AddRoutePlanning, "
             "which registers the routing services; RoutePlanner.cs plans a route and geocodes "
             "each stop; WeatherClient.cs fetches each depot's forecast; "
             "HttpClientRegistrationTests.cs checks the typed client's registration; "
             "scripts/load/plan-peak.sh runs the k6 peak load against the geocoder stub.",
             must=(("geocodingclient.cs",),
                   ("program.cs", "routingservicecollectionextensions.cs", "weatherclient.cs",
                    "httpclientregistrationtests.cs", "plan-peak.sh", "routeplanner.cs")),
             partial_means="The files named without what they hold.",
             wrong="SharedHttpClient.cs as the client in use."),
    Question("pending", "What work is still pending?",
             "Tomasz's point 4: WeatherClient as a typed client (its AddScoped line dropped, a "
             "registration test), then commit and push to #731; retries with the standard "
             "resilience handler later in DISP-231.",
             must=(("weatherclient",),
                   ("push", "#731", "disp-231", "httpclientregistrationtests",
                    "registration test", "typed client")),
             partial_means="The WeatherClient change without the rest, or the reverse.",
             wrong="The 10 s Timeout or the reply on the lifetimes as pending.",
             stale_means="The static client or the resilience handler as pending in this PR."),
    Question("state", "What is the state of the work?",
             "PR #731 (branch disp-219-typed-geocoding-client) is open and pushed with the typed "
             "geocoding client, the removed AddScoped line and HttpClientRegistrationTests; all "
             "89 tests pass and the peak run has 0.00% failed requests (31.20% before); Tomasz "
             "is answered on the timeout, the two lifetimes and DISP-231; the WeatherClient "
             "change is not started.",
             must=(("89 tests", "tests pass", "failed: 0", "0.00%"),
                   ("weatherclient", "not started")),
             partial_means="The fix and its tests without what remains.",
             wrong="Says the PR is merged, or retries are in.",
             stale_means="Says a static HttpClient is shared by the geocoder."),
)  # fmt: skip

PRODUCTION = None
