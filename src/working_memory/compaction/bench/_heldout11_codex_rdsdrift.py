"""Held out, eleventh set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, Terraform: every plan in envs/prod wants to
move the orders database's engine_version from 15.5 back to 15.4, because RDS upgraded the
minor version and the module pins "15.4"; lifecycle ignore_changes on engine_version written,
then ruled out by the user (a major-version mismatch would go unseen) for a major-only
"15" with the parameter group family derived from it; a validation error from envs/prod,
which still passed "15.4"; a terratest failure that clearing the fixture's .terraform and
re-running did not fix and a new engine_version_actual output did; a moved.tf written for a
rename the assistant then reverted and deleted; a PR review with four points: one already
done, one answered on the PR, one a ticket, one pending (the CHANGELOG line's wording); the
assistant's last words name re-running a plan that already came back clean."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /home/ana/infra-live")
s.user(
    "INFRA-388: every terraform plan in envs/prod shows module.orders_db.aws_db_instance.this "
    "updating engine_version 15.5 -> 15.4. RDS did an auto minor upgrade last week. The module "
    "is modules/rds-postgres. Make the plan clean, and don't turn off minor upgrades."
)
s.call(
    "shell",
    'resource "aws_db_parameter_group" "this" {\n  name   = "${var.name}-pg"\n'
    '  family = "postgres15"\n}\n\nresource "aws_db_instance" "this" {\n'
    "  identifier                 = var.name\n"
    '  engine                     = "postgres"\n'
    "  engine_version             = var.engine_version\n"
    "  auto_minor_version_upgrade = true\n"
    "  parameter_group_name       = aws_db_parameter_group.this.name\n"
    "  backup_retention_period    = var.backup_retention_days\n}\n",
    command=["bash", "-lc", "cat modules/rds-postgres/main.tf"],
)
s.call(
    "shell",
    'variable "engine_version" {\n  type    = string\n  default = "15.4"\n}\n\n'
    'variable "backup_retention_days" {\n  type    = number\n  default = 7\n}\n',
    command=["bash", "-lc", "cat modules/rds-postgres/variables.tf"],
)
s.call(
    "shell",
    "  # module.orders_db.aws_db_instance.this will be updated in-place\n"
    '  ~ resource "aws_db_instance" "this" {\n'
    '      ~ engine_version = "15.5" -> "15.4"\n'
    '        id             = "orders-prod"\n    }\n\n'
    "Plan: 0 to add, 1 to change, 0 to destroy.\n",
    command=["bash", "-lc", "cd envs/prod && terraform plan -no-color | tail -8"],
)
s.say(
    'The module pins engine_version = "15.4" while auto_minor_version_upgrade = true lets AWS '
    "move the instance to 15.5, so every plan tries to downgrade it (and the apply would fail). "
    "Smallest fix: lifecycle { ignore_changes = [engine_version] } on aws_db_instance.this, so "
    "Terraform stops comparing the version after creation."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM modules/rds-postgres/main.tf\n",
    input="*** Begin Patch\n*** Update File: modules/rds-postgres/main.tf\n@@\n"
    "   backup_retention_period    = var.backup_retention_days\n"
    "+\n+  lifecycle {\n+    ignore_changes = [engine_version]\n+  }\n }\n*** End Patch\n",
)
s.user(
    "No ignore_changes. Then nobody sees when the module and the database disagree, and if "
    "someone bumps it to 16 the plan says nothing. The provider docs say that with "
    'auto_minor_version_upgrade you set only the major version. Make engine_version "15" and '
    "derive the parameter group family from it instead of hardcoding postgres15."
)
s.call(
    "shell",
    "",
    "Reverting the lifecycle block.",
    command=["bash", "-lc", "git checkout -- modules/rds-postgres/main.tf"],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM modules/rds-postgres/variables.tf\n"
    "M modules/rds-postgres/main.tf\n",
    input="*** Begin Patch\n*** Update File: modules/rds-postgres/variables.tf\n@@\n"
    ' variable "engine_version" {\n   type    = string\n-  default = "15.4"\n'
    '+  default = "15"\n+  validation {\n'
    '+    condition     = can(regex("^[0-9]+$", var.engine_version))\n'
    '+    error_message = "engine_version must be a major version only, like \\"15\\"; RDS '
    'manages the minor version."\n+  }\n }\n'
    "*** Update File: modules/rds-postgres/main.tf\n@@\n"
    '-  family = "postgres15"\n+  family = "postgres${var.engine_version}"\n*** End Patch\n',
)
s.call(
    "shell",
    "\u2577\n\u2502 Error: Invalid value for variable\n\u2502\n"
    '\u2502   on orders_db.tf line 6, in module "orders_db":\n'
    '\u2502    6:   engine_version = "15.4"\n\u2502\n'
    '\u2502 engine_version must be a major version only, like "15"; RDS manages the minor '
    "version.\n\u2575\n",
    command=["bash", "-lc", "cd envs/prod && terraform plan -no-color 2>&1 | tail -9"],
)
s.say(
    "The validation caught envs/prod/orders_db.tf, which passes its own engine_version = "
    '"15.4" to the module, so the default was never the one in use. Setting it to "15" there; '
    "envs/staging doesn't set it and takes the default."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM envs/prod/orders_db.tf\n",
    input="*** Begin Patch\n*** Update File: envs/prod/orders_db.tf\n@@\n"
    '-  engine_version = "15.4"\n+  engine_version = "15"\n*** End Patch\n',
)
s.call(
    "shell",
    "module.orders_db.aws_db_parameter_group.this: Refreshing state... [id=orders-prod-pg]\n"
    "module.orders_db.aws_db_instance.this: Refreshing state... [id=orders-prod]\n\n"
    "No changes. Your infrastructure matches the configuration.\n",
    command=["bash", "-lc", "cd envs/prod && terraform plan -no-color 2>&1 | tail -4"],
)
s.say(
    "envs/prod plans clean. While I'm in the module: modules/rds-mysql names its parameter "
    "group aws_db_parameter_group.pg, so I'll rename ours to match and add a moved.tf so the "
    "state follows."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM modules/rds-postgres/main.tf\n"
    "A modules/rds-postgres/moved.tf\n",
    input="*** Begin Patch\n*** Update File: modules/rds-postgres/main.tf\n@@\n"
    '-resource "aws_db_parameter_group" "this" {\n+resource "aws_db_parameter_group" "pg" {\n'
    "@@\n-  parameter_group_name       = aws_db_parameter_group.this.name\n"
    "+  parameter_group_name       = aws_db_parameter_group.pg.name\n"
    "*** Add File: modules/rds-postgres/moved.tf\n+moved {\n"
    "+  from = aws_db_parameter_group.this\n+  to   = aws_db_parameter_group.pg\n+}\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "  # module.orders_db.aws_db_parameter_group.this has moved to "
    "module.orders_db.aws_db_parameter_group.pg\n\n"
    "Plan: 0 to add, 0 to change, 0 to destroy.\n",
    command=["bash", "-lc", "cd envs/prod && terraform plan -no-color 2>&1 | tail -3"],
)
s.say(
    "The rename isn't part of INFRA-388, and it puts a move in every environment's next plan "
    "for nothing. Reverting the rename in main.tf and deleting moved.tf."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM modules/rds-postgres/main.tf\n"
    "D modules/rds-postgres/moved.tf\n",
    input="*** Begin Patch\n*** Update File: modules/rds-postgres/main.tf\n@@\n"
    '-resource "aws_db_parameter_group" "pg" {\n+resource "aws_db_parameter_group" "this" {\n'
    "@@\n-  parameter_group_name       = aws_db_parameter_group.pg.name\n"
    "+  parameter_group_name       = aws_db_parameter_group.this.name\n"
    "*** Delete File: modules/rds-postgres/moved.tf\n*** End Patch\n",
)
s.call(
    "shell",
    "--- FAIL: TestRdsPostgres (412.37s)\n"
    '    rds_postgres_test.go:44: expected engine_version "15.4", got "15"\n'
    "FAIL\nFAIL\tgithub.com/acme/infra-live/test\t412.511s\n",
    command=["bash", "-lc", "cd test && go test -run TestRdsPostgres -timeout 30m ."],
)
s.say(
    "That may be a stale fixture: test/fixtures/rds-postgres still has a .terraform from an "
    "older module version. Clearing it and running again without the cache."
)
s.call(
    "shell",
    "--- FAIL: TestRdsPostgres (398.02s)\n"
    '    rds_postgres_test.go:44: expected engine_version "15.4", got "15"\n'
    "FAIL\nFAIL\tgithub.com/acme/infra-live/test\t398.190s\n",
    command=[
        "bash",
        "-lc",
        "rm -rf test/fixtures/rds-postgres/.terraform && cd test && "
        "go test -count=1 -run TestRdsPostgres -timeout 30m .",
    ],
)
s.call(
    "shell",
    '42:\tgot := terraform.Output(t, opts, "engine_version")\n'
    '43:\tif got != "15.4" {\n'
    '44:\t\tt.Fatalf("expected engine_version %q, got %q", "15.4", got)\n',
    command=[
        "bash",
        "-lc",
        "sed -n '40,46p' test/rds_postgres_test.go && cat modules/rds-postgres/outputs.tf",
    ],
)
s.say(
    "Not the fixture: the test reads the module's engine_version output, which echoes the "
    'input, and compares it to "15.4". What it means to check is the running version. Adding '
    "an engine_version_actual output (aws_db_instance.this.engine_version_actual) and making "
    'the test assert that it starts with "15.".'
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM modules/rds-postgres/outputs.tf\n"
    "M test/rds_postgres_test.go\n",
    input="*** Begin Patch\n*** Update File: modules/rds-postgres/outputs.tf\n@@\n"
    '+output "engine_version_actual" {\n'
    '+  description = "The running version, minor included (RDS upgrades it)."\n'
    "+  value       = aws_db_instance.this.engine_version_actual\n+}\n"
    "*** Update File: test/rds_postgres_test.go\n@@\n"
    '-\tgot := terraform.Output(t, opts, "engine_version")\n-\tif got != "15.4" {\n'
    '+\tgot := terraform.Output(t, opts, "engine_version_actual")\n'
    '+\tif !strings.HasPrefix(got, "15.") {\n*** End Patch\n',
)
s.call(
    "shell",
    "ok  \tgithub.com/acme/infra-live/test\t405.884s\n",
    command=["bash", "-lc", "cd test && go test -count=1 -run TestRdsPostgres -timeout 30m ."],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM modules/rds-postgres/CHANGELOG.md\n",
    input="*** Begin Patch\n*** Update File: modules/rds-postgres/CHANGELOG.md\n@@\n"
    " ## Unreleased\n+- Pin the engine version to stop plan drift (INFRA-388).\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "No changes. Your infrastructure matches the configuration.\n"
    "[infra-388-major-only 6c1e0d2] rds-postgres: major-only engine_version (INFRA-388)\n"
    " 6 files changed, 24 insertions(+), 5 deletions(-)\n"
    "https://github.com/acme/infra-live/pull/231\n",
    command=[
        "bash",
        "-lc",
        "terraform fmt -check -recursive && (cd envs/prod && terraform plan -no-color | tail "
        "-1) && git checkout -b infra-388-major-only && git commit "
        "-am 'rds-postgres: major-only engine_version (INFRA-388)' && git push -u origin HEAD "
        "&& gh pr create --fill",
    ],
)
s.say(
    'Pushed as PR #231: engine_version takes a major version only ("15", with a validation), '
    'the parameter group family is postgres${var.engine_version}, envs/prod passes "15", and '
    "the new engine_version_actual output is what TestRdsPostgres checks. envs/prod plans "
    "with no changes."
)
s.user(
    "Priya reviewed #231:\n"
    "1. dashboards need the running minor version now that the input is only the major, "
    "can the module output it?\n"
    "2. 7 days of backups is too short for a production database\n"
    "3. add an allow_major_version_upgrade variable so 15 -> 16 can go through terraform\n"
    "4. the CHANGELOG line says we pin the engine version. We do the opposite now, the minor "
    "version floats. Reword it.\n"
    "Mine: 1 I think you already did that, check. 2 prod already sets 14 in "
    "envs/prod/terraform.tfvars, 7 is the dev default; answer her on the PR, no change. 3 is "
    "INFRA-412, not in this PR. 4 yes."
)
s.call(
    "shell",
    'output "engine_version_actual" {\n'
    '  description = "The running version, minor included (RDS upgrades it)."\n'
    "  value       = aws_db_instance.this.engine_version_actual\n}\n"
    "backup_retention_days = 14\n",
    command=[
        "bash",
        "-lc",
        "grep -A3 engine_version_actual modules/rds-postgres/outputs.tf && grep "
        "backup_retention envs/prod/terraform.tfvars",
    ],
)
s.call(
    "shell",
    "https://github.com/acme/infra-live/pull/231#issuecomment-2291840\n",
    "Answering (1) and (2) on the PR.",
    command=["bash", "-lc", "gh pr comment 231 --body-file /tmp/pr231.md"],
    body="(1) Already there: engine_version_actual is the running version, minor included. "
    "(2) Prod keeps 14 days: envs/prod/terraform.tfvars sets backup_retention_days = 14; the "
    "module's default of 7 is for dev and staging. (3) is INFRA-412.",
)
s.say(
    "(1) was already done: the engine_version_actual output has the running minor version. "
    "(2) is answered on #231: prod sets 14 days in envs/prod/terraform.tfvars. (3) is left to "
    "INFRA-412."
)
s.say("Next: re-run terraform plan in envs/prod to confirm the plan is clean for orders_db.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "INFRA-388: every terraform plan in envs/prod wants to move "
             "module.orders_db.aws_db_instance.this's engine_version from 15.5 back to 15.4 "
             "after an RDS auto minor upgrade; make the plan clean in modules/rds-postgres "
             "without turning off minor upgrades.",
             must=(("engine_version", "15.5", "minor upgrade", "drift"),
                   ("plan", "rds-postgres", "infra-388")),
             partial_means="The module or the ticket named without the version drift, or the "
                           "reverse.",
             wrong="Upgrading Postgres to 16; a backup retention change."),
    Question("latest_request", "What did the user last ask?",
             "Priya's review of PR #231 with the user's answers: (1) check that the running "
             "version is already an output; (2) answer on the PR that prod sets 14 days, no "
             "change; (3) allow_major_version_upgrade is INFRA-412, not this PR; (4) reword "
             "the CHANGELOG line, the minor version floats now.",
             must=(("changelog", "reword"), ("14", "infra-412", "answer her")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "priya", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Adding allow_major_version_upgrade now; raising the default backup "
                   "retention.",
             stale_means="The no-ignore_changes correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Reword the CHANGELOG.md line in modules/rds-postgres (it says the engine version "
             "is pinned; it now takes a major version only and the minor version floats), "
             "then commit and push to PR #231. The plan in envs/prod already shows no changes.",
             must=(("changelog",), ("reword", "floats", "major version only", "opposite")),
             stale=("re-run terraform plan", "ignore_changes", "moved.tf",
                    "allow_major_version_upgrade"),
             partial_means="Says to push or commit without the CHANGELOG wording.",
             wrong="Raising backup_retention_days; adding the major upgrade variable.",
             stale_means="Says to re-run the prod plan to confirm the diff is gone (it already "
                         "came back clean), or to add ignore_changes."),
    Question("files_edited", "Which files were changed, and why?",
             "modules/rds-postgres/variables.tf (engine_version default \"15\" with a "
             "major-only validation); modules/rds-postgres/main.tf (family = "
             "postgres${var.engine_version}); envs/prod/orders_db.tf (engine_version \"15\"); "
             "modules/rds-postgres/outputs.tf (engine_version_actual); "
             "test/rds_postgres_test.go (asserts the actual version starts with 15.); "
             "modules/rds-postgres/CHANGELOG.md. moved.tf was created and deleted; the "
             "ignore_changes block and the parameter group rename were reverted.",
             must=(("variables.tf",), ("orders_db.tf",),
                   ("outputs.tf", "rds_postgres_test.go")),
             stale=("moved.tf",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="envs/prod/terraform.tfvars given as edited.",
             stale_means="moved.tf listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "engine_version takes a major version only (\"15\", enforced by a validation) and "
             "the parameter group family is derived from it, so RDS manages the minor version "
             "and the plan stays clean; rules out lifecycle ignore_changes on engine_version "
             "(a module/database mismatch would go unseen) and turning off minor upgrades.",
             must=(("major version only", "major-only", "major version"),
                   ("ignore_changes",)),
             stale=("lifecycle { ignore_changes = [engine_version] } on aws_db_instance.this",
                    "smallest fix"),
             partial_means="The major-only version without what it rules out.",
             wrong="Pinning 15.5; turning auto_minor_version_upgrade off.",
             stale_means="ignore_changes on engine_version given as the design."),
    Question("review", "What did the review find?",
             "Priya on #231: (1) output the running minor version (already done, "
             "engine_version_actual); (2) 7 days of backups is too short for production "
             "(answered on the PR: prod sets 14); (3) an allow_major_version_upgrade variable "
             "(INFRA-412); (4) the CHANGELOG line says pinned, reword it (pending).",
             must=(("running", "engine_version_actual", "minor version"),
                   ("7 days", "backups", "14"), ("allow_major_version_upgrade", "infra-412"),
                   ("changelog",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "priya", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The terratest failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No ignore_changes: nobody would see when the module and the database disagree, "
             "or a bump to 16; set engine_version to the major version \"15\" and derive the "
             "parameter group family instead of hardcoding postgres15.",
             must=(("ignore_changes",), ("major version", "derive", "family", "disagree")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No ignore_changes without what to do instead, or the reverse.",
             wrong="The validation error given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "terraform plan in envs/prod: Invalid value for variable (engine_version must be "
             "a major version only), because orders_db.tf passed \"15.4\"; fixed by setting "
             "\"15\" there. TestRdsPostgres: expected engine_version \"15.4\", got \"15\"; "
             "clearing the fixture's .terraform and re-running did not fix it; fixed by the "
             "engine_version_actual output and asserting it starts with 15.",
             must=(("testrdspostgres", "got \"15\"", "rds_postgres_test"),
                   ("engine_version_actual",)),
             stale=("fixed by clearing", "fixed by rm -rf", "fixed by re-running",
                    "fixed by -count=1", "stale fixture"),
             partial_means="One of the two errors, or the errors without their fixes.",
             wrong="A state lock error; an AWS credentials error.",
             stale_means="The test failure 'fixed' by clearing .terraform or re-running "
                         "without the cache."),
    Question("key_values", "Which key values matter?",
             "engine_version \"15\" (was \"15.4\", running 15.5); PR #231; INFRA-388 and "
             "INFRA-412; 14 days of backups in prod, 7 the default.",
             must=(("15.5", "15.4"), ("#231", "infra-412")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "modules/rds-postgres/main.tf holds aws_db_instance.this and the parameter group; "
             "variables.tf the engine_version input and its validation; envs/prod/orders_db.tf "
             "calls the module for prod; outputs.tf the module's outputs; "
             "test/rds_postgres_test.go is the terratest; envs/prod/terraform.tfvars sets "
             "backup_retention_days = 14.",
             must=(("orders_db.tf", "terraform.tfvars"), ("prod",),
                   ("variables.tf", "outputs.tf", "rds_postgres_test.go")),
             partial_means="The files named without what they hold.",
             wrong="moved.tf as the state migration."),
    Question("pending", "What work is still pending?",
             "Reword the CHANGELOG line (Priya's 4), commit and push to #231; the "
             "allow_major_version_upgrade variable later in INFRA-412.",
             must=(("changelog",), ("infra-412", "push", "commit")),
             partial_means="The CHANGELOG wording without the rest, or the reverse.",
             wrong="The engine_version_actual output or the backup reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #231 is open with the major-only engine_version; envs/prod plans with no "
             "changes and TestRdsPostgres passes; Priya's 1 was already done, 2 answered on "
             "the PR, 3 is INFRA-412; the CHANGELOG reword is not written or pushed.",
             must=(("no changes", "testrdspostgres"),
                   ("changelog", "not pushed", "not written")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or applied to prod.",
             stale_means="Says ignore_changes is in the module."),
)  # fmt: skip

PRODUCTION = """Summary so far: INFRA-388: terraform plan in envs/prod kept trying to move module.orders_db.aws_db_instance.this from engine_version 15.5 back to 15.4 after an RDS auto minor upgrade. I first added lifecycle ignore_changes on engine_version; the user ruled it out (a module/database mismatch or a bump to 16 would go unseen), reverted.
Decision: engine_version is a major version only ("15", enforced by a validation in modules/rds-postgres/variables.tf) and the parameter group family is postgres${var.engine_version} in main.tf, so RDS manages the minor version.
Errors: the prod plan failed with Invalid value for variable because envs/prod/orders_db.tf passed "15.4"; fixed by setting "15" there, and the plan now shows No changes. TestRdsPostgres failed (expected "15.4", got "15"); clearing the fixture's .terraform did not help; fixed by a new engine_version_actual output in outputs.tf and asserting it starts with "15.". A parameter group rename with moved.tf was reverted and moved.tf deleted.
PR #231 is open. Priya's review: running version output (already done, engine_version_actual); 7 days of backups too short (answered on the PR, prod sets 14); allow_major_version_upgrade is INFRA-412; the CHANGELOG line says pinned, reword it.
Next: reword the CHANGELOG.md line (minor version floats, major version only), then commit and push to #231."""
