"""Held out, twentieth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, PHP/Laravel (Laravel 10 on PHP 8.2, the
Redis queue under supervisor, MySQL 8, Pest): a clinic's patient list, one CSV of 4,812 rows
uploaded once (SUP-3317, import 88412), came out three times (14,436 contacts), because
ImportContactsCsv runs about 141 s while the redis queue connection's retry_after is 90, so a
second and a third worker were handed the job while it was still running and the fourth attempt
failed with MaxAttemptsExceededException; a unique index on contacts (account_id, email) with
Contact::upsert (a new migration, and the job edited) written, ruled out by the user (families
share one address, an upsert would merge them, and it only hides the re-runs; nor raising
retry_after on the shared redis connection) for a redis-imports connection of their own
(retry_after 900 over a job timeout of 600, a supervisor program of their own); the migration
deleted, the job checked out again; dispatching the import locally throws "Redis connection
[imports] not configured", which php artisan config:clear, queue:restart and a re-run did not
fix and pointing the queue connection's 'connection' key at the default Redis connection of
config/database.php did; a PR review with four points: one done in the first commit
(stopwaitsecs above the timeout), one answered on the PR (why not retry_after on redis), one a
ticket (resume from the last row written, PLAT-688), one still to do (a contacts:dedupe-import
command with --dry-run); a long production compaction; the assistant's last words announce
raising stopwaitsecs, already done."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/lena/src/practicebook"
_JOB = f"{_ROOT}/app/Jobs/ImportContactsCsv.php"
_QUEUE = f"{_ROOT}/config/queue.php"
_MIGRATION = (
    f"{_ROOT}/database/migrations/2026_12_04_093000_add_unique_account_email_to_contacts.php"
)
_CONF = f"{_ROOT}/deploy/supervisor/queue-imports.conf"
_TEST = f"{_ROOT}/tests/Unit/QueueTimeoutsTest.php"


def _numbered(text: str) -> str:
    """A file as Claude Code's Read shows it: each line after its number and an arrow."""
    return "".join(f"{n:6d}→{line}\n" for n, line in enumerate(text.splitlines(), 1))


_JOB_SRC = """<?php

namespace App\\Jobs;

use App\\Models\\Contact;
use App\\Models\\ContactImport;
use App\\Support\\PhoneNumbers;
use Illuminate\\Bus\\Queueable;
use Illuminate\\Contracts\\Queue\\ShouldQueue;
use Illuminate\\Foundation\\Bus\\Dispatchable;
use Illuminate\\Queue\\InteractsWithQueue;
use Illuminate\\Queue\\SerializesModels;
use Illuminate\\Support\\Facades\\Log;
use Illuminate\\Support\\Facades\\Storage;
use League\\Csv\\Reader;

/**
 * Creates one Contact per row of an uploaded CSV (ContactImportController::store dispatches it).
 */
class ImportContactsCsv implements ShouldQueue
{
    use Dispatchable, InteractsWithQueue, Queueable, SerializesModels;

    public int $timeout = 300;

    public function __construct(public ContactImport $import)
    {
    }

    public function handle(PhoneNumbers $phones): void
    {
        $started = microtime(true);
        Log::info('ImportContactsCsv started', [
            'import' => $this->import->id, 'attempt' => $this->attempts(), 'worker' => gethostname(),
        ]);

        $csv = Reader::createFromStream(Storage::disk('s3')->readStream($this->import->path));
        $csv->setHeaderOffset(0);

        $rows = 0;
        foreach ($csv->getRecords() as $record) {
            // ContactObserver indexes each contact for search and writes the activity log
            Contact::create([
                'account_id' => $this->import->account_id,
                'contact_import_id' => $this->import->id,
                'first_name' => trim($record['first_name']),
                'last_name' => trim($record['last_name']),
                'email' => strtolower(trim($record['email'])) ?: null,
                'phone' => $phones->toE164($record['phone'], $this->import->account->country),
                'date_of_birth' => $record['date_of_birth'] ?: null,
            ]);
            $rows++;
        }

        $this->import->update(['status' => 'completed', 'rows_imported' => $rows, 'completed_at' => now()]);
        Log::info('ImportContactsCsv finished', [
            'import' => $this->import->id, 'rows' => $rows, 'seconds' => round(microtime(true) - $started, 1),
        ]);
    }
}
"""

_MIGRATION_SRC = """<?php

use Illuminate\\Database\\Migrations\\Migration;
use Illuminate\\Database\\Schema\\Blueprint;
use Illuminate\\Support\\Facades\\Schema;

// SUP-3317: an import that runs twice must not create a contact twice
return new class extends Migration
{
    public function up(): void
    {
        Schema::table('contacts', function (Blueprint $table) {
            $table->unique(['account_id', 'email'], 'contacts_account_id_email_unique');
        });
    }

    public function down(): void
    {
        Schema::table('contacts', function (Blueprint $table) {
            $table->dropUnique('contacts_account_id_email_unique');
        });
    }
};
"""

_CONF_SRC = """; Contact imports (SUP-3317): their own connection, redis-imports, whose retry_after (900)
; stays above the job's timeout (600). stopwaitsecs is above the timeout too, so a deploy's
; SIGTERM lets a running import finish instead of supervisor killing it after 10 s.
[program:practicebook-imports]
process_name=%(program_name)s_%(process_num)02d
command=php /var/www/practicebook/current/artisan queue:work redis-imports --queue=imports --sleep=3 --tries=1 --timeout=600 --max-time=3600
autostart=true
autorestart=true
user=www-data
numprocs=2
redirect_stderr=true
stdout_logfile=/var/log/practicebook/imports.log
stopwaitsecs=660
"""

_TEST_SRC = """<?php

use App\\Jobs\\ImportContactsCsv;
use App\\Models\\ContactImport;

it('runs contact imports on the redis-imports connection', function () {
    $job = new ImportContactsCsv(new ContactImport());

    expect($job->connection)->toBe('redis-imports')
        ->and($job->queue)->toBe('imports');
});

it('keeps retry_after above the import timeout', function () {
    $job = new ImportContactsCsv(new ContactImport());

    expect(config('queue.connections.redis-imports.retry_after'))->toBeGreaterThan($job->timeout)
        ->and(config('queue.connections.redis.retry_after'))->toBe(90);
});
"""

_NOT_CONFIGURED = (
    "\n   InvalidArgumentException \n\n  Redis connection [imports] not configured.\n\n"
    "  at vendor/laravel/framework/src/Illuminate/Redis/RedisManager.php:112\n"
    "    108▕             return $this->resolveCluster($name);\n"
    "    109▕         }\n"
    "    110▕ \n"
    '    111▕         throw new InvalidArgumentException("Redis connection [{$name}] not '
    'configured.");\n'
    "  ➜ 112▕     }\n"
    "    113▕ \n\n"
    "      +20 vendor frames \n"
    "  21  artisan:37\n"
    "      Illuminate\\Foundation\\Console\\Kernel::handle()\n"
)
_DISPATCH = (
    "php artisan db:seed --class=LargeContactImportSeeder && php artisan tinker --execute "
    '\'dispatch(new App\\Jobs\\ImportContactsCsv(App\\Models\\ContactImport::latest("id")'
    "->first()))'"
)


def _seeded(n: int) -> str:
    return (
        "\n   INFO  Seeding database.\n\n"
        f"  contact import {n}: 5000 rows, storage/app/imports/large-5000.csv\n"
    )


s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "SUP-3317 from support: Northwind Physio (account 5123) imported their patient list "
    "yesterday, one CSV of 4,812 rows, and now every patient is in PracticeBook three times: "
    "14,436 contacts from that one import. They uploaded it once, support checked the upload "
    "log. The import runs as a queued job, app/Jobs/ImportContactsCsv.php. Find out why and "
    "fix it. Don't touch their data in prod: it's patient data and support will deal with it "
    "with them. Read-only queries on the replica and reading the worker logs are fine."
)
s.call("Read", _numbered(_JOB_SRC), file_path=_JOB)
s.call(
    "Bash",
    "+-------+------------+-----------+---------------+---------------------+"
    "---------------------+\n"
    "| id    | account_id | status    | rows_imported | created_at          | completed_at"
    "        |\n"
    "+-------+------------+-----------+---------------+---------------------+"
    "---------------------+\n"
    "| 88412 |       5123 | completed |          4812 | 2026-12-03 09:02:09 | 2026-12-03 "
    "09:07:31 |\n"
    "+-------+------------+-----------+---------------+---------------------+"
    "---------------------+\n"
    "+----------+---------------+------------+\n"
    "| contacts | distinct_rows | max_copies |\n"
    "+----------+---------------+------------+\n"
    "|    14436 |          4812 |          3 |\n"
    "+----------+---------------+------------+\n"
    "+---------+---------+---------------------+-----------------"
    "----------------------------------------------------------------+\n"
    "| id      | queue   | failed_at           | exception       "
    "                                                                |\n"
    "+---------+---------+---------------------+-----------------"
    "----------------------------------------------------------------+\n"
    "| 1190233 | default | 2026-12-03 09:06:44 | Illuminate\\Queue\\MaxAttemptsEx"
    "ceededException: App\\Jobs\\ImportContactsCsv has b |\n"
    "+---------+---------+---------------------+-----------------"
    "----------------------------------------------------------------+\n",
    command='mysql --defaults-group-suffix=_replica practicebook -e "select id, account_id, '
    "status, rows_imported, created_at, completed_at from contact_imports where id = 88412; "
    "select count(*) as contacts, count(distinct concat_ws('|', first_name, last_name, email, "
    "phone, date_of_birth)) as distinct_rows, max(n) as max_copies from (select first_name, "
    "last_name, email, phone, date_of_birth, count(*) over (partition by first_name, "
    "last_name, email, phone, date_of_birth) as n from contacts where contact_import_id = "
    "88412) c; select id, queue, failed_at, left(exception, 79) as exception from failed_jobs "
    "where payload like '%ImportContactsCsv%' and failed_at >= '2026-12-03'\"",
    description="Import 88412, its contacts and copies, and failed import jobs (replica, "
    "read-only)",
)
s.call(
    "Bash",
    "worker-1: [2026-12-03 09:02:11] production.INFO: ImportContactsCsv started "
    '{"import":88412,"attempt":1,"worker":"worker-1"}\n'
    "worker-1: [2026-12-03 09:04:32] production.INFO: ImportContactsCsv finished "
    '{"import":88412,"rows":4812,"seconds":141.3}\n'
    "worker-1: [2026-12-03 09:06:44] production.ERROR: App\\Jobs\\ImportContactsCsv has been "
    'attempted too many times. {"exception":"[object] '
    "(Illuminate\\\\Queue\\\\MaxAttemptsExceededException(code: 0): App\\\\Jobs\\\\"
    "ImportContactsCsv has been attempted too many times. at /var/www/practicebook/releases/"
    '20261201141502/vendor/laravel/framework/src/Illuminate/Queue/Worker.php:785)"}\n'
    "worker-2: [2026-12-03 09:03:42] production.INFO: ImportContactsCsv started "
    '{"import":88412,"attempt":2,"worker":"worker-2"}\n'
    "worker-2: [2026-12-03 09:06:05] production.INFO: ImportContactsCsv finished "
    '{"import":88412,"rows":4812,"seconds":143.0}\n'
    "worker-3: [2026-12-03 09:05:13] production.INFO: ImportContactsCsv started "
    '{"import":88412,"attempt":3,"worker":"worker-3"}\n'
    "worker-3: [2026-12-03 09:07:31] production.INFO: ImportContactsCsv finished "
    '{"import":88412,"rows":4812,"seconds":138.2}\n'
    "---\n"
    "67:        'redis' => [\n"
    "68-            'driver' => 'redis',\n"
    "69-            'connection' => 'default',\n"
    "70-            'queue' => env('REDIS_QUEUE', 'default'),\n"
    "71-            'retry_after' => 90,\n"
    "72-            'block_for' => null,\n"
    "73-            'after_commit' => false,\n"
    "74-        ],\n"
    "---\n"
    "[program:practicebook-worker]\n"
    "process_name=%(program_name)s_%(process_num)02d\n"
    "command=php /var/www/practicebook/current/artisan queue:work redis --queue=default "
    "--sleep=3 --tries=3 --max-time=3600\n"
    "autostart=true\nautorestart=true\nuser=www-data\nnumprocs=4\nredirect_stderr=true\n"
    "stdout_logfile=/var/log/practicebook/worker.log\nstopwaitsecs=10\n",
    "All 4,812 rows are there exactly three times, and one attempt of the job failed on Dec 3. "
    "Checking the workers' logs for the import and the queue settings.",
    command='for h in worker-1 worker-2 worker-3; do ssh deploy@$h "grep -hE '
    "'\\\"import\\\":88412|MaxAttemptsExceeded' /var/www/practicebook/shared/storage/logs/"
    'laravel-2026-12-03.log" | sed "s/^/$h: /"; done && echo --- && grep -n -A7 '
    "\"'redis' => \\[\" config/queue.php && echo --- && cat deploy/supervisor/queue-worker.conf",
    description="The import's log lines on the three workers, the redis queue connection and "
    "the worker's supervisor config",
)
s.call(
    "Write",
    f"File created successfully at: {_MIGRATION}",
    "Found it. The import takes about 141 s (ContactObserver indexes and logs every row), and "
    "the redis queue connection has retry_after 90: after 90 s Laravel treats a reserved job "
    "as lost and puts it back on the queue, while the first worker is still running it. So "
    "worker-2 started the whole file again at 09:03:42, worker-3 at 09:05:13, and at 09:06:44 "
    "the fourth attempt went past --tries=3 and failed with MaxAttemptsExceededException; all "
    "three attempts finished, 4,812 rows each. The job's $timeout of 300 doesn't stop any of "
    "it. Plan: make the import safe to run more than once: a unique index on contacts "
    "(account_id, email) and Contact::upsert keyed on it, so a second or third run updates "
    "the rows the first one wrote.",
    file_path=_MIGRATION,
    content=_MIGRATION_SRC,
)
s.call(
    "Edit",
    f"The file {_JOB} has been updated.",
    file_path=_JOB,
    old_string="            Contact::create([\n"
    "                'account_id' => $this->import->account_id,\n"
    "                'contact_import_id' => $this->import->id,\n",
    new_string="            // a second run of the same file updates the rows the first one wrote\n"
    "            Contact::upsert([[\n"
    "                'account_id' => $this->import->account_id,\n"
    "                'contact_import_id' => $this->import->id,\n",
)
s.call(
    "Edit",
    f"The file {_JOB} has been updated.",
    file_path=_JOB,
    old_string="                'date_of_birth' => $record['date_of_birth'] ?: null,\n"
    "            ]);\n",
    new_string="                'date_of_birth' => $record['date_of_birth'] ?: null,\n"
    "            ]], uniqueBy: ['account_id', 'email'], update: ['first_name', 'last_name', "
    "'phone', 'date_of_birth']);\n",
)
s.user(
    "No unique index on email. Families share one address here: half of Northwind's children "
    "are booked under a parent's email, and an upsert on (account_id, email) would merge them "
    "into one patient. It also doesn't stop the job running three times, it only hides it. The "
    "job runs again because retry_after is 90 and the import takes 141 seconds. And don't "
    "raise retry_after on the redis connection: the password resets and the 2FA codes go "
    "through it, and a job on a dead worker would sit there for 15 minutes. Give imports their "
    "own connection, redis-imports, with retry_after 900 over a job timeout of 600, and their "
    "own supervisor program. Delete the migration and put the job back first."
)
s.call(
    "Bash",
    "Updated 1 path from the index\n",
    "Dropping the index: deleting the migration and checking ImportContactsCsv.php out again.",
    command="rm database/migrations/2026_12_04_093000_add_unique_account_email_to_contacts.php "
    "&& git checkout -- app/Jobs/ImportContactsCsv.php && git status --short",
    description="Delete the unique-index migration and revert the job",
)
s.call(
    "Edit",
    f"The file {_QUEUE} has been updated.",
    "Adding the redis-imports connection next to redis, which keeps retry_after 90.",
    file_path=_QUEUE,
    old_string="            'queue' => env('REDIS_QUEUE', 'default'),\n"
    "            'retry_after' => 90,\n"
    "            'block_for' => null,\n"
    "            'after_commit' => false,\n"
    "        ],\n",
    new_string="            'queue' => env('REDIS_QUEUE', 'default'),\n"
    "            'retry_after' => 90,\n"
    "            'block_for' => null,\n"
    "            'after_commit' => false,\n"
    "        ],\n\n"
    "        // Contact imports run for minutes (SUP-3317: 141 s for 4,812 rows). retry_after must\n"
    "        // stay above ImportContactsCsv's $timeout (600), or a running import is handed to\n"
    "        // a second worker.\n"
    "        'redis-imports' => [\n"
    "            'driver' => 'redis',\n"
    "            'connection' => 'imports',\n"
    "            'queue' => 'imports',\n"
    "            'retry_after' => 900,\n"
    "            'block_for' => null,\n"
    "            'after_commit' => false,\n"
    "        ],\n",
)
s.call(
    "Edit",
    f"The file {_JOB} has been updated.",
    "The job picks its connection in the constructor: redeclaring Queueable's $connection "
    "property with a default is a fatal error in PHP, so onConnection() and onQueue() it is.",
    file_path=_JOB,
    old_string="    public int $timeout = 300;\n\n"
    "    public function __construct(public ContactImport $import)\n    {\n    }\n",
    new_string="    /** Below redis-imports' retry_after (900), above the longest import seen (SUP-3317). */\n"
    "    public int $timeout = 600;\n\n"
    "    public function __construct(public ContactImport $import)\n    {\n"
    "        $this->onConnection('redis-imports')->onQueue('imports');\n    }\n",
)
s.call(
    "Write",
    f"File created successfully at: {_CONF}",
    "The imports get a supervisor program of their own: --timeout=600, --tries=1 (a second "
    "attempt would import the file again), and stopwaitsecs=660, above the timeout, where "
    "queue-worker.conf has 10.",
    file_path=_CONF,
    content=_CONF_SRC,
)
s.call("Write", f"File created successfully at: {_TEST}", file_path=_TEST, content=_TEST_SRC)
s.call(
    "Bash",
    _seeded(1) + _NOT_CONFIGURED,
    "Trying it end to end locally: a seeded 5,000-row import, dispatched the way the "
    "controller does.",
    command=_DISPATCH,
    description="Seed a 5,000-row import and dispatch ImportContactsCsv",
)
s.call(
    "Bash",
    "\n   INFO  Configuration cache cleared successfully.\n\n"
    "\n   INFO  Broadcasting queue restart signal.\n\n" + _seeded(2) + _NOT_CONFIGURED,
    "The connection is defined right there in config/queue.php, so this looks like a stale "
    "config cache (bootstrap/cache/config.php from my last php artisan optimize) and a local "
    "worker with the old config. Clearing the config, restarting the workers and dispatching "
    "again.",
    command="php artisan config:clear && php artisan queue:restart && " + _DISPATCH,
    description="Clear the config cache, restart the queue workers, dispatch again",
)
s.call(
    "Bash",
    "124:    'redis' => [\n125-\n"
    "126-        'client' => env('REDIS_CLIENT', 'phpredis'),\n127-\n"
    "128-        'options' => [\n"
    "129-            'cluster' => env('REDIS_CLUSTER', 'redis'),\n"
    "130-            'prefix' => env('REDIS_PREFIX', Str::slug(env('APP_NAME', 'laravel'), "
    "'_').'_database_'),\n"
    "131-        ],\n132-\n"
    "133-        'default' => [\n"
    "134-            'url' => env('REDIS_URL'),\n"
    "135-            'host' => env('REDIS_HOST', '127.0.0.1'),\n"
    "136-            'username' => env('REDIS_USERNAME'),\n"
    "137-            'password' => env('REDIS_PASSWORD'),\n"
    "138-            'port' => env('REDIS_PORT', '6379'),\n"
    "139-            'database' => env('REDIS_DB', '0'),\n"
    "140-        ],\n141-\n"
    "142-        'cache' => [\n"
    "143-            'url' => env('REDIS_URL'),\n"
    "144-            'host' => env('REDIS_HOST', '127.0.0.1'),\n"
    "145-            'username' => env('REDIS_USERNAME'),\n"
    "146-            'password' => env('REDIS_PASSWORD'),\n"
    "147-            'port' => env('REDIS_PORT', '6379'),\n"
    "148-            'database' => env('REDIS_CACHE_DB', '1'),\n"
    "149-        ],\n150-\n151-    ],\n",
    "Same error with the config cache gone, so it isn't the cache. The message is about a "
    "Redis connection, not a queue connection: checking the Redis connections in "
    "config/database.php.",
    command="grep -n -A27 \"'redis' => \\[\" config/database.php",
    description="The Redis connections the app defines",
)
s.call(
    "Edit",
    f"The file {_QUEUE} has been updated.",
    "That's it: the 'connection' key of a queue connection names a Redis connection in "
    "config/database.php, not the queue, and there are only default and cache. The queue name "
    "is the 'queue' key, already imports. Pointing redis-imports at default, the Redis the "
    "redis connection uses; the imports keep their own queue and retry_after.",
    file_path=_QUEUE,
    old_string="            'driver' => 'redis',\n"
    "            'connection' => 'imports',\n"
    "            'queue' => 'imports',\n",
    new_string="            'driver' => 'redis',\n"
    "            'connection' => 'default',\n"
    "            'queue' => 'imports',\n",
)
s.call(
    "Bash",
    _seeded(3) + "   = Illuminate\\Foundation\\Bus\\PendingDispatch {#6211}\n---\n"
    "[a]    INFO  Processing jobs from the [imports] queue.\n[a] \n"
    "[a]   2026-12-04 10:41:07 App\\Jobs\\ImportContactsCsv ............................. "
    "RUNNING\n"
    "[a]   2026-12-04 10:42:44 App\\Jobs\\ImportContactsCsv ....................... "
    "97,412.08ms DONE\n"
    "[b]    INFO  Processing jobs from the [imports] queue.\n[b] \n"
    "---\n"
    "+-----------+----------+---------------+\n"
    "| import_id | contacts | distinct_rows |\n"
    "+-----------+----------+---------------+\n"
    "|         3 |     5000 |          5000 |\n"
    "+-----------+----------+---------------+\n",
    command=_DISPATCH + " && echo --- && (php artisan queue:work redis-imports --queue=imports "
    "--max-time=230 2>&1 | sed 's/^/[a] /' & sleep 5; php artisan queue:work redis-imports "
    "--queue=imports --max-time=230 2>&1 | sed 's/^/[b] /'; wait) && echo --- && mysql "
    'practicebook -e "select contact_import_id as import_id, count(*) as contacts, '
    "count(distinct concat_ws('|', first_name, last_name, email, phone, date_of_birth)) as "
    'distinct_rows from contacts where contact_import_id = 3"',
    description="Dispatch again and run two imports workers side by side for 230 s",
)
s.call(
    "Bash",
    "\n  Tests:    186 passed (603 assertions)\n  Duration: 21.47s\n\n"
    "  PASS   ............................................................... 212 files\n"
    "Switched to a new branch 'fix/sup-3317-import-retry-after'\n"
    "[fix/sup-3317-import-retry-after 4d7e2b9] queue: contact imports on their own connection, "
    "retry_after 900 (SUP-3317)\n"
    " 4 files changed, 61 insertions(+), 3 deletions(-)\n"
    " create mode 100644 deploy/supervisor/queue-imports.conf\n"
    " create mode 100644 tests/Unit/QueueTimeoutsTest.php\n"
    "branch 'fix/sup-3317-import-retry-after' set up to track "
    "'origin/fix/sup-3317-import-retry-after'.\n"
    "https://github.com/practicebook/practicebook/pull/2207\n",
    "97 s locally, longer than the old retry_after of 90, and worker b was never handed the "
    "job: one run, 5,000 contacts. Running the suite and pint, then the PR.",
    command="./vendor/bin/pest --compact 2>&1 | tail -3 && ./vendor/bin/pint --test && git "
    "checkout -b fix/sup-3317-import-retry-after && git add -A && git commit -m 'queue: "
    "contact imports on their own connection, retry_after 900 (SUP-3317)' && git push -u "
    "origin HEAD && gh pr create --fill",
    description="Run the tests and pint, then commit, push and open the PR",
)
s.say(
    "PR #2207 is up. Contact imports run on their own queue connection, redis-imports (queue "
    "imports, retry_after 900), and ImportContactsCsv's $timeout is 600, so no second worker "
    "is handed an import that is still running; the redis connection keeps retry_after 90. "
    "deploy/supervisor/queue-imports.conf adds the practicebook-imports program (2 processes, "
    "--timeout=600 --tries=1, stopwaitsecs=660). tests/Unit/QueueTimeoutsTest.php checks the "
    "connection and that retry_after stays above the timeout. Locally a 5,000-row import took "
    "97 s with two workers on the queue and wrote its contacts once. 186 tests pass, pint is "
    "clean. Nothing was touched in prod."
)
s.user(
    "Dagny reviewed #2207:\n"
    "1. Deploys: supervisorctl sends SIGTERM and SIGKILLs after stopwaitsecs, which is 10 in "
    "queue-worker.conf. If the imports worker copies that, every deploy kills a running "
    "import. It has to be above the 600 s timeout.\n"
    "2. Why a second connection? Raising retry_after on redis to 900 would be one line.\n"
    "3. The job still isn't safe to retry: with --tries=1 a worker that dies at row 3,000 "
    "fails the import and leaves the customer with 3,000 contacts and a failed status. Record "
    "the last row written on contact_imports and resume from it.\n"
    "4. Northwind still has 14,436 contacts. Support needs a command that deletes the extra "
    "copies of an import's contacts, keeping the lowest id of each group of identical rows, "
    "with a --dry-run that prints the counts.\n"
    "My take: 1 you did already, it's stopwaitsecs=660 in queue-imports.conf. 2 answer her on "
    "the PR: the password resets and 2FA codes run on redis, and a job on a dead worker there "
    "would wait 15 minutes. 3 is PLAT-688, not this PR. 4 yes, in this PR: php artisan "
    "contacts:dedupe-import {import} --dry-run, with a test. I'll run it for 88412 with "
    "support after the deploy, not you."
)
s.call(
    "Bash",
    "https://github.com/practicebook/practicebook/pull/2207#issuecomment-2553907716\n",
    "Answering Dagny's 2 on the PR: retry_after is also how long a job on a dead worker waits "
    "before it is retried, and the password resets and 2FA codes run on redis; 15 minutes is "
    "fine for an import, not for them.",
    command="gh pr comment 2207 --body-file /tmp/pr2207-retry-after.md",
    description="Reply to the review on retry_after",
)
s.say(
    "2 is answered on #2207, and 3 goes to PLAT-688. Next, Dagny's 1: I'll raise stopwaitsecs "
    "in deploy/supervisor/queue-imports.conf above the 600 s timeout, so that on a deploy "
    "supervisor lets a running import finish."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "SUP-3317: Northwind Physio (account 5123) uploaded one 4,812-row patient CSV "
             "(import 88412) and got every patient three times (14,436 contacts), because "
             "ImportContactsCsv runs about 141 s while the redis queue connection's "
             "retry_after is 90, so the running job was handed to a second and a third "
             "worker; find why and fix it, without touching their data in prod.",
             must=(("sup-3317", "northwind", "importcontactscsv", "contact import",
                    "patient list"),
                   ("three times", "14,436", "retry_after", "4,812", "duplicate")),
             partial_means="The duplicated contacts without the import that ran three times, "
                           "or the reverse.",
             wrong="A double upload by the customer; a CSV parsing error; a slow import page."),
    Question("latest_request", "What did the user last ask?",
             "Dagny's review of PR #2207 with the user's take: (1) stopwaitsecs above the "
             "timeout is done already (660 in queue-imports.conf); (2) answer her on the PR: "
             "the password resets and 2FA codes run on redis, and a job on a dead worker there "
             "would wait 15 minutes; (3) resuming from the last row is PLAT-688, not this PR; "
             "(4) yes, in this PR: php artisan contacts:dedupe-import {import} --dry-run, "
             "keeping the lowest id of each group of identical rows, with a test; the user "
             "runs it for 88412 with support after the deploy.",
             must=(("dedupe", "contacts:dedupe-import", "--dry-run"),
                   ("plat-688", "stopwaitsecs", "answer her", "2fa", "660")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "dagny", "take"),
             partial_means="One of the points to act on.",
             wrong="Resuming the import from the last row now; raising retry_after on redis.",
             stale_means="The SUP-3317 report or the no-unique-index correction given as the "
                         "latest request."),
    Question("next_step", "What exactly is the next step?",
             "Dagny's 4: write the php artisan contacts:dedupe-import {import} --dry-run "
             "command, which deletes the extra copies of an import's contacts, keeping the "
             "lowest id of each group of identical rows and printing the counts with "
             "--dry-run, with a test; run pest, then commit and push to PR #2207. The user runs "
             "it for import 88412 with support after the deploy.",
             must=(("contacts:dedupe-import", "dedupe"),
                   ("--dry-run", "dry run", "pest", "push")),
             stale=("stopwaitsecs", "last row written", "resume from"),
             partial_means="The dedupe command without its dry run, test or push, or the push "
                           "alone.",
             wrong="Running the dedupe for import 88412 in prod now (the user does that with "
                   "support after the deploy); answering Dagny's 2 (done).",
             stale_means="Says to raise stopwaitsecs in queue-imports.conf (already 660 in the "
                         "first commit) or to record the last row written and resume from it "
                         "(put off to PLAT-688)."),
    Question("files_edited", "Which files were changed, and why?",
             "config/queue.php (a new redis-imports connection: Redis connection default, "
             "queue imports, retry_after 900; redis keeps 90); app/Jobs/ImportContactsCsv.php "
             "(onConnection('redis-imports')->onQueue('imports') in the constructor, $timeout "
             "600); deploy/supervisor/queue-imports.conf (new: the practicebook-imports worker, "
             "--timeout=600 --tries=1, stopwaitsecs=660); tests/Unit/QueueTimeoutsTest.php "
             "(new). The migration 2026_12_04_093000_add_unique_account_email_to_contacts.php "
             "was created and deleted, and the job's Contact::upsert edit reverted.",
             must=(("queue.php",), ("importcontactscsv",), ("queue-imports.conf",),
                   ("queuetimeoutstest",)),
             stale=("add_unique_account_email_to_contacts",),
             spread=True,
             partial_means="Two or three of the files.",
             wrong="config/database.php or queue-worker.conf given as edited.",
             stale_means="The add_unique_account_email_to_contacts migration listed as a "
                         "current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Contact imports get their own queue connection, redis-imports (queue imports, "
             "retry_after 900 over ImportContactsCsv's $timeout of 600), and their own "
             "supervisor program, so an import still running is never handed to a second "
             "worker; it rules out a unique index on contacts (account_id, email) with "
             "Contact::upsert (families share one email, and it only hides the re-runs) and "
             "raising retry_after on the shared redis connection (password resets, 2FA codes).",
             must=(("redis-imports", "own connection", "own queue connection"),
                   ("unique index", "upsert", "raise retry_after", "raising retry_after")),
             stale=("unique index on contacts", "contact::upsert", "upsert keyed"),
             partial_means="The separate connection without what it rules out.",
             wrong="Raising the worker's --timeout; ShouldBeUnique on the job.",
             stale_means="A unique index on contacts (account_id, email) with Contact::upsert, "
                         "so a second run updates the first run's rows, given as the design."),
    Question("review", "What did the review find?",
             "Dagny on #2207: (1) supervisor's stopwaitsecs (10 in queue-worker.conf) must be "
             "above the 600 s timeout or a deploy kills a running import (done already: 660); "
             "(2) why a second connection rather than retry_after 900 on redis (answered on "
             "the PR); (3) the job isn't safe to retry: record the last row written and resume "
             "from it (PLAT-688); (4) Northwind still has 14,436 contacts: a command that "
             "deletes the extra copies, with --dry-run (to do, in this PR).",
             must=(("stopwaitsecs",), ("second connection", "retry_after on redis", "one line"),
                   ("plat-688", "last row", "resume"), ("dedupe", "14,436", "--dry-run")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "dagny", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The Redis connection error given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No unique index on email: families share one address (Northwind's children are "
             "booked under a parent's email) and an upsert would merge them into one patient, "
             "and it only hides the job running three times (retry_after 90 against a 141 s "
             "import); don't raise retry_after on the redis connection either (password "
             "resets, 2FA codes); give imports their own connection, redis-imports, with "
             "retry_after 900 over a job timeout of 600 and their own supervisor program; "
             "delete the migration and put the job back first.",
             must=(("unique index", "upsert", "families share", "parent's email"),
                   ("redis-imports", "own connection", "retry_after 900")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="The unique index ruled out without what to do instead.",
             wrong="The Redis connection error given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The triple imports stop with the imports' own connection (retry_after 900 over a "
             "600 s timeout). Then dispatching the import locally threw "
             "InvalidArgumentException: Redis connection [imports] not configured; php "
             "artisan config:clear and queue:restart (a stale config cache suspected) and a "
             "re-run did not fix it; a queue connection's 'connection' key names a Redis "
             "connection in config/database.php, which has only default and cache; fixed by "
             "pointing redis-imports' connection at default.",
             must=(("not configured", "redis connection [imports]", "invalidargumentexception"),
                   ("database.php", "at default", "to default", "names a redis connection")),
             stale=("fixed by php artisan config:clear", "fixed by config:clear",
                    "fixed by clearing", "fixed by queue:restart", "fixed by restarting",
                    "fixed by a re-run", "fixed by re-running", "stale config cache"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A pint failure; the MaxAttemptsExceededException given as a test error.",
             stale_means="The Redis connection error 'fixed' by php artisan config:clear, "
                         "queue:restart or a re-run, or put down to a stale config cache."),
    Question("key_values", "Which key values matter?",
             "Import 88412 (account 5123): 4,812 rows, 14,436 contacts, three attempts 90 s "
             "apart of about 141 s each (141.3, 143.0, 138.2), the fourth failed at 09:06:44; "
             "retry_after 90 on redis, 900 on redis-imports; $timeout 300, now 600; "
             "stopwaitsecs 10, 660 for the imports; 186 tests pass; PR #2207, commit 4d7e2b9; "
             "SUP-3317, PLAT-688.",
             must=(("4,812", "14,436", "141", "88412"),
                   ("#2207", "sup-3317", "plat-688", "4d7e2b9", "186", "900")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "app/Jobs/ImportContactsCsv.php reads an uploaded CSV from S3 and creates one "
             "Contact per row; config/queue.php holds the queue connections; "
             "config/database.php the Redis connections (default, cache); "
             "deploy/supervisor/queue-worker.conf the default worker (4 processes, --tries=3, "
             "stopwaitsecs=10); deploy/supervisor/queue-imports.conf the imports worker; "
             "tests/Unit/QueueTimeoutsTest.php tests the connection and the timeouts; "
             "LargeContactImportSeeder seeds a 5,000-row import locally.",
             must=(("importcontactscsv",),
                   ("queue.php", "database.php", "queue-worker.conf", "queue-imports.conf",
                    "largecontactimportseeder", "queuetimeoutstest")),
             partial_means="The files named without what they hold.",
             wrong="The migration as the index that stops the duplicates."),
    Question("pending", "What work is still pending?",
             "Dagny's 4: the contacts:dedupe-import command with --dry-run and its test, then "
             "pest, commit and push to #2207; after the deploy the user runs it for import "
             "88412 with support; the resumable import later in PLAT-688.",
             must=(("dedupe", "contacts:dedupe-import"),
                   ("push", "commit", "pest")),
             partial_means="The dedupe command without its test or the push, or the reverse.",
             wrong="The stopwaitsecs or the reply on retry_after as pending.",
             stale_means="The unique index, stopwaitsecs or resuming from the last row as "
                         "pending."),
    Question("state", "What is the state of the work?",
             "PR #2207 is open (commit 4d7e2b9) with the redis-imports connection, the job's "
             "connection and 600 s timeout, queue-imports.conf and QueueTimeoutsTest; 186 "
             "tests pass and pint is clean; a local 5,000-row import ran once in 97 s with two "
             "workers; Dagny's 1 was in the first commit, 2 is answered on the PR, 3 is "
             "PLAT-688; the dedupe command is not written; Northwind's 14,436 contacts are "
             "untouched in prod.",
             must=(("186 passed", "186 tests", "tests pass", "#2207 is open"),
                   ("not written", "dedupe")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or Northwind's duplicates are deleted.",
             stale_means="Says the import upserts on a unique (account_id, email) index."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
SUP-3317: an import run three times; a unique index, ruled out; a Redis config error; Dagny's review.

Summary:
1. Primary Request and Intent:
   SUP-3317: Northwind Physio (account 5123) uploaded one 4,812-row patient CSV (import 88412) and has 14,436 contacts, every patient three times; fix it, touching nothing in prod. Latest request (Dagny's review of PR #2207, with the user's take): (1) stopwaitsecs is done already (660); (2) answer her on the PR; (3) resuming from the last row is PLAT-688, not this PR; (4) yes, a php artisan contacts:dedupe-import {import} --dry-run command with a test.
2. Key Technical Concepts:
   - Cause: ImportContactsCsv takes about 141 s, the redis connection's retry_after is 90, so the running job was handed to a second and a third worker.
   - Decision (the user's correction): imports get their own connection, redis-imports (queue imports, retry_after 900 over the job's $timeout of 600), and their own supervisor program; this rules out a unique index on (account_id, email) with an upsert (families share one email) and raising retry_after on redis.
3. Files and Code Sections:
   - config/queue.php (edited): the queue connections; adds redis-imports.
   - app/Jobs/ImportContactsCsv.php (edited): creates one Contact per CSV row; now onConnection('redis-imports')->onQueue('imports'), $timeout 600.
   - deploy/supervisor/queue-imports.conf (new): the imports worker, --timeout=600 --tries=1.
   - tests/Unit/QueueTimeoutsTest.php (new): tests the connection and retry_after.
   - The add_unique_account_email_to_contacts migration: created, then deleted.
4. Errors and fixes:
   - Dispatching threw InvalidArgumentException: Redis connection [imports] not configured. config:clear and queue:restart did not fix it; the 'connection' key names a Redis connection in config/database.php (only default and cache); fixed by pointing it at default.
5. Problem Solving:
   Dagny's review found: stopwaitsecs above the timeout (done already: 660); why a second connection (answered on #2207); the job is not safe to retry (PLAT-688); Northwind's 14,436 contacts need a dedupe command (not written).
6. All user messages:
   - The SUP-3317 report; "No unique index on email ... Give imports their own connection, redis-imports"; Dagny's review.
7. Pending Tasks:
   - The contacts:dedupe-import command with --dry-run and its test, then pest, commit and push to #2207.
   - The user runs it for 88412 after the deploy; resuming is PLAT-688.
8. Current Work:
   PR #2207 is open (4d7e2b9); 186 tests pass, pint clean; the dedupe command is not written.
9. Optional Next Step:
   Write php artisan contacts:dedupe-import {import} --dry-run, keeping the lowest id of each group of identical rows, with a test; run pest, push to #2207."""
