"""Held out, thirteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, Kotlin/Android (Room): Fieldnotes 3.4.0
crashes on launch for everyone upgrading from 3.3.x ("A migration from 6 to 7 was required but
not found", ticket FN-208); a destructive fallback with a DraftBackup.kt that saves unsynced
notes to JSON around the wipe, ruled out by the user (no destructive migration at all) for a
hand-written MIGRATION_6_7 tested with MigrationTestHelper; DraftBackup.kt deleted; the test
unable to find the exported schemas until app/build.gradle.kts put app/schemas on the test
assets; Room's "Migration didn't properly handle: notes" (defaultValue 'false' against '0'),
which ./gradlew clean and a re-run did not fix and DEFAULT 0 did; a second user correction
(backfill updated_at from created_at); a PR review with four points: one answered on the PR
(AutoMigration), one already done (the 5 to 7 test), one a ticket (pinned notes first), one
pending (the 3.4.1 version bump and Play changelog); the assistant's last words start the
pinned-first sort, which the user put off to FN-215."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/Users/tomas/fieldnotes"
_DATA = f"{_ROOT}/app/src/main/java/app/fieldnotes/data"
_TEST = f"{_ROOT}/app/src/test/java/app/fieldnotes/data/MigrationTest.kt"
_NOT_HANDLED = (
    "java.lang.IllegalStateException: Migration didn't properly handle: "
    "notes(app.fieldnotes.data.Note).\n Expected:\nTableInfo{name='notes', columns={"
    "pinned=Column{name='pinned', type='INTEGER', affinity='3', notNull=true, "
    "primaryKeyPosition=0, defaultValue='0'}, ...}\n Found:\nTableInfo{name='notes', columns={"
    "pinned=Column{name='pinned', type='INTEGER', affinity='3', notNull=true, "
    "primaryKeyPosition=0, defaultValue='false'}, ...}\n"
)

s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "FN-208: 3.4.0 went out yesterday and Crashlytics has 1,870 crashes from 612 users, all on "
    "launch, all upgrading from 3.3.x:\n\n"
    "java.lang.IllegalStateException: A migration from 6 to 7 was required but not found. "
    "Please provide the necessary Migration path via RoomDatabase.Builder.addMigration("
    "Migration ...) or allow for destructive migrations via one of the "
    "RoomDatabase.Builder.fallbackToDestructiveMigration* methods.\n\n"
    "Fix it so 3.3.x users can update. The database is in app/src/main/java/app/fieldnotes/data."
)
s.call(
    "Read",
    "     1→@Database(entities = [Note::class, Tag::class], version = 7, exportSchema = true)\n"
    "     2→abstract class NotesDatabase : RoomDatabase() {\n"
    "     3→    abstract fun notes(): NotesDao\n     4→\n     5→    companion object {\n"
    "     6→        fun build(context: Context) =\n"
    '     7→            Room.databaseBuilder(context, NotesDatabase::class.java, "notes.db")\n'
    "     8→                .addMigrations(MIGRATION_4_5, MIGRATION_5_6)\n"
    "     9→                .build()\n    10→    }\n    11→}\n",
    file_path=f"{_DATA}/NotesDatabase.kt",
)
s.call(
    "Bash",
    '+    @ColumnInfo(name = "pinned", defaultValue = "0") val pinned: Boolean = false,\n'
    '+    @ColumnInfo(name = "updated_at") val updatedAt: Long? = null,\n---\n'
    "4.json\n5.json\n6.json\n7.json\n",
    command="git diff v3.3.2 v3.4.0 -- app/src/main/java/app/fieldnotes/data/Note.kt | grep "
    "'^+ '; echo ---; ls app/schemas/app.fieldnotes.data.NotesDatabase/",
    description="What changed in Note between 3.3.2 and 3.4.0, and the exported schemas",
)
s.call(
    "Write",
    f"File created successfully at: {_DATA}/DraftBackup.kt",
    "Version 7 added two columns to notes (pinned, updated_at) and nobody wrote the "
    "migration. Fastest way to get 3.3.x users launching again: "
    "fallbackToDestructiveMigrationFrom(6), and so that unsynced notes survive the wipe, a "
    "DraftBackup that copies the notes with synced = 0 to filesDir/notes-backup.json before "
    "the wipe and restores them after.",
    file_path=f"{_DATA}/DraftBackup.kt",
    content="class DraftBackup(private val context: Context) : RoomDatabase.Callback() {\n"
    "    override fun onDestructiveMigration(db: SupportSQLiteDatabase) {\n"
    '        restore(db, File(context.filesDir, "notes-backup.json"))\n    }\n}\n',
)
s.call(
    "Edit",
    f"The file {_DATA}/NotesDatabase.kt has been updated.",
    file_path=f"{_DATA}/NotesDatabase.kt",
    old_string="                .addMigrations(MIGRATION_4_5, MIGRATION_5_6)\n",
    new_string="                .addMigrations(MIGRATION_4_5, MIGRATION_5_6)\n"
    "                .fallbackToDestructiveMigrationFrom(6)\n"
    "                .addCallback(DraftBackup(context))\n",
)
s.user(
    "No destructive migration, not even with a backup. Fieldnotes is offline-first: the "
    "backup runs after Room has already opened the old file in some paths, people with "
    "attachments would lose them, and DraftBackup would be a second copy of the schema to "
    "keep in step. Write a real Migration(6, 7) next to the others in Migrations.kt and test "
    "it with MigrationTestHelper. Delete DraftBackup.kt."
)
s.call(
    "Bash",
    "",
    "Removing the backup and the fallback.",
    command=f"rm {_DATA}/DraftBackup.kt",
    description="Delete DraftBackup.kt",
)
s.call(
    "Edit",
    f"The file {_DATA}/NotesDatabase.kt has been updated.",
    file_path=f"{_DATA}/NotesDatabase.kt",
    old_string="                .addMigrations(MIGRATION_4_5, MIGRATION_5_6)\n"
    "                .fallbackToDestructiveMigrationFrom(6)\n"
    "                .addCallback(DraftBackup(context))\n",
    new_string="                .addMigrations(MIGRATION_4_5, MIGRATION_5_6, MIGRATION_6_7)\n",
)
s.call(
    "Edit",
    f"The file {_DATA}/Migrations.kt has been updated.",
    file_path=f"{_DATA}/Migrations.kt",
    old_string="val MIGRATION_5_6 = object : Migration(5, 6) {",
    new_string="val MIGRATION_6_7 = object : Migration(6, 7) {\n"
    "    override fun migrate(db: SupportSQLiteDatabase) {\n"
    '        db.execSQL("ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT false")\n'
    '        db.execSQL("ALTER TABLE notes ADD COLUMN updated_at INTEGER")\n    }\n}\n\n'
    "val MIGRATION_5_6 = object : Migration(5, 6) {",
)
s.call(
    "Write",
    f"File created successfully at: {_TEST}",
    file_path=_TEST,
    content="@RunWith(RobolectricTestRunner::class)\nclass MigrationTest {\n"
    "    @get:Rule val helper = MigrationTestHelper(\n"
    "        InstrumentationRegistry.getInstrumentation(), NotesDatabase::class.java)\n\n"
    "    @Test fun migrate6To7KeepsNotes() {\n"
    "        helper.createDatabase(DB, 6).use { it.execSQL(INSERT_NOTE_V6) }\n"
    "        helper.runMigrationsAndValidate(DB, 7, true, MIGRATION_6_7).use {\n"
    '            assertEquals(1, it.count("notes"))\n        }\n    }\n\n'
    "    @Test fun migrate5To7() {\n        helper.createDatabase(DB, 5).close()\n"
    "        helper.runMigrationsAndValidate(DB, 7, true, MIGRATION_5_6, MIGRATION_6_7)"
    ".close()\n    }\n}\n",
)
s.call(
    "Bash",
    "MigrationTest > migrate6To7KeepsNotes FAILED\n"
    "    java.io.FileNotFoundException: Cannot find the schema file in the assets folder. "
    "Make sure to include the exported json schemas in your test assets. Cannot find schema "
    "file for version 6.\n\n2 tests completed, 2 failed\n\nBUILD FAILED in 38s\n",
    command='./gradlew :app:testDebugUnitTest --tests "app.fieldnotes.data.MigrationTest" 2>&1 '
    "| tail -8",
    description="Run the migration test",
)
s.call(
    "Edit",
    f"The file {_ROOT}/app/build.gradle.kts has been updated.",
    "The schemas are exported to app/schemas but nothing puts them on the test assets, so "
    "MigrationTestHelper can't open 6.json. Adding the folder to the test source set.",
    file_path=f"{_ROOT}/app/build.gradle.kts",
    old_string="android {\n",
    new_string="android {\n"
    '    sourceSets { getByName("test").assets.srcDir("$projectDir/schemas") }\n',
)
s.call(
    "Bash",
    f"MigrationTest > migrate6To7KeepsNotes FAILED\n    {_NOT_HANDLED}\n"
    "2 tests completed, 2 failed\n\nBUILD FAILED in 41s\n",
    command='./gradlew :app:testDebugUnitTest --tests "app.fieldnotes.data.MigrationTest" 2>&1 '
    "| tail -12",
    description="Re-run the migration test",
)
s.call(
    "Bash",
    f"MigrationTest > migrate6To7KeepsNotes FAILED\n    {_NOT_HANDLED}\n"
    "2 tests completed, 2 failed\n\nBUILD FAILED in 1m 52s\n",
    "The schemas load now; the validation fails on pinned's default. Possibly the test is "
    "validating against a stale 7.json copied into the build's intermediates from before the "
    "entity change. Cleaning and running again.",
    command="./gradlew clean && ./gradlew :app:testDebugUnitTest --tests "
    '"app.fieldnotes.data.MigrationTest" 2>&1 | tail -12',
    description="Clean build and re-run the migration test",
)
s.call(
    "Edit",
    f"The file {_DATA}/Migrations.kt has been updated.",
    "Not stale output: the same mismatch after a clean build. SQLite keeps the DEFAULT "
    "clause as written, so the table's default is the text 'false', while Room expects "
    "exactly the @ColumnInfo(defaultValue = \"0\") string, '0'. The migration has to say "
    "DEFAULT 0.",
    file_path=f"{_DATA}/Migrations.kt",
    old_string="ADD COLUMN pinned INTEGER NOT NULL DEFAULT false",
    new_string="ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0",
)
s.call(
    "Bash",
    "MigrationTest > migrate6To7KeepsNotes PASSED\nMigrationTest > migrate5To7 PASSED\n\n"
    "BUILD SUCCESSFUL in 36s\n",
    command='./gradlew :app:testDebugUnitTest --tests "app.fieldnotes.data.MigrationTest" 2>&1 '
    "| tail -5",
    description="Re-run the migration test",
)
s.user(
    "Wait, updated_at can't stay NULL. The notes list sorts by updated_at DESC and SQLite puts "
    "NULLs last, so after the update every old note drops to the bottom. Backfill it from "
    "created_at in the migration, and check that in the test."
)
s.call(
    "Edit",
    f"The file {_DATA}/Migrations.kt has been updated.",
    file_path=f"{_DATA}/Migrations.kt",
    old_string='        db.execSQL("ALTER TABLE notes ADD COLUMN updated_at INTEGER")\n',
    new_string='        db.execSQL("ALTER TABLE notes ADD COLUMN updated_at INTEGER")\n'
    '        db.execSQL("UPDATE notes SET updated_at = created_at WHERE updated_at IS NULL")\n',
)
s.call(
    "Edit",
    f"The file {_TEST} has been updated.",
    file_path=_TEST,
    old_string='            assertEquals(1, it.count("notes"))\n',
    new_string='            assertEquals(1, it.count("notes"))\n'
    '            assertEquals(CREATED_AT, it.long("SELECT updated_at FROM notes"))\n',
)
s.call(
    "Bash",
    "BUILD SUCCESSFUL in 1m 4s\n89 tests completed, 0 failed\n"
    "[fn-208-migration-6-7 e41b07c] Add the missing Room migration 6 -> 7 (FN-208)\n"
    " 4 files changed, 71 insertions(+), 1 deletion(-)\n"
    "https://github.com/fieldnotes/fieldnotes-android/pull/342\n",
    command="./gradlew :app:testDebugUnitTest ktlintCheck 2>&1 | grep -E 'BUILD|tests "
    "completed' && git checkout -b fn-208-migration-6-7 && git add -A && git commit -m 'Add "
    "the missing Room migration 6 -> 7 (FN-208)' && git push -u origin HEAD && gh pr create "
    "--fill",
    description="All unit tests and ktlint, then commit, push and open the PR",
)
s.say(
    "PR #342 is up. MIGRATION_6_7 adds pinned (INTEGER NOT NULL DEFAULT 0) and updated_at, "
    "backfilled from created_at, and is registered in NotesDatabase.build. MigrationTest "
    "covers 6 -> 7 with a note kept and its updated_at set, and 5 -> 7; all 89 unit tests "
    "pass."
)
s.user(
    "Lena reviewed #342:\n"
    "1. Why not @AutoMigration(from = 6, to = 7)? Room can generate this one.\n"
    "2. Is 5 -> 7 tested? Some people are still on 3.2.\n"
    "3. Pinned notes should sort first in the list, that's what the column is for.\n"
    "4. This ships as a hotfix: versionCode 3400 -> 3401, versionName 3.4.1, and a Play "
    "changelog in fastlane/metadata/android/en-US/changelogs/3401.txt.\n"
    "My take: 1 answer her on the PR: the backfill needs SQL anyway and 4_5 and 5_6 are "
    "hand-written too, so it stays with them. 2 I think you have that already. 3 is FN-215, "
    "after the hotfix, not in this PR. 4 yes, do it."
)
s.call(
    "Bash",
    "https://github.com/fieldnotes/fieldnotes-android/pull/342#issuecomment-1977310\n",
    "MigrationTest already has migrate5To7 (5 -> 7 through MIGRATION_5_6 and MIGRATION_6_7). "
    "Replying to Lena on 1 and 2.",
    command="gh pr comment 342 --body-file /tmp/pr342.md",
    description="Reply to the review",
)
s.say(
    "1 is answered on #342 (the backfill needs SQL, and the other migrations are "
    "hand-written). 2 was already done: migrate5To7 in MigrationTest. 3 goes to FN-215."
)
s.say(
    "Now let me make the notes list sort pinned notes first: NotesDao.observeAll() gets "
    "ORDER BY pinned DESC, updated_at DESC."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "FN-208: Fieldnotes 3.4.0 crashes on launch for users upgrading from 3.3.x with "
             "\"A migration from 6 to 7 was required but not found\" (Room database version 7 "
             "added columns without a migration); fix it so they can update.",
             must=(("migration from 6 to 7", "6 to 7", "6 -> 7"),
                   ("crash", "fn-208", "3.3.x")),
             partial_means="The crash without the missing migration, or the reverse.",
             wrong="A crash in the sync service; a Play Store rollout problem."),
    Question("latest_request", "What did the user last ask?",
             "Lena's review of PR #342 with the user's take: (1) answer on the PR why not "
             "AutoMigration (the backfill needs SQL, the others are hand-written); (2) the 5 -> "
             "7 test, already there; (3) pinned notes first is FN-215, after the hotfix; (4) "
             "bump versionCode 3400 -> 3401, versionName 3.4.1, and add the Play changelog "
             "3401.txt.",
             must=(("3401", "3.4.1"), ("fn-215", "automigration", "answer her")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "lena", "take"),
             partial_means="One of the points to act on.",
             wrong="Sorting pinned notes first now; switching to AutoMigration.",
             stale_means="The no-destructive-migration correction or the crash report given "
                         "as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Lena's fourth point: in app/build.gradle.kts set versionCode 3401 and "
             "versionName 3.4.1, write fastlane/metadata/android/en-US/changelogs/3401.txt, "
             "then commit and push to PR #342. The pinned-first sort is FN-215, not now.",
             must=(("3401", "3.4.1"), ("build.gradle.kts", "push", "commit")),
             stale=("sort pinned notes first", "pinned desc", "draftbackup",
                    "fallbacktodestructivemigration"),
             partial_means="The version bump without where it goes or the push, or the "
                           "push alone.",
             wrong="Switching to AutoMigration; adding the 5 -> 7 test.",
             stale_means="Says to make NotesDao sort pinned notes first (put off to FN-215 by "
                         "the user), or to add the destructive fallback."),
    Question("files_edited", "Which files were changed, and why?",
             "Migrations.kt (MIGRATION_6_7: pinned INTEGER NOT NULL DEFAULT 0, updated_at "
             "backfilled from created_at); NotesDatabase.kt (registers MIGRATION_6_7); "
             "app/build.gradle.kts (app/schemas on the test assets); MigrationTest.kt (new: "
             "6 -> 7 and 5 -> 7). DraftBackup.kt was created and deleted.",
             must=(("migrations.kt",), ("notesdatabase.kt",),
                   ("migrationtest.kt", "build.gradle.kts")),
             stale=("draftbackup.kt",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="NotesDao.kt or Note.kt given as edited.",
             stale_means="DraftBackup.kt listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "A hand-written Migration(6, 7) (MIGRATION_6_7 in Migrations.kt, beside 4_5 and "
             "5_6), tested with MigrationTestHelper; it rules out a destructive migration "
             "(fallbackToDestructiveMigrationFrom(6)), even with DraftBackup saving unsynced "
             "notes, and, per the PR answer, an AutoMigration.",
             must=(("migration_6_7", "migration(6, 7)"), ("destructive",)),
             stale=("fallbacktodestructivemigrationfrom(6), and so", "fastest way to get"),
             partial_means="The migration without what it rules out.",
             wrong="Downgrading the database version to 6; AutoMigration.",
             stale_means="The destructive fallback with DraftBackup given as the design."),
    Question("review", "What did the review find?",
             "Lena on #342: (1) why not @AutoMigration (answered on the PR); (2) is 5 -> 7 "
             "tested (already done, migrate5To7); (3) pinned notes should sort first (FN-215); "
             "(4) hotfix versionCode 3401, versionName 3.4.1 and a Play changelog (pending).",
             must=(("automigration",), ("5 -> 7", "migrate5to7", "3.2"),
                   ("pinned", "fn-215"), ("3401", "3.4.1")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "lena", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The defaultValue mismatch given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No destructive migration, not even with a backup (offline-first, attachments "
             "would be lost, DraftBackup a second copy of the schema): write a real "
             "Migration(6, 7) tested with MigrationTestHelper and delete DraftBackup.kt. Then: "
             "updated_at can't stay NULL (the list sorts by it, NULLs go last), backfill it "
             "from created_at.",
             must=(("destructive",), ("migration(6, 7)", "migrationtesthelper",
                                       "real migration", "migration_6_7")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="Only one of the two corrections, or the first without what to do "
                           "instead.",
             wrong="The schema-file error given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "MigrationTestHelper could not find the schema file for version 6; fixed by "
             "adding app/schemas to the test assets in app/build.gradle.kts. Then \"Migration "
             "didn't properly handle: notes\" (pinned defaultValue 'false' found, '0' "
             "expected); ./gradlew clean and a re-run did not fix it; fixed by DEFAULT 0 in "
             "the ALTER TABLE.",
             must=(("didn't properly handle", "defaultvalue", "default false"),
                   ("default 0",)),
             stale=("fixed by ./gradlew clean", "fixed by gradlew clean", "fixed by cleaning",
                    "fixed by a clean", "fixed by re-running", "stale 7.json"),
             partial_means="One of the two errors, or the errors without their fixes.",
             wrong="A NullPointerException in NotesDao; a ktlint failure.",
             stale_means="The validation failure 'fixed' by ./gradlew clean or a re-run."),
    Question("key_values", "Which key values matter?",
             "Database version 6 -> 7; app 3.4.0, hotfix 3.4.1 with versionCode 3400 -> 3401; "
             "1,870 crashes from 612 users; 89 unit tests; PR #342; FN-208 and FN-215.",
             must=(("89 unit tests", "89 tests"), ("#342", "3401", "fn-215")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "NotesDatabase.kt builds the Room database and registers the migrations; "
             "Migrations.kt holds MIGRATION_4_5, 5_6 and 6_7; Note.kt is the notes entity "
             "(pinned, updated_at added in 3.4.0); MigrationTest.kt tests the migrations with "
             "MigrationTestHelper; app/schemas holds the exported schema JSON.",
             must=(("notesdatabase.kt",), ("migrations.kt", "migrationtest.kt", "note.kt")),
             partial_means="The files named without what they hold.",
             wrong="DraftBackup.kt as the backup."),
    Question("pending", "What work is still pending?",
             "The 3.4.1 hotfix bump (versionCode 3401) and the Play changelog 3401.txt, then "
             "push to #342 (Lena's 4); the pinned-first sort later in FN-215.",
             must=(("3401", "3.4.1"), ("fn-215", "push", "changelog")),
             partial_means="The bump without the rest, or the reverse.",
             wrong="The AutoMigration reply or the 5 -> 7 test as pending."),
    Question("state", "What is the state of the work?",
             "PR #342 is open with MIGRATION_6_7 (DEFAULT 0, updated_at backfilled) and "
             "MigrationTest; all 89 unit tests pass; Lena's 1 answered on the PR, 2 already "
             "done, 3 is FN-215; the 3.4.1 version bump and changelog are not written or "
             "pushed.",
             must=(("89", "tests pass"), ("3401", "3.4.1", "not written", "not pushed")),
             partial_means="The fix without what remains.",
             wrong="Says 3.4.1 is released or the pinned sort is done.",
             stale_means="Says the database falls back to a destructive migration."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
FN-208 asked to fix a launch crash after the 3.4.0 update; I started with a destructive fallback, the user ruled it out for a real migration; two test failures followed; Lena reviewed PR #342.

Summary:
1. Primary Request and Intent:
   FN-208: Fieldnotes 3.4.0 crashes on launch for users upgrading from 3.3.x (1,870 crashes, 612 users): "A migration from 6 to 7 was required but not found". Fix it so 3.3.x users can update. Latest request (Lena's review of PR #342, with the user's take): (1) answer on the PR why not AutoMigration; (2) 5 -> 7 test, already there; (3) pinned notes first is FN-215, after the hotfix; (4) bump to versionCode 3401, versionName 3.4.1, with the Play changelog 3401.txt.
2. Key Technical Concepts:
   - Decision: a hand-written MIGRATION_6_7 in Migrations.kt, tested with MigrationTestHelper; this rules out a destructive migration (fallbackToDestructiveMigrationFrom(6)) with a backup of unsynced notes.
   - Room validates the migrated table against the entity, defaultValue compared as a string.
3. Files and Code Sections:
   - app/src/main/java/app/fieldnotes/data/Migrations.kt (edited): MIGRATION_6_7 adds pinned INTEGER NOT NULL DEFAULT 0 and updated_at, backfilled from created_at.
   - NotesDatabase.kt (edited): builds the Room database and now registers the new migration from Migrations.kt: addMigrations(MIGRATION_4_5, MIGRATION_5_6, MIGRATION_6_7).
   - app/build.gradle.kts (edited): app/schemas added to the test assets.
   - app/src/test/java/app/fieldnotes/data/MigrationTest.kt (new): migrate6To7KeepsNotes, migrate5To7.
   - DraftBackup.kt: created, then deleted when the user ruled out the destructive fallback.
4. Errors and fixes:
   - MigrationTestHelper: cannot find the schema file for version 6; fixed by the test assets in app/build.gradle.kts.
   - Room's "Migration didn't properly handle: notes" (defaultValue 'false' found, '0' expected); ./gradlew clean did not fix it; fixed by DEFAULT 0 in the ALTER TABLE.
5. Problem Solving:
   Lena's review found: AutoMigration (answered on #342: the backfill needs SQL); 5 -> 7 tested (already done, migrate5To7); pinned notes sort first (FN-215); the hotfix version and changelog (not written).
6. All user messages:
   - The FN-208 crash report.
   - "No destructive migration, not even with a backup ... Delete DraftBackup.kt."
   - "updated_at can't stay NULL ... Backfill it from created_at."
   - Lena's review of #342, with the user's take.
7. Pending Tasks:
   - versionCode 3401 and versionName 3.4.1 in app/build.gradle.kts, fastlane/metadata/android/en-US/changelogs/3401.txt, push to #342.
   - Pinned notes first later (FN-215).
8. Current Work:
   PR #342 is open; all 89 unit tests pass; the version bump is not written.
9. Optional Next Step:
   Set versionCode 3401 and versionName 3.4.1 in app/build.gradle.kts, write the 3401.txt changelog, run the tests, commit and push to #342."""
