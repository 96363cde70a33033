"""Held out (written after the offline handoff was last tuned). Claude Code: a --dry-run flag
for a deploy script; a region error fixed in the config, a security review by a subagent, an old
script removed, a masking function written last."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Claude Code, Anthropic's CLI for Claude. Working directory: /srv/shipit")
s.user(
    "Add a --dry-run flag to deploy/cli.py: it should show what a deploy would change without "
    "touching AWS. Also delete scripts/old_deploy.sh, nobody uses it."
)
s.call(
    "Read",
    "     1→import boto3\n     2→from .plan import build_plan, apply_plan\n     3→\n"
    "    10→def main(argv=None):\n    11→    args = parser.parse_args(argv)\n"
    "    12→    session = boto3.Session(profile_name=args.profile)\n"
    "    13→    plan = build_plan(session, args.stack)\n    14→    apply_plan(session, plan)\n",
    file_path="/srv/shipit/deploy/cli.py",
)
s.call(
    "Bash",
    "",
    command="git rm scripts/old_deploy.sh",
    description="Remove the unused script",
)
s.say(
    "Approach: with --dry-run, build the plan as usual and print it with print_plan() instead "
    "of calling apply_plan(). I considered a mock boto3 client for dry runs, but that would hide "
    "real permission problems, so no mock."
)
s.call(
    "Edit",
    "The file /srv/shipit/deploy/cli.py has been updated.",
    file_path="/srv/shipit/deploy/cli.py",
    old_string="    apply_plan(session, plan)\n",
    new_string="    if args.dry_run:\n        print_plan(plan)\n        return 0\n    apply_plan(session, plan)\n",
)
s.user(
    "Dry run must still check the credentials: call sts get-caller-identity first so a dry run "
    "fails the same way a real deploy would when the role is wrong."
)
s.call(
    "Edit",
    "The file /srv/shipit/deploy/cli.py has been updated.",
    file_path="/srv/shipit/deploy/cli.py",
    old_string="    plan = build_plan(session, args.stack)\n",
    new_string="    session.client('sts').get_caller_identity()\n    plan = build_plan(session, args.stack)\n",
)
s.call(
    "Bash",
    "FAILED tests/test_cli.py::test_dry_run_prints_plan - botocore.exceptions.NoRegionError: "
    "You must specify a region.\n1 failed, 41 passed in 2.10s",
    command="pytest tests/test_cli.py -q",
    description="Run the CLI tests",
)
s.say(
    "The sts client needs a region and the test profile has none. The deploy config already has "
    "aws_region (default eu-west-1); passing region_name=config.aws_region to boto3.Session fixes it."
)
s.call(
    "Edit",
    "The file /srv/shipit/deploy/cli.py has been updated.",
    file_path="/srv/shipit/deploy/cli.py",
    old_string="    session = boto3.Session(profile_name=args.profile)\n",
    new_string="    session = boto3.Session(profile_name=args.profile, region_name=config.aws_region)\n",
)
s.call(
    "Bash",
    "..........................................\n42 passed in 2.04s",
    command="pytest tests/test_cli.py -q",
    description="Run the CLI tests",
)
s.call(
    "Task",
    "Security review: print_plan() prints each task's environment verbatim, including "
    "DATABASE_PASSWORD and STRIPE_SECRET_KEY from the task definitions. A dry run in CI would "
    "leak them to the build log. Mask values whose names end in _PASSWORD, _SECRET, _KEY or "
    "_TOKEN.",
    "Asking a subagent for a security review of the dry-run output.",
    description="Security review of dry run",
    prompt="Review deploy/plan.py print_plan for anything sensitive in its output.",
    subagent_type="security-reviewer",
)
s.call(
    "Write",
    "File created successfully at: /srv/shipit/deploy/masking.py",
    "The review found secrets in the printed plan. Writing mask_secrets() to replace sensitive "
    "values with '****' before printing.",
    file_path="/srv/shipit/deploy/masking.py",
    content="SENSITIVE_SUFFIXES = ('_PASSWORD', '_SECRET', '_KEY', '_TOKEN')\n\n"
    "def mask_secrets(env):\n    return {k: '****' if k.endswith(SENSITIVE_SUFFIXES) else v "
    "for k, v in env.items()}\n",
)
s.say("Let me look at print_plan in deploy/plan.py now:")
s.call(
    "Read",
    "    40→def print_plan(plan):\n    41→    for task in plan.tasks:\n"
    "    42→        print(task.name, task.image, task.environment)\n",
    file_path="/srv/shipit/deploy/plan.py",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Add --dry-run to deploy/cli.py showing what a deploy would change without touching "
             "AWS; delete scripts/old_deploy.sh.",
             must=(("dry-run", "dry run"), ("deploy",))),
    Question("latest_request", "What did the user last ask?",
             "A dry run must still check the credentials with sts get-caller-identity.",
             must=(("get-caller-identity", "get_caller_identity", "sts"), ("credential", "role"))),
    Question("next_step", "What exactly is the next step?",
             "Use mask_secrets() in print_plan (deploy/plan.py) so the printed environment is "
             "masked, then test it.",
             must=(("mask_secrets", "mask"), ("print_plan", "plan.py")),
             stale=("look at print_plan",)),
    Question("files_edited", "Which files were changed, and why?",
             "deploy/cli.py (dry-run branch, sts check, region_name), deploy/masking.py "
             "(created: mask_secrets); scripts/old_deploy.sh deleted.",
             must=(("cli.py",), ("masking.py",)), stale=("old_deploy.sh",), spread=True),
    Question("decisions", "What was decided, and what does it rule out?",
             "Dry run builds the real plan and prints it with print_plan instead of apply_plan; "
             "no mock boto3 client (it would hide permission problems).",
             must=(("print_plan", "print the plan", "prints the plan"), ("mock",))),
    Question("review", "What did the review find?",
             "print_plan prints task environments verbatim, leaking DATABASE_PASSWORD and "
             "STRIPE_SECRET_KEY to CI logs; mask *_PASSWORD/_SECRET/_KEY/_TOKEN.",
             must=(("password", "secret", "leak"), ("print_plan", "environment", "log", "plan"))),
    Question("corrections", "How did the user correct the agent?",
             "The dry run must still validate credentials via sts get-caller-identity.",
             must=(("get-caller-identity", "get_caller_identity", "sts", "credential"),)),
    Question("errors", "Which errors occurred, and what fixed each?",
             "botocore NoRegionError in test_dry_run_prints_plan; fixed by passing "
             "region_name=config.aws_region to boto3.Session.",
             must=(("noregionerror", "specify a region"), ("region_name", "aws_region")),
             stale=("fixed by: $ pytest", "fixed by $ pytest")),
    Question("key_values", "Which key values matter?",
             "Default region eu-west-1; 42 tests pass; masked suffixes _PASSWORD, _SECRET, _KEY, "
             "_TOKEN.", must=(("42",), ("eu-west-1", "_password", "_token")), spread=True),
    Question("file_roles", "What is each file for?",
             "deploy/cli.py the entry point; deploy/plan.py build_plan/apply_plan/print_plan; "
             "deploy/masking.py mask_secrets.",
             must=(("plan.py",), ("print_plan", "build_plan", "apply_plan"))),
    Question("pending", "What work is still pending?",
             "Wire mask_secrets into print_plan and test the masked output.",
             must=(("mask",), ("print_plan", "plan.py", "test"))),
    Question("state", "What is the state of the work?",
             "Dry run with the sts check works and 42 tests pass; masking.py written but not used "
             "by print_plan and untested; nothing committed.",
             must=(("mask", "masking.py"), ("not used", "untested", "not yet", "not wired",
                                             "uncommitted", "not run"))),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
The user asked for a --dry-run flag on the deploy CLI and the removal of an unused script; later the user required that dry runs still validate credentials.

Summary:
1. Primary Request and Intent:
   Add --dry-run to deploy/cli.py: show what a deploy would change without touching AWS. Delete scripts/old_deploy.sh.
2. Key Technical Concepts:
   - Dry run builds the real plan and prints it with print_plan() instead of apply_plan(); a mock boto3 client was rejected because it would hide real permission problems.
   - Dry runs call sts get_caller_identity() first so a wrong role fails as a real deploy would.
3. Files and Code Sections:
   - deploy/cli.py: edited; dry-run branch, the sts check, boto3.Session(..., region_name=config.aws_region).
   - deploy/masking.py: created; mask_secrets(env) replaces values of keys ending in _PASSWORD, _SECRET, _KEY, _TOKEN with '****'.
   - deploy/plan.py: build_plan, apply_plan, print_plan (prints task.environment verbatim).
   - scripts/old_deploy.sh: deleted with git rm.
4. Errors and fixes:
   - botocore NoRegionError ("You must specify a region") in test_dry_run_prints_plan: the test profile has no region; fixed by passing region_name=config.aws_region (default eu-west-1). 42 tests pass.
5. Problem Solving:
   The security-reviewer subagent found that print_plan() prints task environments verbatim, leaking DATABASE_PASSWORD and STRIPE_SECRET_KEY into CI logs.
6. All user messages:
   - "Add a --dry-run flag to deploy/cli.py ... Also delete scripts/old_deploy.sh, nobody uses it."
   - "Dry run must still check the credentials: call sts get-caller-identity first ..."
7. Pending Tasks:
   - Use mask_secrets() in print_plan and add a test for the masked output.
8. Current Work:
   mask_secrets is written in deploy/masking.py but not yet used by print_plan and untested; nothing committed.
9. Optional Next Step:
   Call mask_secrets(task.environment) in print_plan (deploy/plan.py), then add a test that a dry run prints '****' for secrets."""
